"""Installing a compiled rule set on a game's event bus, and running its hooks.

Takes a `RuleSet`'s compiled hooks (in the order the rules came into force, then file order)
and an `EventBus`. The hooks become a `HookTable` once per rule set: one raw handler per hook
(engine/events.py: the bus calls it with the event's raw values, never building an `Event`
for it), subscribed in that order to a template bus; `Runtime(bus, hooks, limits,
table=...)` is one game's state (the guard's counters, the rule running), set as
`bus.states[table]`, where the handlers find it, and the game's fresh bus adopts the template's
tables in O(1) (a bus with subscriptions already gets the hooks subscribed after them). So
the bus runs the hooks of one event and timing in exactly that order. A set without hooks
subscribes nothing and every event keeps the idle plan: an empty pack costs nothing. The
game is the one whose bus fires the hook, so a runtime attached to a bus before `Game.new`
sees the `round`, `deal` and first `turn` events.

A hook's `when` is compiled once (conditions.py) to a gate the runtime subscribes with the
hook, with the keys it can fire at (a `play` hook's ranks, a `turn` hook's hand sizes): the
engine's bus tests both and calls the hook's handler only when its gate held. A firing
(`Runtime.fire`) writes a `hook` note (for the event log) and runs the actions on a `Ctx`
of the event's raw values, which call the engine; events they emit run their hooks
depth-first, inside the call.
`Runtime.rule` is the title of the rule whose hook or action is running (None in base play):
the event log writes it as the `rule` of every line. The guard (guard.py) counts nesting and
actions per cascade and stops a runaway one, with a `guard` note.

`Runtime.table` follows the table events the rules declare (calls.py): what may be reported
now, saying a call, and reporting one (`runtime.table.report("lopti", seat, by)`).

Counters: `fires` (rule title -> times its hooks ran), `trips` (every `GuardTrip`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lopti_rules.engine.asks import Chooser
from lopti_rules.engine.events import Event, Gate, RawHandler, Subscription
from lopti_rules.engine.game import EventBus, Game
from lopti_rules.runtime.calls import Table, TableEventSpec
from lopti_rules.runtime.context import Ctx
from lopti_rules.runtime.guard import Guard, GuardLimits


@dataclass(frozen=True, slots=True)
class CompiledHook:
    """One hook, ready to run: plain functions, no AST left to walk."""

    rule: str  # the rule's title
    author: int  # the seat that made the rule
    timing: str
    event: str
    # the hook's `when` as the engine's gate (conditions.py), tested on the event's raw
    # values before the event is built; None: no `when`
    gate: Gate[Game] | None
    # the keys its `when` can hold at (a `play` hook's ranks, a `turn` hook's hand sizes;
    # None: any), so the bus tests its gate only there (engine/events.py)
    keys: frozenset[int] | None
    body: Callable[[Ctx], None]
    line: int  # where the hook is written, for messages


class HookTable:
    """A rule set's hooks as a bus runs them, built once: one raw handler per hook (it
    finds the game's `Runtime` as `game.bus.states[table]`), subscribed in order to a
    template bus that every game's fresh bus adopts in O(1) (engine/events.py `adopt`)."""

    __slots__ = ("subscriptions", "template")

    def __init__(self, hooks: Sequence[CompiledHook]) -> None:
        self.subscriptions: list[Subscription[Game]] = [
            (h.event, h.timing, _firing(self, h), h.gate, h.keys) for h in hooks
        ]
        self.template = EventBus()
        self.template.subscribe_all(self.subscriptions, raw=True)

    def install(self, bus: EventBus) -> None:
        """Subscribe the hooks to `bus`: its tables become the template's, unless something
        was subscribed to it already (then the hooks are subscribed after it)."""
        if not bus.adopt(self.template):
            bus.subscribe_all(self.subscriptions, raw=True)


def _firing(table: HookTable, hook: CompiledHook) -> RawHandler[Game]:
    """The bus handler of `hook`, for every game: it fires the hook on the game's runtime
    of `table`."""

    def fire(game: Game, actor: int | None, f0: object, f1: object, f2: object) -> None:
        runtime: Runtime = game.bus.states[table]
        runtime.fire(hook, game, actor, f0, f1, f2)

    return fire


class Runtime(Guard):
    """A rule set running on one bus: hook firing and the current rule, under the guard."""

    __slots__ = ("fires", "hooks", "table")

    def __init__(
        self,
        bus: EventBus,
        hooks: Sequence[CompiledHook],
        limits: GuardLimits,
        chooser: Chooser[Game] | None = None,
        table_events: Sequence[TableEventSpec] = (),
        *,
        table: HookTable | None = None,
    ) -> None:
        super().__init__(bus, limits)
        if table is None or table in bus.states:  # the same rules twice on a game run twice
            table = HookTable(hooks)
        self.hooks = tuple(hooks)
        if chooser is not None:  # the game's asks (engine/asks.py) go to it
            bus.chooser = chooser
        self.fires: dict[str, int] = {h.rule: 0 for h in self.hooks}
        bus.states[table] = self  # what the hooks' handlers fire on (`_firing`)
        table.install(bus)
        # the table events declared (calls.py): None when the rules declare none
        self.table: Table | None = Table(self, table_events) if table_events else None

    # ------------------------------------------------------------------ firing

    def fire(
        self, hook: CompiledHook, game: Game, actor: int | None, f0: object, f1: object, f2: object
    ) -> None:
        """Run `hook`'s actions on the event whose raw values the bus gives (its gate held),
        under the guard, with a `hook` note for observers."""
        if self.stopped:  # the guard stopped this cascade: no hook runs until it unwinds
            return
        depth = self.depth
        if depth >= self.limits.depth:
            self.trip(hook.rule, self.too_deep(hook), actor)
            return
        self.depth = depth + 1
        outer = self.rule
        self.rule = hook.rule
        self.fires[hook.rule] += 1
        self.stack.append(hook)
        bus = self.bus
        if bus.observers:
            fields = {"timing": hook.timing, "on": hook.event, "rule": hook.rule}
            bus.note(Event.make("hook", actor, **fields))
        try:
            hook.body(Ctx(self, game, actor, f0, f1, f2, hook.author))
        finally:
            self.stack.pop()
            self.depth = depth
            self.rule = outer
            if depth == 0:  # the cascade is over: the next base event starts afresh
                self.spent = 0
                self.stopped = False
