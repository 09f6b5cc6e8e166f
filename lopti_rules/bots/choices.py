"""Card choices a house rule asks of a seat: which cards it gives or discards.

A rule's `gives N` or `discards N` without `lowest`/`highest` lets the player choose
(LANGUAGE.md §4). `chooser(bots, seed)` is the runtime's `Chooser` for a table of bots: it
asks the policy of the seat's bot kind, through the seat's own `View` (never another hand).
The greedy and searching bots part with the cards they value least (`greedy.KEEP`: low
normal ranks first, the specials 2, 3, 7 and 10 last); the random bot picks any cards, by an
RNG seeded from the game seed. A seat that is not a bot (or an unknown kind) gets None, and
the engine takes the lowest ranks, as in a scenario.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lopti_rules.bots.greedy import KEEP

if TYPE_CHECKING:
    from lopti_rules.bots import Bot
    from lopti_rules.engine import Game, View
    from lopti_rules.runtime import Chooser


def least_valued(view: View, n: int) -> list[int]:
    """The `n` hand cards the seat values least (greedy and searching bots)."""
    return sorted(view.hand, key=lambda rank: (KEEP[rank], rank))[:n]


def any_cards(view: View, n: int, rng: random.Random) -> list[int]:
    """`n` hand cards at random (the random bot)."""
    hand = view.hand
    return rng.sample(hand, min(n, len(hand)))


def chooser(bots: Sequence[Bot | None], seed: int) -> Chooser:
    """The runtime's chooser for `bots` (one per seat, in seat order; None: a person, who
    is not asked here)."""
    rng = random.Random(f"lopti-choices-{seed}")

    def choose(game: Game, seat: int, n: int, purpose: str) -> list[int] | None:
        bot = bots[seat] if 0 <= seat < len(bots) else None
        if bot is None:
            return None
        view = game.view(seat)
        kind = bot.name
        if kind == "random":
            return any_cards(view, n, rng)
        if kind in ("greedy", "easy", "medium", "hard"):
            return least_valued(view, n)
        return None

    return choose
