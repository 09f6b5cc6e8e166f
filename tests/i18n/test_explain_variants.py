"""`lopti explain` at a table with base variants: a clear's cause is said with the rank that
has its role there (docs/variants.md, "What the program says"), in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.engine.variants import Variants
from lopti_rules.i18n import LANGUAGES
from lopti_rules.i18n.explain import explain_text

CAUSES = """\
rule "T":
    after clear when cause is ten: player draws 1
rule "C":
    before clear when cause is threes: player draws 1
rule "S":
    after clear when cause is sevens: player draws 1
rule "W":
    after clear when cause is not ten: player draws 1
"""


# the jack as each language's rulebook writes it on a card (S2), as the narration does
JACKS = {"en": "J", "it": "J", "pt": "J", "de": "B", "pl": "W", "fr": "V"}


def said(lang: str, variants: Variants | None) -> list[str]:
    return [s for _, sentences in explain_text(CAUSES, lang, variants=variants) for s in sentences]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_moved_ranks_are_named_in_every_language(lang: str) -> None:
    base = said(lang, None)
    moved = said(lang, Variants(clear=11, pass_on=9, low=8))
    assert all(a != b for a, b in zip(base, moved, strict=True))
    jack = JACKS[lang]
    assert jack in moved[0] and "9" in moved[1] and "8" in moved[2] and jack in moved[3]


def test_a_moved_rank_is_written_as_the_rulebook_letters_it() -> None:
    """German says a jack B, French V, as the narration and the rulebooks do (DE-37)."""
    assert said("de", Variants(clear=11))[0].startswith("Wenn eine Karte mit dem Wert B ")
    assert said("fr", Variants(clear=13))[0].startswith("Après qu'une carte de valeur R ")
    rule = 'rule "Q":\n    after play when queens of player > 1: player draws 1\n'
    assert "die Zahl der Karten D auf der Hand" in explain_text(rule, "de")[0][1][0]


def test_english_words_for_the_moved_ranks() -> None:
    assert said("en", Variants(clear=11, pass_on=9, low=8)) == [
        "After a card of rank J clears the pile, the player draws a card.",
        "Before four 9s in the chain clear the pile, the player draws a card.",
        "After four 8s clear the pile, the player draws a card.",
        "After the pile clears, if the cause is not a card of rank J, the player draws a card.",
    ]


def test_a_rank_that_lost_its_role_keeps_the_base_words() -> None:
    assert said("en", Variants(clear=None)) == said("en", None)


def test_the_command_takes_base_and_with(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rule = tmp_path / "t.lopti"
    rule.write_text(CAUSES, "utf-8")
    assert main(["explain", str(rule), "--base", "clear=J"]) == 0
    assert "After a card of rank J clears the pile" in capsys.readouterr().out
    pack = tmp_path / "p.yaml"
    pack.write_text("name: P\nbase:\n  clear: Q\nrules: []\n", "utf-8")
    assert main(["explain", str(rule), "--with", str(pack)]) == 0
    assert "After a card of rank Q clears the pile" in capsys.readouterr().out
    assert main(["explain", str(rule), "--base", "clear=Z"]) == 2
    assert "clear" in capsys.readouterr().err
