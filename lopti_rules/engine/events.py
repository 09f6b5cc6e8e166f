"""The event bus: where custom rules, the event log and narration attach to the engine.

The engine announces each base event of LANGUAGE.md §4 at three moments: `before` hooks (the
event is certain, its effect not yet applied), observers (the effect is being applied: this is
what the event log and narration see, exactly once per event), then `after` hooks (the effect
applied, before any base consequence). `round` and `turn` span time: their `before` hooks
and observers run when the round or turn begins, their `after` hooks when it ends.

One table, one loop. Subscribing (installing hooks, adding an observer) updates the bus's
table, `plan[event]` (for `play` and `turn`, per key: `plays`, `turns`): per moment (`BEFORE`,
`OBSERVED`, `AFTER`) the tuple of `(gate, handler, raw)` hooks that moment must run, in order.
An event point reads its plan and, unless it is `IDLE`, hands each row to `run`, the only
dispatch loop: it tests each gate on the event's raw values and builds the `Event` once, for
the first handler that takes one (a raw hook takes the raw values). An event nobody watches
has the shared `IDLE` plan, so an idle bus costs one identity test per event point.

Guarantees:
- Add-only: there is no unsubscribe, and a handler cannot cancel, replace or change a base
  event. It receives a frozen `Event` whose `fields` is a read-only mapping of immutable
  values (card lists are tuples), so nothing it does to the event reaches the engine.
- Gated hooks: `subscribe(name, timing, handler, gate=...)` gives a hook a predicate on the
  event's raw values, `gate(game, actor, f0, f1, f2)` where `f0..f2` are the event's
  `GATE_FIELDS` in order (None past them), tested at the hook's moment (a `before` gate sees
  the state before the effect, an `after` gate the state after it). A hook whose gate fails
  is not called; without observers, an event whose gates all fail is never built.
- Raw hooks: `subscribe(..., raw=True)` calls the handler with the values its gate sees,
  `handler(game, actor, f0, f1, f2)`, instead of an `Event`: a rule pack's hooks read
  nothing else, so for them the event (its `cards`, the whole pile of a pickup) is never
  built.
- Tables built once: `adopt(template)` gives a bus nobody has subscribed to yet the tables
  of `template`, a bus that holds only hooks (no observers), in O(1): a rule set subscribes
  its hooks once, to its template, and every game's bus adopts it (runtime/install.py).
- Keys: two events have a plan per key (`KEYS`): `plays[rank]` per played rank and
  `turns[size]` per hand size of the turn's actor. `subscribe(..., keys=...)` names the keys
  at which a hook can fire (they must hold whenever its gate holds). A `play` hook sits only
  in its ranks' rows (the rank is the event's: no earlier hook can change it); a `turn` row
  holds every `turn` hook of its moment when any of them can fire at that hand size, and
  nothing otherwise (an earlier hook may change the hand a later gate reads). Either way the
  engine does not test gates that cannot pass, and the hooks that run, and their order, are
  the same as without keys.
- Handlers run in subscription order, synchronously, and may call back into the engine
  (its custom-action primitives); events those calls emit run their own hooks depth-first.
  A handler that subscribes another does not change the dispatch under way (rows are
  tuples, replaced). `note(event)` tells observers only, for action lines that are not base
  events (`give`, ...).
- One bus serves one game: `bus.game` is that game, set before its first event, so a rule
  pack's runtime can subscribe before the deal and still reach `bus.game.effects`.
- `bus.chooser` (None unless set) answers the game's asks (asks.py, `game.ask`): like hooks
  and observers, whoever plugs into a game plugs into its bus, before the deal if need be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import chain, product, repeat
from types import MappingProxyType
from typing import Any, Generic, Literal, NamedTuple, TypeVar

from lopti_rules.engine.asks import Chooser

G = TypeVar("G")  # the game a bus serves (the engine's `Game`: `EventBus` is `Bus[Game]`)

EVENT_NAMES: tuple[str, ...] = (
    "round",
    "deal",
    "swap",
    "turn",
    "play",
    "draw",
    "pickup",
    "clear",
    "bonus",
    "take_up",
    "reveal",
    "finish",
    "win",
    "skip",
    "reverse",
    "missed",
    "lost",
    "won",
    "caught",
)
# the fields a gate receives, in order, per event (the catalogue's fields, without `cards`)
GATE_FIELDS: dict[str, tuple[str, ...]] = {
    "round": ("round",),
    "deal": (),
    "swap": (),
    "turn": (),
    "play": ("rank", "count", "source"),
    "draw": (),
    "pickup": ("count", "reason"),
    "clear": ("cause", "count"),
    "bonus": (),
    "take_up": ("count",),
    "reveal": ("rank", "legal"),
    "finish": ("place",),
    "win": (),
    "skip": ("rank",),
    "reverse": ("rank", "direction"),
    # table reports (runtime/calls.py): the table event's name and the seat who reported it
    "missed": ("call", "by"),
    "lost": ("call", "by"),
    "won": ("call", "by"),
    "caught": ("call", "by"),
}
Timing = Literal["before", "after"]
TIMINGS: tuple[str, ...] = ("before", "after")


class Event(NamedTuple):
    """One event: its name, its actor (a seat, or None) and its fields (read-only).

    A named tuple, so it is immutable and cheap to build: the engine makes one per event
    point that has hooks or observers, and a rule pack's hooks make several per move."""

    name: str
    actor: int | None
    fields: Mapping[str, object]

    @staticmethod
    def make(name: str, actor: int | None, **fields: object) -> Event:
        """An event whose fields are frozen: lists become tuples, the mapping read-only."""
        for key, value in fields.items():  # `fields` is this call's own dict
            if value.__class__ is list:
                fields[key] = _freeze(value)
        return _new(Event, (name, actor, MappingProxyType(fields)))

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.fields.items())
        who = "" if self.actor is None else f" by {self.actor}"
        return f"{self.name}{who}" + (f" ({inner})" if inner else "")


_new = tuple.__new__  # builds an Event without NamedTuple's Python-level __new__
_EMPTY: Mapping[str, object] = MappingProxyType({})


def event_of(name: str, actor: int | None, fields: dict[str, object] | None = None) -> Event:
    """The engine's fast path for `Event.make`: `fields` (a fresh dict) holds only immutable
    values already (ints, strings, bools, tuples), so nothing needs freezing."""
    return _new(Event, (name, actor, _EMPTY if fields is None else MappingProxyType(fields)))


def _freeze(value: list[object]) -> tuple[object, ...]:
    """A list (of ranks, or of lists of ranks) as tuples all the way down."""
    if value and value[0].__class__ is list:
        return tuple(_freeze(v) if v.__class__ is list else v for v in value)
    return tuple(value)


def gate_args(event: Event) -> tuple[Any, Any, Any]:
    """An event's `GATE_FIELDS` values, in order, None past them."""
    names = GATE_FIELDS.get(event.name, ())
    values = [event.fields.get(name) for name in names]
    return (*values, *(None,) * (3 - len(values)))  # type: ignore[return-value]


Handler = Callable[[Event], None]
# gate(game, actor, f0, f1, f2): the raw values of the event's GATE_FIELDS (None past them)
Gate = Callable[[G, "int | None", Any, Any, Any], bool]
# make(actor, f0, f1, f2, extra): the Event of a dispatch, built when the first handler runs
Maker = Callable[["int | None", Any, Any, Any, Any], Event]
# raw(game, actor, f0, f1, f2): a raw hook's handler, given the values its gate sees
RawHandler = Callable[[G, "int | None", Any, Any, Any], None]
# what `subscribe_all` takes: (event name, timing, handler, gate, keys), as `subscribe` does
Subscription = tuple[str, str, Handler | RawHandler[G], Gate[G] | None, "frozenset[int] | None"]
# (gate, handler, raw), as the rows hold it: raw handlers take the raw values, the others the
# `Event` (the game's type is checked where a hook is subscribed, `Bus.subscribe`)
Hook = tuple["Callable[..., bool] | None", "Callable[..., None]", bool]
Row = tuple[Hook, ...]  # what one moment of one event runs, in order
Plan = tuple[Row, Row, Row]  # an event's rows: BEFORE, OBSERVED, AFTER
BEFORE, OBSERVED, AFTER = 0, 1, 2
MOMENTS = {"before": BEFORE, "after": AFTER}
IDLE: Plan = ((), (), ())  # the plan of an event nobody watches (shared: test with `is`)
RANKS = range(15)  # the keys of `play` (a played rank is 2..14)
HANDS = range(53)  # the keys of `turn` (the actor's hand size: 0..52 cards)
KEYS: dict[str, range] = {"play": RANKS, "turn": HANDS}
_RANK_SET = frozenset(RANKS)


def _with(plan: Plan, moment: int, row: Row) -> Plan:
    """`plan` with the row of `moment` replaced by `row`."""
    rows = list(plan)
    rows[moment] = row
    return IDLE if not any(rows) else (rows[0], rows[1], rows[2])


class Bus(Generic[G]):
    """Subscribe hooks per event and timing, or observe every event once. `G` is the game
    the bus serves, which its gates, raw hooks and chooser are given (`EventBus`, in
    game.py, is the bus of a `Game`)."""

    __slots__ = (
        "_reach",
        "chooser",
        "game",
        "observers",
        "plan",
        "plays",
        "states",
        "subscribed",
        "turns",
    )

    def __init__(self, *, chooser: Chooser[G] | None = None) -> None:
        self.plan: dict[str, Plan] = dict.fromkeys(EVENT_NAMES, IDLE)
        # the plans of the keyed events, per key (see the module doc)
        self.plays: tuple[Plan, ...] = (IDLE,) * len(RANKS)  # per played rank
        self.turns: tuple[Plan, ...] = (IDLE,) * len(HANDS)  # per hand size of the actor
        self.observers: tuple[Handler, ...] = ()
        # per `turn` moment: the hand sizes at which some hook of that moment can fire
        self._reach: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        # the game this bus serves, set when the game is built (before any event): hooks
        # reach the engine's primitives as `bus.game.effects` even during the deal
        self.game: G | None = None
        # who answers the game's asks (engine/asks.py); None: every ask takes its default
        self.chooser = chooser
        # per-game state of hooks shared by many games' buses, by their owner (a rule set's
        # `Runtime` by its hook table, runtime/install.py); the engine never reads it
        self.states: dict[object, Any] = {}
        self.subscribed = False  # whether anything was subscribed or observes

    def subscribe(
        self,
        event_name: str,
        timing: str,
        handler: Handler | RawHandler[G],
        gate: Gate[G] | None = None,
        *,
        keys: frozenset[int] | None = None,
        raw: bool = False,
    ) -> None:
        """Run `handler` at `timing` ("before"/"after") of every `event_name` event, or only
        of those for which `gate(game, actor, f0, f1, f2)` holds at that moment. `keys` (for
        `play` the ranks, for `turn` the actor's hand sizes at which the hook can fire; None:
        any) must hold whenever the gate does. `raw`: call `handler(game, actor, f0, f1,
        f2)` with the gate's values, not `handler(event)`."""
        self.subscribe_all([(event_name, timing, handler, gate, keys)], raw=raw)

    def subscribe_all(self, hooks: Iterable[Subscription[G]], *, raw: bool = False) -> None:
        """`subscribe` each of `hooks` (`(event_name, timing, handler, gate, keys)`), in
        order: the same table, with the keyed plans rebuilt once (a rule set subscribes all
        its hooks at once, to its template: see `adopt`)."""
        added: list[tuple[str, int, Hook, frozenset[int] | None]] = []
        for event_name, timing, handler, gate, keys in hooks:
            if event_name not in self.plan:
                known = ", ".join(EVENT_NAMES)
                raise ValueError(f"`{event_name}` is not an engine event (known: {known})")
            moment = MOMENTS.get(timing)
            if moment is None:
                raise ValueError(f"timing must be `before` or `after`, not `{timing}`")
            added.append((event_name, moment, (gate, handler, raw), keys))
        self._add(added)

    def adopt(self, template: Bus[G]) -> bool:
        """Take the tables of `template` (a bus holding hooks only, no observers) if nothing
        was subscribed to this bus yet; False (nothing changes) if something was: subscribe
        the hooks instead. Either way the bus runs the same hooks in the same order."""
        if self.subscribed or template.observers:
            return False
        self.plan = dict(template.plan)  # later subscriptions replace entries: a copy each
        self.plays, self.turns = template.plays, template.turns  # tuples: replaced, not changed
        r0, r1, r2 = template._reach
        self._reach = (set(r0), set(r1), set(r2))
        self.subscribed = template.subscribed
        return True

    def observe(self, handler: Handler) -> None:
        """See every event once, at the moment its effect is applied (and every note)."""
        self.observers += (handler,)
        self._add([(name, OBSERVED, (None, handler, False), None) for name in EVENT_NAMES])

    def _add(self, added: list[tuple[str, int, Hook, frozenset[int] | None]]) -> None:
        """Put each hook, in order, at the end of its rows: the plan's, and the keyed plans'
        it can reach; the keyed plans are rebuilt once."""
        plan = self.plan
        plays: list[Plan] | None = None
        turns = False
        self.subscribed = self.subscribed or bool(added)
        for name, moment, hook, keys in added:
            plan[name] = _with(plan[name], moment, (*plan[name][moment], hook))
            if name == "play":  # the hook in the rows of its ranks only
                plays = plays or list(self.plays)
                for k in RANKS if keys is None else keys & _RANK_SET:
                    plays[k] = _with(plays[k], moment, (*plays[k][moment], hook))
            elif name == "turn":  # every hook of the moment, at the hand sizes some can fire at
                self._reach[moment].update(HANDS if keys is None else keys)
                turns = True
        if plays is not None:
            self.plays = tuple(plays)
        if turns:
            full = plan["turn"]
            made = {}  # the (at most 8) distinct plans, by which moments reach a hand size
            for hits in product((False, True), repeat=3):
                rows = [row if hit else () for row, hit in zip(full, hits, strict=True)]
                made[hits] = IDLE if not any(rows) else (rows[0], rows[1], rows[2])
            r0, r1, r2 = self._reach
            self.turns = tuple([made[k in r0, k in r1, k in r2] for k in HANDS])

    # -- called by the engine ----------------------------------------------------------------
    def run(
        self,
        row: Row,
        event: Event | None,
        actor: int | None,
        f0: object,
        f1: object,
        f2: object,
        make: Maker,
        extra: object,
    ) -> Event | None:
        """Run the hooks of `row` whose gates pass, in order: a raw hook with the raw values,
        the others with the event, `event` or `make(actor, f0, f1, f2, extra)` built when
        the first of them runs. Returns the event if it exists now (the next moment reuses
        it), else None."""
        game = self.game  # set: the game emitted the event
        for gate, handler, raw in row:
            if gate is None or gate(game, actor, f0, f1, f2):
                if raw:
                    handler(game, actor, f0, f1, f2)
                    continue
                if event is None:
                    event = make(actor, f0, f1, f2, extra)
                handler(event)
        return event

    def note(self, event: Event) -> None:
        """An action line that is not a base event: observers only, never hooks."""
        for handler in self.observers:
            handler(event)


# -- the makers: each event's `Event`, from the raw values an event point passes to `run`
# -- (f0..f2 are the event's GATE_FIELDS; `extra` carries what a gate does not see)


def play_event(actor: int | None, rank: int, count: int, source: str, extra: object) -> Event:
    fields = {"rank": rank, "count": count, "source": source, "cards": (rank,) * count}
    return event_of("play", actor, fields)


def reveal_event(actor: int | None, rank: int, legal: bool, f2: object, extra: object) -> Event:
    return event_of("reveal", actor, {"rank": rank, "legal": legal, "cards": (rank,)})


Pile = tuple[list[int], list[int]]  # a pile as the game keeps it: its ranks and counts


def expand(pile: Pile) -> tuple[int, ...]:
    """A pile's cards, bottom to top."""
    ranks, counts = pile
    return tuple(chain.from_iterable(map(repeat, ranks, counts)))


def pickup_event(actor: int | None, count: int, reason: str, f2: object, pile: Pile) -> Event:
    return event_of("pickup", actor, {"count": count, "reason": reason, "cards": expand(pile)})


def clear_event(actor: int | None, cause: str, count: int, f2: object, pile: Pile) -> Event:
    return event_of("clear", actor, {"cause": cause, "count": count, "cards": expand(pile)})


def draw_event(actor: int | None, f0: object, f1: object, f2: object, rank: int) -> Event:
    return event_of("draw", actor, {"cards": (rank,)})


def take_up_event(
    actor: int | None, count: int, f1: object, f2: object, cards: tuple[int, ...]
) -> Event:
    return event_of("take_up", actor, {"count": count, "cards": cards})


def finish_event(actor: int | None, place: int, f1: object, f2: object, extra: object) -> Event:
    return event_of("finish", actor, {"place": place})


def round_event(actor: int | None, number: int, f1: object, f2: object, extra: object) -> Event:
    return event_of("round", actor, {"round": number})


def swap_event(actor: int | None, f0: object, f1: object, f2: object, pair: Any) -> Event:
    hand, up = pair
    return event_of("swap", actor, {"hand": hand, "face_up": up, "cards": (hand, up)})


def deal_event(actor: int | None, f0: object, f1: object, f2: object, fields: Any) -> Event:
    return Event.make("deal", actor, **fields)


def plain_maker(name: str) -> Maker:
    """The maker of an event without fields (`turn`, `bonus`, `win`)."""

    def make(actor: int | None, f0: object, f1: object, f2: object, extra: object) -> Event:
        return event_of(name, actor)

    return make


def skip_event(actor: int | None, rank: int, f1: object, f2: object, by: object) -> Event:
    return event_of("skip", actor, {"rank": rank, "by": by})


def reverse_event(actor: int | None, rank: int, way: str, f2: object, extra: object) -> Event:
    return event_of("reverse", actor, {"rank": rank, "direction": way})


def report_event(actor: int | None, call: str, by: int, f2: object, kind: object) -> Event:
    return event_of(str(kind), actor, {"call": call, "by": by})


turn_event = plain_maker("turn")
bonus_event = plain_maker("bonus")
win_event = plain_maker("win")
