"""The runtime guard: a second line of defence against a runaway custom action (V8).

The checker proves that an accepted rule set cannot loop (R3, LR203/LR204); the guard is
there in case it ever could. It caps, per hook that fires on a base event (a "cascade": that
hook, every event its actions emit, and their hooks, depth-first):

- `depth`: how deeply hooks may nest (a hook's action emits an event whose hook runs ...);
- `actions`: how many actions may run in the cascade (every action node run, per target).

When a cap is reached the cascade's unfinished custom actions stop: the action being run
and every action after it in the cascade return without doing anything (the engine call in
progress completes, so the table stays consistent and nothing is undone: V8), a `guard`
note names the rule and the reason, and the game goes on. The next base event starts afresh.

Why the defaults never trip for an accepted set: inside a cascade the events are those that
actions emit, `draw`, `pickup`, `clear` and (by emptying a hand) `take_up`, plus a custom
clear's `bonus` when it is taken at once; the checker forbids any cycle that avoids
`take_up`, which happens at most once per player per round, so a cascade nests at most
(4 + 1) x (5 + 1) = 30 hooks deep (`depth` is 40). The action budget is the checker's static
cascade limit (`lopti_rules.language.work.CASCADE_LIMIT`, LR209): the checker bounds every
cascade of an accepted set through the hooks its events fire (`work.Cascades`) and rejects
a hook whose cascade could run more, so the same number here is never reached. A set
compiled without the checker (`compile_unchecked`) gets at least 64 times its largest hook's
work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from lopti_rules.engine import Event
from lopti_rules.engine.game import EventBus, Game
from lopti_rules.language import ast
from lopti_rules.language.work import CASCADE_LIMIT, hook_work

DEFAULT_DEPTH = 40
CASCADE_HOOKS = 64
DEFAULT_ACTIONS = CASCADE_LIMIT


@dataclass(frozen=True, slots=True)
class GuardLimits:
    """The caps of one runtime; see the module doc for how the defaults were chosen."""

    depth: int = DEFAULT_DEPTH
    actions: int = DEFAULT_ACTIONS

    def __post_init__(self) -> None:
        if self.depth < 1 or self.actions < 1:
            raise ValueError("guard limits must be at least 1")


@dataclass(frozen=True, slots=True)
class GuardTrip:
    """One stop: the rule whose custom action was stopped, why, and on which event."""

    rule: str
    reason: str
    event: str
    timing: str


def static_cost(actions: tuple[ast.Action, ...]) -> int:
    """An upper bound of the actions one run of `actions` spends (every player targeted):
    the checker's own count (`lopti_rules.language.work.hook_work`)."""
    return hook_work(actions)


def limits_for(costs: list[int], limits: GuardLimits | None) -> GuardLimits:
    """The limits to run a set whose hooks have these static costs with."""
    if limits is not None:
        return limits
    return GuardLimits(DEFAULT_DEPTH, max(DEFAULT_ACTIONS, CASCADE_HOOKS * max(costs, default=0)))


class Hooked(Protocol):
    """What the guard reads of a running hook (install.py's `CompiledHook`), for its
    messages: its rule's title, its timing and its event."""

    @property
    def rule(self) -> str: ...

    @property
    def timing(self) -> str: ...

    @property
    def event(self) -> str: ...


class Guard:
    """The guard of a rule set running on one bus: the cascade's nesting and actions, the
    rule running now, and the stops (`trips`). The runtime (install.py) is one; what a
    hook's actions see of it (`Ctx.rt`, context.py) is this."""

    __slots__ = ("bus", "depth", "limits", "rule", "spent", "stack", "stopped", "trips")

    def __init__(self, bus: EventBus, limits: GuardLimits) -> None:
        self.bus = bus
        self.limits = limits
        self.depth = 0  # hooks running, nested
        self.spent = 0  # actions run in the current cascade
        self.stopped = False  # the guard stopped the current cascade
        self.rule: str | None = None  # the title of the rule whose hook is running
        self.trips: list[GuardTrip] = []
        self.stack: list[Hooked] = []  # the hooks running, outermost first

    @property
    def game(self) -> Game:
        game = self.bus.game
        if game is None:
            raise RuntimeError("this bus serves no game yet")
        return game

    def spend(self, actor: int | None) -> bool:
        """Count one action of the cascade (of the hook fired on `actor`'s event); False
        when it must not run (the guard stopped)."""
        if self.stopped:
            return False
        self.spent += 1
        if self.spent > self.limits.actions:
            cap = self.limits.actions
            top = self.stack[-1] if self.stack else None
            where = f" (`{top.timing} {top.event}`)" if top is not None else ""
            reason = f"more than {cap} actions for one event{where}: stopped as unfinished (V8)"
            self.trip(self.rule or "?", reason, actor)
            return False
        return True

    def too_deep(self, hook: Hooked) -> str:
        """Why `hook` may not run: the hooks running are as deep as the cap."""
        chain: list[str] = []
        for h in [*self.stack[-8:], hook]:
            step = f'"{h.rule}" {h.timing} {h.event}'
            if step not in chain:
                chain.append(step)
        return (
            f"hooks set each other off more than {self.limits.depth} deep "
            f"({' → '.join(chain)} → ...): stopped as unfinished (V8)"
        )

    def trip(self, rule: str, reason: str, actor: int | None) -> None:
        """Stop the cascade: a `GuardTrip` and, for observers, a `guard` note."""
        self.stopped = True
        top = self.stack[-1] if self.stack else None
        self.trips.append(
            GuardTrip(rule, reason, top.event if top else "", top.timing if top else "")
        )
        if self.bus.observers:
            self.bus.note(Event.make("guard", actor, rule=rule, reason=reason))
