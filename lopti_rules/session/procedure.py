"""The session procedure: every change to a session, with the rulebook enforced.

Takes: a `SessionState` (new, or loaded by `store`). Produces: the same state, changed only
through `Session`'s methods. Guarantees: a method either makes its whole change or none of
it and raises `Refused` (one sentence and the clause: a second vote in a round, a rule from
someone who did not win, a rule announced after the next deal, a substantial rewrite after
the round began, a change to the vote or Roshambo procedure, ...), or `RuleRejected` with the
checker's diagnostics.

The flow of a round (`current` is the round in play, or the next one to deal):
`deal()` (the round begins: dealer S5, first player S6/W6/D29) -> play -> `finish_round(
winner, places)` -> the winner's `add_rule` (before the next `deal`, R1) -> `deal()` of the
next round ... A Rule Vote (`vote`, V1) belongs to `current`: one per round, held between the
previous round's end and this round's end. `delete_rule` (V6), `reword` (R5) and
`interpret` (R6, E4) at any time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from lopti_rules.i18n import N_, _
from lopti_rules.i18n.said import Said
from lopti_rules.packs.pack import BaseVariants
from lopti_rules.session import vote as votes
from lopti_rules.session.ballot import Ballots, Proposal, run_vote
from lopti_rules.session.ledger import Ledger
from lopti_rules.session.model import (
    MAX_LINE,
    MAX_NAME,
    BaseChange,
    RemovedRule,
    RewordRecord,
    RoundRecord,
    RuleRecord,
    RulingRecord,
    SessionState,
    VoteRecord,
    text_problem,
)
from lopti_rules.session.roshambo import ThrowSource
from lopti_rules.session.rules import Refused, meaning

# a setup vote's reason (E3), as the session file keeps it
SETUP_MAJORITY = N_("A majority of the session's players (E3, D31)")
SETUP_NO_MAJORITY = N_("No majority of the session's players (E3, D31)")
# a ruling without a majority (R6, E4): kept as a message id, said in the reader's language
LEAST_CHANGE = N_("the reading that changes base Lopti the least (R6, E4)")


class Session(Ledger):
    """A session, changed only through these methods."""

    # ---------------------------------------------------------------- start and rounds

    @classmethod
    def start(
        cls,
        name: str,
        players: Sequence[str],
        *,
        first_dealer: str | None = None,
        seed: int = 0,
        base: BaseVariants | None = None,
    ) -> Session:
        """A new session with base rules only (E2), or with the variants `base` of the rule
        pack it starts from (each recorded as a base change of vote 0, from round 1). The
        first dealer is given or drawn by the seed (D29)."""
        names = [p.strip() for p in players]
        if first_dealer is not None:  # names match case aside
            first_dealer = next(
                (n for n in names if n.casefold() == first_dealer.strip().casefold()),
                first_dealer,
            )
        if not 2 <= len(names) <= 5:
            raise Refused(_("a session has 2 to 5 players, not {n}").format(n=len(names)), "S1")
        if any(not n for n in names) or len({n.lower() for n in names}) != len(names):
            raise Refused(_("the players need different, non-empty names"), "S1")
        if first_dealer is None:
            first_dealer = names[random.Random(seed).randrange(len(names))]
        elif first_dealer not in names:
            raise Refused(
                _("the first dealer {name} is not one of the players").format(name=first_dealer),
                "D29",
            )
        for player in names:
            problem = text_problem(player, MAX_NAME)
            if problem is not None:
                raise Refused(_("a player's name: {problem}").format(problem=problem), "S1")
        problem = text_problem(name, MAX_LINE)
        if problem is not None:
            raise Refused(_("the session's name: {problem}").format(problem=problem), "E2")
        state = SessionState(name=name, players=names, seed=seed, first_dealer=first_dealer)
        changed = base.model_dump(mode="json", include=set(base.changed())) if base else {}
        state.base = [BaseChange(option=k, value=v, vote=0, since=1) for k, v in changed.items()]
        return cls(state)

    def deal(self, absent: Sequence[str] = ()) -> RoundRecord:
        """The next round's deal has finished and the round begins (R1's deadline for the
        previous winner's rule, R5's for rewrites)."""
        record = self._deal(absent)
        self.state.steps.append("deal")
        return record

    def _deal(self, absent: Sequence[str]) -> RoundRecord:
        if self.in_play:
            k = self.current
            raise Refused(
                _("round {k} is still in play: record its winner first").format(k=k), "W4"
            )
        absent = self._spelled(absent)
        self._known(absent, "absent player")
        if len(self.players) - len(set(absent)) < 2:
            raise Refused(_("a round needs at least 2 players at the table"), "S1")
        k = self.current
        dealer = self.dealer_of(k, absent)
        first = self.first_player_of(k, dealer, absent)
        record = RoundRecord(round=k, dealer=dealer, first=first, absent=list(absent))
        self.state.rounds.append(record)
        return record

    def finish_round(
        self, winner: str | None, places: Sequence[str] = (), absent: Sequence[str] = ()
    ) -> RoundRecord:
        """The round in play is over: its winner (W4) and, if played, the places (W5).
        Deals the round first when it was not dealt with `deal`. `winner` None only for a
        simulated round that stalled."""
        winner = None if winner is None else self.spelled(winner)
        places = self._spelled(places)
        dealt = not self.in_play
        if dealt:
            self._deal(absent)
        record = self.state.rounds[-1]
        here = [p for p in self.players if p not in record.absent]
        if winner is not None:
            self._known([winner], "winner")
            if winner not in here:
                raise Refused(
                    _("{name} was absent from round {k}").format(name=winner, k=record.round), "W4"
                )
        if places:
            self._known(places, "place")
            if winner is None or places[0] != winner:
                raise Refused(_("the first place is the round's winner"), "W4")
            if len(set(places)) != len(places) or any(p not in here for p in places):
                raise Refused(_("places name each player at the table at most once"), "W5")
        record.winner = winner
        record.places = list(places)
        record.finished = True
        self.state.steps.append("round" if dealt else "finish")
        return record

    # ---------------------------------------------------------------- rules in force

    def add_rule(self, author: str, text: str, path: str = "<rule>") -> RuleRecord:
        """The winner's rule (R0, W4): once, announced before the next deal finished (R1),
        accepted by the checker with the rules in force; in force from now (D33)."""
        author = self.spelled(author)
        self._known([author], "author")
        rounds = self.state.rounds
        last = next((r for r in reversed(rounds) if r.finished), None)
        if last is None:
            raise Refused(_("no round has been won yet: only a round's winner makes a rule"), "R0")
        if last.winner != author:
            said = (
                _("{author} did not win round {k} ({who} did)")
                if last.winner
                else _("{author} did not win round {k} (nobody did)")
            )
            raise Refused(said.format(author=author, k=last.round, who=last.winner), "W4, R0")
        if self.in_play:
            raise Refused(
                _(
                    "round {k} has been dealt: the rule had to be announced before the deal "
                    "finished"
                ).format(k=self.current),
                "R1",
            )
        if self.winner_waiting() is None:
            raise Refused(
                _("{author} has already made the rule for round {k}").format(
                    author=author, k=last.round
                ),
                "R0",
            )
        wanted = meaning(text)
        in_force = {meaning(r.text) for r in self.rules_in_force()}
        for gone in self.state.removed:
            if wanted is not None and meaning(gone.text) == wanted and wanted not in in_force:
                raise Refused(
                    _(
                        "this is rule {id} ({title}), removed in round {k}: only a later Rule "
                        "Vote brings it back"
                    ).format(id=gone.id, title=gone.title, k=gone.removed_in),
                    "V9",
                )
        title, _text = self._check(text, path)
        rule = RuleRecord(
            id=self._next_id(),
            title=title,
            author=author,
            how="winner",
            won=last.round,
            since=self.current,
            text=text,
        )
        self.state.rules.append(rule)
        self.state.steps.append("rule")
        return rule

    def reword(self, rule_id: int, by: str, text: str, path: str = "<rule>") -> RuleRecord:
        """The creator rewords their rule (R5): any change before the round it first
        applies to begins; after that only the wording, never the meaning (rules.py)."""
        rule = self.rule(rule_id)
        if self.spelled(by) != rule.author:
            raise Refused(
                _("only the rule's creator, {author}, may reword it").format(author=rule.author),
                "R5, R6",
            )
        begun = len(self.state.rounds) >= rule.since
        if begun and meaning(text) != meaning(rule.text):
            raise Refused(
                _(
                    "round {k} has begun: changing what the rule does is a substantial rewrite, "
                    "which needs the Rule Vote"
                ).format(k=rule.since),
                "R5, V6",
            )
        title, _text = self._check(text, path, leaving=rule.id)
        self.state.rewordings.append(
            RewordRecord(round=self.current, rule=rule.id, old_title=rule.title, old_text=rule.text)
        )
        rule.title, rule.text = title, text
        self.state.steps.append("reword")
        return rule

    def delete_rule(self, rule_id: int, by: str) -> RemovedRule:
        """V6: the creator deletes their own rule at any time, without a vote; no
        replacement rule is earned (the round's rule stays used, R0)."""
        rule = self.rule(rule_id)
        if self.spelled(by) != rule.author:
            raise Refused(
                _(
                    "only the rule's creator, {author}, may delete it without a vote; anyone "
                    "else needs the Rule Vote"
                ).format(author=rule.author),
                "V6",
            )
        gone = self._remove(rule, "now", "author")
        self.state.steps.append("delete")
        return gone

    def interpret(
        self,
        rule_id: int,
        question: str,
        answer: str,
        *,
        creator_absent: bool = False,
        yes: Sequence[str] = (),
    ) -> RulingRecord:
        """Settle an edge case of a rule in force (R6, E4): its creator decides when
        present (R5); else the table, by a majority of the session's players (D31);
        without a majority, the reading that changes base Lopti the least."""
        rule = self.rule(rule_id)
        if not question.strip():
            raise Refused(_("say which edge case is being settled"), "R6")
        for what, said in ((_("the question"), question), (_("the answer"), answer)):
            problem = text_problem(said, MAX_LINE)
            if problem is not None:
                raise Refused(f"{what}: {problem}", "R6")
        yes = self._spelled(yes)
        self._known(yes, "voter")
        if not creator_absent:
            if yes:
                raise Refused(
                    _("{author}, the creator, is here and decides alone").format(
                        author=rule.author
                    ),
                    "R6",
                )
            record = RulingRecord(
                round=self.current,
                rule=rule_id,
                question=question,
                answer=answer,
                by="creator",
                result="decided",
            )
        else:
            voters = list(dict.fromkeys(yes))
            decided = votes.majority(len(voters), len(self.players))
            record = RulingRecord(
                round=self.current,
                rule=rule_id,
                question=question,
                answer=answer if decided else Said(id=LEAST_CHANGE),
                by="table",
                voted_yes=voters,
                result="decided" if decided else "least change",
            )
        self.state.rulings.append(record)
        self.state.steps.append("ruling")
        return record

    # ---------------------------------------------------------------- the Rule Vote

    def vote(
        self, proposal: Proposal, ballots: Ballots, throws: ThrowSource | None = None
    ) -> VoteRecord:
        """The round's Rule Vote (V1-V11): validated, counted (V4, D30), settled by Roshambo
        after a tie (V11, K1-K4) and, when it passes, applied from now or the next round."""
        return run_vote(self, proposal, ballots, throws)

    def restore_at_setup(
        self, proposer: str, author: str, text: str, yes: Sequence[str], path: str = "<rule>"
    ) -> VoteRecord:
        """E3: before round 1 is dealt, an old rule comes back with a majority (D31). This
        does not use up round 1's Rule Vote; a tie is no majority (no Roshambo)."""
        if self.state.rounds:
            raise Refused(_("old rules come back only during setup, before round 1"), "E3")
        proposer, author, yes = self.spelled(proposer), self.spelled(author), self._spelled(yes)
        self._known([proposer, author, *yes], "player")
        title, _text = self._check(text, path)
        passed = votes.majority(len(set(yes)), len(self.players))
        record = VoteRecord(
            round=0,
            proposer=proposer,
            action="restore",
            text=text,
            effective="now",
            voted_yes=list(dict.fromkeys(yes)),
            count=votes.count(len(set(yes)), len(self.players)),
            result="passed" if passed else "rejected",
            reason=Said(id=SETUP_MAJORITY if passed else SETUP_NO_MAJORITY),
        )
        if passed:
            self.state.rules.append(
                RuleRecord(
                    id=self._next_id(), title=title, author=author, how="setup", since=1, text=text
                )
            )
        self.state.votes.append(record)
        self.state.steps.append("restore")
        return record


# what `_known` calls the names it checks: each refusal is a message id, translated when said
