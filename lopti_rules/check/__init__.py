"""The static checker: is a rule allowed, and if not, why (LANGUAGE.md §5).

Takes parsed units, `(Source, ast.File)` pairs, checked together (a pack, or a proposed
rule with the rules in force, in the order they came into force), and an optional roster.
Produces nothing: every problem is appended to its unit's `Source` as an LR/LW diagnostic
(code, span, message, hint); a check never raises and never stops at the first problem.

Per hook, in this order: names and types (`names`), add-only (`addonly`), playability
(`playable`), bounded work (`work`), persons (`persons`), impossible conditions (`conds`).
Per rule: a rule that changes nothing (`rules`). Per unit: roster names anywhere in the text
(`persons`), wordings that demand harmful conduct (`conduct`), and the table events declared
(`calls`: their triggers and R4). Over all units together:
endless loops through the trigger graph (`loops`), what a hook running inside another's
`before play` takes away (`cascades`), the work of a cascade of hooks (`work`), duplicate
titles (`rules`), and reports
of table events against their declarations (`calls`).
`docs/checker.md` explains each pass and the decisions where the spec leaves room.
"""

from __future__ import annotations

from collections.abc import Sequence

from lopti_rules.check import (
    addonly,
    calls,
    cascades,
    conduct,
    names,
    persons,
    playable,
    rules,
    work,
)
from lopti_rules.check.conds import check_cond
from lopti_rules.check.loops import Cycle, HookRef, cycles, trigger_graph
from lopti_rules.check.sites import CondSite, hook_sites
from lopti_rules.diagnostics.source import Source
from lopti_rules.language import ast

__all__ = ["Cycle", "HookRef", "check", "check_file", "cycles", "trigger_graph"]


def check(units: Sequence[tuple[Source, ast.File]], *, roster: Sequence[str] | None = None) -> None:
    """Check `units` together, appending LR/LW diagnostics to each unit's `Source`."""
    for source, tree in units:
        check_file(source, tree, roster=roster)
    looped = loops_check(units)
    cascades.check_cascades(units)
    if not looped and not any(s.has_errors for s, _ in units):
        # LR209 bounds a set that is otherwise accepted: a cycle's cascade has no bound
        # (LR203 says it), and a rejected hook's cascade is never run
        work.check_cascades(units)
    rules.duplicate_titles(units)
    calls.check_reports(units)
    calls.check_titles(units)


def check_file(source: Source, tree: ast.File, *, roster: Sequence[str] | None = None) -> None:
    """The checks that look at one file alone (everything but loops and duplicate titles)."""
    known = persons.roster_names(roster)
    for rule in tree.rules:
        for hook in rule.hooks:
            names.check_hook(source, hook, known.folded)
            addonly.check_hook(source, hook)
            playable.check_hook(source, hook)
            work.check_hook(source, hook)
            persons.check_hook(source, hook, known)
            resolver = names.event_of(hook)
            for site in hook_sites(hook):
                if isinstance(site, CondSite):
                    fields = names.fields_in_scope(resolver, site.scope)
                    check_cond(source, site.cond, fields)
        rules.check_rule(source, rule)
    calls.check_file(source, tree, known)
    persons.roster_in_text(source, tree, known)
    conduct.check_file(source, tree, known)


def loops_check(units: Sequence[tuple[Source, ast.File]]) -> list[Cycle]:
    """LR203 over every hook of every unit, reported at the hook that closes each cycle;
    returns the cycles."""
    found = cycles(units)
    for cycle in found:
        cycle.report()
    return found
