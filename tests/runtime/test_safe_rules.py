"""Breaks of "a checked rule is safe to play" (issue 25), each found by a red team: an
accepted rule that crashed the game or broke a base guarantee at run time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from runtime_helpers import hand, table, with_rules

from lopti_rules.engine import Answer, Ask, Game, PickUp, Play


def _choose(seat: int) -> Callable[[Game, Ask], Answer | None]:
    """A chooser that picks `seat` whenever a player is chosen, the default otherwise."""

    def choose(g: Game, ask: Ask) -> Answer | None:
        return seat if ask.purpose == "target" else None

    return choose


def test_a_field_of_the_chosen_player_read_in_a_condition_is_that_players_field() -> None:
    text = (
        'rule "Chosen":\n'
        "    after play:\n"
        "        player chooses a player:\n"
        "            if cards of the chosen player > 2: the chosen player draws 1\n"
        "            if hand of chosen player is 1: the chosen player draws 1\n"
    )
    game = table(["9 K", "Q J 5", "8"], deck="2 4 6", pile=["5"])
    with_rules(game, text)
    game.bus.chooser = _choose(1)
    game.apply(Play(9, 1))
    assert hand(game, 1) == [2, 5, 11, 12]  # 3 cards and a face-down A: > 2, one draw
    assert hand(game, 2) == [8]
    game = table(["9 K", "Q J 5", "8"], deck="2 4 6", pile=["5"])
    with_rules(game, text)
    game.bus.chooser = _choose(2)
    game.apply(Play(9, 1))
    assert hand(game, 2) == [2, 8]  # 2 cards (not > 2), a hand of 1: the second draw


def _pile(game: Game) -> list[list[int]]:
    return game.position().pile


def test_no_three_or_ten_goes_under_the_pile_so_the_table_stays_reachable() -> None:
    game = table(["9 3 10 10 5 K", "Q"], deck="2", pile=["6"])
    with_rules(game, 'rule "U":\n    after play: player puts 4 cards under the pile\n')
    game.apply(Play(9, 1))
    assert _pile(game) == [[5], [13], [6], [9]]  # 3s and 10s stay in the hand
    assert hand(game, 0) == [3, 10, 10]  # three cards left: no T4 draw
    Game.from_position(game.position())  # the position check accepts the table


def test_cards_under_the_pile_never_make_a_run_of_four() -> None:
    game = table(["9 5 5 K", "Q"], deck="2", pile=["5 5", "6"])
    with_rules(game, 'rule "U":\n    after play: player puts 3 lowest cards under the pile\n')
    game.apply(Play(9, 1))
    assert _pile(game) == [[5], [13], [5, 5], [6], [9]]  # one 5 more would make four
    assert hand(game, 0) == [2, 5]
    Game.from_position(game.position())


def test_a_seven_put_on_an_empty_pile_sets_the_low_rule_as_a_played_seven_does() -> None:
    game = table(["9 9 8", "7 4", "8"], deck="2 4", pile=["5"], turn=1)
    with_rules(game, 'rule "U":\n    after pickup: player puts 1 highest card under the pile\n')
    game.apply(PickUp())
    position = game.position()
    assert position.pile == [[7]]
    assert position.low is True  # the next play must beat the 7: 7 or lower (P6)
    Game.from_position(position)


def test_cards_put_under_the_empty_table_of_a_bonus_play_form_its_pile() -> None:
    # LANGUAGE.md §4: they are one play per rank, and the bonus play is made on them (T5, C5)
    game = table(["10 6 K", "Q 5 5 4", "8"], deck="2 4", pile=["9"])
    with_rules(
        game, 'rule "U":\n    after play when rank is 10: next player puts 2 cards under the pile\n'
    )
    game.apply(Play(10, 1))
    assert game.turn == 0 and game.bonus
    assert game.position().pile == [[4], [5]]  # the lowest two, the first put lowest
    assert hand(game, 1) == [5, 12]
    assert PickUp() in game.legal_moves()  # a bonus play on a pile: a pickup if need be
    game.apply(Play(6, 1))
    assert game.turn == 1 and not game.bonus


def test_cards_of_one_rank_put_under_at_once_are_one_play() -> None:
    game = table(["9 4", "K K 5", "8"], face_down=["A", "A", "A"], pile=["5"], turn=1)
    with_rules(game, 'rule "U":\n    after pickup: player puts 2 highest cards under the pile\n')
    game.apply(PickUp())
    assert game.position().pile == [[13, 13]]
    Game.from_position(game.position())


def test_the_position_check_refuses_the_piles_base_lopti_never_reaches() -> None:
    for pile, why in (
        (["5", "3"], "cards of rank 3 never go on the pile"),
        (["5", "10"], "cards of rank 10 never stay on the pile"),
        (["5 5", "5 5", "9"], "4 cards of rank 5 in a row"),
        (["7"], None),
    ):
        if why is None:
            table(["9", "Q"], pile=pile)
            continue
        with pytest.raises(ValueError, match=why):
            table(["9", "Q"], pile=pile)


def test_bury_one_offers_only_cards_the_pile_can_hold_so_a_search_can_rebuild_the_table() -> None:
    # the shipped example crashed the searching bots: a 3 buried under the pile made a table
    # `Game.from_position` (the bots' determinization) refuses
    text = (Path(__file__).parents[2] / "examples/rules/bury_one.lopti").read_text()
    game = table(["3 3 10 5", "Q"], deck="2", pile=["8", "9", "K"])
    with_rules(game, text)
    asked: list[Ask] = []

    def choose(g: Game, ask: Ask) -> Answer | None:
        asked.append(ask)
        return True if ask.purpose in ("may", "may_help") else None

    game.bus.chooser = choose
    game.apply(PickUp())
    [under] = [a for a in asked if a.purpose == "under"]
    assert set(under.options) == {5, 8, 9, 13}  # never a 3 or a 10
    assert game.position().pile == [[5]]
    Game.from_position(game.position())
