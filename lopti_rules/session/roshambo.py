"""Roshambo, the Rule Vote's tie-break (RULES.md K1-K4), played throw by throw.

Takes: the two players of a match and a `ThrowSource` (people typing throws, two lines of
letters such as `RPSSR...`, or a seeded generator for simulations). Produces: a
`MatchRecord` holding every throw, draws included, and the winner. Guarantees:

- a main match (K3) ends exactly when 30 decisive throws have been made and the score is
  not 15-15, else at the first decisive throw after 15-15 (so after 30 or 31 decisive
  throws, never earlier, never later); drawn throws are recorded but never counted;
- a knockout match (K4) ends at its first decisive throw;
- a knockout (K4) among several candidates pairs them in the order given, gives the odd one
  out a bye, and repeats until one is left.

A record read back from a session file is checked against these rules (`check_match`), so a
hand-edited file cannot hold a match that ended too early or a winner the throws contradict.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, model_validator

from lopti_rules.i18n import _

THROWS = "RPS"
NAMES = {"R": "rock", "P": "paper", "S": "scissors"}
BEATS = {"R": "S", "P": "R", "S": "P"}  # each throw beats the one it maps to
MAIN_DECISIVE = 30  # K3
KNOCKOUT_DECISIVE = 1  # K4


class RoshamboError(ValueError):
    """Throws that cannot be used: a letter that is not R, P or S, too few, or too many."""


class MatchRecord(BaseModel):
    """One match: `a` and `b` with every throw each made (`R`, `P`, `S`), in order."""

    model_config = ConfigDict(extra="forbid")

    a: str = Field(min_length=1)
    b: str = Field(min_length=1)
    decisive: int = Field(default=MAIN_DECISIVE, description="30 (K3) or 1 (knockout, K4).")
    throws_a: str = ""
    throws_b: str = ""
    winner: str

    @model_validator(mode="after")
    def _complete(self) -> MatchRecord:
        problem = check_match(self)
        if problem:
            raise ValueError(problem)
        return self

    @property
    def score(self) -> tuple[int, int]:
        return tally(self.throws_a, self.throws_b)

    @property
    def draws(self) -> int:
        return sum(x == y for x, y in zip(self.throws_a, self.throws_b, strict=True))


def beats(x: str, y: str) -> bool:
    return BEATS[x] == y


def tally(throws_a: str, throws_b: str) -> tuple[int, int]:
    """Decisive throws won by each side."""
    a = sum(beats(x, y) for x, y in zip(throws_a, throws_b, strict=False))
    b = sum(beats(y, x) for x, y in zip(throws_a, throws_b, strict=False))
    return a, b


def missing(a_wins: int, b_wins: int, decisive: int = MAIN_DECISIVE) -> str:
    """What an unfinished match still needs, in words (K3, K4)."""
    made = a_wins + b_wins
    if made >= decisive:  # a tie at the end: the next decisive throw breaks it
        said = _(
            "it is {a}-{b} after {made} decisive throws, so one more decisive throw breaks "
            "the tie (K3)"
        )
        return said.format(a=a_wins, b=b_wins, made=made)
    if decisive == KNOCKOUT_DECISIVE:
        return _("a knockout match needs one decisive throw (K4; draws do not count)")
    said = _(
        "it is {a}-{b} after {made} decisive throws, and it needs {decisive} (K3; draws do "
        "not count)"
    )
    return said.format(a=a_wins, b=b_wins, made=made, decisive=decisive)


def is_over(a_wins: int, b_wins: int, decisive: int = MAIN_DECISIVE) -> bool:
    """K3: at least `decisive` decisive throws and no tie (15-15 goes on to the next one)."""
    return a_wins + b_wins >= decisive and a_wins != b_wins


def check_match(match: MatchRecord) -> str | None:
    """Why a recorded match breaks K3/K4, or None when it is a complete, correct match."""
    if match.decisive not in (MAIN_DECISIVE, KNOCKOUT_DECISIVE):
        said = _("a match is {main} decisive throws (K3), or one in a knockout (K4)")
        return said.format(main=MAIN_DECISIVE)
    if match.a == match.b:
        return _("nobody plays Roshambo against themselves")
    if len(match.throws_a) != len(match.throws_b):
        return _("both players must have made the same number of throws")
    bad = set(match.throws_a + match.throws_b) - set(THROWS)
    if bad:
        return _("a throw is R, P or S, not {throw}").format(throw=repr(sorted(bad)[0]))
    a, b = 0, 0
    for index, (x, y) in enumerate(zip(match.throws_a, match.throws_b, strict=True)):
        if is_over(a, b, match.decisive):
            said = _("the match was over after throw {k}: the later throws do not count")
            return said.format(k=index)
        a += beats(x, y)
        b += beats(y, x)
    if not is_over(a, b, match.decisive):
        said = _("the match is not finished ({a}-{b}; decisive throws: {n})")
        return said.format(a=a, b=b, n=a + b)
    if match.winner != (match.a if a > b else match.b):
        said = _("the throws make {who} the winner, not {named}")
        return said.format(who=match.a if a > b else match.b, named=match.winner)
    return None


class ThrowSource(Protocol):
    """Where throws come from. `throws(a, b)` yields (a's throw, b's throw) pairs for one
    match, as many as asked; `finish(used)` is told how many the match used."""

    def throws(self, a: str, b: str, decisive: int) -> Iterator[tuple[str, str]]: ...

    def finish(self, used: int) -> None: ...


class SeededThrows:
    """Simulated people: each throw drawn from a seeded `random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def throws(self, a: str, b: str, decisive: int) -> Iterator[tuple[str, str]]:
        while True:
            yield self.rng.choice(THROWS), self.rng.choice(THROWS)

    def finish(self, used: int) -> None:
        return None


class LineThrows:
    """Throws written down as lines, one pair of lines per match in the order the matches
    are played (knockout matches first): `("RPSSR...", "PSRRP...")`. Too few throws, too
    many, lines of different lengths or a letter other than R, P, S raise `RoshamboError`."""

    def __init__(self, lines: Sequence[tuple[str, str]]) -> None:
        self.lines = [(clean(a), clean(b)) for a, b in lines]
        self.index = 0
        self.current = ("", "")

    def throws(self, a: str, b: str, decisive: int) -> Iterator[tuple[str, str]]:
        if self.index >= len(self.lines):
            raise RoshamboError(_("no throws were given for the match {a} vs {b}").format(a=a, b=b))
        self.current = self.lines[self.index]
        self.index += 1
        line_a, line_b = self.current
        if len(line_a) != len(line_b):
            said = _("{a} has {n} throws and {b} has {m}: give one letter each per throw")
            raise RoshamboError(said.format(a=a, n=len(line_a), b=b, m=len(line_b)))
        yield from zip(line_a, line_b, strict=True)
        said = _("the match {a} vs {b} is not over after {n} throws: {missing}")
        raise RoshamboError(
            said.format(a=a, b=b, n=len(line_a), missing=missing(*tally(line_a, line_b), decisive))
        )

    def finish(self, used: int) -> None:
        extra = len(self.current[0]) - used
        if extra > 0:
            said = _("the match was over after throw {used}: {extra} more throws were given")
            raise RoshamboError(said.format(used=used, extra=extra))


class PromptThrows:
    """Throws typed at the table, asked for one at a time with `ask(prompt) -> answer`:
    both letters of a throw (`RP`: the first player's rock, the second's paper), or several
    throws at once as two lines `RPS/PSR`. A mistyped answer is told (`tell(text, True)`)
    and asked again. Lines given beforehand (`given`) are used first, one per match."""

    def __init__(
        self,
        given: LineThrows,
        ask: Callable[[str], str],
        tell: Callable[[str, bool], None],
    ) -> None:
        self.given, self.ask, self.tell = given, ask, tell
        self.typed = False

    def throws(self, a: str, b: str, decisive: int) -> Iterator[tuple[str, str]]:
        if self.given.index < len(self.given.lines):
            self.typed = False
            yield from self.given.throws(a, b, decisive)
            return
        self.typed = True
        kind = _("one decisive throw (K4)") if decisive == 1 else _("30 decisive throws (K3)")
        said = _("Roshambo: {a} vs {b}, {kind}. Type {a}'s and {b}'s throws, e.g. RP.")
        self.tell(said.format(a=a, b=b, kind=kind), False)
        number = 0
        while True:
            entry = self.ask(_("throw {n}").format(n=number + 1))
            try:
                if "/" in entry:
                    left, right = (clean(part) for part in entry.split("/", 1))
                else:
                    letters = clean(entry)
                    left, right = letters[::2], letters[1::2]
                if len(left) != len(right) or not left:
                    raise RoshamboError(_("give one letter for each player per throw"))
            except RoshamboError as exc:
                self.tell(_("{problem}; try again.").format(problem=exc), True)
                continue
            for pair in zip(left, right, strict=True):
                number += 1
                yield pair

    def finish(self, used: int) -> None:
        if not self.typed:
            self.given.finish(used)


def clean(line: str) -> str:
    """`r p s`, `RPS` or `R,P,S` -> `RPS`; RoshamboError for any other letter."""
    text = "".join(ch for ch in line.upper() if not ch.isspace() and ch not in ",;-")
    bad = set(text) - set(THROWS)
    if bad:
        said = _("a throw is R (rock), P (paper) or S (scissors), not {letter}")
        raise RoshamboError(said.format(letter=repr(min(bad))))
    return text


def play_match(a: str, b: str, source: ThrowSource, decisive: int = MAIN_DECISIVE) -> MatchRecord:
    """Play one match to its end (K3, or K4 with `decisive=1`)."""
    throws_a: list[str] = []
    throws_b: list[str] = []
    a_wins = b_wins = 0
    for x, y in source.throws(a, b, decisive):
        if x not in THROWS or y not in THROWS:
            raise RoshamboError(
                _("a throw is R, P or S, not {letters}").format(letters=repr(x + y))
            )
        throws_a.append(x)
        throws_b.append(y)
        a_wins += beats(x, y)
        b_wins += beats(y, x)
        if is_over(a_wins, b_wins, decisive):
            break
    source.finish(len(throws_a))
    winner = a if a_wins > b_wins else b
    return MatchRecord(
        a=a,
        b=b,
        decisive=decisive,
        throws_a="".join(throws_a),
        throws_b="".join(throws_b),
        winner=winner,
    )


def knockout(candidates: Sequence[str], source: ThrowSource) -> list[MatchRecord]:
    """K4: a side that cannot choose its representative plays a knockout, one decisive
    throw per match. Pairs in the order given; an odd one out goes through (a bye)."""
    if len(candidates) < 2:
        raise ValueError("a knockout needs at least two players")
    matches: list[MatchRecord] = []
    left = list(candidates)
    while len(left) > 1:
        following: list[str] = []
        for i in range(0, len(left) - 1, 2):
            match = play_match(left[i], left[i + 1], source, KNOCKOUT_DECISIVE)
            matches.append(match)
            following.append(match.winner)
        if len(left) % 2:
            following.append(left[-1])
        left = following
    return matches


def knockout_winner(candidates: Sequence[str], matches: Sequence[MatchRecord]) -> str | None:
    """Replay a recorded knockout: its winner, or None when the matches are not the pairings
    K4 gives for these candidates (a hand-edited file)."""
    left = list(candidates)
    queue = list(matches)
    while len(left) > 1:
        following: list[str] = []
        for i in range(0, len(left) - 1, 2):
            if not queue:
                return None
            match = queue.pop(0)
            if (match.a, match.b) != (left[i], left[i + 1]) or match.decisive != 1:
                return None
            following.append(match.winner)
        if len(left) % 2:
            following.append(left[-1])
        left = following
    return left[0] if not queue and left else None
