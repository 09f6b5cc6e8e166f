"""LANGUAGE.md §5: every example in the code table gets its code; the accepted examples pass."""

from __future__ import annotations

import pytest

from tests.check.helpers import codes, diagnose, one_hook
from tests.language.helpers import SPEC_ACCEPTED, SPEC_FILE

EXAMPLES = [
    ("LR101", "instead of draw: player draws 2"),
    ("LR102", "after clear: skip next player"),
    ("LR103", "before clear: player picks up the pile"),
    ("LR201", "after finish: player draws 3"),
    ("LR202", "after vote: player draws 1"),
    ("LR203", "after draw: next player draws 1"),
    ("LR204", "after play: while deck > 0: player draws 1"),
    ("LR205", "after play: repeat 11 times: player draws 1"),
    ("LR206", "after round: every player draws 1 retroactively"),
    ("LR301", "after clear: alice draws 2"),
    ("LR302", "after clear: seat 2 draws 1"),
    ("LR303", "after clear: the youngest player draws 1"),
    ("LR501", "after clearr: player draws 1"),
    ("LR502", "after play when cause is ten: player draws 1"),
    ("LR503", "after clear when cause is 7: player draws 1"),
    ("LR504", "after clear: loser draws 1"),
    ("LR506", "after clear: player draws 0"),
    ("LW601", "after play when rank is 3 and rank is 4: player draws 1"),
]


@pytest.mark.parametrize(("code", "line"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_example_gets_exactly_its_code(code: str, line: str) -> None:
    assert codes(one_hook(line)) == [code]


def test_roster_name_in_a_string() -> None:
    got = codes(
        one_hook('after clear:\n        player draws 1\n        announce "Ben drinks"'),
        roster=["ann", "Ben"],
    )
    assert got == ["LR304"]


def test_zoe_is_a_name_not_a_syntax_error() -> None:
    assert codes(one_hook("after clear: Zoë draws 1")) == ["LR301"]


def test_two_rules_loop_together() -> None:
    got = codes(
        'rule "A":\n    after draw: next player picks up the pile\n',
        'rule "B":\n    after pickup: player draws 1\n',
    )
    assert got == ["LR203"]


def test_duplicate_title_is_reported_at_the_later_one() -> None:
    text = 'rule "Tax":\n    after clear: player draws 1\n'
    text += 'rule "Tax":\n    after play: player draws 1\n'
    (d,) = diagnose(text)
    assert (d.code, d.span.line) == ("LR505", 3)
    assert "line 1" in d.message


def test_announcements_only_warn() -> None:
    assert codes(one_hook('after clear: announce "nice"')) == ["LW602"]


def test_accepted_examples_pass_clean() -> None:
    assert codes(SPEC_ACCEPTED) == []
    assert codes(SPEC_FILE) == []


def test_custom_clearing_rule_is_accepted() -> None:
    assert codes(one_hook("after play when rank is K and count >= 2: clear the pile")) == []
