"""The scenario model: what a conformance scenario file may say (spec/CONFORMANCE.md).

Input is the plain data `yaml.safe_load` makes of one scenario file; output is a validated,
frozen `Scenario` whose ranks are already engine ints (2..14, see `engine.cards`). Unknown keys
are errors (`extra="forbid"`) and types are strict, so a typo in a scenario is never silently
ignored. Seats the table does not have and expectations that cannot be checked (an event
field LANGUAGE.md §4 does not give, a per-seat list that does not list every seat) are refused
too, each at the key it is about (`Misplaced`). Whether the state is a table play can reach
with the variants in force (a chain of four, an obligation without a chain, a pass-on card on
the pile, a low rule the top play does not set, a finished seat holding cards) is the engine's
to say, once (`engine/pile.py`, `build.validate_position`): `table.position` builds the
engine's `Position` and the loader asks it, at load. Everything here is data: running the
steps is `runner`'s job, mapping a validation error back to a line and column is `loader`'s.
Each problem is said in the language in use (gettext); the keys, event and field names it
quotes stay as written.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    model_validator,
)

from lopti_rules.engine.cards import names, parse_rank
from lopti_rules.engine.events import EVENT_NAMES
from lopti_rules.i18n import _, ngettext, pgettext
from lopti_rules.language.catalog import EVENTS, FieldType
from lopti_rules.packs.pack import BaseVariants

# A clause id of RULES.md: S1, T4, P3 (or P3c for an item), X10.2, D24 ...
# RULES.md ids, and the base variants' own clauses (VS1, VX2, ...: docs/variants.md)
CLAUSE_RE = re.compile(r"^(?:[STPCFWRVKE]\d+[a-z]?|X(?:2|3|7|10)\.\d+|D\d+|V[A-Z]\d+)$")


class Misplaced(ValueError):
    """A problem found by a whole-model check, with the place (relative to that model) it is about.

    Pydantic reports a model validator's error at the model itself; `loader` appends `loc` so
    the problem points at the offending node instead (at the key named last when `key`, as for
    an unknown key).
    """

    def __init__(self, loc: tuple[str | int, ...], message: str, *, key: bool = False) -> None:
        super().__init__(message)
        self.loc = loc
        self.key = key


def _rank(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError(_("`{value}` is not a rank (use 2..10, J, Q, K or A)").format(value=value))
    return parse_rank(value)


def _ranks(value: Any) -> Any:
    """A play: `"9 9"`, `9` or `["9", "9"]` -> a list of rank texts; other shapes fail later."""
    if isinstance(value, str):
        parts = value.split()
        if not parts:
            raise ValueError(_("an empty play; give one or more ranks"))
        return parts  # each part is then read by `Rank`
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    return value


def _seat_map(value: Any) -> Any:
    """Cards per seat: a list with one entry per seat becomes the map {seat: cards}."""
    if isinstance(value, list):
        return dict(enumerate(value))
    return value


def _listed(value: Any) -> Any:
    """`clause` as a list of ids: "X7.2", "d7, P3c", [P3, X10.1] (first letter upper-cased)."""
    if isinstance(value, str):
        value = [part for part in re.split(r"[,\s]+", value) if part]
    if isinstance(value, list):
        return [_clause_id(str(v)) if isinstance(v, str | int) else v for v in value]
    return value


def _clause_id(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:]


def _event(value: Any) -> Any:
    """An expected event: `clear`, or `{clear: {cause: ten}}` to also check its fields."""
    if isinstance(value, str):
        return {"name": value, "fields": {}}
    if isinstance(value, dict) and len(value) == 1:
        ((name, fields),) = value.items()
        return {"name": name, "fields": {} if fields is None else fields}
    said = _("an event is a name ({name}) or a name with fields ({fields})")
    raise ValueError(said.format(name="`clear`", fields="`{clear: {cause: ten}}`"))


def _field_problem(kind: FieldType, value: str | int | bool) -> str | None:
    """Why `value` cannot be a value of a field of this type (None when it can)."""
    if kind.kind == "rank":
        try:
            _rank(value)
        except ValueError:
            return _("`{value}`, which is not a rank (use 2..10, J, Q, K or A)").format(value=value)
        return None
    if kind.kind == "bool":
        return (
            None
            if isinstance(value, bool)
            else _("`{value}`; give `true` or `false`").format(value=value)
        )
    if kind.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < kind.minimum:
            said = _("`{value}`; give a number of {minimum} or more")
            return said.format(value=value, minimum=kind.minimum)
        return None
    if str(value).lower() not in kind.symbols:
        return _("`{value}`; give {values}").format(value=value, values=kind.describe())
    return None


Rank = Annotated[int, BeforeValidator(_rank)]
Ranks = Annotated[list[Rank], BeforeValidator(_ranks)]
# a seat number; that it is one of this table's seats (0..players-1) is checked by `Scenario`,
# which knows the number of players
Seat = int
ZONES = ("hands", "face_up", "face_down")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Options(BaseVariants):
    """A scenario's table options: `places` and every base variant (docs/variants.md)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Direction = Literal["clockwise", "counterclockwise"]


class Waiting(_Strict):
    """A turn's end waiting for an answer (`state.waiting`): `purpose` `name_next` (the seat
    to act names who plays next) or `jump_in` (seat `asked` says whether it jumps in);
    `next`: the player whose turn is next so far (by default the next player in the
    direction of play)."""

    purpose: Literal["name_next", "jump_in"]
    next: Seat | None = None
    asked: Seat | None = None

    @model_validator(mode="after")
    def _asked(self) -> Waiting:
        if self.purpose == "jump_in" and self.asked is None:
            raise ValueError(_("a jump-in window names the seat it asks: `asked: SEAT`"))
        if self.purpose == "name_next" and self.asked is not None:
            raise ValueError(_("a naming asks the seat to act: leave out `asked`"))
        return self


class State(_Strict):
    setup: bool = False
    turn: Seat = 0
    dealer: Seat = 0
    round: int = Field(default=1, ge=1)
    # the previous round's winner and last place (the roles `last winner`, `last loser`)
    last_winner: Seat | None = None
    last_loser: Seat | None = None
    pile: list[Ranks] = []
    chain: int = Field(default=0, ge=0)
    obligation: bool = False
    low: bool | None = None
    deck: list[Rank] = []
    # not given: the chained 3s (`removed_count`); given, it is the count, as written
    removed: int | None = Field(default=None, ge=0)
    drawn: bool = False
    bonus: bool = False
    finished: list[Seat] = []
    # the direction of play: counterclockwise only after a reverse rank's play (VR1)
    direction: Direction = "clockwise"
    # the seat to act jumped in: it plays the top play again (VJ2)
    jumping: bool = False
    # the turn of the seat to act is ending, waiting for an answer (VN1, VJ1)
    waiting: Waiting | None = None
    hands: list[list[Rank]] | None = None
    face_up: list[list[Rank]] | None = None
    face_down: list[list[Rank]] | None = None

    @model_validator(mode="before")
    @classmethod
    def _obligation_chain(cls, data: Any) -> Any:
        """An obligation comes from a 3-play (X3.3): with `chain` left out, it is 1."""
        if isinstance(data, dict) and data.get("obligation") is True and "chain" not in data:
            return {**data, "chain": 1}
        return data

    @model_validator(mode="after")
    def _plays(self) -> State:
        for i, play in enumerate(self.pile):
            if not play:
                raise Misplaced(("pile", i), _("an empty play; give one or more ranks"))
        return self

    @property
    def removed_count(self) -> int:
        """Cards out of the round: `removed` as given, else the chained 3s (X3.2)."""
        return self.removed if self.removed is not None else self.chain


class Swap(_Strict):
    seat: Seat
    hand: Rank
    face_up: Rank


# order-insensitive cards for some seats; a list (one entry per seat) is read as a full map
SeatCards = Annotated[dict[Seat, list[Rank]], BeforeValidator(_seat_map)]


# the fields of a table report's event (`missed`, `lost`, `caught`): the table event's name
# (any word) and the reporter's seat
REPORT_FIELDS: dict[str, FieldType | None] = {"call": None, "by": FieldType("int")}


class EventSpec(_Strict):
    """An expected event: its name, and fields to check (LANGUAGE.md §4), plus `player`, the
    actor's seat. Unknown fields and values a field cannot hold are errors at load."""

    name: str
    fields: dict[str, str | int | bool] = {}

    @model_validator(mode="after")
    def _known(self) -> EventSpec:
        if self.name not in EVENT_NAMES:
            said = _("`{name}` is not an event (known: {known})")
            raise ValueError(said.format(name=self.name, known=", ".join(EVENT_NAMES)))
        known: dict[str, FieldType | None] = (
            dict(EVENTS[self.name].fields) if self.name in EVENTS else dict(REPORT_FIELDS)
        )
        for key, value in self.fields.items():
            where = (self.name, key)
            if key == "player":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    said = _("`player` of `{name}` is a seat number").format(name=self.name)
                    raise Misplaced(where, said)
                continue
            if key not in known:
                listed = ", ".join(f"`{f}`" for f in ("player", *known))
                raise Misplaced(
                    where,
                    _(
                        "`{key}` is not a field of `{name}` (its fields: {listed}; LANGUAGE.md §4)"
                    ).format(key=key, name=self.name, listed=listed),
                    key=True,
                )
            kind = known[key]
            problem = _field_problem(kind, value) if kind is not None else None
            if problem:
                said = _("`{key}` of `{name}` is {problem}")
                raise Misplaced(where, said.format(key=key, name=self.name, problem=problem))
        return self

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.fields.items())
        return f"{self.name}({inner})" if inner else self.name


class Expect(_Strict):
    legal: bool | None = None
    error: str | None = None
    pile: list[Ranks] | None = None
    turn: Seat | None = None
    chain: int | None = None
    obligation: bool | None = None
    low: bool | None = None
    deck: int | None = None
    removed: int | None = None
    drawn: bool | None = None
    bonus: bool | None = None
    finished: list[Seat] | None = None
    direction: Direction | None = None
    winner: Seat | None = None
    hands: SeatCards | None = None
    face_up: SeatCards | None = None
    face_down: SeatCards | None = None
    events: list[Annotated[EventSpec, BeforeValidator(_event)]] | None = None
    # seats listed by each zone given in the list form (one entry per seat, checked against
    # `players` by `Scenario`); the map form `{seat: [...]}` names some seats
    _listed: dict[str, int] = PrivateAttr(default_factory=dict)

    @model_validator(mode="wrap")
    @classmethod
    def _remember_lists(cls, data: Any, handler: ModelWrapValidatorHandler[Expect]) -> Expect:
        listed = {}
        if isinstance(data, dict):
            listed = {k: len(v) for k in ZONES if isinstance(v := data.get(k), list)}
        expect = handler(data)
        expect._listed = listed
        return expect

    def listed(self) -> dict[str, int]:
        """The zones given as a list, with the number of seats each lists."""
        return dict(self._listed)

    @model_validator(mode="after")
    def _error_means_illegal(self) -> Expect:
        if self.error is not None and self.legal is True:
            raise ValueError(_("`error` describes a refused move, so `legal` must not be true"))
        return self

    def wants_legal(self) -> bool:
        """Whether the move must be accepted: `legal` if given, else refused only with `error`."""
        if self.legal is not None:
            return self.legal
        return self.error is None


def _answer(value: Any) -> Any:
    """An answer to an ask (`choose:`): yes/no, a seat, or cards (`[K, 9]` or `"K 9"`)."""
    if isinstance(value, bool | int):
        return value
    if isinstance(value, str | list):
        return tuple(_rank(r) for r in _ranks(value))
    said = _("`{value}` is not an answer (yes/no, a seat number, or a list of ranks)")
    raise ValueError(said.format(value=value))


# an answer to one of the step's asks, in the engine's form (engine/asks.py): a bool, a seat
# or a tuple of ranks
Answer = Annotated[bool | int | tuple[int, ...], BeforeValidator(_answer)]


def said_answer(answer: bool | int | tuple[int, ...]) -> str:
    """An answer in words: yes or no, `seat N`, or the ranks."""
    if isinstance(answer, bool):
        return pgettext("an answer", "yes") if answer else pgettext("an answer", "no")
    if isinstance(answer, int):
        return _("seat {seat}").format(seat=answer)
    return "[" + " ".join(names(answer)) + "]"


class Report(_Strict):
    """A table report between moves (docs/language.md, "Table calls and reports"): the table
    event `call` about seat `seat`, made by seat `by`. With `say: true`, seat `seat` makes
    the call instead (no `by`)."""

    call: str = Field(min_length=1)
    seat: Seat
    by: Seat | None = None
    say: bool = False
    outcome: str | None = None  # a race's `won` (its first); by default its kind's report

    @model_validator(mode="after")
    def _who(self) -> Report:
        if self.say and self.by is not None:
            raise ValueError(_("a call that is said has no reporter: leave out `by`"))
        if not self.say and self.by is None:
            raise ValueError(_("a report names who makes it: `by: SEAT`"))
        return self

    def describe(self) -> str:
        if self.say:
            return _("seat {seat} says {call}").format(seat=self.seat, call=self.call)
        told = f" {self.outcome}" if self.outcome else ""
        said = _("report {call}{outcome} about seat {seat} by seat {by}")
        return said.format(call=self.call, outcome=told, seat=self.seat, by=self.by)


STEP_KINDS = ("play", "pickup", "reveal", "swap", "report", "answer")


class Step(_Strict):
    play: Ranks | None = None
    pickup: bool | None = None
    reveal: int | None = Field(default=None, ge=0)
    swap: Swap | None = None
    # the answers the move's asks get, in the order they are asked (None: every ask takes
    # its default, as with nobody to answer)
    choose: list[Answer] | None = None
    report: Report | None = None  # not a move: the table reports (or a player says) a call
    # not a move: the answer a turn's end waits for (`state.waiting`)
    answer: Answer | None = None
    expect: Expect | None = None

    @model_validator(mode="after")
    def _one_move(self) -> Step:
        given = [k for k in STEP_KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            said = _(
                "a step makes exactly one move (`play`, `pickup`, `reveal` or `swap`), one "
                "`report` or one `answer`"
            )
            if given:
                said = _("{problem} (got {given})").format(problem=said, given=", ".join(given))
            raise ValueError(said)
        if self.pickup is False:
            raise ValueError(_("`pickup: false` makes no move; write `pickup: true`"))
        if self.play is not None and not self.play:
            raise ValueError(_("`play` is empty; give one or more ranks"))
        return self

    def describe(self) -> str:
        if self.play is not None:
            return f"play {' '.join(names(self.play))}"
        if self.pickup:
            return "pickup"
        if self.reveal is not None:
            return f"reveal {self.reveal}"
        if self.report is not None:
            return self.report.describe()
        if self.answer is not None:
            return _("answer {answer}").format(answer=said_answer(self.answer))
        assert self.swap is not None
        return f"swap seat {self.swap.seat}"


class Scenario(_Strict):
    name: str = Field(min_length=1)
    clause: Annotated[list[str], BeforeValidator(_listed)] = Field(default_factory=list)
    players: int = Field(ge=2, le=5)  # when not given: counted from the zones (`_seats`)
    options: Options = Options()
    seed: int = 0
    author: Seat = 0
    rules: str | None = None
    state: State = State()
    steps: list[Step] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _seats(cls, data: Any) -> Any:
        """`players` may be left out when a zone of the state lists every seat."""
        if isinstance(data, dict) and "players" not in data:
            state = data.get("state")
            if isinstance(state, dict):
                for key in ("hands", "face_up", "face_down"):
                    zone = state.get(key)
                    if isinstance(zone, list) and zone:
                        return {**data, "players": len(zone)}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        # `clause` is metadata: kept as written, first letter upper-cased (the project's own
        # corpus is held to real RULES.md ids by its coverage test, with CLAUSE_RE).
        n = self.players
        st = self.state
        for key in ZONES:
            zone = getattr(st, key)
            if zone is not None and len(zone) != n:
                said = ngettext(  # English keeps "seats" for one, as it always wrote it
                    "`{key}` has {count} seats; `players` is {n}",
                    "`{key}` has {count} seats; `players` is {n}",
                    len(zone),
                )
                raise Misplaced(("state", key), said.format(key=key, count=len(zone), n=n))
        for where, seat in self._seat_numbers():
            if not 0 <= seat < n:
                said = _("seat {seat} does not exist; seats are 0..{last}")
                raise Misplaced(where, said.format(seat=seat, last=n - 1))
        if len(set(st.finished)) != len(st.finished):
            raise Misplaced(("state", "finished"), _("`finished` names a seat twice"))
        for number, step in enumerate(self.steps):
            listed = step.expect.listed() if step.expect is not None else {}
            for key, count in listed.items():
                if count != n:
                    raise Misplaced(
                        ("steps", number, "expect", key),
                        ngettext(
                            "`{key}` lists {count} seat; `players` is {n} (a list gives every "
                            "seat; the map form {form} gives some)",
                            "`{key}` lists {count} seats; `players` is {n} (a list gives every "
                            "seat; the map form {form} gives some)",
                            count,
                        ).format(key=key, count=count, n=n, form="`{seat: [...]}`"),
                    )
        return self

    def _seat_numbers(self) -> list[tuple[tuple[str | int, ...], int]]:
        """Every seat number the scenario gives, with its place."""
        st = self.state
        seats: list[tuple[tuple[str | int, ...], int]] = [
            (("state", "turn"), st.turn),
            (("state", "dealer"), st.dealer),
            (("author",), self.author),
        ]
        seats += [(("state", "finished", i), s) for i, s in enumerate(st.finished)]
        for key in ("last_winner", "last_loser"):
            seat = getattr(st, key)
            if seat is not None:
                seats.append((("state", key), seat))
        for number, step in enumerate(self.steps):
            at: tuple[str | int, ...] = ("steps", number)
            if step.swap is not None:
                seats.append(((*at, "swap", "seat"), step.swap.seat))
            if step.report is not None:
                seats.append(((*at, "report", "seat"), step.report.seat))
                if step.report.by is not None:
                    seats.append(((*at, "report", "by"), step.report.by))
            ex = step.expect
            if ex is None:
                continue
            at = (*at, "expect")
            for key in ("turn", "winner"):
                seat = getattr(ex, key)
                if seat is not None:
                    seats.append(((*at, key), seat))
            seats += [((*at, "finished", i), s) for i, s in enumerate(ex.finished or [])]
            for key in ZONES:
                zone: dict[int, list[int]] | None = getattr(ex, key)
                seats += [((*at, key, seat), seat) for seat in sorted(zone or {})]
        return seats

    def clauses(self) -> list[str]:
        return list(self.clause)
