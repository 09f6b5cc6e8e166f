"""Taking back a session's last step (`lopti session undo`).

Takes: a `Session` whose `steps` say, in order, what each change was (`procedure` and
`ballot` append one per change). Produces: the session exactly as it was before its last
step, and that step in one sentence, which is also kept in `undone` so that `history` still
tells it. Guarantees: only the last step is taken back, whole (a `round` that dealt and
finished at once is one step); a file without steps (made before steps were kept, or cleared
by hand), or whose last step no longer matches its records, raises `UndoError` and is left
as it was. Starting the session is not a step: a new session is `start --force`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lopti_rules.session.model import RemovedRule, RuleRecord, UndoneRecord
from lopti_rules.session.procedure import Session
from lopti_rules.session.report import describe_vote


class UndoError(ValueError):
    """Nothing can be undone (one sentence, without the final stop)."""


def last_step(session: Session) -> str:
    """The last step in words, as `undo` would take it back; UndoError when there is none."""
    return _plan(session)[0]


def undo(session: Session) -> str:
    """Take back the last step and return it in words (kept in the session's `undone`)."""
    told, take_back = _plan(session)
    take_back()
    session.state.steps.pop()
    session.state.undone.append(UndoneRecord(round=session.current, step=told))
    return told


def _plan(session: Session) -> tuple[str, Callable[[], None]]:
    state = session.state
    if not state.steps:
        raise UndoError("there is no step to undo in this session file")
    step = state.steps[-1]
    try:
        return _PLANS[step](session)
    except (IndexError, StopIteration, ValueError, _Mismatch):
        raise UndoError(
            f"the last step ({step}) does not match the session's records, which were "
            "edited by hand: nothing was undone"
        ) from None


class _Mismatch(Exception):
    """The records do not hold what the last step made."""


def _expect(holds: bool) -> None:
    if not holds:
        raise _Mismatch


def _deal(session: Session) -> tuple[str, Callable[[], None]]:
    record = session.state.rounds[-1]
    _expect(not record.finished)
    told = f"the deal of round {record.round} ({record.dealer} dealt, {record.opener} plays first)"
    return told, lambda: _drop(session.state.rounds)


def _finish(session: Session) -> tuple[str, Callable[[], None]]:
    record = session.state.rounds[-1]
    _expect(record.finished)

    def take_back() -> None:
        record.finished, record.winner, record.places = False, None, []

    return f"the end of round {record.round} ({_won(record.winner)})", take_back


def _round(session: Session) -> tuple[str, Callable[[], None]]:
    record = session.state.rounds[-1]
    _expect(record.finished)
    told = f"round {record.round}, dealt and {_won(record.winner)}"
    return told, lambda: _drop(session.state.rounds)


def _won(winner: str | None) -> str:
    return f"won by {winner}" if winner is not None else "stalled"


def _rule(session: Session) -> tuple[str, Callable[[], None]]:
    rule = _newest(session, "winner")
    told = f'{rule.author}\'s rule {rule.id} "{rule.title}" for round {rule.won}'
    return told, lambda: session.state.rules.remove(rule)


def _reword(session: Session) -> tuple[str, Callable[[], None]]:
    old = session.state.rewordings[-1]
    rule = next(r for r in session.state.rules if r.id == old.rule)

    def take_back() -> None:
        rule.title, rule.text = old.old_title, old.old_text
        session.state.rewordings.pop()

    return f'the rewording of rule {rule.id} (it was "{old.old_title}")', take_back


def _delete(session: Session) -> tuple[str, Callable[[], None]]:
    gone = session.state.removed[-1]
    _expect(gone.by == "author")
    told = f'the deletion of rule {gone.id} "{gone.title}" by its creator, {gone.author}'
    return told, lambda: _unremove(session, gone)


def _vote(session: Session) -> tuple[str, Callable[[], None]]:
    state = session.state
    record = state.votes[-1]
    steps: list[Callable[[], None]] = [lambda: state.votes.remove(record)]
    if record.result == "passed":
        if record.action in ("change", "restore"):
            new = _newest(session, record.action)
            _expect(new.origin == record.rule)
            steps.append(lambda: state.rules.remove(new))
        if record.action in ("remove", "change"):
            gone = state.removed[-1]
            _expect(gone.id == record.rule and gone.by == "vote")
            steps.append(lambda: _unremove(session, gone))
        if record.action == "base":
            steps.append(lambda: _drop(state.base))
    told = f"the Rule Vote of round {record.round}: {describe_vote(session, record)}"
    return told, _in_turn(steps)


def _ruling(session: Session) -> tuple[str, Callable[[], None]]:
    record = session.state.rulings[-1]
    told = f"the ruling on rule {record.rule}: {record.question} {record.answer}"
    return told, lambda: _drop(session.state.rulings)


def _restore(session: Session) -> tuple[str, Callable[[], None]]:
    state = session.state
    record = state.votes[-1]
    _expect(record.round == 0)
    steps: list[Callable[[], None]] = [lambda: state.votes.remove(record)]
    if record.result == "passed":
        new = _newest(session, "setup")
        steps.append(lambda: state.rules.remove(new))
    told = f"the setup vote (E3): {describe_vote(session, record)}"
    return told, _in_turn(steps)


def _drop(records: list[Any]) -> None:
    records.pop()


def _in_turn(steps: list[Callable[[], None]]) -> Callable[[], None]:
    def run() -> None:
        for step in steps:
            step()

    return run


def _newest(session: Session, how: str) -> RuleRecord:
    """The rule with the highest id, which must be in force and made `how`."""
    everything = [*session.state.rules, *session.state.removed]
    rule = max(everything, key=lambda r: r.id)
    _expect(rule.how == how and rule in session.state.rules)
    return rule


def _unremove(session: Session, gone: RemovedRule) -> None:
    """Put a removed rule back in force, in id order, as it was before it was removed."""
    session.state.removed.remove(gone)
    rule = RuleRecord(**{name: getattr(gone, name) for name in RuleRecord.model_fields})
    rules = session.state.rules
    rules.insert(sum(r.id < rule.id for r in rules), rule)


_PLANS: dict[str, Callable[[Session], tuple[str, Callable[[], None]]]] = {
    "deal": _deal,
    "finish": _finish,
    "round": _round,
    "rule": _rule,
    "reword": _reword,
    "delete": _delete,
    "vote": _vote,
    "ruling": _ruling,
    "restore": _restore,
}
