"""Small helpers for engine tests: build a table from readable rank strings, record events."""

from __future__ import annotations

from typing import Any

from lopti_rules.engine import Event, Game, Position
from lopti_rules.engine.cards import parse_rank


def ranks(text: str) -> list[int]:
    return [parse_rank(t) for t in text.split()]


def table(
    hands: list[str],
    *,
    face_up: list[str] | None = None,
    face_down: list[str] | None = None,
    pile: list[str] | None = None,
    deck: str = "",
    seed: int = 0,
    **state: Any,
) -> Game:
    """A mid-turn game: hands/face_up/face_down one string per seat, pile plays bottom->top;
    an obligation comes with the one 3 chained that set it, unless `chain` says otherwise."""
    n = len(hands)
    if state.get("obligation") and "chain" not in state:
        state = {**state, "chain": 1}
    pos = Position(
        players=n,
        hands=[ranks(h) for h in hands],
        face_up=[ranks(u) for u in (face_up or [""] * n)],
        face_down=[ranks(d) for d in (face_down or [""] * n)],
        pile=[ranks(p) for p in (pile or [])],
        deck=ranks(deck),
        **state,
    )
    return Game.from_position(pos, seed=seed)


def record(game: Game) -> list[Event]:
    """Observe every event of `game` into a list."""
    events: list[Event] = []
    game.bus.observe(events.append)
    return events


def names(events: list[Event]) -> list[str]:
    return [e.name for e in events]


def hand(game: Game, seat: int) -> list[int]:
    return game.position().hands[seat]


def total_cards(game: Game) -> int:
    pos = game.position()
    zones = pos.hands + pos.face_up + pos.face_down + pos.pile
    return sum(len(z) for z in zones) + len(pos.deck) + pos.removed_count
