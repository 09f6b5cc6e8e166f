"""Ranks: the only thing about a card that matters (S1: suits have no meaning).

Inside the engine a rank is an int from 2 to 14 (J=11, Q=12, K=13, A=14), so "higher" is
plain integer comparison (S2). At the boundaries (scenarios, logs, narration) ranks are the
strings "2".."10", "J", "Q", "K", "A".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

TWO, THREE, SEVEN, TEN = 2, 3, 7, 10
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS: tuple[int, ...] = tuple(range(2, 15))
SPECIAL_RANKS: frozenset[int] = frozenset({TWO, THREE, SEVEN, TEN})
SUITS = 4  # copies of each rank in the deck

_NAMES = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_WORDS = {"jack": JACK, "queen": QUEEN, "king": KING, "ace": ACE}
RANK_NAMES: dict[int, str] = {r: _NAMES.get(r, str(r)) for r in RANKS}
RANK_BY_NAME: dict[str, int] = {name: r for r, name in RANK_NAMES.items()}


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def parse_rank(text: str | int) -> int:
    """ "10", 10, "J", "j", "jack" -> the rank int; ValueError with a clear message otherwise."""
    key = str(text).strip()
    rank = RANK_BY_NAME.get(key.upper()) or _WORDS.get(key.lower())
    if rank is None:
        from lopti_rules.i18n import _

        raise ValueError(_("`{value}` is not a rank (use 2..10, J, Q, K or A)").format(value=text))
    return rank


def full_deck() -> list[int]:
    """The 52 ranks of a standard deck, in rank order."""
    return [r for r in RANKS for _ in range(SUITS)]


def hand_ranks(counts: Sequence[int]) -> list[int]:
    """The ranks a hand's per-rank counts (indexed by rank) stand for, lowest first."""
    return [r for r in range(2, 15) for _ in range(counts[r])]


def names(ranks: Iterable[int]) -> list[str]:
    return [RANK_NAMES[r] for r in ranks]
