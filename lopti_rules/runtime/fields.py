"""The reads: every table field, player field and role as one typed function over the game.

Takes nothing; it is the one table conditions are compiled against (conditions.py closes
over these functions; no source is generated). `TABLE[name](game)` reads a table field,
`PLAYER[name](game, seat)` a player field of a seat, and `SEATS[role](game, a, v, w, lo, c,
author)` a role's seat: `a` is the hooked event's actor, `v` the player an `each` is
visiting, `w`/`l` the winner and loser inside a roshambo block (None outside one), `author`
the rule's author seat. A titled role's seat is `title_seat(game, title)` (targets.py).

Values, as conditions compare them: ranks are ints 2..14 (so they compare by value, S2),
counts are ints, flags are bools, symbols (`ten`, `voluntary`, ...) are strings, `top` of an
empty pile is `None` (the symbol `none`). A role matching nobody has the seat None.

To add a field: add it to the catalogue (language/catalog.py) and give its read here, using
the game's public state or its read API (`Game.top()`, `removed_count()`, `players_in()`).
"""

from __future__ import annotations

from collections.abc import Callable

from lopti_rules.engine.game import Game
from lopti_rules.engine.legality import top_run
from lopti_rules.engine.state import COUNTS
from lopti_rules.language import catalog
from lopti_rules.runtime.context import next_of
from lopti_rules.runtime.targets import (
    author_seat,
    dealer_seat,
    extreme_seat,
    last_loser_seat,
    last_winner_seat,
)

TableRead = Callable[[Game], object]
PlayerRead = Callable[[Game, int], object]
# (game, actor, visited, winner, loser, author) -> the role's seat, None: nobody
SeatRead = Callable[
    [Game, int | None, int | None, int | None, int | None, int | None, int], int | None
]


def _under(g: Game) -> int | None:
    ranks = g.pile_ranks
    return ranks[-2] if len(ranks) > 1 else None


def _third(g: Game) -> int | None:
    ranks = g.pile_ranks
    return ranks[-3] if len(ranks) > 2 else None


def _count(i: int) -> TableRead:
    return lambda g: g.counts[i]


def _seat_count(i: int) -> PlayerRead:
    return lambda g, s: g.seat_counts[s][i]


def _played(rank: int) -> TableRead:
    return lambda g: g.played[rank]


def _rank_count(rank: int) -> PlayerRead:
    return lambda g, s: g.hands[s][rank]


TABLE: dict[str, TableRead] = {
    "pile": lambda g: sum(g.pile_counts),
    "top": lambda g: g.top(),
    "deck": lambda g: len(g.deck),
    "removed": lambda g: g.removed_count(),
    "round": lambda g: g.round,
    "players": lambda g: g.players_in(),
    "chain": lambda g: g.chain,
    "low": lambda g: g.low,
    "obligation": lambda g: g.obligation,
    "run": lambda g: top_run(g.pile_ranks, g.pile_counts),
    "under": _under,
    "third": _third,
    # counts so far this turn / this round (`turn_plays`, ...), kept by the game
    **{name: _count(i) for i, name in enumerate(COUNTS)},
    # `round_kings`: the cards of that rank played this round, kept by the game
    **{name: _played(rank) for name, rank in catalog.ROUND_RANK_FIELDS.items()},
}

PLAYER: dict[str, PlayerRead] = {
    "hand": lambda g, s: g.hand_sizes[s],
    "face_up": lambda g, s: len(g.face_up[s]),
    "face_down": lambda g, s: len(g.face_down[s]),
    "cards": lambda g, s: g.hand_sizes[s] + len(g.face_up[s]) + len(g.face_down[s]),
    **{name: _seat_count(i) for i, name in enumerate(COUNTS)},
    # `sevens of player`: the cards of that rank in the hand (not face-up or face-down)
    **{name: _rank_count(rank) for name, rank in catalog.RANK_COUNT_FIELDS.items()},
}

# a role's seat; `visited` is the player an `each ... where` visits (bare player fields);
# a titled role's seat key is TITLE + its title (`title:question master`)
TITLE = "title:"
SEATS: dict[str, SeatRead] = {
    "player": lambda g, a, v, w, lo, c, author: a,
    "next player": lambda g, a, v, w, lo, c, author: next_of(g, a, 1),
    "previous player": lambda g, a, v, w, lo, c, author: next_of(g, a, -1),
    "dealer": lambda g, a, v, w, lo, c, author: dealer_seat(g),
    "author": lambda g, a, v, w, lo, c, author: author_seat(g, author),
    "last winner": lambda g, a, v, w, lo, c, author: last_winner_seat(g),
    "last loser": lambda g, a, v, w, lo, c, author: last_loser_seat(g),
    "most cards": lambda g, a, v, w, lo, c, author: extreme_seat(g, a, True),
    "fewest cards": lambda g, a, v, w, lo, c, author: extreme_seat(g, a, False),
    "winner": lambda g, a, v, w, lo, c, author: w,
    "loser": lambda g, a, v, w, lo, c, author: lo,
    "chosen player": lambda g, a, v, w, lo, c, author: c,
    "their next player": lambda g, a, v, w, lo, c, author: next_of(g, v, 1),
    "their previous player": lambda g, a, v, w, lo, c, author: next_of(g, v, -1),
    "visited": lambda g, a, v, w, lo, c, author: v,
}
