"""click's own messages in the language in use (lopti_rules/cli/clickwords.py): said from
lopti's catalogue, still the words click says, and nothing of the process's gettext state
left changed after a run."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_dir

from lopti_rules.cli.clickwords import CLICK_MESSAGES, CLICK_PLURALS
from lopti_rules.cli.main import main

CLICK_DIR = Path(click.__file__).parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def test_every_click_message_listed_is_one_click_says() -> None:
    """A new click that rewords a message makes this fail: the catalogue would miss it."""
    said = {
        msgid
        for _, _, msgid, _, _ in extract_from_dir(
            str(CLICK_DIR), keywords={"_": None, "ngettext": (1, 2)}
        )
    }
    assert set(CLICK_MESSAGES) <= said
    assert set(CLICK_PLURALS) <= said


def test_the_documented_mistyped_option_is_said_in_german(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/translating.md, "click's own messages"."""
    code, said = run(capsys, "play", "--playrs", "3", "--lang", "de")
    assert code == 2
    assert said == (
        "Fehler: unbekannte Option '--playrs'. (Meintest du eine davon: '--places', "
        "'--players'?) Siehe `lopti play --help`.\n"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: missing argument 'FILES...'. See `lopti check --help`.\n"),
        ("it", "errore: argomento mancante 'FILES...'. Vedi `lopti check --help`.\n"),
        ("pl", "błąd: brak argumentu 'FILES...'. Zobacz `lopti check --help`.\n"),
        ("pt", "erro: argumento ausente 'FILES...'. Veja `lopti check --help`.\n"),
        ("fr", "erreur : argument manquant 'FILES...'. Voir `lopti check --help`.\n"),
    ],
)
def test_a_missing_argument_is_said_in_each_language(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "check", "--lang", lang) == (2, said)


def test_the_language_follows_each_run(capsys: pytest.CaptureFixture[str]) -> None:
    """One process, three runs: each says click's words in its own language."""
    told = [run(capsys, "play", "--seed", "x", "--lang", lang)[1] for lang in ("fr", "en", "pl")]
    assert "valeur invalide pour '--seed'" in told[0]
    assert "invalid value for '--seed'" in told[1]
    assert "nieprawidłowa wartość dla '--seed'" in told[2]


def test_a_run_leaves_the_process_gettext_as_it_was(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser or a child process started after a run inherits no language from it."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    domain = gettext.textdomain()
    run(capsys, "--bogus", "--lang", "it")
    assert "LANGUAGE" not in os.environ
    assert gettext.textdomain() == domain
    monkeypatch.setenv("LANGUAGE", "sv")
    run(capsys, "--bogus", "--lang", "it")
    assert os.environ["LANGUAGE"] == "sv"


def test_the_help_of_one_run_does_not_keep_the_language_of_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """click makes a command's help option once: its text must still follow each run."""
    run(capsys, "session", "vote", "--help", "--lang", "de")
    _, french = run(capsys, "session", "vote", "--help", "--lang", "fr")
    _, english = run(capsys, "session", "vote", "-h", "--lang", "en")
    assert "-h, --help" in french and "Afficher ce message et quitter." in french
    assert "Diese Hilfe" not in french
    assert "Show this message and exit." in english
