"""The reserved words (LR304): a roster name that is also a word of the language never counts.

The keywords are read off the grammar's terminals; these tests read the grammar file on their
own, so a keyword the grammar gains is reserved without a list kept by hand (`random` and
`passes` once were not, and `lopti check --players Random,Ben` refused `random`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_run import run

from lopti_rules.language import catalog
from lopti_rules.language.resources import grammar_path


def _grammar_words() -> set[str]:
    text = grammar_path().read_text(encoding="utf-8")
    code = "\n".join(line.split("//", 1)[0] for line in text.splitlines())
    return set(re.findall(r'"([A-Za-z]+)"', code))


def test_every_keyword_of_the_grammar_is_reserved() -> None:
    words = _grammar_words()
    assert {"random", "passes", "draws", "under"} <= words  # the reading finds the keywords
    assert words - catalog.reserved_words() == set()


@pytest.mark.parametrize(
    ("rule", "word"),
    [
        ("after play: player discards 1 random card", "Random"),
        ("after play: every player passes their hand to their next player", "Passes"),
    ],
)
def test_a_roster_name_that_is_a_keyword_is_not_a_person(
    rule: str, word: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.lopti"
    path.write_text(f'rule "r": {rule}\n', encoding="utf-8")
    code, out, err = run(capsys, "check", "--players", f"{word},Ben", str(path))
    assert (code, "LR304" in out + err) == (0, False), out + err
    path.write_text(f'rule "r": {rule}\nrule "b": after play: Ben draws 1\n', encoding="utf-8")
    code, out, err = run(capsys, "check", "--players", f"{word},Ben", str(path))
    assert code == 1 and "LR304" in out + err  # the other name still counts
