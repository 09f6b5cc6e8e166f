"""Every question a rule or a variant can ask has its own words at the web table: the asks'
purposes (engine/asks.py) and the table's prompts are the same set, and a person asked to
put cards under the pile or to turn a face-up card face down is told so."""

from __future__ import annotations

from lopti_rules.engine import TableOptions
from lopti_rules.engine.asks import PURPOSES
from lopti_rules.serve.table import PROMPTS
from tests.serve.helpers import prompts_seen

UNDER = 'rule "Under":\n    after play: player puts 1 card under the pile\n'
FLIP = 'rule "Flip":\n    after play: player swaps a face up card with a face down card\n'


def _prompts(rule: str, seeds: range) -> set[str]:
    return prompts_seen(TableOptions(players=3), seeds, [(rule, 0)], moves=100)


def test_every_purpose_of_an_ask_has_a_prompt() -> None:
    assert set(PROMPTS) == set(PURPOSES)


def test_a_person_is_asked_what_to_put_under_the_pile() -> None:
    assert "Under: choose 1 card to put under the pile." in _prompts(UNDER, range(3))


def test_a_person_is_asked_which_face_up_card_to_turn_face_down() -> None:
    assert "Flip: choose the face-up card to turn face down." in _prompts(FLIP, range(3))
