"""Positions of problems in a pack's rules: inline `text:` in the pack file's own lines and
columns (whatever the YAML style), `file:` rules in the rule file's; folded text refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lopti_rules.api import check_pack, check_sources
from lopti_rules.diagnostics.source import Diagnostic
from lopti_rules.packs.pack import load_pack_text

BAD_ROLE = 'rule "Tax":\n    after clear: alice draws 1\n'


def diagnose(tmp_path: Path, pack: str, rule: str | None = None) -> tuple[str, list[Diagnostic]]:
    if rule is not None:
        (tmp_path / "rules").mkdir(exist_ok=True)
        (tmp_path / "rules" / "r.lopti").write_text(rule, encoding="utf-8")
    (tmp_path / "packs").mkdir(exist_ok=True)
    path = tmp_path / "packs" / "p.yaml"
    path.write_text(pack, encoding="utf-8")
    return pack, list(check_pack(path).sorted_diagnostics())


def word_at(text: str, d: Diagnostic) -> str:
    line = text.splitlines()[d.span.line - 1]
    return line[d.span.column - 1 : d.span.end_column - 1]


@pytest.mark.parametrize(
    "rules",
    [
        # literal block, as in the docs
        '  - author: 0\n    text: |\n      rule "Tax":\n          after clear: alice draws 1\n',
        # strip indicator, a comment after it, and a deeper block
        '  - author: 0\n    text: |-   # the rule\n            rule "Tax":\n'
        "                after clear: alice draws 1\n",
        # a blank first line inside the block
        '  - author: 0\n    text: |\n\n      rule "Tax":\n          after clear: alice draws 1\n',
        # one-line forms: single-quoted, double-quoted (a plain scalar cannot hold `: `)
        "  - author: 0\n    text: 'rule \"Tax\": after clear: alice draws 1'\n",
        "  - {author: 0, text: \"rule 'Tax': after clear: alice draws 1\"}\n",
    ],
)
def test_inline_problems_point_at_the_word_in_the_pack(tmp_path: Path, rules: str) -> None:
    pack, diagnostics = diagnose(tmp_path, f"name: x\nrules:\n{rules}")
    assert diagnostics, "the rule should have a problem"
    for d in diagnostics:
        assert d.file.endswith("p.yaml")
        if d.code == "LR301":
            assert word_at(pack, d) == "alice"
    assert any(d.code in ("LR301", "LP001", "LP002") for d in diagnostics)


def test_a_single_quoted_rule_is_positioned_exactly(tmp_path: Path) -> None:
    pack, (d,) = diagnose(
        tmp_path,
        "name: x\nrules:\n  - author: 0\n    text: 'rule \"T\": after clear: bob draws 1'\n",
    )
    assert (d.code, d.span.line, d.span.column) == ("LR301", 4, 35)
    assert word_at(pack, d) == "bob"


def test_file_rules_are_positioned_in_their_own_file(tmp_path: Path) -> None:
    pack = "name: x\nrules:\n  - file: ../rules/r.lopti\n    author: 0\n"
    _, (d,) = diagnose(tmp_path, pack, BAD_ROLE)
    assert d.file == str(tmp_path / "rules" / "r.lopti")  # normalised: no `packs/..`
    assert (d.code, d.span.line, d.span.column) == ("LR301", 2, 18)
    assert word_at(BAD_ROLE, d) == "alice"


def test_a_cycle_across_a_file_rule_and_inline_text_names_both_places(tmp_path: Path) -> None:
    pack = (
        "name: x\nrules:\n  - file: ../rules/r.lopti\n    author: 0\n"
        '  - author: 1\n    text: |\n      rule "Grab":\n'
        "          after pickup: player draws 1\n"
    )
    rule = 'rule "Draw":\n    after draw: next player picks up the pile\n'
    text, (d,) = diagnose(tmp_path, pack, rule)
    assert (d.code, d.span.line, d.span.column) == ("LR203", 8, 11)
    assert word_at(text, d) == "after pickup"
    assert "r.lopti:2" in d.message


def test_escapes_in_a_double_quoted_rule_do_not_shift_the_columns(tmp_path: Path) -> None:
    pack, (d,) = diagnose(
        tmp_path,
        'name: x\nrules:\n  - author: 0\n    text: "rule \\"y\\": after clear: bob draws 1"\n',
    )
    assert (d.code, d.span.line, d.span.column, d.span.end_column) == ("LR301", 4, 37, 40)
    assert word_at(pack, d) == "bob"


def test_doubled_quotes_in_a_single_quoted_rule_do_not_shift_the_columns(tmp_path: Path) -> None:
    pack, (d,) = diagnose(
        tmp_path,
        "name: x\nrules:\n  - author: 0\n"
        "    text: 'rule \"it''s\": after clear: announce \"a''b\" then'\n",
    )
    assert (d.code, d.span.line, d.span.column) == ("LP001", 4, 55)
    assert word_at(pack, d) == "then"


def test_a_newline_escape_starts_the_rule_s_next_line_on_the_same_pack_line(
    tmp_path: Path,
) -> None:
    pack, (d,) = diagnose(
        tmp_path,
        "name: x\nrules:\n  - author: 0\n"
        '    text: "rule \\"z\\":\\n    after clear: bob draws 1"\n',
    )
    assert (d.code, d.span.line, d.span.column) == ("LR301", 4, 42)
    assert word_at(pack, d) == "bob"


def test_unicode_escapes_are_mapped_through(tmp_path: Path) -> None:
    pack, (d,) = diagnose(
        tmp_path,
        "name: x\nrules:\n  - author: 0\n"
        '    text: "rule \\"Caf\\u00e9\\": after clear: bob draws 1"\n',
    )
    assert (d.code, d.span.line) == ("LR301", 4)
    assert word_at(pack, d) == "bob"


@pytest.mark.parametrize("indicator", ["|2", "|2-", "|-2", "|4"])
def test_a_literal_block_with_an_indentation_indicator(tmp_path: Path, indicator: str) -> None:
    """`|2` fixes the block's indentation at the parent's plus 2: spaces past it belong to the
    rule's text (here 2 more before `rule`), not to the offset."""
    extra = " " * (6 - int(indicator.strip("|-")))
    pack, (d,) = diagnose(
        tmp_path,
        f"name: x\nrules:\n  - author: 0\n    text: {indicator}\n"
        f'      {extra}rule "w":\n      {extra}    after clear: bob draws 1\n',
    )
    assert (d.code, d.span.line) == ("LR301", 6)
    assert word_at(pack, d) == "bob"


def test_a_folded_rule_does_not_stop_the_other_rules_from_being_checked(tmp_path: Path) -> None:
    pack, found = diagnose(
        tmp_path,
        "name: x\nrules:\n"
        '  - author: 0\n    text: >-\n      rule "Folded":\n          after clear: player draws 1\n'
        '  - author: 0\n    text: |\n      rule "Named":\n          after clear: bob draws 1\n',
    )
    assert [(d.code, d.span.line) for d in found] == [("LY002", 4), ("LR301", 10)]
    assert word_at(pack, found[1]) == "bob"


def test_other_pack_problems_do_not_stop_the_rules_from_being_checked(tmp_path: Path) -> None:
    _, found = diagnose(
        tmp_path,
        "name: x\nplayers: [ann, ben]\ncolour: red\nrules:\n"
        '  - author: 0\n    text: |\n      rule "Named":\n          after clear: ben draws 1\n'
        '  - author: zed\n    text: |\n      rule "Fine": after clear: player draws 1\n',
    )
    codes = [(d.code, d.span.line) for d in found]
    assert codes == [("LY002", 3), ("LR304", 8), ("LY003", 9)]


@pytest.mark.parametrize(
    "rules",
    [
        '  - author: 0\n    text: >\n      rule "Tax":\n          after clear: player draws 1\n',
        "  - author: 0\n    text: 'rule \"Tax\":\n      after clear: player draws 1'\n",
    ],
)
def test_folded_text_is_refused_with_a_hint(tmp_path: Path, rules: str) -> None:
    _, (d,) = diagnose(tmp_path, f"name: x\nrules:\n{rules}")
    assert (d.code, d.span.line, d.span.column) == ("LY002", 4, 11)
    assert (
        "folded" in d.message
        and d.hint == "write a rule of several lines as a literal block: `text: |`"
    )


# --------------------------------------------------------------------------- a property

NAMES = st.sampled_from(["alice", "bob", "zoe", "mallory"])
HOOKS = st.sampled_from(
    [
        "after clear: {name} draws 1",
        "after play when rank is 7: {name} discards 1 lowest card",
        "before turn when deck is 0: player gives 1 card to {name}",
    ]
)


def _entry(lead: str, title: str, hook: str, style: str, block_indent: int) -> str:
    """A pack entry holding `rule "TITLE":` and `hook` (TITLE in the rule language's escapes)
    as a literal block, a single-quoted line or a double-quoted line with `\\n`."""
    if style == "literal":
        inner = " " * block_indent
        return f'{lead}- author: 0\n{lead}  text: |\n{inner}rule "{title}":\n{inner}    {hook}\n'
    if style == "single":
        rule = f'rule "{title}": {hook}'.replace("'", "''")
        return f"{lead}- author: 0\n{lead}  text: '{rule}'\n"
    rule = f'rule "{title}":\n    {hook}'
    escaped = rule.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'{lead}- author: 0\n{lead}  text: "{escaped}"\n'


TITLES = st.sampled_from(["Bad", "It's", 'Say \\"hi\\"', "Back\\\\slash", "Café ''"])


@settings(max_examples=60, deadline=None)
@given(
    name=NAMES,
    hook=HOOKS,
    title=TITLES,
    list_indent=st.integers(0, 4),
    block_extra=st.integers(1, 6),
    style=st.sampled_from(["literal", "single", "double"]),
    padding=st.lists(st.sampled_from(["# a comment", "", "  # indented comment"]), max_size=3),
    before=st.integers(0, 2),
)
def test_a_name_in_inline_text_is_found_where_it_is_written(
    name: str,
    hook: str,
    list_indent: int,
    title: str,
    block_extra: int,
    style: str,
    padding: list[str],
    before: int,
) -> None:
    lead = " " * list_indent
    block_indent = list_indent + 2 + block_extra
    good = [
        _entry(lead, f"Rule {i}", "after clear: player draws 1", style, block_indent)
        for i in range(before)
    ]
    bad = _entry(lead, title, hook.format(name=name), style, block_indent)
    pack = "\n".join(padding) + "\nname: p\nrules:\n" + "".join([*good, bad])
    loaded = load_pack_text(pack, "p.yaml")
    diagnostics = check_sources([e.source for e in loaded.entries])
    (found,) = [d for d in diagnostics if d.code == "LR301"]
    assert word_at(pack, found) == name
