"""docs/sessions.md: the evening's commands run as written and leave exactly the session
file the page shows; the Python example runs."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

ROOT = Path(__file__).parents[2]
PAGE = (ROOT / "docs" / "sessions.md").read_text(encoding="utf-8")


def block(marker: str) -> str:
    found = re.search(rf"<!-- {marker} -->\n```\w+\n(.*?)```", PAGE, re.S)
    assert found is not None, marker
    return found.group(1)


def test_the_evening_leaves_the_session_file_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "examples" / "rules", tmp_path / "examples" / "rules")
    monkeypatch.chdir(tmp_path)
    for line in block("evening").splitlines():
        argv = shlex.split(line)
        assert argv[0] == "lopti"
        assert main(argv[1:]) == 0, (line, capsys.readouterr().err)
    assert (tmp_path / "session.yaml").read_text(encoding="utf-8") == block("session-file")


def test_the_hand_edit_message_is_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    edited = block("session-file").replace("  winner: Cat\n", "  winner: Zed\n", 1)
    (tmp_path / "session.yaml").write_text(edited, encoding="utf-8")
    assert main(["session", "show"]) == 1
    assert capsys.readouterr().err == block("hand-edit")


def test_the_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = re.search(r"```python\n(.*?)```", PAGE, re.S)
    assert code is not None
    exec(compile(code.group(1), "docs/sessions.md", "exec"), {})
    assert "Tax" in (tmp_path / "friday.yaml").read_text(encoding="utf-8")
