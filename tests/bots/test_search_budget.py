"""The searching bot's budgets: levels by time, each with the iteration count it buys; the
same decision for a seed and an iteration budget (the tree grown past the root); blind to
unseen cards at such a budget too; a time budget still answers with a legal move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.bots import GreedyBot, SearchBot, make_bots
from lopti_rules.bots.search import LEVELS
from lopti_rules.engine import Game, Position, TableOptions


def _advance(seed: int, steps: int, players: int = 4) -> Game:
    """A game some greedy moves in, with more than one legal move for the seat to act."""
    game = Game.new(TableOptions(players=players), seed)
    rng = random.Random(seed)
    greedy = GreedyBot()
    done = 0
    while not game.over and (done < steps or len(game.legal_moves()) < 2):
        game.apply(greedy.choose(game.view(game.turn), game.legal_moves(), rng))
        done += 1
    return game


def _shuffled_unseen(pos: Position, seat: int, rng: random.Random) -> Position:
    """`pos` with every card `seat` cannot see (other hands, face-down cards, the deck)
    dealt again at random into the same slots."""
    hidden = [r for s, h in enumerate(pos.hands) if s != seat for r in h]
    hidden += [r for d in pos.face_down for r in d] + list(pos.deck)
    rng.shuffle(hidden)

    def take(k: int) -> list[int]:
        part = hidden[:k]
        del hidden[:k]
        return part

    hands = [list(h) if s == seat else sorted(take(len(h))) for s, h in enumerate(pos.hands)]
    downs = [take(len(d)) for d in pos.face_down]
    return Position(
        players=pos.players,
        hands=hands,
        face_up=pos.face_up,
        face_down=downs,
        pile=pos.pile,
        deck=take(len(pos.deck)),
        turn=pos.turn,
        dealer=pos.dealer,
        round=pos.round,
        chain=pos.chain,
        obligation=pos.obligation,
        removed=pos.removed,
        removed_unknown=pos.removed_unknown,
        drawn=pos.drawn,
        bonus=pos.bonus,
        finished=pos.finished,
    )


def test_a_seed_and_an_iteration_budget_give_the_same_decision() -> None:
    chosen = set()
    for seed in range(8):
        game = _advance(seed, 6 * seed)
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
    game = _advance(seed, steps)
    if game.over:
        return
    seat = game.turn
    other = Game.from_position(_shuffled_unseen(game.position(), seat, random.Random(seed)))
    a = SearchBot("medium", iterations=40).choose(
        game.view(seat), game.legal_moves(), random.Random(7)
    )
    b = SearchBot("medium", iterations=40).choose(
        other.view(seat), other.legal_moves(), random.Random(7)
    )
    assert a == b


def test_a_time_budget_answers_with_a_legal_move() -> None:
    game = _advance(3, 20)
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
