"""The event log: a game as JSON Lines, complete enough to replay and analyse (INTERFACES.md).

`EventLog(out, header)` writes the header line (`seq` 0, `event: "game"`, with the seed,
players, bots, pack and program version) and is then an observer for `EventBus.observe`:
each event becomes one line, in order, with `seq`, `event`, `player` (the actor's seat or
null), the event's fields under their LANGUAGE.md names, and every rank written as a
string ("10", "J"). The output is deterministic: same game, same bytes.

Custom rules (INTERFACES.md): given the rule runtime (`EventLog(out, head, rules=runtime)`,
anything with a `rule` attribute), every line written while a rule's hook or action runs
carries `rule`, the rule's title; base play has none. The runtime's notes become the lines
`hook` (`timing`, `on`, `player`, `rule`: a hook's condition held and it runs, written just
before its actions' lines), the notes of the actions that emit no base event (`give`,
`under`, ...: each declared in `engine/notes.py`, written with its fields as they are),
`choice` (a player's answer to a seat or yes/no ask) and `guard`
(`rule`, `reason`: the runtime guard stopped a runaway custom action).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Protocol, TextIO

from lopti_rules import __version__
from lopti_rules.engine import Event
from lopti_rules.engine.cards import RANK_NAMES

# fields that hold one rank, a list of ranks, or one list of ranks per seat
_RANK_FIELDS = frozenset({"rank", "hand"})
_RANK_LISTS = frozenset({"cards", "deck"})
_SEAT_LISTS = frozenset({"hands", "face_down"})


class RuleContext(Protocol):
    """What the log reads from the rule runtime: the title of the rule running now."""

    @property
    def rule(self) -> str | None: ...


def _rank(value: object) -> object:
    return RANK_NAMES.get(value, value) if isinstance(value, int) else value


def _ranks(value: object) -> object:
    if isinstance(value, list | tuple):
        return [_rank(v) for v in value]
    return value


def record(seq: int, event: Event) -> dict[str, object]:
    """One log line's object for `event`."""
    line: dict[str, object] = {"seq": seq, "event": event.name, "player": event.actor}
    fields: Mapping[str, object] = event.fields
    for key, value in fields.items():
        if key in _RANK_FIELDS:
            line[key] = _rank(value)
        elif key in _RANK_LISTS:
            line[key] = _ranks(value)
        elif key in _SEAT_LISTS or (key == "face_up" and isinstance(value, list | tuple)):
            line[key] = [_ranks(v) for v in value] if isinstance(value, list | tuple) else value
        elif key == "face_up":
            line[key] = _rank(value)  # the swap's face-up card
        else:
            line[key] = value
    return line


def header(
    seed: int, players: list[str], bots: list[str], pack: str | None = None, **extra: object
) -> dict[str, object]:
    line: dict[str, object] = {
        "seq": 0,
        "event": "game",
        "player": None,
        "seed": seed,
        "players": players,
        "bots": bots,
        "pack": pack,
        "version": __version__,
    }
    line.update(extra)
    return line


class EventLog:
    """Writes the header now, then one line per observed event (`rule` from `rules`)."""

    __slots__ = ("_out", "rules", "seq")

    def __init__(
        self, out: TextIO, head: dict[str, object], *, rules: RuleContext | None = None
    ) -> None:
        self._out = out
        self.seq = 0
        self.rules = rules  # may be set later, once the runtime exists
        self._write(head)

    def _write(self, obj: dict[str, object]) -> None:
        self._out.write(json.dumps(obj, ensure_ascii=False) + "\n")

    def __call__(self, event: Event) -> None:
        self.seq += 1
        line = record(self.seq, event)
        rules = self.rules
        if rules is not None and "rule" not in line:
            title = rules.rule
            if title is not None:
                line["rule"] = title
        self._write(line)
