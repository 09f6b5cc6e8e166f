"""Narration of 3s: the chain's length, and the obligation the next player must answer.

The narrator knows the table only from the events it has seen, so each table here starts
empty and the pile is built by plays (as `lopti play` does from the deal)."""

from __future__ import annotations

from engine_helpers import table

from lopti_rules.engine import Game, PickUp, Play
from lopti_rules.engine.narrate import Narrator


def narrated(game: Game) -> list[str]:
    lines: list[str] = []
    game.bus.observe(Narrator(["Ann", "Ben", "Cat"], lines.append))
    return lines


def test_threes_on_a_pile_oblige_the_next_player() -> None:  # X3.3, X3.5
    g = table(["9", "3 3 K", "3"], face_down=["Q", "Q", "Q"])
    lines = narrated(g)
    g.apply(Play(9, 1))
    g.apply(Play(3, 2))
    g.apply(Play(3, 1))
    assert lines[1:] == [
        "Ben plays 3 3 to the chain (2 in the chain): the next player must play 3s or pick up.",
        "Cat plays 3 to the chain (3 in the chain): the next player must play 3s or pick up.",
    ]


def test_threes_on_an_empty_table_oblige_nobody() -> None:  # X3.4, D19
    g = table(["3", "3 5", "K"], face_down=["Q", "Q", "Q"])
    lines = narrated(g)
    g.apply(Play(3, 1))
    g.apply(Play(3, 1))
    assert lines == [
        "Ann plays 3 to the chain (1 in the chain).",
        "Ben plays 3 to the chain (2 in the chain).",
    ]


def test_the_fourth_three_clears_and_a_pickup_resets_the_count() -> None:  # X3.5, C1c
    g = table(["9", "3 3 3", "3"], face_down=["Q", "Q", "Q"])
    lines = narrated(g)
    g.apply(Play(9, 1))
    g.apply(Play(3, 3))
    g.apply(Play(3, 1))
    assert lines[2] == "Cat plays 3 to the chain (4 in the chain)."
    assert lines[3].startswith("The pile clears: four 3s in the chain")
    g2 = table(["9 3", "3 K", "Q"], face_down=["Q", "Q", "Q"])
    lines2 = narrated(g2)
    g2.apply(Play(9, 1))
    g2.apply(Play(3, 1))
    g2.apply(PickUp())  # Cat: the chain resets and the table is empty
    g2.apply(Play(3, 1))
    assert lines2[-1] == "Ann plays 3 to the chain (1 in the chain)."
