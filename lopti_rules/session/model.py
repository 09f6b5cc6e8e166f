"""The session file's shape: pydantic models for everything a session records.

Takes: plain data (from the session file, read with the safe YAML loader by `store`).
Produces: a validated `SessionState`. Guarantees: unknown keys are errors; every name is a
session player; rounds are numbered 1, 2, ... and only the last may still be in play;
there is at most one Rule Vote per round (V1, V7); rule ids are unique; a winner's rule was
made by the winner of the round it names (W4, R0), at most one per round; every Roshambo
record is a complete, correct match (K3, K4). These are the facts a hand-edited file could
get wrong; the procedure (`procedure.Session`) keeps them true for every change it makes.

The models hold data only. Changes go through `procedure.Session`, which enforces the
rulebook and refuses what it forbids.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from lopti_rules.session.roshambo import MatchRecord

FORMAT: Literal[1] = 1
Name = Annotated[str, Field(min_length=1)]
RoundNo = Annotated[int, Field(ge=1)]
Effective = Literal["now", "next"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RoundRecord(_Model):
    """A round: who dealt (S5), who made the first play (S6, W6, D29), who was away, and,
    once it is over, the winner (W4) and the places (W5) if the table played them."""

    round: RoundNo
    dealer: Name
    first: Name = Field(description="Who made the first play.")
    absent: list[Name] = Field(default_factory=list)
    finished: bool = False
    winner: Name | None = Field(
        default=None, description="None only for a simulated round that stalled."
    )
    places: list[Name] = Field(default_factory=list, description="Finishing order, if played.")


class RuleRecord(_Model):
    """A custom rule that is in force, or comes into force at round `since`."""

    id: Annotated[int, Field(ge=1)]
    title: str
    author: Name
    how: Literal["winner", "setup", "change", "restore"] = Field(
        description="The round's winner (R0), brought back at setup (E3), or by a vote."
    )
    won: int | None = Field(default=None, description="The round the author won (R0).")
    origin: int | None = Field(
        default=None, description="The rule this one changes or brings back (by a vote)."
    )
    since: RoundNo = Field(description="The first round the rule is in force for.")
    text: str


class RemovedRule(RuleRecord):
    """A rule no longer in force: removed or changed by a vote, or deleted by its author.
    It is in force up to `last` (which is `removed_in` for a change declared for the next
    round, V8). It comes back only through a later Rule Vote (V9)."""

    removed_in: RoundNo
    effective: Effective
    by: Literal["vote", "author"]

    @property
    def last(self) -> int:
        return self.removed_in if self.effective == "next" else self.removed_in - 1


class BaseChange(_Model):
    """A base rule changed by a Rule Vote, for this session only (V2), from `since`."""

    option: Name
    value: bool
    vote: RoundNo = Field(description="The round whose vote made the change.")
    since: RoundNo


class RoshamboRecord(_Model):
    """The tie-break of a tied vote (V11, K1-K4)."""

    proposer: Name
    defender: Name
    candidates: list[Name] = Field(
        default_factory=list,
        description="The defenders the supporters could not choose between (knockout, K4).",
    )
    knockout: list[MatchRecord] = Field(default_factory=list)
    match: MatchRecord
    winner: Name

    @model_validator(mode="after")
    def _consistent(self) -> RoshamboRecord:
        from lopti_rules.session.roshambo import knockout_winner

        if self.candidates and knockout_winner(self.candidates, self.knockout) != self.defender:
            raise ValueError("the knockout (K4) does not match its candidates and defender")
        if {self.match.a, self.match.b} != {self.proposer, self.defender}:
            raise ValueError("the match must be between the proposer and the defender")
        if self.match.winner != self.winner:
            raise ValueError("the winner must be the winner of the match")
        return self


class VoteRecord(_Model):
    """One Rule Vote (V1-V11): the proposal, who voted yes and no (everyone else counts as
    not voting yes, D31), the result by the counts (V4, D30) and, after a tie, Roshambo."""

    round: int = Field(ge=0, description="0: a setup vote to bring an old rule back (E3).")
    proposer: Name
    action: Literal["remove", "change", "restore", "base"]
    rule: int | None = Field(default=None, description="The custom rule's id.")
    text: str | None = Field(default=None, description="The changed rule's new text.")
    option: str | None = None
    value: bool | None = None
    effective: Effective = Field(description="Declared before the vote (V8).")
    voted_yes: list[Name] = Field(default_factory=list)
    voted_no: list[Name] = Field(default_factory=list, description="In the order they voted.")
    objector: Name | None = Field(default=None, description="First formal objector (K2).")
    count: Literal["passed", "rejected", "tie"]
    roshambo: RoshamboRecord | None = None
    result: Literal["passed", "rejected"]
    reason: str = ""


class SessionState(_Model):
    """Everything a session file holds."""

    lopti_session: Literal[1] = FORMAT
    name: Name
    players: Annotated[list[Name], Field(min_length=2, max_length=5)]
    seed: int = 0
    first_dealer: Name
    rounds: list[RoundRecord] = Field(default_factory=list)
    rules: list[RuleRecord] = Field(default_factory=list)
    removed: list[RemovedRule] = Field(default_factory=list)
    base: list[BaseChange] = Field(default_factory=list)
    votes: list[VoteRecord] = Field(default_factory=list)

    @model_validator(mode="after")
    def _facts(self) -> SessionState:
        problem = _problem(self)
        if problem:
            raise ValueError(problem)
        return self

    def seat(self, name: str) -> int:
        return self.players.index(name)


def _problem(state: SessionState) -> str | None:
    """The first fact a hand-edited session breaks, as one sentence, or None."""
    players = set(state.players)
    if len(players) != len(state.players):
        return "a player is listed twice"
    names: list[str] = [state.first_dealer]
    for r in state.rounds:
        names += [r.dealer, r.first, *r.absent, *r.places, *([r.winner] if r.winner else [])]
    for rule in [*state.rules, *state.removed]:
        names.append(rule.author)
    for v in state.votes:
        names += [v.proposer, *v.voted_yes, *v.voted_no, *([v.objector] if v.objector else [])]
    strangers = [n for n in names if n not in players]
    if strangers:
        return f"`{strangers[0]}` is not one of the players ({', '.join(state.players)})"
    for index, r in enumerate(state.rounds):
        if r.round != index + 1:
            return f"round {r.round} is out of order: rounds are numbered 1, 2, 3, ..."
        if not r.finished and index != len(state.rounds) - 1:
            return f"round {r.round} is not finished, but a later round was dealt"
        if r.winner is not None and not r.finished:
            return f"round {r.round} has a winner but is not finished"
    voted = [v.round for v in state.votes if v.round > 0]
    if len(voted) != len(set(voted)):
        return "a round has two Rule Votes: there is one per round (V1, V7)"
    ids = [rule.id for rule in [*state.rules, *state.removed]]
    if len(ids) != len(set(ids)):
        return "two rules have the same id"
    won = [rule.won for rule in [*state.rules, *state.removed] if rule.how == "winner"]
    if len(won) != len(set(won)):
        return "a round has two winner's rules: the winner makes one rule (R0)"
    for rule in [*state.rules, *state.removed]:
        if rule.how != "winner":
            continue
        if rule.won is None or not 1 <= rule.won <= len(state.rounds):
            return f"rule {rule.id} names no round its author won (R0)"
        if state.rounds[rule.won - 1].winner != rule.author:
            return f"rule {rule.id}: {rule.author} did not win round {rule.won} (W4, R0)"
    for v in state.votes:
        if set(v.voted_yes) & set(v.voted_no):
            return f"in the vote of round {v.round} someone voted both yes and no"
    return None
