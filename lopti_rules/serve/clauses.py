"""The clauses a refusal cites, as the shipped rulebook has them, each once.

Takes: a sentence that may end with the clauses it cites, `cannot play 4 on a 5: ... (P3,
P3a, P3b, P3c, S2)`. Produces: the sentence without that parenthesis and the ids to show
once beside it (`P3, S2`). Guarantees: every id given back is a clause of the shipped
rulebook (`lopti rules ID` finds it): an item the rulebook has no heading for (`P3a`, `C1b`)
is cited as its clause (`P3`, `C1`), an id it lacks altogether is left out, and no id comes
twice. The engine's own sentences stay as they are, for logs and tests.
"""

from __future__ import annotations

import re
from functools import cache

from lopti_rules.i18n.rulebook import load

_TRAILING = re.compile(r"\s*\(([A-Z][A-Za-z0-9.\-]*(?:,\s*[A-Z][A-Za-z0-9.\-]*)*)\)(\.?)\s*$")
_ITEM = re.compile(r"^([A-Z][0-9]+(?:\.[0-9]+)?)[a-z]+$")


@cache
def _ids() -> frozenset[str]:
    return frozenset(load("en").clauses)  # every language's rulebook has the same ids


def shipped(ids: list[str]) -> list[str]:
    """`ids` as clauses of the rulebook: items as their clause, unknown ones left out, once."""
    known = _ids()
    found: list[str] = []
    for raw in ids:
        clause = raw.strip()
        item = _ITEM.match(clause)
        if clause not in known and item:
            clause = item.group(1)
        if clause in known and clause not in found:
            found.append(clause)
    return found


def cited(text: str) -> tuple[str, str | None]:
    """The sentence without the clauses it ends with, and those clauses (`shipped`)."""
    match = _TRAILING.search(text)
    if match is None:
        return text, None
    ids = shipped(match.group(1).split(","))
    return text[: match.start()] + match.group(2), ", ".join(ids) or None
