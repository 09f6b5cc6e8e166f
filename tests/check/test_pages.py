"""Each checker code's page is right about itself: its example gets the code, and what it
suggests instead is accepted without a warning; `lopti explain` prints it."""

from __future__ import annotations

import re

import pytest

from lopti_rules.api import check_text
from lopti_rules.cli.main import main
from lopti_rules.diagnostics.codes import CODES
from lopti_rules.language.resources import code_page_path
from tests.check.helpers import codes

CHECKER_CODES = sorted(c for c in CODES if c[:2] in ("LR", "LW"))
TRIAL_CODES = {"LR210", "LW603"}  # found by the trial rounds `lopti check` plays


def found(text: str, code: str) -> list[str]:
    """The codes `lopti check` gives the text (with its trial, for a trial code)."""
    if code in TRIAL_CODES:
        return [d.code for d in check_text(text, roster=["ben"], trial=True)]
    return codes(text, roster=["ben"])


def _block(page: str, heading: str) -> str:
    section = page.split(f"## {heading}\n", 1)[1]
    found = re.search(r"```\n(.*?)```", section, re.S)
    assert found, f"no code block under {heading}"
    return found.group(1)


@pytest.mark.parametrize("code", CHECKER_CODES)
def test_page_example_gets_its_code(code: str) -> None:
    page = code_page_path(code).read_text(encoding="utf-8")
    assert code in found(_block(page, "Example"), code)


@pytest.mark.parametrize("code", CHECKER_CODES)
def test_page_suggestion_is_accepted(code: str) -> None:
    page = code_page_path(code).read_text(encoding="utf-8")
    assert found(_block(page, "Use instead"), code) == []


def test_explain_prints_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lr203"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# LR203: endless loop")
    assert "## Use instead" in out


def test_explain_unknown_code_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "LR2O3"]) == 2
    err = capsys.readouterr().err
    assert "LR203" in err and "Traceback" not in err
