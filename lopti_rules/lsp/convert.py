"""`lopti check`'s diagnostics as LSP diagnostics, in the client's position encoding.

Takes a `Checked` document and the document's position codec (pygls', UTF-16 unless the
client asked for another). Spans are 1-based code points with an exclusive end; LSP ranges
are 0-based, in UTF-16 code units by default, so a line with an emoji or an accented
letter before the mistake moves the columns the client sees. Each diagnostic carries its
code, `lopti check`'s message word for word, a link to the code's page, in `data` its hint
(hover shows it) and the quick fix's text, and for LR203 the cycle's other hooks as related
information.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from lsprotocol import types

from lopti_rules.diagnostics.source import Diagnostic, Severity, Span
from lopti_rules.language.resources import code_page_path
from lopti_rules.lsp.diagnose import Checked
from lopti_rules.lsp.fixes import fix

SOURCE_NAME = "lopti"


class Codec(Protocol):
    def client_num_units(self, string: str) -> int: ...


class Lines:
    """A text's lines, for turning code-point columns into client units and back."""

    def __init__(self, text: str, codec: Codec) -> None:
        self.lines = text.splitlines()
        self.codec = codec

    def position(self, line: int, column: int) -> types.Position:
        """A 1-based (line, code-point column) as an LSP position."""
        if line > len(self.lines):
            return types.Position(line=len(self.lines), character=0)
        text = self.lines[line - 1] if line >= 1 else ""
        return types.Position(
            line=max(line - 1, 0), character=self.codec.client_num_units(text[: column - 1])
        )

    def range(self, span: Span) -> types.Range:
        return types.Range(
            start=self.position(span.line, span.column),
            end=self.position(span.end_line, span.end_column),
        )

    def column(self, position: types.Position) -> int:
        """An LSP position's 1-based code-point column on its line."""
        text = self.lines[position.line] if position.line < len(self.lines) else ""
        units = 0
        for index, char in enumerate(text):
            if units >= position.character:
                return index + 1
            units += self.codec.client_num_units(char)
        return len(text) + 1


def to_lsp(checked: Checked, codec: Codec, uri: str) -> list[types.Diagnostic]:
    lines = Lines(checked.text, codec)
    return [_one(d, checked, lines, uri) for d in checked.diagnostics]


def _one(d: Diagnostic, checked: Checked, lines: Lines, uri: str) -> types.Diagnostic:
    page = code_page_path(d.code)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=uri if r.path == checked.path else Path(r.path).resolve().as_uri(),
                range=(lines if r.path == checked.path else _other(r.path, lines.codec)).range(
                    r.span
                ),
            ),
            message=r.message,
        )
        for r in checked.related.get(d, [])
    ]
    found = fix(d, checked.text)
    quick = None
    if found is not None:
        quick = {"text": found.text, "range": _json_range(lines.range(found.span))}
    return types.Diagnostic(
        range=lines.range(d.span),
        message=d.message,
        severity=(
            types.DiagnosticSeverity.Error
            if d.severity is Severity.ERROR
            else types.DiagnosticSeverity.Warning
        ),
        code=d.code,
        code_description=(
            types.CodeDescription(href=page.resolve().as_uri()) if page.is_file() else None
        ),
        source=SOURCE_NAME,
        related_information=related or None,
        data={"hint": d.hint, "fix": quick},
    )


def _json_range(r: types.Range) -> dict[str, dict[str, int]]:
    return {
        "start": {"line": r.start.line, "character": r.start.character},
        "end": {"line": r.end.line, "character": r.end.character},
    }


def _other(path: str, codec: Codec) -> Lines:
    """Another file's lines (a rule in force from the table's pack)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    return Lines(text, codec)
