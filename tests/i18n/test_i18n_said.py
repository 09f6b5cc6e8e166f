"""What a session file keeps is data, not sentences: a vote's reason, a ruling without a
majority and an undone step read in the reader's language; an older file's English
sentences still load and are shown as they are. Figures are written as each language
writes them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from lopti_rules.i18n import set_language
from lopti_rules.i18n.numbers import Number, decimal, percent
from lopti_rules.session import Ballots, Proposal, Session, report, store
from lopti_rules.session.roshambo import LineThrows
from lopti_rules.session.undo import undo

TENS = 'rule "Tens tax":\n    after clear when cause is ten: each other player draws 1\n'


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def evening(path: Path) -> None:
    """An evening kept in English: a tied vote settled by Roshambo, a ruling without a
    majority, and an undone ruling."""
    set_language("en")
    session = Session.start("Friday", ["Ann", "Ben", "Cat", "Dan"], first_dealer="Ann")
    session.deal()
    session.finish_round("Cat")
    session.add_rule("Cat", TENS)
    session.deal()
    session.finish_round("Ben")
    session.interpret(1, "Q?", "A.", creator_absent=True, yes=["Ann"])
    undo(session)
    session.interpret(1, "Q?", "A.", creator_absent=True, yes=["Ann"])
    proposal = Proposal(action="remove", proposer="Ben", effective="next", rule=1)
    ballots = Ballots(yes=["Ben", "Dan"], no=["Cat", "Ann"])
    session.vote(proposal, ballots, LineThrows([("R" * 30, "S" * 30)]))
    store.save(session, path)


def test_a_file_written_in_english_reads_in_italian(tmp_path: Path) -> None:
    path = tmp_path / "friday.yaml"
    evening(path)
    kept = path.read_text(encoding="utf-8")
    assert "Yes votes: {yes} of {players} players" not in kept  # a tie, then Roshambo
    assert "id: 'A tie (D30), so Roshambo" in kept and "score: 30-0" in kept
    set_language("it")
    told = "\n".join(report.history(store.load(path)))
    assert "Parità (D30), quindi Roshambo: Ben contro Cat" in told
    assert "l'interpretazione che cambia meno il Lopti di base (R6, E4)" in told
    assert "Annullato: la decisione sulla regola 1" in told
    assert "A tie" not in told and "the reading" not in told and "the ruling" not in told


def test_an_older_file_with_english_sentences_loads_and_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "friday.yaml"
    evening(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["votes"][0]["reason"] = "a tie (D30), so Roshambo: an older sentence"
    data["rulings"][0]["answer"] = "the reading that changes base Lopti the least (R6, E4)"
    data["undone"][0]["step"] = "the ruling on rule 1: an older sentence"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    set_language("it")
    told = "\n".join(report.history(store.load(path)))
    assert "A tie (D30), so Roshambo: an older sentence: la proposta passa." in told
    assert "the reading that changes base Lopti the least (R6, E4)" in told
    assert "Annullato: the ruling on rule 1: an older sentence." in told


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["63.9", "18.7%", "+25.6% (±2.1%)", "1,234.50"]),
        ("it", ["63,9", "18,7%", "+25,6% (±2,1%)", "1.234,50"]),
        ("de", ["63,9", "18,7\xa0%", "+25,6\xa0% (±2,1\xa0%)", "1.234,50"]),
        ("fr", ["63,9", "18,7\xa0%", "+25,6\xa0% (±2,1\xa0%)", "1\u202f234,50"]),
        ("pl", ["63,9", "18,7%", "+25,6% (±2,1%)", "1\xa0234,50"]),
        ("pt", ["63,9", "18,7%", "+25,6% (±2,1%)", "1.234,50"]),
    ],
)
def test_figures_are_written_as_each_language_writes_them(lang: str, said: list[str]) -> None:
    set_language(lang)
    width = Number(0.021, percent=True, plusminus=True).shown()
    assert [
        decimal(63.94),
        percent(0.1871),
        f"{percent(0.2562, signed=True)} ({width})",
        decimal(1234.5, 2),
    ] == said


def test_a_kept_number_is_english_in_json_and_the_reader_s_language_in_text() -> None:
    set_language("de")
    share = Number(0.601, percent=True)
    assert share.shown("en") == "60.1%" and share.shown() == "60,1\xa0%"
