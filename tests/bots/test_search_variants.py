"""The searching bot with base variants in force: its sampled tables carry the table's
variants and direction of play, so its rollouts play the table's own rules; and it plays
legal moves to the end of a round under every variant (docs/bots.md, docs/variants.md)."""

from __future__ import annotations

import random

import pytest

from lopti_rules.bots import Bot, GreedyBot, SearchBot
from lopti_rules.bots.ledger import Ledger
from lopti_rules.bots.runner import bot_rng, play_round
from lopti_rules.bots.sample import determinize
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import EventBus, Game, Play, Position, TableOptions
from lopti_rules.engine.variants import Variants

# variants that change what a rollout must know: the special ranks, the deal, the draw,
# skips and reverses, what may be picked up, and the choices they ask for
VARIANTS = [
    Variants(pass_on=9),
    Variants(low=None, clear=11),
    Variants(skip=8, reverse=11),
    Variants(burn=2, four_on_anything=True),
    Variants(must_play=True),
    Variants(face_down=4, face_up=2, hand=4, draw="refill"),
    Variants(reset=5, starter="lowest"),
    Variants(name_next=9, jump_in=True),  # asks: the rollouts answer them as greedy seats
    Variants(choose_face_up=True, hand=6),
]


def quick() -> SearchBot:
    return SearchBot("easy", iterations=8)


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: v.describe())
def test_a_round_under_each_variant_ends_with_legal_moves(variants: Variants) -> None:
    options = TableOptions(players=4, variants=variants)
    bus = EventBus()
    bots: list[Bot] = [quick(), GreedyBot(), quick(), GreedyBot()]
    seat_bots(bots, bus, options, None)
    game = Game.new(options, 7, bus=bus)
    result = play_round(game, bots, bot_rng(7), max_moves=3000)  # the engine refuses
    assert result.stalled or result.winner is not None  # an illegal move: it raises


def test_a_sampled_table_keeps_the_variants_and_the_direction() -> None:
    variants = Variants(reverse=11)
    options = TableOptions(players=4, variants=variants)
    pos = Position(
        players=4,
        hands=[[4, 5, 11], [6, 8], [9, 9], [12, 13]],
        face_up=[[2], [3], [14], [5]],
        face_down=[[5, 6, 7], [7, 9, 11], [4, 4, 13], [6, 6, 8]],
        deck=[2, 2, 14, 9, 12],
        variants=variants,
    )
    game = Game.from_position(pos)
    game.apply(Play(11, 1))  # a jack turns the direction
    assert game.direction == -1
    view = game.view(3)
    sample = determinize(view, Ledger(4, 3), random.Random(1), options)
    assert sample.variants == variants and sample.direction == -1
    assert Game.from_position(sample).next_active(3) == game.next_active(3)


def test_with_another_pass_rank_threes_on_the_pile_are_sampled_fine() -> None:
    # under `pass_on=9` a 3 is a normal rank and can lie on the pile (base Lopti: never)
    variants = Variants(pass_on=9)
    options = TableOptions(players=3, variants=variants)
    pos = Position(
        players=3,
        hands=[[4, 5, 9, 12], [6, 8], [8, 13]],
        face_up=[[2], [10], [14]],
        face_down=[[5, 6, 7], [7, 9, 11], [4, 4, 13]],
        pile=[[3, 3]],
        deck=[2, 2, 6, 9, 12],
        variants=variants,
    )
    bus = EventBus()
    bot = SearchBot("easy", iterations=12)
    seat_bots([bot, GreedyBot(), GreedyBot()], bus, options, None)
    game = Game.from_position(pos, bus=bus)
    legal = game.legal_moves()
    assert bot.choose(game.view(0), legal, random.Random(2)) in legal
