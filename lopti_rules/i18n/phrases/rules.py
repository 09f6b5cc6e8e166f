"""Plural rules of the phrasebooks: which form (`key#0`, `key#1`, ...) a count takes. They
match the `Plural-Forms` of the gettext catalogues for the counts a rule can hold (1..10)."""

from __future__ import annotations


def one_other(n: int) -> int:
    """English, Italian, German, Portuguese: 1 card, 2 cards."""
    return 0 if n == 1 else 1


def zero_one_other(n: int) -> int:
    """French: 0 or 1 carte, 2 cartes."""
    return 0 if n in (0, 1) else 1


def polish(n: int) -> int:
    """Polish: 1 kartę; 2-4, 22-24, ... karty; 5-21, 25-31, ... kart."""
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2
