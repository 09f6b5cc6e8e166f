"""The language's catalogue as data: events, fields, symbols, roles and forbidden words.

Takes nothing; produces the tables LANGUAGE.md §4 fixes, for the checker and the hook runtime.
Every list that a check or a doc page depends on lives here, once: the events with their
actors and fields, the table and player fields, the symbols of each symbol-valued field, the
role words, the LR303 list of fixed personal traits, the retroactive qualifiers, the rank
words, and the reserved words that never count as roster names for LR304 (its keywords are
read off the grammar's terminals, never listed here).

Types are small: `rank` (2..10, J, Q, K, A; `top` may also be `none`), `int` (a count or a
1-based number), `bool`, and `symbol` with its set of values.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from lopti_rules.i18n import N_, _
from lopti_rules.language import ast, constructs

Kind = Literal["rank", "int", "bool", "symbol"]


@dataclass(frozen=True, slots=True)
class FieldType:
    """The type of a field: its kind, and for symbols the allowed values."""

    kind: Kind
    symbols: tuple[str, ...] = ()
    nullable: bool = False  # `top` may be `none`
    minimum: int = 0  # smallest value an int field can hold

    def describe(self) -> str:
        """What values the field takes, in words of the language in use."""
        if self.kind == "symbol":
            return _("one of {symbols}").format(symbols=", ".join(f"`{s}`" for s in self.symbols))
        if self.kind == "rank":
            if self.nullable:
                return _("a rank (2..10, J, Q, K, A) or `none`")
            return _("a rank (2..10, J, Q, K, A)")
        return _("a number") if self.kind == "int" else _("`true` or `false`")


RANK = FieldType("rank")
INT = FieldType("int")
INT1 = FieldType("int", minimum=1)
BOOL = FieldType("bool")
CAUSE = FieldType("symbol", ("ten", "four_of_a_kind", "threes", "sevens", "custom"))
SOURCE = FieldType("symbol", ("hand", "face_down"))
REASON = FieldType("symbol", ("voluntary", "forced", "failed_reveal", "custom"))
TOP = FieldType("rank", nullable=True)
DIRECTION = FieldType("symbol", ("clockwise", "counterclockwise"))


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    actor: str  # who `player` means in a hook on this event
    fields: dict[str, FieldType]
    happens: str  # "happens when", for messages and docs
    hookable: bool = True


EVENTS: dict[str, Event] = {
    e.name: e
    for e in (
        Event("round", "dealer", {"round": INT1}, "a round starts (before) or ends (after)"),
        Event("deal", "dealer", {}, "the nine cards per player have been dealt"),
        Event("swap", "that player", {}, "a player makes the optional setup swap"),
        Event("turn", "current player", {}, "a turn begins (before) or ends (after)"),
        Event(
            "play",
            "player",
            {"rank": RANK, "count": INT1, "source": SOURCE},
            "cards are played",
        ),
        Event("draw", "drawer", {}, "one card is drawn from the deck"),
        Event("pickup", "taker", {"count": INT, "reason": REASON}, "the pile goes into a hand"),
        Event("clear", "who caused it", {"cause": CAUSE, "count": INT}, "the pile leaves"),
        Event("bonus", "who gets it", {}, "a bonus play is granted"),
        Event("take_up", "player", {"count": INT}, "the face-up cards become the hand"),
        Event("reveal", "player", {"rank": RANK, "legal": BOOL}, "a face-down card is turned"),
        Event("finish", "player", {"place": INT1}, "a player has no cards left and goes out"),
        Event("win", "winner", {}, "the first player finishes"),
        Event("skip", "the skipped player", {"rank": RANK}, "a skip variant passes a player by"),
        Event(
            "reverse",
            "player",
            {"rank": RANK, "direction": DIRECTION},
            "a reverse variant turns the direction of play",
        ),
        Event("vote", "-", {}, "the Rule Vote (session procedure)", hookable=False),
        Event("roshambo", "-", {}, "the Roshambo tie-break (session procedure)", hookable=False),
    )
}

HOOKABLE: tuple[str, ...] = tuple(n for n, e in EVENTS.items() if e.hookable)

# table reports: what the table says happened with a declared table event (a call missed, a
# race lost, conduct caught). `player` in a hook on one is the player the report concerns.
# Never an automatic consequence, and no action emits one: the people at the table do.
REPORTS: dict[str, Event] = {
    e.name: e
    for e in (
        Event("missed", "the player who missed the call", {}, "the table catches a missed call"),
        Event("lost", "the player the table names last", {}, "the table names a race's loser"),
        Event("won", "the player the table names first", {}, "the table names a race's winner"),
        Event("caught", "the player the table names", {}, "the table catches conduct"),
    )
}


def hook_event(event: str, call: str | None) -> Event | None:
    """The catalogue entry a hook runs on: a hookable event, or (with a call) a report."""
    entry = REPORTS.get(event) if call is not None else EVENTS.get(event)
    return entry if entry is not None and entry.hookable else None


PROCEDURES: frozenset[str] = frozenset(n for n, e in EVENTS.items() if not e.hookable)

TABLE_FIELDS: dict[str, FieldType] = {
    "pile": INT,
    "top": TOP,
    "deck": INT,
    "removed": INT,
    "round": INT1,
    "players": INT,
    "chain": INT,
    "low": BOOL,
    "obligation": BOOL,
    "run": INT,  # cards of the top rank at the top of the pile, across plays
    "under": TOP,  # the rank of the play under the top one, or `none`
    "third": TOP,  # the rank of the play under that one (the third from the top), or `none`
}

# counts so far: table fields (everyone) and player fields (that player, `plays of player`)
COUNT_FIELDS: tuple[str, ...] = (
    "turn_plays", "turn_pickups", "turn_clears", "round_plays", "round_pickups", "round_clears",
)  # fmt: skip
TABLE_FIELDS.update(dict.fromkeys(COUNT_FIELDS, INT))

# how many cards of a rank a player's hand holds: `sevens of player`
RANK_COUNT_FIELDS: dict[str, int] = {
    "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8,
    "nines": 9, "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14,
}  # fmt: skip

# how many cards of a rank have been played this round, by anyone: `round_kings`
ROUND_RANK_FIELDS: dict[str, int] = {f"round_{name}": r for name, r in RANK_COUNT_FIELDS.items()}
TABLE_FIELDS.update(dict.fromkeys(ROUND_RANK_FIELDS, INT))

PLAYER_FIELDS: dict[str, FieldType] = {
    "hand": INT,
    "face_up": INT,
    "face_down": INT,
    "cards": INT,
    **dict.fromkeys(COUNT_FIELDS, INT),
    **dict.fromkeys(RANK_COUNT_FIELDS, INT),
}

# every symbol any field can hold, with the fields that hold it
SYMBOL_FIELDS: dict[str, tuple[str, ...]] = {}
for _field, _type in (("cause", CAUSE), ("source", SOURCE), ("reason", REASON)):
    for _symbol in _type.symbols:
        SYMBOL_FIELDS[_symbol] = (*SYMBOL_FIELDS.get(_symbol, ()), _field)
SYMBOL_FIELDS["none"] = ("top",)


# hints for a word that is not a value of a field, when the word says what was meant
VALUE_HINTS: dict[tuple[str, str], str] = {  # message ids, translated where shown
    ("source", "face_up"): N_(
        "face-up cards are played only after they have become the hand "
        "(F3), so they are played from the `hand`; `source` is `hand` or `face_down`"
    ),
    ("source", "face_down_cards"): N_("write `source is face_down`"),
}

# words people write for `true`/`false`
BOOL_WORDS: dict[str, bool] = {
    "yes": True, "y": True, "on": True, "set": True,
    "no": False, "n": False, "off": False, "unset": False,
}  # fmt: skip


def event_field_owners(name: str) -> tuple[str, ...]:
    """The events that have a field called `name`, in catalogue order."""
    return tuple(e.name for e in EVENTS.values() if name in e.fields)


ALL_EVENT_FIELDS: tuple[str, ...] = tuple(
    dict.fromkeys(f for e in EVENTS.values() for f in e.fields)
)

# ---------------------------------------------------------------- ranks

RANK_VALUES: dict[str, int] = {
    "J": 11, "Q": 12, "K": 13, "A": 14,
    "jack": 11, "queen": 12, "king": 13, "ace": 14,
}  # fmt: skip
RANK_NAMES: dict[int, str] = {11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_value(word: ast.RankWord) -> int | None:
    """The rank an action names (`every 7`, `every king`: 2..14), or None when the number or
    word names no rank (the checker's LR503)."""
    if isinstance(word, ast.Int):
        return word.value if 2 <= word.value <= 10 else None
    text = word.text if isinstance(word, ast.Rank) else word.name
    return RANK_VALUES.get(text, RANK_VALUES.get(text.lower()))


NUMBER_RANKS = range(2, 11)  # ranks written as numbers


def rank_text(value: int) -> str:
    return RANK_NAMES.get(value, str(value))


# ---------------------------------------------------------------- roles and targets

# the roles, as written in target position (the spelling `lopti fmt` uses): the construct
# table's (`constructs.ROLES`)
ROLE_WORDS: tuple[str, ...] = tuple(role.written for role in constructs.ROLES.values())
ROSHAMBO_ROLES: frozenset[str] = frozenset(r.name for r in constructs.ROLES.values() if r.roshambo)

# LR303: fixed personal traits. `the WORD player` with WORD here is a disguised personal
# target (R4): it picks the same person every time, whatever happens in the game. A word
# ending in "est" that is not a game role (`the best player`) is treated the same way.
TRAIT_WORDS: frozenset[str] = frozenset(
    {
        "youngest", "oldest", "eldest", "tallest", "shortest", "smallest", "biggest",
        "largest", "heaviest", "lightest", "strongest", "weakest", "fastest", "slowest",
        "smartest", "cleverest", "wisest", "prettiest", "ugliest", "handsomest", "funniest",
        "loudest", "quietest", "richest", "poorest", "newest", "best", "worst",
        "hairiest", "baldest", "friendliest", "nicest", "happiest", "saddest", "luckiest",
        "young", "old", "tall", "short", "bald", "blonde", "blond", "male", "female",
        "man", "woman", "boy", "girl", "left-handed", "right-handed", "lefthanded", "righthanded",
        "birthday", "host", "hostess", "guest", "married", "single", "bearded",
        "sober", "drunk", "vegetarian", "pregnant",
    }
)  # fmt: skip


# LR303 in a table event's wording: what a person has or is, never what they do at the table
# ("whoever wears glasses", "whoever has a beard"); with TRAIT_WORDS ("whoever is the youngest")
TRAIT_NOUNS: frozenset[str] = frozenset(
    {
        "glasses", "spectacles", "beard", "bearded", "moustache", "mustache", "hair", "haired",
        "redhead", "blonde", "blond", "brunette", "tattoo", "tattoos", "tattooed", "piercing",
        "pierced", "age", "aged", "older", "younger", "elder", "birthday", "born", "height",
        "taller", "shorter", "heavier", "weight", "eyes", "gender", "nationality", "religion",
        "freckles", "braces", "wheelchair", "accent",
    }
)  # fmt: skip


# LR302: fixed seats and positions. `the WORD player` with WORD here names a place at the
# table, the same seat every time: a disguised personal target like `seat 2`.
POSITION_WORDS: frozenset[str] = frozenset(
    {
        "first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th",
        "last", "left", "right", "leftmost", "rightmost", "opposite", "middle", "corner",
        "head", "end",
    }
)  # fmt: skip


def is_position_word(word: str) -> bool:
    return word.casefold() in POSITION_WORDS


# A seat named by its number in a title or a wording (`the "seat 2"`, "place 3"): LR302 too.
SEAT_NOUNS: frozenset[str] = frozenset({"seat", "place", "chair", "spot", "position", "player"})
_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "1", "2", "3", "4", "5"})


def names_a_seat(words: Sequence[str]) -> bool:
    """Whether the words name a fixed seat: a seat noun with its number (`seat 2`, `chair
    three`, `seat #2`), or `no. 2`."""
    return any(
        word in SEAT_NOUNS and words[at + 1].lstrip("#") in _NUMBER_WORDS
        for at, word in enumerate(words[:-1])
    )


_HANDED = re.compile(r"\b(left|right)[\s-]*hand(?:ed|er)s?\b", re.IGNORECASE)


def trait_text(text: str) -> str:
    """The text as the trait and seat checks read it: a two-word trait joined into the one
    word the lists hold (`left handed`, `left-hander` -> `lefthanded`), other hyphens spaces."""
    return _HANDED.sub(lambda m: f"{m.group(1)}handed", text).replace("-", " ")


def is_trait_word(word: str) -> bool:
    w = word.casefold()
    return w in TRAIT_WORDS or (w.endswith("est") and len(w) > 4)


# ---------------------------------------------------------------- retroactive qualifiers

RETRO_QUALIFIERS: tuple[str, ...] = (
    "retroactively",
    "since the session began",
    "in previous rounds",
)

# ---------------------------------------------------------------- reserved words


@functools.cache
def reserved_words() -> frozenset[str]:
    """The words that never count as roster names (LR304): the grammar's keywords (read off
    its terminals, `lark_parser.keywords`), the names in the catalogue and the rank words."""
    from lopti_rules.language.lark_parser import keywords

    return frozenset(
        {w.casefold() for w in keywords()}
        | set(EVENTS)
        | set(TABLE_FIELDS)
        | set(PLAYER_FIELDS)
        | set(ALL_EVENT_FIELDS)
        | set(SYMBOL_FIELDS)
        | {w.casefold() for w in RANK_VALUES}
    )


# ---------------------------------------------------------------- event words in WORDS

# words of a `skip/cancel/prevent/undo WORDS` or `X cannot WORDS` form that name an event
# (`catalog.events_named` reads the phrases first, so `the bonus play` is a bonus, not a play)
EVENT_WORDS: dict[str, str] = {
    "play": "play", "plays": "play", "playing": "play",
    "draw": "draw", "draws": "draw", "drawing": "draw",
    "pickup": "pickup", "pickups": "pickup", "pick": "pickup",
    "clear": "clear", "clears": "clear", "clearing": "clear",
    "bonus": "bonus", "bonuses": "bonus",
    "turn": "turn", "turns": "turn",
    "take_up": "take_up", "takeup": "take_up",
    "reveal": "reveal", "flip": "reveal",
    "finish": "finish", "finishing": "finish", "out": "finish",
    "win": "win", "wins": "win", "winning": "win", "victory": "win",
    "vote": "vote", "votes": "vote", "voting": "vote",
    "roshambo": "roshambo",
    "round": "round", "deal": "deal", "dealing": "deal", "swap": "swap",
}  # fmt: skip

# two-word phrases naming an event, read before single words (filler words in between, such
# as `the` in `play the bonus`, are ignored)
EVENT_PHRASES: dict[tuple[str, str], str] = {
    ("bonus", "play"): "bonus", ("bonus", "plays"): "bonus",
    ("play", "bonus"): "bonus", ("plays", "bonus"): "bonus", ("playing", "bonus"): "bonus",
    ("pick", "up"): "pickup", ("picks", "up"): "pickup", ("picking", "up"): "pickup",
    ("take", "up"): "take_up", ("takes", "up"): "take_up", ("taking", "up"): "take_up",
    ("go", "out"): "finish", ("goes", "out"): "finish", ("going", "out"): "finish",
}  # fmt: skip

# words that do not change what a phrase names (`skip the bonus play`, `play a bonus`)
FILLER_WORDS: frozenset[str] = frozenset({"the", "a", "an", "their", "its", "his", "her", "this"})


def events_named(words: list[str]) -> list[str]:
    """The events the words of a forbidden form name, in the order they are named.

    Two-word phrases are read first (`bonus play` is a bonus, `pick up` a pickup), then single
    words (`EVENT_WORDS`); filler words (`the`, `a`, `their`) are skipped.
    """
    folded = [w.casefold() for w in words if w.casefold() not in FILLER_WORDS]
    named: list[str] = []
    i = 0
    while i < len(folded):
        phrase = EVENT_PHRASES.get((folded[i], folded[i + 1])) if i + 1 < len(folded) else None
        if phrase is not None:
            named.append(phrase)
            i += 2
            continue
        if folded[i] in EVENT_WORDS:
            named.append(EVENT_WORDS[folded[i]])
        i += 1
    return named
