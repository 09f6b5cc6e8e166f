"""What a running hook can see: the hooked event, the table, the players, and its own roles.

Takes nothing at compile time; at run time each hook firing gets one `Ctx`: the game, the
event's actor and raw values, the rule's author seat, and (as the hook's actions run) the player
being visited by an `each`/`every` action, the `winner`/`loser` of a `roshambo` block and
the player chosen in a `chooses a player` block.

Values, as conditions compare them: ranks are ints 2..14 (so they compare by value, S2), counts
are ints, flags are bools, symbols (`ten`, `voluntary`, ...) are strings, `top` of an empty
pile is `None` (the symbol `none`), and `MISSING` stands for a field of a role that matches
nobody (LANGUAGE.md §4: comparisons on it are false).

The fields a condition reads are in fields.py, read at the moment it is tested, never cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from lopti_rules.engine.events import Event, gate_args
from lopti_rules.runtime.guard import Guard

if TYPE_CHECKING:
    from lopti_rules.engine.game import Game


class _Missing:
    """The value of a field of a role that matches nobody."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = _Missing()


class Ctx:
    """One hook firing: the state its conditions, targets and actions read. The hooked
    event is its raw values, as the hook's gate saw them: its actor and `f0..f2`, the
    event's `GATE_FIELDS` in order (None past them)."""

    __slots__ = (
        "actor",
        "author",
        "chosen",
        "f0",
        "f1",
        "f2",
        "game",
        "loser",
        "rt",
        "visited",
        "winner",
    )

    def __init__(
        self,
        rt: Guard,
        game: Game,
        actor: int | None,
        f0: object,
        f1: object,
        f2: object,
        author: int,
    ) -> None:
        self.rt = rt
        self.game = game
        self.actor = actor
        self.f0, self.f1, self.f2 = f0, f1, f2
        self.author = author
        self.visited: int | None = None  # the player an each/every action is visiting
        self.winner: int | None = None  # inside a roshambo block
        self.loser: int | None = None
        self.chosen: int | None = None  # inside a `chooses a player` block

    @classmethod
    def of_event(cls, rt: Guard, game: Game, event: Event, author: int) -> Ctx:
        """The firing of a hook on `event` (its raw values read back from its fields)."""
        return cls(rt, game, event.actor, *gate_args(event), author)


def active(game: Game, seat: int | None) -> bool:
    """Whether `seat` is a seat of this table still in the round."""
    return seat is not None and 0 <= seat < game.players and not game.out[seat]


def next_of(game: Game, seat: int | None, step: int) -> int | None:
    """The first player still in the round after `seat` (`step` 1: in the direction of play,
    clockwise unless a reverse variant turned it; -1: against it), never `seat` itself; None
    when nobody else is in."""
    if seat is None:
        return None
    step *= game.direction
    n = game.players
    out = game.out
    for i in range(1, n):
        other = (seat + step * i) % n
        if not out[other]:
            return other
    return None
