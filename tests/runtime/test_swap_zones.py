"""`TARGET swaps their face up and face down cards` (Palace's "flip your table cards"): the two
zones change places, openly; the checker's guarantees for it come from its declared moves."""

from __future__ import annotations

from runtime_helpers import Lines, hand, table, with_rules

from lopti_rules.api import check_text
from lopti_rules.engine import Play
from lopti_rules.engine.narrate import Narrator
from lopti_rules.i18n.explain import explain_text

FLIP = """rule "Flip":
    after play when rank is 8: player swaps their face up and face down cards
"""


def test_the_face_up_and_face_down_cards_change_places_openly() -> None:
    game = table(["8 6", "J"], face_up=["K 2", "Q"], face_down=["9 4 A", "A"], pile=["5"])
    runtime = with_rules(game, FLIP)
    lines = Lines(game, runtime)
    game.apply(Play(8, 1))
    assert sorted(game.face_up[0]) == [4, 9, 14] and sorted(game.face_down[0]) == [2, 13]
    [note] = [line for line in lines.all() if line["event"] == "swap_zones"]
    assert sorted(note["up"]) == [4, 9, 14] and sorted(note["down"]) == [2, 13]
    assert game.face_up[1] == [12]  # nobody else's table cards move


def test_cards_turned_up_beside_an_empty_hand_are_taken_up_at_once() -> None:  # F2
    game = table(["8", "J"], face_up=["", "Q"], face_down=["9 4", "A"], pile=["5"], deck="")
    with_rules(game, FLIP)
    game.apply(Play(8, 1))
    assert hand(game, 0) == [4, 9] and game.face_up[0] == [] and game.face_down[0] == []


def test_nothing_happens_without_table_cards() -> None:
    game = table(["8 6", "J"], face_up=["", "Q"], face_down=["", "A"], pile=["5"])
    runtime = with_rules(game, FLIP)
    lines = Lines(game, runtime)
    game.apply(Play(8, 1))
    assert "swap_zones" not in lines.names() and hand(game, 0) == [6]


def test_it_is_narrated_and_explained() -> None:
    game = table(["8 6", "J"], face_up=["K", "Q"], face_down=["9", "A"], pile=["5"])
    told: list[str] = []
    runtime = with_rules(game, FLIP)
    game.bus.observe(Narrator(["Ann", "Ben"], told.append, rule_of=lambda: runtime.rule))
    game.apply(Play(8, 1))
    runtime_lines = [line for line in told if line.startswith("Flip:")]
    assert runtime_lines == ["Flip: Ann swaps their face-up and face-down cards: a 9 now face up."]
    [(_, [sentence])] = explain_text(FLIP, "en")
    assert "turns their face-up cards face down and their face-down cards face up" in sentence
    [(_, [italian])] = explain_text(FLIP, "it")
    assert "carte coperte" in italian


def test_the_checker_derives_its_guarantees_from_its_moves() -> None:
    def codes(text: str) -> list[str]:
        return [d.code for d in check_text(f'rule "F":\n    {text}\n') if d.is_error]

    assert codes("after play: player swaps their face up and face down cards") == []
    # R2: a reveal turns one of the face-down cards, a swap takes a face-up one
    assert codes("before reveal: player swaps their face up and face down cards") != []
    assert codes("before swap: player swaps their face up and face down cards") != []
    # the next player is never the revealer: nothing of theirs is taken away
    assert codes("before reveal: next player swaps their face up and face down cards") == []
