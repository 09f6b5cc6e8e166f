"""Conditions: every `when`, `if` and `where` resolved once, then compiled to one function.

Takes an `ast.Cond` the checker accepted, the hooked event's catalogue entry, the rule's
author and whether the condition sits in an `each ... where` (where bare player fields mean
the visited player). Two steps:

1. `resolve` gives the condition's small typed form (`Form`): `Compare`/`Member` atoms over
   `Const`, `EventField` (by its `GATE_FIELDS` index), `TableField` and `SeatField` operands,
   and `Holds` (a role's player holds a titled role), joined by `All`/`AnyOf`/`Negation`. Bare
   words resolve as the checker resolves them (`check/names.py`): a word is a symbol when the
   other side of the comparison is a symbol-valued field, else the hooked event's field, else
   (inside `where`) the visited player's field, else a table field, else a symbol.
2. `compile_test` turns a form into one function
   `test(g, a, f0, f1, f2, v=None, w=None, lo=None, c=None) -> bool` (`c`: the chosen
   player): a closure per node of the form, over fields.py's typed reads (no source is
   generated, nothing is run from text).
   A hook's `when` is that function as the engine's gate (engine/events.py); `if` and
   `where` call it with the `Ctx` of the firing (`CondCompiler`). The keys a hook can fire
   at (`event_keys`: a `play` hook's ranks, a `turn` hook's hand sizes) are derived from the
   form too, by running its key atoms' own tests over every key.

The comparison semantics, written once (`_compare`, `_against` for a constant side,
`_member`): ranks compare by value
(2 < ... < 10 < J < Q < K < A); `top` of an empty pile is `none` and an ordering comparison
with it is false; any comparison that reads a field of a role matching nobody is false
(`is not` included), and so is an `in` whose left side does (LANGUAGE.md §4).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, NamedTuple

from lopti_rules.engine.events import GATE_FIELDS, KEYS, Gate
from lopti_rules.engine.game import Game
from lopti_rules.language import ast, catalog
from lopti_rules.runtime.context import MISSING, Ctx
from lopti_rules.runtime.fields import PLAYER, SEATS, TABLE, TITLE, PlayerRead, SeatRead, TableRead
from lopti_rules.runtime.targets import title_seat

# ---------------------------------------------------------------------- the typed form


class Const(NamedTuple):
    value: int | str | None  # an int (a rank by value), a bool, a symbol string, or None


class EventField(NamedTuple):
    slot: int  # the field's place in the event's GATE_FIELDS: the gate's f0, f1 or f2


class TableField(NamedTuple):
    name: str  # a key of fields.TABLE


class SeatField(NamedTuple):
    field: str  # a key of fields.PLAYER
    seat: str  # a key of fields.SEATS (a role, or `visited`)


Operand = Const | EventField | TableField | SeatField


class Compare(NamedTuple):
    op: str  # `is`, `is not`, `==`, `!=`, `<`, `<=`, `>`, `>=`
    left: Operand
    right: Operand


class Member(NamedTuple):
    left: Operand
    options: tuple[Operand, ...]


class All(NamedTuple):
    left: Form
    right: Form


class AnyOf(NamedTuple):
    left: Form
    right: Form


class Negation(NamedTuple):
    operand: Form


class Holds(NamedTuple):
    seat: str  # a key of fields.SEATS: the role whose player is tested
    title: str  # the titled role (`the "mate"`)
    negated: bool  # `is not`


Form = Compare | Member | All | AnyOf | Negation | Holds


def resolve(cond: ast.Cond, event: catalog.Event | None, each: bool = False) -> Form:
    """The typed form of `cond` on `event` (`each`: inside an `each ... where`)."""
    match cond:
        case ast.And(left=left, right=right):
            return All(resolve(left, event, each), resolve(right, event, each))
        case ast.Or(left=left, right=right):
            return AnyOf(resolve(left, event, each), resolve(right, event, each))
        case ast.Not(operand=operand):
            return Negation(resolve(operand, event, each))
        case ast.Titled(who=who, title=title, negated=negated):
            return Holds(_seat(who), title.title.value, negated)
        case ast.Compare(op=op, left=left, right=right):
            symbols = _symbols(left, event, each) or _symbols(right, event, each)
            return Compare(
                op, _operand(left, event, each, symbols), _operand(right, event, each, symbols)
            )
        case ast.In(left=left, options=options):
            symbols = _symbols(left, event, each)
            for option in options:
                symbols = symbols or _symbols(option, event, each)
            return Member(
                _operand(left, event, each, symbols),
                tuple(_operand(o, event, each, symbols) for o in options),
            )
    raise ValueError(f"cannot resolve condition {cond!r}")  # pragma: no cover


def _field_type(name: str, event: catalog.Event | None, each: bool) -> catalog.FieldType | None:
    if event is not None and name in event.fields:
        return event.fields[name]
    if each and name in catalog.PLAYER_FIELDS:
        return catalog.PLAYER_FIELDS[name]
    return catalog.TABLE_FIELDS.get(name)


def _symbols(op: ast.Operand, event: catalog.Event | None, each: bool) -> tuple[str, ...]:
    """The symbols the other side may name, when `op` is a symbol-valued field."""
    if not isinstance(op, ast.Ident):
        return ()
    ftype = _field_type(op.name, event, each)
    return ftype.symbols if ftype is not None else ()


def _operand(
    op: ast.Operand, event: catalog.Event | None, each: bool, symbols: tuple[str, ...]
) -> Operand:
    match op:
        case ast.Int(value=value) | ast.Bool(value=value):
            return Const(value)
        case ast.Rank(text=text):
            rank = catalog.RANK_VALUES.get(text, catalog.RANK_VALUES.get(text.lower()))
            if rank is None:
                raise ValueError(f"`{text}` is not a rank")
            return Const(rank)
        case ast.PlayerField(field=field, target=target):
            if field.name not in PLAYER:
                raise ValueError(f"`{field.name}` is not a player field")
            return SeatField(field.name, _seat(target))
        case ast.Ident(name=name):
            return _ident(name, event, each, symbols)
    raise ValueError(f"cannot resolve operand {op!r}")  # pragma: no cover


def _seat(target: ast.Target) -> str:
    if isinstance(target, ast.Role):
        return target.name
    if isinstance(target, ast.Their):
        return f"their {target.which} player"
    if isinstance(target, ast.TitleTarget):
        return TITLE + target.title.value
    raise ValueError(f"`{type(target).__name__}` is not a role a condition can read")


def _ident(name: str, event: catalog.Event | None, each: bool, symbols: tuple[str, ...]) -> Operand:
    if name in symbols or (symbols and name in catalog.SYMBOL_FIELDS):
        return Const(None if name == "none" else name)
    if event is not None and name in event.fields:
        return EventField(GATE_FIELDS[event.name].index(name))
    if each and name in PLAYER:
        return SeatField(name, "visited")
    if name in TABLE:
        return TableField(name)
    if name in catalog.SYMBOL_FIELDS:
        return Const(None if name == "none" else name)
    raise ValueError(f"`{name}` is not a field or symbol here")


# ---------------------------------------------------------------------- compiling a form

# test(g, a, f0, f1, f2, v=None, w=None, lo=None, c=None): see the module doc
Test = Callable[..., bool]
# an operand's value at one firing, with the test's arguments; MISSING: a field of nobody
# (the game is None only where `_keys` tests an atom of the key and constants, at no table)
Reader = Callable[
    [
        Game | None,
        int | None,
        object,
        object,
        object,
        int | None,
        int | None,
        int | None,
        int | None,
    ],
    object,
]
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "is": operator.eq, "==": operator.eq, "is not": operator.ne, "!=": operator.ne,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip
_ORDERED = frozenset({"<", "<=", ">", ">="})


_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}  # `c < x` is `x > c`


def _never(
    g: Game | None, a: int | None, f0: object, f1: object, f2: object,
    v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
) -> bool:  # fmt: skip
    return False


def _compare(op: str, left: Operand, right: Operand, author: int) -> Test:
    """THE comparison: false when a side is a field of nobody, or when an ordering
    compares `none`; else Python's comparison of the two values. A comparison with a
    constant (the usual kind: `rank is 10`, `pile > 8`) is `_against` it."""
    if isinstance(right, Const):
        return _against(op, left, right.value, author)
    if isinstance(left, Const):
        return _against(_MIRROR.get(op, op), right, left.value, author)
    holds, ordered = _OPS[op], op in _ORDERED
    x, y = _reader(left, author), _reader(right, author)

    def compare(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        p, q = x(g, a, f0, f1, f2, v, w, lo, c), y(g, a, f0, f1, f2, v, w, lo, c)
        if p is MISSING or q is MISSING:
            return False
        return (not ordered or (p is not None and q is not None)) and holds(p, q)

    return compare


def _against(op: str, left: Operand, k: object, author: int) -> Test:
    """`left op k` for a constant `k`, the same comparison as `_compare`'s, reading `left`
    with as few calls as its kind allows: an event's field is an argument (never `none`,
    never of nobody), a table field one read of the game (never of nobody), the actor's
    field one read of their seat."""
    holds, ordered = _OPS[op], op in _ORDERED
    if ordered and k is None:
        return _never  # an ordering with `none` is false
    if isinstance(left, EventField):
        if left.slot == 0:
            return lambda g, a, f0, f1, f2, v=None, w=None, lo=None, c=None: holds(f0, k)
        if left.slot == 1:
            return lambda g, a, f0, f1, f2, v=None, w=None, lo=None, c=None: holds(f1, k)
        return lambda g, a, f0, f1, f2, v=None, w=None, lo=None, c=None: holds(f2, k)
    if isinstance(left, TableField):
        read = TABLE[left.name]

        def table(
            g: Game | None, a: int | None, f0: object, f1: object, f2: object,
            v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
        ) -> bool:  # fmt: skip
            assert g is not None
            p = read(g)
            return (not ordered or p is not None) and holds(p, k)

        return table
    if isinstance(left, SeatField) and left.seat == "player":
        field = PLAYER[left.field]

        def actor(
            g: Game | None, a: int | None, f0: object, f1: object, f2: object,
            v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
        ) -> bool:  # fmt: skip
            if a is None:
                return False  # a field of nobody
            assert g is not None
            return holds(field(g, a), k)

        return actor
    x = _reader(left, author)

    def other(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        p = x(g, a, f0, f1, f2, v, w, lo, c)
        return p is not MISSING and (not ordered or p is not None) and holds(p, k)

    return other


def _member(left: Operand, options: tuple[Operand, ...], author: int) -> Test:
    """`in`: false when the left side is a field of nobody; an option reading a field of
    nobody is equal to nothing. Constant options are one tuple."""
    if all(isinstance(o, Const) for o in options):
        values = tuple(o.value for o in options if isinstance(o, Const))
        if isinstance(left, EventField) and left.slot == 0:  # `rank in [2, 3]`
            return lambda g, a, f0, f1, f2, v=None, w=None, lo=None, c=None: f0 in values
        x = _reader(left, author)

        def among(
            g: Game | None, a: int | None, f0: object, f1: object, f2: object,
            v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
        ) -> bool:  # fmt: skip
            p = x(g, a, f0, f1, f2, v, w, lo, c)
            return p is not MISSING and p in values

        return among
    x = _reader(left, author)
    readers = tuple(_reader(o, author) for o in options)

    def member(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        p = x(g, a, f0, f1, f2, v, w, lo, c)
        if p is MISSING:
            return False
        return any(p == o(g, a, f0, f1, f2, v, w, lo, c) for o in readers)

    return member


def _holds(seat: SeatRead, title: str, negated: bool, author: int) -> Test:
    """`ROLE is the "TITLE"`: the role's player holds the title; false when the role or the
    title matches nobody, and `is not` is its negation."""

    def holds(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        assert g is not None
        s = seat(g, a, v, w, lo, c, author)
        return (s is not None and s == title_seat(g, title)) != negated

    return holds


def _all(left: Test, right: Test) -> Test:
    def both(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        return left(g, a, f0, f1, f2, v, w, lo, c) and right(g, a, f0, f1, f2, v, w, lo, c)

    return both


def _any(left: Test, right: Test) -> Test:
    def either(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        return left(g, a, f0, f1, f2, v, w, lo, c) or right(g, a, f0, f1, f2, v, w, lo, c)

    return either


def _not(operand: Test) -> Test:
    def negation(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None = None, w: int | None = None, lo: int | None = None, c: int | None = None,
    ) -> bool:  # fmt: skip
        return not operand(g, a, f0, f1, f2, v, w, lo, c)

    return negation


def _const(value: object) -> Reader:
    return lambda g, a, f0, f1, f2, v, w, lo, c: value


def _slot(slot: int) -> Reader:
    if slot == 0:
        return lambda g, a, f0, f1, f2, v, w, lo, c: f0
    if slot == 1:
        return lambda g, a, f0, f1, f2, v, w, lo, c: f1
    return lambda g, a, f0, f1, f2, v, w, lo, c: f2


def _table(read: TableRead) -> Reader:
    def field(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None, w: int | None, lo: int | None, c: int | None,
    ) -> object:  # fmt: skip
        assert g is not None
        return read(g)

    return field


def _seat_field(seat: SeatRead, read: PlayerRead, author: int) -> Reader:
    def field(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None, w: int | None, lo: int | None, c: int | None,
    ) -> object:  # fmt: skip
        assert g is not None
        s = seat(g, a, v, w, lo, c, author)
        return MISSING if s is None else read(g, s)

    return field


def _title_field(title: str, read: PlayerRead) -> Reader:
    def field(
        g: Game | None, a: int | None, f0: object, f1: object, f2: object,
        v: int | None, w: int | None, lo: int | None, c: int | None,
    ) -> object:  # fmt: skip
        assert g is not None
        s = title_seat(g, title)
        return MISSING if s is None else read(g, s)

    return field


def _reader(op: Operand, author: int) -> Reader:
    match op:
        case Const(value=value):
            return _const(value)
        case EventField(slot=slot):
            return _slot(slot)
        case TableField(name=name):
            return _table(TABLE[name])
        case SeatField(field=field, seat=seat):
            if seat.startswith(TITLE):  # a titled role's holder
                return _title_field(seat.removeprefix(TITLE), PLAYER[field])
            return _seat_field(SEATS[seat], PLAYER[field], author)
    raise ValueError(f"cannot compile {op!r}")  # pragma: no cover


def compile_test(form: Form, author: int = 0) -> Test:
    """`form` as one function (see the module doc): closures over the typed reads of
    fields.py, one per node of the form."""
    match form:
        case All(left=left, right=right):
            return _all(compile_test(left, author), compile_test(right, author))
        case AnyOf(left=left, right=right):
            return _any(compile_test(left, author), compile_test(right, author))
        case Negation(operand=operand):
            return _not(compile_test(operand, author))
        case Compare(op=op, left=left, right=right):
            return _compare(op, left, right, author)
        case Member(left=left, options=options):
            return _member(left, options, author)
        case Holds(seat=seat, title=title, negated=negated):
            return _holds(SEATS[seat], title, negated, author)
    raise ValueError(f"cannot compile {form!r}")  # pragma: no cover


def compile_gate(cond: ast.Cond, event: catalog.Event, author: int = 0) -> Gate[Game]:
    """A hook's `when` as the engine's gate: `gate(game, actor, f0, f1, f2)`."""
    return compile_test(resolve(cond, event), author)


# the key of each keyed event (engine/events.py KEYS): the operand a `when` compares with it
KEY_OPERANDS: dict[str, Operand] = {
    "play": EventField(0),  # the played rank (play's f0)
    "turn": SeatField("hand", "player"),  # the actor's hand size
}


def event_keys(event: str, form: Form | None) -> frozenset[int] | None:
    """The keys of a keyed `event` (`KEYS`: play's ranks, turn's hand sizes) at which a hook
    whose `when` is `form` can fire; None: any (or an event without keys). Derived from the
    form: each atom that compares the key with constants only is tested, by its own compiled
    test, at every key; `and`/`or`/`not` combine the sets."""
    if form is None or event not in KEY_OPERANDS:
        return None
    ranks, _exact = _keys(form, KEY_OPERANDS[event], KEYS[event])
    return ranks


def _keys(form: Form, key: Operand, every: range) -> tuple[frozenset[int] | None, bool]:
    """(the keys `form` implies, None: no bound; whether those keys imply `form`)."""
    match form:
        case All(left=left, right=right):
            (a, ea), (b, eb) = _keys(left, key, every), _keys(right, key, every)
            keys = a if b is None else b if a is None else a & b
            return keys, ea and eb and a is not None and b is not None
        case AnyOf(left=left, right=right):
            (a, ea), (b, eb) = _keys(left, key, every), _keys(right, key, every)
            return (None if a is None or b is None else a | b), ea and eb
        case Negation(operand=operand):
            inner, exact = _keys(operand, key, every)
            if exact and inner is not None:
                return frozenset(every) - inner, True
            return None, False
        case Holds():
            return None, False  # who holds a title: no bound on the key
    atom = _on_key(form, key)
    if atom is None:
        return None, False
    test = compile_test(atom)  # the key as f0: the atom's own comparison, at every key
    return frozenset(k for k in every if test(None, None, k, None, None)), True


def _on_key(form: Compare | Member, key: Operand) -> Compare | Member | None:
    """`form` with the key read as f0, if it compares the key with constants only."""
    operands = (form.left, form.right) if isinstance(form, Compare) else (form.left, *form.options)
    if key not in operands or not all(o == key or isinstance(o, Const) for o in operands):
        return None
    swap = [EventField(0) if o == key else o for o in operands]
    if isinstance(form, Compare):
        return Compare(form.op, swap[0], swap[1])
    return Member(swap[0], tuple(swap[1:]))


# ---------------------------------------------------------------------- inside actions


class CondCompiler:
    """Compiles the `if` and `where` conditions of one hook (its event fixes which fields
    exist) to tests of the firing's `Ctx`."""

    __slots__ = ("author", "event")

    def __init__(self, event: catalog.Event | None, author: int = 0) -> None:
        self.event = event
        self.author = author

    def compile(self, cond: ast.Cond, each: bool = False) -> Callable[[Ctx], bool]:
        test = compile_test(resolve(cond, self.event, each), self.author)

        def holds(ctx: Ctx) -> bool:
            return test(
                ctx.game,
                ctx.actor,
                ctx.f0,
                ctx.f1,
                ctx.f2,
                ctx.visited,
                ctx.winner,
                ctx.loser,
                ctx.chosen,
            )

        return holds


__all__ = ["CondCompiler", "Form", "compile_gate", "compile_test", "event_keys", "resolve"]
