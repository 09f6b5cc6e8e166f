"""Compiling rules for play: checked ASTs in, a `RuleSet` of ready hooks out.

Takes parsed rule files (`ast.File`), each with the seat of its author, in the order the
rules came into force, which the checker has accepted together: `api.py` is where text is
parsed, checked and handed here (`api.ruleset_from_sources`, `api.load_rules`), so a rule the
checker rejects is never compiled. Produces a `RuleSet`: every hook compiled once
(conditions.py, targets.py, actions.py), ready to `install` on any number of games, with the
checker's warnings (LW6xx) in `RuleSet.warnings`. `RulesRejected` is what the composition
raises when the checker finds an error.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.engine.asks import Chooser
from lopti_rules.language import ast, catalog, constructs
from lopti_rules.runtime.actions import ActionCompiler
from lopti_rules.runtime.calls import REPORTS_OF, TableEventSpec
from lopti_rules.runtime.conditions import CondCompiler, compile_test, event_keys, resolve
from lopti_rules.runtime.guard import GuardLimits, limits_for, static_cost
from lopti_rules.runtime.install import CompiledHook, HookTable, Runtime

if TYPE_CHECKING:
    from lopti_rules.engine.events import Gate
    from lopti_rules.engine.game import EventBus, Game


class Entry(Protocol):
    """A rule source and its author's seat (`pack.PackEntry` is one)."""

    @property
    def source(self) -> Source: ...

    @property
    def author(self) -> int: ...


@dataclass(frozen=True, slots=True)
class RuleEntry:
    source: Source
    author: int = 0


class RulesRejected(ValueError):
    """The checker rejected the rules; `diagnostics` holds every problem (errors first)."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.is_error]
        shown = "; ".join(
            f"{d.file}:{d.span.line}:{d.span.column}: {d.code} {d.message}" for d in errors[:3]
        )
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        super().__init__(f"the checker rejects these rules: {shown}{more}")


class RuleSet:
    """Compiled rules in force, in order. Build with `api.ruleset_from_sources` (checked)."""

    __slots__ = ("_table", "asks", "hooks", "limits", "table_events", "titles", "warnings")

    def __init__(
        self,
        hooks: Sequence[CompiledHook],
        titles: Sequence[str],
        limits: GuardLimits,
        warnings: Sequence[Diagnostic] = (),
        table_events: Sequence[TableEventSpec] = (),
        asks: frozenset[str] = frozenset(),
    ) -> None:
        self.hooks = tuple(hooks)
        self.titles = tuple(titles)
        self.limits = limits
        self.warnings = tuple(warnings)
        self.table_events = tuple(table_events)  # calls, races, conduct declared (calls.py)
        # the purposes of the asks the rules can put to a player (their constructs' `asks`)
        self.asks = asks
        self._table = HookTable(self.hooks)  # built once: each game's bus adopts it

    def __len__(self) -> int:
        return len(self.titles)

    def install(self, game: Game, *, chooser: Chooser[Game] | None = None) -> Runtime:
        """Put the rules in force on `game` (already built, e.g. from a scenario position)."""
        return Runtime(
            game.bus, self.hooks, self.limits, chooser, self.table_events, table=self._table
        )

    def attach(self, bus: EventBus, *, chooser: Chooser[Game] | None = None) -> Runtime:
        """Put the rules in force on a bus before its game is dealt (`Game.new(..., bus=)`),
        so hooks on `round`, `deal` and the first `turn` run too."""
        return Runtime(bus, self.hooks, self.limits, chooser, self.table_events, table=self._table)


def compile_rules(
    units: Iterable[tuple[ast.File, int]],
    *,
    limits: GuardLimits | None = None,
    warnings: Sequence[Diagnostic] = (),
    unchecked: bool = False,
) -> RuleSet:
    """Compile parsed rule files with their authors' seats, in the order the rules came into
    force. The files must be ones the checker accepted together (`api.ruleset_from_sources`
    does both); `unchecked` also compiles the unbounded loops, for `api.compile_unchecked`."""
    hooks: list[CompiledHook] = []
    titles: list[str] = []
    costs: list[int] = []
    declared: list[TableEventSpec] = []
    hooks_on_reports: list[tuple[ast.Ident, str]] = []  # (table event, report)
    asks: set[str] = set()
    for tree, author in units:
        for rule in tree.rules:
            titles.append(rule.title.value)
            for hook in rule.hooks:
                hooks.append(_compile_hook(rule.title.value, author, hook, unchecked))
                costs.append(static_cost(hook.actions))
                for action in ast.walk_actions(hook.actions):
                    asks.update(constructs.of(action).asks)
                if hook.call is not None:
                    hooks_on_reports.append((hook.call, hook.event.name))
            for item in rule.table_events:
                declared.append(_compile_table_event(rule.title.value, author, item))
    hooked = {(call.name.casefold(), event) for call, event in hooks_on_reports}
    offered = [_offering(spec, hooked) for spec in declared]
    return RuleSet(hooks, titles, limits_for(costs, limits), warnings, offered, frozenset(asks))


def _offering(spec: TableEventSpec, hooked: set[tuple[str, str]]) -> TableEventSpec:
    """`spec` with the reports the table offers: its kind's own, and `won` if hooked."""
    extra = ("won",) if spec.kind == "race" and (spec.name, "won") in hooked else ()
    return dataclasses.replace(spec, offered=(REPORTS_OF[spec.kind][0], *extra))


def _gate(event: catalog.Event, hook: ast.Hook, author: int, title: str) -> Gate[Game] | None:
    """The hook's `when` as a gate; a report hook's gate also tests the table event's name."""
    form = resolve(hook.cond, event) if hook.cond is not None else None
    test = compile_test(form, author) if form is not None else None
    if hook.call is None:
        return test
    name = hook.call.name.casefold()
    if test is None:
        return lambda game, actor, call, by, f2: call == name
    return lambda game, actor, call, by, f2: call == name and test(game, actor, call, by, f2)


def _compile_hook(title: str, author: int, hook: ast.Hook, unchecked: bool) -> CompiledHook:
    event = catalog.hook_event(hook.event.name, hook.call.name if hook.call else None)
    if event is None or hook.timing == "instead of":
        raise ValueError(f"`{hook.timing} {hook.event.name}` cannot run: the checker rejects it")
    actions = ActionCompiler(CondCompiler(event, author), unchecked=unchecked)
    form = resolve(hook.cond, event) if hook.cond is not None else None
    return CompiledHook(
        rule=title,
        author=author,
        timing=hook.timing,
        event=event.name,
        gate=_gate(event, hook, author, title),
        keys=event_keys(event.name, form),
        body=actions.block(hook.actions),
        line=hook.span.line,
    )


def _compile_table_event(title: str, author: int, item: ast.TableEvent) -> TableEventSpec:
    name, what = item.name.name.casefold(), item.what.value
    trigger = item.trigger()
    if trigger is None:
        return TableEventSpec(item.kind, name, what, title)
    event = catalog.EVENTS[trigger.event.name]
    form = resolve(trigger.cond, event) if trigger.cond is not None else None
    return TableEventSpec(
        item.kind,
        name,
        what,
        title,
        event.name,
        _gate(event, trigger, author, title),
        event_keys(event.name, form),
    )
