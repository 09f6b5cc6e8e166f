"""The safety campaign (sim/campaign.py, issue 25): random accepted rule sets with random
variants, bots, answers and reports, played under the referee (engine/referee.py).

The default tier plays a small seeded campaign; `-m slow` a twenty-fifth of the full one
(its first 200 accepted rule sets, 800 games, 24 to 129 s on two cores, so CI stays
short);
the full one, at least 5,000 sets and 20,000 games (the better part of an hour), is
`benchmarks/bench_campaign.py --sets 5000 --games 20000 --workers 2`, with its figures in
docs/referee.md. Every game that crashed, broke a base guarantee or
tripped the guard is named with its rules, so it can be replayed (`play_one`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import load_rules, ruleset_from_pack
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.engine.referee import Referee
from lopti_rules.packs.pack import load_pack
from lopti_rules.runtime import RuleSet
from lopti_rules.sim.campaign import (
    ACCEPTED,
    ENDLESS,
    REFUSED,
    TABLE_RULE,
    WARNED,
    Figures,
    Incident,
    campaign,
    judged,
)

ROOT = Path(__file__).parents[2]


def _said(incidents: list[Incident]) -> str:
    return "\n\n".join(
        f"{i.kind} (game {i.game}): {i.what}\n{''.join(i.rules)}" for i in incidents[:3]
    )


def _safe(figures: Figures) -> None:
    unsafe = [i for i in figures.incidents if i.kind in ("crash", "breach", "trip")]
    assert not unsafe, _said(unsafe)


@pytest.fixture(scope="module")
def small() -> Figures:
    # seed 3: four of its 40 games are searching ones, 7 s in all (once the campaign drew
    # the new forms, seed 7 held a searching round of 1,287 moves that alone took 160 s;
    # the slow tier plays eighteen searching games)
    return campaign(seed=3, sets=20, games=40, search=0.05)


def test_a_small_campaign_plays_every_accepted_set_safely(small: Figures) -> None:
    assert small.accepted == 20 and small.games == 40
    assert small.by_bots.get("search", 0) >= 2  # searching bots play random rules too
    assert small.drawn > small.accepted  # the grammar draws rules the checker refuses too
    _safe(small)


def test_the_campaign_is_seeded_and_its_figures_do_not_depend_on_the_workers() -> None:
    # no searching game (a long one costs tens of seconds each way): the small campaign
    # above plays them; this test is about the seeds and the workers
    a = campaign(seed=7, sets=3, games=6, search=0.0)
    b = campaign(seed=7, sets=3, games=6, search=0.0, workers=2)
    assert (a.drawn, a.moves, a.lines()) == (b.drawn, b.moves, b.lines())
    assert [(i.kind, i.game) for i in a.incidents] == [(i.kind, i.game) for i in b.incidents]


FLOOD = 'rule "Flood":\n    before turn:\n        shuffle the removed cards into the deck\n'
FLOOD += "        every player draws 1\n"


def test_the_campaign_checks_each_set_as_a_table_does_with_the_trial() -> None:
    lean = (ROOT / "examples/rules/lean_hands.lopti").read_text(encoding="utf-8")
    assert judged([TABLE_RULE, FLOOD]) == ENDLESS  # LR210: never played
    assert judged([TABLE_RULE, lean]) == WARNED  # LW603: played, its stalls counted apart
    assert judged([TABLE_RULE]) == ACCEPTED
    assert judged([TABLE_RULE, 'rule "X":\n    instead of play:\n        player draws 1\n']) == (
        REFUSED
    )


@pytest.fixture(scope="module")
def share() -> Figures:
    # on both cores, the way `benchmarks/bench_campaign.py --workers 2` plays it: the first
    # twenty-fifth of the full campaign's sets (same seed, same draws)
    return campaign(seed=25, sets=200, games=800, workers=2)


@pytest.mark.slow
def test_a_share_of_the_full_campaign_plays_safely(share: Figures) -> None:
    assert share.accepted >= 200 and share.games >= 800
    _safe(share)


@pytest.mark.slow
@pytest.mark.xfail(
    run=False,
    reason="rounds that end (issue 25): sets the trial neither refuses nor warns about still "
    "stall some rounds (27 of the full campaign's 20,000 games, docs/referee.md); not run "
    "in CI until they are mended",
)
def test_no_round_of_the_campaign_runs_over_the_move_cap(share: Figures) -> None:
    # rounds over the cap in sets the trial warned about (LW603, with its figures) are
    # counted apart (`warned`); any other is a set the live check should have refused
    stalls = [i for i in share.incidents if i.kind == "stall"]
    assert not stalls, _said(stalls)


EXAMPLES = sorted((ROOT / "examples/rules").glob("*.lopti"))
PACKS = sorted((ROOT / "examples/packs").glob("*.yaml"))


def _refereed(rules: RuleSet, seeds: range, bots: str) -> list[str]:
    broken: list[str] = []
    for seed in seeds:
        players = 2 + seed % 4
        bus = EventBus()
        rules.attach(bus)
        referee = Referee(bus)
        run_round(
            TableOptions(players=players),
            seed,
            make_bots(bots, players),
            bus=bus,
            max_moves=3000,
            referee=referee,
        )
        broken += [f"seed {seed}: {b.describe()}" for b in referee.breaches]
    return broken


@pytest.mark.parametrize("path", EXAMPLES + PACKS, ids=lambda p: p.name)
def test_the_shipped_examples_pass_the_referee(path: Path) -> None:
    if path.suffix == ".yaml":
        rules = ruleset_from_pack(load_pack(path))
    else:
        rules = load_rules(path.read_text(encoding="utf-8"))
    assert _refereed(rules, range(3), "random") + _refereed(rules, range(3, 6), "greedy") == []
