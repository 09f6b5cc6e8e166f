"""Loading rules for play: parse, check all of them together, compile, or refuse.

Takes rule sources, each with the seat of its author, in the order the rules came into
force (a pack's `rules:`, a scenario's `rules:`, a proposed rule after the rules in force).
Produces a `RuleSet`: every hook compiled once (conditions.py, targets.py, actions.py: plain
closures), ready to `install` on any number of games. Guarantees: the sources are parsed
and checked *together* (loops across rules, duplicate titles, the roster), and if any
error is found `RulesRejected` is raised with every diagnostic, so a rule the checker
rejects can never be loaded. Warnings (LW6xx) do not stop a rule; they are kept in
`RuleSet.warnings`.

`compile_unchecked` skips the checker. It exists only so tests can force rejected rule sets
(LR203 cycles, LR204 loops) through the runtime and see the guard stop them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.language import ast, catalog
from lopti_rules.language.parse import parse
from lopti_rules.runtime.actions import ActionCompiler
from lopti_rules.runtime.conditions import CondCompiler, compile_test, event_keys, resolve
from lopti_rules.runtime.guard import GuardLimits, limits_for, static_cost
from lopti_rules.runtime.install import Chooser, CompiledHook, Runtime

if TYPE_CHECKING:
    from lopti_rules.engine.events import EventBus
    from lopti_rules.engine.game import Game
    from lopti_rules.packs.pack import LoadedPack


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
    """Compiled rules in force, in order. Build with `from_sources` (checked)."""

    __slots__ = ("hooks", "limits", "titles", "warnings")

    def __init__(
        self,
        hooks: Sequence[CompiledHook],
        titles: Sequence[str],
        limits: GuardLimits,
        warnings: Sequence[Diagnostic] = (),
    ) -> None:
        self.hooks = tuple(hooks)
        self.titles = tuple(titles)
        self.limits = limits
        self.warnings = tuple(warnings)

    @classmethod
    def from_sources(
        cls,
        entries: Iterable[Entry],
        *,
        roster: Sequence[str] | None = None,
        limits: GuardLimits | None = None,
    ) -> RuleSet:
        """Parse and check every entry together; compile them, or raise `RulesRejected`."""
        units: list[tuple[Source, ast.File, int]] = []
        sources: list[Source] = []
        for entry in entries:
            src = entry.source  # a copy: checking must not add diagnostics to the caller's
            source = Source(src.text, src.path, src.line_offset, src.column_offset)
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
        return _compile([(t, a) for _, t, a in units], limits, diagnostics, unchecked=False)

    @classmethod
    def from_pack(cls, pack: LoadedPack, *, limits: GuardLimits | None = None) -> RuleSet:
        """A loaded pack's rules (`pack.load_pack`), checked with its roster."""
        return cls.from_sources(pack.entries, roster=pack.roster, limits=limits)

    def __len__(self) -> int:
        return len(self.titles)

    def install(self, game: Game, *, chooser: Chooser | None = None) -> Runtime:
        """Put the rules in force on `game` (already built, e.g. from a scenario position)."""
        return Runtime(game.bus, self.hooks, self.limits, chooser)

    def attach(self, bus: EventBus, *, chooser: Chooser | None = None) -> Runtime:
        """Put the rules in force on a bus before its game is dealt (`Game.new(..., bus=)`),
        so hooks on `round`, `deal` and the first `turn` run too."""
        return Runtime(bus, self.hooks, self.limits, chooser)


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
    texts = [text] if isinstance(text, str) else list(text)
    authors = [author] * len(texts) if isinstance(author, int) else list(author)
    if len(authors) != len(texts):
        raise ValueError(f"{len(authors)} authors for {len(texts)} rule texts")
    entries = [
        RuleEntry(Source(t, path if len(texts) == 1 else f"{path}[{i}]"), a)
        for i, (t, a) in enumerate(zip(texts, authors, strict=True))
    ]
    return RuleSet.from_sources(entries, roster=roster, limits=limits)


def compile_unchecked(
    text: str | Sequence[str], author: int = 0, *, limits: GuardLimits | None = None
) -> RuleSet:
    """TEST ONLY: compile rules the checker may reject (syntax must still be valid), so the
    guard can be shown to stop them. Never use it to load rules for play."""
    texts = [text] if isinstance(text, str) else list(text)
    units: list[tuple[ast.File, int]] = []
    for i, t in enumerate(texts):
        source = Source(t, f"<unchecked>[{i}]")
        tree = parse(source)
        if tree is None:
            raise RulesRejected(source.diagnostics)
        units.append((tree, author))
    return _compile(units, limits, [], unchecked=True)


def _compile(
    units: list[tuple[ast.File, int]],
    limits: GuardLimits | None,
    diagnostics: list[Diagnostic],
    *,
    unchecked: bool,
) -> RuleSet:
    hooks: list[CompiledHook] = []
    titles: list[str] = []
    costs: list[int] = []
    for tree, author in units:
        for rule in tree.rules:
            titles.append(rule.title.value)
            for hook in rule.hooks:
                hooks.append(_compile_hook(rule.title.value, author, hook, unchecked))
                costs.append(static_cost(hook.actions))
    warnings = [d for d in diagnostics if not d.is_error]
    return RuleSet(hooks, titles, limits_for(costs, limits), warnings)


def _compile_hook(title: str, author: int, hook: ast.Hook, unchecked: bool) -> CompiledHook:
    event = catalog.EVENTS.get(hook.event.name)
    if event is None or not event.hookable or hook.timing == "instead of":
        raise ValueError(f"`{hook.timing} {hook.event.name}` cannot run: the checker rejects it")
    actions = ActionCompiler(CondCompiler(event, author), unchecked=unchecked)
    form = resolve(hook.cond, event) if hook.cond is not None else None
    where = f"<when {title!r} line {hook.span.line}>"
    return CompiledHook(
        rule=title,
        author=author,
        timing=hook.timing,
        event=event.name,
        gate=compile_test(form, author, where) if form is not None else None,
        keys=event_keys(event.name, form),
        body=actions.block(hook.actions),
        line=hook.span.line,
    )
