"""Session refusals in the reader's language: the whole sentence, its clause and the pointer
to `lopti rules`, in every language."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES

TENS = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'


def session(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, *argv: str) -> str:
    file = str(tmp_path / "friday.yaml")
    main(["session", *argv, "--file", file, "--lang", lang])
    out, err = capsys.readouterr()
    return out + err


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_a_refusal_is_said_whole_in_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
    session(tmp_path, capsys, "en", "start", "Ann,Ben,Cat", "--dealer", "Ann")
    english = session(
        tmp_path, capsys, "en", "rule", str(tmp_path / "tens.lopti"), "--author", "Ben"
    )
    told = session(tmp_path, capsys, lang, "rule", str(tmp_path / "tens.lopti"), "--author", "Ben")
    assert "only a round's winner makes a rule" in english and "(R0" in english
    assert "round" not in told and "winner" not in told
    assert "(R0" in told and "`lopti rules R0`" in told


def test_the_players_named_in_a_refusal_stay_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session(tmp_path, capsys, "en", "start", "Ann,Ben,Cat", "--dealer", "Ann")
    session(tmp_path, capsys, "en", "deal")
    session(tmp_path, capsys, "en", "round", "--winner", "Cat")
    (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
    told = session(tmp_path, capsys, "de", "rule", str(tmp_path / "tens.lopti"), "--author", "Ben")
    assert "Ben hat Runde 1 nicht gewonnen (Cat hat gewonnen) (W4, R0)" in told


def test_session_show_says_each_rule_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
    session(tmp_path, capsys, "en", "start", "Ann,Ben,Cat", "--dealer", "Ann")
    session(tmp_path, capsys, "en", "deal")
    session(tmp_path, capsys, "en", "round", "--winner", "Cat")
    session(tmp_path, capsys, "en", "rule", str(tmp_path / "tens.lopti"), "--author", "Cat")
    english = session(tmp_path, capsys, "en", "show")
    shown = session(tmp_path, capsys, "it", "show")
    assert "Rules in force (1):" in english and "After a ten clears the pile" in english
    assert "Regole in vigore (1):" in shown
    assert "Dopo che un 10 svuota la pila, ogni altro giocatore pesca una carta." in shown
    assert "after clear when cause is ten" in shown  # the rule's own text, as written


def test_the_evening_is_told_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
    started = session(tmp_path, capsys, "it", "start", "Ann,Ben,Cat", "--dealer", "Ann")
    assert "Ann distribuisce la mano 1 e apre il gioco (S6, D29)." in started
    assert "Mano 1: distribuisce Ann, inizia Ann." in session(tmp_path, capsys, "it", "deal")
    won = session(tmp_path, capsys, "it", "round", "--winner", "Cat")
    assert won.startswith("Cat vince la mano 1.")
    made = session(tmp_path, capsys, "it", "rule", str(tmp_path / "tens.lopti"), "--author", "Cat")
    assert 'La regola 1 "Tens tax" di Cat è in vigore da adesso (D33).' in made
    history = session(tmp_path, capsys, "pl", "history")
    assert "Rozdanie 1: rozdaje Ann, zaczyna Ann; wygrana: Cat." in history
    assert "Zasada (autor: Cat): „Tens tax”." in history


def test_roshambo_asks_for_throws_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tens.lopti").write_text(TENS, encoding="utf-8")
    session(tmp_path, capsys, "en", "start", "Ann,Ben,Cat,Dan", "--dealer", "Ann")
    session(tmp_path, capsys, "en", "round", "--winner", "Cat")
    session(tmp_path, capsys, "en", "rule", str(tmp_path / "tens.lopti"), "--author", "Cat")
    typed = "RX\n" + "R" * 30 + "/" + "S" * 30 + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    vote = ["vote", "remove", "1", "--proposer", "Ben", "--yes", "Ben,Dan", "--no", "Cat,Ann"]
    told = session(tmp_path, capsys, "it", *vote, "--now")
    assert "Roshambo: Ben contro Cat, 30 lanci decisivi (K3)." in told
    assert "un lancio è R (sasso), P (carta) o S (forbici), non 'X'; riprova." in told


def test_a_simulated_session_is_narrated_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate = ["session", "simulate", "--players", "3", "--rounds", "2", "--seed", "7"]
    assert main([*simulate, "--lang", "pt"]) == 0
    told = capsys.readouterr().out.splitlines()
    assert told[0].startswith("Sessão de 3 jogadores")
    assert any(line.startswith("Rodada 1: ") for line in told)
    assert any(line.startswith("Classificação: ") for line in told)
