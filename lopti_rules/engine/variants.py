"""Base variants: base-rule changes a table adopts by Rule Vote (V2), compiled once per game.

`Variants` is the plain description (ranks as ints, None for "no such rank"); its defaults are
RULES.md, so `Variants()` is base Lopti. `compile_variants` turns one into a `VariantTable`, the
precomputed table the engine's loop reads: a role per rank (reset, pass, low, clear, skip,
reverse, or normal), the burn count, the switches, and the legality rows (per kind of
table, the fewest cards a play of each rank must hold: `legality.least` reads them). Base
Lopti is the table of `Variants()`, `BASE`, with the base roles (2 resets, 3 passes, 7 is
low, 10 clears): every game runs the one code path of `legality.py` and `flow.py` on its
table. The clauses each variant replaces are in docs/variants.md. `seen_index` is where the
glass rank looks through to (VG1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.i18n import _

Starter = Literal["winner", "loser", "lowest", "left"]
Draw = Literal["one", "refill"]

Dealer = Literal["rotate", "loser"]

# a rank's role in the variant engine (index: rank 0..14)
NORMAL, RESET, PASS, LOW, CLEAR, GLASS = 0, 1, 2, 3, 4, 5
NEVER = 5  # in a legality row: more cards than a play holds, so no play of the rank is legal
SPECIAL_FIELDS: tuple[str, ...] = ("reset", "pass_on", "low", "clear", "glass")
RANK_FIELDS: tuple[str, ...] = (*SPECIAL_FIELDS, "skip", "reverse", "name_next")


@dataclass(frozen=True, slots=True)
class Variants:
    """The base rules a vote can change (docs/variants.md). Defaults: RULES.md."""

    reset: int | None = 2  # X2: the rank after which anything goes
    pass_on: int | None = 3  # X3: the rank that passes the pickup on (3-obligation)
    low: int | None = 7  # X7: the rank that forces the next play low
    clear: int | None = 10  # X10: the rank that clears the pile
    glass: int | None = None  # VG: a rank that takes the rank of the play under it
    skip: int | None = None  # each card of this rank skips one more player
    reverse: int | None = None  # this rank turns the direction of play
    name_next: int | None = None  # VN1: this rank's player names who plays next
    jump_in: bool = False  # VJ1: the top play's rank may be played out of turn
    burn: int = 4  # C1b: cards in the top run that clear it
    four_on_anything: bool = False  # a play of four of a kind is legal on anything
    must_play: bool = False  # no voluntary pickup (T2)
    face_down: int = 3  # S3
    face_up: int = 3
    hand: int = 3  # also T4's "fewer than 3" and the refill size
    choose_face_up: bool = False  # VD3: face-up cards chosen from a larger hand, no swap
    starter: Starter = "winner"  # S6: who opens a later round; `lowest`: also round 1
    dealer: Dealer = "rotate"  # S5: the next seat deals, or the last round's loser (VW3)
    draw: Draw = "one"  # T4: one card, or up to the hand size

    def __post_init__(self) -> None:
        # which ranks may share a rank (VR4) is the table's boundary's to say (packs/pack.py
        # `rank_clash`); here a rank with two roles keeps the last, two turn effects the first
        for name in RANK_FIELDS:
            rank = getattr(self, name)
            if rank is not None and rank not in RANK_NAMES:
                raise ValueError(f"`{name}` must be a rank (2..14) or none, not {rank!r}")
        if not 2 <= self.burn <= 4:
            raise ValueError("`burn` must be 2, 3 or 4 cards")
        if self.face_down < 1 or self.face_up < 0 or self.hand < 1:
            raise ValueError("a deal gives at least one face-down and one hand card")

    def changed(self) -> dict[str, object]:
        """The fields that differ from base Lopti, in declaration order."""
        base = Variants()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    def shown(self) -> dict[str, str]:
        """The changed fields as `--base` writes them: ranks by name, none, on/off."""
        return {name: show_value(name, value) for name, value in self.changed().items()}

    def describe(self) -> str:
        """`skip=8, reverse=J` (empty for base Lopti)."""
        return ", ".join(f"{k}={v}" for k, v in self.shown().items())

    def asks(self) -> bool:
        """Whether these variants ask players to choose (VN1, VJ1, VD3; engine/asks.py)."""
        return self.name_next is not None or self.jump_in or self.choose_face_up

    def dealt(self) -> int:
        """Cards dealt to each player."""
        return self.face_down + self.face_up + self.hand


def show_value(name: str, value: object) -> str:
    """A variant's value as a person writes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if name in RANK_FIELDS and isinstance(value, int):
        return RANK_NAMES[value]
    return str(value)


def told_value(name: str, value: object) -> str:
    """A variant's value for a person to read, in the language in use (`on` -> "an")."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return show_value(name, value)


class VariantTable:
    """What the engine reads of the variants in force, precomputed once per game."""

    __slots__ = (
        "beat_rows",
        "burn",
        "choose_up",
        "draw_refill",
        "four",
        "four_any",
        "glass",
        "hand",
        "jump_in",
        "low_ceiling",
        "low_row",
        "must_play",
        "name_next",
        "open_row",
        "pass_row",
        "reverse",
        "role",
        "skip",
        "variants",
    )

    def __init__(self, v: Variants) -> None:
        self.variants = v
        role = [NORMAL] * 15
        for name, code in zip(SPECIAL_FIELDS, (RESET, PASS, LOW, CLEAR, GLASS), strict=True):
            rank = getattr(v, name)
            if rank is not None:
                role[rank] = code
        self.role = role
        self.low_ceiling = v.low if v.low is not None else 0
        self.skip = v.skip or 0
        self.glass = v.glass or 0
        self.name_next = v.name_next or 0
        self.jump_in = v.jump_in
        self.choose_up = v.choose_face_up
        self.reverse = v.reverse or 0
        self.burn = v.burn
        self.four_any = v.four_on_anything
        self.must_play = v.must_play
        self.hand = v.hand
        self.draw_refill = v.draw == "refill"
        # the legality rows (P2-P8 as the variants restate them, VP1-VP6): per rank, the
        # fewest cards a play of it must hold on each kind of table, NEVER when none may be
        # played. Four of a kind goes on anything but an obligation with `four_on_anything`
        # (VF1); the glass rank on anything but an obligation (VG1); a pass rank on anything.
        self.four = four = 4 if v.four_on_anything else NEVER
        ceiling = self.low_ceiling
        anywhere = (PASS, GLASS, RESET, LOW, CLEAR)  # P4, and the glass and pass ranks
        self.open_row = [1] * 15  # an empty pile: any play (P2)
        self.pass_row = [1 if role[r] == PASS else NEVER for r in range(15)]  # P7
        self.low_row = [  # P6: the low rank or lower, the reset rank anyway (D1), never a clear
            1 if role[r] in (PASS, GLASS, RESET) or (r <= ceiling and role[r] != CLEAR) else four
            for r in range(15)
        ]
        # on a top play of each rank (P3a, P4, P5), one row for each number of cards a play
        # of the top's own rank needs (P3b/c: `least` works it out), 1 to 4; on a pile of
        # glass only (or a pass rank) its own rank goes on anything too
        self.beat_rows: list[list[list[int]]] = []
        for top in range(15):
            row = [
                1 if r > top or role[r] in anywhere or role[top] == RESET else four
                for r in range(15)
            ]
            free = role[top] in (GLASS, PASS)
            rows = [[*row[:top], 1 if free else same, *row[top + 1 :]] for same in range(5)]
            self.beat_rows.append(rows)


BASE = VariantTable(Variants())  # base Lopti: the base roles, no switch on


def compile_variants(v: Variants | None) -> VariantTable:
    """The table for `v`: `BASE` when `v` is base Lopti (None, or who deals aside: that is
    the session's, not the round's, VW3)."""
    if v is None or replace(v, dealer="rotate") == Variants():
        return BASE
    return VariantTable(v)


def starter_rank_seat(hands: list[list[int]], first: int) -> int:
    """`starter: lowest`: the seat holding the lowest hand card; ties go to the first seat
    clockwise from `first` (the dealer's left)."""
    n = len(hands)
    best, best_rank = first, 99
    for i in range(n):
        seat = (first + i) % n
        low = min((r for r in range(2, 15) if hands[seat][r]), default=99)
        if low < best_rank:
            best, best_rank = seat, low
    return best


def seen_index(pile_ranks: list[int], glass: int) -> int:
    """VG1: the index of the play a glass rank on top takes its rank from: the topmost play
    not of rank `glass` (0: no glass rank), or the top play when the pile holds only glass
    (a glass on an empty pile is its own rank). -1 for an empty pile."""
    i = len(pile_ranks) - 1
    if not glass:
        return i
    while i >= 0 and pile_ranks[i] == glass:
        i -= 1
    return i if i >= 0 else len(pile_ranks) - 1
