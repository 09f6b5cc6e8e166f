"""The searching bot at a table with house rules that ask a player to choose: the game's ask
reaches the searching seat through the bots' chooser (bots/choices.py), its rollouts run the
same rules, and it plays legal moves to the end of the round, with base variants too."""

from __future__ import annotations

from pathlib import Path

import pytest

from lopti_rules.api import load_rules
from lopti_rules.bots import Bot, GreedyBot, SearchBot
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import Event, EventBus, TableOptions
from lopti_rules.engine.variants import Variants

ROOT = Path(__file__).resolve().parents[2]
LOW_GIFT = (ROOT / "examples/rules/low_gift.lopti").read_text(encoding="utf-8")


@pytest.mark.parametrize("variants", [None, Variants(skip=8, reverse=11), Variants(burn=3)])
def test_a_searching_seat_answers_the_rules_asks_and_finishes_rounds(
    variants: Variants | None,
) -> None:
    rules = load_rules(LOW_GIFT)
    options = TableOptions(players=4, variants=variants)
    gifts: list[int] = []  # seats that gave a card they chose
    rounds = 0
    for seed in range(12):
        bots: list[Bot] = [SearchBot("easy", iterations=8), GreedyBot(), GreedyBot(), GreedyBot()]
        bus = EventBus()
        rules.attach(bus, chooser=chooser(bots, seed))

        def seen(event: Event) -> None:
            if event.name == "give" and event.actor is not None:
                gifts.append(event.actor)

        bus.observe(seen)
        seat_bots(bots, bus, options, rules)
        result = run_round(options, seed, bots, bus=bus, max_moves=3000)  # illegal: raises
        rounds += result.winner is not None
        if 0 in gifts and rounds >= 4:
            break
    assert 0 in gifts  # the rule asked the searching seat, which gave a card
    assert rounds >= 4
