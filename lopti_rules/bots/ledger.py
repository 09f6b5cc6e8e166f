"""What one seat has learnt from the public event log: the memory of a searching bot.

A `Ledger` is an observer on the round's bus (`ledger.watch(bus)`) that reads only what the
table sees, or what its own seat sees: the pile a player picks up (those ranks are now in
that hand), face-up cards taken up, cards a rule shows (`show`), cards given to or by its
own seat, 3s (or the rank of the `pass_on` variant) and cleared or discarded cards leaving
the round, removed cards taken back or shuffled into the deck, and the dealer and round
number. It never reads the `deal` event,
anyone else's `draw`, or a `give` between two other seats. Cards played from a hand leave
what is known of that hand. What it knows is a per-seat multiset of ranks, `hand`
(cards known to be in a hand) and `down` (face-down cards a rule showed), and `removed`
(ranks known to be out of the round); `sample.py` deals the rest at random.
"""

from __future__ import annotations

from collections import Counter

from lopti_rules.engine import Event, EventBus


def _take(known: Counter[int], rank: int, count: int) -> None:
    left = known[rank] - count
    if left > 0:
        known[rank] = left
    else:
        known.pop(rank, None)


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
        if name == "round":
            self.forget()
            self.dealer = actor if actor is not None else 0
            self.round = int(fields["round"])  # type: ignore[call-overload]
            return
        if actor is None:
            if name == "shuffle":
                self.removed.clear()
            return
        cards: tuple[int, ...] = tuple(fields.get("cards", ()))  # type: ignore[arg-type]
        if name == "play":
            rank, count = int(fields["rank"]), int(fields["count"])  # type: ignore[call-overload]
            if fields["source"] != "face_down":
                _take(self.hand[actor], rank, count)
            if rank == self.pass_on:
                self.removed[rank] += count  # the chain leaves the round (X3.2)
        elif name == "reveal":
            _take(self.down[actor], int(fields["rank"]), 1)  # type: ignore[call-overload]
        elif name in ("pickup", "take_up", "take"):
            self.hand[actor].update(cards)
            if name == "take":
                for rank in cards:
                    _take(self.removed, rank, 1)
        elif name in ("clear", "discard"):
            self.removed.update(cards)
            if name == "discard":
                for rank in cards:
                    _take(self.hand[actor], rank, 1)
        elif name == "swap":
            _take(self.hand[actor], int(fields["hand"]), 1)  # type: ignore[call-overload]
            self.hand[actor][int(fields["face_up"])] += 1  # type: ignore[call-overload]
        elif name == "give":
            to = int(fields["to"])  # type: ignore[call-overload]
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
        elif name == "shuffle":
            self.removed.clear()
