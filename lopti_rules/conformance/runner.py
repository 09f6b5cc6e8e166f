"""Running scenarios against the engine: PASS, or FAIL with one clear reason.

Input: validated `Scenario`s (from `loader`). For each, the runner builds the engine's
`Position` from the scenario state (the chained 3s among the removed cards, X3.2), makes a
`Game` (a state the engine rejects fails at the `state` node's line and column, as a malformed
scenario does), then makes each step's move and checks the
step's expectations against `game.position()`, `game.winner` and the events the step emitted
(seen through `game.bus.observe`). Output: a `Result` per scenario. The first step that goes
wrong ends the scenario (later steps would start from a state the scenario did not intend),
and its reason names the step and every expectation that did not hold. A refused move must
leave the game exactly as it was and emit nothing (CONFORMANCE.md: "nothing changes"). An
engine exception other than `IllegalMoveError` is a FAIL naming it, never a crash of the run.
The engine under test is the real one unless an `Engine` (how to build the table, how to make
a move) is handed in: the corpus's own tests hand in deliberately broken ones to show it fails.
Reasons are said in the language in use (gettext); what they quote from the scenario or the
game stays as it is: clause ids, names, event and field names, the step as its keys write it
(`play 5`, `pickup`), cards, and the engine's own refusals (already in that language).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lopti_rules.conformance.loader import Loaded, discover, load_all
from lopti_rules.conformance.model import EventSpec, Expect, Report, Scenario, Step, said_answer
from lopti_rules.conformance.table import position
from lopti_rules.diagnostics.style import Paint, plain
from lopti_rules.engine.asks import Answer, AnswerError, Ask
from lopti_rules.engine.cards import names, parse_rank, rank_name
from lopti_rules.engine.events import Event
from lopti_rules.engine.moves import IllegalMoveError, Move, PickUp, Reveal, Swap, play_of
from lopti_rules.engine.position import Position
from lopti_rules.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from lopti_rules.engine import Game
    from lopti_rules.runtime import Runtime
    from lopti_rules.runtime.calls import Table

RUNTIME_MISSING = N_(
    "custom rules need the hook runtime (lopti_rules.runtime), which is not installed"
)


@dataclass(frozen=True, slots=True)
class Result:
    name: str
    path: Path
    passed: bool
    reason: str | None = None

    def line(self, paint: Paint = plain) -> str:
        """`PASS name` or `FAIL name: reason` (`paint`: the verdict in its colour)."""
        if self.passed:
            passed = paint(pgettext("conformance verdict", "PASS"), "good")
            return f"{passed} {self.name}"
        failed = paint(pgettext("conformance verdict", "FAIL"), "error")
        return f"{failed} {self.name}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Refused:
    """What a refused step (a move or a report) must not have done, said of that step: two
    messages each, since a language says "the refused move" and "the refused report" with
    its own article and agreement."""

    changed: str
    emitted: str


REFUSED_MOVE = Refused(
    N_("the refused move changed the game"), N_("the refused move emitted events: {events}")
)
REFUSED_REPORT = Refused(
    N_("the refused report changed the game"), N_("the refused report emitted events: {events}")
)


def _table(pos: Position, seed: int) -> Game:
    from lopti_rules.engine import Game

    return Game.from_position(pos, seed=seed)


def _apply(game: Game, move: Move) -> None:
    game.apply(move)


@dataclass(frozen=True, slots=True)
class Engine:
    """The engine under test: how a scenario's table is built (ValueError: the state is
    rejected) and how a move is made (IllegalMoveError: refused). The real engine's by default."""

    table: Callable[[Position, int], Game] = _table
    apply: Callable[[Game, Move], None] = _apply


REAL_ENGINE = Engine()


def run_paths(paths: Iterable[str | Path], engine: Engine = REAL_ENGINE) -> list[Result]:
    """Run every scenario under `paths` (FileNotFoundError for a path that does not exist)."""
    return [run_loaded(item, engine) for item in load_all(discover(paths))]


def run_loaded(item: Loaded, engine: Engine = REAL_ENGINE) -> Result:
    if item.scenario is None:
        return Result(item.name, item.path, False, item.problem)
    reason = run_scenario(item.scenario, state_at=item.state_at, engine=engine)
    return Result(item.name, item.path, reason is None, reason)


def install_custom_rules(
    game: Game, sc: Scenario, installed: list[Runtime] | None = None
) -> str | None:
    """Put the scenario's custom `rules:` in force; a FAIL reason when that cannot be done.

    The single place where custom rules meet the runner. The rules are checked together, as
    a table checks its pack; every rule is the scenario's `author:` seat's (the `author`
    role), and `seed:` already seeded the game's RNG (roshambo throws, shuffles). A rejected
    set is a FAIL naming each error at its line and column in the `rules:` text.
    """
    if sc.rules is None:
        return None
    if importlib.util.find_spec("lopti_rules.runtime") is None:
        return _(RUNTIME_MISSING)
    from lopti_rules.api import ruleset_from_sources
    from lopti_rules.diagnostics.source import Source
    from lopti_rules.runtime import RuleEntry, RulesRejected

    try:
        rules = ruleset_from_sources([RuleEntry(Source(sc.rules, "rules"), sc.author)])
    except RulesRejected as exc:
        errors = [d for d in exc.diagnostics if d.is_error]
        shown = "; ".join(f"{d.span.line}:{d.span.column}: {d.code} {d.message}" for d in errors)
        return _("the checker rejects the scenario's rules (rules {shown})").format(shown=shown)
    runtime = rules.install(game)
    if installed is not None:
        installed.append(runtime)
    return None


def run_scenario(
    sc: Scenario, *, state_at: str | None = None, engine: Engine = REAL_ENGINE
) -> str | None:
    """None when the scenario passes, else the reason it fails.

    `state_at` (`FILE:LINE:COL` of the scenario's `state`) heads the reason when the engine
    rejects the state, as for any malformed scenario.
    """
    try:
        game = engine.table(position(sc), sc.seed)
    except ValueError as exc:
        where = f"{state_at}: " if state_at else ""
        said = _("the engine rejects the scenario's state: {problem}").format(problem=exc)
        return where + said
    installed: list[Runtime] = []
    reason = install_custom_rules(game, sc, installed)
    if reason is not None:
        return reason
    table = installed[0].table if installed else None
    emitted: list[Event] = []

    def observe(event: Event) -> None:
        emitted.append(event)

    game.bus.observe(observe)
    for number, step in enumerate(sc.steps, start=1):
        emitted.clear()
        try:
            if step.report is not None:
                problems = _report_step(game, table, step.report, step.expect, emitted)
            else:
                problems = _run_step(game, step, emitted, engine.apply)
        except Exception as exc:  # an engine bug must be a FAIL, not a crash of the run
            said = _("the step crashed with {kind}: {problem}")
            problems = [said.format(kind=type(exc).__name__, problem=exc)]
        if problems:
            said = _("step {number} ({step}): {problems}")
            glue = pgettext("conformance: between the problems of a step", "; ")
            return said.format(number=number, step=step.describe(), problems=glue.join(problems))
    return None


def _move(step: Step) -> Move:
    if step.play is not None:
        return play_of(step.play)
    if step.pickup:
        return PickUp()
    if step.reveal is not None:
        return Reveal(step.reveal)
    assert step.swap is not None
    return Swap(step.swap.seat, step.swap.hand, step.swap.face_up)


class _Answers:
    """The chooser of a step with `choose:`: its answers, given to the move's asks in order;
    an ask without an answer, or an answer the ask does not allow, is a problem (the ask
    then takes its default, so the step still runs to its end)."""

    def __init__(self, answers: list[Answer]) -> None:
        self.left = list(answers)
        self.problems: list[str] = []

    def __call__(self, game: Game, ask: Ask) -> Answer | None:
        if not self.left:
            said = _("the `{purpose}` ask of seat {seat} has no answer in `choose:`")
            self.problems.append(said.format(purpose=ask.purpose, seat=ask.seat))
            return None
        answer = self.left.pop(0)
        try:
            return ask.check(answer)
        except AnswerError as exc:
            said = _("the `choose:` answer {answer} is not allowed: {problem}")
            self.problems.append(said.format(answer=said_answer(answer), problem=exc))
            return None

    def leftover(self) -> list[str]:
        if not self.left:
            return []
        shown = ", ".join(said_answer(a) for a in self.left)
        return [_("`choose:` answers no ask used: {answers}").format(answers=shown)]


def _run_step(
    game: Game, step: Step, emitted: list[Event], apply: Callable[[Game, Move], None]
) -> list[str]:
    expect = step.expect or Expect()
    before = game.position()
    answers = _Answers(step.choose) if step.choose is not None else None
    outer = game.bus.chooser
    if answers is not None:
        game.bus.chooser = answers
    try:
        if step.answer is not None:
            game.answer(step.answer)  # the answer a turn's end waits for (`state.waiting`)
        else:
            apply(game, _move(step))
        accepted, message = True, ""
    except (IllegalMoveError, AnswerError) as exc:
        accepted, message = False, str(exc)
    finally:
        game.bus.chooser = outer
    if answers is not None and (answers.problems or answers.left):
        return answers.problems + answers.leftover()
    if expect.wants_legal() and not accepted:
        return [_("the engine refused a legal move: {message}").format(message=message)]
    if not expect.wants_legal() and accepted:
        return [_("the engine accepted a move the rules forbid")]
    return _after(game, expect, before, accepted, message, emitted, REFUSED_MOVE)


def _after(
    game: Game,
    expect: Expect,
    before: Position,
    accepted: bool,
    message: str,
    emitted: list[Event],
    what: Refused,
) -> list[str]:
    """What a step's refusal (a move or a report) changed that it must not, then `_check`."""
    problems: list[str] = []
    if not accepted:
        if game.position() != before:
            problems.append(_(what.changed))
        if emitted:
            shown = ", ".join(e.name for e in emitted)
            problems.append(_(what.emitted).format(events=shown))
        if expect.error is not None and expect.error not in message:
            said = _("the refusal `{message}` does not mention `{error}`")
            problems.append(said.format(message=message, error=expect.error))
    return problems + _check(game, expect, emitted)


def _report_step(
    game: Game, table: Table | None, report: Report, expect: Expect | None, emitted: list[Event]
) -> list[str]:
    """A table report (or a call said) between moves: accepted or refused like a move."""
    from lopti_rules.runtime.calls import ReportRefused

    expect = expect or Expect()
    before = game.position()
    try:
        if table is None:
            raise ReportRefused(_("no rule in force declares a table event"))
        if report.say:
            table.say(report.call, report.seat)
        else:
            assert report.by is not None  # the model requires it
            table.report(report.call, report.seat, report.by, report.outcome)
        accepted, message = True, ""
    except ReportRefused as exc:
        accepted, message = False, str(exc)
    if expect.wants_legal() and not accepted:
        return [_("the table refused a due report: {message}").format(message=message)]
    if not expect.wants_legal() and accepted:
        return [_("the table accepted a report that was not due")]
    return _after(game, expect, before, accepted, message, emitted, REFUSED_REPORT)


def _show(ranks: Iterable[int]) -> str:
    return "[" + " ".join(names(ranks)) + "]"


def _check(game: Game, ex: Expect, emitted: list[Event]) -> list[str]:
    """Every expectation of `ex` that the game does not meet, as short sentences."""
    pos = game.position()
    out: list[str] = []

    def differ(what: str, got: object, want: object) -> None:
        if got != want:
            out.append(_("{what} is {got}, expected {want}").format(what=what, got=got, want=want))

    if ex.pile is not None:
        got_pile = [r for play in pos.pile for r in play]
        want_pile = [r for play in ex.pile for r in play]
        differ("pile", _show(got_pile), _show(want_pile))
    for key, got in (
        ("turn", pos.turn),
        ("chain", pos.chain),
        ("obligation", pos.obligation),
        ("low", pos.low),
        ("deck", len(pos.deck)),
        ("removed", pos.removed_count),
        ("drawn", pos.drawn),
        ("bonus", pos.bonus),
        ("finished", list(pos.finished)),
        ("direction", "clockwise" if pos.direction == 1 else "counterclockwise"),
    ):
        want = getattr(ex, key)
        if want is not None:
            differ(key, got, want)
    if "winner" in ex.model_fields_set:
        differ("winner", game.winner, ex.winner)
    for key, zone in (("hands", pos.hands), ("face_up", pos.face_up), ("face_down", pos.face_down)):
        per_seat: dict[int, list[int]] | None = getattr(ex, key)
        for seat, cards in sorted((per_seat or {}).items()):  # seats checked at load
            differ(
                _("{zone} of seat {seat}").format(zone=key, seat=seat),
                _show(sorted(zone[seat])),
                _show(sorted(cards)),
            )
    if ex.events is not None and not _in_order(ex.events, emitted):
        shown, wanted = ", ".join(_brief(e) for e in emitted), ", ".join(map(str, ex.events))
        said = _("events were [{shown}], expected [{wanted}] in order")
        out.append(said.format(shown=shown, wanted=wanted))
    return out


def _in_order(wanted: list[EventSpec], emitted: list[Event]) -> bool:
    """Whether `wanted` is a subsequence of `emitted` (extra events in between allowed)."""
    it = iter(emitted)
    return all(any(_matches(spec, seen) for seen in it) for spec in wanted)


def _matches(spec: EventSpec, event: Event) -> bool:
    if spec.name != event.name:
        return False
    for key, want in spec.fields.items():
        if key == "player":  # the event's actor (LANGUAGE.md §4)
            if event.actor != want:
                return False
            continue
        if key not in event.fields:
            return False
        got = event.fields[key]
        if key == "rank":
            if _as_rank(got) is None or _as_rank(got) != _as_rank(want):
                return False
        elif str(got).lower() != str(want).lower():
            return False
    return True


def _as_rank(value: object) -> int | None:
    """A rank as the engine's int (events carry ints; scenarios write "K", 13 or "13")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 2 <= value <= 14 else None
    try:
        return parse_rank(str(value))
    except ValueError:
        return None


def _brief(event: Event) -> str:
    """An event as a failure message shows it: its name, its actor and its scalar fields."""
    fields: dict[str, object] = {} if event.actor is None else {"player": event.actor}
    fields |= {k: v for k, v in event.fields.items() if isinstance(v, str | int | bool)}
    if "rank" in fields and isinstance(fields["rank"], int):
        fields["rank"] = rank_name(fields["rank"])
    inner = ", ".join(f"{k}={v}" for k, v in fields.items())
    return f"{event.name}({inner})" if inner else event.name
