"""A table call's refusals (not due, not a call, no such call, ...) in each language, with no
English sentence of the catalogue left in (the check of test_i18n_evening.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from engine_helpers import table
from test_i18n_evening import OTHERS, english_left

from lopti_rules.api import load_rules
from lopti_rules.i18n import set_language
from lopti_rules.runtime.calls import ReportRefused, Table

# the shipped table talk: a call, a race and a conduct rule (examples/packs/table_talk.yaml)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples/rules"
RULES = [
    (EXAMPLES / f"{name}.lopti").read_text(encoding="utf-8")
    for name in ("say_lopti", "slap_the_five", "mao_swearing")
]


def refusals(lang: str) -> list[str]:
    """Each refused report or call at a two-seat table, as told in `lang`."""
    set_language(lang)
    game = table(["9 6", "J Q K"], face_down=["A", "A"], pile=["5"])
    runtime = load_rules(RULES, [0, 0, 0]).install(game)
    calls = runtime.table
    assert isinstance(calls, Table)
    steps: list[Callable[[], None]] = [
        lambda: calls.say("tap", 0),
        lambda: calls.say("swearing", 0),
        lambda: calls.say("lopti", 0),
        lambda: calls.report("lopti", 0, 1),
        lambda: calls.report("lopti", 0, 1, "won"),
        lambda: calls.report("tap", 0, 1, "caught"),
        lambda: calls.report("swearing", 0, 1, "won"),
        lambda: calls.report("tap", 1, 0),
        lambda: calls.report("bingo", 1, 0),
        lambda: calls.report("swearing", 1, 1),
        lambda: calls.report("swearing", 5, 1),
    ]
    said = []
    for step in steps:
        with pytest.raises(ReportRefused) as refused:
            step()
        said.append(str(refused.value))
    return said


@pytest.mark.parametrize("lang", OTHERS)
def test_a_table_calls_refusals_have_no_english_left(lang: str) -> None:
    said = "\n".join(refusals(lang))
    assert "`bingo`" in said and "`tap`" in said
    left = {f: m for f, m in english_left(lang).items() if f in said}
    assert not left, f"{lang}: English left in: {left}"


def test_the_check_finds_the_english_refusals() -> None:
    said = "\n".join(refusals("en"))
    left = {f for f in english_left("it") if f in said}
    assert {
        "` is a race, not a call: nobody says it",
        "a player does not report themselves: another player must",
        "the table has seats 0 to",
    } <= left
