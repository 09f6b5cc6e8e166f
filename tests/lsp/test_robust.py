"""Whatever the text and the cursor, completion, hover and the quick fixes answer (maybe with
nothing) and never raise: an editor sends half-typed rules and stale positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.api import check_text
from lopti_rules.lsp.complete import offers
from lopti_rules.lsp.fixes import fix
from lopti_rules.lsp.hover import hover_text
from lopti_rules.lsp.words import spot

PIECES = [
    'rule "A":', "\n", "    ", "after", "before", "instead of", "clear", "play", "when",
    "cause", "is", "ten", "and", "or", "not", "(", ")", "[", "]", ",", ">=", "hand of",
    "next player", "player", "draws", "1", ":", "#", " 🃏", "é", '"', "rulez", "claer", "if",
    "else", "repeat", "times", "the", "each", "where", "\t", "\r\n",
]  # fmt: skip

texts = st.lists(st.sampled_from(PIECES), max_size=40).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(texts, st.integers(-2, 30), st.integers(-2, 120))
def test_completion_and_hover_never_raise(text: str, line: int, column: int) -> None:
    for offer in offers(spot(text, max(line, 1), max(column, 1))):
        assert offer.label
    found = hover_text(text, line, column, check_text(text))
    assert found is None or found.strip()


@settings(max_examples=150, deadline=None)
@given(texts)
def test_a_quick_fix_is_inside_its_line(text: str) -> None:
    lines = text.splitlines()
    for diagnostic in check_text(text):
        found = fix(diagnostic, text)
        if found is None:
            continue
        span = found.span
        assert span.line == span.end_line and span.column < span.end_column
        assert span.end_column <= len(lines[span.line - 1]) + 1
        assert found.text
