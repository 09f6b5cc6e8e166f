"""What a condition allows: LW601 (a condition that can never hold), and the facts other
passes need (is `cards of player` certainly 0 when this hook runs?).

Takes a condition; works on its top-level conjunction (`a and b and c`, looking through
parentheses but not through `or`/`not`). Comparisons of one field against constants are
grouped by field; a group is contradictory when no value of the field satisfies all of them.
Satisfiability is decided exactly by trying a small set of witnesses: for numbers, every
constant mentioned, one above and one below it, the field's minimum and one past the
largest constant; for ranks 2..A (and `none` for `top`); for symbols and flags, their values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lopti_rules.check.sites import negated
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.i18n import _
from lopti_rules.language import ast, catalog
from lopti_rules.language.catalog import FieldType

# a key names what a comparison tests: ("top", "") or ("cards", "next player")
Key = tuple[str, str]
Witness = int | str | bool
Test = Callable[[Witness], bool]


def conjuncts(cond: ast.Cond) -> list[ast.Cond]:
    """The parts of `cond`'s top-level conjunction; a `not` is looked through where its
    negation is easy to say (`not not C` is C, `not (a < b)` is `a >= b`)."""
    if isinstance(cond, ast.And):
        return conjuncts(cond.left) + conjuncts(cond.right)
    if isinstance(cond, ast.Not):
        inner = cond.operand
        if isinstance(inner, ast.Not):
            return conjuncts(inner.operand)
        if isinstance(inner, ast.Compare | ast.Titled):
            return [negated(inner) or inner]
    return [cond]


def _target_key(target: ast.Target) -> str | None:
    """The role a `FIELD of ROLE` names; None for a forbidden target (not grouped)."""
    if isinstance(target, ast.Role):
        return target.name
    if isinstance(target, ast.Their):
        return f"their {target.which} player"
    return None


def _key(operand: ast.Operand, fields: dict[str, FieldType]) -> tuple[Key, FieldType] | None:
    if isinstance(operand, ast.Ident) and operand.name in fields:
        return (operand.name, ""), fields[operand.name]
    if isinstance(operand, ast.PlayerField) and operand.field.name in catalog.PLAYER_FIELDS:
        whose = _target_key(operand.target)
        if whose is None:
            return None
        return (operand.field.name, whose), catalog.PLAYER_FIELDS[operand.field.name]
    return None


def _constant(operand: ast.Operand, ftype: FieldType) -> Witness | None:
    """The constant an operand writes, if it is of the field's type (mismatches are LR503's)."""
    match operand:
        case ast.Int(value=v) if ftype.kind == "int" or (ftype.kind == "rank" and 2 <= v <= 10):
            return v
        case ast.Rank(text=t) if ftype.kind == "rank":
            return catalog.RANK_VALUES.get(t, catalog.RANK_VALUES.get(t.lower()))
        case ast.Bool(value=b) if ftype.kind == "bool":
            return b
        case ast.Ident(name=n) if n in ftype.symbols or (ftype.nullable and n == "none"):
            return n
    return None


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _test(op: str, c: Witness) -> Test:
    def ordered(w: Witness, check: Callable[[int, int], bool]) -> bool:
        return isinstance(w, int) and isinstance(c, int) and not isinstance(w, bool) and check(w, c)

    tests: dict[str, Test] = {
        "is": lambda w: w == c,
        "==": lambda w: w == c,
        "is not": lambda w: w != c,
        "!=": lambda w: w != c,
        "<": lambda w: ordered(w, lambda a, b: a < b),
        "<=": lambda w: ordered(w, lambda a, b: a <= b),
        ">": lambda w: ordered(w, lambda a, b: a > b),
        ">=": lambda w: ordered(w, lambda a, b: a >= b),
    }
    return tests[op]


def _member(allowed: set[Witness]) -> Test:
    return lambda w: w in allowed


def constraints(
    cond: ast.Cond | Sequence[ast.Cond], fields: dict[str, FieldType]
) -> dict[Key, tuple[FieldType, list[tuple[Test, Witness, Span]]]]:
    """The field-against-constant comparisons of the top-level conjunction (of several
    conditions that all hold, joined by `and`), by field."""
    groups: dict[Key, tuple[FieldType, list[tuple[Test, Witness, Span]]]] = {}
    conds = (cond,) if not isinstance(cond, Sequence) else cond
    for part in (p for c in conds for p in conjuncts(c)):
        if isinstance(part, ast.Compare):
            op: str = part.op
            left, right = part.left, part.right
            if _key(left, fields) is None and _key(right, fields) is not None:
                left, right, op = right, left, _FLIP.get(op, op)
            found = _key(left, fields)
            if found is None:
                continue
            key, ftype = found
            c = _constant(right, ftype)
            if c is None or (op in _FLIP and ftype.kind in ("symbol", "bool")):
                continue  # a type mismatch: LR503's, not a contradiction
            groups.setdefault(key, (ftype, []))[1].append((_test(op, c), c, part.span))
        elif isinstance(part, ast.In):
            found = _key(part.left, fields)
            if found is None:
                continue
            key, ftype = found
            options = [_constant(o, ftype) for o in part.options]
            if any(o is None for o in options):
                continue
            allowed: set[Witness] = {o for o in options if o is not None}
            tests = groups.setdefault(key, (ftype, []))[1]
            tests.append((_member(allowed), sorted(allowed, key=str)[0], part.span))
    return groups


def witnesses(ftype: FieldType, constants: list[Witness]) -> list[Witness]:
    if ftype.kind == "bool":
        return [True, False]
    if ftype.kind == "symbol":
        return list(ftype.symbols)
    if ftype.kind == "rank":
        return [*range(2, 15), *(["none"] if ftype.nullable else [])]
    numbers = [c for c in constants if isinstance(c, int) and not isinstance(c, bool)]
    out = {ftype.minimum, max(numbers, default=0) + 1}
    for n in numbers:
        out.update((n - 1, n, n + 1))
    return sorted(w for w in out if w >= ftype.minimum)


def possible_values(ftype: FieldType, tests: list[tuple[Test, Witness, Span]]) -> list[Witness]:
    """The witnesses every test accepts (empty: the comparisons contradict each other)."""
    return [w for w in witnesses(ftype, [c for _, c, _ in tests]) if all(t(w) for t, _, _ in tests)]


def check_cond(source: Source, cond: ast.Cond, fields: dict[str, FieldType]) -> None:
    """LW601 for each field whose comparisons in `cond`'s conjunction cannot all hold."""
    for (name, whose), (ftype, tests) in constraints(cond, fields).items():
        if possible_values(ftype, tests):
            continue
        span = tests[0][2].cover(tests[-1][2])
        subject = f"`{name} of {whose}`" if whose else f"`{name}`"
        if len(tests) > 1:
            message = _(
                "the condition can never hold: no value of {subject} satisfies these comparisons"
            )
            hint: str | None = _("did you mean `or`, or a different field?")
        else:
            message = _(
                "the condition can never hold: no value of {subject} satisfies this comparison"
            )
            hint = None
        source.report("LW601", span, message.format(subject=subject), hint)


def certainly_zero(conds: Sequence[ast.Cond], field: str, role: str) -> bool:
    """Whether the conditions all holding implies `FIELD of ROLE` is 0 (e.g. `cards of player
    is 0`, or `cards of player <= 1` with `cards of player < 1`)."""
    return certainly(conds, (field, role), catalog.PLAYER_FIELDS[field], 0)


def bounds(conds: Sequence[ast.Cond], key: Key, ftype: FieldType) -> tuple[int, int | None] | None:
    """The smallest and largest value (None: no largest) the conditions all holding allow
    for the number field `key`; None when they allow no value at all."""
    entry = constraints(conds, {key[0]: ftype} if not key[1] else {}).get(key) if conds else None
    if entry is None:
        return ftype.minimum, None
    allowed = [w for w in possible_values(*entry) if isinstance(w, int)]
    if not allowed:
        return None
    top = max(witnesses(ftype, [c for _, c, _ in entry[1]]))
    return min(allowed), (None if top in allowed else max(allowed))


def certainly(conds: Sequence[ast.Cond], key: Key, ftype: FieldType, value: Witness) -> bool:
    """Whether the conditions all holding imply the field `key` has `value`."""
    entry = constraints(conds, {key[0]: ftype} if not key[1] else {}).get(key) if conds else None
    return entry is not None and possible_values(*entry) == [value]
