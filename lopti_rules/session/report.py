"""Telling a session in sentences: votes, the closing summary, `show` and `history`.

Takes: a `Session` (and one of its votes). Produces: plain lines of text, the same for the
command line and the simulated sessions' narration. Guarantees: it only reads the session.
"""

from __future__ import annotations

from lopti_rules.engine.variants import show_value, told_value
from lopti_rules.i18n import N_, _, current_language
from lopti_rules.i18n.said import Said, told
from lopti_rules.session.model import LOWEST_OPENS, RuleRecord, RulingRecord, VoteRecord
from lopti_rules.session.procedure import Session
from lopti_rules.session.rules import titles


def describe_vote(session: Session, record: VoteRecord) -> str:
    """One sentence telling a Rule Vote and its result, in the language in use."""
    return told(vote_said(session, record))


def vote_said(session: Session, record: VoteRecord) -> Said:
    """A Rule Vote and its result as data (`i18n.said`): what `undo` keeps of a vote."""
    nobody = Said(id=N_("nobody"))
    reason = record.reason
    if isinstance(reason, str):  # an older file's English sentence, as the file keeps it
        reason = reason[:1].upper() + reason[1:]
    passes = record.result == "passed"
    return Said(
        id=_TOLD[record.effective == "now", passes],
        args={
            "proposer": record.proposer,
            "what": _what(session, record),
            "yes": ", ".join(record.voted_yes) or nobody,
            "no": ", ".join(record.voted_no) or nobody,
            "reason": reason,
        },
    )


# a Rule Vote in one sentence, by (from now?, passes?)
_TOLD = {
    (True, True): N_(
        "{proposer} proposes to {what}, from now. Yes: {yes}; no: {no}. {reason}: "
        "the proposal passes."
    ),
    (True, False): N_(
        "{proposer} proposes to {what}, from now. Yes: {yes}; no: {no}. {reason}: "
        "the proposal fails."
    ),
    (False, True): N_(
        "{proposer} proposes to {what}, from the next round. Yes: {yes}; no: {no}. "
        "{reason}: the proposal passes."
    ),
    (False, False): N_(
        "{proposer} proposes to {what}, from the next round. Yes: {yes}; no: {no}. "
        "{reason}: the proposal fails."
    ),
}


def _what(session: Session, record: VoteRecord) -> Said:
    if record.action == "base":
        option = record.option or ""
        if isinstance(record.value, bool):
            turn = N_("turn `{option}` on") if record.value else N_("turn `{option}` off")
            return Said(id=turn, args={"option": option})
        return Said(
            id=N_("set `{option}` to {value}"),
            args={"option": option, "value": _value(option, record.value)},
        )
    if record.rule is None:  # a setup vote (E3) on an old rule's text
        named = titles(record.text or "")
        return Said(
            id=N_('bring back the old rule "{title}"'), args={"title": named[0] if named else "?"}
        )
    title = next(
        (r.title for r in [*session.state.rules, *session.state.removed] if r.id == record.rule),
        "?",
    )
    return Said(id=_DOING[record.action], args={"id": record.rule, "title": title})


def _value(option: str, value: object) -> Said | str:
    """A base option's value: `none` as a message, anything else as the player writes it."""
    return Said(id=N_("none")) if value is None else show_value(option, value)


_DOING = {
    "remove": N_('remove rule {id} "{title}"'),
    "change": N_('change rule {id} "{title}"'),
    "restore": N_('bring back rule {id} "{title}"'),
}


def closing(session: Session) -> list[str]:
    """The rules in force and the standings."""
    return [*in_force(session), standings(session)]


def in_force(session: Session, *, texts: bool = False) -> list[str]:
    """The custom rules in force now (or from the next deal) and the base rules changed;
    with `texts`, each rule's text below it, then the rule in plain words in the language in
    use (`lopti explain`)."""
    rules = session.rules_in_force()
    lines = [_("Rules in force ({n}):").format(n=len(rules))]
    for r in rules:
        lines.append(
            "  "
            + _('{id}. "{title}" by {author}, since round {k}').format(
                id=r.id, title=r.title, author=r.author, k=r.since
            )
        )
        if texts:
            lines += [f"       {line}".rstrip() for line in r.text.rstrip("\n").splitlines()]
            lines += [f"     {sentence}" for sentence in plain_words(r.text)]
    if not rules:
        lines.append("  " + _("none: base Lopti"))
    shown = _("{option} {value}")  # a language may write "{option}: {value}"
    changed = [
        shown.format(option=c.option, value=told_value(c.option, c.value))
        for c in session.state.base
    ]
    if changed:
        lines.append(_("Base rules changed by vote: {changes}.").format(changes=", ".join(changed)))
    return lines


def opener(name: str) -> str:
    """Who opens a round, in words: a player's name, or (when the holder of the lowest card
    opens) those words in the language in use."""
    return _(LOWEST_OPENS) if name == LOWEST_OPENS else name


def plain_words(text: str) -> list[str]:
    """A rule's hooks as sentences in the language in use (none for a text that does not
    parse: a session's rules were checked when they came into force)."""
    from lopti_rules.i18n.explain import explain_text

    try:
        return [
            s for _title, sentences in explain_text(text, current_language()) for s in sentences
        ]
    except ValueError:
        return []


def standings(session: Session) -> str:
    wins = {name: 0 for name in session.players}
    for r in session.state.rounds:
        if r.winner is not None:
            wins[r.winner] += 1
    order = sorted(session.players, key=lambda n: (-wins[n], session.players.index(n)))
    return _("Standings: {table} (rounds won).").format(
        table=", ".join(f"{n} {wins[n]}" for n in order)
    )


def show(session: Session) -> list[str]:
    """What happens next, the rules in force, the removed rules and the standings."""
    lines: list[str] = []
    state = session.state
    k = session.current
    lines.append(
        _("Session `{name}`: {players}.").format(name=state.name, players=", ".join(state.players))
    )
    if session.in_play:
        record = state.rounds[-1]
        lines.append(
            _("Round {k} is in play: {dealer} dealt, {first} played first.").format(
                k=k, dealer=record.dealer, first=opener(record.opener)
            )
        )
    else:
        dealer = session.dealer_of(k)
        first = opener(session.first_player_of(k, dealer) or LOWEST_OPENS)
        lines.append(
            _("Next: round {k}, {dealer} deals and {first} plays first.").format(
                k=k, dealer=dealer, first=first
            )
        )
    waiting = session.winner_waiting()
    if waiting is not None:
        who = state.rounds[waiting - 1].winner
        lines.append(
            _("{who} (winner of round {k}) may still announce a rule (R1).").format(
                who=who, k=waiting
            )
        )
    voted = next((v for v in state.votes if v.round == k), None)
    if voted:
        held = (
            _("Rule Vote of round {k}: held, and the proposal passed.")
            if voted.result == "passed"
            else _("Rule Vote of round {k}: held, and the proposal was rejected.")
        )
        lines.append(held.format(k=k))
    else:
        lines.append(_("Rule Vote of round {k}: not used yet (V1).").format(k=k))
    lines += in_force(session, texts=True)
    if state.removed:
        lines.append(
            _("Removed rules ({n}), back only by a later vote (V9):").format(n=len(state.removed))
        )
    for gone in state.removed:
        how = _("deleted by its creator") if gone.by == "author" else _("removed by vote")
        last = (
            _("in force up to round {k}").format(k=gone.last)
            if gone.last >= gone.since
            else _("never played")
        )
        lines.append(
            "  "
            + _('{id}. "{title}" by {author}, {how} ({last}).').format(
                id=gone.id, title=gone.title, author=gone.author, how=how, last=last
            )
        )
    lines.append(standings(session))
    return lines


def history(session: Session) -> list[str]:
    """Every round and what happened in it, in order: its winner's rule, its Rule Vote,
    rulings, rules deleted or reworded by their creators, and steps taken back (undo)."""
    lines: list[str] = []
    state = session.state
    for v in state.votes:
        if v.round == 0:
            lines.append(_("Setup (E3), Rule Vote: {vote}").format(vote=describe_vote(session, v)))
    for record in state.rounds:
        line = _("Round {k}: {dealer} dealt, {first} played first").format(
            k=record.round, dealer=record.dealer, first=opener(record.opener)
        )
        if record.absent:
            line += _(", {names} away").format(names=", ".join(record.absent))
        if not record.finished:
            line += _("; in play")
        elif record.winner is None:
            line += _("; stalled, no winner")
        else:
            line += _("; {who} won").format(who=record.winner)
            if record.places:
                line += _(" (places: {names})").format(names=", ".join(record.places))
        lines.append(line + ".")
        lines += [f"  {note}" for note in _notes(session, record.round)]
    for k in sorted({n for n in _rounds_noted(session) if n > len(state.rounds)}):
        ahead = _("Round {k} (not dealt yet), {note}")
        lines += [ahead.format(k=k, note=note) for note in _notes(session, k)]
    return lines


def _rounds_noted(session: Session) -> set[int]:
    state = session.state
    return {
        *(v.round for v in state.votes),
        *(r.round for r in state.rulings),
        *(r.removed_in for r in state.removed if r.by == "author"),
        *(r.round for r in state.rewordings),
        *(u.round for u in state.undone),
    }


def _notes(session: Session, k: int) -> list[str]:
    """What happened in round `k` (the round in play, or before it was dealt) besides play."""
    state = session.state
    vote = _("Rule Vote: {vote}")
    notes = [vote.format(vote=describe_vote(session, v)) for v in state.votes if v.round == k]
    made = [r for r in [*state.rules, *state.removed] if r.how == "winner" and r.won == k]
    own = _('{author}\'s rule: "{title}".')
    notes += [own.format(author=r.author, title=_first_title(session, r.id, r.title)) for r in made]
    settled = _("Ruling: {ruling}")
    notes += [settled.format(ruling=ruling(session, r)) for r in state.rulings if r.round == k]
    for change in state.rewordings:
        if change.round == k:
            rule = _rule(session, change.rule)
            said = (
                _('Reworded by its creator (R5): rule {id}, was "{old}", now "{title}".')
                if rule is not None
                else _('Reworded by its creator (R5): rule {id}, was "{old}".')
            )
            title = rule.title if rule is not None else ""
            notes.append(said.format(id=change.rule, old=change.old_title, title=title))
    for gone in state.removed:
        if gone.by == "author" and gone.removed_in == k:
            said = _('Deleted by its creator, {author} (V6): rule {id} "{title}".')
            notes.append(said.format(author=gone.author, id=gone.id, title=gone.title))
    undone = _("Undone: {step}.")
    notes += [undone.format(step=told(u.step).rstrip(".")) for u in state.undone if u.round == k]
    return notes


def _rule(session: Session, rule_id: int) -> RuleRecord | None:
    state = session.state
    return next((r for r in [*state.rules, *state.removed] if r.id == rule_id), None)


def _first_title(session: Session, rule_id: int, title: str) -> str:
    """A rule's title when it was made (before any rewording)."""
    first = next((w for w in session.state.rewordings if w.rule == rule_id), None)
    return first.old_title if first is not None else title


def ruling(session: Session, record: RulingRecord) -> str:
    """One sentence for a settled edge case."""
    title = next(
        (r.title for r in [*session.state.rules, *session.state.removed] if r.id == record.rule),
        _("rule {id}").format(id=record.rule),
    )
    yes, players = len(record.voted_yes), len(session.players)
    if record.by == "creator":
        who = _("its creator decides (R5, R6)")
    elif record.result == "decided":
        who = _("the table decides, {yes} of {players} (E4, D31)").format(yes=yes, players=players)
    else:
        who = _("no majority ({yes} of {players}, E4, D31)").format(yes=yes, players=players)
    return _('"{title}", {question} {who}: {answer}.').format(
        title=title, question=record.question, who=who, answer=told(record.answer)
    )
