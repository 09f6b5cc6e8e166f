"""Simulated sessions: the library, the procedure the bots follow, determinism."""

from __future__ import annotations

from lopti_rules.api import check_text
from lopti_rules.bots import make_bots
from lopti_rules.session import Session, SessionState
from lopti_rules.session.simulate import library, simulate
from tests.session.helpers import fresh


def run(rounds: int, seed: int, pool: list[tuple[str, str]] | None = None) -> tuple[Session, str]:
    lines: list[str] = []
    names = ["Ann", "Ben", "Cat", "Dan"]
    session = simulate(
        names, rounds, seed, make_bots("greedy", 4), lines.append, rules_library=pool
    )
    return session, "\n".join(lines)


def test_every_library_rule_is_accepted_on_its_own() -> None:
    rules = library()
    assert len(rules) >= 10
    for path, text in rules:
        assert [d.code for d in check_text(text, path) if d.is_error] == [], path


def test_a_simulated_session_obeys_the_procedure() -> None:
    session, told = run(6, 3)
    state = session.state
    SessionState.model_validate(state.model_dump())
    texts = {text for _, text in library()}
    assert all(r.text in texts for r in [*state.rules, *state.removed] if r.how == "winner")
    assert len(state.rounds) == 6 and all(r.finished for r in state.rounds)
    assert len(state.votes) == len({v.round for v in state.votes})  # V1
    assert told.count(" deals, ") == 6


def test_without_an_acceptable_library_rule_the_winner_makes_none() -> None:
    session, told = run(2, 1, pool=[])
    assert session.state.rules == []
    assert "finds no library rule the checker accepts" in told


def test_d29_after_a_round_without_a_winner_the_dealer_plays_first() -> None:
    session = fresh(dealer="Ann")
    session.deal()
    session.finish_round(None)  # a simulated round that stalled
    record = session.deal()
    assert (record.dealer, record.first) == ("Ben", "Ben")
    assert session.winner_waiting() is None


def test_last_loser_is_the_previous_rounds_last_place_when_places_were_played() -> None:
    session = fresh(dealer="Ann")
    assert session.last_loser_of(1) is None  # round 1: nobody
    session.deal()
    session.finish_round("Cat", ["Cat", "Ann", "Dan", "Ben"])
    assert session.last_loser_of(2) == "Ben"
    assert session.last_loser_of(2, absent=["Ben"]) is None  # away: nobody
    session.deal()
    session.finish_round("Ann")  # no places played: the next round has no last loser
    assert session.last_loser_of(3) is None
