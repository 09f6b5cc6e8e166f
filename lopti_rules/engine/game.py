"""The game: a round of base Lopti as a state machine, the engine's public face.

`Game` is the `Flow` (flow.py: the resolution of moves, on the `State` of state.py) with
the API every front end drives: `legal_moves()`, `apply(move)`, `is_over()`, and a decision
the end of a turn waits for (`pending`, `answer`: a naming, a jump-in window). A refused
move raises `IllegalMoveError` before anything changes. Construction (`new`,
`from_position`) and the read-back (`position`, `view`, `str`) live in `build.py` and
`view.py`. `EventBus` is the bus of a `Game` (its hooks, raw hooks and chooser are given
the game), and `game.effects` the custom actions' primitives (effects.py).

The engine's modules form layers, none importing a module above it (tests/
test_architecture.py): the data (cards, moves, variants, position, pile, asks, events),
`State`, the helpers that read it (legality, view), `Flow`, the helpers that act through
it (effects, exchanges, swaps, build), and this module on top.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from lopti_rules.engine.asks import Ask, chosen_seat, said_yes
from lopti_rules.engine.build import TableOptions, deal, fill, position_of, validate_position
from lopti_rules.engine.effects import Effects
from lopti_rules.engine.events import Bus
from lopti_rules.engine.flow import Flow
from lopti_rules.engine.legality import generate, why_illegal
from lopti_rules.engine.moves import IllegalMoveError, Move, PickUp, Play, Reveal, Swap
from lopti_rules.engine.swaps import apply_swap, legal_swaps
from lopti_rules.engine.view import View, render
from lopti_rules.i18n import _

if TYPE_CHECKING:
    from lopti_rules.engine.position import Position


class Game(Flow):
    """One round of base Lopti. Build with `Game.new` or `Game.from_position`."""

    __slots__ = ("effects",)

    def __init__(self, players: int, rng: random.Random, bus: EventBus | None = None) -> None:
        super().__init__(players, rng, bus if bus is not None else EventBus())
        self.effects = Effects(self)

    # -- construction and read-back (build.py, view.py) ------------------------------------
    @classmethod
    def new(cls, options: TableOptions, seed: int, *, bus: EventBus | None = None) -> Game:
        """A freshly dealt round (S3), in the setup phase; `bus` lets hooks see the deal."""
        game = cls(options.players, random.Random(seed), bus)
        deal(game, options, seed)
        return game

    @classmethod
    def from_position(cls, pos: Position, *, seed: int = 0, bus: EventBus | None = None) -> Game:
        """The state `pos` describes, mid-turn; emits no events. ValueError if impossible."""
        validate_position(pos)
        game = cls(pos.players, random.Random(seed), bus)
        fill(game, pos, seed)
        return game

    def position(self) -> Position:
        return position_of(self)

    def view(self, seat: int) -> View:
        """What `seat` may see (others' hands and all face-down cards hidden)."""
        return View(self, seat)

    def __str__(self) -> str:
        return render(self)

    def legal_moves(self) -> list[Move]:
        """The moves the seat to act may make (swaps: see `legal_swaps`), fixed order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over or self.waiting else generate(self)
        return list(legal)

    def legal_swaps(self) -> list[Swap]:
        """Every setup swap still allowed (S4, D34): seat, then hand rank, then face-up rank."""
        return legal_swaps(self)

    def apply(self, move: Move) -> None:
        """Apply a move of the seat to act (or a setup swap); IllegalMoveError changes nothing."""
        if move.__class__ is Swap:
            assert isinstance(move, Swap)
            apply_swap(self, move)
            return
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over or self.waiting else generate(self)
        if move not in legal:
            raise IllegalMoveError(why_illegal(self, move))
        self._legal = None
        self._depth += 1
        try:
            seat = self.turn
            if move.__class__ is Play:
                assert isinstance(move, Play)
                self._resolve_play(seat, move.rank, move.count, True)
            elif move.__class__ is PickUp:
                reason = "forced" if len(legal) == 1 else "voluntary"
                self.pickup(seat, reason)
                self._end_turn(seat)
            else:
                assert isinstance(move, Reveal)
                self._reveal(seat, move.index)
        finally:
            self._depth -= 1
            self._legal = None
        if self._owed and not self.over:
            self.settle()

    @property
    def pending(self) -> Ask | None:
        """The ask the end of the turn waits for (`waiting`), or None."""
        waiting = self.waiting
        if waiting is None:
            return None
        if waiting.purpose == "name_next":
            seats = [s for s in self.round_from(waiting.next) if s != self.turn]
            return Ask.of_seat(self.turn, "name_next", seats, seats[0])
        return Ask.of_yes_no(waiting.asked, "jump_in", False)

    def answer(self, reply: object) -> None:
        """Answer the ask a game built from a waiting position waits for (`pending`), and go
        on from there: the rest of the jump-in window, then the next player's turn.
        AnswerError (nothing changes) if the ask does not allow `reply`; IllegalMoveError
        when nothing waits, or the move that asks is still resolving (it takes its answer
        from the chooser)."""
        ask = self.pending
        waiting = self.waiting
        if ask is None or waiting is None or self._depth:
            raise IllegalMoveError(_("no answer is awaited now"))
        given = ask.check(reply)
        self.noted(ask, given)
        seat = self.turn
        self.waiting = None
        self._legal = None
        self._depth += 1
        try:
            if waiting.purpose == "name_next":
                nxt = self._jump_window(seat, chosen_seat(given))
            elif said_yes(given):
                self.jumping = self.pile_ranks[-1]
                nxt = waiting.asked
            else:
                nxt = self._jump_window(seat, waiting.next, after=waiting.asked)
            self._start_turn(nxt)
        finally:
            self._depth -= 1
            self._legal = None
        if self._owed and not self.over:
            self.settle()


# the event bus of a `Game` (events.py): its gates, raw hooks and chooser are given the game
# that emits the event
EventBus = Bus[Game]
