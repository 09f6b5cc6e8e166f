"""The referee (engine/referee.py): quiet on base Lopti, and it names each broken guarantee."""

from __future__ import annotations

import pytest
from engine_helpers import table

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import Event, EventBus, Game, Play, TableOptions
from lopti_rules.engine.moves import Swap
from lopti_rules.engine.referee import Referee


@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_base_lopti_breaks_no_guarantee(bots: str) -> None:
    for seed in range(30):
        players = 2 + seed % 4
        bus = EventBus()
        referee = Referee(bus)
        result = run_round(
            TableOptions(players=players), seed, make_bots(bots, players), bus=bus, referee=referee
        )
        assert referee.breaches == [], seed
        assert referee.moves >= result.moves


def _watched(game: Game) -> Referee:
    return Referee(game.bus)


def _move(game: Game, referee: Referee, move: Play | Swap) -> None:
    referee.before(game, move)
    game.apply(move)
    referee.after(game, move)


def test_a_play_that_loses_cards_to_a_hook_is_a_breach_of_r2() -> None:
    game = table(["9 9 K", "Q"], face_down=["A", "A"], deck="2 4", pile=["5"])
    referee = _watched(game)

    def takes(event: Event) -> None:
        game.effects.discard(0, 2, "highest")  # takes a played 9 (and the K)

    game.bus.subscribe("play", "before", takes)
    _move(game, referee, Play(9, 2))
    [breach] = referee.breaches
    assert breach.clause == "R2" and "all its cards" in breach.what


def test_a_last_play_that_does_not_finish_is_a_breach_of_w1() -> None:
    game = table(["9", "Q"], face_down=["", "A"], deck="2 4", pile=["5"])
    referee = _watched(game)

    def gives(event: Event) -> None:
        game.effects.draw(0, 1)  # a card to the player about to play their last card

    game.bus.subscribe("play", "before", gives)
    _move(game, referee, Play(9, 1))
    assert [b.clause for b in referee.breaches] == ["W1, R3"]


def test_a_setup_swap_a_hook_takes_away_is_a_breach_of_s4() -> None:
    game = table(["4 9", "Q"], face_up=["K", "J"], face_down=["A", "A"], setup=True)
    referee = _watched(game)

    def gives(event: Event) -> None:
        game.effects.give(0, 1, 1, "lowest")  # the 4 the seat is about to swap

    game.bus.subscribe("swap", "before", gives)
    _move(game, referee, Swap(0, 4, 13))
    assert [b.clause for b in referee.breaches] == ["S4"]
    assert "setup swap" in referee.breaches[0].describe()


def test_a_breach_names_the_rules_that_fired_in_its_move() -> None:
    game = table(["9", "Q"], face_down=["", "A"], deck="2 4", pile=["5"])
    referee = _watched(game)

    def gives(event: Event) -> None:
        game.bus.note(Event.make("hook", 0, timing="before", on="play", rule="Last card tax"))
        game.effects.draw(0, 1)

    game.bus.subscribe("play", "before", gives)
    _move(game, referee, Play(9, 1))
    [breach] = referee.breaches
    assert breach.rules == ("Last card tax",)
    assert "“Last card tax”" in breach.describe()
