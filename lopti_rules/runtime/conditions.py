"""Conditions: every `when`, `if` and `where` resolved once, then compiled to one function.

Takes an `ast.Cond` the checker accepted, the hooked event's catalogue entry, the rule's
author and whether the condition sits in an `each ... where` (where bare player fields mean
the visited player). Two steps:

1. `resolve` gives the condition's small typed form (`Form`): `Compare`/`Member` atoms over
   `Const`, `EventField` (by its `GATE_FIELDS` index), `TableField` and `SeatField` operands,
   joined by `All`/`AnyOf`/`Negation`. Bare words resolve as the checker resolves them
   (`check/names.py`): a word is a symbol when the other side of the comparison is a
   symbol-valued field, else the hooked event's field, else (inside `where`) the visited
   player's field, else a table field, else a symbol.
2. `compile_test` turns a form into one Python function
   `test(g, a, f0, f1, f2, v=None, w=None, l=None, c=None) -> bool` (`c`: the chosen player)
   built from fields.py's reads (the values it compares are never written into its source:
   they are names bound in its namespace). A hook's `when` is that function as the engine's
   gate (engine/events.py); `if` and `where` call it with the `Ctx` of the firing
   (`CondCompiler`). The keys a hook can fire at (`event_keys`: a `play` hook's ranks, a
   `turn` hook's hand sizes) are derived from the form too, by running its key atoms' own
   tests over every key.

The comparison semantics, written once (`_compare`): ranks compare by value (2 < ... < 10 <
J < Q < K < A); `top` of an empty pile is `none` and an ordering comparison with it is false;
any comparison that reads a field of a role matching nobody is false (`is not` included), and
so is an `in` whose left side does (LANGUAGE.md §4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lopti_rules.engine.events import GATE_FIELDS, KEYS, Gate
from lopti_rules.language import ast, catalog
from lopti_rules.runtime.context import MISSING, Ctx
from lopti_rules.runtime.fields import FUNCTIONS, PLAYER, SEATS, TABLE, TITLE

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


Form = Compare | Member | All | AnyOf | Negation


def resolve(cond: ast.Cond, event: catalog.Event | None, each: bool = False) -> Form:
    """The typed form of `cond` on `event` (`each`: inside an `each ... where`)."""
    match cond:
        case ast.And(left=left, right=right):
            return All(resolve(left, event, each), resolve(right, event, each))
        case ast.Or(left=left, right=right):
            return AnyOf(resolve(left, event, each), resolve(right, event, each))
        case ast.Not(operand=operand):
            return Negation(resolve(operand, event, each))
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

# test(g, a, f0, f1, f2, v=None, w=None, l=None, c=None): see the module doc
Test = Callable[..., bool]
_PYOPS = {"is": "==", "==": "==", "is not": "!=", "!=": "!="}
_PYOPS.update({op: op for op in ("<", "<=", ">", ">=")})
_ORDERED = frozenset({"<", "<=", ">", ">="})
_NOBODY = MISSING  # the value of a field of a role that matches nobody: equal to nothing


class _Code(NamedTuple):
    expr: str  # the value; for a seat's field, None when the role matches nobody
    none: bool  # may be None (`top` of an empty pile, the symbol `none`)
    seat: str | None = None  # a seat's field: the seat expression ...
    read: str | None = None  # ... and the field's read, with `{s}` for the seat

    def read_at(self, seat: str) -> str:
        return (self.read or "").format(s=seat)


class _Compiler:
    """Writes one form as one Python expression (see the module doc)."""

    __slots__ = ("env", "names")

    def __init__(self, author: int) -> None:
        self.names = 0
        self.env: dict[str, object] = {**FUNCTIONS, "_AUTHOR": author, "_NOBODY": _NOBODY}

    def form(self, form: Form) -> str:
        match form:
            case All(left=left, right=right):
                return f"({self.form(left)} and {self.form(right)})"
            case AnyOf(left=left, right=right):
                return f"({self.form(left)} or {self.form(right)})"
            case Negation(operand=operand):
                return f"(not {self.form(operand)})"
            case Compare(op=op, left=left, right=right):
                return self._compare(op, self.operand(left), self.operand(right))
            case Member(left=left, options=options):
                return self._member(self.operand(left), [self.operand(o) for o in options])
        raise ValueError(f"cannot compile {form!r}")  # pragma: no cover

    def _compare(self, op: str, left: _Code, right: _Code) -> str:
        """THE comparison: false when a side is a field of nobody, or when an ordering
        compares `none`; else Python's comparison of the two values."""
        pyop = _PYOPS[op]
        guards: list[str] = []
        a, b = self._value(left, guards), self._value(right, guards)
        if op in _ORDERED:
            guards += [f"{x} is not None" for x, code in ((a, left), (b, right)) if code.none]
        return "(" + " and ".join([*guards, f"{a} {pyop} {b}"]) + ")"

    def _member(self, left: _Code, options: list[_Code]) -> str:
        guards: list[str] = []
        a = self._value(left, guards)
        items = []
        for option in options:
            if option.seat is None:
                items.append(option.expr)
            else:  # an option reading a field of nobody is equal to nothing
                t = self._temp()
                seat = f"({t} := {option.seat})"
                items.append(f"(_NOBODY if {seat} is None else {option.read_at(t)})")
        return "(" + " and ".join([*guards, f"{a} in ({', '.join(items)},)"]) + ")"

    def _value(self, code: _Code, guards: list[str]) -> str:
        """`code`'s value; a seat's field adds the guard that its role matches somebody."""
        if code.seat is None or code.read is None:
            return code.expr
        if code.seat == "a":
            guards.append("a is not None")
            return code.read.format(s="a")
        t = self._temp()
        guards.append(f"({t} := {code.seat}) is not None")
        return code.read.format(s=t)

    def operand(self, op: Operand) -> _Code:
        match op:
            case Const(value=value):
                return _Code(self._bind(value), value is None)
            case EventField(slot=slot):
                return _Code(f"f{slot}", False)
            case TableField(name=name):
                read = TABLE[name]
                return _Code(read.expr, read.none)
            case SeatField(field=field, seat=seat):
                if seat.startswith(TITLE):  # a titled role's holder
                    where = f"_title(g, {self._bind(seat.removeprefix(TITLE))})"
                    return _Code("", False, where, PLAYER[field])
                return _Code("", False, SEATS[seat], PLAYER[field])
        raise ValueError(f"cannot compile {op!r}")  # pragma: no cover

    def _bind(self, value: object) -> str:
        name = f"_c{self.names}"
        self.names += 1
        self.env[name] = value
        return name

    def _temp(self) -> str:
        self.names += 1
        return f"t{self.names}"


def compile_test(form: Form, author: int = 0, where: str = "<condition>") -> Test:
    """`form` as one function (see the module doc); `where` names it in tracebacks."""
    compiler = _Compiler(author)
    expr = compiler.form(form)
    source = f"def test(g, a, f0, f1, f2, v=None, w=None, l=None, c=None):\n    return {expr}\n"
    namespace = dict(compiler.env)
    exec(compile(source, where, "exec"), namespace)  # values are bound names, never source
    test: Test = namespace["test"]  # type: ignore[assignment]
    return test


def compile_gate(
    cond: ast.Cond, event: catalog.Event, author: int = 0, where: str = "<when>"
) -> Gate:
    """A hook's `when` as the engine's gate: `gate(game, actor, f0, f1, f2)`."""
    return compile_test(resolve(cond, event), author, where)


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
