"""`ROLE is the "TITLE"` at run time: true for the title's holder only, false when nobody
holds it or the role matches nobody, and `is not` its negation (docs/language.md)."""

from __future__ import annotations

from runtime_helpers import hand, table, with_rules

from lopti_rules.engine import Game, PickUp, Play

RULES = (
    'rule "Mate":\n'
    '    after play when rank is J: player becomes the "mate"\n'
    '    after pickup when player is the "mate": next player draws 1\n'
    '    after pickup when player is not the "mate": previous player draws 1\n'
)


def _game() -> Game:
    return table(["J 3", "Q 2", "K 8"], deck="4 5 6 7", pile=["9"], drawn=True)


def test_nobody_holds_the_title_so_is_is_false_and_is_not_true() -> None:
    game = _game()
    with_rules(game, RULES)
    game.apply(PickUp())  # seat 0 picks up; nobody is the "mate" yet
    assert hand(game, 1) == [2, 12]  # not the next player (`is` is false)
    assert hand(game, 2) == [4, 8, 13]  # the previous player (`is not` is true)


def test_the_holder_is_the_title_and_everyone_else_is_not() -> None:
    game = _game()
    with_rules(game, RULES)
    game.apply(Play(11, 1))  # seat 0 becomes the "mate"
    game.apply(PickUp())  # seat 1 is not the mate: the previous player, seat 0, draws
    assert hand(game, 0) == [3, 4]
    assert hand(game, 2) == [8, 13]
