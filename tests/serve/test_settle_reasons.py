"""The settle view's reason for a legal play (serve/settle.py): the engine's `why_legal`,
read from the table the question describes, names the clause that allows each kind of play."""

from __future__ import annotations

import pytest

from lopti_rules.serve.settle import settle

CASES = [
    ("", "4 4", 0, "T1"),  # an empty table: anything
    ("8", "3", 1, "P7"),  # a 3-obligation answered with a 3
    ("8", "3", 0, "X3.1"),  # a 3 on anything
    ("7", "5", 0, "P6"),  # under the low rule
    ("2", "5", 0, "P5"),  # after a 2, any rank
    ("5", "5 5", 0, "more cards than the top play (P3)"),  # the same rank, more cards
    ("5 5 | 5", "5", 0, "C1"),  # the same rank, completing all four
    ("K", "2", 0, "X2.1"),  # a 2 on anything
    ("K", "7", 0, "X7.1"),  # a 7 on anything
    ("K", "10", 0, "X10.1"),  # a 10 on anything
    ("5", "8", 0, "higher than the top play (P3)"),  # a higher rank
]


@pytest.mark.parametrize(("pile", "play", "chain", "clause"), CASES)
def test_a_legal_play_is_told_with_the_clause_that_allows_it(
    pile: str, play: str, chain: int, clause: str
) -> None:
    answer = settle(pile, play, chain)
    assert answer["legal"] is True, answer
    assert clause in str(answer["message"]), answer  # the page's words are English here
