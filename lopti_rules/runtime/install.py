"""Installing a compiled rule set on a game's event bus, and running its hooks.

Takes a `RuleSet`'s compiled hooks (in the order the rules came into force, then file order)
and an `EventBus`; `Runtime(bus, hooks, limits)` subscribes one handler per hook, in that
order, so the bus runs the hooks of one event and timing in exactly that order. A set
without hooks subscribes nothing and the bus stays idle (`bus.live` false): an empty pack
costs nothing. The game is read from `bus.game` at each firing, so a runtime attached to a
bus before `Game.new` sees the `round`, `deal` and first `turn` events.

A hook's `when` is compiled twice: to a gate (gates.py), which the runtime subscribes with
the hook so the engine tests it on the event's raw values before building any `Event`, and
to a `Ctx` closure (conditions.py) for `Runtime.fire`. The bus calls a hook's handler only
when its gate held at that moment, so the handler runs the hook without testing again (a
hook whose condition has no gate tests the closure in its handler). The hook's prefilter
(gates.Prefilter: the ranks a `play` hook can fire on, the hand size a `turn` hook needs)
goes with it, so the engine does not even call the gate when the prefilter fails. A firing
whose condition held writes a `hook` note (for the event log) and runs the actions, which
call the engine; events they emit run their hooks depth-first, inside the call.
`Runtime.rule` is the title of the rule whose hook or action is running (None in base play):
the event log writes it as the `rule` of every line. The guard (guard.py) counts nesting and
actions per cascade and stops a runaway one, with a `guard` note.

Counters: `fires` (rule title -> times its hooks ran), `trips` (every `GuardTrip`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lopti_rules.engine.events import Event, EventBus, Gate
from lopti_rules.runtime.context import Ctx
from lopti_rules.runtime.guard import GuardLimits, GuardTrip

if TYPE_CHECKING:
    from lopti_rules.engine.game import Game

# (game, seat, n, "give" | "discard") -> the ranks the seat chooses, or None for lowest first
Chooser = Callable[["Game", int, int, str], "Sequence[int] | None"]


@dataclass(frozen=True, slots=True)
class CompiledHook:
    """One hook, ready to run: plain closures, no AST left to walk."""

    rule: str  # the rule's title
    author: int  # the seat that made the rule
    timing: str
    event: str
    cond: Callable[[Ctx], bool] | None
    body: Callable[[Ctx], None]
    line: int  # where the hook is written, for messages
    # `cond` as a predicate on the event's raw values (gates.py), tested by the engine
    # before it builds the event; None: no `when`, or `cond` is tested in the handler
    gate: Gate | None = None
    # what `cond` implies that the engine tests inline, without a call (gates.Prefilter): the
    # played ranks a `play` hook can fire on (None: any), the actor's least hand size
    ranks: frozenset[int] | None = None
    hand: int = 0


class Runtime:
    """A rule set running on one bus: hook dispatch, the current rule, the guard."""

    __slots__ = (
        "_stack",
        "_test",
        "bus",
        "chooser",
        "depth",
        "fires",
        "hooks",
        "limits",
        "rule",
        "spent",
        "stopped",
        "trips",
    )

    def __init__(
        self,
        bus: EventBus,
        hooks: Sequence[CompiledHook],
        limits: GuardLimits,
        chooser: Chooser | None = None,
    ) -> None:
        self.bus = bus
        self.hooks = tuple(hooks)
        self.limits = limits
        self.chooser = chooser
        self.depth = 0  # hooks running, nested
        self.spent = 0  # actions run in the current cascade
        self.stopped = False  # the guard stopped the current cascade
        self.rule: str | None = None
        self.fires: dict[str, int] = {h.rule: 0 for h in self.hooks}
        self.trips: list[GuardTrip] = []
        self._stack: list[CompiledHook] = []
        self._test: Ctx | None = None  # the reused Ctx of `when` tests without a gate
        for hook in self.hooks:
            if hook.cond is None or hook.gate is not None:  # the bus tests the gate
                handler = self._runner(hook)
            else:
                handler = self._handler(hook)
            bus.subscribe(
                hook.event, hook.timing, handler, hook.gate, ranks=hook.ranks, hand=hook.hand
            )

    @property
    def game(self) -> Game:
        game = self.bus.game
        if game is None:
            raise RuntimeError("this bus serves no game yet")
        return game

    # ------------------------------------------------------------------ firing

    def _runner(self, hook: CompiledHook) -> Callable[[Event], None]:
        """The bus handler of a hook without a `when`, or whose gate the bus tests: `run`.

        The closure holds only `self` and `hook` (two cells): it is made for every hook of
        every game, and the bus keeps it until the game's objects are collected."""

        def runner(event: Event) -> None:
            """`run`, inlined (a hook firing is on the pack's hot path): the same steps."""
            if self.stopped:  # the guard stopped this cascade: no hook runs until it unwinds
                return
            bus = self.bus
            game = bus.game
            depth = self.depth
            if game is None or depth >= self.limits.depth or bus.watched:
                self.run(hook, event)  # the rare cases (and the `hook` note) as `run` does
                return
            ctx = Ctx(self, game, event, hook.author)
            self.depth = depth + 1
            outer = self.rule
            self.rule = rule = hook.rule
            self.fires[rule] += 1
            stack = self._stack
            stack.append(hook)
            try:
                hook.body(ctx)
            finally:
                stack.pop()
                self.depth = depth
                self.rule = outer
                if depth == 0:  # the cascade is over: the next base event starts afresh
                    self.spent = 0
                    self.stopped = False

        return runner

    def _handler(self, hook: CompiledHook) -> Callable[[Event], None]:
        """The bus handler of a hook whose `when` has no gate: the test inlined, then `run`."""
        test = self._test
        if test is None:
            test = self._test = Ctx(self, None, Event("", None, {}), 0)  # type: ignore[arg-type]
        bus, cond, author = self.bus, hook.cond, hook.author

        def handler(event: Event) -> None:
            if self.stopped:
                return  # the guard stopped this cascade: no hook runs until it unwinds
            if cond is not None:  # `test` is a reused Ctx: a `when` test neither nests nor keeps it
                test.game = bus.game  # type: ignore[assignment]  # set: the game emitted `event`
                test.event, test.actor, test.author = event, event.actor, author
                if not cond(test):
                    return
            self.run(hook, event)

        return handler

    def fire(self, hook: CompiledHook, event: Event) -> None:
        """Run `hook` for `event` if its condition holds."""
        if self.stopped:
            return
        cond = hook.cond
        if cond is not None and not cond(Ctx(self, self.game, event, hook.author)):
            return
        self.run(hook, event)

    def run(self, hook: CompiledHook, event: Event) -> None:
        """Run `hook`'s actions for `event` (its condition held), under the guard."""
        game = self.bus.game
        if game is None:
            raise RuntimeError("this bus serves no game yet")
        ctx = Ctx(self, game, event, hook.author)
        depth = self.depth
        if depth >= self.limits.depth:
            self._trip(hook.rule, self._depth_reason(hook), ctx.actor)
            return
        self.depth = depth + 1
        outer = self.rule
        self.rule = hook.rule
        self.fires[hook.rule] += 1
        self._stack.append(hook)
        bus = self.bus
        if bus.watched:
            bus.note(
                Event.make("hook", event.actor, timing=hook.timing, on=hook.event, rule=hook.rule)
            )
        try:
            hook.body(ctx)
        finally:
            self._stack.pop()
            self.depth = depth
            self.rule = outer
            if depth == 0:  # the cascade is over: the next base event starts afresh
                self.spent = 0
                self.stopped = False

    # ------------------------------------------------------------------ the guard

    def spend(self, ctx: Ctx) -> bool:
        """Count one action of the cascade; False when it must not run (the guard stopped)."""
        if self.stopped:
            return False
        self.spent += 1
        if self.spent > self.limits.actions:
            cap = self.limits.actions
            top = self._stack[-1] if self._stack else None
            where = f" (`{top.timing} {top.event}`)" if top is not None else ""
            reason = f"more than {cap} actions for one event{where}: stopped as unfinished (V8)"
            self._trip(self.rule or "?", reason, ctx.actor)
            return False
        return True

    def _depth_reason(self, hook: CompiledHook) -> str:
        chain: list[str] = []
        for h in [*self._stack[-8:], hook]:
            step = f'"{h.rule}" {h.timing} {h.event}'
            if step not in chain:
                chain.append(step)
        return (
            f"hooks set each other off more than {self.limits.depth} deep "
            f"({' → '.join(chain)} → ...): stopped as unfinished (V8)"
        )

    def _trip(self, rule: str, reason: str, actor: int | None) -> None:
        self.stopped = True
        top = self._stack[-1] if self._stack else None
        self.trips.append(
            GuardTrip(rule, reason, top.event if top else "", top.timing if top else "")
        )
        if self.bus.watched:
            self.bus.note(Event.make("guard", actor, rule=rule, reason=reason))

    # ------------------------------------------------------------------ choices

    def choose(self, game: Game, seat: int, n: int, purpose: str) -> Sequence[int] | None:
        """The cards `seat` chooses to give or discard (None: the lowest ranks go first)."""
        return self.chooser(game, seat, n, purpose) if self.chooser is not None else None
