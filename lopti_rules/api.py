"""The Python API of `lopti check`: parse rule files, then check them, and collect diagnostics.

Takes: `Source`s (text and path) or file paths. Produces: sorted diagnostics, or one
`render.FileResult` per file for the renderers. Guarantees: it never raises on any text (only
on a file that cannot be read: `OSError`); every problem is a diagnostic on its source.

- `check_sources(sources, roster=...)`: the sources are checked *together* (the loop check and
  duplicate titles look across them), as a pack or a proposed rule with the rules in force.
- `check_paths(paths, roster=...)`: each file on its own, as `lopti check FILE...` does.

The checker (`lopti_rules.check`) is imported only when there is a parsed file to check, and
it imports nothing heavy, so `lopti check` starts quickly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from lopti_rules import ast
from lopti_rules.parse import parse
from lopti_rules.render import FileResult
from lopti_rules.source import Diagnostic, Source, Span


def check_sources(sources: list[Source], *, roster: list[str] | None = None) -> list[Diagnostic]:
    """Parse each source, check the ones that parsed together, and return every diagnostic
    (also appended to each source's `diagnostics`), sorted by file and position."""
    units: list[tuple[Source, ast.File]] = []
    for source in sources:
        tree = parse(source)
        if tree is not None:
            units.append((source, tree))
    if units:
        from lopti_rules.check import check

        check(units, roster=roster)
    return sorted((d for s in sources for d in s.diagnostics), key=Diagnostic.sort_key)


def check_text(
    text: str, path: str = "<string>", *, roster: list[str] | None = None
) -> list[Diagnostic]:
    """Check one rule file's text on its own."""
    return check_sources([Source(text, path)], roster=roster)


def read_source(path: str | Path) -> Source:
    """Read a rule file as UTF-8. Bytes that are not UTF-8 become an LP002 at their position
    (the rest of the file is not parsed). Raises `OSError` when the file cannot be read."""
    data = Path(path).read_bytes()
    name = str(path)
    try:
        return Source(data.decode("utf-8"), name)
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        source = Source(good, name)
        line = good.count("\n") + 1
        column = len(good) - (good.rfind("\n") + 1) + 1
        source.report(
            "LP002",
            Span.point(line, column),
            "this file is not valid UTF-8 text",
            "save the file as UTF-8 (most editors offer it under 'Save with encoding')",
        )
        return source


def check_paths(
    paths: Iterable[str | Path], *, roster: list[str] | None = None
) -> list[FileResult]:
    """Check each rule file on its own; one result per path, in the order given."""
    results: list[FileResult] = []
    for path in paths:
        source = read_source(path)
        if not source.diagnostics:
            check_sources([source], roster=roster)
        results.append(result_of(source))
    return results


def result_of(source: Source) -> FileResult:
    return FileResult(source.path, source.text, tuple(source.sorted_diagnostics()))


def accepted(results: Sequence[FileResult]) -> bool:
    return all(r.accepted for r in results)
