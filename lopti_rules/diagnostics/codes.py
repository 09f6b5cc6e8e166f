"""The registry of diagnostic codes: one table, codes never reused.

Every diagnostic a stage reports names a code from `CODES`. The code's page in
`docs/codes/<CODE>.md` (shipped inside the package, printed by `lopti explain CODE`) says what
it catches, why the rulebook forbids it, an example and what to write instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: Severity
    title: str
    clause: str  # the RULES.md clause(s) it enforces, or "" for pure syntax


_E, _W = Severity.ERROR, Severity.WARNING

CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # syntax (the parser)
        Code("LP001", _E, "unexpected token", ""),
        Code("LP002", _E, "unexpected character", ""),
        Code("LP003", _E, "bad indentation or tab", ""),
        Code("LP004", _E, "unterminated string", ""),
        Code("LP005", _E, "input over a size limit", ""),
        # add, don't replace (R2)
        Code("LR101", _E, "replaces a base event", "R2"),
        Code("LR102", _E, "prevents, cancels, skips or undoes a base event", "R2"),
        Code("LR103", _E, "takes away what its own base event needs", "R2, C5"),
        # keep the game playable (R3, V10)
        Code("LR201", _E, "prevents winning", "R3"),
        Code("LR202", _E, "touches the vote or roshambo procedure", "R3, V10"),
        Code("LR203", _E, "endless loop", "R3"),
        Code("LR204", _E, "unbounded loop construct", "R3"),
        Code("LR205", _E, "repeat bound over 10", "R3"),
        Code("LR206", _E, "retroactive", "R3"),
        Code("LR207", _E, "demands harmful conduct", "R3"),
        Code("LR208", _E, "a hook's work over the limit", "R3"),
        Code("LR209", _E, "a cascade's work over the limit", "R3"),
        Code("LR210", _E, "rounds do not end", "R3"),
        # conditions, not people (R4)
        Code("LR301", _E, "targets a person", "R4"),
        Code("LR302", _E, "fixed seat or position", "R4"),
        Code("LR303", _E, "fixed personal trait", "R4"),
        Code("LR304", _E, "a roster name appears", "R4"),
        # names and types
        Code("LR501", _E, "unknown event", ""),
        Code("LR502", _E, "unknown field", ""),
        Code("LR503", _E, "type mismatch", ""),
        Code("LR504", _E, "a role outside the block it belongs to", ""),
        Code("LR505", _E, "duplicate rule title", ""),
        Code("LR506", _E, "number out of range", ""),
        Code("LR507", _E, "a report of a table event that no rule declares", ""),
        Code("LR508", _E, "a table event declared twice", ""),
        # rule packs (lopti_rules.packs.pack)
        Code("LY001", _E, "the pack is not a YAML mapping", ""),
        Code("LY002", _E, "the pack does not match its schema", ""),
        Code("LY003", _E, "a rule's author is not a player", "R5"),
        Code("LY004", _E, "a rule file cannot be read", ""),
        Code("LY005", _E, "the pack is over a size limit", ""),
        # warnings
        Code("LW601", _W, "the condition can never hold", ""),
        Code("LW602", _W, "the rule changes nothing in the game", ""),
        Code("LW603", _W, "rounds last many times longer", "R3"),
    )
}


def severity_of(code: str) -> Severity:
    entry = CODES.get(code)
    return entry.severity if entry else Severity.ERROR
