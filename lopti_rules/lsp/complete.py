"""Completion: what may be written at the cursor, from the catalogue and the grammar.

Takes a `Spot` (`words.spot`). Produces `Offer`s: a label, its kind and a line of detail.
The names come from `lopti_rules.language.catalog` (events after `before`/`after`/
`instead of`, the fields in scope at the start of a comparison, a field's values after
`is`, `==`, `in [`..., the roles where a target may start or after `FIELD of`); the
keywords, which include the actions after a target, from what the grammar accepts there.
A new event, field, role or grammar construct is offered without a change here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from lopti_rules.language import catalog
from lopti_rules.language.catalog import FieldType
from lopti_rules.lsp.words import Spot

Kind = Literal["event", "field", "value", "role", "keyword"]

_COND_START = frozenset({"when", "and", "or", "not", "(", "if", "while", "until"})
_COMPARE = frozenset({"is", "==", "!=", "<", "<=", ">", ">=", "[", ","})
_TIMING = frozenset({"before", "after"})


@dataclass(frozen=True, slots=True)
class Offer:
    label: str
    kind: Kind
    detail: str


def offers(spot: Spot) -> list[Offer]:
    """Everything that may be written at the spot, names first, then keywords."""
    names = _names(spot)
    if names and names[0].kind == "value":
        return [o for o in names if o.label.startswith(spot.prefix)]
    taken = {o.label.split(" ", 1)[0] for o in names}
    keywords = [
        Offer(k, "keyword", "keyword")
        for k in sorted(spot.keywords)
        if k.isidentifier() and k.islower() and k not in taken
    ]
    return [o for o in [*names, *keywords] if o.label.startswith(spot.prefix)]


def _names(spot: Spot) -> list[Offer]:
    last = spot.last
    if last in _TIMING or (last == "of" and spot.before(2) == "instead"):
        return [
            Offer(e.name, "event", f"{e.happens} (player: {e.actor})")
            for e in catalog.EVENTS.values()
            if e.hookable
        ]
    if last == "of" and spot.before(2) in catalog.PLAYER_FIELDS:
        return _roles()
    if last in _COMPARE or (last == "not" and spot.before(2) == "is"):
        ftype = _compared(spot)
        return [] if ftype is None else _values(ftype)
    if last in _COND_START and spot.event is not None:
        return _fields(spot.event)
    if "player" in spot.keywords or (not spot.keywords and last == ":"):
        return _roles()
    return []


def fields_in_scope(event: str | None) -> dict[str, FieldType]:
    """The fields a condition of a hook on `event` may name: the event's, then the table's."""
    found = dict(catalog.EVENTS[event].fields) if event in catalog.EVENTS else {}
    for name, ftype in catalog.TABLE_FIELDS.items():
        found.setdefault(name, ftype)
    return found


def _fields(event: str) -> list[Offer]:
    own = catalog.EVENTS[event].fields if event in catalog.EVENTS else {}
    offered = [
        Offer(name, "field", f"{ftype.describe()} ({'the event' if name in own else 'table'})")
        for name, ftype in fields_in_scope(event).items()
    ]
    offered += [
        Offer(f"{name} of player", "field", f"{ftype.describe()} (a player's)")
        for name, ftype in catalog.PLAYER_FIELDS.items()
    ]
    return offered


def _compared(spot: Spot) -> FieldType | None:
    """The type of the field the comparison at the spot is about (the nearest field name
    before the operator, so `hand of next player <` finds `hand`)."""
    scope = fields_in_scope(spot.event)
    for word in reversed(spot.words[:-1]):
        if word in ("when", "and", "or", "if", "while", "until", "(", ":"):
            return None
        if word in catalog.PLAYER_FIELDS:
            return catalog.PLAYER_FIELDS[word]
        if word in scope:
            return scope[word]
    return None


def _values(ftype: FieldType) -> list[Offer]:
    if ftype.kind == "symbol":
        return [Offer(s, "value", ftype.describe()) for s in ftype.symbols]
    if ftype.kind == "bool":
        return [Offer(w, "value", "a truth value") for w in ("true", "false")]
    if ftype.kind == "rank":
        ranks = [*(str(n) for n in catalog.NUMBER_RANKS), *catalog.RANK_NAMES.values()]
        return [
            Offer(r, "value", "a rank") for r in [*ranks, *(["none"] if ftype.nullable else [])]
        ]
    return []


def _roles() -> list[Offer]:
    return [
        Offer(role, "role", "a role: whoever holds it when the rule runs")
        for role in catalog.ROLE_WORDS
    ]
