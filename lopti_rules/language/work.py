"""Static work: upper bounds of the actions one firing of a hook, and one cascade, can run.

A hook's *work* (`hook_work`) is counted the way the runtime's guard counts actions: every
action once per player it may reach (`each`/`every` and any target: 5, the most players a
table has), a `give` once per pair of players (25) and so a `swaps hands` too, a `roshambo`
block once per possible pair (25) times its body, a `chooses a player` or `may` block once
per player it asks (5) times its body, an `if` by its larger branch, and a `repeat N times`
multiplies its body by N. The checker rejects a hook over `WORK_LIMIT` (LR208).

A *cascade* is a hook fired by a base event with every event its actions emit and their
hooks, depth-first: the unit the guard counts (`runtime/guard.py`). `Cascades` bounds it
over a whole rule set: a leaf action adds, per event it can emit, how many of them it emits
(`draws N` N per player, `picks up the pile` one per player, `clear the pile` one clear)
times the bound of that event's hooks (`event_bound`: every hook on the event, any timing,
every condition taken as true); a clear also brings its `bonus`. Inside a cascade the events
are `draw`, `pickup`, `clear`, `bonus` and `take_up`; the checker forbids any cycle of the
first four (LR203), so the bound is finite, and a `take_up` happens at most once per player
per round, so a cascade holds at most 5 of them: `hook_bound` adds 5 times the bound of the
`take_up` hooks (computed without following `take_up` again). The checker rejects a hook
whose cascade bound is over `CASCADE_LIMIT` (LR209) and the guard's action cap is that
number: one count, read by both, so an accepted set never reaches the cap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lopti_rules.language import ast, constructs

WORK_LIMIT = 1_000
CASCADE_LIMIT = 64 * WORK_LIMIT
MAX_PLAYERS = 5

# how many of an event a leaf action emits per firing (every player targeted)
Downstream = Callable[[ast.Action], int]


def hook_work(actions: tuple[ast.Action, ...], downstream: Downstream | None = None) -> int:
    """An upper bound of the actions one run of `actions` spends (every player targeted);
    with `downstream`, each leaf also adds what the events it emits set off."""
    total = 0
    for action in actions:
        total += action_work(action, downstream)
    return total


def action_work(action: ast.Action, downstream: Downstream | None = None) -> int:
    if isinstance(action, ast.Repeat):
        return action.count.value * (1 + hook_work(action.body, downstream))
    if isinstance(action, ast.If):
        return 1 + max(
            hook_work(action.then, downstream), hook_work(action.else_ or (), downstream)
        )
    if isinstance(action, ast.RoshamboAction):
        return MAX_PLAYERS * MAX_PLAYERS * (1 + hook_work(action.body, downstream))
    if isinstance(action, ast.Choose | ast.May):
        return MAX_PLAYERS * (1 + hook_work(action.body, downstream))
    own = MAX_PLAYERS * MAX_PLAYERS if constructs.of(action).visit == "pair" else MAX_PLAYERS
    return own if downstream is None else own + downstream(action)


def emits(action: ast.Action) -> tuple[str, int] | None:
    """The event a leaf action emits inside a cascade and how many at most (every player
    targeted), besides the `take_up` any card moved out of a hand can bring: the construct's
    `cascade` facet, once per firing or per player it reaches, and per card of its count."""
    construct = constructs.of(action)
    if construct.cascade is None:
        return None
    event, per = construct.cascade
    count = 1 if construct.visit == "once" else MAX_PLAYERS
    if per == "card":
        n = getattr(action, "count", None)
        assert isinstance(n, ast.Int), construct.rule
        count *= n.value
    return event, count


# what an emitted event brings at once, inside the same cascade
_BRINGS = {"clear": "bonus"}


class Cascades:
    """Cascade bounds of one rule set: `hooks` are (event, actions) of every hook in force."""

    __slots__ = ("_bounds", "_hooks", "_open")

    def __init__(self, hooks: Iterable[tuple[str, tuple[ast.Action, ...]]]) -> None:
        self._hooks: dict[str, list[tuple[ast.Action, ...]]] = {}
        for event, actions in hooks:
            self._hooks.setdefault(event, []).append(actions)
        self._bounds: dict[str, int] = {}
        self._open: set[str] = set()

    def _leaf(self, action: ast.Action) -> int:
        emitted = emits(action)
        if emitted is None:
            return 0
        event, count = emitted
        return count * self.event_bound(event)

    def event_bound(self, event: str) -> int:
        """The actions one `event` can set off inside a cascade: all its hooks and, through
        what they emit, theirs (`take_up` not followed: `hook_bound` counts it). A cycle
        (already LR203) counts its closing edge as 0."""
        if event in self._bounds:
            return self._bounds[event]
        if event in self._open:
            return 0
        self._open.add(event)
        total = sum(hook_work(actions, self._leaf) for actions in self._hooks.get(event, ()))
        brought = _BRINGS.get(event)
        if brought is not None:
            total += self.event_bound(brought)
        self._open.discard(event)
        self._bounds[event] = total
        return total

    def hook_bound(self, actions: tuple[ast.Action, ...]) -> int:
        """An upper bound of the actions one cascade started by a hook with `actions` runs."""
        take_ups = MAX_PLAYERS * self.event_bound("take_up")
        return hook_work(actions, self._leaf) + take_ups

    def heaviest(self, actions: tuple[ast.Action, ...]) -> tuple[str, int] | None:
        """The event the actions emit whose hooks weigh most, with that weight (for the
        message), or None when they emit none that has hooks."""
        found: dict[str, int] = {}
        for action in ast.walk_actions(actions):
            emitted = emits(action)
            if emitted is not None:
                found[emitted[0]] = self.event_bound(emitted[0])
        found = {e: w for e, w in found.items() if w}
        if not found:
            return None
        event = max(found, key=found.__getitem__)
        return event, found[event]
