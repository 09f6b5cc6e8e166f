"""A rule in plain words, for the page: the sentences of `lopti explain`.

Takes: a rule's text. Produces: one line per hook or note, `Title: sentence`, from the
explain renderer (`lopti_rules.i18n.explain`, per-language templates) in the server's
language (`lopti serve --lang`). Guarantees: it only reads the parsed tree; nothing is
evaluated. Text that does not parse gets no words (the checker says why).
"""

from __future__ import annotations

from lopti_rules.i18n import current_language
from lopti_rules.i18n.explain import explain_text


def describe(text: str) -> list[str]:
    """The rule(s) in `text` in plain words, one line per hook (empty: it does not parse)."""
    try:
        told = explain_text(text, current_language(), "<your rule>")
    except ValueError:
        return []
    return [f"{title}: {sentence}" for title, sentences in told for sentence in sentences]
