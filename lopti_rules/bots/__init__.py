"""Bots: seat players for simulations and `lopti play`, behind one small interface.

A bot takes a seat's `View` (which hides what the seat may not see), the legal moves and a
seeded `random.Random`, and returns one of those moves; `choose_swap` picks the optional
setup swap (S4) or None. Same view, moves and RNG state give the same choice. `BOTS` maps the
names used on the command line to bot classes; `make_bots` parses `greedy,random,...`.
`run_round` (in `runner`) plays a round with them to its end. `easy`, `medium` and `hard` are
the searching bot's levels (`search.py`), each with a time budget per decision and the
iteration count it buys; `search.seat_bots` seats them at a table's bus.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from lopti_rules.bots.bot import Bot
from lopti_rules.bots.greedy import GreedyBot
from lopti_rules.bots.randombot import RandomBot
from lopti_rules.bots.search import LEVELS, SearchBot
from lopti_rules.i18n import _, pgettext

BOTS: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
BOTS.update({level: partial(SearchBot, level) for level in LEVELS})  # the searching levels


def make_bots(spec: str, players: int, *, budget: str = "iterations") -> list[Bot]:
    """`greedy` (every seat) or one name per seat, comma-separated; ValueError otherwise.
    `budget` is the searching levels' (`search.BUDGETS`: their iterations, or their time)."""
    names = [part.strip().lower() for part in spec.split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(
            _("--bots names {n} bots for {players} players").format(n=len(names), players=players)
        )
    bots: list[Bot] = []
    for name in names:
        cls = BOTS.get(name)
        if cls is None:
            raise ValueError(
                _("`{name}` is not a bot (choose from {kinds})").format(
                    name=name, kinds=", ".join(sorted(BOTS))
                )
            )
        bots.append(SearchBot(name, budget=budget) if name in LEVELS else cls())
    return bots


def told_kind(kind: str) -> str:
    """A bot kind as people read it, in the language in use (`greedy` -> Italian "avido");
    a name that is not a kind, as it is."""
    words = {
        "greedy": pgettext("bot kind", "greedy"),
        "random": pgettext("bot kind", "random"),
        "easy": pgettext("bot kind", "easy"),
        "medium": pgettext("bot kind", "medium"),
        "hard": pgettext("bot kind", "hard"),
    }
    return words.get(kind.strip().lower(), kind)


def told_kinds(spec: str) -> str:
    """`--bots greedy,random` as people read it: each kind in the language in use."""
    return ", ".join(told_kind(part) for part in spec.split(","))


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "make_bots",
    "told_kind",
    "told_kinds",
]
