"""The typed syntax tree of a rule file.

Takes: nothing (the parser builds these nodes). Produces: frozen, slotted dataclasses, each
with the `Span` of the text it came from. Guarantees: the tree records only what was written;
no name is looked up and no meaning is decided here. A bare word such as `ten` or `cause` is an
`Ident` whatever it turns out to mean; the checker decides whether it is a field, a symbol, a
role or an unknown word. The grammar is wider than the language, so forbidden forms (`instead
of`, `skip`, `while`, a person's name, ...) have nodes too, for the checker to explain.

Every node is comparable with `==` ignoring nothing, so tests compare trees directly; use
`strip_spans` to compare the shape of two trees written differently.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, TypeVar

from lopti_rules.diagnostics.source import Span

# --------------------------------------------------------------------------- leaves


@dataclass(frozen=True, slots=True)
class Ident:
    """A bare word: an event, field, symbol, role word or unknown name, as written."""

    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Str:
    """A string literal; `value` has its escapes resolved."""

    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class Int:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Retro:
    """A retroactive qualifier (`retroactively`, `since the session began`,
    `in previous rounds`); parses everywhere, always LR206."""

    text: str
    span: Span


# --------------------------------------------------------------------------- operands


@dataclass(frozen=True, slots=True)
class Rank:
    """A face rank word: J, Q, K, A or jack, queen, king, ace (as written).
    Ranks 2-10 are written as numbers and parse as `Int`."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Bool:
    value: bool
    span: Span


@dataclass(frozen=True, slots=True)
class PlayerField:
    """`FIELD of ROLE`, e.g. `cards of player`, `hand of the next player`."""

    field: Ident
    target: Target
    span: Span


# Ident is a table/event field or a symbol (`ten`, `none`, `voluntary`), decided by the checker.
Operand = Int | Rank | Bool | Ident | PlayerField

# --------------------------------------------------------------------------- conditions

CompareOp = Literal["is", "is not", "==", "!=", "<", "<=", ">", ">="]


@dataclass(frozen=True, slots=True)
class Compare:
    op: CompareOp
    left: Operand
    right: Operand
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class In:
    """`operand in [a, b, ...]`."""

    left: Operand
    options: tuple[Operand, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class And:
    left: Cond
    right: Cond
    span: Span


@dataclass(frozen=True, slots=True)
class Or:
    left: Cond
    right: Cond
    span: Span


@dataclass(frozen=True, slots=True)
class Not:
    operand: Cond
    span: Span


@dataclass(frozen=True, slots=True)
class Titled:
    """`ROLE is the "TITLE"` (`negated`: `is not`): whether the role's player holds the titled
    role; false when either matches nobody (so `is not` is then true)."""

    who: Role
    title: TitleTarget
    negated: bool
    span: Span


Cond = Compare | In | And | Or | Not | Titled

# --------------------------------------------------------------------------- targets

RoleName = Literal[
    "player",  # the hooked event's actor
    "next player",
    "previous player",
    "dealer",
    "author",
    "last winner",
    "last loser",  # the previous round's last place
    "most cards",  # the player with the most cards
    "fewest cards",  # the player with the fewest cards
    "winner",  # only inside roshambo
    "loser",  # only inside roshambo
    "chosen player",  # only inside a `chooses a player` block
    "their choice",  # `a player of their choice`: chosen by the giver / swapper
]


@dataclass(frozen=True, slots=True)
class Role:
    """A game role. `the` records whether the optional article was written (`the next
    player` vs `next player`), so the formatter can keep it."""

    name: RoleName
    span: Span
    the: bool = False


EachKind = Literal["each other", "every", "each"]


@dataclass(frozen=True, slots=True)
class Each:
    """`each other player`, `every player`, `each player`, optionally `where COND`."""

    kind: EachKind
    where: Cond | None
    span: Span


@dataclass(frozen=True, slots=True)
class Their:
    """`their next player` / `their previous player`: relative to the visited player."""

    which: Literal["next", "previous"]
    span: Span


@dataclass(frozen=True, slots=True)
class NameTarget:
    """A word where a role belongs: a person's name or an unknown word (LR301)."""

    name: Ident
    span: Span


@dataclass(frozen=True, slots=True)
class SeatTarget:
    """`seat 2` or `player 3`: a fixed seat (LR302)."""

    word: Literal["seat", "player"]
    number: Int
    span: Span


@dataclass(frozen=True, slots=True)
class TraitTarget:
    """`the youngest player`: a fixed personal trait (LR303), or a position (`the last
    player`, LR302) or unknown word (`nxt player`, LR301): the checker tells which. `trait`
    is the word before `player`, as written; `the` records whether the article was written
    (`youngest player` has none), so the formatter can keep it."""

    trait: Ident
    span: Span
    the: bool = True


@dataclass(frozen=True, slots=True)
class TitleTarget:
    """`the "question master"`: the holder of a titled role a rule assigns (`becomes`); the
    checker says LR301 when no rule assigns it."""

    title: Str
    span: Span


Target = Role | Each | Their | NameTarget | SeatTarget | TraitTarget | TitleTarget

# --------------------------------------------------------------------------- actions

Which = Literal["lowest", "highest", "random"]


@dataclass(frozen=True, slots=True)
class Draw:
    target: Target
    count: Int
    span: Span
    card_word: str | None = None  # "card" / "cards" / None, as written
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class PickUp:
    """`TARGET picks up the pile`."""

    target: Target
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Give:
    target: Target
    count: Int
    recipient: Target
    span: Span
    which: Which | None = None
    card_word: str | None = None
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    target: Target
    count: Int
    span: Span
    which: Which | None = None
    card_word: str | None = None
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class TakeRemoved:
    """`TARGET takes N [card] from the removed cards`."""

    target: Target
    count: Int
    span: Span
    card_word: str | None = None
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class ShuffleRemoved:
    """`shuffle the removed cards into the deck`."""

    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class ClearPile:
    """`clear the pile`."""

    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    """`TARGET reveals their hand` / `TARGET reveals their face down cards`."""

    target: Target
    what: Literal["hand", "face down cards"]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class SwapHands:
    """`TARGET swaps hands with TARGET`: the two hands change places."""

    target: Target
    other: Target
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class PassHands:
    """`every player passes their hand to their next|previous player`: every hand moves one
    seat round the table at once."""

    group: Literal["every", "each"]
    way: Literal["next", "previous"]
    span: Span
    retro: Retro | None = None


# a rank as an action names it: 2..10 as numbers, J Q K A (or jack ... ace) as words; any
# other word or number is kept for the checker to refuse (LR503)
RankWord = Int | Rank | Ident


@dataclass(frozen=True, slots=True)
class GiveRank:
    """`TARGET gives every RANK to TARGET`: every hand card of that rank (never the last, D38)."""

    target: Target
    rank: RankWord
    recipient: Target
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Under:
    """`TARGET puts N [which] [card] under the pile`: hand cards to the bottom of the pile."""

    target: Target
    count: Int
    span: Span
    which: Which | None = None
    card_word: str | None = None
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class SwapFace:
    """`TARGET swaps a face up card with a face down card`."""

    target: Target
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class SwapZones:
    """`TARGET swaps their face up and face down cards`: the two zones change places, openly."""

    target: Target
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Become:
    """`TARGET becomes the "TITLE"`: the target holds the titled role (one holder at most)."""

    target: Target
    title: Str
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Announce:
    text: Str
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Repeat:
    count: Int
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class If:
    cond: Cond
    then: tuple[Action, ...]
    else_: tuple[Action, ...] | None
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class RoshamboAction:
    """`roshambo A vs B:` block; inside it the roles `winner` and `loser` exist."""

    first: Target
    second: Target
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """`TARGET chooses a player:` block; inside it the role `the chosen player` exists.
    `themself`: `chooses a player or themself:`, the chooser may be chosen too."""

    chooser: Target
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None
    themself: bool = False


@dataclass(frozen=True, slots=True)
class May:
    """`TARGET may:` block: each player of TARGET is asked whether the block runs for them."""

    target: Target
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


# ---- forbidden forms, parsed so the checker can explain them


@dataclass(frozen=True, slots=True)
class Prevent:
    """`skip|cancel|prevent|undo WORDS` (LR102; LR103 when it prevents a clear or a bonus)."""

    verb: Literal["skip", "cancel", "prevent", "undo"]
    words: tuple[Ident, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Forbid:
    """`TARGET cannot|may not|must not WORDS` (LR102)."""

    target: Target
    modal: Literal["cannot", "may not", "must not"]
    words: tuple[Ident, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class While:
    """`while COND:` block (LR204)."""

    cond: Cond
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class Forever:
    """`forever:` block (LR204)."""

    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class RepeatUntil:
    """`repeat until COND:` block (LR204)."""

    cond: Cond
    body: tuple[Action, ...]
    span: Span
    retro: Retro | None = None


@dataclass(frozen=True, slots=True)
class EndGame:
    """`end the game|round|session` (LR201)."""

    what: Literal["game", "round", "session"]
    span: Span
    retro: Retro | None = None


Action = (
    Draw
    | PickUp
    | Give
    | GiveRank
    | Discard
    | TakeRemoved
    | ShuffleRemoved
    | ClearPile
    | Reveal
    | SwapHands
    | PassHands
    | Under
    | SwapFace
    | SwapZones
    | Become
    | Announce
    | Repeat
    | If
    | RoshamboAction
    | Choose
    | May
    | Prevent
    | Forbid
    | While
    | Forever
    | RepeatUntil
    | EndGame
)

# --------------------------------------------------------------------------- structure

Timing = Literal["before", "after", "instead of"]


@dataclass(frozen=True, slots=True)
class Hook:
    """`TIMING EVENT [when COND]: ACTIONS`. `event` is the word as written (LR501 if unknown).

    A hook on a table report (`after missed lopti: ...`) has `event` the report's word
    (`missed`, `caught`, `lost`) and `call` the name of the table event it reports."""

    timing: Timing
    event: Ident
    cond: Cond | None
    actions: tuple[Action, ...]
    span: Span
    timing_span: Span
    call: Ident | None = None


TableKind = Literal["call", "race", "conduct"]
# the report of each kind of table event, the word a hook on it is written with (a race also
# has `won`: the table may name its first as well as its last)
REPORT_OF: dict[str, str] = {"call": "missed", "race": "lost", "conduct": "caught"}
REPORTS_OF: dict[str, tuple[str, ...]] = {
    "call": ("missed",),
    "race": ("lost", "won"),
    "conduct": ("caught",),
}


@dataclass(frozen=True, slots=True)
class TableEvent:
    """A table event the engine cannot see, declared by a rule:
    `call NAME "WHAT" after EVENT [when COND]` (due for the event's actor),
    `race NAME "WHAT" after EVENT [when COND]` (the last to do it loses), or
    `conduct NAME "WHAT"` (whoever does it, at any time). The table reports it."""

    kind: TableKind
    name: Ident
    what: Str
    span: Span
    event: Ident | None = None  # when it is due (call, race)
    cond: Cond | None = None

    def trigger(self) -> Hook | None:
        """The moment it falls due, as a hook without actions (for the checker and runtime)."""
        if self.event is None:
            return None
        return Hook("after", self.event, self.cond, (), self.span, self.name.span)


@dataclass(frozen=True, slots=True)
class Note:
    """`note "..."`: free text kept with the rule."""

    text: Str
    span: Span


Item = Hook | Note | TableEvent


@dataclass(frozen=True, slots=True)
class Rule:
    title: Str
    items: tuple[Item, ...]
    span: Span

    @property
    def hooks(self) -> tuple[Hook, ...]:
        return tuple(i for i in self.items if isinstance(i, Hook))

    @property
    def table_events(self) -> tuple[TableEvent, ...]:
        return tuple(i for i in self.items if isinstance(i, TableEvent))


@dataclass(frozen=True, slots=True)
class Comment:
    """A `# comment` as written, kept so the formatter can preserve it."""

    text: str  # including the leading '#'
    span: Span


@dataclass(frozen=True, slots=True)
class File:
    rules: tuple[Rule, ...]
    span: Span
    comments: tuple[Comment, ...] = ()


# --------------------------------------------------------------------------- helpers

_ZERO = Span(0, 0, 0, 0)
_T = TypeVar("_T")


def strip_spans(node: _T) -> _T:
    """A copy of `node` with every span (and comment) zeroed: compares shape, not layout."""
    if isinstance(node, tuple):
        return tuple(strip_spans(n) for n in node)  # type: ignore[return-value]
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    if isinstance(node, Span):
        return _ZERO  # type: ignore[return-value]
    changes: dict[str, object] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name == "comments":
            changes[f.name] = ()
        else:
            changes[f.name] = strip_spans(value)
    return dataclasses.replace(node, **changes)


def walk_actions(actions: tuple[Action, ...]) -> list[Action]:
    """Every action in `actions`, nested blocks included, in source order (pre-order)."""
    out: list[Action] = []
    stack = list(reversed(actions))
    while stack:
        action = stack.pop()
        out.append(action)
        children: tuple[Action, ...] = ()
        if isinstance(action, If):
            children = action.then + (action.else_ or ())
        elif isinstance(
            action, Repeat | RoshamboAction | Choose | May | While | Forever | RepeatUntil
        ):
            children = action.body
        stack.extend(reversed(children))
    return out
