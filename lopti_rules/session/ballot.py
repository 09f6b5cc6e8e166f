"""Running one Rule Vote on a session: validate, count, Roshambo, apply (V1-V11, K1-K4).

Takes: a session (its `Ledger`, ledger.py), a `Proposal`, the `Ballots` and, for a tie, a
`ThrowSource`. Produces: the `VoteRecord`, appended to the session; when the proposal
passes, its change is made: a custom rule removed or replaced, a removed rule brought back
(V9), a base option changed for the session (V2), each from the round declared before the
vote (V8). Guarantees: every
refusal (`Refused`) comes before anything changes, and before any throw is asked for; what
already happened is never touched (finished card actions are never undone, V8: rounds
played stay as recorded, a removed rule keeps its record).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from lopti_rules.engine.variants import told_value
from lopti_rules.i18n import N_, _
from lopti_rules.i18n.said import Said
from lopti_rules.packs.base import validated
from lopti_rules.session import vote as votes
from lopti_rules.session.ledger import Ledger
from lopti_rules.session.model import (
    BaseChange,
    BaseValue,
    Effective,
    RoshamboRecord,
    RuleRecord,
    VoteRecord,
)
from lopti_rules.session.roshambo import ThrowSource, knockout, play_match
from lopti_rules.session.rules import Refused, meaning


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a Rule Vote decides (V2): `remove`/`change` a custom rule (by id; `text` for a
    change), `restore` a removed rule (V9), or set a `base` option to `value`; declared to
    take effect `now` or from the `next` round (V8)."""

    action: str
    proposer: str
    effective: Effective
    rule: int | None = None
    text: str | None = None
    option: str | None = None
    value: BaseValue = None
    path: str = "<changed rule>"  # where `text` was read, for the checker's diagnostics


@dataclass(frozen=True, slots=True)
class Ballots:
    """Who voted yes and no (in voting order; the rest count as not yes, D31), the first
    formal objector (K2), whether the creator is away (K1), and the defender(s) the
    supporters chose (several: they could not choose, knockout K4)."""

    yes: Sequence[str] = ()
    no: Sequence[str] = ()
    objector: str | None = None
    creator_absent: bool = False
    defenders: Sequence[str] = ()


def _check_ballot(session: Ledger, proposal: Proposal, yes: list[str], no: list[str]) -> None:
    """Refused unless this round has no vote yet, each player votes once and the proposal
    says when it starts (V1, V3, V7, V8)."""
    k = session.current
    held = next((v for v in session.state.votes if v.round == k), None)
    if held is not None:
        already = (
            _(
                "round {k} has had its Rule Vote already, and the proposal passed: "
                "one vote per round"
            )
            if held.result == "passed"
            else _(
                "round {k} has had its Rule Vote already, and the proposal was rejected: "
                "one vote per round"
            )
        )
        raise Refused(already.format(k=k), "V1, V7")
    session._known([proposal.proposer, *yes, *no], "voter")
    if len(set(yes)) != len(yes) or len(set(no)) != len(no) or set(yes) & set(no):
        raise Refused(_("each session player votes once, yes or no"), "V3")
    if proposal.effective not in ("now", "next"):
        raise Refused(_("say before voting whether the change starts now or next round"), "V8")


def run_vote(
    session: Ledger, proposal: Proposal, ballots: Ballots, throws: ThrowSource | None
) -> VoteRecord:
    k = session.current
    state = session.state
    proposal, ballots = _spelled(session, proposal, ballots)
    yes, no = list(ballots.yes), list(ballots.no)
    _check_ballot(session, proposal, yes, no)
    title, creator = _validate(session, proposal)
    if proposal.action == "base":  # the value as the pack model writes it ("j" -> "J")
        since = k + (1 if proposal.effective == "next" else 0)
        proposal = replace(proposal, value=base_value(session, title, proposal.value, since))
    if ballots.creator_absent and creator is not None:
        _away(creator, yes, no, ballots.defenders)
    if ballots.objector is not None:
        session._known([ballots.objector], "objector")
    result = votes.count(len(yes), len(session.players))
    record = VoteRecord(
        round=k,
        proposer=proposal.proposer,
        action=proposal.action,  # type: ignore[arg-type]
        rule=proposal.rule if proposal.action != "base" else None,
        text=proposal.text if proposal.action == "change" else None,
        option=title if proposal.action == "base" else None,
        value=proposal.value if proposal.action == "base" else None,
        effective=proposal.effective,
        voted_yes=yes,
        voted_no=no,
        objector=ballots.objector,
        count=result,
        result="passed" if result == "passed" else "rejected",
        reason=_reason(len(yes), len(session.players), result),
    )
    if result == "tie":
        pair = votes.pairing(
            action=proposal.action,
            proposer=proposal.proposer,
            creator=creator,
            creator_present=not ballots.creator_absent,
            yes=yes,
            no=no,
            objector=ballots.objector,
            defenders=list(ballots.defenders),
        )
        if isinstance(pair, str):
            raise Refused(pair, "K1, K2")
        if pair.defender is None and not pair.candidates:
            record.result = "passed"
            record.reason = Said(id=N_("A tie, and {why}"), args={"why": Said(id=pair.why)})
        else:
            if throws is None:
                raise Refused(_("the vote is tied: Roshambo needs the players' throws"), "V11")
            matches = knockout(pair.candidates, throws) if pair.candidates else []
            defender = matches[-1].winner if matches else pair.defender
            assert defender is not None
            match = play_match(proposal.proposer, defender, throws)
            record.roshambo = RoshamboRecord(
                proposer=proposal.proposer,
                defender=defender,
                candidates=list(pair.candidates),
                knockout=matches,
                match=match,
                winner=match.winner,
            )
            won = match.winner == proposal.proposer
            record.result = "passed" if won else "rejected"
            a, b = match.score
            record.reason = Said(
                id=N_(
                    "A tie (D30), so Roshambo: {a} vs {b}, {why}; {score} after {throws} "
                    "decisive throws (draws: {draws}), {winner} wins (K3)"
                ),
                args={
                    "a": match.a,
                    "b": match.b,
                    "why": Said(id=pair.why),
                    "score": f"{a}-{b}",
                    "throws": a + b,
                    "draws": match.draws,
                    "winner": match.winner,
                },
            )
    if record.result == "passed":
        _apply(session, proposal, title)
    state.votes.append(record)
    state.steps.append("vote")
    return record


def _away(creator: str, yes: list[str], no: list[str], defenders: Sequence[str]) -> None:
    """An absent creator neither votes nor defends (K1, D31)."""
    if creator in yes or creator in no:
        raise Refused(
            _("{creator}, the rule's creator, is away, so cannot be among those who voted").format(
                creator=creator
            ),
            "K1",
        )
    if creator in defenders:
        raise Refused(
            _(
                "{creator}, the rule's creator, is away, so the supporters cannot choose them "
                "as defender"
            ).format(creator=creator),
            "K1",
        )


def _spelled(session: Ledger, proposal: Proposal, ballots: Ballots) -> tuple[Proposal, Ballots]:
    """The proposal and ballots with every name as the session spells it (case aside)."""
    objector = None if ballots.objector is None else session.spelled(ballots.objector)
    return replace(proposal, proposer=session.spelled(proposal.proposer)), replace(
        ballots,
        yes=session._spelled(ballots.yes),
        no=session._spelled(ballots.no),
        objector=objector,
        defenders=session._spelled(ballots.defenders),
    )


def _reason(yes: int, players: int, result: str) -> Said:
    """Why the count decides as it does (V4, D30), as data: the file keeps the message id."""
    return Said(id=_COUNTED[result], args={"yes": yes, "players": players})


# the count's reason by its result (worded so that no form follows the numbers)
_COUNTED = {
    "passed": N_("Yes votes: {yes} of {players} players, more than half (V4)"),
    "tie": N_("Yes votes: {yes} of {players} players, exactly half: a tie (D30, V11)"),
    "rejected": N_("Yes votes: {yes} of {players} players, not more than half (V4, D30)"),
}


def _validate(session: Ledger, proposal: Proposal) -> tuple[str, str | None]:
    """Refuse a proposal the rulebook does not allow; the new title and the creator."""
    action = proposal.action
    if action in ("remove", "change"):
        if proposal.rule is None:
            raise Refused(_(_WHICH_RULE[action]), "V2")
        rule = session.rule(proposal.rule)
        if action == "remove":
            return rule.title, rule.author
        if not proposal.text:
            raise Refused(_("a change needs the rule's new text"), "V2")
        title, _text = session._check(proposal.text, proposal.path, leaving=rule.id)
        return title, rule.author
    if action == "restore":
        gone = next((r for r in session.state.removed if r.id == proposal.rule), None)
        if gone is None:
            raise Refused(
                _("there is no removed rule {rule} to bring back").format(rule=proposal.rule), "V9"
            )
        live = {meaning(r.text) for r in session.state.rules}
        if meaning(gone.text) in live:
            raise Refused(
                _("rule {id} ({title}) is in force again already").format(
                    id=gone.id, title=gone.title
                ),
                "V9",
            )
        title, _text = session._check(gone.text, f"<rule {gone.id}>")
        return title, gone.author
    if action == "base":
        option = (proposal.option or "").strip().lower().replace("-", "_").replace(" ", "_")
        if option in votes.PROCEDURES:
            raise Refused(_("the voting and Roshambo procedures cannot be changed"), "V10")
        if option not in votes.BASE_OPTIONS:
            known = ", ".join(sorted(votes.BASE_OPTIONS))
            raise Refused(
                _("`{option}` is not a base rule a vote can change ({known})").format(
                    option=option, known=known
                ),
                "V2",
            )
        if proposal.value is None or proposal.value == "":
            raise Refused(_("say what `{option}` becomes (--value)").format(option=option), "V2")
        since = session.current + (1 if proposal.effective == "next" else 0)
        value = base_value(session, option, proposal.value, since)
        if getattr(session.options(since), option) == value:
            raise Refused(
                _("`{option}` is already {value}").format(
                    option=option, value=told_value(option, value)
                ),
                "V2",
            )
        return option, None
    raise Refused(
        _(
            "a Rule Vote removes, changes or restores a rule, or changes a base rule, not {action}"
        ).format(action=repr(action)),
        "V2",
    )


def base_value(session: Ledger, option: str, value: BaseValue, since: int) -> BaseValue:
    """`value` for base variant `option` as the pack model reads it ("j" -> "J", "on" ->
    True), valid together with the variants in force from round `since`; Refused if not."""
    try:
        wanted = validated({**session.options(since).model_dump(), option: value})
    except ValueError as exc:
        raise Refused(str(exc), "V2") from None
    normal: BaseValue = getattr(wanted, option)
    return normal


def _apply(session: Ledger, proposal: Proposal, title: str) -> None:
    k = session.current
    since = k if proposal.effective == "now" else k + 1
    state = session.state

    def succeed(old: RuleRecord, how: Literal["change", "restore"], text: str) -> None:
        """Put in force from `since` a rule that changes or brings back `old` (its author's)."""
        state.rules.append(
            RuleRecord(
                id=session._next_id(),
                title=title,
                author=old.author,
                how=how,
                origin=old.id,
                since=since,
                text=text,
            )
        )

    if proposal.action in ("remove", "change"):
        assert proposal.rule is not None
        rule = session.rule(proposal.rule)
        session._remove(rule, proposal.effective, "vote")
        if proposal.action == "change":
            assert proposal.text is not None
            succeed(rule, "change", proposal.text)
    elif proposal.action == "restore":
        gone = next(r for r in state.removed if r.id == proposal.rule)
        succeed(gone, "restore", gone.text)
    else:
        value = base_value(session, title, proposal.value, since)
        state.base.append(BaseChange(option=title, value=value, vote=k, since=since))


_WHICH_RULE = {
    "remove": N_("say which custom rule to remove"),
    "change": N_("say which custom rule to change"),
}
