"""docs/limits.md stays true: its numbers are the code's, and what it shows runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.language.work import WORK_LIMIT
from lopti_rules.packs import yamlsafe
from lopti_rules.packs.pack import MAX_PACK_BYTES, MAX_PACK_CHARS, MAX_RULE_FILE_BYTES
from lopti_rules.runtime.guard import DEFAULT_ACTIONS, DEFAULT_DEPTH
from lopti_rules.session.store import LOCK_TIMEOUT, MAX_SESSION_BYTES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "number",
    [
        WORK_LIMIT,
        DEFAULT_ACTIONS,
        DEFAULT_DEPTH,
        yamlsafe.MAX_DEPTH,
        yamlsafe.MAX_NODES,
        yamlsafe.MAX_INT_DIGITS,
        MAX_PACK_CHARS,
        MAX_PACK_BYTES,
        MAX_RULE_FILE_BYTES,
        MAX_SESSION_BYTES,
        int(LOCK_TIMEOUT),
    ],
)
def test_every_limit_in_the_code_is_on_the_page(number: int) -> None:
    assert f"{number:,}" in DOC


def test_the_page_is_linked_from_the_docs_index() -> None:
    index = (Path(__file__).resolve().parents[2] / "docs" / "README.md").read_text("utf-8")
    assert "(limits.md)" in index


def test_the_commands_the_page_names_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "LR208"]) == 0
    assert "# LR208: a hook's work over the limit" in capsys.readouterr().out
    assert main(["check", "--any-rule-file", "examples/packs/gentle.yaml"]) == 0
