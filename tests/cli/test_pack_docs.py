"""docs/packs.md and the README say true things: the documented pack loads and passes, the
narration excerpt is what `lopti play --pack` prints, the README's pack command runs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from cli_snapshot import ROOT

from lopti_rules.api import check_pack
from lopti_rules.cli.main import main

VERBS = ("each draw", "draws", "gives", "discards", "takes back", "shows", "picks up", "clears")
DOC = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, re.S)


def test_the_documented_pack_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "packs").mkdir()
    shutil.copy(ROOT / "examples" / "rules" / "tens_tax.lopti", tmp_path / "rules")
    pack = tmp_path / "packs" / "friday.yaml"
    pack.write_text(blocks("yaml")[0], encoding="utf-8")
    result = check_pack(pack)
    assert result.accepted and result.diagnostics == ()


def test_the_narration_excerpt_is_real(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The excerpt's rule lines are of the pack's rules, told as the narrator tells them,
    and each of those rules is told the same way in the command's real output (the exact
    cards change with the engine and bots, so the excerpt is not compared word for word)."""
    monkeypatch.chdir(ROOT)
    assert main(["play", "--pack", "examples/packs/gentle.yaml", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    (excerpt,) = [b for b in re.findall(r"  ```\n(.*?)  ```", DOC, re.S) if "Tens tax" in b]
    titles = ("Tens tax", "Low gift", "Soft landing", "Helping hand")
    told = [line.strip() for line in excerpt.splitlines() if line.strip().startswith(titles)]
    assert len(told) >= 2
    for line in told:
        title = line.split(": ", 1)[0]
        (verb,) = [v for v in VERBS if v in line][:1]
        assert any(o.startswith(f"{title}: ") and verb in o for o in out), line


def test_the_readme_pack_command_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = re.findall(r"`lopti (play --pack [^`]+)`", readme)
    assert main(command.split()) == 0
    assert "House rules fired: " in capsys.readouterr().out
