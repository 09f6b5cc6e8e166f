"""What one seat has learnt from the public event log: the memory of a searching bot.

A `Ledger` is an observer on the round's bus (`ledger.watch(bus)`) that reads only what the
table sees, or what its own seat sees. What it knows is a per-seat multiset of ranks, `hand`
(cards known to be in a hand) and `down` (face-down cards known to be there), and `removed`
(ranks known to be out of the round); `sample.py` deals the rest at random. It never reads
the `deal` event, anyone else's `draw`, or a `give` between two other seats.

Every event and note that moves cards has its effect on that knowledge (`MOVES`, one method
each): cards played from a hand leave it; the pile a player picks up and the face-up cards
taken up join that hand; 3s (or the `pass_on` variant's rank), cleared and discarded cards
leave the round, and removed cards come back (`take`) or go into the deck (`shuffle`); a
gift between its own seat and another moves the cards it saw, any other gift makes the
giver's hand unknown; cards put under the pile leave the hand; swapped and passed hands take
what is known of them along; a face-up card swapped with a face-down one is now known to be
face down, and the card turned up is no longer there; cards a rule shows are known. `STILL`
names the events and notes that move no card it could follow (a `draw` it does not see, a
turn, a title). An event in neither (a construct the ledger was never taught) makes it forget
everything: its knowledge may be wrong, never that a card is where it is not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from lopti_rules.engine import Event, EventBus
from lopti_rules.engine.notes import NOTES, Shift


def _take(known: Counter[int], rank: int, count: int) -> None:
    left = known[rank] - count
    if left > 0:
        known[rank] = left
    else:
        known.pop(rank, None)


def _int(fields: Mapping[str, object], key: str) -> int:
    value = fields[key]
    assert isinstance(value, int)
    return value


def _ranks(fields: Mapping[str, object], key: str = "cards") -> tuple[int, ...]:
    value = fields.get(key, ())
    assert isinstance(value, list | tuple)
    return tuple(value)


# base events and runtime notes that move no card the ledger can follow; the notes of rules'
# effects say so themselves (`engine/notes.py`: a `memory` of `()`)
STILL: frozenset[str] = frozenset(
    {
        "deal", "draw", "turn", "bonus", "finish", "win", "skip", "reverse", "hook", "guard",
        "missed", "caught", "lost", "won",
        *(name for name, note in NOTES.items() if note.memory == ()),
    }
)  # fmt: skip

# events and notes that move cards: the notes with `Shift`s, applied by `Ledger._shift`, and
# the rest, each with its case in `Ledger.see`
SHIFTS: dict[str, tuple[Shift, ...]] = {
    name: note.memory for name, note in NOTES.items() if note.memory
}
MOVES: frozenset[str] = frozenset(
    {
        "round", "play", "reveal", "pickup", "take_up", "clear", "swap", "give", "show",
        "shuffle", "swap_hands", "pass_hands", "swap_face", *SHIFTS,
    }
)  # fmt: skip


class Ledger:
    """The public knowledge of seat `seat` at a table of `players` (see the module text)."""

    __slots__ = ("dealer", "down", "hand", "pass_on", "players", "removed", "round", "seat")

    def __init__(self, players: int, seat: int, pass_on: int | None = 3) -> None:
        self.players = players
        self.seat = seat
        self.pass_on = pass_on  # the rank that goes to the chain (3, or a variant's)
        self.dealer = 0
        self.round = 1
        self.hand: list[Counter[int]] = []
        self.down: list[Counter[int]] = []
        self.removed: Counter[int] = Counter()
        self.forget()

    def forget(self) -> None:
        """Know nothing (a new deal)."""
        self.hand = [Counter() for _ in range(self.players)]
        self.down = [Counter() for _ in range(self.players)]
        self.removed = Counter()

    def watch(self, bus: EventBus) -> None:
        bus.observe(self.see)

    def see(self, event: Event) -> None:
        """Take in one event or note (an observer of the bus)."""
        name, actor, fields = event.name, event.actor, event.fields
        if name in STILL:
            return
        if name == "round":
            self.forget()
            self.dealer = actor if actor is not None else 0
            self.round = _int(fields, "round")
        elif name == "shuffle":
            self.removed.clear()
        elif name not in MOVES or actor is None:
            self.forget()  # a move the ledger does not know: trust nothing it knew
        elif name in SHIFTS:
            self._shift(SHIFTS[name], actor, fields)
        elif name in ("play", "reveal", "pickup", "take_up", "clear"):
            self._base(name, actor, fields)
        else:
            self._exchange(name, actor, fields)

    def _base(self, name: str, actor: int, fields: Mapping[str, object]) -> None:
        """Cards going between a hand, the pile, the face-down cards and the removed ones."""
        cards = _ranks(fields)
        if name == "play":
            rank, count = _int(fields, "rank"), _int(fields, "count")
            if fields["source"] != "face_down":
                _take(self.hand[actor], rank, count)
            if rank == self.pass_on:
                self.removed[rank] += count  # the chain leaves the round (X3.2)
        elif name == "reveal":
            _take(self.down[actor], _int(fields, "rank"), 1)
        elif name in ("pickup", "take_up"):
            self.hand[actor].update(cards)
        else:  # clear
            self.removed.update(cards)

    def _shift(self, shifts: tuple[Shift, ...], actor: int, fields: Mapping[str, object]) -> None:
        """A rule's note declared with its `memory` (`engine/notes.py`): each field's ranks
        leave the actor's source zone and join the destination, where the ledger follows them
        (a hand, the face-down cards, the removed cards; never the pile or the deck)."""
        for shift in shifts:
            ranks = _ranks(fields, shift.key)
            source, dest = self._zone(shift.source, actor), self._zone(shift.dest, actor)
            for rank in ranks:
                if source is not None:
                    _take(source, rank, 1)
                if dest is not None:
                    dest[rank] += 1

    def _zone(self, zone: str, actor: int) -> Counter[int] | None:
        if zone == "hand":
            return self.hand[actor]
        if zone == "face_down":
            return self.down[actor]
        if zone == "removed":
            return self.removed
        return None  # face-up cards are in the view; the pile and the deck are not followed

    def _exchange(self, name: str, actor: int, fields: Mapping[str, object]) -> None:
        """The setup swap and the custom actions that move cards between zones and seats."""
        cards = _ranks(fields)
        if name == "swap":
            _take(self.hand[actor], _int(fields, "hand"), 1)
            self.hand[actor][_int(fields, "face_up")] += 1
        elif name == "give":
            to = _int(fields, "to")
            if self.seat in (actor, to):  # a gift is seen by its two seats only
                for rank in cards:
                    _take(self.hand[actor], rank, 1)
                self.hand[to].update(cards)
            else:  # the giver's cards are unknown now; the receiver's gain too
                self.hand[actor].clear()
        elif name == "show":
            if fields["what"] == "hand":
                self.hand[actor] = Counter(cards)
            else:
                self.down[actor] = Counter(cards)
        elif name == "swap_face":  # cards: the one now face up, then the one now face down
            shown, hidden = cards
            _take(self.down[actor], shown, 1)
            self.down[actor][hidden] += 1
        elif name == "swap_hands":
            to = _int(fields, "to")
            self.hand[actor], self.hand[to] = self.hand[to], self.hand[actor]
        else:  # pass_hands: each seat's hand goes to the next (or previous) one of `seats`
            seats = _ranks(fields, "seats")
            step = 1 if fields["way"] == "next" else -1
            known = [self.hand[s] for s in seats]
            for i, seat in enumerate(seats):
                self.hand[seat] = known[(i - step) % len(seats)]
