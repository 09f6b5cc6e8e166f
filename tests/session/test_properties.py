"""Property: no sequence of session commands produces a state the rulebook forbids, and a
refused command changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from lopti_rules.session import Ballots, Proposal, Refused, Session, SessionState
from lopti_rules.session.model import Effective
from lopti_rules.session.roshambo import SeededThrows
from lopti_rules.session.undo import undo
from lopti_rules.session.vote import count
from tests.session.helpers import LOW_GIFT, PLAYERS, SOFT, TENS_TAX

TEXTS = [TENS_TAX, LOW_GIFT, SOFT, TENS_TAX.replace("each other player", "next player")]
name = st.sampled_from(PLAYERS)


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = Session.start("P", PLAYERS, first_dealer="Ann")
        self.throws = SeededThrows(random.Random(0))

    def attempt(self, step: Callable[[], object]) -> None:
        before = self.session.state.model_dump()
        try:
            step()
        except Refused:
            assert self.session.state.model_dump() == before
            return
        # undo takes back exactly this step (and only notes that it did)
        copy = Session(SessionState.model_validate(self.session.state.model_dump()))
        undo(copy)
        assert copy.state.model_dump(exclude={"undone"}) == {
            k: v for k, v in before.items() if k != "undone"
        }
        assert len(copy.state.undone) == len(before["undone"]) + 1

    @rule()
    def undo_last(self) -> None:
        if self.session.state.steps:
            undo(self.session)

    @rule()
    def deal(self) -> None:
        self.attempt(self.session.deal)

    @rule(winner=name)
    def finish(self, winner: str) -> None:
        self.attempt(lambda: self.session.finish_round(winner))

    @rule(author=name, text=st.sampled_from(TEXTS))
    def add_rule(self, author: str, text: str) -> None:
        self.attempt(lambda: self.session.add_rule(author, text))

    @rule(by=name, rule_id=st.integers(1, 6), text=st.sampled_from(TEXTS))
    def reword(self, by: str, rule_id: int, text: str) -> None:
        self.attempt(lambda: self.session.reword(rule_id, by, text))

    @rule(by=name, rule_id=st.integers(1, 6))
    def delete(self, by: str, rule_id: int) -> None:
        self.attempt(lambda: self.session.delete_rule(rule_id, by))

    @rule(rule_id=st.integers(1, 6), absent=st.booleans(), yes=st.integers(0, 4))
    def interpret(self, rule_id: int, absent: bool, yes: int) -> None:
        voters = PLAYERS[:yes]
        self.attempt(
            lambda: self.session.interpret(rule_id, "Q?", "A", creator_absent=absent, yes=voters)
        )

    @rule(
        action=st.sampled_from(["remove", "change", "restore", "base"]),
        proposer=name,
        rule_id=st.integers(1, 6),
        text=st.sampled_from(TEXTS),
        voters=st.permutations(PLAYERS),
        yes=st.integers(0, 4),
        effective=st.sampled_from(["now", "next"]),
        option=st.sampled_from(["places", "roshambo", "vote"]),
    )
    def vote(
        self,
        action: str,
        proposer: str,
        rule_id: int,
        text: str,
        voters: list[str],
        yes: int,
        effective: Effective,
        option: str,
    ) -> None:
        proposal = Proposal(
            action,
            proposer,
            effective,
            rule=rule_id,
            text=text,
            option=option,
            value=not self.session.options().places,
        )
        ballots = Ballots(voters[:yes], voters[yes:])
        self.attempt(lambda: self.session.vote(proposal, ballots, self.throws))

    @invariant()
    def allowed(self) -> None:
        state = self.session.state
        SessionState.model_validate(state.model_dump())  # the file's facts hold
        rounds = [v.round for v in state.votes if v.round]
        assert len(rounds) == len(set(rounds))  # V1, V7
        for v in state.votes:
            assert v.option in (None, "places")  # V2, V10: no vote on the procedures
            assert v.count == count(len(v.voted_yes), len(PLAYERS))  # V4, D30
            if v.result == "passed" and v.count != "passed":
                assert v.count == "tie"  # V11
                assert v.roshambo is None or v.roshambo.winner == v.proposer
        for k in range(1, self.session.current + 2):
            titles = [r.title for r in self.session.rules_in_force(k)]
            assert len(titles) == len(set(titles))
        for ruling in state.rulings:  # R6, E4, D31
            decided = ruling.by == "creator" or 2 * len(ruling.voted_yes) > len(PLAYERS)
            assert (ruling.result == "decided") == decided
        for r in [*state.rules, *state.removed]:
            if r.how == "winner":
                assert r.won is not None and state.rounds[r.won - 1].winner == r.author
                assert r.since == r.won + 1  # announced before the next deal (R1)


SessionMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_session_commands = SessionMachine.TestCase
