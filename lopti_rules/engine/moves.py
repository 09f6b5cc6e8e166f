"""Moves: what a seat can ask the engine to do, and the error for asking wrongly.

A move is a small frozen, slotted value: `Play(rank, count)` (cards of one rank from the
hand), `PickUp()`, `Reveal(index)` (turn face-down card `index`, 0-based into the cards as now
held) and `Swap(seat, hand_rank, face_up_rank)` (the optional setup swap, S4). The engine
hands out pre-built, interned instances (`PLAYS[rank][count]`, `PICKUP`, `REVEALS[i]`,
`SWAPS[seat][hand_rank][face_up_rank]`) so legal-move generation allocates nothing; equal
moves built by callers work the same.
`IllegalMoveError` (a `ValueError`) names the move, the reason and the clause it enforces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lopti_rules.engine.cards import RANK_NAMES, RANKS
from lopti_rules.i18n import _


class IllegalMoveError(ValueError):
    """A move the rules forbid; the message names the move, the reason and the clause id."""


@dataclass(frozen=True, slots=True)
class Play:
    rank: int
    count: int

    # equality is written out (not the dataclass's): `apply` looks a move up in the legal
    # list, and these answer without building tuples or trying the reflected comparison;
    # the hash is written out with it (mypyc does not derive one from the dataclass)
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Play) and self.rank == other.rank and self.count == other.count

    def __hash__(self) -> int:
        return hash((Play, self.rank, self.count))

    def __str__(self) -> str:
        return " ".join([RANK_NAMES.get(self.rank, str(self.rank))] * max(self.count, 1))


@dataclass(frozen=True, slots=True)
class PickUp:
    def __eq__(self, other: object) -> bool:
        return isinstance(other, PickUp)

    def __hash__(self) -> int:
        return hash(PickUp)

    def __str__(self) -> str:
        return "pick up"


@dataclass(frozen=True, slots=True)
class Reveal:
    index: int

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Reveal) and self.index == other.index)

    def __hash__(self) -> int:
        return hash((Reveal, self.index))

    def __str__(self) -> str:
        return f"reveal face-down card {self.index}"


@dataclass(frozen=True, slots=True)
class Swap:
    seat: int
    hand_rank: int
    face_up_rank: int

    def __str__(self) -> str:
        hand = RANK_NAMES.get(self.hand_rank, str(self.hand_rank))
        up = RANK_NAMES.get(self.face_up_rank, str(self.face_up_rank))
        return f"seat {self.seat} swaps hand {hand} for face-up {up}"


Move = Play | PickUp | Reveal | Swap

MAX_COUNT = 4  # at most four cards of a rank exist (S1)
# PLAYS[rank][count] for rank 2..14 and count 1..4 (index 0 unused)
PLAYS: list[list[Play]] = [
    [Play(rank, count) for count in range(MAX_COUNT + 1)] for rank in range(max(RANKS) + 1)
]
PICKUP = PickUp()
REVEALS: list[Reveal] = [Reveal(i) for i in range(52)]
MAX_SEATS = 5  # S1
# SWAPS[seat][hand_rank][face_up_rank] for seats 0..4 and ranks 2..14
SWAPS: list[list[list[Swap]]] = [
    [[Swap(seat, hand, up) for up in range(max(RANKS) + 1)] for hand in range(max(RANKS) + 1)]
    for seat in range(MAX_SEATS)
]


def play_of(ranks: Sequence[int]) -> Play:
    """The play of these ranks; IllegalMoveError (P1) when empty or of mixed ranks."""
    if not ranks:
        raise IllegalMoveError(_("cannot play nothing: a play needs at least one card (P1)"))
    first = ranks[0]
    if any(r != first for r in ranks):
        shown = " ".join(RANK_NAMES.get(r, str(r)) for r in ranks)
        raise IllegalMoveError(
            _("cannot play {cards}: a play is cards of one rank (P1, D23)").format(cards=shown)
        )
    if first not in RANK_NAMES:
        raise IllegalMoveError(_("cannot play {cards}: it is not a rank (S1)").format(cards=first))
    if len(ranks) <= MAX_COUNT:
        return PLAYS[first][len(ranks)]
    return Play(first, len(ranks))
