"""Point a message that cites rulebook clauses at the place to read them, once.

Takes a sentence a person reads ("Ben did not win round 1 (W4, R0)"); returns it with the
first clause it cites made a command: "Ben did not win round 1 (W4, R0); see `lopti rules
W4`". Used where refusals reach people (the CLI, sessions), never in the engine's hot path:
the engine's own texts stay as they are, for logs and tests.
"""

from __future__ import annotations

import re

from lopti_rules.i18n import _

CLAUSE = re.compile(r"\b(?:[STPCXFWRVKE][0-9]+(?:\.[0-9]+)?|D[0-9]{1,2})\b")


def first_clause(text: str) -> str | None:
    """The first clause id cited in a parenthesis of `text`, if any."""
    for group in re.findall(r"\(([^()]*)\)", text):
        found = CLAUSE.search(group)
        if found:
            return found.group(0)
    return None


def see_rules(text: str) -> str:
    """`text` and, if it cites a clause, "; see `lopti rules ID`" (translated), once."""
    clause = first_clause(text)
    if clause is None or "lopti rules" in text:
        return text
    end = text[-1] if text.endswith((".", "!", "?")) else ""
    body = text[: len(text) - len(end)]
    return _("{text}; see `lopti rules {clause}`").format(text=body, clause=clause) + end
