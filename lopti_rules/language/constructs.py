"""The construct table: every action of the rule language declared once, with every facet the
pipeline reads.

An action is one `Construct` in `ACTIONS`. Its keywords are the grammar's (`grammar/lopti.lark`,
rule `rule`; `catalog.reserved_words` reads them off its terminals, never a list kept here);
`node` is its syntax-tree class (`ast.py`). Every stage reads the rest from here:

- `syntax`: how the formatter writes it (`fmt.py`), and how the tree is built from the parse
  (`transform.py`): `{field}` is a field of the node, `[field]` an optional word (`which`,
  `card_word`); None for a block or a forbidden form, which the formatter writes itself;
- `targets`: the node's fields that name players, in order, each with the grammatical slot
  `explain` says it in (`nom`: who acts, `dat`: who receives, `with`: after "with"); the
  first is the player the action visits (`visit`: once per target `seat`, once per `pair` of
  players, `once` per firing, or a `block` of actions);
- `moves`, `emits`, `counted`, `cascade`: the checker's facets (`check/facets.py` reads them for
  the add-only, winning, person and loop checks; `work.py` for the static work);
- `effect`: the engine primitive one target seat runs (`runtime/actions.py`), or None when the
  runtime compiles the shape itself (a block, a pair, a once-per-firing action, a forbidden form);
- `notes`: the notes its effect tells observers (`engine/notes.py`: each note's narration and its
  effect on the bots' card memory); `asks`: the purposes of the questions it can ask a player
  (`engine/asks.py`, each with a prompt on the web table);
- `said`: its sentences for `lopti explain` (gettext messages with the context `explain: action`,
  `i18n/explain.py`), keyed as `explain` asks for them (`key`, with `{field}` filled from the node);
- `example`: one action using it; the tests parse, format, check, explain, compile and play each
  (`tests/language/test_constructs.py`), so a construct missing a facet fails there.

`allowed` is False for the forms the checker rejects whatever they say (R2, R3): they parse, are
formatted and explained, and never run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from lopti_rules.i18n import NP_, Template
from lopti_rules.language import ast

if TYPE_CHECKING:
    from lopti_rules.engine.effects import Effects
    from lopti_rules.engine.notes import Zone

# whose zone: the action's first target, its second (`recipient`, `other`), every player
# still in the round, or the table's own (deck, pile, removed cards)
Side = Literal["target", "second", "every", "table"]
Visit = Literal["seat", "pair", "once", "block"]
# how many of its event an action emits inside a cascade per player it reaches: one per card
# of its count, or one
Per = Literal["card", "one"]
Slot = Literal["nom", "dat", "with"]
# can a target be the hooked event's actor? `always` (it is or includes them), `maybe`, `never`,
# or `not chooser`: anyone but the player who chose it
Reach = Literal["always", "maybe", "never", "not chooser"]


@dataclass(frozen=True, slots=True)
class Move:
    """Cards going from one zone to another."""

    source: Zone
    source_side: Side
    dest: Zone
    dest_side: Side


N = TypeVar("N")
# the primitive one target seat runs: (the game's effects, the seat, the action's node)
Effect = Callable[["Effects", int, N], object]


@dataclass(frozen=True, slots=True, kw_only=True)
class Construct(Generic[N]):
    node: type[N]
    rule: str  # its grammar rule (`if`: `if_block`, and `if_inline` for the one-line form)
    example: str
    syntax: str | None
    visit: Visit
    moves: tuple[Move, ...]
    emits: tuple[str, ...]  # the events it can emit (a hand it empties brings `take_up`)
    effect: Effect[N] | None
    notes: tuple[str, ...]
    asks: tuple[str, ...]
    said: tuple[str, Mapping[str, Template]]
    targets: tuple[tuple[str, Slot], ...] = (("target", "nom"),)
    counted: bool = False  # its `N` is a number of cards: 1 to 10 (LR506)
    cascade: tuple[str, Per] | None = None  # the event it emits inside a cascade, how many
    body: tuple[str, ...] = ()  # the fields that hold its blocks of actions
    allowed: bool = True


def _m(source: Zone, source_side: Side, dest: Zone, dest_side: Side) -> Move:
    return Move(source, source_side, dest, dest_side)


def _one(key: str, message: Template) -> tuple[str, dict[str, Template]]:
    return key, {key: message}


_OUT = ("take_up",)  # moving cards out of a hand can empty it (F2)
_NONE: tuple[str, ...] = ()
_BODY = ("body",)


def _which(node: Any) -> str:
    """`discards`/`puts under`: `random` or no `which` (the player's choice) as the effects
    take them."""
    which: str | None = node.which
    return which or "chosen"


ACTIONS: tuple[Construct[Any], ...] = (
    Construct(
        node=ast.Draw,
        rule="draw",
        example="player draws 2 cards",
        syntax="{target} draws {count} [card_word]",
        visit="seat",
        moves=(_m("deck", "table", "hand", "target"),),
        emits=("draw",),
        counted=True,
        cascade=("draw", "card"),
        effect=lambda fx, seat, a: fx.draw(seat, a.count.value),
        notes=_NONE,
        asks=_NONE,
        said=_one("draw", NP_("explain: action", "{who} draws {cards}")),
    ),
    Construct(
        node=ast.PickUp,
        rule="pickup",
        example="next player picks up the pile",
        syntax="{target} picks up the pile",
        visit="seat",
        moves=(_m("pile", "table", "hand", "target"),),
        emits=("pickup",),
        cascade=("pickup", "one"),
        effect=lambda fx, seat, a: fx.pickup(seat),
        notes=_NONE,
        asks=_NONE,
        said=_one("pickup", NP_("explain: action", "{who} picks up the pile")),
    ),
    Construct(
        node=ast.Give,
        rule="give",
        example="player gives 1 lowest card to next player",
        syntax="{target} gives {count} [which] [card_word] to {recipient}",
        visit="pair",
        targets=(("target", "nom"), ("recipient", "dat")),
        moves=(_m("hand", "target", "hand", "second"),),
        emits=_OUT,
        counted=True,
        effect=None,
        notes=("give",),
        asks=("give", "target"),
        said=_one("give", NP_("explain: action", "{who} gives {whom} {cards}")),
    ),
    Construct(
        node=ast.GiveRank,
        rule="give_rank",
        example="next player gives every 7 to player",
        syntax="{target} gives every {rank} to {recipient}",
        visit="pair",
        targets=(("target", "nom"), ("recipient", "dat")),
        moves=(_m("hand", "target", "hand", "second"),),
        emits=_OUT,
        effect=None,
        notes=("give",),
        asks=("target",),
        said=_one("give_rank", NP_("explain: action", "{who} gives {whom} every {rank} they hold")),
    ),
    Construct(
        node=ast.Discard,
        rule="discard",
        example="player discards 1 highest card",
        syntax="{target} discards {count} [which] [card_word]",
        visit="seat",
        moves=(_m("hand", "target", "removed", "table"),),
        emits=_OUT,
        counted=True,
        effect=lambda fx, seat, a: fx.discard(seat, a.count.value, _which(a)),
        notes=("discard",),
        asks=("discard",),
        said=_one("discard", NP_("explain: action", "{who} discards {cards} out of the round")),
    ),
    Construct(
        node=ast.TakeRemoved,
        rule="take",
        example="player takes 1 card from the removed cards",
        syntax="{target} takes {count} [card_word] from the removed cards",
        visit="seat",
        moves=(_m("removed", "table", "hand", "target"),),
        emits=_NONE,
        counted=True,
        effect=lambda fx, seat, a: fx.take_removed(seat, a.count.value),
        notes=("take",),
        asks=_NONE,
        said=_one(
            "take", NP_("explain: action", "{who} takes {cards} back from the removed cards")
        ),
    ),
    Construct(
        node=ast.ShuffleRemoved,
        rule="shuffle",
        example="shuffle the removed cards into the deck",
        syntax="shuffle the removed cards into the deck",
        visit="once",
        targets=(),
        moves=(_m("removed", "table", "deck", "table"),),
        emits=_NONE,
        effect=None,
        notes=("shuffle",),
        asks=_NONE,
        said=_one(
            "shuffle", NP_("explain: action", "the removed cards are shuffled into the draw deck")
        ),
    ),
    Construct(
        node=ast.ClearPile,
        rule="clear",
        example="clear the pile",
        syntax="clear the pile",
        visit="once",
        targets=(),
        moves=(_m("pile", "table", "removed", "table"),),
        emits=("clear",),
        cascade=("clear", "one"),
        effect=None,
        notes=_NONE,
        asks=_NONE,
        said=_one("clearpile", NP_("explain: action", "the pile is cleared")),
    ),
    Construct(
        node=ast.Reveal,
        rule="reveal",
        example="player reveals their hand",
        syntax="{target} reveals their {what}",
        visit="seat",
        moves=(),
        emits=_NONE,
        effect=lambda fx, seat, a: fx.show(seat, "hand" if a.what == "hand" else "face_down"),
        notes=("show",),
        asks=_NONE,
        said=(
            "reveal.{what}",
            {
                "reveal.hand": NP_("explain: action", "{who} shows their hand to everyone"),
                "reveal.face down cards": NP_(
                    "explain: action", "{who} shows their face-down cards to everyone"
                ),
            },
        ),
    ),
    Construct(
        node=ast.SwapHands,
        rule="swap_hands",
        example="player swaps hands with next player",
        syntax="{target} swaps hands with {other}",
        visit="pair",
        targets=(("target", "nom"), ("other", "with")),
        moves=(_m("hand", "target", "hand", "second"), _m("hand", "second", "hand", "target")),
        emits=_NONE,
        effect=None,
        notes=("swap_hands",),
        asks=("target",),
        said=_one("swap_hands", NP_("explain: action", "{who} swaps hands with {whom}")),
    ),
    Construct(
        node=ast.PassHands,
        rule="pass_hands",
        example="every player passes their hand to their next player",
        syntax="{group} player passes their hand to their {way} player",
        visit="once",
        targets=(),
        moves=(_m("hand", "every", "hand", "every"),),
        emits=_NONE,
        effect=None,
        notes=("pass_hands",),
        asks=_NONE,
        said=(
            "pass_hands.{way}",
            {
                "pass_hands.next": NP_(
                    "explain: action", "every player passes their hand to the next player"
                ),
                "pass_hands.previous": NP_(
                    "explain: action", "every player passes their hand to the previous player"
                ),
            },
        ),
    ),
    Construct(
        node=ast.Under,
        rule="under",
        example="player puts 1 lowest card under the pile",
        syntax="{target} puts {count} [which] [card_word] under the pile",
        visit="seat",
        moves=(_m("hand", "target", "pile", "table"),),
        emits=_OUT,
        counted=True,
        effect=lambda fx, seat, a: fx.under(seat, a.count.value, _which(a)),
        notes=("under",),
        asks=("under",),
        said=_one("under", NP_("explain: action", "{who} puts {cards} under the pile")),
    ),
    Construct(
        node=ast.SwapFace,
        rule="swap_face",
        example="player swaps a face up card with a face down card",
        syntax="{target} swaps a face up card with a face down card",
        visit="seat",
        moves=(
            _m("face_up", "target", "face_down", "target"),
            _m("face_down", "target", "face_up", "target"),
        ),
        emits=_NONE,
        effect=lambda fx, seat, a: fx.swap_face(seat),
        notes=("swap_face",),
        asks=("hide",),
        said=_one(
            "swap_face",
            NP_(
                "explain: action",
                "{who} swaps one of their face-up cards with one of their face-down cards",
            ),
        ),
    ),
    Construct(
        node=ast.SwapZones,
        rule="swap_zones",
        example="player swaps their face up and face down cards",
        syntax="{target} swaps their face up and face down cards",
        visit="seat",
        moves=(
            _m("face_up", "target", "face_down", "target"),
            _m("face_down", "target", "face_up", "target"),
        ),
        emits=_OUT,  # face-down cards turned up beside an empty hand are taken up (F2)
        effect=lambda fx, seat, a: fx.swap_zones(seat),
        notes=("swap_zones",),
        asks=_NONE,
        said=_one(
            "swap_zones",
            NP_(
                "explain: action",
                "{who} turns their face-up cards face down and their face-down cards face up",
            ),
        ),
    ),
    Construct(
        node=ast.Become,
        rule="become",
        example='player becomes the "captain"',
        syntax="{target} becomes the {title}",
        visit="seat",
        moves=(),
        emits=_NONE,
        effect=lambda fx, seat, a: fx.entitle(seat, a.title.value),
        notes=("title",),
        asks=_NONE,
        said=_one(
            "become",
            NP_(
                "explain: action",
                "{who} becomes the “{title}” (until someone else does or the round ends)",
            ),
        ),
    ),
    Construct(
        node=ast.Announce,
        rule="announce",
        example='announce "Lopti!"',
        syntax="announce {text}",
        visit="once",
        targets=(),
        moves=(),
        emits=_NONE,
        effect=None,
        notes=("announce",),
        asks=_NONE,
        said=_one("announce", NP_("explain: action", "everyone hears “{text}”")),
    ),
    Construct(
        node=ast.Repeat,
        rule="repeat",
        example="repeat 2 times: player draws 1",
        syntax=None,
        visit="block",
        targets=(),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        said=_one("repeat", NP_("explain: action", "do this {times}: {body}")),
    ),
    Construct(
        node=ast.If,
        rule="if_block",
        example="if hand of player > 3: player discards 1",
        syntax=None,
        visit="block",
        targets=(),
        body=("then", "else_"),
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        said=(
            "if",
            {
                "if": NP_("explain: action", "if {cond}, {then}"),
                "ifelse": NP_("explain: action", "if {cond}, {then}; otherwise {otherwise}"),
            },
        ),
    ),
    Construct(
        node=ast.RoshamboAction,
        rule="roshambo",
        example="roshambo player vs next player:\n    loser draws 1",
        syntax=None,
        visit="block",
        targets=(("first", "nom"), ("second", "nom")),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=("roshambo",),
        asks=_NONE,
        said=_one(
            "roshambo",
            NP_("explain: action", "{first} and {second} play roshambo, and then {body}"),
        ),
    ),
    Construct(
        node=ast.Choose,
        rule="choose",
        example="player chooses a player:\n    chosen player draws 1",
        syntax=None,
        visit="block",
        targets=(("chooser", "nom"),),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=("choice",),
        asks=("target",),
        said=(
            "choose",
            {
                "choose": NP_("explain: action", "{who} chooses a player, and then {body}"),
                # `chooses a player or themself`
                "choose_self": NP_(
                    "explain: action",
                    "{who} chooses a player, who may be themself, and then {body}",
                ),
            },
        ),
    ),
    Construct(
        node=ast.May,
        rule="may",
        example="player may:\n    player draws 1",
        syntax=None,
        visit="block",
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=("choice",),
        asks=("may", "may_help"),
        said=_one("may", NP_("explain: action", "if {who} wants, {body}")),
    ),
    Construct(
        node=ast.Prevent,
        rule="prevent",
        example="skip next player",
        syntax="{verb} {words}",
        visit="once",
        targets=(),
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=_one(
            "prevent",
            NP_(
                "explain: action",
                "the rule would {verb} `{words}` (no rule may stop the game's own events, R2)",
            ),
        ),
    ),
    Construct(
        node=ast.Forbid,
        rule="forbid",
        example="next player cannot play",
        syntax="{target} {modal} {words}",
        visit="once",
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=_one(
            "forbid",
            NP_(
                "explain: action",
                "{who} `{modal} {words}` (a rule adds to the game, it never forbids, R2)",
            ),
        ),
    ),
    Construct(
        node=ast.While,
        rule="while_",
        example="while hand of player > 0:\n    player discards 1",
        syntax=None,
        visit="block",
        targets=(),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=_one(
            "while",
            NP_("explain: action", "as long as {cond}: {body} (a loop that may never end, R3)"),
        ),
    ),
    Construct(
        node=ast.Forever,
        rule="forever",
        example="forever:\n    player draws 1",
        syntax=None,
        visit="block",
        targets=(),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=_one(
            "forever", NP_("explain: action", "forever: {body} (a loop that never ends, R3)")
        ),
    ),
    Construct(
        node=ast.RepeatUntil,
        rule="repeat_until",
        example="repeat until hand of player > 5:\n    player draws 1",
        syntax=None,
        visit="block",
        targets=(),
        body=_BODY,
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=_one(
            "until", NP_("explain: action", "until {cond}: {body} (a loop that may never end, R3)")
        ),
    ),
    Construct(
        node=ast.EndGame,
        rule="end",
        example="end the round",
        syntax="end the {what}",
        visit="once",
        targets=(),
        moves=(),
        emits=_NONE,
        effect=None,
        notes=_NONE,
        asks=_NONE,
        allowed=False,
        said=(
            "end.{what}",
            {
                "end.game": NP_(
                    "explain: action", "the game ends (no rule may stop anyone winning, R3)"
                ),
                "end.round": NP_(
                    "explain: action", "the round ends (no rule may stop anyone winning, R3)"
                ),
                "end.session": NP_(
                    "explain: action", "the session ends (no rule may stop anyone winning, R3)"
                ),
            },
        ),
    ),
)

BY_NODE: dict[type, Construct[Any]] = {c.node: c for c in ACTIONS}
BY_RULE: dict[str, Construct[Any]] = {c.rule: c for c in ACTIONS}


def of(action: ast.Action) -> Construct[Any]:
    """The construct of an action node."""
    return BY_NODE[type(action)]


def second_target(action: ast.Action) -> ast.Target | None:
    """The second player of an action that visits pairs (`gives ... to X`, `swaps hands with
    X`), if any."""
    construct = of(action)
    if construct.visit != "pair":
        return None
    targets = construct.targets
    second: ast.Target = getattr(action, targets[1][0])
    return second


def first_target(action: ast.Action) -> ast.Target | None:
    """The player an action visits first (its `target`, a chooser, a roshambo's first side)."""
    targets = of(action).targets
    if not targets:
        return None
    first: ast.Target = getattr(action, targets[0][0])
    return first


def blocks(action: ast.Action) -> tuple[ast.Action, ...]:
    """The actions nested in `action`'s blocks, in source order."""
    out: tuple[ast.Action, ...] = ()
    for name in of(action).body:
        out += getattr(action, name) or ()
    return out


# --------------------------------------------------------------------------- the roles


@dataclass(frozen=True, slots=True)
class RoleConstruct:
    """A role a target may name: its name in the tree, its words as the grammar reads them
    (`transform.py`), as `lopti fmt` writes them (`catalog.ROLE_WORDS`, the editor's
    completion and hover) and whether it can be the hooked event's actor (`check/facets.py`).
    Its seat at run time is `runtime/targets.py`'s, its sentences `explain`'s
    `role.NAME.SLOT` messages."""

    name: ast.RoleName
    words: tuple[str, ...]
    written: str
    reach: Reach
    roshambo: bool = False  # only inside a `roshambo` block (`winner`, `loser`)


ROLES: dict[str, RoleConstruct] = {
    r.name: r
    for r in (
        RoleConstruct("player", ("player",), "player", "always"),
        # another player still in the round (the actor is in it)
        RoleConstruct("next player", ("next", "player"), "next player", "never"),
        RoleConstruct("previous player", ("previous", "player"), "previous player", "never"),
        RoleConstruct("dealer", ("dealer",), "dealer", "maybe"),
        RoleConstruct("author", ("author",), "author", "maybe"),
        RoleConstruct("last winner", ("last", "winner"), "last winner", "maybe"),
        RoleConstruct("last loser", ("last", "loser"), "last loser", "maybe"),
        RoleConstruct(
            "most cards",
            ("player", "with", "the", "most", "cards"),
            "the player with the most cards",
            "maybe",
        ),
        RoleConstruct(
            "fewest cards",
            ("player", "with", "the", "fewest", "cards"),
            "the player with the fewest cards",
            "maybe",
        ),
        # a roshambo side, which may be the actor
        RoleConstruct("winner", ("winner",), "winner", "maybe", roshambo=True),
        RoleConstruct("loser", ("loser",), "loser", "maybe", roshambo=True),
        # never the player who chose
        RoleConstruct("chosen player", ("chosen", "player"), "chosen player", "not chooser"),
        # never the giver or swapper who chose
        RoleConstruct(
            "their choice",
            ("a", "player", "of", "their", "choice"),
            "a player of their choice",
            "not chooser",
        ),
    )
}


# --------------------------------------------------------------------------- the targets' reach

ALWAYS: Reach = "always"
MAYBE: Reach = "maybe"
NEVER: Reach = "never"
NOT_CHOOSER: Reach = "not chooser"

# can a target be the hooked event's actor? The roles declare it (`ROLES`); a set of players
# names every player still in the round but the actor (`each other`), or all of them, the
# actor included (`every`, `each`; maybe, once a `where` filters them)
EACH: dict[str, Reach] = {"each other": NEVER, "every": ALWAYS, "each": ALWAYS}
# the other targets: a player relative to the one visited, a title's holder, and the
# forbidden forms (rejected on their own, R4), which could name anyone
TARGETS: dict[type, Reach] = {
    ast.Their: MAYBE,
    ast.TitleTarget: MAYBE,
    ast.NameTarget: MAYBE,
    ast.SeatTarget: MAYBE,
    ast.TraitTarget: MAYBE,
}


def side_target(action: ast.Action, side: Side) -> ast.Target | None:
    """The target a side of a `Move` names in `action` (None: the table's own zone)."""
    if side == "target":
        return first_target(action)
    if side == "second":
        return second_target(action)
    if side == "every":
        return ast.Each("every", None, action.span)
    return None


def chooser(action: ast.Action, whose: ast.Target, scoped: ast.Target | None) -> ast.Target | None:
    """Who chose `whose` in `action`, for a chosen player: `the chosen player` was chosen by
    the enclosing `chooses a player:` block's chooser (`scoped`), `a player of their choice`
    by the action's own first target (the giver, the swapper); None for any other target."""
    if isinstance(whose, ast.Role) and whose.name == "chosen player":
        return scoped
    if isinstance(whose, ast.Role) and whose.name == "their choice":
        return first_target(action)
    return None


def reach(target: ast.Target, chosen_by: ast.Target | None = None) -> Reach:
    """Whether `target` can be the hooked event's actor; `chosen_by`: who chose it, for a
    chosen player (never the chooser, so never the actor when the actor alone chose: not
    when `every player` chooses, each for themself)."""
    if isinstance(target, ast.Role):
        found = ROLES[target.name].reach
        if found == NOT_CHOOSER:
            alone = isinstance(chosen_by, ast.Role) and chosen_by.name == "player"
            return NEVER if alone else MAYBE
        return found
    if isinstance(target, ast.Each):
        found = EACH[target.kind]
        return MAYBE if found == ALWAYS and target.where is not None else found
    return TARGETS[type(target)]


def may_be_actor(target: ast.Target, chosen_by: ast.Target | None = None) -> bool:
    return reach(target, chosen_by) != NEVER


def helps_the_actor(action: ast.Action, scoped: ast.Target | None = None) -> bool:
    """Whether every card `action` moves can only help the hooked event's actor shed: each move
    takes cards to a player who is never the actor, or from the actor's own zone to the
    table's (the pile, the removed cards). `scoped`: the enclosing `chooses a player:`
    block's chooser. False for an action that moves no card."""
    moves = of(action).moves
    return bool(moves) and all(_helps(action, m, scoped) for m in moves)


def _helps(action: ast.Action, move: Move, scoped: ast.Target | None) -> bool:
    dest = side_target(action, move.dest_side)
    if dest is not None:
        return reach(dest, chooser(action, dest, scoped)) == NEVER
    source = side_target(action, move.source_side)
    return source is not None and reach(source, chooser(action, source, scoped)) == ALWAYS
