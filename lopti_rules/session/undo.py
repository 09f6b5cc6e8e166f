"""Taking back a session's last step (`lopti session undo`).

Takes: a `Session` whose `steps` say, in order, what each change was (`procedure` and
`ballot` append one per change). Produces: the session exactly as it was before its last
step, and that step in one sentence, which is also kept in `undone` (as a message id with
its arguments, `i18n.said`, so each reader reads it in their language) so that `history`
still tells it. Guarantees: only the last step is taken back, whole (a `round` that dealt and
finished at once is one step); a file without steps (made before steps were kept, or cleared
by hand), or whose last step no longer matches its records, raises `UndoError` and is left
as it was. Starting the session is not a step: a new session is `start --force`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lopti_rules.i18n import N_, _
from lopti_rules.i18n.said import Said, told
from lopti_rules.session.model import (
    LOWEST_OPENS,
    RemovedRule,
    RoundRecord,
    RuleRecord,
    UndoneRecord,
)
from lopti_rules.session.procedure import Session
from lopti_rules.session.report import vote_said


class UndoError(ValueError):
    """Nothing can be undone (one sentence, without the final stop)."""


def last_step(session: Session) -> str:
    """The last step in words, as `undo` would take it back; UndoError when there is none."""
    return step_words(_plan(session)[0])


def step_words(step: Said | str) -> str:
    """A step in words in the language in use, without a final stop (a vote's sentence
    has one), so that it can end a sentence of its own."""
    return told(step).rstrip(".")


def undo(session: Session) -> str:
    """Take back the last step and return it in words (kept in the session's `undone`)."""
    said, take_back = _plan(session)
    take_back()
    session.state.steps.pop()
    session.state.undone.append(UndoneRecord(round=session.current, step=said))
    return step_words(said)


Plan = tuple[Said, Callable[[], None]]


def _plan(session: Session) -> Plan:
    state = session.state
    if not state.steps:
        raise UndoError(_("there is no step to undo in this session file"))
    step = state.steps[-1]
    try:
        return _PLANS[step](session)
    except (IndexError, StopIteration, ValueError, _Mismatch):
        raise UndoError(
            _(
                "the last step ({step}) does not match the session's records, which were "
                "edited by hand: nothing was undone"
            ).format(step=step)
        ) from None


class _Mismatch(Exception):
    """The records do not hold what the last step made."""


def _expect(holds: bool) -> None:
    if not holds:
        raise _Mismatch


def _deal(session: Session) -> Plan:
    record = session.state.rounds[-1]
    _expect(not record.finished)
    first: Said | str = record.first or Said(id=LOWEST_OPENS)  # VW2: the cards decide
    said = Said(
        id=N_("the deal of round {k} ({dealer} dealt, {first} plays first)"),
        args={"k": record.round, "dealer": record.dealer, "first": first},
    )
    return said, lambda: _drop(session.state.rounds)


def _finish(session: Session) -> Plan:
    record = session.state.rounds[-1]
    _expect(record.finished)

    def take_back() -> None:
        record.finished, record.winner, record.places = False, None, []

    said = _ended(
        record, N_("the end of round {k} (stalled)"), N_("the end of round {k} (won by {who})")
    )
    return said, take_back


def _round(session: Session) -> Plan:
    record = session.state.rounds[-1]
    _expect(record.finished)
    said = _ended(
        record, N_("round {k}, dealt and stalled"), N_("round {k}, dealt and won by {who}")
    )
    return said, lambda: _drop(session.state.rounds)


def _ended(record: RoundRecord, stalled: str, won: str) -> Said:
    """How a finished round is named in an undo step: `stalled` or `won` (by its winner)."""
    if record.winner is None:
        return Said(id=stalled, args={"k": record.round})
    return Said(id=won, args={"k": record.round, "who": record.winner})


def _rule(session: Session) -> Plan:
    rule = _newest(session, "winner")
    said = Said(
        id=N_('rule {id} "{title}" by {author}, for round {k}'),
        args={"id": rule.id, "title": rule.title, "author": rule.author, "k": rule.won or 0},
    )
    return said, lambda: session.state.rules.remove(rule)


def _reword(session: Session) -> Plan:
    old = session.state.rewordings[-1]
    rule = next(r for r in session.state.rules if r.id == old.rule)

    def take_back() -> None:
        rule.title, rule.text = old.old_title, old.old_text
        session.state.rewordings.pop()

    said = Said(
        id=N_('the rewording of rule {id} (it was "{old}")'),
        args={"id": rule.id, "old": old.old_title},
    )
    return said, take_back


def _delete(session: Session) -> Plan:
    gone = session.state.removed[-1]
    _expect(gone.by == "author")
    said = Said(
        id=N_('the deletion of rule {id} "{title}" by its creator, {author}'),
        args={"id": gone.id, "title": gone.title, "author": gone.author},
    )
    return said, lambda: _unremove(session, gone)


def _vote(session: Session) -> Plan:
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
    said = Said(
        id=N_("the Rule Vote of round {k}: {vote}"),
        args={"k": record.round, "vote": vote_said(session, record)},
    )
    return said, _in_turn(steps)


def _ruling(session: Session) -> Plan:
    record = session.state.rulings[-1]
    said = Said(
        id=N_("the ruling on rule {id}: {question} {answer}"),
        args={"id": record.rule, "question": record.question, "answer": record.answer},
    )
    return said, lambda: _drop(session.state.rulings)


def _restore(session: Session) -> Plan:
    state = session.state
    record = state.votes[-1]
    _expect(record.round == 0)
    steps: list[Callable[[], None]] = [lambda: state.votes.remove(record)]
    if record.result == "passed":
        new = _newest(session, "setup")
        steps.append(lambda: state.rules.remove(new))
    said = Said(id=N_("the setup vote (E3): {vote}"), args={"vote": vote_said(session, record)})
    return said, _in_turn(steps)


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


_PLANS: dict[str, Callable[[Session], Plan]] = {
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
