"""The Lopti engine: base Lopti played exactly, with an event bus for custom rules.

Public API (a contract other parts of the project code against):
`Game.new(TableOptions, seed)` / `Game.from_position(Position)`, `legal_moves()`,
`apply(move)`, `is_over()`, `winner`, `finished`, `turn`, `position()`, `view(seat)`,
`game.bus` (an `EventBus` of `Event`s), `game.effects` (custom-action primitives) and
`game.ask(Ask)` (a player's choice, answered by the `Chooser[Game]` on `game.bus.chooser`; one
answered later, through a `Pause`: engine/pause.py).
Moves are `Play`, `PickUp`, `Reveal`, `Swap`; refused moves raise `IllegalMoveError`.
See docs/engine.md.
"""

from lopti_rules.engine.asks import CARDS, SEAT, YES_NO, Answer, AnswerError, Ask, Chooser
from lopti_rules.engine.build import TableOptions
from lopti_rules.engine.effects import Effects
from lopti_rules.engine.events import EVENT_NAMES, Event
from lopti_rules.engine.game import EventBus, Game
from lopti_rules.engine.moves import (
    IllegalMoveError,
    Move,
    PickUp,
    Play,
    Reveal,
    Swap,
    play_of,
)
from lopti_rules.engine.pause import Pause
from lopti_rules.engine.position import Position
from lopti_rules.engine.view import View

__all__ = [
    "CARDS",
    "EVENT_NAMES",
    "SEAT",
    "YES_NO",
    "Answer",
    "AnswerError",
    "Ask",
    "Chooser",
    "Effects",
    "Event",
    "EventBus",
    "Game",
    "IllegalMoveError",
    "Move",
    "Pause",
    "PickUp",
    "Play",
    "Position",
    "Reveal",
    "Swap",
    "TableOptions",
    "View",
    "play_of",
]
