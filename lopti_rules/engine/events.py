"""The event bus: where custom rules, the event log and narration attach to the engine.

The engine announces each base event of LANGUAGE.md §4 at three moments: `before` hooks (the
event is certain, its effect not yet applied), observers (the effect is being applied: this is
what the event log and narration see, exactly once per event), then `after` hooks (the effect
applied, before any base consequence). `round` and `turn` span time: their `before` hooks
and observers run when the round or turn begins, their `after` hooks when it ends.

Guarantees:
- Add-only: there is no unsubscribe, and a handler cannot cancel, replace or change a base
  event. It receives a frozen `Event` whose `fields` is a read-only mapping of immutable
  values (card lists are tuples), so nothing it does to the event reaches the engine.
- Free when idle: `bus.live` is a plain bool, false until the first subscriber or observer;
  the engine checks it before building any `Event`, so an unobserved game pays one attribute
  test per event point. Cheap when partly used: `bus.wants[name]` is true only when `name` has
  hooks or the bus has observers, and the engine builds an event only when it is wanted, so a
  rule pack hooking `clear` costs nothing at a `draw`. `bus.watched` says observers exist.
- Gated hooks: `subscribe(name, timing, handler, gate=...)` gives a hook a predicate on the
  event's raw values, `gate(game, actor, f0, f1, f2)` where `f0..f2` are the event's
  `GATE_FIELDS` in order (None past them). The engine tests the gates at the hook's moment
  (a `before` gate sees the state before the effect, an `after` gate the state after it),
  in subscription order, and builds the `Event` only for the first hook whose gate passes
  (`dispatch`); a hook whose gate fails is not called at all. Without observers, an event
  whose gates all fail is never built. A hook without a gate always runs.
- Prefilters: `subscribe(..., ranks=, hand=)` adds what the gate implies in a form the engine
  tests inline, without calling it: `ranks`, the played ranks a `play` hook can fire on
  (`play_before[rank]`, `play_after[rank]` hold, per rank, only the hooks to try), and `hand`,
  a size the actor's hand must reach (`turn_start`, `turn_end`: the lowest over the hooks of
  that moment of a `turn`, which the engine skips when the actor's hand is below it). A
  prefilter must be implied by the hook's condition: it only skips calls whose gate would
  return false, so the hooks that run, and their order, are the same.
- Handlers run in subscription order, synchronously, and may call back into the engine
  (its custom-action primitives); events those calls emit run their own hooks depth-first.
  `note(event)` tells observers only, for action lines that are not base events (`give`, ...).
- One bus serves one game: `bus.game` is that game, set before its first event, so a rule
  pack's runtime can subscribe before the deal and still reach `bus.game.effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from lopti_rules.engine.game import Game

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


Handler = Callable[[Event], None]
# gate(game, actor, f0, f1, f2): the raw values of the event's GATE_FIELDS (None past them)
Gate = Callable[["Game", "int | None", Any, Any, Any], bool]
# make(actor, f0, f1, f2, extra): the Event of a dispatch, built only when a gate passes
Maker = Callable[["int | None", Any, Any, Any, Any], Event]
Hook = tuple["Gate | None", Handler]
RANKS = range(15)  # the indices of `play_hooks[timing]` (a played rank is 2..14)
NO_FLOOR = 1 << 30  # the `floor` of a moment without hooks: the engine never reaches it


def _gate_args(event: Event) -> tuple[object, object, object]:
    """An event's `GATE_FIELDS` values, in order, None past them."""
    fields = event.fields
    names = GATE_FIELDS.get(event.name, ())
    f0 = fields.get(names[0]) if names else None
    f1 = fields.get(names[1]) if len(names) > 1 else None
    f2 = fields.get(names[2]) if len(names) > 2 else None
    return f0, f1, f2


def _keep(actor: int | None, f0: object, f1: object, f2: object, event: Event) -> Event:
    """The maker of `before(event)`/`after(event)`: the event is already built."""
    return event


class EventBus:
    """Subscribe hooks per event and timing, or observe every event once."""

    __slots__ = (
        "_observers",
        "after_hooked",
        "after_hooks",
        "before_hooks",
        "early",
        "game",
        "live",
        "play_after",
        "play_before",
        "turn_end",
        "turn_start",
        "wants",
        "watched",
    )

    def __init__(self) -> None:
        # (gate, handler) tuples, replaced on each subscription: dispatch iterates them without
        # copying, and a handler that subscribes another does not change the dispatch under way
        self.before_hooks: dict[str, tuple[Hook, ...]] = dict.fromkeys(EVENT_NAMES, ())
        self.after_hooks: dict[str, tuple[Hook, ...]] = dict.fromkeys(EVENT_NAMES, ())
        self._observers: tuple[Handler, ...] = ()
        self.live = False
        self.watched = False  # observers exist
        self.wants: dict[str, bool] = dict.fromkeys(EVENT_NAMES, False)
        # events with `after` hooks: the end of a turn or a round is only an `after` moment
        self.after_hooked: dict[str, bool] = dict.fromkeys(EVENT_NAMES, False)
        # events with `before` hooks or observers: someone runs before the effect is applied
        self.early: dict[str, bool] = dict.fromkeys(EVENT_NAMES, False)
        # the prefilters, plain attributes for the engine's inline paths: the `play` hooks to
        # try per played rank, and the hand size a turn's actor needs for any hook to fire
        self.play_before: tuple[tuple[Hook, ...], ...] = ((),) * len(RANKS)
        self.play_after: tuple[tuple[Hook, ...], ...] = ((),) * len(RANKS)
        self.turn_start = NO_FLOOR
        self.turn_end = NO_FLOOR
        # the game this bus serves, set when the game is built (before any event): hooks
        # reach the engine's primitives as `bus.game.effects` even during the deal
        self.game: Game | None = None

    def subscribe(
        self,
        event_name: str,
        timing: str,
        handler: Handler,
        gate: Gate | None = None,
        *,
        ranks: frozenset[int] | None = None,
        hand: int = 0,
    ) -> None:
        """Run `handler` at `timing` ("before"/"after") of every `event_name` event, or only
        of those for which `gate(game, actor, f0, f1, f2)` holds at that moment. `ranks` (a
        `play` hook: the ranks it can fire on, None for all) and `hand` (the actor's hand size
        it needs) are prefilters: they must hold whenever the gate (or the condition the
        handler tests) holds."""
        if event_name not in self.before_hooks:
            known = ", ".join(EVENT_NAMES)
            raise ValueError(f"`{event_name}` is not an engine event (known: {known})")
        hook: Hook = (gate, handler)
        if timing == "before":
            self.before_hooks[event_name] += (hook,)
            self.early[event_name] = True
        elif timing == "after":
            self.after_hooks[event_name] += (hook,)
            self.after_hooked[event_name] = True
        else:
            raise ValueError(f"timing must be `before` or `after`, not `{timing}`")
        if event_name == "play":
            rows = list(self.play_before if timing == "before" else self.play_after)
            for rank in RANKS if ranks is None else ranks:
                if rank in RANKS:  # a played rank is 2..14: others never index the rows
                    rows[rank] = (*rows[rank], hook)
            if timing == "before":
                self.play_before = tuple(rows)
            else:
                self.play_after = tuple(rows)
        elif event_name == "turn":
            if timing == "before":
                self.turn_start = min(self.turn_start, hand)
            else:
                self.turn_end = min(self.turn_end, hand)
        self.live = True
        self.wants[event_name] = True

    def observe(self, handler: Handler) -> None:
        """See every event once, at the moment its effect is applied (and every note)."""
        self._observers += (handler,)
        self.live = True
        self.watched = True
        self.wants = dict.fromkeys(EVENT_NAMES, True)
        self.early = dict.fromkeys(EVENT_NAMES, True)

    def has_hooks(self, event_name: str) -> bool:
        return bool(self.before_hooks[event_name] or self.after_hooks[event_name])

    # -- called by the engine (only when `live`) -------------------------------------------
    def dispatch(
        self,
        hooks: tuple[Hook, ...],
        event: Event | None,
        actor: int | None,
        f0: object,
        f1: object,
        f2: object,
        make: Maker,
        extra: object,
    ) -> Event | None:
        """Run `hooks` (one moment of one event) whose gates pass, in order; the event is
        `event`, or `make(actor, f0, f1, f2, extra)` built when the first gate passes.
        Returns the event if it exists now (for the next moment), else None."""
        game = self.game  # set: the game emitted the event
        for gate, handler in hooks:
            if gate is None or gate(game, actor, f0, f1, f2):  # type: ignore[arg-type]
                if event is None:
                    event = make(actor, f0, f1, f2, extra)
                handler(event)
        return event

    def before(self, event: Event) -> None:
        hooks = self.before_hooks[event.name]
        if hooks:
            f0, f1, f2 = _gate_args(event)
            self.dispatch(hooks, event, event.actor, f0, f1, f2, _keep, event)

    def observed(self, event: Event) -> None:
        for handler in self._observers:
            handler(event)

    def after(self, event: Event) -> None:
        hooks = self.after_hooks[event.name]
        if hooks:
            f0, f1, f2 = _gate_args(event)
            self.dispatch(hooks, event, event.actor, f0, f1, f2, _keep, event)

    def note(self, event: Event) -> None:
        """An action line that is not a base event: observers only, never hooks."""
        for handler in self._observers:
            handler(event)
