"""The searching bot: legal moves only (with every construct of the example packs in force),
blind to unseen cards, deterministic for a seed; and its ledger of the public log."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lopti_rules.api import ruleset_from_pack
from lopti_rules.bots import BOTS, GreedyBot, SearchBot, make_bots
from lopti_rules.bots.ledger import Ledger
from lopti_rules.bots.runner import bot_rng, run_round
from lopti_rules.bots.sample import determinize
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import EventBus, Game, PickUp, Position, TableOptions
from lopti_rules.engine.variants import Variants
from lopti_rules.packs.pack import load_pack
from tests.bots.positions import advance, permuted
from tests.tiers import tiers

ROOT = Path(__file__).resolve().parents[2]
EVERYTHING = ruleset_from_pack(load_pack(ROOT / "examples/packs/everything.yaml"))


def quick() -> SearchBot:
    return SearchBot("easy", iterations=8)


@tiers(few=3, many=20)
def test_only_legal_moves(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, derandomize=True)
    @given(
        st.integers(min_value=0, max_value=2**32 - 1),
        st.integers(min_value=2, max_value=5),
        st.booleans(),
        st.booleans(),
    )
    @example(seed=7, players=4, places=True, rules=True)  # every tier: the packs' rules in force
    def check(seed: int, players: int, places: bool, rules: bool) -> None:
        options = TableOptions(players=players, places=places)
        bus = EventBus()
        ruleset = EVERYTHING if rules else None
        if ruleset is not None:
            ruleset.attach(bus)
        bots = [quick() if seat % 2 == 0 else GreedyBot() for seat in range(players)]
        seat_bots(bots, bus, options, ruleset)
        game = Game.new(options, seed, bus=bus)
        rng = bot_rng(seed)
        for seat in game.active_from(game.turn):
            swaps = [s for s in game.legal_swaps() if s.seat == seat]
            choice = bots[seat].choose_swap(game.view(seat), swaps, rng) if swaps else None
            assert choice is None or choice in swaps
            if choice is not None:
                game.apply(choice)
        moves = 0
        while not game.over and moves < 1500:  # a round may stall (docs/engine.md): capped
            legal = game.legal_moves()
            move = bots[game.turn].choose(game.view(game.turn), legal, rng)
            assert move in legal
            game.apply(move)
            moves += 1

    check()


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=60))
def test_decisions_do_not_change_when_unseen_cards_arepermuted(seed: int, steps: int) -> None:
    game = advance(seed, steps)
    if game.over:
        return
    seat = game.turn
    pos = game.position()
    other = Game.from_position(permuted(pos, seat, random.Random(seed)))
    assert other.position().hands[seat] == pos.hands[seat]
    a = quick().choose(game.view(seat), game.legal_moves(), random.Random(1))
    b = quick().choose(other.view(seat), other.legal_moves(), random.Random(1))
    assert a == b


def test_what_the_log_showed_is_kept_and_the_rest_ispermuted() -> None:
    # seat 1 picks up a pile the table saw; the bot at seat 0 remembers it
    pos = Position(
        players=3,
        hands=[[4, 5, 9, 12], [6], [8, 8]],
        face_up=[[2], [3], [14]],
        face_down=[[5, 6, 7], [7, 9, 11], [4, 4, 13]],
        pile=[[10 + 1], [13, 13]],
        deck=[2, 2, 6, 9, 12],
        turn=1,
    )
    bus = EventBus()
    bot = quick()
    seat_bots([bot], bus, TableOptions(players=3), None)
    game = Game.from_position(pos, bus=bus)
    game.apply(PickUp())
    game.apply(game.legal_moves()[0])  # seat 2 plays; now seat 0 is to act
    assert game.turn == 0
    assert bot.ledger is not None and sorted(bot.ledger.hand[1].elements()) == [11, 13, 13]
    sample = determinize(game.view(0), bot.ledger, random.Random(5), TableOptions(players=3))
    assert all(sample.hands[1].count(r) >= n for r, n in ((11, 1), (13, 2)))
    for k in range(5):
        after = game.position()
        other = Game.from_position(permuted(after, 0, random.Random(k), keep=[11, 13, 13]))
        a = bot.choose(game.view(0), game.legal_moves(), random.Random(3))
        b = bot.choose(other.view(0), other.legal_moves(), random.Random(3))
        assert a == b


def test_a_seed_gives_the_same_round() -> None:
    options = TableOptions(players=4)

    def once() -> tuple[int | None, int]:
        bots = make_bots("easy,greedy,greedy,greedy", 4)
        bus = EventBus()
        seat_bots(bots, bus, options, None)
        result = run_round(options, 11, bots, bus=bus)
        return result.winner, result.moves

    assert once() == once()


def test_a_bot_nobody_seated_searches_the_table_its_view_shows() -> None:  # VX2, VX3, VG1
    # without `seat_bots` a searching bot knows the variants from its view only: its sampled
    # tables must be tables of those variants (a 7 under `low=none`, a 3 on the pile under
    # `pass_on=none`, a glass on a 7)
    for i, variants in enumerate([Variants(low=None), Variants(pass_on=None), Variants(glass=8)]):
        options = TableOptions(players=3, variants=variants)
        result = run_round(options, 75 + i, make_bots("easy,greedy,easy", 3))
        assert result.winner is not None and not result.stalled


def test_the_levels_are_bots_by_name() -> None:
    bots = make_bots("easy,medium,hard,greedy", 4)
    assert [b.name for b in bots] == ["easy", "medium", "hard", "greedy"]
    assert {"easy", "medium", "hard"} <= set(BOTS)


def test_the_ledger_forgets_at_a_new_deal() -> None:
    ledger = Ledger(4, 0)
    bus = EventBus()
    ledger.watch(bus)
    Game.new(TableOptions(players=4, dealer=2), 3, bus=bus)
    assert ledger.dealer == 2 and ledger.round == 1
    assert not any(ledger.hand) and not ledger.removed
