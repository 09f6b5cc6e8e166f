"""The reads: every table field, player field and role as one expression over the game.

Takes nothing; it is the one table conditions are compiled against (conditions.py turns a
resolved condition into a Python function built from these expressions). In an expression,
`g` is the game, `a` the hooked event's actor, `v` the player an `each` is visiting, `w`/`l`
the winner and loser inside a roshambo block (None outside one), `{s}` a player field's seat.

Values, as conditions compare them: ranks are ints 2..14 (so they compare by value, S2),
counts are ints, flags are bools, symbols (`ten`, `voluntary`, ...) are strings, `top` of an
empty pile is `None` (the symbol `none`). A role matching nobody has the seat None.

To add a field: add it to the catalogue (language/catalog.py) and give its read here, using
the game's public state or its read API (`Game.top()`, `removed_count()`, `players_in()`).
"""

from __future__ import annotations

from typing import NamedTuple

from lopti_rules.engine.game import COUNTS
from lopti_rules.engine.legality import top_run
from lopti_rules.language import catalog
from lopti_rules.runtime.context import next_of
from lopti_rules.runtime.targets import (
    author_seat,
    dealer_seat,
    extreme_seat,
    last_loser_seat,
    last_winner_seat,
    title_seat,
)


class Read(NamedTuple):
    expr: str  # a Python expression over `g` (and `{s}` for a player field)
    none: bool = False  # may be None (`top` of an empty pile)


TABLE: dict[str, Read] = {
    "pile": Read("sum(g.pile_counts)"),
    "top": Read("g.top()", none=True),
    "deck": Read("len(g.deck)"),
    "removed": Read("g.removed_count()"),
    "round": Read("g.round"),
    "players": Read("g.players_in()"),
    "chain": Read("g.chain"),
    "low": Read("g.low"),
    "obligation": Read("g.obligation"),
    "run": Read("_top_run(g.pile_ranks, g.pile_counts)"),
    "under": Read("(g.pile_ranks[-2] if len(g.pile_ranks) > 1 else None)", none=True),
    # counts so far this turn / this round (`turn_plays`, ...), kept by the game
    **{name: Read(f"g.counts[{i}]") for i, name in enumerate(COUNTS)},
}

PLAYER: dict[str, str] = {
    "hand": "g.hand_sizes[{s}]",
    "face_up": "len(g.face_up[{s}])",
    "face_down": "len(g.face_down[{s}])",
    "cards": "(g.hand_sizes[{s}] + len(g.face_up[{s}]) + len(g.face_down[{s}]))",
    **{name: f"g.seat_counts[{{s}}][{i}]" for i, name in enumerate(COUNTS)},
    # `sevens of player`: the cards of that rank in the hand (not face-up or face-down)
    **{name: f"g.hands[{{s}}][{rank}]" for name, rank in catalog.RANK_COUNT_FIELDS.items()},
}

# a role's seat; `visited` is the player an `each ... where` visits (bare player fields)
# a titled role's seat key is TITLE + its title (`title:question master`), read by `_title`
TITLE = "title:"
SEATS: dict[str, str] = {
    "player": "a",
    "next player": "_next_of(g, a, 1)",
    "previous player": "_next_of(g, a, -1)",
    "dealer": "_dealer(g)",
    "author": "_author(g, _AUTHOR)",
    "last winner": "_last_winner(g)",
    "last loser": "_last_loser(g)",
    "most cards": "_extreme(g, a, True)",
    "fewest cards": "_extreme(g, a, False)",
    "winner": "w",
    "loser": "l",
    "chosen player": "c",
    "their next player": "_next_of(g, v, 1)",
    "their previous player": "_next_of(g, v, -1)",
    "visited": "v",
}

# the functions the expressions call (the roles' rules live in targets.py, once)
FUNCTIONS: dict[str, object] = {
    "_next_of": next_of,
    "_dealer": dealer_seat,
    "_author": author_seat,
    "_last_winner": last_winner_seat,
    "_last_loser": last_loser_seat,
    "_title": title_seat,
    "_extreme": extreme_seat,
    "_top_run": top_run,
}
