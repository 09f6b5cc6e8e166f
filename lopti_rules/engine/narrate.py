"""Narration: the events of a round told as readable sentences, one line each.

`Narrator(names, emit)` is an observer for `EventBus.observe`: it turns each event into a
sentence ("Ben plays 9 9 on 5.", "Cat picks up the pile (6 cards): no legal play.", "The
pile clears: a 10 (5 cards leave the round).") and hands it to `emit`. Like a real table it
shows everything played, picked up, revealed and taken up from face-up, but keeps hands and
draws hidden. It keeps its own note of the top play and of the 3-chain (from the events) to
say what a play landed on and, for 3s, how many are in the chain and whether the next player
must answer with 3s ("Dan plays 3 to the chain (1 in the chain): the next player must play 3s
or pick up."). `summary(result)` gives the closing lines.

House rules: given `rule_of` (the runtime's "which rule is running now", None in base play),
the narrator tells each firing of a custom rule as one sentence, from the runtime's `hook`
note to the last event its actions caused: "Tens tax: Ben and Cat each draw 1; "The ten was
taxed."". Events are gathered while the rule runs (draws by seat, then the other action
lines in order) and told when the next line starts, or at `flush()` (the end of the round).
A rule that fires but moves nothing says so; a guard stop is told with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _draws(draws: dict[int, int], name: Callable[[int | None], str]) -> str:
    """`Ben and Cat each draw a card; Dan draws 2 cards` for one run of draws (seat -> n)."""
    by_count: dict[int, list[str]] = {}
    for seat, n in draws.items():
        by_count.setdefault(n, []).append(name(seat))
    parts = []
    for n, who in by_count.items():
        cards = "a card" if n == 1 else f"{n} cards"
        verb = "draws" if len(who) == 1 else "each draw"
        parts.append(f"{_join(who)} {verb} {cards}")
    return "; ".join(parts)


def _some(ranks: Sequence[object]) -> str:
    """`a 5`, `an 8`, `an A`, or `2 cards (5 8)`."""
    if len(ranks) == 1:
        shown = cards_text(ranks)
        return f"an {shown}" if shown in ("8", "A") else f"a {shown}"
    return f"{len(ranks)} cards ({cards_text(ranks)})"


@dataclass(slots=True)
class _Firing:
    """What one firing of a rule has done so far, in order; a run of draws is one item
    (seat -> cards drawn), so `each other player draws 1` reads as one clause."""

    rule: str
    items: list[str | dict[int, int]] = field(default_factory=list)

    def draw(self, seat: int) -> None:
        if not self.items or not isinstance(self.items[-1], dict):
            self.items.append({})
        run = self.items[-1]
        assert isinstance(run, dict)
        run[seat] = run.get(seat, 0) + 1


class Narrator:
    """Observer turning events into sentences."""

    __slots__ = ("_chain", "_emit", "_firing", "_names", "_rule_of", "_top")

    def __init__(
        self,
        names: Sequence[str],
        emit: Callable[[str], None],
        rule_of: Callable[[], str | None] | None = None,
    ) -> None:
        self._names = list(names)
        self._emit = emit
        self._top: str | None = None  # the top play as shown; None: the table is empty
        self._chain = 0  # 3s in the chain now (X3.5)
        self._rule_of = rule_of
        self._firing: _Firing | None = None

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        return self._names[seat] if 0 <= seat < len(self._names) else f"seat {seat}"

    def __call__(self, event: Event) -> None:
        rule = self._rule_of() if self._rule_of is not None else None
        if event.name == "hook":
            self.flush()
            self._firing = _Firing(str(event.fields.get("rule", rule)))
            return
        if event.name == "guard":
            self.flush()
            self._emit(f"The guard stops {event.fields.get('rule')}: {event.fields.get('reason')}.")
            return
        if rule is not None:
            if self._firing is None or self._firing.rule != rule:
                self.flush()
                self._firing = _Firing(rule)
            self._gather(self._firing, event)
            return
        self.flush()
        line = self.sentence(event)
        if line:
            self._emit(line)

    def flush(self) -> None:
        """Tell the rule firing gathered so far, if any."""
        firing, self._firing = self._firing, None
        if firing is None:
            return
        clauses = [i if isinstance(i, str) else _draws(i, self.name) for i in firing.items]
        told = "; ".join(clauses) if clauses else "it fires, but nothing moves"
        end = "" if told.endswith(('."', '!"', '?"')) else "."
        self._emit(f"{firing.rule}: {told}{end}")

    def _gather(self, firing: _Firing, event: Event) -> None:
        if event.name == "draw" and event.actor is not None:
            firing.draw(event.actor)
            return
        clause = self.rule_clause(event)
        if clause:
            firing.items.append(clause)

    def rule_clause(self, event: Event) -> str | None:
        """A clause for an event or action line caused by a house rule."""
        f = event.fields
        who = self.name(event.actor)
        count = f.get("count", 0)
        n = count if isinstance(count, int) else 0
        cards = f.get("cards", [])
        shown = cards_text(cards) if isinstance(cards, list | tuple) else ""
        name = event.name
        ranks = cards if isinstance(cards, tuple) else ()
        if name == "give":
            to = f.get("to")
            whom = self.name(to if isinstance(to, int) else None)
            return f"{who} gives {whom} {_some(ranks)}" if ranks else f"{who} has no card to give"
        if name == "discard":
            if not ranks:
                return f"{who} has no card to discard"
            return f"{who} discards {_some(ranks)} out of the round"
        if name == "take":
            if not ranks:
                return "no removed card to take back"
            return f"{who} takes back {_some(ranks)} from the removed cards"
        if name == "shuffle":
            return f"{_plural(n, 'removed card')} shuffled into the deck"
        if name == "show":
            what = "hand" if f.get("what") == "hand" else "face-down cards"
            return f"{who} shows the {what}: {shown or 'nothing'}"
        if name == "announce":
            return f'"{f.get("text")}"'
        if name == "roshambo":
            return self._roshambo(event)
        if name == "pickup":
            self._top, self._chain = None, 0
            return f"{who} picks up the pile ({_plural(n, 'card')})"
        if name == "clear":
            self._top, self._chain = None, 0
            if not n:
                return "the empty pile clears"
            verb = "leaves" if n == 1 else "leave"
            return f"the pile clears ({_plural(n, 'card')} {verb} the round)"
        line = self.sentence(event)  # the rest read as in play, without the full stop
        return line.rstrip(".") if line else None

    def _roshambo(self, event: Event) -> str:
        f = event.fields
        first, second, winner = event.actor, f.get("opponent"), f.get("winner")
        throws = f.get("throws", ())
        told = (
            [str(t).replace("-", " against ") for t in throws] if isinstance(throws, tuple) else []
        )
        how = f" ({', then '.join(told)})" if told else ""
        pair = f"{self.name(first)} and {self.name(second if isinstance(second, int) else None)}"
        win = self.name(winner if isinstance(winner, int) else None)
        return f"{pair} throw roshambo{how}: {win} wins"

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
            self._top, self._chain = None, 0
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
            self._top, self._chain = None, 0
            why = _REASONS.get(str(f.get("reason")), str(f.get("reason")))
            return f"{who} picks up the pile ({_plural(n, 'card')}): {why}."
        if name == "clear":
            self._top, self._chain = None, 0
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
        if rank == 3:  # X3.2-X3.5: beside the pile; on a pile, the next player is obliged
            self._chain += n
            told = f"{who} plays {shown}{src} to the chain ({self._chain} in the chain)"
            if self._top is None or self._chain >= 4:
                return f"{told}."  # X3.4: no obligation on an empty table; four clear (X3.5)
            return f"{told}: the next player must play 3s or pick up."
        on = f" on {self._top}" if self._top else ""
        self._top = shown
        self._chain = 0
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
