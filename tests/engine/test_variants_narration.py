"""Narration follows the variants in force (docs/variants.md, "What the program says"): the
pass, low, reset and clear ranks where the table moved them, a glass rank, a burn of three.

Each table starts empty and the pile is built by plays, as the narrator only knows what it
has seen (as `lopti play` does from the deal)."""

from __future__ import annotations

import pytest
from engine_helpers import table

from lopti_rules.engine import Game, IllegalMoveError, Play
from lopti_rules.engine.narrate import Narrator
from lopti_rules.engine.variants import Variants


def narrated(game: Game, variants: Variants) -> list[str]:
    lines: list[str] = []
    game.bus.observe(Narrator(["Ann", "Ben", "Cat"], lines.append, variants=variants))
    return lines


def test_a_moved_pass_rank_obliges_with_its_own_rank() -> None:  # VX2
    v = Variants(pass_on=9, reset=None)
    g = table(["5", "9 K", "A"], face_down=["Q", "Q", "Q"], variants=v)
    lines = narrated(g, v)
    g.apply(Play(5, 1))
    g.apply(Play(9, 1))
    assert lines[1] == (
        "Ben plays 9 to the chain (1 in the chain): the next player must play 9s or pick up."
    )


def test_a_refusal_under_a_moved_obligation_names_the_pass_rank() -> None:  # VX2, P7
    v = Variants(pass_on=9, reset=None)
    g = table(["5", "9 K", "A"], face_down=["Q", "Q", "Q"], variants=v)
    g.apply(Play(5, 1))
    g.apply(Play(9, 1))
    with pytest.raises(IllegalMoveError) as refused:
        g.apply(Play(14, 1))
    sentence = str(refused.value).partition(" (P7")[0]  # the clause ids aside (X3.3)
    assert "pass-on rank (9)" in sentence and "3" not in sentence


def test_moved_low_reset_and_clear_ranks_are_told_as_such() -> None:  # VX1, VX3, VX4
    v = Variants(low=6, reset=5, clear=11)
    g = table(["6 J", "5 4", "9 A"], face_down=["Q", "Q", "Q"], variants=v)
    lines = narrated(g, v)
    g.apply(Play(6, 1))
    g.apply(Play(5, 1))
    g.apply(Play(9, 1))
    g.apply(Play(11, 1))
    assert lines == [
        "Ann plays 6: 6 or lower next.",
        "Ben plays 5 on 6: anything may follow.",
        "Cat plays 9 on 5.",
        "Ann plays J on 9.",
        "The pile clears: a J (4 cards leave the round).",
        "Ann gets a bonus play.",
    ]


def test_the_base_ranks_lose_their_words_when_moved() -> None:  # VX5
    v = Variants(low=None, reset=None)
    g = table(["2 K", "7 A", "9 A"], face_down=["Q", "Q", "Q"], variants=v)
    lines = narrated(g, v)
    g.apply(Play(2, 1))
    g.apply(Play(7, 1))
    assert lines == ["Ann plays 2.", "Ben plays 7 on 2."]


def test_a_glass_says_what_is_still_to_beat() -> None:  # VG1, VG3
    v = Variants(glass=8)
    g = table(["8 K", "8 A", "A Q"], face_down=["Q", "Q", "Q"], variants=v)
    lines = narrated(g, v)
    g.apply(Play(8, 1))
    g.apply(Play(8, 1))
    g.apply(Play(14, 1))
    assert lines == [
        "Ann plays 8.",
        "Ben plays 8 on 8: glass, 8 still to beat.",
        "Cat plays A on 8.",
    ]


def test_a_burn_of_three_is_told_as_three() -> None:  # VB1
    v = Variants(burn=3)
    g = table(["5 5 K", "5 A", "9 A"], face_down=["Q", "Q", "Q"], variants=v)
    lines = narrated(g, v)
    g.apply(Play(5, 2))
    g.apply(Play(5, 1))
    assert lines[-3:] == [
        "Ben plays 5 on 5 5.",
        "The pile clears: three 5s (3 cards leave the round).",
        "Ben gets a bonus play.",
    ]
