"""The safety campaign (sim/campaign.py, issue 25): random accepted rule sets with random
variants, bots, answers and reports, played under the referee (engine/referee.py).

The default tier plays a small seeded campaign; `-m slow` the full one: at least 5,000
accepted rule sets and 20,000 games. Every game that crashed, broke a base guarantee or
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
from lopti_rules.sim.campaign import Figures, Incident, campaign


def _said(incidents: list[Incident]) -> str:
    return "\n\n".join(
        f"{i.kind} (game {i.game}): {i.what}\n{''.join(i.rules)}" for i in incidents[:3]
    )


def _safe(figures: Figures) -> None:
    unsafe = [i for i in figures.incidents if i.kind in ("crash", "breach", "trip")]
    assert not unsafe, _said(unsafe)


@pytest.fixture(scope="module")
def small() -> Figures:
    return campaign(seed=1, sets=20, games=40, search=0.05)


def test_a_small_campaign_plays_every_accepted_set_safely(small: Figures) -> None:
    assert small.accepted == 20 and small.games == 40
    assert small.drawn > small.accepted  # the grammar draws rules the checker refuses too
    _safe(small)


def test_the_campaign_is_seeded() -> None:
    a, b = campaign(seed=7, sets=3, games=6), campaign(seed=7, sets=3, games=6)
    assert (a.drawn, a.moves, a.lines()) == (b.drawn, b.moves, b.lines())


@pytest.fixture(scope="module")
def full() -> Figures:
    return campaign(seed=25, sets=5000, games=20000)


@pytest.mark.slow
@pytest.mark.xfail(
    run=False,
    reason="issue 25 is open: a 2,000-set run still found 1 crash and 9 broken guarantees "
    "(benchmarks/bench_campaign.py prints them); not run in CI until they are mended",
)
def test_the_full_campaign_plays_safely(full: Figures) -> None:
    assert full.accepted >= 5000 and full.games >= 20000
    _safe(full)


@pytest.mark.slow
@pytest.mark.xfail(
    run=False,
    reason="rounds that end (issue 25): accepted sets still stall some rounds (206 of 6,000 "
    "games in a 2,000-set run); not run in CI until they are mended",
)
def test_no_round_of_the_full_campaign_runs_over_the_move_cap(full: Figures) -> None:
    stalls = [i for i in full.incidents if i.kind == "stall"]
    assert not stalls, _said(stalls)


ROOT = Path(__file__).parents[2]
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
