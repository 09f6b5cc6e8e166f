"""The game state and the resolution of moves: base Lopti, played exactly.

`Game` holds one round's mutable state as plain ints and lists (hands are per-rank count
lists, suits do not matter: S1) and applies moves: `legal_moves()`, `apply(move)`,
`is_over()`. Every move resolves through one fixed sequence, with the bus called at each
before/after point (LANGUAGE.md §4 Timing):

    before play; cards land (chain/obligation/low set; W1 marks a player with no cards out);
    [before clear; clear; after clear]; after play; T4 draw (first play of the turn only);
    F2 take-up; finish / win; then a bonus play (T5) or the end of the turn.

Hooks may call back into the engine (`game.effects`, see `effects.py`); the sequence reads
the state as the hooks left it. A refused move raises `IllegalMoveError` before anything
changes. Construction (`new`, `from_position`), the read-back (`position`, `view`, `str`)
live in `build.py` and `view.py`.
"""

from __future__ import annotations

import random
from itertools import chain, repeat
from typing import TYPE_CHECKING

from lopti_rules.engine.events import Event, EventBus, Maker, event_of
from lopti_rules.engine.legality import generate, play_is_legal, top_run, why_illegal
from lopti_rules.engine.moves import IllegalMoveError, Move, PickUp, Play, Reveal, Swap
from lopti_rules.engine.swaps import apply_swap, legal_swaps
from lopti_rules.engine.view import View, render

if TYPE_CHECKING:
    from lopti_rules.engine.build import TableOptions
    from lopti_rules.engine.effects import Effects
    from lopti_rules.engine.position import Position

# (kind, seat, bonus, drawn): an out-of-turn bonus interrupted the flow; "end" finishes
# ending `seat`'s turn afterwards, "resume" gives the move back to `seat` as it was.
Frame = tuple[str, int, bool, bool]


class Game:
    """One round of base Lopti. Build with `Game.new` or `Game.from_position`."""

    __slots__ = (
        "_depth",
        "_legal",
        "_owed",
        "_pre_draw",
        "_resume",
        "_taking_up",
        "author",
        "bonus",
        "bus",
        "chain",
        "clears",
        "dealer",
        "deck",
        "drawn",
        "effects",
        "face_down",
        "face_up",
        "finished",
        "hand_sizes",
        "hands",
        "last_winner",
        "low",
        "obligation",
        "out",
        "over",
        "pickups",
        "pile_counts",
        "pile_ranks",
        "places_option",
        "players",
        "removed",
        "removed_unknown",
        "rng",
        "round",
        "seed",
        "setup",
        "swapped",
        "turn",
        "turns",
        "winner",
    )

    def __init__(self, players: int, rng: random.Random, bus: EventBus | None = None) -> None:
        from lopti_rules.engine.effects import Effects

        self.players = players
        self.rng = rng
        self.seed = 0
        self.bus = bus if bus is not None else EventBus()
        if self.bus.game is not None:
            raise ValueError("this event bus already serves another game; make a new EventBus")
        self.bus.game = self
        self.hands: list[list[int]] = [[0] * 15 for _ in range(players)]
        self.hand_sizes = [0] * players
        self.face_up: list[list[int]] = [[] for _ in range(players)]
        self.face_down: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []  # top is the END of the list
        self.pile_ranks: list[int] = []  # one entry per play, bottom -> top
        self.pile_counts: list[int] = []
        self.removed: list[int] = []
        self.removed_unknown = 0
        self.turn = 0
        self.dealer = 0
        self.round = 1
        self.chain = 0
        self.obligation = False
        self.low = False
        self.drawn = False
        self.bonus = False
        self.finished: list[int] = []
        self.out = [False] * players
        self.over = False
        self.winner: int | None = None
        self.setup = False
        self.swapped: list[int] = []
        self.places_option = False
        self.author = 0
        self.last_winner: int | None = None
        self._legal: list[Move] | None = None
        self._owed: list[int] = []  # seats owed a bonus by a custom clear
        self._resume: list[Frame] = []
        self._pre_draw = -1  # the seat whose play is resolving before its T4 draw
        self._taking_up: set[int] = set()  # seats whose take-up is in its before hooks
        self._depth = 0
        # counters for simulation statistics (cheaper than hooks: no event is built)
        self.turns = 0  # turns ended (each `after turn` moment)
        self.pickups = 0  # piles picked up, for any reason
        self.clears = 0  # piles cleared, by base play or custom action
        self.effects: Effects = Effects(self)

    # -- construction and read-back (build.py, view.py) ------------------------------------
    @classmethod
    def new(cls, options: TableOptions, seed: int, *, bus: EventBus | None = None) -> Game:
        """A freshly dealt round (S3), in the setup phase; `bus` lets hooks see the deal."""
        from lopti_rules.engine.build import new_game

        return new_game(options, seed, bus)

    @classmethod
    def from_position(cls, pos: Position, *, seed: int = 0, bus: EventBus | None = None) -> Game:
        """The state `pos` describes, mid-turn; emits no events. ValueError if impossible."""
        from lopti_rules.engine.build import game_from_position

        return game_from_position(pos, seed, bus)

    def position(self) -> Position:
        from lopti_rules.engine.build import position_of

        return position_of(self)

    def view(self, seat: int) -> View:
        """What `seat` may see (others' hands and all face-down cards hidden)."""
        return View(self, seat)

    def __str__(self) -> str:
        return render(self)

    # -- the state protocol ------------------------------------------------------------------
    @property
    def places(self) -> list[int]:
        """Seats in finishing order; with the round over, the seats left follow clockwise."""
        if not self.over:
            return list(self.finished)
        rest = [s for s in self.active_from(self.turn) if s not in self.finished]
        return self.finished + rest

    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> list[Move]:
        """The moves the seat to act may make (swaps: see `legal_swaps`), fixed order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else generate(self)
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
            legal = self._legal = [] if self.over else generate(self)
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
                self._pickup(seat, reason)
                self._end_turn(seat)
            else:
                assert isinstance(move, Reveal)
                self._reveal(seat, move.index)
        finally:
            self._depth -= 1
            self._legal = None
        if self._owed and not self.over:
            self.settle()

    # -- seats ---------------------------------------------------------------------------------
    def next_active(self, seat: int) -> int:
        """The next seat clockwise after `seat` that has not gone out (S7, D27)."""
        n = self.players
        out = self.out
        nxt = (seat + 1) % n
        while out[nxt] and nxt != seat:
            nxt = (nxt + 1) % n
        return nxt

    def active_from(self, seat: int) -> list[int]:
        """Seats still in the round, clockwise, starting with `seat`."""
        n = self.players
        return [(seat + i) % n for i in range(n) if not self.out[(seat + i) % n]]

    def cards_of(self, seat: int) -> int:
        return self.hand_sizes[seat] + len(self.face_up[seat]) + len(self.face_down[seat])

    # -- resolution ----------------------------------------------------------------------------
    def _resolve_play(self, seat: int, rank: int, count: int, from_hand: bool) -> None:
        bus = self.bus
        event = None  # built only when a hook's gate passes or observers exist
        played = count  # the event's count, even if a before hook takes cards away
        hooked = bus.live and bus.wants["play"]
        if hooked and bus.early["play"]:  # before hooks or observers
            source = "hand" if from_hand else "face_down"
            if bus.watched:
                event = _play_event(seat, rank, count, source, None)
            hooks = bus.play_before[rank]  # prefiltered: the hooks this rank may fire
            if hooks:
                event = bus.dispatch(hooks, event, seat, rank, count, source, _play_event, None)
            if from_hand:  # a misbehaving hook cannot make the hand go negative
                count = min(count, self.hands[seat][rank])
        self.setup = False
        self._pre_draw = seat
        if from_hand:
            self.hands[seat][rank] -= count
            self.hand_sizes[seat] -= count
        cause: str | None = None
        if rank == 3:  # X3.2: to the chain, out of the round
            self.chain += count
            self.removed.extend([3] * count)
            if self.pile_ranks:
                self.obligation = True  # X3.3 (D10, D24: top play and low rule stay)
            if self.chain >= 4:
                cause = "threes"  # X3.5, C1c
        else:
            self.chain = 0
            self.obligation = False
            self.pile_ranks.append(rank)
            self.pile_counts.append(count)
            self.low = rank == 7  # X7.2, X7.3, D24
            if rank == 10:
                cause = "ten"  # X10.2, C1a
            elif top_run(self.pile_ranks, self.pile_counts) >= 4:
                cause = "sevens" if rank == 7 else "four_of_a_kind"  # C1b
        went_out = not self.hand_sizes[seat] and not self.face_up[seat]
        went_out = went_out and not self.face_down[seat]
        if went_out:  # W1, D37: finished for the play's after hooks
            self.out[seat] = True
            self.finished.append(seat)
        if hooked and bus.watched:
            if event is None:
                event = _play_event(seat, rank, played, "hand" if from_hand else "face_down", None)
            bus.observed(event)
        if cause is not None:
            self.clear(seat, cause)
        if hooked:
            hooks = bus.play_after[rank]  # prefiltered: the hooks this rank may fire
            if hooks:  # bus.dispatch, inlined: this is the hottest hooked event
                source = "hand" if from_hand else "face_down"
                for gate, handler in hooks:
                    if gate is None or gate(self, seat, rank, played, source):
                        if event is None:
                            event = _play_event(seat, rank, played, source, None)
                        handler(event)
        self._pre_draw = -1
        if not self.bonus and not self.drawn:  # T4: the turn's first play only
            self.drawn = True
            if not went_out and self.deck and self.hand_sizes[seat] < 3 and not self.out[seat]:
                self.draw(seat)
        if not went_out and not self.hand_sizes[seat] and self.face_up[seat]:
            self.take_up(seat)  # F2, D15
        if went_out:
            self._finish(seat)
            self._end_turn(seat)
            return
        owed = cause is not None
        if self._owed and seat in self._owed:
            self._owed = [s for s in self._owed if s != seat]
            owed = True
        if owed and not self.over:
            self._grant_bonus(seat)  # T5, C3
        else:
            self._end_turn(seat)

    def _reveal(self, seat: int, index: int) -> None:
        bus = self.bus
        rank = self.face_down[seat][index]
        legal = play_is_legal(self, rank, 1)
        event = None
        hooked = bus.live and bus.wants["reveal"]
        if hooked and bus.early["reveal"]:
            if bus.watched:
                event = _reveal_event(seat, rank, legal, None, None)
            hooks = bus.before_hooks["reveal"]
            if hooks:
                event = bus.dispatch(hooks, event, seat, rank, legal, None, _reveal_event, None)
        self.face_down[seat].pop(index)
        if hooked:
            self._observe_then_after(event, "reveal", seat, rank, legal, _reveal_event, None)
        if legal:  # F5
            self._resolve_play(seat, rank, 1, False)
            return
        self.setup = False
        self.pile_ranks.append(rank)  # F6, F7: onto the pile, then pick it all up
        self.pile_counts.append(1)
        self._pickup(seat, "failed_reveal")
        self._end_turn(seat)

    def _pickup(self, seat: int, reason: str) -> None:
        """The pile goes into `seat`'s hand (T2, T3): chain, obligation and low reset."""
        bus = self.bus
        event = None
        pile: tuple[list[int], list[int]] | None = None  # the event's pile, as the pickup starts
        hooked = bus.live and bus.wants["pickup"]
        if hooked and bus.early["pickup"]:
            size = sum(self.pile_counts)
            pile = (self.pile_ranks[:], self.pile_counts[:])
            if bus.watched:
                event = _pickup_event(seat, size, reason, None, pile)
            hooks = bus.before_hooks["pickup"]
            if hooks:
                event = bus.dispatch(hooks, event, seat, size, reason, None, _pickup_event, pile)
            if self.out[seat]:
                return  # cards never go to a finished player
        self.pickups += 1
        hand = self.hands[seat]
        total = 0
        ranks, counts = self.pile_ranks, self.pile_counts
        for rank, count in zip(ranks, counts, strict=True):
            hand[rank] += count
            total += count
        self.hand_sizes[seat] += total
        if hooked and pile is None:  # no before hook ran: these lists are the event's pile
            pile, size = (ranks, counts), total
            self.pile_ranks, self.pile_counts = [], []
        else:
            ranks.clear()
            counts.clear()
        self.chain = 0
        self.obligation = False
        self.low = False
        self._legal = None
        if hooked:
            if bus.watched:
                if event is None:
                    event = _pickup_event(seat, size, reason, None, pile)
                bus.observed(event)
            for gate, handler in bus.after_hooks["pickup"]:  # bus.dispatch, inlined
                if gate is None or gate(self, seat, size, reason, None):
                    if event is None:
                        event = _pickup_event(seat, size, reason, None, pile)
                    handler(event)

    def clear(self, causer: int, cause: str) -> None:
        """The pile leaves the round (C2); `cause` as LANGUAGE.md §4 names it."""
        bus = self.bus
        event = None
        pile: list[int] | None = None  # the event's cards, as the clear starts
        hooked = bus.live and bus.wants["clear"]
        if hooked and bus.early["clear"]:
            count = sum(self.pile_counts)
            pile = self.pile_cards()
            if bus.watched:
                event = _clear_event(causer, cause, count, None, pile)
            hooks = bus.before_hooks["clear"]
            if hooks:
                event = bus.dispatch(hooks, event, causer, cause, count, None, _clear_event, pile)
        self.clears += 1
        cards = self.pile_cards()
        self.removed.extend(cards)
        if hooked and pile is None:  # no before hook ran: these are the event's cards
            pile, count = cards, len(cards)
        self.pile_ranks.clear()
        self.pile_counts.clear()
        self.chain = 0
        self.obligation = False
        self.low = False
        self._legal = None
        if hooked:
            self._observe_then_after(event, "clear", causer, cause, count, _clear_event, pile)

    def draw(self, seat: int) -> bool:
        """Draw one card from the deck into `seat`'s hand; False if none could be drawn."""
        if not self.deck or self.out[seat]:
            return False
        bus = self.bus
        event = None
        hooked = bus.live and bus.wants["draw"]
        if hooked and bus.early["draw"]:
            top = self.deck[-1]
            if bus.watched:
                event = _draw_event(seat, None, None, None, top)
            hooks = bus.before_hooks["draw"]
            if hooks:
                event = bus.dispatch(hooks, event, seat, None, None, None, _draw_event, top)
            if not self.deck or self.out[seat]:
                return False
        rank = self.deck.pop()
        self.hands[seat][rank] += 1
        self.hand_sizes[seat] += 1
        self._legal = None
        if hooked:
            if event is not None and event.fields["cards"] != (rank,):
                event = None  # the hooks changed the deck: the card drawn is another
            self._observe_then_after(event, "draw", seat, None, None, _draw_event, rank)
        return True

    def take_up(self, seat: int) -> None:
        """F2: all face-up cards become the hand at once."""
        ups = self.face_up[seat]
        if not ups or seat in self._taking_up:
            return  # nested in its own before hooks: the take-up under way takes them all
        bus = self.bus
        event = None
        if bus.live and bus.wants["take_up"]:
            event = Event.make("take_up", seat, count=len(ups), cards=sorted(ups))
            self._taking_up.add(seat)
            try:
                bus.before(event)
            finally:
                self._taking_up.discard(seat)
            ups = self.face_up[seat]
        hand = self.hands[seat]
        for rank in ups:
            hand[rank] += 1
        self.hand_sizes[seat] += len(ups)
        self.face_up[seat] = []
        self._legal = None
        if event is not None:
            bus.observed(event)
            bus.after(event)

    def _finish(self, seat: int) -> None:
        place = self.finished.index(seat) + 1
        self._simple("finish", seat, place=place)
        if place == 1:
            self.winner = seat
            self._simple("win", seat)
        actives = self.players - len(self.finished)
        if not self.places_option or actives <= 1:
            self.over = True

    def _grant_bonus(self, seat: int) -> None:
        self.turn = seat
        self.bonus = True
        self._legal = None
        self._simple("bonus", seat)

    def _end_turn(self, seat: int) -> None:
        """The move passes on: an owed out-of-turn bonus, a resumed frame, or the next turn."""
        self._legal = None
        if self._owed and not self.over and self._interrupt(("end", seat, False, False)):
            return
        if self._resume:
            kind, frame_seat, bonus, drawn = self._resume.pop()
            if kind == "resume" and not self.out[frame_seat] and not self.over:
                self.turn, self.bonus, self.drawn = frame_seat, bonus, drawn
                return
            seat = frame_seat
        self.turns += 1
        bus = self.bus
        if bus.live and self.hand_sizes[seat] >= bus.turn_end:  # prefiltered
            ended = None  # bus.dispatch, inlined: a turn ends on nearly every move
            for gate, handler in bus.after_hooks["turn"]:
                if gate is None or gate(self, seat, None, None, None):
                    if ended is None:
                        ended = event_of("turn", seat)
                    handler(ended)
        if self.over:  # the round has ended: no bonus play or draw is pending (W1, W3, T5)
            self.bonus = False
            self.drawn = False
            self._round_over()
            return
        nxt = self.next_active(seat)
        self.turn = nxt
        self.bonus = False
        self.drawn = False
        if bus.live:
            if bus.watched:
                event = event_of("turn", nxt)
                bus.before(event)
                bus.observed(event)
            elif self.hand_sizes[nxt] >= bus.turn_start:  # no observer; prefiltered
                started = None  # bus.dispatch, inlined: a turn starts on nearly every move
                for gate, handler in bus.before_hooks["turn"]:
                    if gate is None or gate(self, nxt, None, None, None):
                        if started is None:
                            started = event_of("turn", nxt)
                        handler(started)
        if not self.hand_sizes[self.turn] and self.face_up[self.turn]:
            self.take_up(self.turn)

    def _interrupt(self, frame: Frame) -> bool:
        """Give an owed custom-clear bonus at once, out of turn; False if none is due."""
        while self._owed:
            seat = self._owed.pop(0)
            if not self.out[seat]:
                self._resume.append(frame)
                self._grant_bonus(seat)
                return True
        return False

    def settle(self) -> None:
        """Take any bonus owed by a custom clear now (called after each move and action)."""
        if self._owed and not self.over and self._depth == 0:
            self._interrupt(("resume", self.turn, self.bonus, self.drawn))

    def _round_over(self) -> None:
        if self.bus.live and self.bus.after_hooked["round"]:
            self.bus.after(Event.make("round", self.dealer, round=self.round))

    def _observe_then_after(
        self,
        event: Event | None,
        name: str,
        actor: int,
        f0: object,
        f1: object,
        make: Maker,
        extra: object,
    ) -> Event | None:
        """The observation and `after` moments of a gated event (built only if needed)."""
        bus = self.bus
        if bus.watched:
            if event is None:
                event = make(actor, f0, f1, None, extra)
            bus.observed(event)
        hooks = bus.after_hooks[name]
        if hooks:
            event = bus.dispatch(hooks, event, actor, f0, f1, None, make, extra)
        return event

    def _simple(self, name: str, actor: int | None, **fields: object) -> None:
        bus = self.bus
        if bus.live and bus.wants[name]:
            event = Event.make(name, actor, **fields)
            bus.before(event)
            bus.observed(event)
            bus.after(event)

    # -- small reads -----------------------------------------------------------------------
    def pile_size(self) -> int:
        return sum(self.pile_counts)

    def pile_cards(self) -> list[int]:
        cards: list[int] = []
        for rank, count in zip(self.pile_ranks, self.pile_counts, strict=True):
            cards.extend([rank] * count)
        return cards


_chain = chain.from_iterable
_repeat = repeat


# -- the events of the gated event points, built only when a hook's gate passes or observers
# -- exist: make(actor, f0, f1, f2, extra) with f0..f2 the event's GATE_FIELDS


def _play_event(actor: int | None, rank: int, count: int, source: str, extra: object) -> Event:
    fields = {"rank": rank, "count": count, "source": source, "cards": (rank,) * count}
    return event_of("play", actor, fields)


def _reveal_event(actor: int | None, rank: int, legal: bool, f2: object, extra: object) -> Event:
    return event_of("reveal", actor, {"rank": rank, "legal": legal, "cards": (rank,)})


def _expand(pile: tuple[list[int], list[int]] | None) -> tuple[int, ...]:
    if pile is None:  # never, where the engine calls it
        return ()
    ranks, counts = pile  # one count per rank (the pile's two lists), so `map` pairs them all
    return tuple(_chain(map(_repeat, ranks, counts)))


def _pickup_event(
    actor: int | None,
    count: int,
    reason: str,
    f2: object,
    pile: tuple[list[int], list[int]] | None,
) -> Event:
    return event_of("pickup", actor, {"count": count, "reason": reason, "cards": _expand(pile)})


def _clear_event(actor: int | None, cause: str, count: int, f2: object, cards: list[int]) -> Event:
    return event_of("clear", actor, {"cause": cause, "count": count, "cards": tuple(cards)})


def _draw_event(actor: int | None, f0: object, f1: object, f2: object, rank: int) -> Event:
    return event_of("draw", actor, {"cards": (rank,)})
