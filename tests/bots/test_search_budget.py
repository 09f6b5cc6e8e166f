"""The searching bot's budgets: levels by time, each with the iteration count it buys; the
same decision for a seed and an iteration budget (the tree grown past the root); blind to
unseen cards at such a budget too; a time budget still answers with a legal move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.bots import SearchBot, make_bots
from lopti_rules.bots.search import LEVELS
from lopti_rules.engine import Game
from tests.bots.positions import advance, permuted


def test_a_seed_and_an_iteration_budget_give_the_same_decision() -> None:
    chosen = set()
    for seed in range(8):
        game = advance(seed, 6 * seed)
        if game.over:
            continue
        legal = game.legal_moves()
        view = game.view(game.turn)
        a = SearchBot("hard", iterations=60).choose(view, legal, random.Random(seed))
        b = SearchBot("hard", iterations=60).choose(view, legal, random.Random(seed))
        assert a == b and a in legal
        chosen.add(str(a))
    assert len(chosen) > 1  # real decisions, not one move every time


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=50))
def test_a_deeper_search_is_blind_to_unseen_cards(seed: int, steps: int) -> None:
    game = advance(seed, steps)
    if game.over:
        return
    seat = game.turn
    other = Game.from_position(permuted(game.position(), seat, random.Random(seed)))
    a = SearchBot("medium", iterations=40).choose(
        game.view(seat), game.legal_moves(), random.Random(7)
    )
    b = SearchBot("medium", iterations=40).choose(
        other.view(seat), other.legal_moves(), random.Random(7)
    )
    assert a == b


def test_a_time_budget_answers_with_a_legal_move() -> None:
    game = advance(3, 20)
    legal = game.legal_moves()
    bot = SearchBot("easy", budget="time", seconds=0.002)
    assert bot.choose(game.view(game.turn), legal, random.Random(1)) in legal


def test_the_levels_are_budgets_by_time_and_by_iterations() -> None:
    easy, medium, hard = LEVELS["easy"], LEVELS["medium"], LEVELS["hard"]
    assert easy.seconds < medium.seconds < hard.seconds
    assert easy.iterations < medium.iterations < hard.iterations
    timed = make_bots("hard,greedy", 2, budget="time")
    assert isinstance(timed[0], SearchBot) and timed[0].budget == "time"
    counted = make_bots("hard,greedy", 2)
    assert isinstance(counted[0], SearchBot) and counted[0].budget == "iterations"
    assert counted[0].iterations == hard.iterations


def test_an_unknown_budget_or_level_is_refused() -> None:
    with pytest.raises(ValueError, match="not a budget"):
        SearchBot("hard", budget="moves")
    with pytest.raises(ValueError, match="not a level"):
        SearchBot("expert")
