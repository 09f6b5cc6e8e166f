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

Translation: every sentence goes through `lopti_rules.i18n` (`_`, `ngettext`, named
placeholders), so `lopti play --lang it` narrates in Italian; card ranks, seat names and rule
titles are shown as they are. The English text is the message id, so English output is
unchanged by the catalogues.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from lopti_rules.engine import Event
from lopti_rules.engine.cards import RANK_NAMES
from lopti_rules.engine.cardwords import a_card, rank_letter
from lopti_rules.engine.notes import NOTES, Note
from lopti_rules.engine.variants import Variants
from lopti_rules.i18n import N_, _, ngettext

_REASONS = {
    "voluntary": N_("by choice"),
    "forced": N_("no legal play"),
    "failed_reveal": N_("the face-down card could not be played (F6)"),
    "custom": N_("by a house rule"),
}
_ORDINAL = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
_THROWS = {"rock": N_("rock"), "paper": N_("paper"), "scissors": N_("scissors")}
# the table's reports of a call, race or conduct (runtime/calls.py)
_REPORTS: dict[str, str] = {
    "missed": N_("{by} catches {who}: the call “{call}” was not made."),
    "lost": N_("{by} names {who} the last in the race “{call}”."),
    "won": N_("{by} names {who} the first in the race “{call}”."),
    "caught": N_("{by} reports {who} for “{call}”."),
}
_ASIDE = frozenset({"skip", "reverse", "choice", "title", *_REPORTS})  # said by `_variant`
# base give/discard/take/shuffle events outside a house rule's firing
_MOVES = {
    "give": N_("{who} gives {cards}."),
    "discard": N_("{who} discards {cards}."),
    "take": N_("{who} takes {cards}."),
    "shuffle": N_("{who} shuffles {cards}."),
}

# a burn of fewer than four (VB1): "The pile clears: three 8s"
_BURNS = {2: N_("two {rank}s"), 3: N_("three {rank}s")}
_BASE = Variants()
_QUOTES = '"”“»«„'  # the closing quotation marks of the languages lopti speaks
# a sentence that ends inside its quotation marks (French sets a space before »: `. »`)
_QUOTED_STOP = re.compile(f"[.!?][ \u00a0\u202f]*[{_QUOTES}]+$")


def cards_text(ranks: Sequence[object]) -> str:
    return " ".join(_rank(r) for r in ranks)


def _rank(value: object) -> str:
    """A rank as the table's language writes it (`rank_letter`: French `V` for a jack)."""
    return rank_letter(value) if isinstance(value, int) and value in RANK_NAMES else str(value)


def _throw(name: str) -> str:
    return _(_THROWS[name]) if name in _THROWS else name


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _first_len(value: object) -> int:
    """The size of the first seat's zone in a deal's per-seat tuple (0 if absent)."""
    if isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
        return len(value[0])
    return 0


def ordinal(n: int) -> str:
    return _(_ORDINAL[n]) if n in _ORDINAL else _("{n}th").format(n=n)


def _join(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _draws(draws: dict[int, int], name: Callable[[int | None], str]) -> str:
    """`Ben and Cat each draw a card; Dan draws 2 cards` for one run of draws (seat -> n)."""
    by_count: dict[int, list[str]] = {}
    for seat, n in draws.items():
        by_count.setdefault(n, []).append(name(seat))
    parts = []
    for n, who in by_count.items():
        if len(who) == 1:
            said = ngettext("{who} draws a card", "{who} draws {n} cards", n)
        else:
            said = ngettext("{who} each draw a card", "{who} each draw {n} cards", n)
        parts.append(said.format(who=_join(who), n=n))
    return "; ".join(parts)


def _some(ranks: Sequence[object]) -> str:
    """`a 5`, `an 8`, `an A`, or `2 cards (5 8)`."""
    if len(ranks) == 1 and isinstance(ranks[0], int) and ranks[0] in RANK_NAMES:
        return a_card(ranks[0])  # a noun with its article per language
    if len(ranks) == 1:
        shown = cards_text(ranks)
        return (
            _("an {card}").format(card=shown)
            if shown in ("8", "A")
            else _("a {card}").format(card=shown)
        )
    n = len(ranks)
    return ngettext("{n} card ({cards})", "{n} cards ({cards})", n).format(
        n=n, cards=cards_text(ranks)
    )


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

    __slots__ = (
        "_chain",
        "_emit",
        "_firing",
        "_intro",
        "_names",
        "_rule_of",
        "_seen",
        "_top",
        "_v",
    )

    def __init__(
        self,
        names: Sequence[str],
        emit: Callable[[str], None],
        rule_of: Callable[[], str | None] | None = None,
        variants: Variants | None = None,
        intro: Mapping[str, str] | None = None,
    ) -> None:
        """`intro`: for a rule's title, a line said once, the first time the rule fires
        (`lopti play` gives each house rule in plain words: "Ben's rule fires: ...")."""
        self._names = list(names)
        self._intro = dict(intro or {})
        self._emit = emit
        self._top: str | None = None  # the top play as shown; None: the table is empty
        self._seen: str | None = None  # the play a glass rank on top shows (VG1)
        self._chain = 0  # 3s in the chain now (X3.5)
        self._rule_of = rule_of
        self._firing: _Firing | None = None
        self._v = variants or _BASE  # the special ranks in force (docs/variants.md)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return _("The table")
        if 0 <= seat < len(self._names):
            return self._names[seat]
        return _("seat {seat}").format(seat=seat)

    def __call__(self, event: Event) -> None:
        rule = self._rule_of() if self._rule_of is not None else None
        if event.name == "hook":
            self.flush()
            self._firing = _Firing(str(event.fields.get("rule", rule)))
            return
        if event.name == "guard":
            self.flush()
            f = event.fields
            stop = _("The guard stops {rule}: {reason}.")
            self._emit(stop.format(rule=f.get("rule"), reason=f.get("reason")))
            return
        if rule is not None:
            if self._firing is None or self._firing.rule != rule:
                self.flush()
                self._firing = _Firing(rule)
            self._gather(self._firing, event)
            return
        self.flush()
        said = self.sentence(event)
        if said:
            self._emit(said)

    def flush(self) -> None:
        """Tell the rule firing gathered so far, if any."""
        firing, self._firing = self._firing, None
        if firing is None:
            return
        intro = self._intro.pop(firing.rule, None)
        if intro:
            self._emit(intro)
        clauses = [i if isinstance(i, str) else _draws(i, self.name) for i in firing.items]
        told = _("; ").join(clauses) if clauses else _("it fires, but nothing moves")
        end = "" if _QUOTED_STOP.search(told) else "."
        self._emit(_("{rule}: {told}{end}").format(rule=firing.rule, told=told, end=end))

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
        note = NOTES.get(name)
        if note is not None and note.says is not None:
            return self._note(note, who, f)
        if name == "pass_hands":
            if f.get("way") == "next":
                return _("every hand passes to the next player")
            return _("every hand passes to the previous player")
        if name == "shuffle":
            line = ngettext(
                "{n} removed card shuffled into the deck",
                "{n} removed cards shuffled into the deck",
                n,
            )
            return line.format(n=n)
        if name == "show":
            nothing = _("nothing")
            if f.get("what") == "hand":
                return _("{who} shows the hand: {cards}").format(who=who, cards=shown or nothing)
            line = _("{who} shows the face-down cards: {cards}")
            return line.format(who=who, cards=shown or nothing)
        if name == "announce":
            return _('"{text}"').format(text=f.get("text"))  # each language's quotation marks
        if name == "roshambo":
            return self._roshambo(event)
        if name == "choice":
            return self._answer(who, f)
        if name == "swap_face" and len(ranks) == 2:
            line = _("{who} swaps the face-up {down} for a face-down card: {up}")
            return line.format(who=who, up=_rank(ranks[0]), down=_rank(ranks[1]))
        if name == "pickup":
            self._top, self._chain = None, 0
            return _("{who} picks up the pile ({cards})").format(who=who, cards=_cards(n))
        if name == "clear":
            self._top, self._chain = None, 0
            if not n:
                return _("the empty pile clears")
            line = ngettext(
                "the pile clears ({n} card leaves the round)",
                "the pile clears ({n} cards leave the round)",
                n,
            )
            return line.format(n=n)
        said = self.sentence(event)  # the rest read as in play, without the full stop
        return said.rstrip(".") if said else None

    def _note(self, note: Note, who: str, f: Mapping[str, object]) -> str:
        """A clause for a note declared in `notes.py`: its `says`, or `none` when it moved no
        card."""
        shown = f.get(note.shows, ())
        ranks = tuple(shown) if isinstance(shown, list | tuple) else ()
        if not ranks and note.none is not None:
            return _(note.none).format(who=who)
        to = f.get("to")
        whom = self.name(to if isinstance(to, int) else None)
        assert note.says is not None
        return _(note.says).format(who=who, whom=whom, cards=_some(ranks))

    def _answer(self, who: str, f: Mapping[str, object]) -> str | None:
        """A clause for a player's answer to a rule's seat or yes/no ask (engine/asks.py):
        "Ben chooses Cat", "Ann says yes" (a base variant's choice: `_choice`)."""
        answer = f.get("answer")
        if isinstance(answer, bool):
            return (
                _("{who} says yes").format(who=who)
                if answer
                else _("{who} says no").format(who=who)
            )
        if isinstance(answer, int):
            return _("{who} chooses {whom}").format(who=who, whom=self.name(answer))
        return None

    def _roshambo(self, event: Event) -> str:
        f = event.fields
        first, second, winner = event.actor, f.get("opponent"), f.get("winner")
        throws = f.get("throws", ())
        against = _("{first} against {second}")
        told = (
            [
                against.format(first=_throw(a), second=_throw(b))
                for a, _sep, b in (str(t).partition("-") for t in throws)
            ]
            if isinstance(throws, tuple)
            else []
        )
        how = _(" ({throws})").format(throws=_(", then ").join(told)) if told else ""
        other = self.name(second if isinstance(second, int) else None)
        win = self.name(winner if isinstance(winner, int) else None)
        line = _("{first} and {second} throw roshambo{how}: {winner} wins")
        return line.format(first=self.name(first), second=other, how=how, winner=win)

    def sentence(self, event: Event) -> str | None:
        f = event.fields
        who = self.name(event.actor)
        name = event.name
        count = f.get("count", 0)
        n = count if isinstance(count, int) else 0
        cards = f.get("cards", [])
        shown = cards_text(cards) if isinstance(cards, list | tuple) else ""
        if name == "round":
            return _("Round {round}: {who} deals.").format(round=f.get("round"), who=who)
        if name == "deal":
            self._top, self._chain = None, 0
            ups = f.get("face_up", [])
            deck = f.get("deck", [])
            shows = _("  {who} shows face-up {cards}")
            lines = [
                shows.format(who=self.name(s), cards=cards_text(sorted(u)))
                for s, u in enumerate(ups if isinstance(ups, list | tuple) else [])
            ]
            left = len(deck) if isinstance(deck, list | tuple) else 0
            sizes = [_first_len(f.get(k)) for k in ("face_down", "face_up", "hands")]
            dealt = _(
                "Each player gets {down} face-down, {up} face-up and {hand} hand cards; "
                "{left} in the deck."
            )
            told = dealt.format(down=sizes[0], up=sizes[1], hand=sizes[2], left=left)
            return told + "\n" + "\n".join(lines)
        if name == "swap":
            hand, up = _rank(f.get("hand")), _rank(f.get("face_up"))
            line = _("{who} swaps {hand} from the hand for the face-up {up}.")
            return line.format(who=who, hand=hand, up=up)
        if name == "play":
            return self._play(who, f.get("rank"), n, shown, f.get("source") == "face_down")
        if name == "pickup":
            self._top, self._chain = None, 0
            reason = str(f.get("reason"))
            why = _(_REASONS[reason]) if reason in _REASONS else reason
            line = _("{who} picks up the pile ({cards}): {why}.")
            return line.format(who=who, cards=_cards(n), why=why)
        if name == "clear":
            self._top, self._chain = None, 0
            cause = self._cause(str(f.get("cause")), cards)
            line = ngettext(
                "The pile clears: {cause} ({n} card leaves the round).",
                "The pile clears: {cause} ({n} cards leave the round).",
                n,
            )
            return line.format(cause=cause, n=n)
        if name == "bonus":
            return _("{who} gets a bonus play.").format(who=who)
        if name == "take_up":
            return _("{who} takes the face-up cards into the hand: {cards}.").format(
                who=who, cards=shown
            )
        if name == "reveal":
            if f.get("legal"):
                return _("{who} turns a face-down card: {card}.").format(who=who, card=shown)
            line = _("{who} turns a face-down card: {card}, which cannot be played.")
            return line.format(who=who, card=shown)
        if name == "finish":
            place = f.get("place")
            told = ordinal(place) if isinstance(place, int) else str(place)
            return _("{who} goes out ({place} place).").format(who=who, place=told)
        if name == "win":
            return _("{who} wins the round!").format(who=who)
        if name in _ASIDE:
            return self._variant(event, who)
        if name in _MOVES:
            return _(_MOVES[name]).format(who=who, cards=shown or _cards(n))
        if name == "draw":
            return _("{who} draws a card.").format(who=who)
        return None  # a turn is implied by the next line

    def _choice(self, f: Mapping[str, object], who: str) -> str | None:
        """A base variant's choice (asks.py): who was named to play next, who jumped in."""
        purpose, answer = f.get("purpose"), f.get("answer")
        if purpose == "name_next" and isinstance(answer, int):  # VN1
            return _("{who} names {whom} to play next.").format(who=who, whom=self.name(answer))
        if purpose == "jump_in" and answer is True:  # VJ1
            return _("{who} jumps in out of turn.").format(who=who)
        return None

    def _variant(self, event: Event, who: str) -> str | None:
        """A base variant's event (docs/variants.md): "Ben's 8 skips Cat"; a variant's
        choice; or a table report."""
        f = event.fields
        if event.name == "choice":
            return self._choice(f, who)
        if event.name == "title":  # a titled role given, or passed on by a finished holder
            if f.get("passed"):
                return _("The “{title}” passes to {who}.").format(title=f.get("title"), who=who)
            return _("{who} becomes the “{title}”.").format(who=who, title=f.get("title"))
        if event.name in _REPORTS:  # a table report (runtime/calls.py)
            by = f.get("by")
            line = _(_REPORTS[event.name])
            return line.format(
                by=self.name(by if isinstance(by, int) else None), who=who, call=f.get("call")
            )
        if event.name == "skip":  # VS1
            by = f.get("by")
            line = _("{by}'s {rank} skips {who}.")
            return line.format(
                by=self.name(by if isinstance(by, int) else None),
                rank=_rank(f.get("rank")),
                who=who,
            )
        way = _("clockwise") if f.get("direction") == "clockwise" else _("counterclockwise")
        line = _("{who}'s {rank} turns the direction of play: now {way}.")  # VR1
        return line.format(who=who, rank=_rank(f.get("rank")), way=way)

    def _play(self, who: str, rank: object, n: int, shown: str, face_down: bool) -> str:
        src = _(" (face-down)") if face_down else ""
        v = self._v
        if rank == v.pass_on:  # X3.2-X3.5: beside the pile; on a pile, the next is obliged
            self._chain += n
            values = {"who": who, "cards": shown, "src": src, "chain": self._chain}
            if self._top is None or self._chain >= 4:
                # X3.4: no obligation on an empty table; four clear (X3.5)
                return _("{who} plays {cards}{src} to the chain ({chain} in the chain).").format(
                    **values
                )
            if rank != 3:  # VX2: another pass rank
                line = _(
                    "{who} plays {cards}{src} to the chain ({chain} in the chain): "
                    "the next player must play {rank}s or pick up."
                )
                return line.format(**values, rank=_rank(rank))
            line = _(
                "{who} plays {cards}{src} to the chain ({chain} in the chain): "
                "the next player must play 3s or pick up."
            )
            return line.format(**values)
        on = _(" on {top}").format(top=self._top) if self._top else ""
        glass = rank == v.glass and v.glass is not None and self._top is not None
        under = self._seen if glass else None  # VG1; on an empty table, its own rank (VG3)
        self._seen = under if under is not None else shown
        self._top = shown
        self._chain = 0
        extra = ""
        if under is not None:
            extra = _(": glass, {top} still to beat").format(top=under)  # VG1
        elif rank == v.low:
            extra = _(": 7 or lower next") if rank == 7 else _(": {rank} or lower next")
            extra = extra.format(rank=_rank(rank))
        elif rank == v.reset:
            extra = _(": anything may follow")
        return _("{who} plays {cards}{src}{on}{extra}.").format(
            who=who, cards=shown, src=src, on=on, extra=extra
        )

    def _cause(self, cause: str, cards: object) -> str:
        v = self._v
        if cause == "ten":  # the clear rank (VX4)
            return _("a 10") if v.clear == 10 or v.clear is None else _some([v.clear])
        if cause == "threes":
            if v.pass_on in (3, None):
                return _("four 3s in the chain")
            return _("four {rank}s in the chain").format(rank=_rank(v.pass_on))
        if cause == "sevens" and v.low in (7, None):
            return _("four 7s")
        if cause in ("four_of_a_kind", "sevens"):
            if isinstance(cards, list | tuple) and cards:
                top = cards[-1]
                run = len(cards) - next(
                    (i + 1 for i in range(len(cards) - 1, -1, -1) if cards[i] != top), 0
                )
                if run in _BURNS:  # a burn of fewer than four (VB1)
                    return _(_BURNS[run]).format(rank=_rank(top))
                return _("four {rank}s").format(rank=_rank(top))
            return _("four of a kind")
        return _("a house rule")
