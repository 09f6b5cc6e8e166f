"""Every question a rule or a variant can ask has its own words at the web table: the asks'
purposes (engine/asks.py) and the table's prompts are the same set, and a person asked to
put cards under the pile or to turn a face-up card face down is told so."""

from __future__ import annotations

from lopti_rules.engine import TableOptions
from lopti_rules.engine.asks import PURPOSES
from lopti_rules.serve.table import PROMPTS, Round

UNDER = 'rule "Under":\n    after play: player puts 1 card under the pile\n'
FLIP = 'rule "Flip":\n    after play: player swaps a face up card with a face down card\n'


def _prompts(rule: str, seeds: range) -> set[str]:
    """The prompts a person in seat 0 (two bots beside) is asked, answering the first option."""
    found: set[str] = set()
    for seed in seeds:
        table = TableOptions(players=3)
        r = Round.deal(["Ann", "Ben", "Cat"], ["person", "bot", "bot"], table, seed, [(rule, 0)])
        for _ in range(100):
            if r.over:
                break
            asks = r.asks(0)
            if asks:
                if asks[0].kind == "choice":
                    found.add(asks[0].prompt)
                r.answer(0, asks[0].id, asks[0].options[0][0])
                continue
            legal = r.legal(0)
            if not legal:
                break
            m = legal[0]
            rank, count, index = m.get("rank"), m.get("count"), m.get("index")
            assert rank is None or isinstance(rank, int)
            assert count is None or isinstance(count, int)
            assert index is None or isinstance(index, int)
            r.move(0, str(m["kind"]), rank, count, index)
    return found


def test_every_purpose_of_an_ask_has_a_prompt() -> None:
    assert set(PROMPTS) == set(PURPOSES)


def test_a_person_is_asked_what_to_put_under_the_pile() -> None:
    assert "Under: choose 1 card to put under the pile." in _prompts(UNDER, range(3))


def test_a_person_is_asked_which_face_up_card_to_turn_face_down() -> None:
    assert "Flip: choose the face-up card to turn face down." in _prompts(FLIP, range(3))
