"""The searching bot at a table with table calls and races (runtime/calls.py): the seeded
table model plays the calls around it, the calls' penalties land on the real game, and the
searching seat still plays legal moves to the end of every round, with a base variant too."""

from __future__ import annotations

from pathlib import Path

from lopti_rules.engine.variants import Variants
from lopti_rules.sim.play import RuleText, Table, play_game

ROOT = Path(__file__).resolve().parents[2]


def rule(name: str) -> RuleText:
    path = ROOT / "examples/rules" / f"{name}.lopti"
    return RuleText(path.read_text(encoding="utf-8"), str(path), 0)


def test_a_searching_seat_plays_rounds_with_a_call_and_a_race_in_force() -> None:
    table = Table(
        players=4,
        bots="easy,greedy,greedy,greedy",
        rules=(rule("say_lopti"), rule("slap_the_five")),
        variants=Variants(skip=8),
        call_miss=1.0,  # every due call is forgotten: the table catches half of them
        max_moves=3000,
    )
    assert table.check() == ("Say Lopti", "Tap the five")
    records = [play_game(table, 5, index) for index in range(4)]
    assert all(r.winner is not None and not r.stalled for r in records)
    assert sum(r.fires[1] for r in records) > 0  # the race ran: a loser drew a card
    assert sum(r.fires[0] for r in records) > 0  # a missed call was caught and paid
