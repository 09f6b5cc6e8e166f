"""Roshambo (K3, K4): exactly 30 decisive throws, draws not counted, 15-15 goes on to the
next decisive throw; a knockout with one decisive throw per match; records checked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lopti_rules.session.roshambo import (
    LineThrows,
    MatchRecord,
    PromptThrows,
    RoshamboError,
    SeededThrows,
    knockout,
    knockout_winner,
    play_match,
)


def test_k3_thirty_decisive_throws_draws_not_counted() -> None:
    a = "RR" + "R" * 30
    b = "RP" + "S" * 30  # a draw, one decisive for b, then 29 for a
    match = play_match("Ann", "Ben", LineThrows([(a[:31], b[:31])]))
    assert match.score == (29, 1)
    assert match.draws == 1
    assert len(match.throws_a) == 31
    assert match.winner == "Ann"


def test_k3_no_early_end_even_when_decided() -> None:
    # 16-0 already decides who has more, but K3 says exactly 30 decisive throws
    with pytest.raises(RoshamboError, match="not over after 16 throws"):
        play_match("Ann", "Ben", LineThrows([("R" * 16, "S" * 16)]))


def test_k3_fifteen_all_goes_to_the_next_decisive_throw() -> None:
    a = "R" * 15 + "S" * 15 + "PP"
    b = "S" * 15 + "R" * 15 + "PR"  # 15-15, a draw, then Ann's paper beats rock
    match = play_match("Ann", "Ben", LineThrows([(a, b)]))
    assert match.score == (16, 15)
    assert match.winner == "Ann"
    assert len(match.throws_a) == 32


def test_k3_fifteen_all_after_thirty_says_the_tie_breaking_throw_is_missing() -> None:
    a, b = "R" * 15 + "S" * 15 + "P", "S" * 15 + "R" * 15 + "P"  # 15-15 and a draw
    with pytest.raises(RoshamboError) as caught:
        play_match("Sam", "Ivy", LineThrows([(a, b)]))
    assert str(caught.value) == (
        "the match Sam vs Ivy is not over after 31 throws: it is 15-15 after 30 decisive "
        "throws, so one more decisive throw breaks the tie (K3)"
    )


def test_k3_a_short_match_says_how_many_decisive_throws_it_has() -> None:
    with pytest.raises(RoshamboError, match="it is 16-0 after 16 decisive throws, and it needs 30"):
        play_match("Ann", "Ben", LineThrows([("R" * 16, "S" * 16)]))


def test_k3_extra_throws_after_the_end_are_refused() -> None:
    with pytest.raises(RoshamboError, match="over after throw 30: 2 more"):
        play_match("Ann", "Ben", LineThrows([("R" * 32, "S" * 32)]))


def test_k4_knockout_one_decisive_throw_per_match_with_a_bye() -> None:
    lines = [("RR", "RS"), ("P", "R")]  # Ann-Ben: draw then Ann; Ann-Cat (bye): Ann
    matches = knockout(["Ann", "Ben", "Cat"], LineThrows(lines))
    assert [(m.a, m.b, m.winner) for m in matches] == [("Ann", "Ben", "Ann"), ("Ann", "Cat", "Ann")]
    assert all(m.decisive == 1 for m in matches)
    assert knockout_winner(["Ann", "Ben", "Cat"], matches) == "Ann"
    assert knockout_winner(["Ben", "Ann", "Cat"], matches) is None


def test_record_that_ended_early_or_names_the_wrong_winner_is_refused() -> None:
    with pytest.raises(ValueError, match="not finished"):
        MatchRecord(a="Ann", b="Ben", throws_a="R" * 20, throws_b="S" * 20, winner="Ann")
    with pytest.raises(ValueError, match="make Ann the winner"):
        MatchRecord(a="Ann", b="Ben", throws_a="R" * 30, throws_b="S" * 30, winner="Ben")
    with pytest.raises(ValueError, match=r"P \(paper\) or S"):
        LineThrows([("RX", "SS")])


@given(st.integers(min_value=0, max_value=10**9))
def test_property_a_match_ends_at_30_decisive_or_the_first_after_15_all(seed: int) -> None:
    match = play_match("Ann", "Ben", SeededThrows(random.Random(seed)))
    a, b = match.score
    assert a != b
    assert a + b == 30 or (a + b == 31 and min(a, b) == 15)
    # the last throw is decisive, and the match was not over one decisive throw earlier
    assert match.throws_a[-1] != match.throws_b[-1]
    if a + b == 31:
        assert min(a, b) == 15


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=2, max_value=5))
def test_property_knockout_crowns_one_candidate(seed: int, n: int) -> None:
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"][:n]
    matches = knockout(names, SeededThrows(random.Random(seed)))
    assert len(matches) == n - 1
    assert knockout_winner(names, matches) in names
    assert all(sum(m.score) == 1 for m in matches)


def test_typed_throws_one_by_one_or_as_lines_after_the_given_ones() -> None:
    answers = iter(["S R", "RQ", "R" * 29 + "/" + "S" * 29, "PR"])
    told: list[tuple[str, bool]] = []
    source = PromptThrows(
        LineThrows([("RR", "RS")]), lambda _: next(answers), lambda t, p: told.append((t, p))
    )
    matches = knockout(["Ann", "Ben"], source)  # given: a draw, then Ann
    assert matches[0].winner == "Ann"
    match = play_match("Ann", "Cat", source)  # typed: Cat wins one, a typo, 29 for Ann
    assert match.score == (29, 1) and match.winner == "Ann"  # over at 30 decisive: no "PR"
    assert told[0] == (
        "Roshambo: Ann vs Cat, 30 decisive throws (K3). Type Ann's and Cat's throws, e.g. RP.",
        False,
    )
    assert told[1][1] is True and "try again" in told[1][0]
