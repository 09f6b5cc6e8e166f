"""The table a scenario states: its `state` and table options as the engine's `Position`.

Input: a validated `Scenario`. Output: the `Position` the engine builds its game from, with
the chained pass-on cards among the removed ones (X3.2: they have left the round), the
direction of play and the base variants in force. Whether that position is one a game can
reach is the engine's to say (`engine.build.validate_position`, PositionError with the field
it is about): the loader asks it at load, so a scenario stating an impossible table is refused
at the line that states it, whatever the variants.
"""

from __future__ import annotations

from lopti_rules.api import variants_of
from lopti_rules.conformance.model import Scenario
from lopti_rules.engine.position import Position, Waiting


def position(sc: Scenario) -> Position:
    """The engine position a scenario's `state` (and table options) describe."""
    st = sc.state
    n = sc.players
    variants = variants_of(sc.options)

    def seats(zone: list[list[int]] | None) -> list[list[int]]:
        return [list(cards) for cards in zone] if zone is not None else [[] for _ in range(n)]

    # the chained cards have left the round (X3.2): they are the known removed cards, as far
    # as the scenario's `removed` count (taken as written) makes room for them
    chained = min(st.chain, st.removed_count) if variants.pass_on is not None else 0
    return Position(
        players=n,
        hands=seats(st.hands),
        face_up=seats(st.face_up),
        face_down=seats(st.face_down),
        pile=[list(play) for play in st.pile],
        deck=list(st.deck),
        turn=st.turn,
        dealer=st.dealer,
        round=st.round,
        chain=st.chain,
        obligation=st.obligation,
        low=st.low,
        removed=[variants.pass_on] * chained if variants.pass_on is not None else [],
        removed_unknown=st.removed_count - chained,
        drawn=st.drawn,
        bonus=st.bonus,
        finished=list(st.finished),
        setup=st.setup,
        places=sc.options.places,
        author=sc.author,
        last_winner=st.last_winner,
        last_loser=st.last_loser,
        variants=variants,
        direction=1 if st.direction == "clockwise" else -1,
        jumping=st.jumping,
        waiting=_waiting(sc),
    )


def _waiting(sc: Scenario) -> Waiting | None:
    """The decision `state.waiting` states, with its defaults: the next player is the one
    after the seat to act in the direction of play, still in the round; a naming is the seat
    to act's."""
    st = sc.state
    w = st.waiting
    if w is None:
        return None
    nxt = w.next
    if nxt is None:
        step = 1 if st.direction == "clockwise" else -1
        nxt = (st.turn + step) % sc.players
        while nxt in st.finished and nxt != st.turn:
            nxt = (nxt + step) % sc.players
    return Waiting(w.purpose, nxt, st.turn if w.asked is None else w.asked)
