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

One mistake, one diagnostic: when a side of a comparison is a known field with a known type,
the other side is judged as a value of that type. A word there is a wrong value (LR503:
`source is face_up`, `low is yes`, `count > many`), not an unknown field, unless it names a
field in scope (then the two fields' types must agree) or, against a number or rank field, a
field that is misplaced here (`cards of player > hand`: LR502, say whose). A field this
event does not have is reported once (LR502) and its value is not judged further
(`after clear when source is hand`). Only a word with no known field beside it is an unknown
field (LR502: `colour is 7`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lopti_rules.check import facets
from lopti_rules.check.sites import ActionSite, CondSite, Scope, TargetSite, comparisons
from lopti_rules.check.sites import hook_sites as sites
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.diagnostics.spell import did_you_mean
from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, catalog
from lopti_rules.language.catalog import FieldType


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    type: FieldType
    span: Span


@dataclass(frozen=True, slots=True)
class Literal:
    """A number, rank word, `true`/`false` or symbol written in a condition."""

    kind: str  # "number", "rank", "bool", "symbol"; "word": a bare word met as a value
    text: str
    span: Span
    value: int = 0


@dataclass(frozen=True, slots=True)
class Word:
    """A bare word that is neither a field in scope nor a symbol (no field to judge it by)."""

    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Misplaced:
    """A field name that cannot be used here (LR502), its type known all the same: a field of
    another event (`owners`), a player field without a role (`player`), or an unknown player
    field in `FIELD of ROLE` (`type` None)."""

    name: str
    span: Span
    type: FieldType | None
    owners: tuple[str, ...] = ()
    player: bool = False


Value = Field | Literal | Word | Misplaced | None  # None: nothing to judge


def event_of(hook: ast.Hook) -> catalog.Event | None:
    """The catalogue entry of a hook's event, if the word names a hookable event."""
    return catalog.hook_event(hook.event.name, hook.call.name if hook.call else None)


def check_hook(source: Source, hook: ast.Hook, people: frozenset[str] = frozenset()) -> None:
    """Check one hook. `people` are the casefolded roster names: such a word is a person,
    reported as LR304 by the roster scan, and never also as an unknown event or field."""
    event = event_of(hook)
    name = hook.event.name
    if event is None and name not in catalog.PROCEDURES and name.casefold() not in people:
        source.report(
            "LR501",
            hook.event.span,
            _("unknown event `{name}`").format(name=name),
            did_you_mean(name, catalog.HOOKABLE)
            or _("events are {events}").format(
                events=", ".join(f"`{e}`" for e in catalog.HOOKABLE)
            ),
        )
    resolver = _Resolver(source, event, name, people)
    for site in sites(hook):
        if isinstance(site, CondSite):
            for cmp in comparisons(site.cond):
                resolver.comparison(cmp, site.scope)
        elif isinstance(site, ActionSite):
            _count(source, site.action)
        elif isinstance(site, TargetSite):
            _role_scope(source, site)


def _count(source: Source, action: ast.Action) -> None:
    if isinstance(action, ast.GiveRank) and catalog.rank_value(action.rank) is None:
        match action.rank:
            case ast.Int(value=value):
                written = str(value)
            case ast.Rank(text=written) | ast.Ident(name=written):
                pass
        source.report(
            "LR503",
            action.rank.span,
            _("`{word}` is not a rank: `gives every` names one rank").format(word=written),
            _("write a rank: 2 to 10, J, Q, K or A (`gives every 7`, `gives every king`)"),
        )
        return
    n = getattr(action, "count", None)
    if facets.of(action).counted and isinstance(n, ast.Int):
        if not 1 <= n.value <= 10:
            source.report(
                "LR506",
                n.span,
                _("number out of range: {n} (an action moves 1 to 10 cards)").format(n=n.value),
                _("use a number from 1 to 10"),
            )
    elif isinstance(action, ast.Repeat) and action.count.value < 1:
        source.report(
            "LR506",
            action.count.span,
            _("number out of range: `repeat {n} times` runs nothing").format(n=action.count.value),
            _("repeat 1 to 10 times"),
        )


def _role_scope(source: Source, site: TargetSite) -> None:
    target, scope = site.target, site.scope
    if isinstance(target, ast.Role) and target.name == "chosen player":
        if not scope.choosing:
            source.report(
                "LR504",
                target.span,
                _("`the chosen player` only exists inside a `chooses a player` block"),
                _("write `player chooses a player:` and use `the chosen player` in its block"),
            )
    elif isinstance(target, ast.Role) and target.name == "their choice":
        if site.chosen_by is None:
            source.report(
                "LR504",
                target.span,
                _("`a player of their choice` only names who is given cards or swaps hands"),
                _(
                    "write `player gives 1 card to a player of their choice`, or choose first: "
                    "`player chooses a player:` and use `the chosen player` in its block"
                ),
            )
    elif isinstance(target, ast.Role) and target.name in catalog.ROSHAMBO_ROLES:
        if not scope.roshambo:
            source.report(
                "LR504",
                target.span,
                _("`{name}` only exists inside a `roshambo` block").format(name=target.name),
                _("write `roshambo A vs B:` and use `winner`/`loser` in its block"),
            )
    elif isinstance(target, ast.Their) and not scope.each:
        source.report(
            "LR504",
            target.span,
            _("`their {which} player` only exists inside an `each`/`every player` action").format(
                which=target.which
            ),
            _("write `the {which} player`, or use it after `each player ... `").format(
                which=target.which
            ),
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
    def __init__(
        self,
        source: Source,
        event: catalog.Event | None,
        event_name: str,
        people: frozenset[str] = frozenset(),
    ) -> None:
        self.source = source
        self.event = event
        self.event_name = event_name
        self.people = people

    # ---------------------------------------------------------------- resolving operands

    def scope_fields(self, scope: Scope) -> dict[str, FieldType]:
        return fields_in_scope(self.event, scope)

    def classify(self, op: ast.Operand, scope: Scope, expect: FieldType | None) -> Value:
        """What an operand is, reporting nothing. `expect` is the type of a known field on
        the other side of the comparison: a bare word is then judged as a value of it."""
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
                    return Misplaced(f.name, f.span, None, player=True)
                return Field(f"{f.name} of {_whose(op.target)}", ftype, span)
            case ast.Ident(name=name, span=span):
                return self.ident(name, span, scope, expect)
        return None  # pragma: no cover - the AST has no other operand

    def ident(self, name: str, span: Span, scope: Scope, expect: FieldType | None) -> Value:
        if name.casefold() in self.people:
            return None  # a person at the table: LR304, and nothing to judge
        if expect is not None and (name in expect.symbols or (expect.nullable and name == "none")):
            return Literal("symbol", name, span)
        fields = self.scope_fields(scope)
        if name in fields:
            return Field(name, fields[name], span)
        if expect is not None and expect.kind in ("symbol", "bool"):
            # such a field's values are words: this one is a value, right or wrong
            kind = "symbol" if name in catalog.SYMBOL_FIELDS else "word"
            return Literal(kind, name, span)
        if name in catalog.PLAYER_FIELDS:
            return Misplaced(name, span, catalog.PLAYER_FIELDS[name], player=True)
        owners = catalog.event_field_owners(name)
        if owners:
            return Misplaced(name, span, catalog.EVENTS[owners[0]].fields[name], owners)
        if name in catalog.SYMBOL_FIELDS:
            return Literal("symbol", name, span)  # a value of some symbol field
        if expect is not None:
            return Literal("word", name, span)  # judged as a value of the known field
        return Word(name, span)

    def misplaced(self, value: Misplaced) -> None:
        name, span = value.name, value.span
        if value.type is None:
            self.source.report(
                "LR502",
                span,
                _("unknown player field `{name}`").format(name=name),
                did_you_mean(name, catalog.PLAYER_FIELDS)
                or _(
                    "player fields are `hand`, `face_up`, `face_down`, `cards`, the counts "
                    "such as `round_plays` and the rank counts such as `sevens`"
                ),
            )
        elif value.player:
            self.source.report(
                "LR502",
                span,
                _("`{name}` is a player field: say whose").format(name=name),
                _("write `{name} of player` (or another role)").format(name=name),
            )
        else:
            where = ", ".join(f"`{o}`" for o in value.owners)
            self.source.report(
                "LR502",
                span,
                _("`{event}` has no field `{name}` (it is a field of {where})").format(
                    event=self.event_name, name=name, where=where
                ),
                _("hook {event} to test `{name}`, or use a table field").format(
                    event=where.split(", ")[0], name=name
                ),
            )

    # ---------------------------------------------------------------- comparisons

    def comparison(self, cmp: ast.Compare | ast.In, scope: Scope) -> None:
        """Judge one comparison. When a side is a known field with a known type (in scope,
        or misplaced: reported once), the other sides are judged as values of that type
        (LR503 when wrong), not as unknown fields (see the module docstring)."""
        rights = (cmp.right,) if isinstance(cmp, ast.Compare) else cmp.options
        op = cmp.op if isinstance(cmp, ast.Compare) else "in"
        sides = (cmp.left, *rights)
        first = [self.classify(side, scope, None) for side in sides]
        # a symbol field first (its values are words), as the runtime reads it, then any field
        fields = [v for v in first if isinstance(v, Field)]
        fields.sort(key=lambda f: f.type.kind != "symbol")
        misplaced = [v for v in first if isinstance(v, Misplaced) and v.type is not None]
        anchor: Field | Misplaced | None = (fields or misplaced or [None])[0]
        values = first
        if anchor is not None and anchor.type is not None:
            values = [
                v if v is anchor else self.classify(side, scope, anchor.type)
                for side, v in zip(sides, first, strict=True)
            ]
        for value in values:
            if isinstance(value, Misplaced):
                self.misplaced(value)
        if isinstance(anchor, Misplaced):
            return  # its values are not judged: the field itself is the mistake
        left, *others = values
        for right in others:
            self.pair(left, right, op, cmp.span, scope)

    def pair(self, left: Value, right: Value, op: str, span: Span, scope: Scope) -> None:
        if left is None or right is None or isinstance(left, Misplaced):
            return
        if isinstance(right, Misplaced):
            return
        if isinstance(left, Word) or isinstance(right, Word):
            self.word(left, right)
            return
        if isinstance(right, Field) and not isinstance(left, Field):
            left, right = right, left
        if isinstance(left, Field):
            self.against_field(left, right, op, span, scope)
        elif (
            isinstance(right, Literal)
            and left.kind != right.kind
            and {left.kind, right.kind} != {"number", "rank"}
        ):
            self.source.report(
                "LR503",
                right.span,
                _("type mismatch: `{left}` is {left_kind} but `{right}` is {right_kind}").format(
                    left=left.text, left_kind=_kind(left), right=right.text, right_kind=_kind(right)
                ),
                _("compare a field with a value of its type"),
            )

    def word(self, left: Value, right: Value) -> None:
        """Unknown words where no known field says what they should be: unknown fields."""
        for value in (left, right):
            if isinstance(value, Word):
                names = [*self.scope_fields(Scope(each=True)), *catalog.SYMBOL_FIELDS]
                self.source.report(
                    "LR502",
                    value.span,
                    _("unknown field `{name}`").format(name=value.name),
                    did_you_mean(value.name, names)
                    or _("fields here are {fields}").format(
                        fields=_listing(self.scope_fields(Scope()))
                    ),
                )

    def against_field(
        self, field: Field, other: Field | Literal, op: str, span: Span, scope: Scope
    ) -> None:
        ftype = field.type
        ordered = op in ("<", "<=", ">", ">=")
        if ordered and ftype.kind in ("symbol", "bool"):
            self.source.report(
                "LR503",
                span,
                _("type mismatch: `{op}` orders numbers and ranks, but `{field}` is {kind}").format(
                    op=op, field=field.name, kind=ftype.describe()
                ),
                _("use `is`, `is not` or `in [...]`"),
            )
            return
        if isinstance(other, Field):
            if other.type.kind != ftype.kind or other.type.symbols != ftype.symbols:
                self.source.report(
                    "LR503",
                    span,
                    _("type mismatch: `{field}` is {kind} but `{other}` is {other_kind}").format(
                        field=field.name,
                        kind=ftype.describe(),
                        other=other.name,
                        other_kind=other.type.describe(),
                    ),
                    _("compare fields of the same type"),
                )
            return
        ok = {
            "rank": other.kind in ("rank", "number")
            or (ftype.nullable and other.kind == "symbol" and other.text == "none"),
            "int": other.kind == "number",
            "bool": other.kind == "bool",
            "symbol": other.kind == "symbol" and other.text in ftype.symbols,
        }[ftype.kind]
        if not ok and other.kind == "word":
            self.source.report(
                "LR503",
                other.span,
                _("`{word}` is not a value of `{field}` (it is {kind})").format(
                    word=other.text, field=field.name, kind=ftype.describe()
                ),
                _value_hint(field.name, ftype, other.text, self.scope_fields(scope)),
            )
            return
        if not ok:
            hint = None
            if ftype.kind == "symbol" and other.kind == "symbol":
                hint = did_you_mean(other.text, ftype.symbols)
            if ftype.kind == "int" and other.kind == "rank":
                hint = _("counts are numbers; ranks are compared with `rank` or `top`")
            if ftype.symbols == catalog.CAUSE.symbols and other.kind in ("number", "rank"):
                named = {10: "ten", 7: "sevens", 3: "threes"}.get(other.value)
                if named:
                    hint = _("did you mean {name}?").format(name=f"`{field.name} is {named}`")
            self.source.report(
                "LR503",
                other.span,
                _("type mismatch: `{word}` is {word_kind}, but `{field}` is {kind}").format(
                    word=other.text, word_kind=_kind(other), field=field.name, kind=ftype.describe()
                ),
                hint
                or _("compare `{field}` with {kind}").format(
                    field=field.name, kind=ftype.describe()
                ),
            )
            return
        if ftype.kind == "rank" and other.kind == "number" and other.value not in range(2, 11):
            self.source.report(
                "LR506",
                other.span,
                _("number out of range: there is no rank {n} (ranks are 2..10, J, Q, K, A)").format(
                    n=other.value
                ),
                _("write a rank from 2 to 10, or J, Q, K, A"),
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


def _value_hint(field: str, ftype: FieldType, word: str, fields: dict[str, FieldType]) -> str:
    """What to write instead of a word that is not a value of the field."""
    said = catalog.VALUE_HINTS.get((field, word))
    if said is not None:
        return _(said)
    if ftype.kind == "bool":
        meant = catalog.BOOL_WORDS.get(word.casefold())
        if meant is not None:
            return _("did you mean {name}?").format(
                name=f"`{field} is {'true' if meant else 'false'}`"
            )
        return _("`{field}` is `true` or `false`").format(field=field)
    if ftype.kind == "symbol":
        return did_you_mean(word, ftype.symbols) or _("`{field}` is {kind}").format(
            field=field, kind=ftype.describe()
        )
    alike = [name for name, t in fields.items() if t.kind == ftype.kind]
    return did_you_mean(word, alike) or _("compare `{field}` with {kind}").format(
        field=field, kind=ftype.describe()
    )


def _kind(value: Literal) -> str:
    if value.kind == "symbol":
        owners = catalog.SYMBOL_FIELDS.get(value.text, ())
        if owners:
            return _("a symbol (a value of `{field}`)").format(field=owners[0])
        return _("a symbol")
    return _(_KINDS[value.kind])


_KINDS = {"number": N_("a number"), "rank": N_("a rank"), "bool": N_("a truth value")}
_KINDS["word"] = N_("a word")


def _listing(fields: dict[str, FieldType]) -> str:
    return ", ".join(f"`{f}`" for f in fields)
