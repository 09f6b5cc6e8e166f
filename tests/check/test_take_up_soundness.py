"""The loop check's soundness leans on the engine for `take_up` (docs/checker.md, "Why an
accepted set of rules cannot loop"): the checker treats `take_up` as bounded and so accepts
cycles through it. That holds because face-up cards never return to the table and the engine
never starts a take-up for a seat whose take-up is already under way (`Game.take_up`): a
`before take_up` hook that empties the hand again does not start a nested take-up. These
rule sets are accepted, and would recurse without that guarantee; bots play them to the end
and the runtime guard never trips."""

from __future__ import annotations

from collections import Counter

import pytest

from lopti_rules.api import load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import bot_rng, play_round
from lopti_rules.check import cycles
from lopti_rules.engine import Event, EventBus, Game, TableOptions
from tests.check.helpers import units

REFILL = (
    'rule "Refill":\n'
    "    before take_up:\n"
    "        player takes 1 card from the removed cards\n"
    "        player discards 1\n"
)
DRAW_FIRST = 'rule "a":\n    before take_up: player draws 1\n'
DISCARD_DRAWN = 'rule "b":\n    after draw: player discards 1\n'

RULE_SETS = {"refill": [REFILL], "draw then discard": [DRAW_FIRST, DISCARD_DRAWN]}
SEEDS = range(40)


def watch_nested_take_ups(game: Game, nested: list[int]) -> None:
    """Note each seat whose `before take_up` hooks left its hand empty with cards still face
    up: the case where a take-up is asked for while the seat's own is under way. Subscribed
    after the rules' hooks, so it runs when they have run."""

    def look(event: Event) -> None:
        seat = event.actor
        if seat is not None and game.face_up[seat] and not game.hand_sizes[seat]:
            nested.append(seat)

    game.bus.subscribe("take_up", "before", look)


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_checker_accepts_a_cycle_through_take_up(name: str) -> None:
    rules = load_rules(RULE_SETS[name])  # RulesRejected if the checker said no
    assert len(rules) == len(RULE_SETS[name])
    assert cycles(units(*RULE_SETS[name])) == []


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_accepted_take_up_cycles_without_tripping_the_guard(
    name: str, players: int
) -> None:
    rules = load_rules(RULE_SETS[name])
    fired: Counter[str] = Counter()
    nested_take_ups: list[int] = []
    for seed in SEEDS:
        bus = EventBus()
        runtime = rules.attach(bus)
        take_ups: Counter[int | None] = Counter()

        def count(event: Event, take_ups: Counter[int | None] = take_ups) -> None:
            take_ups[event.actor] += 1

        bus.subscribe("take_up", "after", count)
        table = Game.new(TableOptions(players=players), seed, bus=bus)
        watch_nested_take_ups(table, nested_take_ups)
        game = play_round(table, make_bots("random", players), bot_rng(seed))
        assert runtime.trips == [], (seed, runtime.trips)
        assert game.game.over, seed
        assert all(n == 1 for n in take_ups.values()), (seed, take_ups)  # once per seat
        fired.update(runtime.fires)
    # the hooks ran, and the games reached a take-up nested in its own before hooks
    assert fired[RULE_SETS[name][0].split('"')[1]] > 0
    assert nested_take_ups
