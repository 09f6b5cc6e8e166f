"""Helpers for the simulation tests: small tables, rule texts and synthetic records."""

from __future__ import annotations

from pathlib import Path

from lopti_rules.sim import GameRecord, RuleText, Table

ROOT = Path(__file__).resolve().parents[2]

TENS_TAX = (ROOT / "examples/rules/tens_tax.lopti").read_text(encoding="utf-8")

# a rule that never fires with bots (no pile ever reaches 60 cards)
NEVER = 'rule "Giant pile":\n    after pickup when count >= 60:\n        player draws 1\n'

# a rule that helps its author: every clear costs the author a card
CROWN = 'rule "Crown":\n    after clear:\n        the author discards 1 lowest card\n'


def rule(text: str, author: int = 0, path: str = "<test>") -> RuleText:
    return RuleText(text, path, author)


def table(*texts: str, players: int = 4, bots: str = "greedy", author: int = 0) -> Table:
    return Table(
        players, bots, rules=tuple(rule(t, author, f"<t{i}>") for i, t in enumerate(texts))
    )


def record(
    index: int,
    *,
    winner: int | None = 0,
    turns: int = 50,
    moves: int | None = None,
    pickups: int = 5,
    clears: int = 2,
    places: tuple[int, ...] = (),
    fires: tuple[int, ...] = (),
    trips: int = 0,
) -> GameRecord:
    """A synthetic record (moves follow turns unless given; stalled when nobody won)."""
    return GameRecord(
        index=index,
        winner=winner,
        moves=turns if moves is None else moves,
        turns=turns,
        pickups=pickups,
        clears=clears,
        stalled=winner is None,
        places=places,
        fires=fires,
        trips=trips,
    )
