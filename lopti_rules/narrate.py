"""Narration: the events of a round told as readable sentences, one line each.

`Narrator(names, emit)` is an observer for `EventBus.observe`: it turns each event into a
sentence ("Ben plays 9 9 on 5.", "Cat picks up the pile (6 cards): no legal play.", "The
pile clears: a 10 (5 cards leave the round).") and hands it to `emit`. Like a real table it
shows everything played, picked up, revealed and taken up from face-up, but keeps hands and
draws hidden. It keeps its own note of the top play (from the events) to say what a play
landed on. `summary(result)` gives the closing lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lopti_rules.engine import Event
from lopti_rules.engine.cards import RANK_NAMES

_REASONS = {
    "voluntary": "by choice",
    "forced": "no legal play",
    "failed_reveal": "the face-down card could not be played (F6)",
    "custom": "by a house rule",
}
_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def cards_text(ranks: Sequence[object]) -> str:
    return " ".join(RANK_NAMES.get(r, str(r)) if isinstance(r, int) else str(r) for r in ranks)


def _rank(value: object) -> str:
    return RANK_NAMES.get(value, str(value)) if isinstance(value, int) else str(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def ordinal(n: int) -> str:
    return _ORDINAL.get(n, f"{n}th")


class Narrator:
    """Observer turning events into sentences."""

    __slots__ = ("_emit", "_names", "_top")

    def __init__(self, names: Sequence[str], emit: Callable[[str], None]) -> None:
        self._names = list(names)
        self._emit = emit
        self._top: str | None = None

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        return self._names[seat] if 0 <= seat < len(self._names) else f"seat {seat}"

    def __call__(self, event: Event) -> None:
        line = self.sentence(event)
        if line:
            self._emit(line)

    def sentence(self, event: Event) -> str | None:
        f = event.fields
        who = self.name(event.actor)
        name = event.name
        count = f.get("count", 0)
        n = count if isinstance(count, int) else 0
        cards = f.get("cards", [])
        shown = cards_text(cards) if isinstance(cards, list | tuple) else ""
        if name == "round":
            return f"Round {f.get('round')}: {who} deals."
        if name == "deal":
            ups = f.get("face_up", [])
            deck = f.get("deck", [])
            lines = [
                f"  {self.name(s)} shows face-up {cards_text(sorted(u))}"
                for s, u in enumerate(ups if isinstance(ups, list | tuple) else [])
            ]
            left = len(deck) if isinstance(deck, list | tuple) else 0
            return (
                f"Each player gets 3 face-down, 3 face-up and 3 hand cards; {left} in the deck.\n"
                + "\n".join(lines)
            )
        if name == "swap":
            hand, up = _rank(f.get("hand")), _rank(f.get("face_up"))
            return f"{who} swaps {hand} from the hand for the face-up {up}."
        if name == "play":
            return self._play(who, f.get("rank"), n, shown, f.get("source") == "face_down")
        if name == "pickup":
            self._top = None
            why = _REASONS.get(str(f.get("reason")), str(f.get("reason")))
            return f"{who} picks up the pile ({_plural(n, 'card')}): {why}."
        if name == "clear":
            self._top = None
            cause = self._cause(str(f.get("cause")), cards)
            verb = "leaves" if n == 1 else "leave"
            return f"The pile clears: {cause} ({_plural(n, 'card')} {verb} the round)."
        if name == "bonus":
            return f"{who} gets a bonus play."
        if name == "take_up":
            return f"{who} takes the face-up cards into the hand: {shown}."
        if name == "reveal":
            verdict = "" if f.get("legal") else ", which cannot be played"
            return f"{who} turns a face-down card: {shown}{verdict}."
        if name == "finish":
            place = f.get("place")
            return f"{who} goes out ({ordinal(place) if isinstance(place, int) else place} place)."
        if name == "win":
            return f"{who} wins the round!"
        if name in ("give", "discard", "take", "shuffle"):
            return f"{who} {name}s {shown or _plural(n, 'card')}."
        if name == "draw":
            return f"{who} draws a card."
        return None  # a turn is implied by the next line

    def _play(self, who: str, rank: object, n: int, shown: str, face_down: bool) -> str:
        src = " (face-down)" if face_down else ""
        if rank == 3:
            return f"{who} plays {shown}{src} to the chain."
        on = f" on {self._top}" if self._top else ""
        self._top = shown
        extra = ""
        if rank == 7:
            extra = ": 7 or lower next"
        elif rank == 2:
            extra = ": anything may follow"
        return f"{who} plays {shown}{src}{on}{extra}."

    def _cause(self, cause: str, cards: object) -> str:
        if cause == "ten":
            return "a 10"
        if cause == "threes":
            return "four 3s in the chain"
        if cause == "sevens":
            return "four 7s"
        if cause == "four_of_a_kind":
            if isinstance(cards, list | tuple) and cards:
                return f"four {_rank(cards[-1])}s"
            return "four of a kind"
        return "a house rule"
