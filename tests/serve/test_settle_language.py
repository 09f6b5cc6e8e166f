"""A real-card table's answer in the table's language: the engine's own sentence, whole.

Settling a question plays the move on a throwaway table where the asking seat holds exactly
the cards of the play, so a refusal is about the pile and the play, never about a seat: no
answer names a seat (as "seat 0" or as the language's word for one), and no answer mixes in
the English of the same refusal.
"""

from __future__ import annotations

import re

import pytest

from lopti_rules.i18n import set_language
from lopti_rules.serve.settle import SettleError, settle

PILES = ["", "5", "7", "2", "9", "K", "8 8", "A | 7", "10", "Q Q Q"]
PLAYS = ["2", "4", "6", "7", "8", "8 8", "10", "J", "K K", "A", "3", "3 3"]
# the word each catalogue uses for a seat at the table ("seat {seat}")
SEAT = {"de": "Sitzplatz", "pl": "miejsce"}


def answers(lang: str) -> list[tuple[bool, str]]:
    """Every question of the grid (on no chain and on one chained 3), as answered in `lang`."""
    set_language(lang)
    said = []
    for pile in PILES:
        for play in PLAYS:
            for chain in (0, 1):
                try:
                    answer = settle(pile, play, chain)
                except SettleError:
                    continue
                said.append((bool(answer["legal"]), str(answer["message"])))
    return said


@pytest.mark.parametrize("lang", sorted(SEAT))
def test_a_refusal_names_no_seat_and_is_said_in_the_tables_language(lang: str) -> None:
    english, told = answers("en"), answers(lang)
    assert [legal for legal, _ in told] == [legal for legal, _ in english]
    refused = [
        (en, said) for (legal, en), (_, said) in zip(english, told, strict=True) if not legal
    ]
    assert len(refused) > 30
    for en, said in refused:
        assert said != en  # the engine's refusal, translated
        head, _, reason = en.partition(": ")
        assert head not in said and reason.rsplit(" (", 1)[0] not in said  # no English half
        assert en.rsplit(" (", 1)[1] == said.rsplit(" (", 1)[1]  # the same clause ids
        words = re.findall(r"\w+", said.rsplit(" (", 1)[0].lower())
        for word in ("seat", "you", SEAT[lang].lower(), "0"):
            assert word not in words, said
