"""The random bot: uniform over the legal moves (and over "no swap" plus every setup swap)."""

from __future__ import annotations

import random

from lopti_rules.engine import Move, Swap, View


class RandomBot:
    name = "random"

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move:
        return moves[rng.randrange(len(moves))]

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None:
        pick = rng.randrange(len(swaps) + 1)
        return swaps[pick] if pick < len(swaps) else None
