"""The README's rulebook and language commands run and say what the README says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_rules_commands_run(capsys: pytest.CaptureFixture[str]) -> None:
    commands = re.findall(r"`lopti (rules[^`]*)`", README)
    assert len(commands) >= 3
    for command in commands:
        assert main(command.split()) == 0, command
        out = capsys.readouterr().out
        wanted = command.split()[1] if len(command.split()) > 1 else "S1"
        assert f" {wanted} " in out, command
