"""Gates: a hook's `when` condition compiled to one predicate on the event's raw values.

Takes an `ast.Cond` the checker accepted (a hook's `when`), the hooked event's catalogue entry
and the rule author's seat; produces `gate(game, actor, f0, f1, f2) -> bool`, where `f0..f2`
are the event's fields in `GATE_FIELDS` order (engine/events.py). The engine tests a hook's
gate at the hook's moment, before any `Event` exists, and builds the event only when a gate
passes (`EventBus.dispatch`), so a hook whose condition fails costs one call.

The gate IS the hook's condition: it gives exactly what the `Ctx` closure of conditions.py
gives for the same event at the same moment (the runtime tests one or the other, never both;
`tests/runtime/test_gates.py` compares them). Each condition becomes one Python function,
generated from a fixed set of expression templates: comparisons read the game's attributes
directly (`hand of player > 12` is `a is not None and g.hand_sizes[a] > 12`), event fields
are the arguments, literals are names bound in the function's namespace (no value is ever
written into the source). The semantics are conditions.py's: a field of a role matching
nobody makes its comparison false (`is not` included) and an `in` false; an ordering
comparison with `none` (an empty pile's `top`) is false.

Anything the templates do not cover (none today) makes `compile_gate` return None, and the
runtime then tests the `Ctx` closure in the hook's handler instead, as before gates existed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, NamedTuple

from lopti_rules.engine.events import GATE_FIELDS, RANKS, Gate
from lopti_rules.language import ast, catalog
from lopti_rules.runtime.conditions import CondCompiler
from lopti_rules.runtime.context import MISSING, PLAYER_FIELDS, TABLE_FIELDS, next_of
from lopti_rules.runtime.targets import (
    author_seat,
    dealer_seat,
    extreme_seat,
    last_winner_seat,
)

# the comparison operators: the Python operator and the function conditions.py uses
_OPS: dict[str, tuple[str, Callable[[Any, Any], bool]]] = {
    "is": ("==", operator.eq),
    "==": ("==", operator.eq),
    "is not": ("!=", operator.ne),
    "!=": ("!=", operator.ne),
    "<": ("<", operator.lt),
    "<=": ("<=", operator.le),
    ">": (">", operator.gt),
    ">=": (">=", operator.ge),
}
_ORDERED = frozenset({"<", "<=", ">", ">="})

# table fields read inline (the same reads as context.TABLE_FIELDS), and whether they may be None
_TABLE: dict[str, tuple[str, bool]] = {
    "pile": ("sum(g.pile_counts)", False),
    "top": ("(g.pile_ranks[-1] if g.pile_ranks else None)", True),
    "deck": ("len(g.deck)", False),
    "removed": ("(len(g.removed) + g.removed_unknown)", False),
    "round": ("g.round", False),
    "players": ("(g.players - sum(g.out))", False),
    "chain": ("g.chain", False),
    "low": ("g.low", False),
    "obligation": ("g.obligation", False),
}

# player fields read inline for a seat `{s}` (the same reads as context.PLAYER_FIELDS)
_PLAYER: dict[str, str] = {
    "hand": "g.hand_sizes[{s}]",
    "face_up": "len(g.face_up[{s}])",
    "face_down": "len(g.face_down[{s}])",
    "cards": "(g.hand_sizes[{s}] + len(g.face_up[{s}]) + len(g.face_down[{s}]))",
}

# a role's seat in a `when` (None: matches nobody); `winner`, `loser` and `their ...` only
# have a seat inside a roshambo block or an each, never in a `when`
_ROLES: dict[str, str] = {
    "player": "a",
    "next player": "_next_of(g, a, 1)",
    "previous player": "_next_of(g, a, -1)",
    "dealer": "_dealer(g)",
    "author": "_author(g, _AUTHOR)",
    "last winner": "_last_winner(g)",
    "most cards": "_extreme(g, a, True)",
    "fewest cards": "_extreme(g, a, False)",
    "winner": "None",
    "loser": "None",
}


class _Unsupported(Exception):
    """A condition the templates do not cover: the runtime falls back to the Ctx closure."""


class _Operand(NamedTuple):
    expr: str  # the value, or MISSING (`_MISSING`) for a field of a role matching nobody
    missing: bool  # may be MISSING
    none: bool  # may be None (`top` of an empty pile, the symbol `none`)
    seat: str | None = None  # a role's field: the seat expression (None: matches nobody) ...
    read: str | None = None  # ... and the read of the field, with `{s}` for the seat


def _compare(fn: Callable[[Any, Any], bool], ordered: bool) -> Callable[[object, object], bool]:
    """conditions.py's comparison of two values (MISSING: false; ordered with None: false)."""

    def test(a: object, b: object) -> bool:
        if a is MISSING or b is MISSING:
            return False
        if ordered and (a is None or b is None):
            return False
        return fn(a, b)

    return test


def _member(a: object, options: tuple[object, ...]) -> bool:
    """conditions.py's `in`: false for MISSING, else equal to one of the options."""
    return a is not MISSING and any(a == o for o in options)


class GateCompiler:
    """Compiles one hook's `when` into a gate (see the module doc)."""

    __slots__ = ("consts", "env", "event", "fields", "names", "resolver")

    def __init__(self, event: catalog.Event, author: int) -> None:
        self.event = event
        self.fields = GATE_FIELDS.get(event.name, ())
        self.resolver = CondCompiler(event)  # resolves bare words as conditions.py does
        self.names = 0
        self.consts: set[str] = set()  # the names bound to literals
        self.env: dict[str, object] = {
            "_MISSING": MISSING,
            "_AUTHOR": author,
            "_next_of": next_of,
            "_dealer": dealer_seat,
            "_author": author_seat,
            "_last_winner": last_winner_seat,
            "_extreme": extreme_seat,
            "_member": _member,
        }

    def compile(self, cond: ast.Cond, where: str = "<gate>") -> Gate | None:
        try:
            expr = self.cond(cond)
        except _Unsupported:
            return None
        source = f"def gate(g, a, f0, f1, f2):\n    return {expr}\n"
        namespace = dict(self.env)
        exec(compile(source, where, "exec"), namespace)
        gate: Gate = namespace["gate"]  # type: ignore[assignment]
        return gate

    # ------------------------------------------------------------------ conditions

    def cond(self, cond: ast.Cond) -> str:
        match cond:
            case ast.And(left=left, right=right):
                return f"({self.cond(left)} and {self.cond(right)})"
            case ast.Or(left=left, right=right):
                return f"({self.cond(left)} or {self.cond(right)})"
            case ast.Not(operand=operand):
                return f"(not {self.cond(operand)})"
            case ast.Compare():
                return self._compare(cond)
            case ast.In():
                return self._in(cond)
        raise _Unsupported(cond)

    def _compare(self, cmp: ast.Compare) -> str:
        left, rights = self._pair(cmp.left, (cmp.right,))
        right = rights[0]
        pyop, fn = _OPS[cmp.op]
        ordered = cmp.op in _ORDERED
        simple_right = not right.missing and not (ordered and right.none)
        if not left.missing and not (ordered and left.none) and simple_right:
            return f"({left.expr} {pyop} {right.expr})"
        if left.seat is not None and left.read is not None and simple_right:
            # a role's field: false when the role matches nobody, else a plain comparison
            if left.seat == "None":
                return "False"
            if left.seat == "a":
                return f"(a is not None and {left.read.format(s='a')} {pyop} {right.expr})"
            t = self._temp()
            read = left.read.format(s=t)
            return f"(({t} := {left.seat}) is not None and {read} {pyop} {right.expr})"
        if left.none and not left.missing and ordered and simple_right:
            t = self._temp()  # `top > 9`: false on an empty pile
            return f"(({t} := {left.expr}) is not None and {t} {pyop} {right.expr})"
        test = self._bind(_compare(fn, ordered))
        return f"{test}({left.expr}, {right.expr})"

    def _in(self, cmp: ast.In) -> str:
        left, options = self._pair(cmp.left, cmp.options)
        items = ", ".join(o.expr for o in options)
        if not left.missing and all(o.expr in self.consts for o in options):
            # constants only: tuple membership (identity or ==) is == for these values
            return f"({left.expr} in ({items},))"
        return f"_member({left.expr}, ({items},))"

    def _pair(
        self, left: ast.Operand, rights: tuple[ast.Operand, ...]
    ) -> tuple[_Operand, list[_Operand]]:
        """Both sides; a bare word next to a symbol field is read as a symbol (conditions.py)."""
        symbols = self.resolver._symbols(left, False)
        if not symbols:
            for right in rights:
                symbols = self.resolver._symbols(right, False)
                if symbols:
                    break
        return self.operand(left, symbols), [self.operand(r, symbols) for r in rights]

    # ------------------------------------------------------------------ operands

    def operand(self, op: ast.Operand, symbols: tuple[str, ...]) -> _Operand:
        match op:
            case ast.Int(value=value):
                return self._const(value)
            case ast.Rank(text=text):
                rank = catalog.RANK_VALUES.get(text, catalog.RANK_VALUES.get(text.lower()))
                if rank is None:
                    raise _Unsupported(op)
                return self._const(rank)
            case ast.Bool(value=flag):
                return self._const(flag)
            case ast.PlayerField(field=field, target=target):
                return self._player_field(field.name, target)
            case ast.Ident(name=name):
                return self._ident(name, symbols)
        raise _Unsupported(op)

    def _ident(self, name: str, symbols: tuple[str, ...]) -> _Operand:
        if name in symbols or (symbols and name in catalog.SYMBOL_FIELDS):
            return self._const(None if name == "none" else name)
        if name in self.event.fields:
            if name not in self.fields:
                raise _Unsupported(name)
            return _Operand(f"f{self.fields.index(name)}", False, False)
        if name in TABLE_FIELDS:
            if name in _TABLE:
                expr, none = _TABLE[name]
                return _Operand(expr, False, none)
            return _Operand(f"{self._bind(TABLE_FIELDS[name])}(g)", False, True)
        if name in catalog.SYMBOL_FIELDS:
            return self._const(None if name == "none" else name)
        raise _Unsupported(name)

    def _player_field(self, name: str, target: ast.Target) -> _Operand:
        if name not in PLAYER_FIELDS:
            raise _Unsupported(name)
        read = _PLAYER.get(name)
        if read is None:
            read = f"{self._bind(PLAYER_FIELDS[name])}(g, {{s}})"
        if isinstance(target, ast.Role) and target.name in _ROLES:
            seat = _ROLES[target.name]
        elif isinstance(target, ast.Their):
            seat = "None"  # their next/previous player: only inside an each, never in a `when`
        else:
            raise _Unsupported(target)
        if seat == "None":
            return _Operand("_MISSING", True, False, seat, read)
        t = self._temp()
        expr = f"(_MISSING if ({t} := {seat}) is None else {read.format(s=t)})"
        return _Operand(expr, True, False, seat, read)

    # ------------------------------------------------------------------ names

    def _const(self, value: object) -> _Operand:
        name = self._bind(value, "_c")
        self.consts.add(name)
        return _Operand(name, False, value is None)

    def _bind(self, value: object, prefix: str = "_f") -> str:
        name = f"{prefix}{self.names}"
        self.names += 1
        self.env[name] = value
        return name

    def _temp(self) -> str:
        self.names += 1
        return f"t{self.names}"


def compile_gate(
    cond: ast.Cond, event: catalog.Event, author: int, where: str = "<gate>"
) -> Gate | None:
    """The gate of a hook on `event` whose `when` is `cond` (None: use the Ctx closure)."""
    return GateCompiler(event, author).compile(cond, where)


# ---------------------------------------------------------------------- prefilters

_ALL_RANKS = frozenset(RANKS)
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}  # `c < x` is `x > c`
_HAND = _PLAYER["hand"]


class Prefilter(NamedTuple):
    """What a gate implies that the engine tests inline (`EventBus.subscribe`): the played
    ranks a `play` hook can fire on (None: any) and the actor's least hand size."""

    ranks: frozenset[int] | None = None
    hand: int = 0


class _Implied(NamedTuple):
    ranks: frozenset[int] | None  # the condition implies `rank in ranks` (None: nothing)
    exact: bool  # ... and `rank in ranks` implies the condition (a test of the rank only)
    hand: int  # the condition implies `hand of player >= hand`


_NOTHING = _Implied(None, False, 0)


class _Prefilters:
    """Derives a condition's prefilter from its atoms, read as the gate reads them."""

    def __init__(self, event: catalog.Event, author: int) -> None:
        self.gates = GateCompiler(event, author)
        fields = self.gates.fields
        self.rank = f"f{fields.index('rank')}" if event.name == "play" else None

    def implied(self, cond: ast.Cond) -> _Implied:
        match cond:
            case ast.And(left=left, right=right):
                a, b = self.implied(left), self.implied(right)
                if a.ranks is None or b.ranks is None:
                    ranks = a.ranks if b.ranks is None else b.ranks
                else:
                    ranks = a.ranks & b.ranks
                exact = a.exact and b.exact
                return _Implied(ranks, exact, max(a.hand, b.hand))
            case ast.Or(left=left, right=right):
                a, b = self.implied(left), self.implied(right)
                ranks = None if a.ranks is None or b.ranks is None else a.ranks | b.ranks
                return _Implied(ranks, a.exact and b.exact, min(a.hand, b.hand))
            case ast.Not(operand=operand):
                a = self.implied(operand)
                if a.exact and a.ranks is not None:
                    return _Implied(_ALL_RANKS - a.ranks, True, 0)
                return _NOTHING
            case ast.Compare() | ast.In():
                try:
                    return self._atom(cond)
                except _Unsupported:
                    return _NOTHING
        return _NOTHING

    def _atom(self, cond: ast.Compare | ast.In) -> _Implied:
        gates = self.gates
        if isinstance(cond, ast.Compare):
            left, (right,) = gates._pair(cond.left, (cond.right,))
            op: str = cond.op
            if (right.seat == "a" and right.read == _HAND) or right.expr == self.rank:
                left, right = right, left  # the field on the left: `7 is rank` is `rank is 7`
                op = _FLIP.get(op, op)
            if right.expr not in gates.consts:
                return _NOTHING
            value = gates.env[right.expr]
            pyop, fn = _OPS[op]
            test = _compare(fn, op in _ORDERED)
            if left.expr == self.rank:
                return _Implied(frozenset(r for r in RANKS if test(r, value)), True, 0)
            hand = left.seat == "a" and left.read == _HAND
            if hand and isinstance(value, int) and value.__class__ is not bool:
                least = {">": value + 1, ">=": value, "==": value}.get(pyop, 0)
                return _Implied(None, False, max(0, least))
            return _NOTHING
        left, options = gates._pair(cond.left, cond.options)
        if not all(o.expr in gates.consts for o in options):
            return _NOTHING
        values = tuple(gates.env[o.expr] for o in options)
        if left.expr == self.rank:
            return _Implied(frozenset(r for r in RANKS if _member(r, values)), True, 0)
        ints = [v for v in values if isinstance(v, int) and v.__class__ is not bool]
        if left.seat == "a" and left.read == _HAND and ints and len(ints) == len(values):
            return _Implied(None, False, max(0, min(ints)))
        return _NOTHING


def prefilter(cond: ast.Cond | None, event: catalog.Event, author: int) -> Prefilter:
    """The prefilter of a hook on `event` whose `when` is `cond` (see `Prefilter`)."""
    if cond is None:
        return Prefilter()
    implied = _Prefilters(event, author).implied(cond)
    return Prefilter(implied.ranks, implied.hand)
