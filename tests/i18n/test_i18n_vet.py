"""`lopti vet` in the reader's language: the heading, the table, every finding and the
verdict translated; its JSON the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lopti_rules.cli.main import main

TENS = str(Path(__file__).parents[2] / "examples/rules/tens_tax.lopti")
VET = ["vet", TENS, "--games", "20", "--workers", "1"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_vet_speaks_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    english = run(capsys, *VET, "--lang", "en").splitlines()
    told = run(capsys, *VET, "--lang", "pt").splitlines()
    assert len(told) == len(english)
    assert told[0].startswith("Avaliação de “Tens tax”")  # the language's quotation marks
    assert told[-1].startswith("Veredito: ")
    findings = [line for line in told if line.startswith(("sem problemas: ", "aviso: "))]
    assert len(findings) == 7
    assert (
        "sem problemas: nenhuma rodada quebrou uma garantia básica (20 rodadas arbitradas)" in told
    )
    assert "diferença (IC 95%)" in told[2]


def test_vet_json_is_the_same_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    docs = [
        json.loads(run(capsys, *VET, "--format", "json", "--lang", lang)) for lang in ("en", "de")
    ]
    assert docs[0] == docs[1]
    assert docs[0]["comparison"]["verdict"].startswith("Verdict: ")


def test_simulate_speaks_french_and_its_json_does_not_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    simulate = ["simulate", "--games", "10", "--workers", "1"]
    told = run(capsys, *simulate, "--lang", "fr").splitlines()
    assert told[0].startswith("Manches simulées : 10 ; 4 joueurs")
    assert any(line.startswith("vidages par manche") for line in told)
    docs = [
        json.loads(run(capsys, *simulate, "--format", "json", "--lang", lang))
        for lang in ("en", "fr")
    ]
    assert docs[0] == docs[1]
