"""Fuzzing `lopti check`'s API: any text gives diagnostics, never an exception.

Two generators: arbitrary text, and "token soups" of the language's own words, punctuation,
newlines and indentation (which reach far deeper into the grammar than random characters).
The CI tier runs a few hundred examples each; the slow tier (`pytest -m slow`) runs 10,000.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lopti_rules.api import check_text
from lopti_rules.diagnostics.codes import CODES
from lopti_rules.language.syntax_report import keywords

TOKENS = [
    *sorted(keywords()),
    ":",
    "(",
    ")",
    "[",
    "]",
    ",",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "=",
    "!",
    "$",
    '"a string"',
    '"open',
    "“curly”",
    "'single'",
    "#comment",
    "\t",
    "\n",
    "\n    ",
    "\n        ",
    "\n  ",
    "0",
    "1",
    "7",
    "11",
    "999",
    "J",
    "king",
    "ten",
    "cause",
    "alice",
    "Zoë",
    "Rule",
    "After",
    "clearr",
    "thepile",
    "four_of_a_kind",
    "\\",
    "\r\n",
    "\u2028",
]
soups = st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join)
rule_soups = st.lists(st.sampled_from(TOKENS), max_size=40).map(
    lambda ts: 'rule "r":\n    after clear' + " ".join(ts)
)
texts = st.text(max_size=300)
inputs = st.one_of(texts, soups, rule_soups)


def only_diagnostics(text: str) -> None:
    diagnostics = check_text(text, "fuzz.lopti")
    for d in diagnostics:
        assert d.code in CODES
        assert d.span.line >= 1 and d.span.column >= 1
        assert (d.span.end_line, d.span.end_column) >= (d.span.line, d.span.column)
        assert d.message
    syntax = [d for d in diagnostics if d.code.startswith("LP")]
    assert len(syntax) <= 1  # the first syntax error only, never a cascade


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inputs)
def test_fuzz_fast_tier(text: str) -> None:
    only_diagnostics(text)


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(inputs)
def test_fuzz_slow_tier(text: str) -> None:
    only_diagnostics(text)
