"""Small helpers for runtime tests: a mid-turn table with rules in force, and its event lines."""

from __future__ import annotations

import io
import json
from typing import Any

from engine_helpers import hand, ranks
from engine_helpers import table as engine_table

from lopti_rules.api import load_rules
from lopti_rules.engine import Event, Game
from lopti_rules.engine.eventlog import EventLog, header
from lopti_rules.runtime import Runtime

__all__ = ["hand", "ranks", "table"]


def table(hands: list[str], *, face_down: list[str] | None = None, **kw: Any) -> Game:
    """A mid-turn game: one rank string per seat; every seat still in (not `finished`) has a
    face-down A unless given."""
    if face_down is None:
        face_down = ["" if seat in kw.get("finished", []) else "A" for seat in range(len(hands))]
    return engine_table(hands, face_down=face_down, **kw)


def with_rules(game: Game, text: str, author: int = 0) -> Runtime:
    return load_rules(text, author).install(game)


class Lines:
    """The event log of a game as parsed JSON objects (header excluded)."""

    def __init__(self, game: Game, runtime: Runtime | None = None) -> None:
        self.out = io.StringIO()
        game.bus.observe(EventLog(self.out, header(0, ["a"] * game.players, []), rules=runtime))

    def all(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.out.getvalue().splitlines()[1:]]

    def names(self) -> list[str]:
        return [line["event"] for line in self.all()]


def record(game: Game) -> list[Event]:
    events: list[Event] = []
    game.bus.observe(events.append)
    return events


def total_cards(game: Game) -> int:
    """Every card of the round: hands, face-up, face-down, pile, deck and removed cards."""
    return (
        sum(game.hand_sizes)
        + sum(len(u) for u in game.face_up)
        + sum(len(d) for d in game.face_down)
        + game.pile_size()
        + len(game.deck)
        + len(game.removed)
        + game.removed_unknown
    )
