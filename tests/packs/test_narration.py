"""Narrating house rules: one sentence per firing, telling what the rule did, in order."""

from __future__ import annotations

from lopti_rules.engine import Event
from lopti_rules.engine.narrate import Narrator


class Story:
    """A narrator fed by hand: `rule` plays the runtime's "rule running now"."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rule: str | None = None
        self.narrator = Narrator(["Ann", "Ben", "Cat", "Dan"], self.lines.append, lambda: self.rule)

    def fire(self, rule: str, actor: int = 0) -> None:
        self.rule = rule
        self.narrator(Event.make("hook", actor, timing="after", on="clear", rule=rule))

    def __call__(self, name: str, actor: int | None = 0, **fields: object) -> None:
        self.narrator(Event.make(name, actor, **fields))

    def done(self) -> list[str]:
        self.rule = None
        self.narrator.flush()
        return self.lines


def test_a_run_of_draws_is_one_clause_and_an_announcement_closes_the_sentence() -> None:
    s = Story()
    s.fire("Tens tax", 0)
    for seat in (1, 2, 3):
        s("draw", seat, cards=[5])
    s("announce", 0, text="The ten was taxed.")
    assert s.done() == ['Tens tax: Ben, Cat and Dan each draw a card; "The ten was taxed."']


def test_different_counts_are_told_apart_and_order_is_kept() -> None:
    s = Story()
    s.fire("Duel")
    s("roshambo", 0, opponent=1, winner=1, loser=0, throws=["rock-rock", "rock-paper"])
    s("draw", 0, cards=[5])
    s("draw", 0, cards=[6])
    s("draw", 2, cards=[7])
    assert s.done() == [
        "Duel: Ann and Ben throw roshambo (rock against rock, then rock against paper): "
        "Ben wins; Ann draws 2 cards; Cat draws a card."
    ]


def test_the_sentence_is_told_when_base_play_goes_on() -> None:
    s = Story()
    s.fire("Low gift", 0)
    s("give", 0, to=1, count=1, cards=[8])
    s.rule = None
    s("play", 1, rank=9, count=1, source="hand", cards=[9])
    assert s.lines == ["Low gift: Ann gives Ben an 8.", "Ben plays 9."]


def test_each_firing_is_its_own_sentence_and_a_nested_rule_interrupts() -> None:
    s = Story()
    s.fire("Outer")
    s("discard", 0, count=2, cards=[2, 3])
    s.fire("Inner", 1)
    s("take", 1, count=1, cards=[14])
    s.rule = "Outer"  # the inner hook is done; the outer one goes on
    s("shuffle", 0, count=7, cards=[])
    assert s.done() == [
        "Outer: Ann discards 2 cards (2 3) out of the round.",
        "Inner: Ben takes back an A from the removed cards.",
        "Outer: 7 removed cards shuffled into the deck.",
    ]


def test_a_firing_that_moves_nothing_says_so() -> None:
    s = Story()
    s.fire("Dry deck")
    s.fire("Stingy")
    s("give", 0, to=1, count=0, cards=[])
    assert s.done() == [
        "Dry deck: it fires, but nothing moves.",
        "Stingy: Ann has no card to give.",
    ]


def test_custom_pickup_clear_and_shows() -> None:
    s = Story()
    s.fire("Sweep")
    s("show", 1, what="face_down", count=2, cards=[4, 13])
    s("pickup", 1, count=6, reason="custom", cards=[5, 5, 6, 6, 7, 7])
    s("clear", 0, cause="custom", count=0, cards=[])
    assert s.done() == [
        "Sweep: Ben shows the face-down cards: 4 K; Ben picks up the pile (6 cards); "
        "the empty pile clears."
    ]


def test_a_guard_stop_is_told_with_its_reason() -> None:
    s = Story()
    s.fire("Runaway")
    s("draw", 0, cards=[5])
    s.narrator(Event.make("guard", 0, rule="Runaway", reason="too deep"))
    assert s.done() == ["Runaway: Ann draws a card.", "The guard stops Runaway: too deep."]


def test_without_rules_nothing_changes() -> None:
    lines: list[str] = []
    narrator = Narrator(["Ann", "Ben"], lines.append)
    narrator(Event.make("draw", 1, cards=[5]))
    narrator.flush()
    assert lines == ["Ben draws a card."]
