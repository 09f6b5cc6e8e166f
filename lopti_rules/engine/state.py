"""One round's state, and the questions it answers: the bottom of the engine's class chain.

`State` holds the table as plain ints and lists (hands are per-rank count lists, suits do
not matter: S1): the zones, the pile as plays (ranks and counts, bottom to top), the turn,
the flags the rules read (chain, obligation, low rule, bonus, the base variants' direction
and jump-in), who has finished, and the counts so far. Its methods only read it: the seats
in the direction of play, a seat's cards, the pile's size and top.

It is the narrow read API of the engine's helpers: `legality.py` (the legal moves),
`view.py` (what a seat sees) and `build.py` (positions) take a `State`, never the game that
resolves moves (`flow.py`) or its public face (`game.py`), so no module of the engine
imports a module above it (tests/test_architecture.py).
"""

from __future__ import annotations

import random

from lopti_rules.engine.position import Waiting
from lopti_rules.engine.variants import BASE, VariantTable

# the counts so far a game keeps, in `State.counts` / `State.seat_counts` order
COUNTS = (
    "turn_plays", "turn_pickups", "turn_clears", "round_plays", "round_pickups", "round_clears",
)  # fmt: skip


class State:
    """One round's table: what a position states, and the counts the rule language reads."""

    __slots__ = (
        "author",
        "bonus",
        "bonus_table",
        "chain",
        "clears",
        "counts",
        "dealer",
        "deck",
        "direction",
        "drawn",
        "face_down",
        "face_up",
        "finished",
        "hand_sizes",
        "hands",
        "jumping",
        "last_loser",
        "last_winner",
        "low",
        "obligation",
        "out",
        "over",
        "pickups",
        "pile_counts",
        "pile_ranks",
        "places_option",
        "played",
        "players",
        "removed",
        "removed_unknown",
        "rng",
        "round",
        "seat_counts",
        "seed",
        "setup",
        "swapped",
        "titles",
        "turn",
        "turns",
        "vt",
        "waiting",
        "winner",
    )

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self.rng = rng
        self.seed = 0
        self.hands: list[list[int]] = [[0] * 15 for _ in range(players)]
        self.hand_sizes = [0] * players
        self.face_up: list[list[int]] = [[] for _ in range(players)]
        self.face_down: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []  # top is the END of the list
        self.pile_ranks: list[int] = []  # one entry per play, bottom -> top
        self.pile_counts: list[int] = []
        self.removed: list[int] = []
        self.removed_unknown = 0
        self.turn = 0
        self.dealer = 0
        self.round = 1
        self.chain = 0
        self.obligation = False
        self.low = False
        self.drawn = False
        self.bonus = False
        self.finished: list[int] = []
        self.out = [False] * players
        self.over = False
        self.winner: int | None = None
        self.setup = False
        self.swapped: list[int] = []
        self.places_option = False
        self.author = 0
        self.last_winner: int | None = None
        self.last_loser: int | None = None  # the previous round's last place, if known
        # titled roles a rule assigned (`becomes the "question master"`): title -> holder
        self.titles: dict[str, int] = {}
        # the table is empty from a clear whose bonus play (or, after W3, the next opening)
        # has not been made yet: nothing may be put on it (C5, T5)
        self.bonus_table = False
        # counters for simulation statistics (cheaper than hooks: no event is built)
        self.turns = 0  # turns ended (each `after turn` moment)
        self.pickups = 0  # piles picked up, for any reason
        self.clears = 0  # piles cleared, by base play or custom action
        # the rule language's counts so far (COUNTS names them): the table's, and per seat
        self.counts = [0] * len(COUNTS)
        self.seat_counts = [[0] * len(COUNTS) for _ in range(players)]
        self.played = [0] * 15  # cards of each rank (index: rank) played this round
        # the ranks' roles and the switches in force (variants.py): base Lopti's, or a
        # variant table's; one code path reads either
        self.vt: VariantTable = BASE
        self.direction = 1  # 1: clockwise (S7); -1 after a reverse (VR1)
        self.jumping = 0  # the top rank a seat jumped in to play, out of turn (VJ1); 0: none
        # the decision the end of a turn waits for (a naming, a jump-in window): set while
        # it is asked, and in a game built from a position that waits (`answer` goes on)
        self.waiting: Waiting | None = None

    @property
    def places(self) -> list[int]:
        """Seats in finishing order; with the round over, the seats left follow clockwise."""
        if not self.over:
            return list(self.finished)
        rest = [s for s in self.active_from(self.turn) if s not in self.finished]
        return self.finished + rest

    def is_over(self) -> bool:
        return self.over

    # -- seats ---------------------------------------------------------------------------------
    def next_active(self, seat: int) -> int:
        """The next seat in the direction of play (clockwise, S7, unless a reverse variant
        turned it) after `seat` that has not gone out (D27)."""
        n = self.players
        out = self.out
        step = self.direction
        nxt = (seat + step) % n
        while out[nxt] and nxt != seat:
            nxt = (nxt + step) % n
        return nxt

    def active_from(self, seat: int) -> list[int]:
        """Seats still in the round, clockwise, starting with `seat`."""
        n = self.players
        return [(seat + i) % n for i in range(n) if not self.out[(seat + i) % n]]

    def round_from(self, seat: int) -> list[int]:
        """The active seats in the direction of play, starting with `seat`."""
        seats = [seat]
        nxt = self.next_active(seat)
        while nxt not in seats:
            seats.append(nxt)
            nxt = self.next_active(nxt)
        return seats

    def players_in(self) -> int:
        """Players still in the round."""
        return self.players - self.out.count(True)

    def cards_of(self, seat: int) -> int:
        return self.hand_sizes[seat] + len(self.face_up[seat]) + len(self.face_down[seat])

    # -- the pile --------------------------------------------------------------------------------
    def pile_size(self) -> int:
        """Cards on the pile."""
        return sum(self.pile_counts)

    def top(self) -> int | None:
        """The rank of the pile's top play (None: an empty pile)."""
        return self.pile_ranks[-1] if self.pile_ranks else None

    def pile_cards(self) -> list[int]:
        cards: list[int] = []
        for rank, count in zip(self.pile_ranks, self.pile_counts, strict=True):
            cards.extend([rank] * count)
        return cards

    def removed_count(self) -> int:
        """Cards out of the round, known or not (the chain's 3s and cleared piles)."""
        return len(self.removed) + self.removed_unknown
