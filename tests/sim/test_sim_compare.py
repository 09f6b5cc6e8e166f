"""`vet`'s findings: each threshold on synthetic paired records (both sides of it), and on
real simulations a rule that never fires and a rule that favours its author."""

from __future__ import annotations

import pytest

from lopti_rules.sim import GameRecord, Table, compare, simulate
from lopti_rules.sim.compare import Comparison, Finding

from .sim_helpers import CROWN, NEVER, record, table


def vet(
    without: list[GameRecord], with_: list[GameRecord], players: int = 2, author: int = 0
) -> Comparison:
    return compare(
        without, with_, players=players, titles_in_force=[], proposed=["R"], author=author
    )


def finding(c: Comparison, key: str) -> Finding:
    return next(f for f in c.findings if f.key == key)


def base(n: int = 400) -> list[GameRecord]:
    """Rounds of 40..59 turns, seats winning in turn."""
    return [record(i, winner=i % 2, turns=40 + i % 20) for i in range(n)]


def test_rounds_forty_percent_longer_is_a_warning() -> None:
    without = base()
    with_ = [
        record(r.index, winner=r.winner, turns=round(r.turns * 1.4), fires=(1,)) for r in without
    ]
    f = finding(vet(without, with_), "length")
    assert f.warning and f.line.startswith("warning: rounds 40.0% longer (±")


def test_a_small_change_of_length_plays_fine() -> None:
    without = base()
    with_ = [record(r.index, winner=r.winner, turns=r.turns + 1, fires=(1,)) for r in without]
    f = finding(vet(without, with_), "length")
    assert not f.warning and f.line.startswith("plays fine: rounds 2.0% longer")


def test_an_author_who_wins_more_is_a_warning_and_the_others_are_fairness() -> None:
    without = base()
    # the author (seat 1) now also wins one round in five of those seat 0 won
    with_ = [
        record(r.index, winner=1 if r.index % 10 == 0 else r.winner, turns=r.turns, fires=(1,))
        for r in without
    ]
    c = vet(without, with_, author=1)
    assert finding(c, "author").warning
    assert "+10.0 points" in finding(c, "author").line
    assert finding(c, "fairness").warning  # seat 0 lost what seat 1 gained
    assert c.verdict().startswith("Verdict: 2 warnings")


def test_fairness_intervals_are_corrected_for_the_seats_looked_at() -> None:
    without = [record(i, winner=i % 4, turns=50) for i in range(400)]
    with_ = [record(i, winner=(i + (i % 7 == 0)) % 4, turns=50, fires=(1,)) for i in range(400)]
    c = vet(without, with_, players=4, author=0)
    fair = finding(c, "fairness").estimate
    assert fair is not None
    seat = next(s for s in range(1, 4) if c.seats[s].value == fair.value)
    ratio = fair.half_width / c.seats[seat].half_width
    assert ratio == pytest.approx(2.393980 / 1.959964, rel=1e-6)


def test_a_rule_that_never_fires_is_a_warning_and_rarely_too() -> None:
    without = base()
    never = [record(r.index, winner=r.winner, turns=r.turns, fires=(0,)) for r in without]
    assert (
        finding(vet(without, never), "fires").line == "warning: the rule never fired in 400 rounds"
    )
    rare = [
        record(r.index, winner=r.winner, turns=r.turns, fires=(int(r.index == 5),)) for r in without
    ]
    assert finding(vet(without, rare), "fires").line.startswith("warning: rarely fires in 0.2%")
    often = [record(r.index, winner=r.winner, turns=r.turns, fires=(2,)) for r in without]
    f = finding(vet(without, often), "fires")
    assert not f.warning and "2.00 times per round" in f.line


def test_new_stalls_and_guard_trips_are_warnings() -> None:
    without = base(100)
    with_ = [
        record(
            r.index,
            winner=None if r.index == 3 else r.winner,
            turns=r.turns,
            fires=(1,),
            trips=int(r.index == 4),
        )
        for r in without
    ]
    c = vet(without, with_)
    assert finding(c, "stalls").line == (
        "warning: 1 of 100 rounds stalled with the rule, 0 without (1 only with it)"
    )
    assert finding(c, "trips").warning
    assert c.to_json()["warnings"] == 2 + int(finding(c, "length").warning)


def test_arms_of_different_games_are_refused() -> None:
    try:
        vet(base(10), base(11))
    except ValueError as exc:
        assert "same games" in str(exc)
    else:
        raise AssertionError("compare accepted arms of different games")


def test_a_real_rule_that_never_fires() -> None:
    without, with_ = simulate([Table(4), table(NEVER)], 60, 1)
    c = compare(without, with_, players=4, titles_in_force=[], proposed=["Giant pile"], author=0)
    assert [f.key for f in c.findings if f.warning] == ["fires"]
    assert all(s.value == 0 for s in c.seats)  # same deals, and nothing changed


def test_a_real_rule_that_favours_its_author() -> None:
    without, with_ = simulate([Table(4), table(CROWN, author=2)], 400, 1)
    c = compare(without, with_, players=4, titles_in_force=[], proposed=["Crown"], author=2)
    author = finding(c, "author")
    assert author.warning and author.estimate is not None and author.estimate.low > 0
    text = c.text(["Ann", "Ben", "Cat", "Dan"])
    assert "wins, seat 2 (Cat), author" in text
    assert "warning: the author's seat (2) win rate +" in text
