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

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from lopti_rules.i18n import N_, _
from lopti_rules.i18n.said import Said
from lopti_rules.session.roshambo import MatchRecord

FORMAT: Literal[1] = 1
MAX_NAME = 40  # characters of a player's or a session's name
MAX_LINE = 400  # characters of a rule's title, a ruling's question or answer
MAX_TEXT = 8000  # characters of a rule's text
# control characters (C0, DEL, C1) and the Unicode line and paragraph separators; a rule's
# text may hold line breaks and tabs, nothing else of these
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_CONTROL_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def text_problem(text: str, limit: int, *, lines: bool = False) -> str | None:
    """Why `text` may not go into a session file (one sentence, translated), or None:
    longer than `limit` characters, or a control character (line breaks and tabs are
    allowed where `lines`). The session model checks every text it holds with it, so the
    command line and the web table refuse the same texts with the same sentence."""
    if len(text) > limit:
        return _("the text is {n} characters long; at most {limit} are allowed").format(
            n=len(text), limit=limit
        )
    bad = (_CONTROL if lines else _CONTROL_LINE).search(text)
    if bad is not None:
        return _("the text holds the control character U+{code:04X}, which is not allowed").format(
            code=ord(bad.group())
        )
    return None


def _checker(limit: int, lines: bool = False) -> AfterValidator:
    def check(text: str) -> str:
        problem = text_problem(text, limit, lines=lines)
        if problem is not None:
            raise ValueError(problem)
        return text

    return AfterValidator(check)


Name = Annotated[str, Field(min_length=1), _checker(MAX_NAME)]
Line = Annotated[str, _checker(MAX_LINE)]
Text = Annotated[str, _checker(MAX_TEXT, lines=True)]
RoundNo = Annotated[int, Field(ge=1)]
Effective = Literal["now", "next"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# who plays first at a table with `starter: lowest`: the cards decide, not the session (VW2)
LOWEST_OPENS = N_("the holder of the lowest card")  # translated where told (report.opener)


class RoundRecord(_Model):
    """A round: who dealt (S5), who made the first play (S6, W6, D29), who was away, and,
    once it is over, the winner (W4) and the places (W5) if the table played them."""

    @property
    def opener(self) -> str:
        """Who plays first, in words: a name, or the holder of the lowest card (VW2)."""
        return self.first if self.first is not None else LOWEST_OPENS

    round: RoundNo
    dealer: Name
    first: Name | None = Field(
        description="Who made the first play; null: the holder of the lowest card, whom the "
        "deal decides (`starter: lowest`, VW2)."
    )
    absent: list[Name] = Field(default_factory=list)
    finished: bool = False
    winner: Name | None = Field(
        default=None, description="None only for a simulated round that stalled."
    )
    places: list[Name] = Field(default_factory=list, description="Finishing order, if played.")


class RuleRecord(_Model):
    """A custom rule that is in force, or comes into force at round `since`."""

    id: Annotated[int, Field(ge=1)]
    title: Line
    author: Name
    how: Literal["winner", "setup", "change", "restore"] = Field(
        description="The round's winner (R0), brought back at setup (E3), or by a vote."
    )
    won: int | None = Field(default=None, description="The round the author won (R0).")
    origin: int | None = Field(
        default=None, description="The rule this one changes or brings back (by a vote)."
    )
    since: RoundNo = Field(description="The first round the rule is in force for.")
    text: Text


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


# a base variant's value (docs/variants.md): on/off, a count, a rank or a word, or none
BaseValue = bool | int | str | None


class BaseChange(_Model):
    """A base rule changed by a Rule Vote, for this session only (V2), from `since`; or,
    with `vote` 0, a variant of the rule pack the session started with (its `base:`)."""

    option: Name
    value: BaseValue
    vote: int = Field(ge=0, description="The round whose vote made the change; 0: the pack's.")
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
            raise ValueError(_("the knockout (K4) does not match its candidates and defender"))
        if {self.match.a, self.match.b} != {self.proposer, self.defender}:
            raise ValueError(_("the match must be between the proposer and the defender"))
        if self.match.winner != self.winner:
            raise ValueError(_("the winner must be the winner of the match"))
        return self


class VoteRecord(_Model):
    """One Rule Vote (V1-V11): the proposal, who voted yes and no (everyone else counts as
    not voting yes, D31), the result by the counts (V4, D30) and, after a tie, Roshambo."""

    round: int = Field(ge=0, description="0: a setup vote to bring an old rule back (E3).")
    proposer: Name
    action: Literal["remove", "change", "restore", "base"]
    rule: int | None = Field(default=None, description="The custom rule's id.")
    text: Text | None = Field(default=None, description="The changed rule's new text.")
    option: str | None = None
    value: BaseValue | None = None
    effective: Effective = Field(description="Declared before the vote (V8).")
    voted_yes: list[Name] = Field(default_factory=list)
    voted_no: list[Name] = Field(default_factory=list, description="In the order they voted.")
    objector: Name | None = Field(default=None, description="First formal objector (K2).")
    count: Literal["passed", "rejected", "tie"]
    roshambo: RoshamboRecord | None = None
    result: Literal["passed", "rejected"]
    reason: Said | str = Field(
        default="",
        description="Why it passed or failed: a message id and its arguments, said in the "
        "reader's language (a string: an older file's English sentence, told as it is).",
    )


class RulingRecord(_Model):
    """How an edge case of a custom rule was settled (R5, R6, E4): by its creator, or, with
    the creator away, by a majority of the session's players (D31); without one, the
    reading that changes base Lopti the least applies."""

    round: int = Field(ge=1)
    rule: int
    question: Line = Field(min_length=1)
    answer: Said | Line = Field(
        description="The answer as given; without a majority, the least-change reading as a "
        "message id (`procedure.LEAST_CHANGE`), said in the reader's language."
    )
    by: Literal["creator", "table"]
    voted_yes: list[Name] = Field(default_factory=list)
    result: Literal["decided", "least change"]


class RewordRecord(_Model):
    """A creator rewording their rule (R5): the title and text it had before."""

    round: int = Field(ge=1, description="The round in play, or the next one to deal.")
    rule: int
    old_title: Line
    old_text: Text


Step = Literal["deal", "finish", "round", "rule", "reword", "delete", "vote", "ruling", "restore"]


class UndoneRecord(_Model):
    """A step taken back with `lopti session undo`, told as it was shown before."""

    round: int = Field(ge=1, description="The round in play, or the next one to deal.")
    step: Said | str = Field(
        description="The step as a message id and its arguments, said in the reader's "
        "language (a string: an older file's English sentence, told as it is)."
    )


class SessionState(_Model):
    """Everything a session file holds."""

    lopti_session: Literal[1] = FORMAT
    revision: int = Field(
        default=0,
        ge=0,
        description="Counts the saves; a step prepared against another revision is refused.",
    )
    name: Annotated[str, Field(min_length=1), _checker(MAX_LINE)]
    players: Annotated[list[Name], Field(min_length=2, max_length=5)]
    seed: int = 0
    first_dealer: Name
    rounds: list[RoundRecord] = Field(default_factory=list)
    rules: list[RuleRecord] = Field(default_factory=list)
    removed: list[RemovedRule] = Field(default_factory=list)
    base: list[BaseChange] = Field(default_factory=list)
    votes: list[VoteRecord] = Field(default_factory=list)
    rulings: list[RulingRecord] = Field(default_factory=list)
    rewordings: list[RewordRecord] = Field(default_factory=list)
    steps: list[Step] = Field(
        default_factory=list,
        description="Each change in order (`round`: dealt and finished at once), for undo.",
    )
    undone: list[UndoneRecord] = Field(default_factory=list)

    @model_validator(mode="after")
    def _facts(self) -> SessionState:
        problem = _problem(self)
        if problem:
            raise FactError(*problem)
        return self

    def seat(self, name: str) -> int:
        return self.players.index(name)


Loc = tuple[str | int, ...]


class FactError(ValueError):
    """A fact of the session a hand edit broke; `loc` is where, in the file's data."""

    def __init__(self, message: str, loc: Loc) -> None:
        super().__init__(message)
        self.loc = loc


def _problem(state: SessionState) -> tuple[str, Loc] | None:
    """The first fact a hand-edited session breaks (one sentence, and where), or None."""
    if len(set(state.players)) != len(state.players):
        twice = next(i for i, p in enumerate(state.players) if p in state.players[:i])
        return _("a player is listed twice"), ("players", twice)
    for name, loc in _names(state):
        if name not in state.players:
            said = _("`{name}` is not one of the players ({players})")
            return said.format(name=name, players=", ".join(state.players)), loc
    for index, r in enumerate(state.rounds):
        at: Loc = ("rounds", index)
        if r.round != index + 1:
            said = _("round {k} is out of order: rounds are numbered 1, 2, 3 and so on").format(
                k=r.round
            )
            return said, (*at, "round")
        if not r.finished and index != len(state.rounds) - 1:
            return _("round {k} is not finished, but a later round was dealt").format(k=r.round), at
        if r.winner is not None and not r.finished:
            said = _("round {k} has a winner but is not finished").format(k=r.round)
            return said, (*at, "winner")
    seen: set[int] = set()
    for index, v in enumerate(state.votes):
        if v.round > 0 and v.round in seen:
            return _("a round has two Rule Votes: one per round (V1, V7)"), ("votes", index)
        seen.add(v.round)
        if set(v.voted_yes) & set(v.voted_no):
            return _("someone voted both yes and no"), ("votes", index, "voted_no")
    ids: set[int] = set()
    won: set[int] = set()
    for loc, rule in _all_rules(state):
        if rule.id in ids:
            return _("two rules have the id {id}").format(id=rule.id), (*loc, "id")
        ids.add(rule.id)
        if rule.how != "winner":
            continue
        if rule.won is None or not 1 <= rule.won <= len(state.rounds):
            said = _("rule {id} names no round its author won (R0)").format(id=rule.id)
            return said, (*loc, "won")
        if rule.won in won:
            said = _("round {k} has two winner's rules: one rule (R0)").format(k=rule.won)
            return said, (*loc, "won")
        won.add(rule.won)
        if state.rounds[rule.won - 1].winner != rule.author:
            said = _("{who} did not win round {k} (W4, R0)").format(who=rule.author, k=rule.won)
            return said, (*loc, "author")
    return None


def _all_rules(state: SessionState) -> list[tuple[Loc, RuleRecord]]:
    found: list[tuple[Loc, RuleRecord]] = [(("rules", i), r) for i, r in enumerate(state.rules)]
    found += [(("removed", i), r) for i, r in enumerate(state.removed)]
    return found


def _names(state: SessionState) -> list[tuple[str, Loc]]:
    """Every player name the session mentions, with where."""
    names: list[tuple[str, Loc]] = [(state.first_dealer, ("first_dealer",))]
    for i, r in enumerate(state.rounds):
        for key in ("dealer", "first", "winner"):
            value = getattr(r, key)
            if value is not None:
                names.append((value, ("rounds", i, key)))
        for key in ("absent", "places"):
            names += [(n, ("rounds", i, key, j)) for j, n in enumerate(getattr(r, key))]
    for loc, rule in _all_rules(state):
        names.append((rule.author, (*loc, "author")))
    for i, ruling in enumerate(state.rulings):
        names += [(n, ("rulings", i, "voted_yes", j)) for j, n in enumerate(ruling.voted_yes)]
    for i, v in enumerate(state.votes):
        names.append((v.proposer, ("votes", i, "proposer")))
        for key in ("voted_yes", "voted_no"):
            names += [(n, ("votes", i, key, j)) for j, n in enumerate(getattr(v, key))]
        if v.objector is not None:
            names.append((v.objector, ("votes", i, "objector")))
    return names
