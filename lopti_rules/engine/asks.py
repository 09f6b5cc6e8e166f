"""Asks: every choice the game leaves to a player goes through one synchronous question.

An `Ask` says who is asked (`seat`), what kind of answer it wants (`kind`: `CARDS`, `SEAT` or
`YES_NO`), why (`purpose`, a key of `PURPOSES`, which also says whom the answer favours),
the options it may choose among, how many cards (`count`), another seat the choice
concerns (`about`, e.g. a gift's receiver) and its `default`: the answer taken when nobody
answers. Whoever needs a choice (the engine, a base variant, a rule's action) builds an
`Ask` and calls `game.ask(ask)`, which hands it to the `Chooser` plugged into the game's bus
(`bus.chooser`, like hooks and observers) and returns the answer. Answers:

- `CARDS`: a tuple of exactly `count` ranks, each among `options` (a multiset: one entry
  per card, lowest first), in the order the seat chose them;
- `SEAT`: one seat among `options`;
- `YES_NO`: True (yes) or False (no); `options` is empty.

Guarantees:
- Deterministic without a chooser: a game whose bus has none (scenarios, tests) takes every
  ask's default, and so does an ask the chooser answers with None (a person nobody asks).
- Only real choices are asked: an ask with one possible answer (`forced`: one seat offered,
  or cards all of one rank or all of them wanted) never reaches the chooser; its default is
  that answer (LANGUAGE.md §4, "Asks").
- Validated: `game.ask` passes the chooser's answer through `Ask.check`; an answer the ask
  does not allow is replaced by the default (the game never stops half-way through a move).
  A program that wants to tell a person why calls `ask.check(answer)` itself first: it raises
  `AnswerError` with a one-sentence reason.
- No leak: an ask carries only what the asked seat may see (its own hand, seats, yes/no).
- Recorded: a `SEAT` or `YES_NO` answer is told to observers as a `choice` note (`player` the
  asked seat, `purpose`, `answer`, `about`); a `CARDS` answer is recorded by the action that
  moves the cards (its `give`, `discard`, ... line lists them).

A chooser runs synchronously, inside the move that asks. One whose answer comes later (a
person at the web table) calls `Pause.wait` (engine/pause.py): run under a `Pause`, the move
stops there and goes on when the answer is given. `Runtime.rule` names the rule asking, if any.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.i18n import _, ngettext

G = TypeVar("G")  # the game a chooser is asked at (the engine's `Game`)

CARDS: Final = "cards"
SEAT: Final = "seat"
YES_NO: Final = "yes_no"
KINDS: tuple[str, ...] = (CARDS, SEAT, YES_NO)


@dataclass(frozen=True, slots=True)
class Purpose:
    """What an ask's answer decides: its kind, a line for people, and whom it favours."""

    kind: str
    text: str
    # CARDS: True when the chosen cards stay the seat's, False when they leave it; SEAT: True
    # when the chosen seat gains by the choice, False when it loses; YES_NO: True when yes
    # helps the asked seat, False when yes costs it, None when that depends on the table
    favours: bool | None = False


# every purpose an ask may have (docs/language.md, "Choices"); bots read `favours`
PURPOSES: dict[str, Purpose] = {
    "give": Purpose(CARDS, "the cards the seat gives (`gives N cards`, no lowest/highest)"),
    "discard": Purpose(CARDS, "the cards the seat discards (`discards N cards`, no which)"),
    "under": Purpose(CARDS, "the cards the seat puts under the pile (`puts N cards under`)"),
    "hide": Purpose(
        CARDS, "the face-up card the seat turns face down (`swaps a face up card ...`)", True
    ),
    "target": Purpose(SEAT, "the player a rule's action goes to, chosen by the seat"),
    "may": Purpose(YES_NO, "whether the seat takes a rule's optional action", None),
    "may_help": Purpose(
        YES_NO, "whether the seat takes an optional action that can only help it", True
    ),
    # the base variants' choices (docs/variants.md)
    "name_next": Purpose(SEAT, "who plays next, named by the player of the name_next rank"),
    "jump_in": Purpose(YES_NO, "whether the seat plays the top play's rank out of turn", True),
    "face_up": Purpose(CARDS, "the hand cards the seat lays face up at the deal", True),
}

Answer = tuple[int, ...] | int | bool
# (game, ask) -> the answer, or None for the ask's default; `Chooser[Game]` (the game it is
# asked at is a type parameter, so this module and the bus's need not import the game's)
Chooser = Callable[[G, "Ask"], "Answer | Sequence[int] | None"]


class AnswerError(ValueError):
    """An answer the ask does not allow (the message says why, in one sentence)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """One question to one seat. Build with `of_cards`, `of_seat` or `of_yes_no`.

    Checked when built: a known purpose of the right kind, and a default the ask allows. A
    rule's action may ask on every firing (a gift of `1 card` asks the giver which), so the
    usual default of a card ask, its first `count` options, is allowed at a glance."""

    seat: int  # who is asked
    kind: str  # CARDS, SEAT or YES_NO
    purpose: str  # a key of PURPOSES
    options: tuple[int, ...]  # ranks (CARDS, one entry per card) or seats (SEAT); () for YES_NO
    default: Answer  # the answer when nobody answers
    count: int = 1  # CARDS: how many cards to choose
    about: int | None = None  # another seat the choice concerns (a gift's receiver), or None

    def __post_init__(self) -> None:
        purpose = PURPOSES.get(self.purpose)
        if purpose is None:
            known = ", ".join(PURPOSES)
            raise ValueError(f"`{self.purpose}` is not a purpose of an ask (known: {known})")
        kind = purpose.kind
        if kind != self.kind:
            raise ValueError(f"a `{self.purpose}` ask is a {kind} ask, not a {self.kind} ask")
        default, count = self.default, self.count
        if self.kind == CARDS and default == self.options[:count] and len(default) == count:
            return  # the first `count` options: always allowed
        self.check(default)  # the default is always a valid answer

    @classmethod
    def of_cards(
        cls,
        seat: int,
        purpose: str,
        options: Sequence[int],
        count: int,
        *,
        default: Sequence[int] | None = None,
        about: int | None = None,
    ) -> Ask:
        """Choose `count` of `options` (ranks); by default the lowest `count`."""
        ranks = tuple(sorted(options))
        pick = tuple(default) if default is not None else ranks[:count]
        return cls(seat, CARDS, purpose, ranks, pick, count, about)

    @classmethod
    def of_seat(
        cls,
        seat: int,
        purpose: str,
        options: Sequence[int],
        default: int,
        *,
        about: int | None = None,
    ) -> Ask:
        """Choose one seat of `options` (in the order a person should see them)."""
        return cls(seat, SEAT, purpose, tuple(options), default, 1, about)

    @classmethod
    def of_yes_no(cls, seat: int, purpose: str, default: bool, *, about: int | None = None) -> Ask:
        """Answer yes (True) or no (False)."""
        return cls(seat, YES_NO, purpose, (), default, 1, about)

    @property
    def forced(self) -> bool:
        """Whether only one answer is possible (a chooser may answer it without asking)."""
        if self.kind == CARDS:
            return self.count >= len(self.options) or len(set(self.options)) == 1
        return self.kind == SEAT and len(set(self.options)) == 1

    def check(self, answer: object) -> Answer:
        """`answer` as this ask's answer type; AnswerError saying why when it is not allowed."""
        if self.kind == YES_NO:
            if not isinstance(answer, bool):
                said = _("the `{purpose}` ask wants yes or no, not {answer}")
                raise AnswerError(said.format(purpose=self.purpose, answer=repr(answer)))
            return answer
        if self.kind == SEAT:
            if isinstance(answer, bool) or not isinstance(answer, int):
                said = _("the `{purpose}` ask wants a seat, not {answer}")
                raise AnswerError(said.format(purpose=self.purpose, answer=repr(answer)))
            if answer not in self.options:
                seats = ", ".join(map(str, self.options))
                said = _("seat {seat} is not among the seats offered ({seats})")
                raise AnswerError(said.format(seat=answer, seats=seats))
            return answer
        return self._check_cards(answer)

    def _check_cards(self, answer: object) -> tuple[int, ...]:
        if not isinstance(answer, list | tuple) or not all(
            isinstance(r, int) and not isinstance(r, bool) for r in answer
        ):
            said = _("the `{purpose}` ask wants a list of ranks, not {answer}")
            raise AnswerError(said.format(purpose=self.purpose, answer=repr(answer)))
        if len(answer) != self.count:
            said = ngettext(  # English says "card(s)" whatever the count, as it always did
                "the `{purpose}` ask wants {count} card(s), not {got}",
                "the `{purpose}` ask wants {count} card(s), not {got}",
                self.count,
            )
            raise AnswerError(said.format(purpose=self.purpose, count=self.count, got=len(answer)))
        held = Counter(self.options)
        for rank, wanted in Counter(answer).items():
            if wanted > held[rank]:
                name = RANK_NAMES.get(rank, str(rank))
                said = _("the answer holds {rank} {wanted} times, but only {held} can be chosen")
                raise AnswerError(said.format(rank=name, wanted=wanted, held=held[rank]))
        return tuple(answer)


def chosen_cards(reply: Answer) -> tuple[int, ...]:
    """A CARDS answer, typed."""
    assert isinstance(reply, tuple)
    return reply


def chosen_seat(reply: Answer) -> int:
    """A SEAT answer, typed."""
    assert isinstance(reply, int) and not isinstance(reply, bool)
    return reply


def said_yes(reply: Answer) -> bool:
    """A YES_NO answer, typed."""
    assert isinstance(reply, bool)
    return reply
