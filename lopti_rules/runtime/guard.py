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
