"""Difficulty per seat at the web table: a seat may be a searching bot (`easy`, `medium`,
`hard`) as well as the greedy `bot`, and a restarted round replays to the same table."""

from __future__ import annotations

from lopti_rules.engine import TableOptions
from lopti_rules.serve.protocol import NewRoundMsg
from lopti_rules.serve.table import Round
from tests.serve.helpers import NAMES


def test_searching_seats_play_a_round_to_its_end() -> None:
    played = Round.deal(NAMES, ["easy", "bot", "medium", "bot"], TableOptions(4, dealer=0), 3)
    assert played.over and played.game.winner is not None
    again = Round.deal(
        NAMES, ["easy", "bot", "medium", "bot"], TableOptions(4, dealer=0), 3, moves=played.moves
    )
    assert again.game.position() == played.game.position()


def test_the_host_may_ask_for_a_level_per_seat() -> None:
    msg = NewRoundMsg.model_validate({"type": "new_round", "seats": ["person", "hard", "bot"]})
    assert msg.seats == ["person", "hard", "bot"]
