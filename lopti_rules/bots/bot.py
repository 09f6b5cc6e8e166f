"""The bot interface: what every seat player (`GreedyBot`, `RandomBot`, `SearchBot`) offers.

A bot takes a seat's `View` (which hides what the seat may not see), the legal moves and a
seeded `random.Random`, and returns one of those moves; `choose_swap` picks the optional
setup swap (S4) or None. Same view, moves and RNG state give the same choice. Its own module,
below the bots that implement it and the modules that seat them (choices.py, search.py).
"""

from __future__ import annotations

import random
from typing import Protocol

from lopti_rules.engine import Move, Swap, View


class Bot(Protocol):
    """The bot interface."""

    name: str

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move: ...

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None: ...
