"""The resolution of moves: base Lopti, played exactly, with the bus called at each point.

`Flow` is the `State` of a round that moves: every move resolves through one fixed
sequence, with the bus called at each before/after point (LANGUAGE.md §4 Timing):

    before play; cards land (chain/obligation/low set; W1 marks a player with no cards out);
    [before clear; clear; after clear]; after play; T4 draw (first play of the turn only);
    F2 take-up; finish / win; then a bonus play (T5) or the end of the turn.

The primitives the custom actions use (`draw`, `pickup`, `clear`, `take_up`,
`hand_emptied`, `owe_bonus`, `changed`, `ask`) are its public methods; `effects.py`,
`exchanges.py` and `swaps.py` take a `Flow`. Hooks may call back into the engine (through
`game.effects`); the sequence reads the state as the hooks left it. The bus is typed by the
game it serves (`Bus[Self]`): the hooks of a `Game` are given that `Game`. The public face,
`legal_moves`, `apply` and the construction, is `Game` (game.py).
"""

from __future__ import annotations

import random
from typing import Self

from lopti_rules.engine.asks import CARDS, Answer, AnswerError, Ask, chosen_seat, said_yes
from lopti_rules.engine.events import (
    AFTER,
    BEFORE,
    IDLE,
    Bus,
    Event,
    Maker,
    Pile,
    Plan,
    bonus_event,
    clear_event,
    draw_event,
    finish_event,
    pickup_event,
    play_event,
    report_event,
    reveal_event,
    reverse_event,
    round_event,
    skip_event,
    take_up_event,
    turn_event,
    win_event,
)
from lopti_rules.engine.legality import play_is_legal, top_run
from lopti_rules.engine.moves import Move
from lopti_rules.engine.position import Waiting
from lopti_rules.engine.state import State
from lopti_rules.engine.variants import CLEAR, GLASS, LOW, PASS

# (kind, seat, bonus, drawn): an out-of-turn bonus interrupted the flow; "end" finishes
# ending `seat`'s turn afterwards, "resume" gives the move back to `seat` as it was.
Frame = tuple[str, int, bool, bool]


class Flow(State):
    """A round's state with the resolution of its moves and the custom actions' primitives."""

    __slots__ = (
        "_depth",
        "_legal",
        "_named",
        "_owed",
        "_pre_draw",
        "_resume",
        "_reversed",
        "_skip",
        "_taking_up",
        "bus",
    )

    def __init__(self, players: int, rng: random.Random, bus: Bus[Self]) -> None:
        super().__init__(players, rng)
        if bus.game is not None:
            raise ValueError("this event bus already serves another game; make a new EventBus")
        self.bus = bus
        bus.game = self
        self._legal: list[Move] | None = None  # the legal moves, until something changes
        self._owed: list[int] = []  # seats owed a bonus by a custom clear
        self._resume: list[Frame] = []
        self._pre_draw = -1  # the seat whose play is resolving before its T4 draw
        self._taking_up: set[int] = set()  # seats whose take-up is in its before hooks
        self._depth = 0
        self._skip = 0  # players the last play's skip cards still skip (VS1)
        self._reversed = 0  # the rank of a reverse play whose `reverse` event is due
        self._named = False  # a name_next play: its player names who plays next (VN1)

    # -- asks (asks.py) ---------------------------------------------------------------------
    def ask(self, ask: Ask) -> Answer:
        """Ask a seat to choose: the chooser on `bus.chooser` answers, synchronously; without
        one, or for an answer the ask does not allow, the ask's default. An ask with one
        possible answer is not put to the chooser (LANGUAGE.md §4, "Asks"): its default is
        that answer. A SEAT or YES_NO answer is noted for observers."""
        reply = self.chosen(ask)
        self.noted(ask, reply)
        return reply

    def chosen(self: Self, ask: Ask) -> Answer:
        """The chooser's answer to `ask`, when it gives one the ask allows (and the ask is a
        real choice), else the ask's default; nothing is noted."""
        chooser = self.bus.chooser
        given = chooser(self, ask) if chooser is not None and not ask.forced else None
        if given is not None:
            try:
                return ask.check(given)
            except AnswerError:
                pass
        return ask.default

    def noted(self, ask: Ask, reply: Answer) -> None:
        """Tell the observers of a SEAT or YES_NO answer, as a `choice` note."""
        bus = self.bus
        if ask.kind != CARDS and bus.observers:
            note = Event.make(
                "choice", ask.seat, purpose=ask.purpose, answer=reply, about=ask.about
            )
            bus.note(note)

    # -- resolution ----------------------------------------------------------------------------
    def _resolve_play(self, seat: int, rank: int, count: int, from_hand: bool) -> None:
        """One play, start to end: its three moments around the cards landing (`_land`), then
        what follows: the T4 draw, the F2 take-up, then finish, bonus or the turn's end."""
        bus = self.bus
        before, seen, after = bus.plays[rank]  # this rank's hooks (and the observers)
        source = "hand" if from_hand else "face_down"
        event = None  # built only when a hook's gate passes or observers exist
        landed = count  # the event's count stays `count`, even if a before hook takes cards
        if before:
            event = bus.run(before, None, seat, rank, count, source, play_event, None)
            if from_hand:  # a misbehaving hook cannot make the hand go negative
                landed = min(count, self.hands[seat][rank])
        # F2 waits for the T4 draw only while one can still follow (a first play, cards left)
        self._pre_draw = seat if not self.bonus and not self.drawn else -1
        cause = self._land(seat, rank, landed, from_hand)
        went_out = not (self.hand_sizes[seat] or self.face_up[seat] or self.face_down[seat])
        if went_out:  # W1, D37: finished for the play's after hooks
            self.out[seat] = True
            self.finished.append(seat)
        if seen:
            event = bus.run(seen, event, seat, rank, count, source, play_event, None)
        if cause is not None:
            self.clear(seat, cause)
        if after:
            bus.run(after, event, seat, rank, count, source, play_event, None)
        if self._reversed:  # VR1: a reverse variant turned the direction as the cards landed
            self._announce_reverse(seat, rank)
        self._pre_draw = -1
        if not self.bonus and not self.drawn:  # T4: the turn's first play only
            self.drawn = True
            if not went_out:
                self._draw(seat)
        if not went_out and not self.hand_sizes[seat] and self.face_up[seat]:
            self.take_up(seat)  # F2, D15
        if went_out:
            self._finish(seat)
            self._end_turn(seat)
        elif ((self._owed and self._settle_owed(seat)) or cause is not None) and not self.over:
            self._grant_bonus(seat)  # T5, C3
        else:
            self._end_turn(seat)

    def _settle_owed(self, seat: int) -> bool:
        """Whether a custom clear owed `seat` a bonus, now taken here (their play's end)."""
        if seat in self._owed:
            self._owed = [s for s in self._owed if s != seat]
            return True
        return False

    def _land(self, seat: int, rank: int, count: int, from_hand: bool) -> str | None:
        """The played cards land (chain, pile, low rule); the clear they cause, if any. The
        ranks' roles are the table's (variants.py; base Lopti's: X3.2 the 3s to the chain,
        X3.3 the obligation, X7.2 the low rule, X10.2 and C1 the clears; docs/variants.md
        for the variants)."""
        vt = self.vt
        self.bonus_table = False
        self.setup = False
        self.jumping = 0
        self._count_play(seat, rank, count)
        if from_hand:
            self.hands[seat][rank] -= count
            self.hand_sizes[seat] -= count
        role = vt.role[rank]
        if role == PASS:  # X3.2 for the pass rank
            self.chain += count
            self.removed.extend([rank] * count)
            if self.pile_ranks:
                self.obligation = True
            return "threes" if self.chain >= 4 else None
        self.chain = 0
        self.obligation = False
        self.pile_ranks.append(rank)
        self.pile_counts.append(count)
        if role != GLASS:  # VG1: a glass leaves the low rule as it was, for the next play
            self.low = role == LOW
        if rank == vt.reverse:  # VR1: the direction turns; with two players in, a skip
            self.direction = -self.direction
            self._reversed = rank  # the `reverse` event follows the play's (`_resolve_play`)
            if self.players - len(self.finished) <= 2:
                self._skip += 1
        elif rank == vt.skip:  # VS1: each card skips one more player
            self._skip += count
        elif rank == vt.name_next:  # VN1: its player names who plays next
            self._named = True
        if role == CLEAR:
            self._skip, self._named = 0, False  # VS2, VN2: a clear gives a bonus play instead
            return "ten"
        if (vt.four_any and count >= 4) or top_run(self.pile_ranks, self.pile_counts) >= vt.burn:
            self._skip, self._named = 0, False
            return "sevens" if role == LOW else "four_of_a_kind"
        return None

    def _announce_reverse(self, seat: int, rank: int) -> None:
        """The `reverse` event of the play that turned the direction (VR1)."""
        self._reversed = 0
        way = "clockwise" if self.direction == 1 else "counterclockwise"
        self._instant("reverse", seat, rank, reverse_event, way)

    def _draw(self, seat: int) -> None:
        """T4 after the turn's first play: one card while the hand is short of the deal's
        hand size (3 in base Lopti), or, with `draw: refill`, up to it (VD1)."""
        vt = self.vt
        while self.deck and self.hand_sizes[seat] < vt.hand and not self.out[seat]:
            if not self.draw(seat) or not vt.draw_refill:
                return

    def _next_seat(self, seat: int, nxt: int) -> int:
        """Who plays after `seat`: the seat a name_next play names (VN1), then a seat that
        jumps in (VJ1); else `nxt`, the next player (S7)."""
        self.jumping = 0
        if self._named:
            self._named = False
            seats = [s for s in self.round_from(nxt) if s != seat]
            if seats:  # in the direction of play, the next player first (the default)
                self.waiting = Waiting("name_next", nxt, seat)
                named = self.ask(Ask.of_seat(seat, "name_next", seats, seats[0]))
                self.waiting = None
                nxt = chosen_seat(named)
        return self._jump_window(seat, nxt)

    def _jump_window(self, seat: int, nxt: int, after: int | None = None) -> int:
        """Who plays after `seat` once `nxt` is known: a seat that jumps in (VJ1), or `nxt`;
        `after`: the window is open, and the seats asked up to this one said no."""
        if self.vt.jump_in and self.pile_ranks and not self.obligation:
            return self._jump_in(seat, nxt, after)
        return nxt

    def _jump_in(self, seat: int, nxt: int, after: int | None) -> int:
        """VJ1: each other seat holding the top play (its face rank, as many cards), in the
        direction of play from `nxt` on (past `after`, if given), is asked whether it jumps
        in; the first that does plays next."""
        top, count = self.pile_ranks[-1], self.pile_counts[-1]
        hands = self.hands
        seats = self.round_from(nxt)
        if after is not None:
            seats = seats[seats.index(after) + 1 :]
        for s in seats:
            if s == seat or hands[s][top] < count or self.out[s]:
                continue
            self.waiting = Waiting("jump_in", nxt, s)
            yes = said_yes(self.ask(Ask.of_yes_no(s, "jump_in", False)))
            self.waiting = None
            if yes:
                self.jumping = top
                return s
        return nxt

    def _skip_from(self, seat: int, nxt: int) -> int:
        """VS1: each pending skip passes `nxt` by, with a `skip` note naming who missed out."""
        skips, self._skip = self._skip, 0
        vt = self.vt
        rank = self.pile_ranks[-1] if self.pile_ranks else 0
        if rank not in (vt.skip, vt.reverse):
            rank = vt.skip or vt.reverse
        for _skipped in range(skips):
            if self.players_in() <= 1:
                break
            self._instant("skip", nxt, rank, skip_event, extra=seat)
            nxt = self.next_active(nxt)
        return nxt

    def _reveal(self, seat: int, index: int) -> None:
        bus = self.bus
        rank = self.face_down[seat][index]
        legal = play_is_legal(self, rank, 1)
        before, seen, after = bus.plan["reveal"]
        event = None
        if before:
            event = bus.run(before, None, seat, rank, legal, None, reveal_event, None)
        self.face_down[seat].pop(index)
        if seen:
            event = bus.run(seen, event, seat, rank, legal, None, reveal_event, None)
        if after:
            bus.run(after, event, seat, rank, legal, None, reveal_event, None)
        if legal:  # F5
            self._resolve_play(seat, rank, 1, False)
            return
        self.setup = False
        self.pile_ranks.append(rank)  # F6, F7: onto the pile, then pick it all up
        self.pile_counts.append(1)
        self.pickup(seat, "failed_reveal")
        self._end_turn(seat)

    def pickup(self, seat: int, reason: str) -> None:
        """The pile goes into `seat`'s hand (T2, T3, or a custom action's `custom`): chain,
        obligation and low reset; nothing goes to a finished player."""
        bus = self.bus
        plan = bus.plan["pickup"]
        before, seen, after = plan
        event = None
        if plan is not IDLE:  # the event's pile, as the pickup starts
            pile, size = self._pile_at_start(plan), self.pile_size()
            if before:
                event = bus.run(before, None, seat, size, reason, None, pickup_event, pile)
                if self.out[seat]:
                    return  # cards never go to a finished player
        self.pickups += 1
        self._count(seat, 1)
        hand = self.hands[seat]
        total = 0
        for rank, count in zip(self.pile_ranks, self.pile_counts, strict=True):
            hand[rank] += count
            total += count
        self.hand_sizes[seat] += total
        self._pile_gone()
        if seen:
            event = bus.run(seen, event, seat, size, reason, None, pickup_event, pile)
        if after:
            bus.run(after, event, seat, size, reason, None, pickup_event, pile)

    def clear(self, causer: int, cause: str) -> None:
        """The pile leaves the round (C2); `cause` as LANGUAGE.md §4 names it."""
        bus = self.bus
        plan = bus.plan["clear"]
        before, seen, after = plan
        event = None
        if plan is not IDLE:  # the event's cards, as the clear starts
            pile, count = self._pile_at_start(plan), self.pile_size()
            if before:
                event = bus.run(before, None, causer, cause, count, None, clear_event, pile)
        self.clears += 1
        self._count(causer, 2)
        self.removed.extend(self.pile_cards())
        self._pile_gone()
        self.bonus_table = True
        if seen:
            event = bus.run(seen, event, causer, cause, count, None, clear_event, pile)
        if after:
            bus.run(after, event, causer, cause, count, None, clear_event, pile)

    def _pile_at_start(self, plan: Plan) -> Pile:
        """The pile as an event that moves it starts: a copy if before hooks may change it."""
        if plan[BEFORE]:
            return self.pile_ranks[:], self.pile_counts[:]
        return self.pile_ranks, self.pile_counts  # `_pile_gone` replaces, never empties, them

    def _pile_gone(self) -> None:
        """The pile has left the table (picked up or cleared): chain, obligation, low reset."""
        self.pile_ranks, self.pile_counts = [], []
        self.chain = 0
        self.obligation = False
        self.low = False
        self._legal = None

    def draw(self, seat: int) -> bool:
        """Draw one card from the deck into `seat`'s hand; False if none could be drawn."""
        if not self.deck or self.out[seat]:
            return False
        bus = self.bus
        before, seen, after = bus.plan["draw"]
        event = None
        if before:
            event = bus.run(before, None, seat, None, None, None, draw_event, self.deck[-1])
            if not self.deck or self.out[seat]:
                return False
        rank = self.deck.pop()
        self.hands[seat][rank] += 1
        self.hand_sizes[seat] += 1
        self._legal = None
        if event is not None and event.fields["cards"] != (rank,):
            event = None  # the hooks changed the deck: the card drawn is another
        if seen:
            event = bus.run(seen, event, seat, None, None, None, draw_event, rank)
        if after:
            bus.run(after, event, seat, None, None, None, draw_event, rank)
        return True

    def take_up(self, seat: int) -> None:
        """F2: all face-up cards become the hand at once."""
        ups = self.face_up[seat]
        if not ups or seat in self._taking_up:
            return  # nested in its own before hooks: the take-up under way takes them all
        bus = self.bus
        before, seen, after = bus.plan["take_up"]
        count, cards = len(ups), tuple(sorted(ups))  # the event's, as the take-up starts
        event = None
        if before:
            self._taking_up.add(seat)
            try:
                event = bus.run(before, None, seat, count, None, None, take_up_event, cards)
            finally:
                self._taking_up.discard(seat)
            ups = self.face_up[seat]
        hand = self.hands[seat]
        for rank in ups:
            hand[rank] += 1
        self.hand_sizes[seat] += len(ups)
        self.face_up[seat] = []
        self._legal = None
        if seen:
            event = bus.run(seen, event, seat, count, None, None, take_up_event, cards)
        if after:
            bus.run(after, event, seat, count, None, None, take_up_event, cards)

    def hand_emptied(self, seat: int) -> None:
        """A custom action emptied `seat`'s hand: the F2 take-up, at once (D15), unless that
        seat's play is resolving and its T4 draw can still follow (it takes up after it)."""
        if self.hand_sizes[seat] or not self.face_up[seat]:
            return
        if self._pre_draw == seat and self.deck:
            return  # `_after_play` takes up after the draw, if the hand is still empty
        self.take_up(seat)

    def owe_bonus(self, seat: int) -> None:
        """A custom clear owes `seat` a bonus play (taken by `settle`, or at its play's end);
        a second clear before the bonus owed is taken owes no second one (LANGUAGE.md)."""
        if not self.out[seat] and seat not in self._owed:
            self._owed.append(seat)

    def changed(self) -> None:
        """A custom action changed the table: forget the legal moves, take an owed bonus."""
        self._legal = None
        if self._owed:
            self.settle()

    def _instant(
        self,
        name: str,
        actor: int,
        f0: object,
        make: Maker,
        f1: object = None,
        extra: object = None,
    ) -> None:
        """An event with nothing to apply (`finish`, `win`, `bonus`, `skip`, `reverse`): its
        three moments."""
        bus = self.bus
        plan = bus.plan[name]
        if plan is not IDLE:
            event = None
            for row in plan:
                event = bus.run(row, event, actor, f0, f1, None, make, extra)

    def report(self, kind: str, seat: int, call: str, by: int) -> None:
        """The table reports a table event (`missed`, `lost`, `caught`) about `seat`, made by
        `by`: its hooks run now, between moves (runtime/calls.py decides whether it may).
        ValueError while a move is resolving or the round is over."""
        if self._depth or self.over:
            raise ValueError("a report is made between moves, while the round goes on")
        self._depth += 1
        try:
            self._instant(kind, seat, call, report_event, by, kind)
        finally:
            self._depth -= 1
        self.changed()

    def _finish(self, seat: int) -> None:
        self._pass_titles(seat)
        place = self.finished.index(seat) + 1
        self._instant("finish", seat, place, finish_event)
        if place == 1:
            self.winner = seat
            self._instant("win", seat, None, win_event)
        actives = self.players - len(self.finished)
        if not self.places_option or actives <= 1:
            self.over = True

    def _pass_titles(self, seat: int) -> None:
        """A finished holder's titled roles pass to the next player still in the round, in
        the direction of play, before the `finish` hooks run (nobody holds them when no one
        is left)."""
        for title, holder in list(self.titles.items()):
            if holder == seat:
                heir = self.next_active(seat)
                if heir == seat or self.out[heir]:
                    del self.titles[title]
                else:
                    self.titles[title] = heir
                    if self.bus.observers:
                        self.bus.note(Event.make("title", heir, title=title, passed=True))

    def _grant_bonus(self, seat: int) -> None:
        self.turn = seat
        self.bonus = True
        self._legal = None
        self._instant("bonus", seat, None, bonus_event)

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
        turns = bus.turns  # the turn hooks per hand size of the actor
        after = turns[self.hand_sizes[seat]][AFTER]
        if after:
            bus.run(after, None, seat, None, None, None, turn_event, None)
        self.bonus = False
        self.drawn = False
        if self.over:  # the round has ended: no bonus play or draw is pending (W1, W3, T5)
            self._round_over()
            return
        nxt = self.next_active(seat)
        if self._skip:
            nxt = self._skip_from(seat, nxt)
        if self._named or self.jumping or self.vt.jump_in:  # else nothing is decided here
            nxt = self._next_seat(seat, nxt)
        self._start_turn(nxt)

    def _start_turn(self, nxt: int) -> None:
        """The turn passes to `nxt`: the turn counts start again (before its `before turn`
        hooks, which run then), and an empty hand takes up the face-up cards (F2)."""
        bus = self.bus
        self.turn = nxt
        counts = self.counts
        counts[0] = counts[1] = counts[2] = 0
        for mine in self.seat_counts:
            mine[0] = mine[1] = mine[2] = 0
        before, seen, _after = bus.turns[self.hand_sizes[nxt]]
        event = None
        if before:
            event = bus.run(before, None, nxt, None, None, None, turn_event, None)
        if seen:
            bus.run(seen, event, nxt, None, None, None, turn_event, None)
        if not self.hand_sizes[nxt] and self.face_up[nxt]:
            self.take_up(nxt)

    def _count_play(self, seat: int, rank: int, count: int) -> None:
        """One more play this turn and this round, of `count` cards of `rank` (`round_kings`)."""
        self._count(seat, 0)
        self.played[rank] += count

    def _count(self, seat: int, kind: int) -> None:
        """One more play (0), pickup (1) or clear (2) this turn and this round, for the table
        and for `seat` (the rule language's `turn_plays`, `round_clears of player`, ...)."""
        counts, mine = self.counts, self.seat_counts[seat]
        counts[kind] += 1
        counts[kind + 3] += 1
        mine[kind] += 1
        mine[kind + 3] += 1

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
        """Take any bonus owed by a custom clear now (called after each move and action).
        One at a time: while a bonus is being granted (its hooks run), the actions of those
        hooks do not grant the next one; it comes after the bonus play (a hundred owed
        bonuses would otherwise nest their hooks a hundred deep)."""
        if self._owed and not self.over and self._depth == 0:
            self._depth += 1
            try:
                self._interrupt(("resume", self.turn, self.bonus, self.drawn))
            finally:
                self._depth -= 1

    def _round_over(self) -> None:
        row = self.bus.plan["round"][AFTER]
        if row:
            self.bus.run(row, None, self.dealer, self.round, None, None, round_event, None)

    @property
    def suspended(self) -> int:
        """How many turns out-of-turn bonuses have interrupted, to finish when they end (0
        whenever no bonus is under way)."""
        return len(self._resume)

    @property
    def resolving(self) -> bool:
        """Whether a move (or a report) is resolving now: its hooks and actions are running."""
        return self._depth > 0
