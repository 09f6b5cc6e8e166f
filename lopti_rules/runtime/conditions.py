"""Conditions: `when`, `if` and `where` tests compiled to plain closures over a `Ctx`.

Takes an `ast.Cond` the checker accepted, the hooked event's catalogue entry and whether the
condition sits in an `each ... where` (where bare player fields mean the visited player);
produces a function `Ctx -> bool`, built once per game set-up and called per event.

Bare words resolve as the checker resolves them (`check/names.py`): a word is a symbol when
the other side of the comparison is a symbol-valued field, else the hooked event's field,
else (inside `where`) the visited player's field, else a table field, else a symbol. Ranks
compare by value (2 < ... < 10 < J < Q < K < A: ints 2..14). `top` of an empty pile is the
symbol `none`; an ordering comparison with it is false. Any comparison that reads a field of
a role matching nobody is false (LANGUAGE.md §4), and so is an `in` whose left side does.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from lopti_rules.language import ast, catalog
from lopti_rules.runtime.context import MISSING, PLAYER_FIELDS, TABLE_FIELDS, Ctx
from lopti_rules.runtime.targets import ROLES, compile_role

Cond = Callable[[Ctx], bool]
Getter = Callable[[Ctx], object]

_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "is": operator.eq,
    "==": operator.eq,
    "is not": operator.ne,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_ORDERED = frozenset({"<", "<=", ">", ">="})


class CondCompiler:
    """Compiles the conditions of one hook (its event fixes which fields exist)."""

    __slots__ = ("event",)

    def __init__(self, event: catalog.Event | None) -> None:
        self.event = event

    def compile(self, cond: ast.Cond, each: bool = False) -> Cond:
        match cond:
            case ast.And(left=left, right=right):
                a, b = self.compile(left, each), self.compile(right, each)
                return lambda ctx: a(ctx) and b(ctx)
            case ast.Or(left=left, right=right):
                a, b = self.compile(left, each), self.compile(right, each)
                return lambda ctx: a(ctx) or b(ctx)
            case ast.Not(operand=operand):
                inner = self.compile(operand, each)
                return lambda ctx: not inner(ctx)
            case ast.Compare():
                return self._compare(cond, each)
            case ast.In():
                return self._in(cond, each)
        raise ValueError(f"cannot compile condition {cond!r}")  # pragma: no cover

    # ------------------------------------------------------------------ comparisons

    def _compare(self, cmp: ast.Compare, each: bool) -> Cond:
        left, right = self._pair(cmp.left, (cmp.right,), each)
        get_a, get_b = left, right[0]
        fn = _OPS[cmp.op]
        ordered = cmp.op in _ORDERED
        const = getattr(get_b, "const", MISSING)
        if const is not MISSING and const is not None:  # the common `FIELD op VALUE`

            def against(ctx: Ctx) -> bool:
                a = get_a(ctx)
                if a is MISSING or a is None:
                    return False if ordered or a is MISSING else fn(a, const)
                return fn(a, const)

            return against

        def test(ctx: Ctx) -> bool:
            a = get_a(ctx)
            b = get_b(ctx)
            if a is MISSING or b is MISSING:
                return False
            if ordered and (a is None or b is None):
                return False
            return fn(a, b)

        return test

    def _in(self, cmp: ast.In, each: bool) -> Cond:
        get_a, options = self._pair(cmp.left, cmp.options, each)

        def test(ctx: Ctx) -> bool:
            a = get_a(ctx)
            if a is MISSING:
                return False
            return any(a == get(ctx) for get in options)

        return test

    def _pair(
        self, left: ast.Operand, rights: tuple[ast.Operand, ...], each: bool
    ) -> tuple[Getter, list[Getter]]:
        """Getters for both sides; a bare word next to a symbol field is read as a symbol."""
        symbols = self._symbols(left, each)
        if not symbols:
            for right in rights:
                symbols = self._symbols(right, each)
                if symbols:
                    break
        return self.operand(left, each, symbols), [self.operand(r, each, symbols) for r in rights]

    def _symbols(self, op: ast.Operand, each: bool) -> tuple[str, ...]:
        if not isinstance(op, ast.Ident):
            return ()
        ftype = self._field_type(op.name, each)
        return ftype.symbols if ftype is not None else ()

    def _field_type(self, name: str, each: bool) -> catalog.FieldType | None:
        if self.event is not None and name in self.event.fields:
            return self.event.fields[name]
        if each and name in catalog.PLAYER_FIELDS:
            return catalog.PLAYER_FIELDS[name]
        return catalog.TABLE_FIELDS.get(name)

    # ------------------------------------------------------------------ operands

    def operand(self, op: ast.Operand, each: bool, symbols: tuple[str, ...] = ()) -> Getter:
        match op:
            case ast.Int(value=value):
                return _const(value)
            case ast.Rank(text=text):
                rank = catalog.RANK_VALUES.get(text, catalog.RANK_VALUES.get(text.lower()))
                if rank is None:
                    raise ValueError(f"`{text}` is not a rank")
                return _const(rank)
            case ast.Bool(value=flag):
                return _const(flag)
            case ast.PlayerField(field=field, target=target):
                return _player_field(field.name, compile_role(target))
            case ast.Ident(name=name):
                return self._ident(name, each, symbols)
        raise ValueError(f"cannot compile operand {op!r}")  # pragma: no cover

    def _ident(self, name: str, each: bool, symbols: tuple[str, ...]) -> Getter:
        if name in symbols or (symbols and name in catalog.SYMBOL_FIELDS):
            return _const(None if name == "none" else name)
        if self.event is not None and name in self.event.fields:
            return _event_field(name)
        if each and name in PLAYER_FIELDS:
            return _visited_field(name)
        if name in TABLE_FIELDS:
            table = TABLE_FIELDS[name]
            return lambda ctx: table(ctx.game)
        if name in catalog.SYMBOL_FIELDS:
            return _const(None if name == "none" else name)
        raise ValueError(f"`{name}` is not a field or symbol here")


class _Const:
    """A literal operand; `const` lets a comparison skip calling it."""

    __slots__ = ("const",)

    def __init__(self, value: object) -> None:
        self.const = value

    def __call__(self, ctx: Ctx) -> object:
        return self.const


def _const(value: object) -> Getter:
    return _Const(value)


def _event_field(name: str) -> Getter:
    def get(ctx: Ctx) -> object:
        return ctx.event.fields.get(name, MISSING)

    return get


def _visited_field(name: str) -> Getter:
    read = PLAYER_FIELDS[name]

    def get(ctx: Ctx) -> object:
        seat = ctx.visited
        return MISSING if seat is None else read(ctx.game, seat)

    return get


def _player_field(name: str, role: Callable[[Ctx], int | None]) -> Getter:
    read = PLAYER_FIELDS.get(name)
    if read is None:
        raise ValueError(f"`{name}` is not a player field")
    if role is ROLES["player"]:  # the actor: the most common role, read directly

        def get_actor(ctx: Ctx) -> object:
            seat = ctx.actor
            return MISSING if seat is None else read(ctx.game, seat)

        return get_actor

    def get(ctx: Ctx) -> object:
        seat = role(ctx)
        return MISSING if seat is None else read(ctx.game, seat)

    return get
