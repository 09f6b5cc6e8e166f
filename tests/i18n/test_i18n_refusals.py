"""Engine refusals in the reader's language: the sentence is translated, the clause ids it
cites never change (a scenario's `error: ID` works in every language)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from engine_helpers import table

from lopti_rules.engine import Game, IllegalMoveError, Move, PickUp, Play, Reveal, Swap
from lopti_rules.i18n import LANGUAGES, set_language

CITED = re.compile(r"\(([A-Z][^()]*)\)$")
# (hands, table keyword arguments, move): one of each kind of refusal
ROWS: list[tuple[list[str], dict[str, Any], Move]] = [
    (["10 4", "K"], {"pile": ["7"]}, Play(10, 1)),
    (["10", "K"], {"pile": ["9"], "obligation": True, "chain": 1}, Play(10, 1)),
    (["5 5", "K"], {"pile": ["9"]}, Play(5, 2)),
    (["4", "K"], {"pile": []}, PickUp()),
    (["4", "K"], {"pile": ["9"]}, Reveal(0)),
    (["4", "K"], {"pile": ["9"]}, Play(9, 1)),
]


def refusal(game: Game, move: Move) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(move)
    return str(refused.value)


@pytest.mark.parametrize(("hands", "state", "move"), ROWS)
def test_a_refusal_is_translated_and_cites_the_same_clauses(
    hands: list[str], state: dict[str, Any], move: Move
) -> None:
    said = {}
    for lang in sorted(LANGUAGES):
        set_language(lang)
        said[lang] = refusal(table(hands, **state), move)
    cited = {lang: CITED.search(text) for lang, text in said.items()}
    assert all(c is not None for c in cited.values()), said
    assert len({c.group(1) for c in cited.values() if c}) == 1, said
    assert len(set(said.values())) == len(LANGUAGES), said
    assert all("{" not in text for text in said.values()), said


def test_the_ten_on_a_seven_in_italian_and_polish() -> None:
    set_language("it")
    it = refusal(table(["10 4", "K"], pile=["7"]), Play(10, 1))
    assert (
        it
        == "impossibile giocare 10 su un 7: un 10 non può seguire un 7 (X10.1, X7.2, P4, P6, D25)"
    )
    set_language("pl")
    pl = refusal(table(["5 5", "K"], pile=["9"]), Play(5, 3))
    assert "3 karty o wartości 5" not in pl and "2 karty o wartości 5" in pl


def test_a_setup_swap_refusal_is_translated() -> None:
    set_language("de")
    game = table(["4", "K"], face_up=["9", "J"], setup=True)
    text = refusal(game, Swap(0, 7, 9))
    assert "kann nicht gegen die offene Karte 9 getauscht werden" in text and "(S4, D34)" in text
