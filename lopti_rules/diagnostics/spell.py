"""Did-you-mean suggestions for misspelt names (events, fields, symbols, roles, codes).

Takes a word and the names in scope; returns the nearest name, or None when nothing is close.
Distance is Levenshtein over the names with case and underscores ignored (`Take Up`,
`takeup` and `take_up` are the same word), and a name is only suggested when at most about
half of the word's letters need changing (starlark-go's `spell.Nearest`). Ties go to the
first name in the order given, so callers list names in the order they want preferred and
the result is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable

from lopti_rules.i18n import _


def _fold(word: str) -> str:
    return word.casefold().replace("_", "").replace(" ", "").replace("-", "")


def distance(a: str, b: str, limit: int | None = None) -> int:
    """Levenshtein distance between `a` and `b`; stops early above `limit` if given."""
    if a == b:
        return 0
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        best = i
        for j, cb in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            current.append(cost)
            best = min(best, cost)
        if limit is not None and best > limit:
            return best
        previous = current
    return previous[-1]


def nearest(word: str, names: Iterable[str]) -> str | None:
    """The name in `names` closest to `word`, if at most ~50% of it must change."""
    folded = _fold(word)
    if not folded:
        return None
    best: str | None = None
    best_distance = (len(folded) + 1) // 2 + 1  # strictly less than this is close enough
    for name in names:
        candidate = _fold(name)
        if candidate == folded:
            return name
        d = distance(folded, candidate, best_distance)
        if d < best_distance and d <= max(1, len(candidate) // 2):
            best, best_distance = name, d
    return best


def did_you_mean(word: str, names: Iterable[str], quote: str = "`") -> str | None:
    """`did you mean `x`?` for the nearest name, or None."""
    found = nearest(word, names)
    if found is None:
        return None
    return _("did you mean {name}?").format(name=f"{quote}{found}{quote}")
