"""A move that stops at an ask and goes on when it is answered (engine/pause.py): it stops
inside the variant or rule that asked, the game stands half-way meanwhile, the answer goes
on from there and the game ends as one answered on the spot; errors come out where the move
was started, a wrong answer keeps it waiting, and `close` abandons it."""

from __future__ import annotations

import random

import pytest
from engine_helpers import table

from lopti_rules.api import ruleset_from_sources
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import play_round
from lopti_rules.diagnostics.source import Source
from lopti_rules.engine import (
    AnswerError,
    Ask,
    Game,
    IllegalMoveError,
    Play,
    Position,
)
from lopti_rules.engine.pause import Pause
from lopti_rules.engine.position import Waiting
from lopti_rules.engine.variants import Variants
from lopti_rules.runtime import RuleEntry

NAME_J = Variants(name_next=11, jump_in=True)


def _waiting(game: Game, pause: Pause, seats: set[int]) -> None:
    """The asks of `seats` wait under `pause`; the others take their defaults."""

    def choose(g: Game, ask: Ask) -> object:
        return pause.wait(ask) if ask.seat in seats else None

    game.bus.chooser = choose  # type: ignore[assignment]


def test_a_naming_stops_the_move_and_the_answer_goes_on_from_there() -> None:
    g = table(["J 4", "K", "A", "Q"], face_down=["5"] * 4, pile=["9"], variants=NAME_J)
    pause = Pause()
    _waiting(g, pause, {0})
    ask = pause.start(lambda: g.apply(Play(11, 1)))
    assert ask is not None and ask is pause.pending
    assert (ask.seat, ask.purpose, ask.options) == (0, "name_next", (1, 2, 3))
    assert g.resolving and g.pile_ranks[-1] == 11  # half-way: the J is on the pile
    assert pause.answer(2) is None and pause.pending is None
    assert not g.resolving and g.turn == 2


def test_a_paused_game_ends_as_the_game_answered_on_the_spot() -> None:
    def played(pause: Pause | None) -> tuple[Position, list[str]]:
        g = table(["J 4", "K 9", "A 9", "9 Q"], face_down=["5"] * 4, pile=["9"], variants=NAME_J)
        seen: list[str] = []
        g.bus.observe(lambda e: seen.append(f"{e.name} {e.actor} {sorted(e.fields.items())}"))
        if pause is None:
            g.bus.chooser = lambda game, ask: 3 if ask.purpose == "name_next" else True
            g.apply(Play(11, 1))
        else:
            _waiting(g, pause, {0, 1, 2, 3})
            ask = pause.start(lambda: g.apply(Play(11, 1)))
            while ask is not None:
                ask = pause.answer(3 if ask.purpose == "name_next" else True)
        return g.position(), seen

    assert played(Pause()) == played(None)


def _gift_game() -> Game:
    text = 'rule "Gift":\n    after play: player gives 1 card to next player\n'
    rules = ruleset_from_sources([RuleEntry(Source(text, "<gift>"), 0)])
    g = table(["4 6 8", "K K", "A"], face_down=["5"] * 3, pile=[])
    rules.install(g)
    return g


def test_a_rule_asking_stops_inside_its_hook_and_a_wrong_answer_keeps_it_waiting() -> None:
    g = _gift_game()
    pause = Pause()
    _waiting(g, pause, {0})
    ask = pause.start(lambda: g.apply(Play(4, 1)))
    assert ask is not None and ask.purpose == "give" and ask.options == (6, 8)
    with pytest.raises(AnswerError):
        pause.answer((4,))  # the 4 is on the pile, not in the hand
    assert pause.pending is ask
    assert pause.answer((8,)) is None
    assert g.hands[1][8] == 1 and g.hands[0][8] == 0 and g.turn == 1


def test_an_illegal_move_comes_out_where_it_was_started_and_changes_nothing() -> None:
    g = _gift_game()
    before = g.position()
    pause = Pause()
    _waiting(g, pause, {0})
    with pytest.raises(IllegalMoveError):
        pause.start(lambda: g.apply(Play(13, 1)))  # seat 0 holds no king
    assert g.position() == before and pause.pending is None
    assert pause.start(lambda: g.apply(Play(6, 1))) is not None  # the pause can be used again


def test_close_abandons_the_waiting_move_and_wait_elsewhere_is_the_default() -> None:
    g = _gift_game()
    pause = Pause()
    _waiting(g, pause, {0})
    asked = pause.start(lambda: g.apply(Play(4, 1)))
    assert asked is not None
    pause.close()
    assert pause.pending is None
    assert pause.wait(asked) is None  # not on the work's thread: the ask's default


def test_without_a_pause_a_waiting_chooser_takes_the_defaults() -> None:
    g = table(["J 4", "K", "A"], face_down=["5"] * 3, pile=["9"], variants=NAME_J)
    _waiting(g, Pause(), {0})
    g.apply(Play(11, 1))
    assert g.turn == 1 and not g.resolving


def test_a_game_stopped_at_a_naming_is_a_position_that_waits_and_goes_on_alike() -> None:
    # decisions as state: the snapshot of a game waiting at a variant's ask holds the ask
    g = table(["J 4", "K", "A", "Q"], face_down=["5"] * 4, pile=["9"], variants=NAME_J)
    pause = Pause()
    _waiting(g, pause, {0})
    ask = pause.start(lambda: g.apply(Play(11, 1)))
    position = g.position()
    assert position.waiting == Waiting("name_next", 1, 0) and position.turn == 0
    copy = Game.from_position(position)
    assert copy.pending == ask and copy.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        copy.apply(Play(4, 1))
    with pytest.raises(AnswerError):
        copy.answer(0)  # nobody names themself
    copy.answer(2)
    pause.answer(2)
    assert copy.position() == g.position() and copy.pending is None


def test_a_jump_in_window_stated_as_a_position_asks_the_rest_and_keeps_the_jump_in() -> None:
    g = table(["4", "K", "9 Q", "9 6"], face_down=["A"] * 4, pile=["5", "9"], variants=NAME_J)
    position = g.position()
    position.waiting = Waiting("jump_in", 1, 2)
    waiting = Game.from_position(position)
    asked: list[int] = []

    def yes(game: Game, ask: Ask) -> bool:
        asked.append(ask.seat)
        return True

    waiting.bus.chooser = yes
    waiting.answer(False)  # seat 2 does not jump in; seat 3, asked next, does
    assert asked == [3] and waiting.turn == 3
    assert waiting.position().jumping and waiting.legal_moves() == [Play(9, 1)]
    assert Game.from_position(waiting.position()).legal_moves() == [Play(9, 1)]


def test_the_round_runner_answers_a_waiting_position_and_plays_it_out() -> None:
    g = table(["J 4 9", "K 5", "A 6", "Q 8"], face_down=["2"] * 4, pile=["9", "J"], variants=NAME_J)
    position = g.position()
    position.waiting = Waiting("name_next", 1, 0)
    waiting = Game.from_position(position)
    result = play_round(waiting, make_bots("greedy", 4), random.Random(1))
    assert result.winner is not None and waiting.waiting is None
