"""Issue 11, item 10: a scenario whose state no game can reach is refused at its place."""

from __future__ import annotations

from pathlib import Path

from lopti_rules.conformance.loader import load_text

BASE = """name: an impossible state
clause: [S1]
players: 2
state:
{state}
steps:
  - play: [5]
    expect: {{legal: true}}
"""


def problem(state: str) -> str | None:
    return load_text(BASE.format(state=state), Path("s.yaml")).problem


def test_more_removed_cards_than_a_deck_holds() -> None:
    got = problem("  removed: 1000000000000000000000000000000\n  hands: [['5'], ['6']]")
    assert got == (
        "s.yaml:5:12: `state.removed`: the state holds 2 cards and "
        "1,000,000,000,000,000,000,000,000,000,000 removed ones; a deck has 52 (S1)"
    )


def test_exactly_a_deck_is_fine() -> None:
    assert problem("  removed: 50\n  hands: [['5'], ['6']]") is None


def test_setup_with_cards_on_the_pile() -> None:
    got = problem("  setup: true\n  pile: [['K']]\n  hands: [['5'], ['6']]")
    assert got is not None and got.startswith("s.yaml:6:9: `state.pile`: during the setup")
