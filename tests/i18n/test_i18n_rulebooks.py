"""Each language's rulebook has exactly the clauses of the English one, in the same order, so
that any clause id the program cites can be looked up in every language."""

from __future__ import annotations

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES
from lopti_rules.i18n.rulebook import load

ENGLISH = load("en")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_same_clause_ids_in_every_language(lang: str) -> None:
    book = load(lang)
    assert book.lang == lang
    assert list(book.clauses) == list(ENGLISH.clauses)
    for clause_id, clause in book.clauses.items():
        assert clause.level == ENGLISH.clauses[clause_id].level, clause_id


def test_the_english_rulebook_covers_every_clause_family_and_ruling() -> None:
    for section in "STPCXFWRVKED":
        assert section in ENGLISH.clauses
    assert [f"D{n}" for n in range(1, 39)] == [c for c in ENGLISH.clauses if c[:1] == "D"][1:]
    assert {"X7.1", "X7.2", "X7.3", "X7.4", "X10.2", "R0", "V11", "K4", "E4"} <= set(
        ENGLISH.clauses
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["pila", "mazzo di pesca", "carte scoperte", "coperte"]),
        ("de", ["Stapel", "Nachziehstapel", "offene", "verdeckte"]),
        ("pl", ["stos", "stos dobierania", "odkryte", "zakryte"]),
        ("pt", ["pilha", "monte de compra", "viradas para cima", "viradas para baixo"]),
        ("fr", ["pile", "pioche", "face visible", "face cachée"]),
    ],
)
def test_each_rulebook_speaks_its_own_rulebook_terms(lang: str, words: list[str]) -> None:
    text = load(lang).text
    for word in words:
        assert word in text, word


def test_lopti_rules_x7_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "X7", "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("### X7 — O 7")
    assert "#### X7.2 — A regra baixa" in out
