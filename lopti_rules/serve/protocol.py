"""The web table's protocol: every message a browser may send, as pydantic models.

Takes: one WebSocket text frame. Produces: a validated message (`parse`) or a `BadMessage`
whose one sentence goes back to that client only. Guarantees: a frame larger than
`MAX_FRAME` bytes, text that is not JSON, an unknown `type`, a missing or extra field, or a
value out of range is refused before anything reads it; nothing here changes a table.

What the server sends is built by `table.py` and `evening.py` as plain JSON: `state` (the
seat's own view, its legal moves, its open questions, the log, the evening), `error`
(`message`, `clause`, `kind`), `checked` (live diagnostics of a rule being written) and
`settled` (the answer to a real-card table's question). A question the server asks a seat
(`ask`, inside `state`) is answered with `answer`: the setup swap, the secret Roshambo
throws and a rule's questions to a person (`choice`: which cards, which player, yes or no;
engine/asks.py) use it.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from lopti_rules.diagnostics.schema import schema_words
from lopti_rules.i18n import _
from lopti_rules.session.model import MAX_LINE, MAX_NAME, MAX_TEXT

MAX_FRAME = 16_384  # bytes of one incoming frame
MAX_RULE = MAX_TEXT  # characters of a rule's text
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]  # any name a session allows
Text = Annotated[str, Field(max_length=MAX_RULE)]
Short = Annotated[str, Field(min_length=1, max_length=MAX_LINE)]


class BadMessage(ValueError):
    """A frame that is not a valid message, as one sentence."""


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MoveSpec(_Msg):
    kind: Literal["play", "pickup", "reveal"]
    rank: int | None = Field(default=None, ge=2, le=14)
    count: int | None = Field(default=None, ge=1, le=4)
    index: int | None = Field(default=None, ge=0, le=51)


class MoveMsg(_Msg):
    """A move of the seat to act; `seq` is the state it was chosen in (stale otherwise)."""

    type: Literal["move"]
    seq: int = Field(ge=0)
    move: MoveSpec


class AnswerMsg(_Msg):
    """The answer to a question the server asked this seat (`ask.id`, one option's value;
    for a question with `many`, several values joined, e.g. throws `RPSRR`)."""

    type: Literal["answer"]
    id: Annotated[str, Field(min_length=1, max_length=80)]
    choice: Annotated[str, Field(min_length=1, max_length=200)]


class CallMsg(_Msg):
    """A table event (a rule's `call`, `race` or `conduct`): `say` a call due for you, or
    `report` one about another player (`about`, a seat)."""

    type: Literal["call"]
    kind: Literal["say", "report"]
    name: Name
    about: int | None = Field(default=None, ge=0, le=4)


class NewRoundMsg(_Msg):
    """Host: deal the next round of the evening, played here (`web`) or with real cards."""

    type: Literal["new_round"]
    cards: Literal["web", "real"] = "web"
    # a bot seat: `bot` (greedy) or a searching level (docs/bots.md)
    seats: list[Literal["person", "bot", "easy", "medium", "hard"]] = Field(
        default_factory=list, max_length=5
    )
    absent: list[Name] = Field(default_factory=list, max_length=5)


class FinishRoundMsg(_Msg):
    """Host: a real-card round is over; its winner and, if played, the places."""

    type: Literal["finish_round"]
    winner: Name
    places: list[Name] = Field(default_factory=list, max_length=5)


class CheckRuleMsg(_Msg):
    """Check a rule as it is being typed (nothing changes)."""

    type: Literal["check_rule"]
    text: Text


class AddRuleMsg(_Msg):
    type: Literal["add_rule"]
    text: Text


class VoteOpenMsg(_Msg):
    """Propose a Rule Vote (V2): remove, change or restore a rule, or set a base option."""

    type: Literal["vote_open"]
    action: Literal["remove", "change", "restore", "base"]
    effective: Literal["now", "next"] = "now"
    rule: int | None = Field(default=None, ge=1, le=100_000)
    text: Text | None = None
    option: Name | None = None
    value: bool | None = None
    proposer: Name | None = None  # the host may propose for a player
    creator_absent: bool = False


class BallotMsg(_Msg):
    """A player's vote; the host may enter one `for` a player. `object`: a formal objection
    (K2) with a no."""

    type: Literal["ballot"]
    yes: bool
    object: bool = False
    for_: Name | None = Field(default=None, alias="for")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class VoteCloseMsg(_Msg):
    """Host: count the open vote now (those who did not vote count as not yes, D31)."""

    type: Literal["vote_close"]
    defenders: list[Name] = Field(default_factory=list, max_length=5)


class VoteDefendersMsg(_Msg):
    """Host: the defenders the rule's supporters chose (K1: its creator is away or is the
    proposer), for a tie; several play a knockout for the place (K4)."""

    type: Literal["vote_defenders"]
    defenders: list[Name] = Field(default_factory=list, max_length=5)


class SetupRestoreMsg(_Msg):
    """Host: before round 1, bring back an old rule with a majority of the players (E3);
    `yes` are those who vote for it."""

    type: Literal["setup_restore"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_RULE)]
    author: Name
    proposer: Name | None = None  # the author, unless another player proposes it
    yes: list[Name] = Field(default_factory=list, max_length=5)


class VoteCancelMsg(_Msg):
    """Host or proposer: withdraw the open proposal before it is counted."""

    type: Literal["vote_cancel"]


class DeleteRuleMsg(_Msg):
    type: Literal["delete_rule"]
    rule: int = Field(ge=1, le=100_000)


class RewordMsg(_Msg):
    type: Literal["reword"]
    rule: int = Field(ge=1, le=100_000)
    text: Text


class RulingMsg(_Msg):
    """Settle an edge case of a rule (R6, E4)."""

    type: Literal["ruling"]
    rule: int = Field(ge=1, le=100_000)
    question: Short
    answer: Short
    creator_absent: bool = False
    yes: list[Name] = Field(default_factory=list, max_length=5)


class SettleMsg(_Msg):
    """A real-card table's question: is this play legal on this pile?"""

    type: Literal["settle"]
    pile: Annotated[str, Field(max_length=200)] = ""
    play: Annotated[str, Field(min_length=1, max_length=40)]
    chain: int = Field(default=0, ge=0, le=3)


class StandInMsg(_Msg):
    """Host: a bot plays `seat` now, until its person is back (serve/standin.py)."""

    type: Literal["stand_in"]
    seat: int = Field(ge=0, le=4)


class SeatBackMsg(_Msg):
    """A person takes their seat back from the bot standing in for them."""

    type: Literal["seat_back"]


class AwayAfterMsg(_Msg):
    """Host: after how many seconds a bot plays the seat of a person with no device
    connected (0: never by itself)."""

    type: Literal["away_after"]
    seconds: int = Field(ge=0, le=3600)


class AbandonMsg(_Msg):
    """Host: abandon the round in play (it ends with no winner)."""

    type: Literal["abandon"]


class DraftMsg(_Msg):
    """The winner (or the host) writing the winner's rule: checked, and shown to the table."""

    type: Literal["draft"]
    text: Text


Message = Annotated[
    MoveMsg
    | AnswerMsg
    | CallMsg
    | NewRoundMsg
    | FinishRoundMsg
    | CheckRuleMsg
    | AddRuleMsg
    | VoteOpenMsg
    | BallotMsg
    | VoteCloseMsg
    | VoteDefendersMsg
    | VoteCancelMsg
    | DeleteRuleMsg
    | RewordMsg
    | RulingMsg
    | SettleMsg
    | SetupRestoreMsg
    | StandInMsg
    | SeatBackMsg
    | AwayAfterMsg
    | AbandonMsg
    | DraftMsg,
    Field(discriminator="type"),
]
MESSAGE_TYPES = (
    "move",
    "answer",
    "call",
    "new_round",
    "finish_round",
    "check_rule",
    "add_rule",
    "vote_open",
    "ballot",
    "vote_close",
    "vote_defenders",
    "vote_cancel",
    "delete_rule",
    "reword",
    "ruling",
    "settle",
    "setup_restore",
    "stand_in",
    "seat_back",
    "away_after",
    "abandon",
    "draft",
)
_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)


def parse(frame: str | bytes) -> Message:
    """One incoming frame as a message; BadMessage (one sentence) otherwise."""
    size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8"))
    if size > MAX_FRAME:
        said = _("the message is {size} bytes long; at most {limit} are accepted")
        raise BadMessage(said.format(size=size, limit=MAX_FRAME))
    if isinstance(frame, bytes):
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage(_("the message is not UTF-8 text")) from None
    try:
        data = json.loads(frame)
    except ValueError:
        raise BadMessage(_("the message is not JSON")) from None
    except RecursionError:
        raise BadMessage(_("the message is nested too deeply")) from None
    if not isinstance(data, dict):
        raise BadMessage(_("a message is a JSON object with a `type`"))
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise BadMessage(_("unknown message type {kind}").format(kind=repr(str(kind)[:40])))
    try:
        return _ADAPTER.validate_python(data)
    except RecursionError:
        raise BadMessage(_("the message is nested too deeply")) from None
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"][1:]) or "message"
        said = _("`{kind}` message, `{where}`: {problem}")
        raise BadMessage(said.format(kind=kind, where=where, problem=schema_words(error))) from None
