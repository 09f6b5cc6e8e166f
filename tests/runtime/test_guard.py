"""The runtime guard (V8): rejected rules forced through are stopped, reported, and play goes on."""

from __future__ import annotations

import pytest
from runtime_helpers import Lines, table, total_cards

from lopti_rules.api import compile_unchecked, load_rules
from lopti_rules.engine import Play
from lopti_rules.runtime import GuardLimits, RulesRejected

ECHO = 'rule "Echo":\n    after clear: clear the pile\n'


def test_the_checker_rejects_the_echo_so_only_the_unchecked_path_loads_it() -> None:
    with pytest.raises(RulesRejected) as caught:
        load_rules(ECHO)
    assert [d.code for d in caught.value.diagnostics] == ["LR203"]


def test_a_runaway_cascade_is_stopped_at_the_depth_cap_and_play_goes_on() -> None:
    game = table(["10 4 6", "K"], pile=["9"], deck="5 8")
    runtime = compile_unchecked(ECHO).install(game)
    lines = Lines(game, runtime)
    cards = total_cards(game)
    game.apply(Play(10, 1))
    assert len(runtime.trips) == 1
    trip = runtime.trips[0]
    assert trip.rule == "Echo" and "more than 40 deep" in trip.reason and "V8" in trip.reason
    assert runtime.fires["Echo"] == 40
    # the game goes on: one bonus play for the causer, nothing undone, no card lost
    assert game.bonus and game.turn == 0 and total_cards(game) == cards
    guard = [line for line in lines.all() if line["event"] == "guard"]
    assert guard == [
        {
            "seq": guard[0]["seq"],
            "event": "guard",
            "player": 0,
            "rule": "Echo",
            "reason": trip.reason,
        }
    ]
    game.apply(Play(4, 1))  # the bonus play
    assert game.turn == 1 and runtime.depth == 0 and not runtime.stopped


def test_each_base_event_starts_afresh() -> None:
    game = table(["10 10 4", "K"], pile=["9"])
    runtime = compile_unchecked(ECHO).install(game)
    game.apply(Play(10, 1))
    game.apply(Play(10, 1))  # the bonus play clears again: a new cascade, stopped again
    assert [t.rule for t in runtime.trips] == ["Echo", "Echo"]


def test_an_unbounded_loop_is_stopped_at_the_action_cap() -> None:  # LR204 forced through
    text = 'rule "Forever":\n    after play:\n        forever: announce "again"\n'
    with pytest.raises(RulesRejected):
        load_rules(text)
    game = table(["9 4", "K"], pile=["5"])
    runtime = compile_unchecked(text, limits=GuardLimits(actions=500)).install(game)
    game.apply(Play(9, 1))
    assert len(runtime.trips) == 1 and "more than 500 actions" in runtime.trips[0].reason
    assert game.turn == 1


def test_a_cycle_across_two_rules_names_both() -> None:
    text = (
        'rule "Ping":\n    after clear: next player draws 1\n'
        'rule "Pong":\n    after draw: clear the pile\n'
    )
    game = table(["10 4", "K"], pile=["9"], deck=" ".join(["5", "6", "8", "J", "Q"] * 4))
    runtime = compile_unchecked(text, limits=GuardLimits(depth=12)).install(game)
    game.apply(Play(10, 1))
    assert len(runtime.trips) == 1
    reason = runtime.trips[0].reason
    assert '"Ping" after clear' in reason and '"Pong" after draw' in reason


def test_guard_limits_are_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        GuardLimits(depth=0)
