"""Render the diagnostics of checked files: concise, full text, and JSON (INTERFACES.md).

Takes: `FileResult`s (a path, the text that was read, its diagnostics). Produces: strings.
Guarantees: output is deterministic and byte-identical across runs: files in the order given,
diagnostics sorted by position, then code, then the order they were reported in; JSON keys in
a fixed order. Only the words a person reads change with the language (each diagnostic's
message and hint, the `hint:` label, the summary line): the JSON is the same in every
language apart from `message` and `hint`.

- concise: `file:line:col: CODE message`, one line per diagnostic;
- text (full): the concise line, the source line, `^^^` under the span, then `hint: ...`;
  then a summary line; given `paint=style.ansi`, the location, the code and the caret in the
  colour of the severity, and the hint's label (the command line prints it so on a terminal);
- json: `{"files": [{"path", "accepted", "diagnostics": [...]}]}`.

`lopti_rules.diagnostics.sarif.to_sarif` (written with the checker) reads the same `FileResult`s.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from lopti_rules.diagnostics.source import Diagnostic
from lopti_rules.diagnostics.style import Paint, plain
from lopti_rules.i18n import _, ngettext


@dataclass(frozen=True, slots=True)
class FileResult:
    """One checked file: its path, the text read from it, and every diagnostic about it.
    A pack's result also holds diagnostics in its rule files: `others` keeps their texts
    as (path, text) pairs so each diagnostic is shown under its own source line."""

    path: str
    text: str
    diagnostics: tuple[Diagnostic, ...]
    others: tuple[tuple[str, str], ...] = ()

    @property
    def accepted(self) -> bool:
        """True when no diagnostic is an error (warnings are allowed)."""
        return not any(d.is_error for d in self.diagnostics)

    def sorted_diagnostics(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=Diagnostic.sort_key)

    def line(self, number: int, file: str | None = None) -> str:
        """The 1-based line `number` of this file, or of `file` when it is one of `others`
        (to show many lines, `Lines` splits each text once)."""
        return Lines(self).line(number, file)


class Lines:
    """The lines of a result's texts, each text split once, when first needed (so the text
    output of many diagnostics stays linear in the size of the files)."""

    __slots__ = ("_result", "_split")

    def __init__(self, result: FileResult) -> None:
        self._result = result
        self._split: dict[str, list[str]] = {}

    def line(self, number: int, file: str | None = None) -> str:
        result = self._result
        path = result.path if file is None else file
        lines = self._split.get(path)
        if lines is None:
            text = result.text if path == result.path else dict(result.others).get(path, "")
            lines = self._split[path] = text.split("\n")
        return lines[number - 1].rstrip("\r") if 0 < number <= len(lines) else ""


def concise_line(d: Diagnostic, paint: Paint = plain) -> str:
    where = paint(f"{d.file}:{d.span.line}:{d.span.column}:", "location")
    return f"{where} {paint(d.code, _severity(d))} {d.message}"


def _severity(d: Diagnostic) -> str:
    return "error" if d.is_error else "warning"


def concise(results: Sequence[FileResult], paint: Paint = plain) -> str:
    return "".join(concise_line(d, paint) + "\n" for r in results for d in r.sorted_diagnostics())


def _caret(lines: Lines, d: Diagnostic, paint: Paint) -> list[str]:
    source_line = lines.line(d.span.line, d.file)
    if not source_line and d.span.column <= 1:
        return []
    start = max(d.span.column, 1)
    end = d.span.end_column if d.span.end_line == d.span.line else len(source_line) + 1
    width = max(end - start, 1)
    # keep tabs in the padding so the caret lines up under tab-indented text
    pad = "".join("\t" if ch == "\t" else " " for ch in source_line[: start - 1])
    pad += " " * max(start - 1 - len(source_line), 0)
    return [f"  {source_line}", f"  {pad}{paint('^' * width, _severity(d))}"]


def full(results: Sequence[FileResult], paint: Paint = plain) -> str:
    out: list[str] = []
    for result in results:
        lines = Lines(result)
        for d in result.sorted_diagnostics():
            out.append(concise_line(d, paint))
            out.extend(_caret(lines, d, paint))
            if d.hint:
                label = _("hint:")
                out.append(f"  {paint(label, 'hint')} {d.hint}")
            out.append("")
    out.append(summary(results))
    return "\n".join(out) + "\n"


def summary(results: Sequence[FileResult]) -> str:
    errors = sum(d.is_error for r in results for d in r.diagnostics)
    warnings = sum(not d.is_error for r in results for d in r.diagnostics)
    rejected = sum(not r.accepted for r in results)
    checked = ngettext("{n} file checked", "{n} files checked", len(results))
    verdict = (
        ngettext("{n} file rejected", "{n} files rejected", rejected).format(n=rejected)
        if rejected
        else _("all accepted")
    )
    counts = ngettext("{n} error", "{n} errors", errors).format(n=errors)
    counts += ", " + ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
    return _("{checked}: {verdict} ({counts})").format(
        checked=checked.format(n=len(results)), verdict=verdict, counts=counts
    )


def to_json(results: Sequence[FileResult]) -> dict[str, object]:
    return {
        "files": [
            {
                "path": r.path,
                "accepted": r.accepted,
                "diagnostics": [d.to_json() for d in r.sorted_diagnostics()],
            }
            for r in results
        ]
    }


def json_text(results: Sequence[FileResult]) -> str:
    return json.dumps(to_json(results), indent=2, ensure_ascii=False) + "\n"
