"""The ask/answer API (engine/asks.py): defaults, validation, the chooser, the `choice` note."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import hand, ranks, record, table

from lopti_rules.engine import CARDS, Answer, AnswerError, Ask, Event, Game
from lopti_rules.engine.asks import Chooser


def with_chooser(game: Game, chooser: Chooser[Game]) -> list[Ask]:
    """Plug `chooser` into the game's bus; returns the list of asks it is handed."""
    asked: list[Ask] = []

    def choose(g: Game, ask: Ask) -> Answer | Sequence[int] | None:
        asked.append(ask)
        return chooser(g, ask)

    game.bus.chooser = choose
    return asked


def test_without_a_chooser_a_chosen_give_takes_the_lowest_cards() -> None:
    game = table(["9 4 K A", "J"], face_down=["5", "5"])
    assert game.effects.give(0, 1, 2, "chosen") == [4, 9]
    assert hand(game, 0) == ranks("K A") and hand(game, 1) == ranks("4 9 J")


def test_the_chooser_is_asked_for_exactly_the_cards_that_can_move() -> None:
    game = table(["9 4 K", "J"])  # no face-up or face-down cards: one card must stay (D38)
    asked = with_chooser(game, lambda g, ask: [13, 9])
    assert game.effects.give(0, 1, 5, "chosen") == [13, 9]
    (ask,) = asked
    assert (ask.seat, ask.kind, ask.purpose, ask.count, ask.about) == (0, CARDS, "give", 2, 1)
    assert ask.options == (4, 9, 13) and ask.default == (4, 9)
    assert hand(game, 0) == [4]


def test_nobody_is_asked_when_no_card_can_move() -> None:
    game = table(["9", "J"])  # the giver's last card stays (D38)
    asked = with_chooser(game, lambda g, ask: None)
    assert game.effects.discard(0, 1, "chosen") == [] and asked == []


@pytest.mark.parametrize("reply", [None, [14], [9, 9], (2, 3), "K", 9, True])
def test_an_answer_the_ask_does_not_allow_gives_the_default(reply: Answer | None) -> None:
    game = table(["9 4 K A", "J"], face_down=["5", "5"])
    with_chooser(game, lambda g, ask: reply)
    assert game.effects.discard(0, 2, "chosen") == [4, 9]
    assert game.removed == [4, 9]


def test_check_says_why_an_answer_is_refused() -> None:
    ask = Ask.of_cards(0, "discard", ranks("9 4 K K"), 2)
    assert ask.check([13, 13]) == (13, 13) and ask.check((9, 4)) == (9, 4)
    cases: list[tuple[object, str]] = [
        ([13], r"wants 2 card\(s\), not 1"),
        ([9, 9], "holds 9 2 times, but only 1 can be chosen"),
        ("9 4", "wants a list of ranks"),
        ([True, 9], "wants a list of ranks"),
    ]
    for reply, reason in cases:
        with pytest.raises(AnswerError, match=reason):
            ask.check(reply)
    seat = Ask.of_seat(0, "target", [1, 2], 1)
    with pytest.raises(AnswerError, match=r"seat 3 is not among the seats offered \(1, 2\)"):
        seat.check(3)
    with pytest.raises(AnswerError, match="wants a seat"):
        seat.check(True)
    with pytest.raises(AnswerError, match="wants yes or no"):
        Ask.of_yes_no(0, "may", False).check(1)


def test_an_ask_names_a_known_purpose_of_its_kind_and_a_valid_default() -> None:
    with pytest.raises(ValueError, match="`gift` is not a purpose"):
        Ask.of_cards(0, "gift", [4], 1)
    with pytest.raises(ValueError, match="a `may` ask is a yes_no ask, not a seat ask"):
        Ask.of_seat(0, "may", [1], 1)
    with pytest.raises(AnswerError):
        Ask.of_seat(0, "target", [1, 2], 0)


def test_forced_asks_have_one_possible_answer() -> None:
    assert Ask.of_cards(0, "give", [4, 4, 4], 2).forced
    assert Ask.of_cards(0, "give", [4, 9], 2).forced
    assert not Ask.of_cards(0, "give", [4, 9], 1).forced
    assert Ask.of_seat(0, "target", [2], 2).forced
    assert not Ask.of_yes_no(0, "may", False).forced


def test_an_ask_with_one_possible_answer_is_not_put_to_the_chooser() -> None:
    game = table(["9 4 4 K", "J", "Q"], face_down=["5", "5", "5"])
    asked = with_chooser(game, lambda g, ask: 1)
    assert game.ask(Ask.of_seat(0, "target", [2], 2)) == 2  # one seat offered
    assert game.ask(Ask.of_cards(0, "give", [4, 4], 1, about=1)) == (4,)  # one rank offered
    assert game.effects.give(0, 1, 4, "chosen") == [4, 4, 9, 13]  # all it holds: no choice
    assert asked == []
    assert game.ask(Ask.of_seat(0, "target", [1, 2], 2)) == 1  # a real choice is asked
    assert len(asked) == 1


def test_seat_and_yes_no_answers_are_noted_for_observers_and_card_answers_are_not() -> None:
    game = table(["9 4 K A", "J", "Q"], face_down=["5", "5", "5"])
    events = record(game)
    with_chooser(game, lambda g, ask: {"target": 2, "may": True}.get(ask.purpose))
    assert game.ask(Ask.of_seat(0, "target", [1, 2], 1)) == 2
    assert game.ask(Ask.of_yes_no(1, "may", False)) is True
    assert game.ask(Ask.of_cards(0, "give", [4, 9], 1, about=2)) == (4,)  # None: the default
    notes = [(e.name, e.actor, dict(e.fields)) for e in events]
    assert notes == [
        ("choice", 0, {"purpose": "target", "answer": 2, "about": None}),
        ("choice", 1, {"purpose": "may", "answer": True, "about": None}),
    ]


def test_without_a_chooser_every_ask_takes_its_default() -> None:
    game = table(["9", "J", "Q"])
    seen: list[Event] = record(game)
    assert game.ask(Ask.of_seat(0, "target", [1, 2], 1)) == 1
    assert game.ask(Ask.of_yes_no(0, "may", False)) is False
    assert [e.fields["answer"] for e in seen] == [1, False]
