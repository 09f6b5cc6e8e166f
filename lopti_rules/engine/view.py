"""What one seat may see, and the game's readable text form.

`View(game, seat)` is a cheap, live, read-only window: it copies nothing when made and reads
the game as it is at each access, so one view per seat serves a whole round and bots pay
nothing for what they do not read. It shows the seat's own hand, every face-up card, the
pile, and only counts for other hands, every face-down zone (the seat's own included: S3,
nobody looks) and the deck. Every property returns a fresh copy, so a bot cannot change the
game through it.
`render(game)` is `str(game)`: the whole table, hidden cards included, for debugging.
"""

from __future__ import annotations

from lopti_rules.engine.cards import RANK_NAMES, hand_ranks
from lopti_rules.engine.legality import top_run
from lopti_rules.engine.state import State
from lopti_rules.engine.variants import BASE, Variants


def _names(ranks: list[int]) -> str:
    return " ".join(RANK_NAMES[r] for r in ranks) or "-"


class View:
    """A player's view of the table: nothing here reveals a hidden card."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: State, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def hand(self) -> list[int]:
        """The seat's own hand, lowest rank first."""
        return hand_ranks(self._game.hands[self.seat])

    def hand_count(self, rank: int) -> int:
        return self._game.hands[self.seat][rank]

    @property
    def hand_sizes(self) -> list[int]:
        return list(self._game.hand_sizes)

    @property
    def face_up(self) -> list[list[int]]:
        return [sorted(u) for u in self._game.face_up]

    @property
    def face_down_counts(self) -> list[int]:
        return [len(d) for d in self._game.face_down]

    @property
    def pile(self) -> list[tuple[int, int]]:
        """The plays on the pile as (rank, count), bottom -> top."""
        return list(zip(self._game.pile_ranks, self._game.pile_counts, strict=True))

    @property
    def pile_size(self) -> int:
        return self._game.pile_size()

    @property
    def top(self) -> int | None:
        ranks = self._game.pile_ranks
        return ranks[-1] if ranks else None

    @property
    def top_run(self) -> int:
        """Cards in the unbroken same-rank stack on top of the pile (0 when empty)."""
        return top_run(self._game.pile_ranks, self._game.pile_counts)

    @property
    def deck_size(self) -> int:
        return len(self._game.deck)

    @property
    def removed_size(self) -> int:
        return self._game.removed_count()

    @property
    def chain(self) -> int:
        return self._game.chain

    @property
    def obligation(self) -> bool:
        return self._game.obligation

    @property
    def low(self) -> bool:
        return self._game.low

    @property
    def turn(self) -> int:
        return self._game.turn

    @property
    def direction(self) -> int:
        """1: clockwise; -1 after a reverse variant turned it (VR1)."""
        return self._game.direction

    @property
    def variants(self) -> Variants | None:
        """The base variants in force (docs/variants.md; None: base Lopti): public, like the
        rulebook on the table."""
        vt = self._game.vt
        return None if vt is BASE else vt.variants

    @property
    def bonus(self) -> bool:
        return self._game.bonus

    @property
    def drawn(self) -> bool:
        return self._game.drawn

    @property
    def setup(self) -> bool:
        return self._game.setup

    @property
    def finished(self) -> list[int]:
        return list(self._game.finished)

    def __str__(self) -> str:
        g = self._game
        lines = [f"seat {self.seat}: hand {_names(self.hand)}"]
        for seat in range(g.players):
            lines.append(
                f"  seat {seat}: {g.hand_sizes[seat]} in hand, face-up "
                f"{_names(sorted(g.face_up[seat]))}, {len(g.face_down[seat])} face-down"
            )
        lines.append(f"  pile {_pile(g)}; deck {len(g.deck)}; chain {g.chain}")
        return "\n".join(lines)


def _pile(game: State) -> str:
    plays = [
        " ".join([RANK_NAMES[r]] * c)
        for r, c in zip(game.pile_ranks, game.pile_counts, strict=True)
    ]
    return " | ".join(plays) if plays else "empty"


def render(game: State) -> str:
    """The whole table as text, hidden cards included."""
    flags = [
        name
        for name, on in (
            ("setup", game.setup),
            ("low rule", game.low),
            ("3-obligation", game.obligation),
            ("bonus play", game.bonus),
            ("drawn", game.drawn),
            ("over", game.over),
        )
        if on
    ]
    lines = [
        f"round {game.round}, dealer {game.dealer}, seat {game.turn} to act"
        + (f" ({', '.join(flags)})" if flags else "")
    ]
    for seat in range(game.players):
        hand = hand_ranks(game.hands[seat])
        mark = " out" if game.out[seat] else ""
        lines.append(
            f"  seat {seat}{mark}: hand {_names(hand)} | face-up "
            f"{_names(sorted(game.face_up[seat]))} | face-down {_names(game.face_down[seat])}"
        )
    lines.append(f"  pile: {_pile(game)}")
    lines.append(
        f"  deck {len(game.deck)}, removed {game.removed_count()}, "
        f"chain {game.chain}, finished {game.finished or '-'}"
    )
    return "\n".join(lines)
