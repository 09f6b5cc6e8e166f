"""A position: a complete, plain description of a table mid-round.

This is the engine's boundary type for setting up and reading back a table (conformance
scenarios, tests, saved games). It is deliberately dumb data with no behaviour: the engine
builds its fast internal state from a `Position` (`Game.from_position`) and reports its state
as one (`Game.position()`). Ranks are ints 2..14 (see `cards`). Seats are 0..players-1,
clockwise. Zones that are multisets (hands, face-up) compare order-insensitively in tests; the
order of `face_down` matters (a reveal names a 0-based index) and `deck` is top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lopti_rules.engine.variants import Variants


@dataclass(frozen=True, slots=True)
class Waiting:
    """A decision the end of a turn waits for, before the next player's turn begins (the
    variants' asks, docs/variants.md): `purpose` `name_next` (the player whose turn ends, the
    position's `turn`, names who plays next, VN1) or `jump_in` (seat `asked` says whether it
    jumps in, VJ1); `next` is the player whose turn is next so far (the one a naming names
    when nobody answers; the one who plays when nobody jumps in)."""

    purpose: str
    next: int
    asked: int


@dataclass(slots=True)
class Position:
    players: int
    hands: list[list[int]]
    face_up: list[list[int]]
    face_down: list[list[int]]
    pile: list[list[int]] = field(default_factory=list)  # plays, bottom -> top
    deck: list[int] = field(default_factory=list)  # top first
    turn: int = 0  # seat to act
    dealer: int = 0
    round: int = 1
    chain: int = 0  # 3s chained beside the pile now (X3.5)
    obligation: bool = False  # a 3-obligation is on the seat to act (X3.3)
    low: bool | None = None  # the 7-rule is pending; None: derived (top play is 7s)
    removed: list[int] = field(default_factory=list)  # ranks out of the round (C4, X3.2)
    removed_unknown: int = 0  # further removed cards whose ranks are not known
    drawn: bool = False  # the seat to act's chance to draw (T4) has passed this turn
    bonus: bool = False  # the seat to act is on a bonus play (T5)
    finished: list[int] = field(default_factory=list)  # seats out, in order
    setup: bool = False  # no play yet: setup swaps (S4) allowed
    swapped: list[int] = field(default_factory=list)  # seats that made their setup swap
    places: bool = False  # table option: play on for places (D28)
    author: int = 0  # the seat that made the custom rules in force (LANGUAGE.md `author`)
    last_winner: int | None = None  # the previous round's winner (LANGUAGE.md `last winner`)
    last_loser: int | None = None  # the previous round's last place (`last loser`)
    variants: Variants | None = None  # base variants in force (None: base Lopti)
    direction: int = 1  # 1: clockwise; -1: a reverse variant turned it
    jumping: bool = False  # the seat to act jumped in: it plays the top play again (VJ2)
    waiting: Waiting | None = None  # the turn of `turn` is ending, waiting for this answer

    @property
    def removed_count(self) -> int:
        return len(self.removed) + self.removed_unknown
