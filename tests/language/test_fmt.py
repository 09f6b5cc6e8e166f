"""`lopti fmt`: one canonical layout, the same tree back, idempotent, comments kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lopti_rules.language import ast
from lopti_rules.language.ast import strip_spans
from lopti_rules.language.fmt import format_file
from tests.tiers import tiers

from .helpers import SPEC_ACCEPTED, SPEC_FILE, parse_ok
from .strategies import files
from .test_parse import SPEC_HOOKS

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "rules").glob("*.lopti"))


def fmt(text: str) -> str:
    return format_file(parse_ok(text), text)


@tiers(few=60, many=300)
def test_generated_trees_format_and_parse_back_to_the_same_tree(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(files)
    def check(tree: ast.File) -> None:
        text = format_file(tree)
        assert strip_spans(parse_ok(text)) == tree, text
        assert fmt(text) == text

    check()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_are_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert fmt(text) == text


SAMPLES = [SPEC_FILE, SPEC_ACCEPTED, *(f'rule "r":\n    {h}\n' for h in SPEC_HOOKS)]


@pytest.mark.parametrize("text", SAMPLES)
def test_formatting_twice_changes_nothing_the_second_time(text: str) -> None:
    once = fmt(text)
    assert fmt(once) == once
    assert strip_spans(parse_ok(once)) == strip_spans(parse_ok(text))


MESSY = """\
# header comment

rule   "Messy"  :   # on the title
  note    "kept"
  after   clear   when(cause is ten)  :
        # inside the hook
        each other player draws 1     # trailing
        if cards of player>3:  player draws 1
        else:
              player draws 2


  before turn:   player draws 1
rule "Two": after play when a is 1 or b is 2 and c is 3: clear the pile
# footer
"""

CANONICAL = """\
# header comment

rule "Messy":  # on the title
    note "kept"
    after clear when cause is ten:
        # inside the hook
        each other player draws 1  # trailing
        if cards of player > 3:
            player draws 1
        else:
            player draws 2
    before turn: player draws 1

rule "Two":
    after play when a is 1 or b is 2 and c is 3: clear the pile
# footer
"""


def test_canonical_layout_keeps_every_comment() -> None:
    assert fmt(MESSY) == CANONICAL
    assert fmt(CANONICAL) == CANONICAL


def test_the_spec_s_own_examples_are_canonical() -> None:
    """LANGUAGE.md §2 writes "Low gift" (one action) as a block, §5 writes one-action blocks
    too: both layouts are canonical, and `lopti fmt` keeps the one the author chose (§5's
    accepted examples differ only by the blank line the layout puts between rules)."""
    assert fmt(SPEC_FILE) == SPEC_FILE
    spaced = SPEC_ACCEPTED.replace('\nrule "', '\n\nrule "')
    assert fmt(spaced) == spaced


def test_a_one_action_block_stays_a_block_and_a_one_liner_a_one_liner() -> None:
    block = 'rule "r":\n    after clear:\n        player draws 1\n'
    assert fmt(block) == block
    messy_block = 'rule "r":\n  after clear:\n      if deck > 1:\n         player draws 1\n'
    assert fmt(messy_block) == (
        'rule "r":\n    after clear:\n        if deck > 1:\n            player draws 1\n'
    )
    inline = 'rule "r":\n    after clear: if deck > 1: player draws 1\n'
    assert fmt(inline) == ('rule "r":\n    after clear:\n        if deck > 1: player draws 1\n')
    one_liner = 'rule "r":\n    after clear:   player draws 1\n'
    assert fmt(one_liner) == 'rule "r":\n    after clear: player draws 1\n'


def test_long_one_liners_become_blocks() -> None:
    long = 'rule "r":\n    after clear: announce "' + "x" * 90 + '"\n'
    assert fmt(long) == 'rule "r":\n    after clear:\n        announce "' + "x" * 90 + '"\n'


def test_parentheses_only_where_the_tree_needs_them() -> None:
    text = (
        'rule "r":\n'
        "    after x when (a is 1 or b is 2) and not (c is 3 and d is 4): clear the pile\n"
    )
    assert fmt(text) == text
    assert "((" not in fmt('rule "r":\n    after x when ((a is 1)): clear the pile\n')


SOURCES = [p.read_text(encoding="utf-8") for p in EXAMPLES] + [MESSY, SPEC_FILE, SPEC_ACCEPTED]


@st.composite
def commented(draw: st.DrawFn) -> str:
    """A valid file with comments added at random: after code, or on lines of their own."""
    lines = draw(st.sampled_from(SOURCES)).rstrip("\n").split("\n")
    out: list[str] = []
    for number, line in enumerate(lines):
        if draw(st.booleans()) and draw(st.booleans()):
            out.append(" " * draw(st.integers(0, 12)) + f"# own {number}")
        tail = line.strip() and "#" not in line and draw(st.booleans())
        out.append(f"{line}  # tail {number}" if tail else line)
    if draw(st.booleans()):
        out.append("# the end")
    return "\n".join(out) + "\n"


def _comments(text: str) -> list[str]:
    return sorted(c.text for c in parse_ok(text).comments)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commented())
def test_comments_anywhere_are_kept_and_formatting_is_idempotent(text: str) -> None:
    once = fmt(text)
    assert _comments(once) == _comments(text)
    assert strip_spans(parse_ok(once)) == strip_spans(parse_ok(text))
    assert fmt(once) == once


def test_a_choice_that_may_be_the_chooser_is_written_with_themself() -> None:
    text = (
        'rule "Jack":\n'
        "    after play when rank is J:\n"
        "        player chooses a player or themselves:\n"
        "            the chosen player draws 1\n"
    )
    written = fmt(text)
    assert "player chooses a player or themself:" in written
    assert fmt(written) == written
    [choose] = parse_ok(written).rules[0].hooks[0].actions
    assert isinstance(choose, ast.Choose) and choose.themself
