"""Pass 1: names and types (LR501 unknown event, LR502 unknown field, LR503 type mismatch,
LR504 a role outside its block, LR506 number out of range).

Takes one hook with its rule and `Source`; reports into the source. It resolves each bare
word of a condition against what is in scope (the hooked event's fields, the table fields,
inside `each player where` the visited player's fields, and the symbols), then checks that
the two sides of every comparison have the same type: ranks meet rank fields (a number
meets a rank field as the rank 2..10), numbers meet counts, `true`/`false` meet flags, and
a symbol meets a field that can hold it. Every unknown name gets the nearest known name as
a hint. A hook on an unknown event is still checked, with every event's fields in scope, so
one typo does not hide the rest of the file's problems (nor bury it under false ones).
"""

from __future__ import annotations

from dataclasses import dataclass

from lopti_rules import ast, catalog
from lopti_rules.catalog import FieldType
from lopti_rules.check.sites import ActionSite, CondSite, Scope, TargetSite, comparisons
from lopti_rules.check.sites import hook_sites as sites
from lopti_rules.source import Source, Span
from lopti_rules.spell import did_you_mean


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    type: FieldType
    span: Span


@dataclass(frozen=True, slots=True)
class Literal:
    """A number, rank word, `true`/`false` or symbol written in a condition."""

    kind: str  # "number", "rank", "bool", "symbol"
    text: str
    span: Span
    value: int = 0


@dataclass(frozen=True, slots=True)
class Word:
    """A bare word that is neither a field in scope nor a symbol."""

    name: str
    span: Span


Value = Field | Literal | Word | None  # None: already reported


def event_of(hook: ast.Hook) -> catalog.Event | None:
    """The catalogue entry of a hook's event, if the word names a hookable event."""
    entry = catalog.EVENTS.get(hook.event.name)
    return entry if entry is not None and entry.hookable else None


def check_hook(source: Source, hook: ast.Hook) -> None:
    event = event_of(hook)
    name = hook.event.name
    if event is None and name not in catalog.PROCEDURES:
        source.report(
            "LR501",
            hook.event.span,
            f"unknown event `{name}`",
            did_you_mean(name, catalog.HOOKABLE)
            or "events are " + ", ".join(f"`{e}`" for e in catalog.HOOKABLE),
        )
    resolver = _Resolver(source, event, name)
    for site in sites(hook):
        if isinstance(site, CondSite):
            for cmp in comparisons(site.cond):
                resolver.comparison(cmp, site.scope)
        elif isinstance(site, ActionSite):
            _count(source, site.action)
        elif isinstance(site, TargetSite):
            _role_scope(source, site.target, site.scope)


def _count(source: Source, action: ast.Action) -> None:
    if isinstance(action, ast.Draw | ast.Give | ast.Discard | ast.TakeRemoved):
        n = action.count
        if not 1 <= n.value <= 10:
            source.report(
                "LR506",
                n.span,
                f"number out of range: {n.value} (an action moves 1 to 10 cards)",
                "use a number from 1 to 10",
            )
    elif isinstance(action, ast.Repeat) and action.count.value < 1:
        source.report(
            "LR506",
            action.count.span,
            f"number out of range: `repeat {action.count.value} times` runs nothing",
            "repeat 1 to 10 times",
        )


def _role_scope(source: Source, target: ast.Target, scope: Scope) -> None:
    if isinstance(target, ast.Role) and target.name in catalog.ROSHAMBO_ROLES:
        if not scope.roshambo:
            source.report(
                "LR504",
                target.span,
                f"`{target.name}` only exists inside a `roshambo` block",
                "write `roshambo A vs B:` and use `winner`/`loser` in its block",
            )
    elif isinstance(target, ast.Their) and not scope.each:
        source.report(
            "LR504",
            target.span,
            f"`their {target.which} player` only exists inside an `each`/`every player` action",
            f"write `the {target.which} player`, or use it after `each player ... `",
        )


def fields_in_scope(event: catalog.Event | None, scope: Scope) -> dict[str, FieldType]:
    """The fields a bare word may name in a hook on `event` (None: unknown or procedure)."""
    fields: dict[str, FieldType] = {}
    if event is not None:
        fields.update(event.fields)
    else:  # unknown event or a procedure: do not pile errors onto LR501/LR202
        for e in catalog.EVENTS.values():
            for k, v in e.fields.items():
                fields.setdefault(k, v)
    for k, v in catalog.TABLE_FIELDS.items():
        fields.setdefault(k, v)
    if scope.each:
        fields.update(catalog.PLAYER_FIELDS)
    return fields


class _Resolver:
    def __init__(self, source: Source, event: catalog.Event | None, event_name: str) -> None:
        self.source = source
        self.event = event
        self.event_name = event_name

    # ---------------------------------------------------------------- resolving operands

    def scope_fields(self, scope: Scope) -> dict[str, FieldType]:
        return fields_in_scope(self.event, scope)

    def resolve(self, op: ast.Operand, scope: Scope, symbols: tuple[str, ...]) -> Value:
        match op:
            case ast.Int(value=v, span=span):
                return Literal("number", str(v), span, v)
            case ast.Rank(text=text, span=span):
                value = catalog.RANK_VALUES.get(text, catalog.RANK_VALUES.get(text.lower(), 0))
                return Literal("rank", text, span, value)
            case ast.Bool(value=v, span=span):
                return Literal("bool", "true" if v else "false", span)
            case ast.PlayerField(field=f, span=span):
                ftype = catalog.PLAYER_FIELDS.get(f.name)
                if ftype is None:
                    self.source.report(
                        "LR502",
                        f.span,
                        f"unknown player field `{f.name}`",
                        did_you_mean(f.name, catalog.PLAYER_FIELDS)
                        or "player fields are `hand`, `face_up`, `face_down`, `cards`",
                    )
                    return None
                return Field(f"{f.name} of {_whose(op.target)}", ftype, span)
            case ast.Ident(name=name, span=span):
                return self.ident(name, span, scope, symbols)
        return None  # pragma: no cover - the AST has no other operand

    def ident(self, name: str, span: Span, scope: Scope, symbols: tuple[str, ...]) -> Value:
        if name in symbols or (symbols and name in catalog.SYMBOL_FIELDS):
            return Literal("symbol", name, span)  # the other side is a symbol field
        fields = self.scope_fields(scope)
        if name in fields:
            return Field(name, fields[name], span)
        if name in catalog.PLAYER_FIELDS:
            self.source.report(
                "LR502",
                span,
                f"`{name}` is a player field: say whose",
                f"write `{name} of player` (or another role)",
            )
            return None
        if name in catalog.SYMBOL_FIELDS:
            return Literal("symbol", name, span)
        owners = catalog.event_field_owners(name)
        if owners:
            where = ", ".join(f"`{o}`" for o in owners)
            self.source.report(
                "LR502",
                span,
                f"`{self.event_name}` has no field `{name}` (it is a field of {where})",
                f"hook {where.split(', ')[0]} to test `{name}`, or use a table field",
            )
            return None
        return Word(name, span)

    # ---------------------------------------------------------------- comparisons

    def comparison(self, cmp: ast.Compare | ast.In, scope: Scope) -> None:
        rights = (cmp.right,) if isinstance(cmp, ast.Compare) else cmp.options
        op = cmp.op if isinstance(cmp, ast.Compare) else "in"
        left = self.resolve(cmp.left, scope, ())
        left_symbols = left.type.symbols if isinstance(left, Field) else ()
        resolved = [self.resolve(r, scope, left_symbols) for r in rights]
        if isinstance(left, Word) and resolved:
            first = resolved[0]
            if isinstance(first, Field) and first.type.kind == "symbol":
                left = self.resolve(cmp.left, scope, first.type.symbols)
        for right in resolved:
            self.pair(left, right, op, cmp.span)

    def pair(self, left: Value, right: Value, op: str, span: Span) -> None:
        if left is None or right is None:
            return
        if isinstance(left, Word) or isinstance(right, Word):
            self.word(left, right)
            return
        if isinstance(right, Field) and not isinstance(left, Field):
            left, right = right, left
        if isinstance(left, Field):
            self.against_field(left, right, op, span)
        elif (
            isinstance(right, Literal)
            and left.kind != right.kind
            and {left.kind, right.kind} != {"number", "rank"}
        ):
            self.source.report(
                "LR503",
                right.span,
                f"type mismatch: `{left.text}` is {_kind(left)} but `{right.text}` is "
                f"{_kind(right)}",
                "compare a field with a value of its type",
            )

    def word(self, left: Value, right: Value) -> None:
        for value, other in ((left, right), (right, left)):
            if not isinstance(value, Word):
                continue
            if isinstance(other, Field) and other.type.kind == "symbol":
                self.source.report(
                    "LR503",
                    value.span,
                    f"`{value.name}` is not a value of `{other.name}` "
                    f"(it is {other.type.describe()})",
                    did_you_mean(value.name, other.type.symbols),
                )
            else:
                names = [*self.scope_fields(Scope(each=True)), *catalog.SYMBOL_FIELDS]
                self.source.report(
                    "LR502",
                    value.span,
                    f"unknown field `{value.name}`",
                    did_you_mean(value.name, names)
                    or f"fields here are {_listing(self.scope_fields(Scope()))}",
                )

    def against_field(self, field: Field, other: Field | Literal, op: str, span: Span) -> None:
        ftype = field.type
        ordered = op in ("<", "<=", ">", ">=")
        if ordered and ftype.kind in ("symbol", "bool"):
            self.source.report(
                "LR503",
                span,
                f"type mismatch: `{op}` orders numbers and ranks, but `{field.name}` is "
                f"{ftype.describe()}",
                "use `is`, `is not` or `in [...]`",
            )
            return
        if isinstance(other, Field):
            if other.type.kind != ftype.kind or other.type.symbols != ftype.symbols:
                self.source.report(
                    "LR503",
                    span,
                    f"type mismatch: `{field.name}` is {ftype.describe()} but `{other.name}` "
                    f"is {other.type.describe()}",
                    "compare fields of the same type",
                )
            return
        ok = {
            "rank": other.kind in ("rank", "number")
            or (ftype.nullable and other.kind == "symbol" and other.text == "none"),
            "int": other.kind == "number",
            "bool": other.kind == "bool",
            "symbol": other.kind == "symbol" and other.text in ftype.symbols,
        }[ftype.kind]
        if not ok:
            hint = None
            if ftype.kind == "symbol" and other.kind == "symbol":
                hint = did_you_mean(other.text, ftype.symbols)
            if ftype.kind == "int" and other.kind == "rank":
                hint = "counts are numbers; ranks are compared with `rank` or `top`"
            if ftype.symbols == catalog.CAUSE.symbols and other.kind in ("number", "rank"):
                named = {10: "ten", 7: "sevens", 3: "threes"}.get(other.value)
                if named:
                    hint = f"did you mean `{field.name} is {named}`?"
            self.source.report(
                "LR503",
                other.span,
                f"type mismatch: `{other.text}` is {_kind(other)}, but `{field.name}` is "
                f"{ftype.describe()}",
                hint or f"compare `{field.name}` with {ftype.describe()}",
            )
            return
        if ftype.kind == "rank" and other.kind == "number" and other.value not in range(2, 11):
            self.source.report(
                "LR506",
                other.span,
                f"number out of range: there is no rank {other.value} (ranks are 2..10, J, Q, "
                "K, A)",
                "write a rank from 2 to 10, or J, Q, K, A",
            )


def _whose(target: ast.Target) -> str:
    match target:
        case ast.Role(name=name):
            return name
        case ast.Their(which=which):
            return f"their {which} player"
        case ast.NameTarget(name=ident):
            return ident.name
        case ast.TraitTarget(trait=ident):
            return f"the {ident.name} player"
        case ast.SeatTarget(word=word, number=n):
            return f"{word} {n.value}"
    return "player"


def _kind(value: Literal) -> str:
    if value.kind == "symbol":
        owners = catalog.SYMBOL_FIELDS.get(value.text, ())
        return "a symbol" + (f" (a value of `{owners[0]}`)" if owners else "")
    return {"number": "a number", "rank": "a rank", "bool": "a truth value"}[value.kind]


def _listing(fields: dict[str, FieldType]) -> str:
    return ", ".join(f"`{f}`" for f in fields)
