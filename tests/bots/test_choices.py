"""The bots' answers to asks (bots/choices.py): a policy for every bot kind and ask kind."""

from __future__ import annotations

from engine_helpers import ranks, table

from lopti_rules.bots import BOTS, make_bots
from lopti_rules.bots.choices import POLICIES, chooser
from lopti_rules.engine import Ask, Game
from lopti_rules.engine.asks import PURPOSES


def game() -> Game:
    # seat 2 is nearest to going out (2 cards), seat 1 furthest (5)
    return table(
        ["2 5 10 K 9", "J Q K", "4"],
        face_up=["", "A A", ""],
        face_down=["3", "", "6"],
    )


def asks() -> list[Ask]:
    """One ask of every purpose, asked of seat 0."""
    made: list[Ask] = []
    for purpose, meaning in PURPOSES.items():
        if meaning.kind == "cards":
            made.append(Ask.of_cards(0, purpose, ranks("2 5 10 K 9"), 2))
        elif meaning.kind == "seat":
            made.append(Ask.of_seat(0, purpose, [1, 2, 0], 1))
        else:
            made.append(Ask.of_yes_no(0, purpose, False))
    return made


def test_every_bot_kind_has_a_policy() -> None:
    assert set(POLICIES) == set(BOTS)


def test_every_policy_gives_an_allowed_answer_to_every_purpose() -> None:
    g = game()
    for name in BOTS:
        choose = chooser(make_bots(name, 3), seed=4)
        for ask in asks():
            reply = choose(g, ask)
            assert reply is not None and ask.check(reply) == reply, (name, ask.purpose)


def test_greedy_and_searching_bots_part_with_the_cards_they_value_least() -> None:
    g = game()
    ask = Ask.of_cards(0, "give", ranks("2 5 10 K 9"), 2, about=1)
    for name in ("greedy", "easy", "medium", "hard"):
        assert chooser(make_bots(name, 3), 0)(g, ask) == (5, 9)  # the specials 2, 10 stay


def test_greedy_chooses_the_opponent_nearest_to_going_out_never_itself() -> None:
    g = game()
    choose = chooser(make_bots("greedy", 3), 0)
    assert choose(g, Ask.of_seat(0, "target", [1, 2, 0], 1)) == 2
    assert choose(g, Ask.of_seat(0, "target", [0, 1], 1)) == 1
    assert choose(g, Ask.of_seat(0, "target", [0], 0)) == 0  # only itself offered
    # a yes/no whose worth depends on the table: the ask's own default
    assert choose(g, Ask.of_yes_no(0, "may", True)) is True
    assert choose(g, Ask.of_yes_no(0, "may", False)) is False


def test_the_random_bot_replays_with_its_seed_and_varies_with_it() -> None:
    g = game()

    def run(seed: int) -> list[object]:
        choose = chooser(make_bots("random", 3), seed)
        return [choose(g, ask) for ask in asks() * 6]

    assert run(1) == run(1)
    assert run(1) != run(2)
    assert {r for r in run(3) if isinstance(r, bool)} == {True, False}


def test_a_person_is_not_answered_here() -> None:
    bots = make_bots("greedy", 3)
    choose = chooser([bots[0], None, bots[2]], 0)
    ask = Ask.of_yes_no(1, "may", False)
    assert choose(game(), ask) is None
    g = game()
    g.bus.chooser = choose
    assert g.ask(ask) is False  # the game takes the default
