"""The Python API of `lopti check`: parse rule files, then check them, and collect diagnostics.

Takes: `Source`s (text and path) or file paths. Produces: sorted diagnostics, or one
`render.FileResult` per file for the renderers. Guarantees: it never raises on any text (only
on a file that cannot be read: `OSError`); every problem is a diagnostic on its source.

- `check_sources(sources, roster=..., trial=False)`: the sources are checked *together* (the
  loop check and duplicate titles look across them), as a pack or a proposed rule with the
  rules in force; `trial=True` (every check entry point takes it; `lopti check` and a table's
  check of a proposed rule pass it) also plays an accepted set in a few seeded trial rounds
  (`lopti_rules.trial`: LR210, LW603).
- `check_paths(paths, roster=...)`: each file on its own, as `lopti check FILE...` does
  (a rule pack, `.yaml`/`.yml`, with all its rules together: `check_pack`).
- `check_pack(path, roster=...)`: a pack's YAML and all its rules together; one result for
  the pack holding every diagnostic (its YAML problems as LY codes, its inline rules in the
  pack's own lines and columns, its `file:` rules in theirs).
- `check_with(paths, pack, roster=...)`: each file together with the rules in force in `pack`
  (loaded with `lopti_rules.packs.pack.load_pack`), the way a table checks a proposed rule; each
  result holds only the proposed file's diagnostics.
- Rules for play, the composition root of parse -> check -> compile:
  `ruleset_from_sources(entries, roster=, limits=)`, `ruleset_from_pack(pack)`,
  `load_rules(text, author)` give a compiled `runtime.RuleSet` or raise `RulesRejected`;
  `compile_unchecked` (tests only) skips the checker.

The checker (`lopti_rules.check`) is imported only when there is a parsed file to check, and
it imports nothing heavy; the pack loader (pydantic, PyYAML) only when a pack is involved.
So `lopti check` on rule files starts quickly.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lopti_rules.diagnostics.render import FileResult
from lopti_rules.diagnostics.source import Diagnostic, Severity, Source, Span
from lopti_rules.i18n import _, grouped
from lopti_rules.language import ast
from lopti_rules.language.parse import parse

if TYPE_CHECKING:
    from lopti_rules.engine.variants import Variants
    from lopti_rules.packs.pack import BaseVariants, LoadedPack, PackProblem
    from lopti_rules.runtime import Entry, GuardLimits, RuleSet

PACK_SUFFIXES = (".yaml", ".yml")


def is_pack(path: str | Path) -> bool:
    """A rule pack is told from a rule file by its suffix (`.yaml` or `.yml`)."""
    return Path(path).suffix.lower() in PACK_SUFFIXES


def check_sources(
    sources: list[Source],
    *,
    roster: list[str] | None = None,
    trial: bool = False,
    variants: Variants | None = None,
) -> list[Diagnostic]:
    """Parse each source, check the ones that parsed together, and return every diagnostic
    (also appended to each source's `diagnostics`), sorted by file and position. With
    `trial`, a set without errors is also played in a few seeded trial rounds
    (`lopti_rules.trial`: LR210 when its rounds do not end, LW603 when they last far longer),
    as `lopti check` and a table's check of a proposed rule do, with the base `variants` in
    force at the table (None: base Lopti)."""
    units: list[tuple[Source, ast.File]] = []
    for source in sources:
        tree = parse(source)
        if tree is not None:
            units.append((source, tree))
    if units:
        from lopti_rules.check import check

        check(units, roster=roster)
        if trial and len(units) == len(sources) and not any(s.has_errors for s in sources):
            from lopti_rules import trial as rounds

            rounds.check(units, trial_players(roster), variants)
    return sorted((d for s in sources for d in s.diagnostics), key=Diagnostic.sort_key)


def trial_players(roster: Sequence[str] | None) -> tuple[int, ...]:
    """The trial's tables: the roster's size, or every size a table may have without one
    (or out of range): rules with no table in mind must let rounds end at any table."""
    from lopti_rules.trial import TABLES

    return (len(roster),) if roster is not None and 2 <= len(roster) <= 5 else TABLES


def check_text(
    text: str, path: str = "<string>", *, roster: list[str] | None = None, trial: bool = False
) -> list[Diagnostic]:
    """Check one rule file's text on its own (`trial`: as `check_sources`)."""
    return check_sources([Source(text, path)], roster=roster, trial=trial)


def read_source(path: str | Path) -> Source:
    """Read a rule file as UTF-8 (a leading byte-order mark is dropped); `-` reads standard
    input, named `<stdin>`. Bytes that are not UTF-8 become an LP002 at their position (the
    rest of the file is not parsed). Raises `OSError` when the file cannot be read. At most a
    little over the parser's size limit is read (`/dev/zero` is not read to the end); the
    parser reports a longer file (LP005)."""
    from lopti_rules.language.parse import MAX_FILE_CHARS

    limit = 4 * MAX_FILE_CHARS + 3  # with a byte-order mark, the longest file that may pass
    if str(path) == "-":
        data, name = sys.stdin.buffer.read(limit + 1), "<stdin>"
    else:
        data, name = _read_at_most(path, limit + 1), str(path)
    if len(data) > limit:
        source = Source("", name)
        message = _("the file is over {size} bytes long; the limit is {limit} characters").format(
            size=grouped(limit), limit=grouped(MAX_FILE_CHARS)
        )
        source.report("LP005", Span.point(1, 1), message, _("split the rules over several files"))
        return source
    data = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark some editors write
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
            _("this file is not valid UTF-8 text"),
            _("save the file as UTF-8 (most editors offer it under 'Save with encoding')"),
        )
        return source


def _read_at_most(path: str | Path, limit: int) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(limit)


def check_paths(
    paths: Iterable[str | Path],
    *,
    roster: list[str] | None = None,
    confine: bool = True,
    trial: bool = False,
) -> list[FileResult]:
    """Check each rule file (or pack) on its own; one result per path, in the order given.
    ValueError when a pack's `players` and `roster` disagree."""
    results: list[FileResult] = []
    for path in paths:
        if is_pack(path):
            results.append(check_pack(path, roster=roster, confine=confine, trial=trial))
            continue
        source = read_source(path)
        if not source.diagnostics:
            check_sources([source], roster=roster, trial=trial)
        results.append(result_of(source))
    return results


def result_of(source: Source) -> FileResult:
    return FileResult(source.path, source.text, tuple(source.sorted_diagnostics()))


def accepted(results: Sequence[FileResult]) -> bool:
    return all(r.accepted for r in results)


def _fresh(source: Source) -> Source:
    """A copy of a source without its diagnostics, to check it again with other rules."""
    return source.fresh()


def check_pack(
    path: str | Path,
    *,
    roster: list[str] | None = None,
    confine: bool = True,
    data: bytes | None = None,
    trial: bool = False,
) -> FileResult:
    """Check a pack: its YAML, then all its rules together with its roster (or `roster`).
    `data` is the pack's text when it is not the file's (an editor's unsaved buffer).
    ValueError (one sentence) when the pack's `players` and `roster` disagree; OSError when
    the pack file cannot be read. `confine=False` lets `file:` entries name files outside
    the pack's folder."""
    from lopti_rules.packs.pack import (
        NOT_YAML,
        PackError,
        PackProblem,
        agree_roster,
        load_pack_text,
        read_pack_bytes,
    )

    name = str(path)
    if data is None:
        try:
            data = read_pack_bytes(name)
        except PackError as exc:
            return FileResult(name, "", tuple(_diagnostic(p) for p in exc.problems))
    try:
        text = data.decode("utf-8")
        loaded = load_pack_text(text, name, confine=confine)
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line, column = good.count("\n") + 1, len(good) - (good.rfind("\n") + 1) + 1
        problem = PackProblem(name, line, column, "this pack is not valid UTF-8 text", NOT_YAML)
        return FileResult(name, good, (_diagnostic(problem),))
    except PackError as exc:
        # every problem in one run: the pack's own, and those of the rules that did load
        problems = [_diagnostic(p) for p in exc.problems]
        if not exc.entries:
            return FileResult(name, text, tuple(problems))
        table = exc.roster if exc.roster is not None else roster
        sources = [_fresh(entry.source) for entry in exc.entries]
        found = sorted([*problems, *check_sources(sources, roster=table)], key=Diagnostic.sort_key)
        others = {s.path: s.text for s in sources if s.path != name}
        return FileResult(name, text, tuple(found), tuple(others.items()))
    table = agree_roster(loaded, roster)
    sources = [_fresh(entry.source) for entry in loaded.entries]
    variants = variants_of(loaded.pack.base) if trial else None  # the engine only to play
    diagnostics = check_sources(sources, roster=table, trial=trial, variants=variants)
    others = {s.path: s.text for s in sources if s.path != name}
    return FileResult(name, text, tuple(diagnostics), tuple(others.items()))


def _diagnostic(problem: PackProblem) -> Diagnostic:
    span = Span.point(problem.line, problem.column)
    return Diagnostic(
        problem.code, Severity.ERROR, span, problem.message, problem.hint, problem.path
    )


def pack_errors(pack: LoadedPack, *, roster: list[str] | None = None) -> int:
    """How many errors the rules in force of a loaded pack have, checked together."""
    sources = [_fresh(entry.source) for entry in pack.entries]
    return sum(d.is_error for d in check_sources(sources, roster=roster))


def check_with(
    paths: Iterable[str | Path],
    pack: LoadedPack,
    *,
    roster: list[str] | None = None,
    trial: bool = False,
) -> list[FileResult]:
    """Check each rule file together with the rules in force in `pack` (which come first,
    so a cycle the file closes, or a title it repeats, is reported in the file). Each result
    holds only that file's diagnostics; the pack's own rules are checked but not reported.
    Hooks on events the pack's base variants never emit are reported too (LW601)."""
    from lopti_rules.check.variants import check_variants

    results: list[FileResult] = []
    for path in paths:
        source = read_source(path)
        if not source.diagnostics:
            in_force = [_fresh(entry.source) for entry in pack.entries]
            variants = variants_of(pack.pack.base) if trial else None
            check_sources([*in_force, source], roster=roster, trial=trial, variants=variants)
            tree = parse(_fresh(source))
            if tree is not None and not any(d.is_error for d in source.diagnostics):
                check_variants(source, tree, pack.pack.base)
        results.append(result_of(source))
    return results


# ---------------------------------------------------------------------- rules for play
# The composition root of play: parse -> check (all together) -> compile (the runtime).


def ruleset_from_sources(
    entries: Iterable[Entry],
    *,
    roster: Sequence[str] | None = None,
    limits: GuardLimits | None = None,
) -> RuleSet:
    """Parse and check every entry together, then compile them; or raise `RulesRejected`
    with every diagnostic (errors first), so a rule the checker rejects is never loaded.
    The caller's sources are not touched (they are copied before checking)."""
    from lopti_rules.runtime import RulesRejected, compile_rules

    units: list[tuple[Source, ast.File, int]] = []
    sources: list[Source] = []
    for entry in entries:
        source = _fresh(entry.source)
        sources.append(source)
        tree = parse(source)
        if tree is not None:
            units.append((source, tree, entry.author))
    if units:
        from lopti_rules.check import check

        check([(s, t) for s, t, _ in units], roster=list(roster) if roster else None)
    diagnostics = sorted((d for s in sources for d in s.diagnostics), key=Diagnostic.sort_key)
    if any(d.is_error for d in diagnostics):
        raise RulesRejected(diagnostics)
    warnings = [d for d in diagnostics if not d.is_error]
    return compile_rules([(t, a) for _, t, a in units], limits=limits, warnings=warnings)


def ruleset_from_pack(pack: LoadedPack, *, limits: GuardLimits | None = None) -> RuleSet:
    """A loaded pack's rules (`packs.pack.load_pack`), checked with its roster."""
    return ruleset_from_sources(pack.entries, roster=pack.roster, limits=limits)


def load_rules(
    text: str | Sequence[str],
    author: int | Sequence[int] = 0,
    *,
    path: str = "<rules>",
    roster: Sequence[str] | None = None,
    limits: GuardLimits | None = None,
) -> RuleSet:
    """Rule text (one file, or several in the order they came into force) with the author's
    seat (one for all, or one per text); checked together, else `RulesRejected`."""
    from lopti_rules.runtime import RuleEntry

    texts = [text] if isinstance(text, str) else list(text)
    authors = [author] * len(texts) if isinstance(author, int) else list(author)
    if len(authors) != len(texts):
        raise ValueError(f"{len(authors)} authors for {len(texts)} rule texts")
    entries = [
        RuleEntry(Source(t, path if len(texts) == 1 else f"{path}[{i}]"), a)
        for i, (t, a) in enumerate(zip(texts, authors, strict=True))
    ]
    return ruleset_from_sources(entries, roster=roster, limits=limits)


def compile_unchecked(
    text: str | Sequence[str], author: int = 0, *, limits: GuardLimits | None = None
) -> RuleSet:
    """TEST ONLY: compile rules the checker may reject (syntax must still be valid), so the
    guard can be shown to stop them. Never use it to load rules for play."""
    from lopti_rules.runtime import RulesRejected, compile_rules

    texts = [text] if isinstance(text, str) else list(text)
    units: list[tuple[ast.File, int]] = []
    for i, t in enumerate(texts):
        source = Source(t, f"<unchecked>[{i}]")
        tree = parse(source)
        if tree is None:
            raise RulesRejected(source.diagnostics)
        units.append((tree, author))
    return compile_rules(units, limits=limits, unchecked=True)


def variants_of(base: BaseVariants) -> Variants:
    """The engine's description of a pack's `base:` (`places` is a table option of its own)."""
    from lopti_rules.engine.cards import parse_rank
    from lopti_rules.engine.variants import Variants

    def rank(name: str) -> int | None:
        value = getattr(base, name)
        return None if value is None else parse_rank(value)

    return Variants(
        reset=rank("reset"),
        pass_on=rank("pass_on"),
        low=rank("low"),
        clear=rank("clear"),
        glass=rank("glass"),
        skip=rank("skip"),
        reverse=rank("reverse"),
        name_next=rank("name_next"),
        jump_in=base.jump_in,
        burn=base.burn,
        four_on_anything=base.four_on_anything,
        must_play=base.must_play,
        face_down=base.face_down,
        face_up=base.face_up,
        hand=base.hand,
        choose_face_up=base.choose_face_up,
        starter=base.starter,
        dealer=base.dealer,
        draw=base.draw,
    )
