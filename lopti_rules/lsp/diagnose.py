"""A document's text in, the diagnostics `lopti check` gives it out.

Takes: a document's path and its (possibly unsaved) text, and the workspace's `Table`.
Produces: a `Checked` with the diagnostics of that document only, exactly as `lopti check`
reports them (same codes, messages, hints and 1-based code-point spans), and for each LR203
the other hooks of its cycle. Nothing here checks anything itself: a rule file goes through
`api.check_sources` (after the rules in force of the table's pack, as `lopti check --with`
does), a pack through `api.check_pack`.

A YAML document is treated as a pack only when it has a top-level `rules:` key (or one a
letter away from it, `rulez:`, so that typo is reported), so an editor that sends every
YAML file to the server does not get pack errors on CI files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lopti_rules import api
from lopti_rules.diagnostics.source import Diagnostic, Source, Span
from lopti_rules.diagnostics.spell import distance
from lopti_rules.lsp.table import Table, same_file

_TOP_KEY = re.compile(r"^([A-Za-z_]\w*)[ \t]*:", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Related:
    """Another place a diagnostic's explanation points at (an LR203 cycle's other hooks)."""

    path: str
    span: Span
    message: str


@dataclass(slots=True)
class Checked:
    path: str
    text: str
    diagnostics: list[Diagnostic]
    related: dict[Diagnostic, list[Related]] = field(default_factory=dict)


def is_checked(path: str, text: str) -> bool:
    """Whether the server checks this document: a rule file, or YAML that is a pack."""
    if not api.is_pack(path):
        return True
    return any(distance(k.casefold(), "rules", 2) <= 1 for k in _TOP_KEY.findall(text))


def check_document(path: str, text: str, table: Table) -> Checked:
    """The document's diagnostics, as `lopti check` reports them."""
    if api.is_pack(path):
        return _check_pack(path, text)
    source = Source(text, path)
    pack = table.pack()
    in_force = (
        []
        if pack is None
        else [e.source.fresh() for e in pack.entries if not same_file(e.source.path, path)]
    )
    units = [*in_force, source]
    api.check_sources(units, roster=None if pack is None else pack.roster)
    diagnostics = source.sorted_diagnostics()
    checked = Checked(path, text, diagnostics)
    if any(d.code == "LR203" for d in diagnostics):
        checked.related = cycle_hooks([u.fresh() for u in units], path)
    return checked


def _check_pack(path: str, text: str) -> Checked:
    if not is_checked(path, text):
        return Checked(path, text, [])
    try:
        result = api.check_pack(path, data=text.encode("utf-8"))
    except (OSError, ValueError):
        return Checked(path, text, [])
    mine = [d for d in result.diagnostics if d.file == path]
    checked = Checked(path, text, mine)
    if any(d.code == "LR203" for d in mine):
        from lopti_rules.packs.pack import PackError, load_pack_text

        try:
            entries = load_pack_text(text, path).entries
        except PackError as exc:
            entries = exc.entries
        checked.related = cycle_hooks([e.source.fresh() for e in entries], path)
    return checked


def cycle_hooks(sources: list[Source], path: str) -> dict[Diagnostic, list[Related]]:
    """For each LR203 reported in `path`, the other hooks of its cycle (the checker's own
    cycles, `lopti_rules.check.cycles`, over the same sources parsed again)."""
    from lopti_rules.check import cycles
    from lopti_rules.language.parse import parse

    units = [(s, t) for s in sources if (t := parse(s)) is not None]
    found: dict[Diagnostic, list[Related]] = {}
    for cycle in cycles(units):
        closing = cycle.closing
        if closing.source.path != path:
            continue
        cycle.report()
        diagnostic = closing.source.diagnostics[-1]
        found[diagnostic] = [
            Related(h.source.path, h.source.outer(h.head), h.describe(closing.source))
            for h in cycle.hooks()
            if h is not closing
        ]
    return found


def document_path(uri_path: str | None, uri: str) -> str:
    """The path diagnostics are reported under: the file's, or the URI for an unsaved one."""
    return str(Path(uri_path)) if uri_path else uri
