"""One mistake, one diagnostic: where several codes fit, only the most specific is reported
(LANGUAGE.md §5: LR304 over LR301 for a roster name; docs/checker.md)."""

from __future__ import annotations

import pytest

from tests.check.helpers import codes, one_hook

ROSTER = ["ann", "Ben"]

ROSTER_WORDS = [
    "after clear: the ann player draws 1",  # not also LR301
    "after clear when cards of the ben player > 2: player draws 1",
    "after ann: player draws 1",  # not also LR501
    "after Ben when cause is ten: player draws 1",
    "after clear when ann > 2: player draws 1",  # not also LR502
    "after clear when cause is ben: player draws 1",  # not also LR503
    "after play when rank in [7, ann]: player draws 1",
    "after clear: ann smith draws 1",  # a longer name holding a roster name: not also LR301
    "after clear: player gives 1 card to big ben",
]


@pytest.mark.parametrize("line", ROSTER_WORDS)
def test_a_roster_name_is_lr304_only(line: str) -> None:
    assert codes(one_hook(line), roster=ROSTER) == ["LR304"]


@pytest.mark.parametrize("line", ROSTER_WORDS)
def test_without_a_roster_the_same_word_gets_its_own_code(line: str) -> None:
    got = codes(one_hook(line))
    assert len(got) == 1 and got != ["LR304"]


def test_a_roster_name_in_a_forbidden_form_is_two_mistakes() -> None:
    # skipping is wrong whoever is skipped; naming a person is wrong whatever the action
    assert codes(one_hook("after clear: skip ann"), roster=ROSTER) == ["LR102", "LR304"]
