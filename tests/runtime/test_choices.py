"""Choices at run time: who is asked what, the options, the defaults (docs/language.md)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from runtime_helpers import hand, record, table, with_rules

from lopti_rules.api import load_rules
from lopti_rules.engine import Answer, Ask, Game, Play


def asking(game: Game, answers: dict[str, Answer]) -> list[Ask]:
    """Answer each ask by its purpose (None: the default); returns the asks made."""
    asked: list[Ask] = []

    def choose(g: Game, ask: Ask) -> Answer | Sequence[int] | None:
        asked.append(ask)
        return answers.get(ask.purpose)

    game.bus.chooser = choose
    return asked


def test_a_player_chooses_among_the_others_still_in_the_round_in_the_direction_of_play() -> None:
    # seat 2 has gone out: never offered
    game = table(
        ["9 K", "Q", "", "5"], face_down=["A", "A", "", "A"], finished=[2], places=True, deck="4 6"
    )
    with_rules(
        game, 'rule "P":\n    after play: player chooses a player: the chosen player draws 1\n'
    )
    asked = asking(game, {"target": 3})
    game.apply(Play(9, 1))
    [ask] = [a for a in asked if a.purpose == "target"]
    assert (ask.seat, ask.options, ask.default) == (0, (1, 3), 1)
    assert hand(game, 3) == [4, 5]


def test_a_choice_that_may_be_the_chooser_offers_them_last_and_defaults_to_the_next() -> None:
    text = (
        'rule "P":\n'
        "    after play:\n"
        "        player chooses a player or themself:\n"
        "            the chosen player draws 1\n"
    )
    game = table(["9 K", "Q", "J"], deck="4 6 8", pile=["5"])
    with_rules(game, text)
    asked = asking(game, {"target": 0})
    game.apply(Play(9, 1))
    [ask] = [a for a in asked if a.purpose == "target"]
    assert (ask.seat, ask.options, ask.default) == (0, (1, 2, 0), 1)
    assert hand(game, 0) == [4, 6, 13]  # chose themself: a card, then the turn's draw (T4)
    assert hand(game, 1) == [12]


def test_nested_choices_bind_their_own_chosen_player() -> None:
    text = (
        'rule "N":\n'
        "    after play:\n"
        "        player chooses a player:\n"
        "            the chosen player chooses a player:\n"
        "                the chosen player draws 1\n"
        "            the chosen player draws 1\n"
    )
    game = table(["9 K", "Q", "J"], deck="2 4 6", pile=["5"])
    with_rules(game, text)
    answers = iter([1, 2])  # seat 0 picks seat 1, who picks seat 2

    def choose(g: Game, ask: Ask) -> Answer | None:
        return next(answers) if ask.purpose == "target" else None

    game.bus.chooser = choose
    game.apply(Play(9, 1))
    assert sorted(hand(game, 2)) == [2, 11]
    assert sorted(hand(game, 1)) == [4, 12]


def test_may_asks_yes_or_no_and_says_whom_yes_can_only_help() -> None:
    text = (
        'rule "M":\n'
        "    after play:\n"
        "        player may: player discards 1 card\n"
        "        player may: player draws 1\n"
        "        next player may: next player draws 1\n"
    )
    game = table(["9 K Q", "J"], deck="4 6", pile=["5"])
    with_rules(game, text)
    asked = asking(game, {})
    events = record(game)
    game.apply(Play(9, 1))
    assert [(a.seat, a.purpose, a.default) for a in asked] == [
        (0, "may_help", False),
        (0, "may", False),
        (1, "may", False),
    ]
    assert [e.fields["answer"] for e in events if e.name == "choice"] == [False, False, False]
    assert hand(game, 0) == [4, 12, 13]  # declined every time: only the T4 draw


@pytest.mark.parametrize(
    ("block", "purpose"),
    [
        # cards leave the asked player for the table, or reach a player who is never them
        ("player discards 1 card", "may_help"),
        ("player puts 1 card under the pile", "may_help"),
        ("player gives 1 card to next player", "may_help"),
        ("player gives 1 card to a player of their choice", "may_help"),
        ("player chooses a player: player gives 1 card to the chosen player", "may_help"),
        ("each other player draws 1", "may_help"),
        ("if rank is 9: previous player picks up the pile", "may_help"),
        # yes can cost the asked player cards, or helps someone else shed
        ("player draws 1", "may"),
        ("next player discards 1 card", "may"),
        ("next player puts 1 card under the pile", "may"),
        ("player gives 1 card to dealer", "may"),
        ("next player chooses a player: player gives 1 card to the chosen player", "may"),
        ("player discards 1 card\n            player draws 1", "may"),
        ("player swaps hands with next player", "may"),
        ('announce "well played"', "may"),
    ],
)
def test_a_may_is_asked_as_helping_only_when_every_card_it_moves_helps_the_player(
    block: str, purpose: str
) -> None:
    text = f'rule "M":\n    after play:\n        player may:\n            {block}\n'
    game = table(["9 K Q", "J 4", "8"], deck="4 6 7", pile=["5"])
    with_rules(game, text)
    asked = asking(game, {})
    game.apply(Play(9, 1))
    assert [a.purpose for a in asked if a.purpose.startswith("may")] == [purpose]


def test_a_face_up_card_swaps_with_a_face_down_card_the_ask_shows_only_the_face_up_ones() -> None:
    game = table(["8 6", "J"], face_up=["K 2", "Q"], face_down=["9", "A"], pile=["5"])
    with_rules(
        game, 'rule "F":\n    after play: player swaps a face up card with a face down card\n'
    )
    asked = asking(game, {"hide": (2,)})
    game.apply(Play(8, 1))
    [ask] = asked
    assert (ask.purpose, ask.options) == ("hide", (2, 13))
    assert sorted(game.face_up[0]) == [9, 13] and game.face_down[0] == [2]


def test_nothing_happens_without_a_face_down_card_and_nobody_is_asked() -> None:
    game = table(["8 6", "J"], face_up=["K 2", "Q"], face_down=["", "A"], pile=["5"])
    with_rules(
        game, 'rule "F":\n    after play: player swaps a face up card with a face down card\n'
    )
    asked = asking(game, {})
    game.apply(Play(8, 1))
    assert asked == [] and sorted(game.face_up[0]) == [2, 13]


def test_a_card_under_an_empty_pile_is_the_pile() -> None:
    game = table(["K 5 3", "J"], pile=["9"])
    with_rules(game, 'rule "U":\n    after pickup: player puts 1 highest card under the pile\n')
    game.apply(game.legal_moves()[-1])  # the pickup
    assert game.pile_ranks == [13] and hand(game, 0) == [3, 5, 9]


@pytest.mark.parametrize(
    ("body", "asks"),
    [
        ("after clear: every player draws 1", set()),
        ("after clear: player gives 1 card to next player", {"give", "target"}),
        ("after play when rank is 9: player may: player draws 1", {"may", "may_help"}),
        ("after pickup: player puts 1 card under the pile", {"under"}),
    ],
)
def test_a_rule_sets_asks_are_its_constructs_declared_purposes(body: str, asks: set[str]) -> None:
    rules = load_rules(f'rule "R":\n    {body}\n')
    assert rules.asks == asks
