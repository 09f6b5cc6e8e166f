"""docs/bots.md: the commands it shows run, and its vetting table shows what they print."""

from __future__ import annotations

import re
import shlex

import pytest

from lopti_rules.cli.main import main

from .test_search import ROOT

PAGE = ROOT / "docs/bots.md"


def commands() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return re.findall(r"```sh\n(lopti [^\n]*)\n```", text)


def test_the_page_shows_a_round_and_two_vets_each_way() -> None:
    shown = commands()
    assert len(shown) == 5
    assert sum("vet" in c for c in shown) == 4


@pytest.mark.parametrize("command", [c for c in commands() if " vet " not in c])
def test_a_round_with_searching_seats_runs(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)[1:]) == 0
    assert "Winner:" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("command", [c for c in commands() if " vet " in c])
def test_a_vet_prints_the_verdict_the_page_shows(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    main(shlex.split(command)[1:])
    out = capsys.readouterr().out
    verdict = out.strip().splitlines()[-1]
    text = PAGE.read_text(encoding="utf-8")
    block = text[text.index(command) :].split("```text\n", 1)[1].split("```", 1)[0]
    assert verdict in block, f"`{command}` now says {verdict!r}"
