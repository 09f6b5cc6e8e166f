"""Source text, spans and diagnostics shared by every stage of the pipeline.

A `Source` holds one rule file's text and the path it came from (or a pseudo path such as
`<string>`); every stage that reads it (the parser, the checker) appends `Diagnostic`s to it
instead of raising, so a single run reports every problem. Positions are 1-based and counted
in code points; a span's end is exclusive.

`line_offset` and `column_offset` let text embedded in another file (a rule pack's inline
`text:`) report positions in the outer file's own lines and columns. Where no constant offset
will do (a quoted YAML scalar, whose escapes such as `\"` or `\n` take more room in the file
than in the text), a `PositionMap` places every column of the text in the outer file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lopti_rules.diagnostics.codes import Severity as Severity  # re-exported
from lopti_rules.diagnostics.codes import severity_of


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A region of source text: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @staticmethod
    def point(line: int, column: int) -> Span:
        return Span(line, column, line, column + 1)

    def cover(self, other: Span) -> Span:
        """The smallest span holding both."""
        start = min((self.line, self.column), (other.line, other.column))
        end = max((self.end_line, self.end_column), (other.end_line, other.end_column))
        return Span(start[0], start[1], end[0], end[1])


@dataclass(frozen=True, slots=True)
class PositionMap:
    """Where each column of an embedded text sits in the enclosing file.

    `lines[i][j]` is the outer (line, column) of column j+1 of the text's line i+1; each line
    has one entry more than it has characters, for the position just past its end (where an
    exclusive span end or an "end of the line" error points). Positions past a line's end
    continue from that last entry; lines past the last continue from the last line."""

    lines: tuple[tuple[tuple[int, int], ...], ...]

    def place(self, line: int, column: int) -> tuple[int, int]:
        if not self.lines:
            return (line, column)
        row = self.lines[min(max(line, 1), len(self.lines)) - 1]
        if 1 <= column <= len(row):
            return row[column - 1]
        outer_line, outer_column = row[-1]
        return (outer_line, outer_column + max(column, 1) - len(row))

    def outer(self, span: Span) -> Span:
        line, column = self.place(span.line, span.column)
        end_line, end_column = self.place(span.end_line, span.end_column)
        return Span(line, column, end_line, end_column)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a source: what, where, and what to do about it.

    `message` and `hint` are written in the language in use when the diagnostic is built:
    each stage reports `_("unknown event `{name}`").format(name=...)`, a message id with
    named arguments, translated there (see docs/translating.md); everything else (the code,
    the severity, the span, the file) is the same in every language."""

    code: str
    severity: Severity
    span: Span
    message: str
    hint: str | None = None
    file: str = "<string>"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple[str, int, int, str]:
        """Position, then code; ties keep the order they were reported in (a stable sort), so
        the order never depends on the language the message is written in."""
        return (self.file, self.span.line, self.span.column, self.code)

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "code": self.code,
            "severity": self.severity.value,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "message": self.message,
            "hint": self.hint,
        }


@dataclass(slots=True)
class Source:
    """A rule file's text and path, and the diagnostics every stage found in it."""

    text: str
    path: str = "<string>"
    line_offset: int = 0
    column_offset: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # when set, places positions instead of the two offsets (which then only approximate)
    position_map: PositionMap | None = None
    # the text's lines, split once when first asked for (`line_text`), with the text they
    # were split from: a check that quotes many lines of a big file stays linear
    _lines: tuple[str, list[str]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def report(
        self,
        code: str,
        span: Span,
        message: str,
        hint: str | None = None,
        severity: Severity | None = None,
    ) -> Diagnostic:
        """Record a diagnostic; severity defaults to the code's registered one."""
        diag = Diagnostic(
            code=code,
            severity=severity if severity is not None else severity_of(code),
            span=self.outer(span),
            message=message,
            hint=hint,
            file=self.path,
        )
        self.diagnostics.append(diag)
        return diag

    def fresh(self) -> Source:
        """A copy without diagnostics (to check the same text again, with other rules)."""
        return Source(
            self.text,
            self.path,
            self.line_offset,
            self.column_offset,
            position_map=self.position_map,
        )

    def outer(self, span: Span) -> Span:
        """Translate a span in this text to the enclosing file's coordinates."""
        if self.position_map is not None:
            return self.position_map.outer(span)
        if not self.line_offset and not self.column_offset:
            return span
        col = self.column_offset
        return Span(
            span.line + self.line_offset,
            span.column + col,
            span.end_line + self.line_offset,
            span.end_column + col,
        )

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics)

    def sorted_diagnostics(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=Diagnostic.sort_key)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line of this source (not offset), or '' past the end."""
        split = self._lines
        if split is None or split[0] is not self.text:
            split = self._lines = (self.text, self.text.splitlines())
        lines = split[1]
        return lines[line - 1] if 0 < line <= len(lines) else ""
