"""A word beside a known field is judged as a value of that field's type (LR503 when wrong),
not as an unknown field, and a misplaced field is reported once (docs/checker.md)."""

from __future__ import annotations

import pytest

from tests.check.helpers import diagnose, one_hook


def only(line: str) -> tuple[str, str, str]:
    (d,) = diagnose(one_hook(line))
    return d.code, d.message, d.hint or ""


def test_face_up_is_not_a_source() -> None:
    code, message, hint = only("after play when source is face_up: player draws 1")
    assert code == "LR503"
    assert "not a value of `source`" in message
    assert "F3" in hint and "`hand`" in hint and "`face_down`" in hint


@pytest.mark.parametrize(("word", "meant"), [("yes", "true"), ("off", "false")])
def test_a_flag_takes_true_or_false(word: str, meant: str) -> None:
    code, message, hint = only(f"after turn when low is {word}: player draws 1")
    assert code == "LR503" and "not a value of `low`" in message
    assert f"`low is {meant}`" in hint


def test_an_unknown_flag_word_lists_true_and_false() -> None:
    code, _, hint = only("after turn when low is maybe: player draws 1")
    assert code == "LR503" and "`true` or `false`" in hint


def test_a_word_against_a_count_suggests_a_count_field() -> None:
    code, message, hint = only("after play when pile > dek: player draws 1")
    assert code == "LR503" and "`dek` is not a value of `pile`" in message
    assert hint == "did you mean `deck`?"


def test_a_field_of_another_event_is_reported_once_with_its_value_unjudged() -> None:
    for value in ("hand", "face_up", "tenn"):
        code, message, _ = only(f"after clear when source is {value}: player draws 1")
        assert code == "LR502" and "`clear` has no field `source`" in message


def test_a_word_with_no_field_beside_it_is_an_unknown_field() -> None:
    code, message, _ = only("after play when colour is 7: player draws 1")
    assert (code, message) == ("LR502", "unknown field `colour`")


def test_symbol_fields_read_their_values_either_side() -> None:
    assert diagnose(one_hook("after play when hand is source: player draws 1")) == []
    inside = "after play: each player where hand is source draws 1"
    assert diagnose(one_hook(inside)) == []


@pytest.mark.parametrize("written", ["nxt player", "the nxt player"])
def test_an_unknown_role_word_is_quoted_as_written(written: str) -> None:
    code, message, hint = only(f"after play: {written} draws 1")
    assert code == "LR301"
    assert message == f"`{written}` is not a role"
    assert hint == "did you mean `next player`?"
