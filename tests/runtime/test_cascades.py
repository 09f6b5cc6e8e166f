"""A cascade's work (LR209): the fan-out the checker rejects trips the guard when forced
through, and a set just under the checker's limit plays whole rounds without a trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import compile_unchecked, load_rules
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import EventBus, TableOptions
from lopti_rules.runtime import RuleSet, RulesRejected

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "cascades"
FAN = (CORPUS / "fan_draws.lopti").read_text(encoding="utf-8")
UNDER = (CORPUS / "ok_just_under.lopti").read_text(encoding="utf-8")


def trips(rules: RuleSet, seeds: range) -> int:
    found = 0
    for seed in seeds:
        bus = EventBus()
        runtime = rules.attach(bus)
        run_round(TableOptions(players=4), seed, make_bots("greedy", 4), bus=bus, max_moves=400)
        found += len(runtime.trips)
    return found


def test_the_fan_out_pair_is_rejected_at_the_hook_that_starts_it() -> None:
    with pytest.raises(RulesRejected) as caught:
        load_rules(FAN)
    assert [(d.code, d.span.line) for d in caught.value.diagnostics] == [("LR209", 5)]


def test_the_fan_out_pair_forced_through_trips_the_guard() -> None:
    assert trips(compile_unchecked(FAN), range(3)) > 0


def test_a_set_just_under_the_cascade_limit_never_trips_the_guard() -> None:
    assert trips(load_rules(UNDER), range(3)) == 0
