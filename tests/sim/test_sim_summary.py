"""`Summary`: the numbers of `lopti simulate` from synthetic records, where every one can be
worked out by hand."""

from __future__ import annotations

import json

import pytest

from lopti_rules.sim import Summary

from .sim_helpers import record


def summary() -> Summary:
    records = [
        record(0, winner=0, turns=10, moves=12, pickups=1, clears=0, fires=(2, 0)),
        record(1, winner=1, turns=20, moves=22, pickups=3, clears=1, fires=(0, 0), trips=2),
        record(2, winner=0, turns=30, moves=32, pickups=5, clears=2, fires=(1, 0)),
        record(3, winner=None, turns=40, moves=42, pickups=7, clears=3, fires=(0, 0)),
    ]
    return Summary.of(records, 3, ["A", "B"])


def test_lengths_counts_and_rates() -> None:
    s = summary()
    assert (s.turns.mean.value, s.turns.median) == (25, 25)
    assert s.turns.p95 == pytest.approx(38.5)
    assert s.moves.mean.value == 27
    assert [w.value for w in s.wins] == [0.5, 0.25, 0.0]  # a stalled round is nobody's win
    assert (s.pickups.value, s.clears.value) == (4, 1.5)
    assert (s.stalled_rounds, s.stalled.value) == (1, 0.25)
    assert (s.trips, s.trip_rounds) == (2, 1)


def test_rule_fires() -> None:
    a, b = summary().rules
    assert (a.title, a.fires, a.per_round.value, a.rounds.value) == ("A", 3, 0.75, 0.5)
    assert (b.fires, b.rounds.value, b.rounds.low) == (0, 0.0, 0.0)


def test_text_and_json() -> None:
    s = summary()
    text = s.text(["Ann", "Ben", "Cat"])
    assert "wins, seat 2 (Cat)  0.0% (95% CI 0.0%-49.0%)" in text
    assert 'rule "A"' in text and "fired 3 times, 0.75 per round, in 50.0% of rounds" in text
    assert "stalled rounds      1 (25.0%" in text
    doc = json.loads(json.dumps(s.to_json()))
    assert doc["turns"] == {"mean": doc["turns"]["mean"], "median": 25, "p95": 38.5}
    assert doc["rules"][0]["fires"] == 3 and doc["stalled_rounds"] == 1
