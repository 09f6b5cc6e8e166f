"""`lopti play --pack`: the first time a house rule fires, the narration says it in plain
words, with its author, in the table's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.cli.main import main

GENTLE = str(Path(__file__).parents[2] / "examples/packs/gentle.yaml")


def test_a_house_rule_is_said_in_plain_words_when_it_first_fires(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--pack", GENTLE, "--seed", "1", "--lang", "it"]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = [n for n, line in enumerate(lines) if line.startswith("Scatta la regola di Ann. ")]
    assert len(said) == 1
    assert "Dopo che un 10 svuota la pila, ogni altro giocatore pesca una carta" in lines[said[0]]
    assert lines[said[0] + 1].startswith("Tens tax: ")
    assert sum(line.startswith("Tens tax: ") for line in lines) > 1


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_an_announcement_that_ends_its_sentence_gets_no_second_full_stop(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # French sets a space before its closing mark (`. »`): the stop inside still ends it
    assert main(["play", "--pack", GENTLE, "--seed", "1", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    told = [line for line in lines if line.startswith("Tens tax") and "The ten was taxed." in line]
    assert told and not [line for line in told if line.endswith(".")]
