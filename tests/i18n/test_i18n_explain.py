"""`lopti explain RULE.lopti`: every construct has a sentence in every language, every template
is filled, and no language falls back to the English text. That every template is a message of
the catalogues, translated with its placeholders in every language, is checked with the rest of
the catalogue (`test_i18n_catalogues.py`)."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest

from lopti_rules.cli.main import main
from lopti_rules.i18n import LANGUAGES
from lopti_rules.i18n.explain import SAID_BY, explain_text
from lopti_rules.language import ast

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples" / "rules").glob("*.lopti"))
EVERY = (Path(__file__).parent / "data" / "every_construct.lopti").read_text(encoding="utf-8")
OTHERS = sorted(set(LANGUAGES) - {"en"})


def sentences(text: str, lang: str) -> list[str]:
    return [s for _, said in explain_text(text, lang) for s in said]


def test_every_node_class_of_the_syntax_tree_is_said() -> None:
    nodes = {
        cls
        for _, cls in inspect.getmembers(ast, inspect.isclass)
        if dataclasses.is_dataclass(cls) and cls.__module__ == ast.__name__
    }
    assert nodes, "no node classes found"
    assert nodes - set(SAID_BY) == set(), "a node class without a renderer in explain.py"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_construct_is_said_with_every_placeholder_filled(lang: str) -> None:
    said = sentences(EVERY, lang)
    assert len(said) == EVERY.count("\n    ") - EVERY.count("\n        ")
    for sentence in said:
        assert not re.search(r"[{}]", sentence), sentence


@pytest.mark.parametrize("lang", OTHERS)
def test_no_sentence_is_left_in_english(lang: str) -> None:
    for english, other in zip(sentences(EVERY, "en"), sentences(EVERY, lang), strict=True):
        assert english != other


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_rule_in_every_language(
    path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"[{}]", out)
    titles = re.findall(r'^rule "(.*)":', path.read_text(encoding="utf-8"), re.M)
    for title in titles:
        assert f"{title}\n  " in out


def test_the_issue_examples() -> None:
    tens = (ROOT / "examples" / "rules" / "tens_tax.lopti").read_text(encoding="utf-8")
    assert sentences(tens, "it")[0].startswith(
        "Dopo che un 10 svuota la pila, ogni altro giocatore pesca una carta"
    )
    assert sentences(tens, "pl")[0].startswith(
        "Po tym, jak dziesiątka wyczyści stos, każdy inny gracz dobiera kartę"
    )


@pytest.mark.parametrize(
    ("count", "said"), [(1, "kartę"), (2, "2 karty"), (5, "5 kart"), (10, "10 kart")]
)
def test_polish_counts_take_three_forms(count: int, said: str) -> None:
    text = f'rule "P":\n    after clear: player draws {count}\n'
    expected = f"Po tym, jak stos zostanie wyczyszczony, ten gracz dobiera {said}."
    assert sentences(text, "pl") == [expected]


def test_a_rule_that_does_not_parse_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.lopti"
    bad.write_text('rule "x":\n    after clear player draws 1\n', encoding="utf-8")
    assert main(["explain", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}:2:") and err.count("\n") == 1


def test_codes_are_listed_and_an_unknown_code_points_to_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", "--list"]) == 0
    out = capsys.readouterr().out
    assert "LR203  " in out and "LP001  " in out
    assert main(["explain", "QQQQQQQ"]) == 2
    err = capsys.readouterr().err
    assert err == "error: unknown code 'QQQQQQQ'. `lopti explain --list` lists them.\n"
    assert "docs/codes" not in err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the player swaps hands with the next player"),
        ("de", "mit der nächsten Person"),
        ("pl", "z następnym graczem"),
        ("it", "con il giocatore successivo"),
    ],
)
def test_the_swap_partner_takes_the_form_after_with(lang: str, said: str) -> None:
    """German puts a target after "mit" in the dative, Polish after "z" in the instrumental
    (the context `explain: target after with`); the one who acts stays nominative."""
    text = 'rule "S":\n    after play: player swaps hands with next player\n'
    assert said in sentences(text, lang)[0]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "if it is not so that the rank is 7 and the low rule is pending, "),
        ("it", "se non è vero che il valore sia 7 e valga la regola bassa, "),
        ("pt", "se não for verdade que o valor seja 7 e valha a regra baixa, "),
        (
            "fr",
            "si la condition « la valeur est 7 et la règle basse s'applique » n'est pas remplie, ",
        ),
    ],
)
def test_a_condition_inside_a_negation_takes_the_mood_of_that_slot(lang: str, said: str) -> None:
    """Italian and Portuguese say the condition after "it is not so that" in the subjunctive,
    every other condition in the mood of "if" (issue 29)."""
    text = 'rule "N":\n    after play when not (rank is 7 and low is true): player draws 1\n'
    assert said in sentences(text, lang)[0]


@pytest.mark.parametrize(
    ("lang", "after", "before"),
    [
        ("en", "After `clearr`, ", "Before `clearr`, "),
        ("it", "Dopo che avviene `clearr`, ", "Prima che avvenga `clearr`, "),
        ("pt", "Depois que acontece `clearr`, ", "Antes que aconteça `clearr`, "),
        ("de", "Wenn `clearr` geschehen ist, ", "Bevor `clearr` geschieht: "),
        ("fr", "Après `clearr`, ", "Avant que `clearr` ait lieu, "),
    ],
)
def test_an_unknown_event_is_said_after_after_and_after_before(
    lang: str, after: str, before: str
) -> None:
    text = 'rule "U":\n    after clearr: player draws 1\n    before clearr: player draws 1\n'
    first, second = sentences(text, lang)
    assert first.startswith(after) and second.startswith(before)
