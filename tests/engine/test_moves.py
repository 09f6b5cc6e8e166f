"""Moves are values: a move built by a caller equals, and hashes like, the engine's own."""

from __future__ import annotations

from lopti_rules.engine import PickUp, Play, Reveal, Swap
from lopti_rules.engine.moves import PICKUP, PLAYS, REVEALS, SWAPS


def test_built_moves_equal_and_hash_like_the_interned_ones() -> None:
    pairs = [(Play(9, 2), PLAYS[9][2]), (PickUp(), PICKUP), (Reveal(2), REVEALS[2])]
    pairs.append((Swap(1, 14, 4), SWAPS[1][14][4]))
    for built, interned in pairs:
        assert built == interned and hash(built) == hash(interned)
        assert built in {interned} and interned in [built]


def test_different_moves_differ() -> None:
    moves = [Play(9, 2), Play(9, 1), Play(8, 2), PickUp(), Reveal(0), Reveal(1), Swap(0, 9, 8)]
    assert len(set(moves)) == len(moves)
    assert all(a != b for i, a in enumerate(moves) for b in moves[i + 1 :])
    assert Play(2, 1) != (2, 1) and Reveal(0) != 0
