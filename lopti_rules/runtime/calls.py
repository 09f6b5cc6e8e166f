"""Table events: calls, races and conduct that people say or do and the engine cannot see.

Takes the table events a rule set declares (`call`, `race`, `conduct`, compiled by load.py);
`Table(runtime, declared)` follows one game: it opens a call or race when its trigger fires
(`after EVENT [when COND]`, on the bus like a hook), closes every open one when the next play
begins (`before play`) or its player finishes, and turns the table's reports into the
engine's report events (`Game.report`), whose hooks the rules add (`after missed lopti: ...`).

Semantics (docs/language.md, "Table calls and reports"):
- A call is due for the trigger event's actor from the trigger until the next play begins
  (anyone's), the round ends or that player finishes. While it is due the player may `say`
  it; another player may `report` it missed once, if it was not said. A race opens at its
  trigger and closes the same way; once it is open the table may name its loser (one report
  per opening). Conduct may be reported at any time, about any player still in the round.
- A report is refused with a one-sentence reason (`ReportRefused`) when it is not due: no such
  table event, nothing open, already said or reported, about a finished player, made by the
  player it is about, or made while a move is resolving. An accepted report's hooks run at
  once, between moves: a penalty applies now (no retroactivity), adds actions only, and is
  never an automatic consequence: no action emits a report.
- `TableModel` is the seeded model of a table of bots (simulate, vet, play): a bot forgets a
  due call with probability `call_miss`; the table catches a forgotten call with probability
  `CATCH`; every race that opens gets its loser, a player still in the round at random, and
  then its first (`won`), another player still in the round at random; each
  conduct event is reported after a move with probability `CONDUCT_RATE`, about a random
  player still in the round. Every report is made by a random other player.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lopti_rules.engine.events import Event, Gate
from lopti_rules.i18n import _
from lopti_rules.runtime.guard import Guard

if TYPE_CHECKING:
    from lopti_rules.engine.game import EventBus, Game

# the reports of each kind of table event (a race's last is `lost`, its first `won`)
REPORTS_OF = {"call": ("missed",), "race": ("lost", "won"), "conduct": ("caught",)}
DEFAULT_CALL_MISS = 0.2  # a bot forgets a due call this often (`--call-miss`)
CATCH = 0.5  # the table catches a forgotten call this often
CONDUCT_RATE = 0.02  # after each move, each conduct event is reported this often


def check_call_miss(p: float) -> None:
    """ValueError (one sentence, for `--call-miss`) unless 0 <= p <= 1."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"--call-miss must be between 0 and 1, not {p}")


class ReportRefused(ValueError):
    """A report or call the table may not make now; the message says why in one sentence."""


@dataclass(frozen=True, slots=True)
class TableEventSpec:
    """A declared table event, compiled: its trigger as a gate on the bus."""

    kind: str  # "call", "race" or "conduct"
    name: str  # casefolded
    what: str  # what must be said or done, as the rule words it
    rule: str  # the declaring rule's title
    event: str | None = None  # the trigger event (call, race)
    gate: Gate[Game] | None = None
    keys: frozenset[int] | None = None
    # the reports the table offers (`reportable`): the kind's own, and a race's `won` when a
    # rule hooks it (nobody needs a race's first named otherwise)
    offered: tuple[str, ...] = ()


@dataclass(slots=True)
class Open:
    """A call due (for `seat`) or a race open (seat None), until the next play."""

    spec: TableEventSpec
    seat: int | None
    said: bool = False
    named: dict[str, int] = field(default_factory=dict)  # report -> the seat it named

    def open_to(self, report: str) -> bool:
        return not self.said and report not in self.named


@dataclass(frozen=True, slots=True)
class Reportable:
    """What the table may report now: a table event, about whom, and by whom."""

    name: str
    kind: str  # "call", "race", "conduct"
    report: str  # "missed", "lost", "won", "caught"
    what: str
    about: tuple[int, ...]  # the seats it may be about
    by: tuple[int, ...]  # the seats that may report it (never the one it is about)


def windows(
    bus: EventBus,
    specs: Sequence[TableEventSpec],
    opener: Callable[[TableEventSpec], Callable[[Event], None]],
    close_all: Callable[[Event], None],
    close_seat: Callable[[Event], None],
    *,
    gated: bool = True,
) -> None:
    """When a call or race can be due, declared once: it opens after its trigger event
    (`opener(spec)` runs; with `gated`, only when its condition holds), and every one closes
    when the next play begins (`close_all`) or, for that player's, when they finish
    (`close_seat`). The web table subscribes the same windows ungated, as the whole table
    sees them (`serve/table.py` `Triggers`)."""
    timed = [s for s in specs if s.event is not None]
    for spec in timed:
        assert spec.event is not None
        gate = spec.gate if gated else None
        bus.subscribe(spec.event, "after", opener(spec), gate, keys=spec.keys)
    if timed:
        bus.subscribe("play", "before", close_all)
        bus.subscribe("finish", "after", close_seat)


class Table:
    """The table events in force on one game: what is open, saying and reporting."""

    __slots__ = ("listeners", "open", "runtime", "specs")

    def __init__(self, runtime: Guard, specs: Sequence[TableEventSpec]) -> None:
        self.runtime = runtime
        self.specs = {s.name: s for s in specs}
        self.open: list[Open] = []
        self.listeners: list[Open] = []  # opened since the model last looked (TableModel)
        windows(runtime.bus, specs, self._opener, self._close_all, self._close_seat)

    def _opener(self, spec: TableEventSpec) -> Callable[[Event], None]:
        def fire(event: Event) -> None:
            seat = event.actor if spec.kind == "call" else None
            if spec.kind == "call" and (seat is None or self.runtime.game.out[seat]):
                return  # never due from a finished player (LANGUAGE.md §4): none to report
            self.open = [o for o in self.open if not (o.spec is spec and o.seat == seat)]
            opened = Open(spec, seat)
            self.open.append(opened)
            self.listeners.append(opened)

        return fire

    def _close_all(self, event: Event) -> None:
        self.open.clear()

    def _close_seat(self, event: Event) -> None:
        self.open = [o for o in self.open if o.seat != event.actor]

    # ------------------------------------------------------------------ the table's API

    def reportable(self) -> list[Reportable]:
        """Every report the table may make now (empty while a move resolves or the round is
        over), in declaration order: what the web table's buttons show."""
        game = self.runtime.game
        if game.over or game.resolving:
            return []
        inside = tuple(_inside(game))
        out: list[Reportable] = []
        for spec in self.specs.values():
            for report in spec.offered or REPORTS_OF[spec.kind][:1]:
                if spec.kind == "conduct":
                    about = inside
                else:
                    about = tuple(
                        s
                        for o in self.open
                        if o.spec is spec and o.open_to(report)
                        for s in ((o.seat,) if o.seat is not None else inside)
                        if s not in o.named.values()
                    )
                if about:
                    by = tuple(range(game.players)) if len(about) > 1 else _others(game, about[0])
                    out.append(Reportable(spec.name, spec.kind, report, spec.what, about, by))
        return out

    def model(self, seed: int, call_miss: float = DEFAULT_CALL_MISS) -> TableModel:
        """The seeded table model of bots (`TableModel`) on this table: what simulations, and
        the searching bot's rollouts, play the calls and reports with."""
        return TableModel(self, seed, call_miss)

    def due(self, seat: int) -> list[str]:
        """The calls due for `seat` now that it has not said."""
        return [o.spec.name for o in self.open if o.seat == seat and o.open_to("missed")]

    def say(self, name: str, seat: int) -> None:
        """`seat` makes the call `name` (says "Lopti"): it can no longer be caught missed."""
        spec = self._spec(name)
        if spec.kind != "call":
            not_said = {
                "race": _("`{name}` is a race, not a call: nobody says it"),
                "conduct": _("`{name}` is a conduct, not a call: nobody says it"),
            }
            raise ReportRefused(not_said[spec.kind].format(name=spec.name))
        for o in self.open:
            if o.spec is spec and o.seat == seat and o.open_to("missed"):
                o.said = True
                return
        said = _("the call `{name}` is not due for seat {seat} now")
        raise ReportRefused(said.format(name=spec.name, seat=seat))

    def report(self, name: str, seat: int, by: int, report: str | None = None) -> None:
        """The table reports `name` about `seat`, made by `by`: its hooks run now. `report`
        is the kind's report (`missed`, `caught`; a race's `lost`, the default, or `won`).
        ReportRefused (nothing changes) when the report is not due."""
        spec = self._spec(name)
        told = report or REPORTS_OF[spec.kind][0]
        if told not in REPORTS_OF[spec.kind]:
            reported = {
                "call": _("`{name}` is a call: it is reported `missed`"),
                "race": _("`{name}` is a race: it is reported `lost` or `won`"),
                "conduct": _("`{name}` is a conduct: it is reported `caught`"),
            }
            raise ReportRefused(reported[spec.kind].format(name=spec.name))
        game = self.runtime.game
        self._may_report(game, spec, seat, by)
        if spec.kind != "conduct":
            self._opening(spec, seat, told).named[told] = seat
        game.report(told, seat, spec.name, by)

    def _spec(self, name: str) -> TableEventSpec:
        spec = self.specs.get(name.casefold())
        if spec is None:
            known = ", ".join(f"`{n}`" for n in self.specs) or "-"
            said = _("no rule in force declares `{name}` (declared: {known})")
            raise ReportRefused(said.format(name=name, known=known))
        return spec

    def _may_report(self, game: Game, spec: TableEventSpec, seat: int, by: int) -> None:
        seats = range(game.players)
        if seat not in seats or by not in seats:
            raise ReportRefused(_("the table has seats 0 to {last}").format(last=game.players - 1))
        if game.over:
            raise ReportRefused(_("the round is over: nothing can be reported now"))
        if game.resolving:
            raise ReportRefused(_("a move is resolving: report between moves"))
        if game.out[seat]:
            said = _("seat {seat} has finished: no card can reach that player (R3)")
            raise ReportRefused(said.format(seat=seat))
        if seat == by:
            raise ReportRefused(_("a player does not report themselves: another player must"))

    def _opening(self, spec: TableEventSpec, seat: int, report: str) -> Open:
        for o in self.open:
            if o.spec is spec and o.seat in (seat, None) and report not in o.named:
                if o.said:
                    said = _("seat {seat} said `{name}` in time")
                    raise ReportRefused(said.format(seat=seat, name=spec.name))
                if seat in o.named.values():
                    said = _("seat {seat} is already named in the race `{name}`")
                    raise ReportRefused(said.format(seat=seat, name=spec.name))
                return o
        if spec.kind == "call":
            said = _(
                "the call `{name}` is not due for seat {seat} now (it is due after its event "
                "and can be caught until the next play)"
            )
            raise ReportRefused(said.format(name=spec.name, seat=seat))
        said = _(
            "the race `{name}` is not open for `{report}` now (each of its reports is made "
            "once, until the next play)"
        )
        raise ReportRefused(said.format(name=spec.name, report=report))


def _others(game: Game, seat: int) -> tuple[int, ...]:
    return tuple(s for s in range(game.players) if s != seat)


@dataclass(slots=True)
class TableModel:
    """The seeded table of bots (module doc): says or forgets calls, reports races, conduct.

    Each table event draws from its own RNG, seeded from the game's seed and its name, so
    what the model does with one table event never depends on which others are in force (a
    rule added by `vet` changes nothing for the others' calls unless its own hooks fire)."""

    table: Table
    seed: int
    call_miss: float = DEFAULT_CALL_MISS
    rngs: dict[str, random.Random] = field(default_factory=dict)

    def rng(self, name: str) -> random.Random:
        rng = self.rngs.get(name)
        if rng is None:
            rng = self.rngs[name] = random.Random(f"lopti-table-{self.seed}-{name}")
        return rng

    def between(self) -> None:
        """Called between moves: the bots say their calls or forget them, and the table
        makes the reports the model gives it."""
        table = self.table
        game = table.runtime.game
        fresh, table.listeners[:] = list(table.listeners), []
        for o in fresh:
            if game.over:
                return
            rng = self.rng(o.spec.name)
            if o.spec.kind == "call" and o.seat is not None:
                if rng.random() >= self.call_miss:
                    o.said = True
                elif rng.random() < CATCH:
                    self._report(o.spec.name, o.seat)
            elif o.spec.kind == "race" and o in table.open:
                inside = _inside(game)
                last = rng.choice(inside)
                self._report(o.spec.name, last)
                others = [s for s in inside if s != last and not game.out[s]]
                if others and not game.over:  # and its first, for `won` hooks
                    self._report(o.spec.name, rng.choice(others), "won")
        for spec in table.specs.values():
            if spec.kind == "conduct" and not game.over:
                rng = self.rng(spec.name)
                if rng.random() < CONDUCT_RATE:
                    self._report(spec.name, rng.choice(_inside(game)))

    def _report(self, name: str, seat: int, report: str | None = None) -> None:
        game = self.table.runtime.game
        if game.over or game.out[seat]:
            return
        by = self.rng(name).choice(_others(game, seat))
        with contextlib.suppress(ReportRefused):  # closed meanwhile by an earlier report
            self.table.report(name, seat, by, report)


def _inside(game: Game) -> list[int]:
    return [s for s in range(game.players) if not game.out[s]]
