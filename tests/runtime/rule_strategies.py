"""Hypothesis strategies: random rule texts from a small grammar of the language.

`rule_texts()` draws one rule (one to three hooks, each with an optional condition and one to
three actions, nested blocks included) over every hookable event, timing, action and target.
With `heavy=True` it also draws the shapes that once tripped the guard (issue 11): nested
`repeat`s up to ten times ten, `each`/`every` inside repeats, repeated clears that owe bonus
plays, `before reveal` takes and `after bonus` draws; with `v2=True` also the v2 fields and
actions (`run`, `under`, counts so far, rank counts; hand swaps and passes, random gives and
discards); with `choices=True` also the choices (`chooses a player` blocks, with or without
`or themself`, `may` blocks, `a
player of their choice`, cards put under the pile, a face-up card swapped with a face-down
one); with `v3=True` also hooks on table reports (`after missed lopti`) and the roles
`last loser` and a titled role (`the "keeper"`), to be checked with `TABLE_RULE` in force,
which declares the table events and gives the title. The default draws are unchanged.
Many drawn rules are rejected by the checker (loops, LR201, LR103, ...); the property tests
keep the accepted ones (`accepted_set`) or, for the guard's control, force rejected ones.
"""

from __future__ import annotations

from hypothesis import strategies as st

from lopti_rules.api import load_rules
from lopti_rules.language import catalog
from lopti_rules.runtime import RuleSet, RulesRejected

ROLES = (
    "player", "next player", "previous player", "the dealer", "author", "the last winner",
    "the player with the most cards", "the player with the fewest cards",
)  # fmt: skip
GROUPS = ("every player", "each other player", "each player where hand > 3",
          "each player where cards < 6")  # fmt: skip
TABLE_CONDS = (
    "pile > 3", "deck is 0", "deck > 5", "removed > 8", "top is none", "top >= 9",
    "low is true", "obligation is false", "chain < 2", "players > 2", "round is 1",
    "cards of player > 5", "hand of the next player < 4", "face_up of player is 0",
)  # fmt: skip
EVENT_CONDS: dict[str, tuple[str, ...]] = {
    "play": ("rank is 7", "rank > 10", "count >= 2", "source is face_down"),
    "pickup": ("count > 4", "reason is forced", "reason in [voluntary, custom]"),
    "clear": ("cause is ten", "cause is four_of_a_kind", "count > 3"),
    "take_up": ("count < 3",),
    "reveal": ("legal is true", "rank is A"),
    "finish": ("place is 1",),
    "round": ("round > 1",),
}

# the v2 pieces, drawn only by `rule_texts(v2=True)` (the other tests' draws stay as they were)
V2_CONDS = (
    "run >= 2", "under is top", "under > 9", "kings of player > 0", "sevens of next player >= 1",
    "turn_plays >= 2", "round_pickups < 3", "turn_clears of player is 1",
    "round_plays of next player > 4", "round_kings >= 2", "round_sevens is 4",
)  # fmt: skip
RANDOM_MOVES = ("gives 1 random card to next player", "discards 2 random cards")

# the choice pieces, drawn only by `rule_texts(choices=True)`
CHOICE_MOVES = (
    "gives 1 card to a player of their choice", "swaps hands with a player of their choice",
    "puts 1 card under the pile", "puts 2 lowest cards under the pile",
    "swaps a face up card with a face down card", "discards 1 card",
)  # fmt: skip
CHOSEN_MOVES = (
    "the chosen player draws 1", "the chosen player picks up the pile",
    "player gives 1 card to the chosen player", "the chosen player discards 1 card",
)  # fmt: skip

# the v3 pieces, drawn only by `rule_texts(v3=True)`: table reports, `last loser`, a title
TABLE_RULE = """rule "Table":
    call lopti "say Lopti" after turn when cards of player is 1
    race tap "tap the table" after play when rank is 5
    conduct hum "hum a tune"
    after play when rank is K: player becomes the "keeper"
"""
REPORTS = ("missed lopti", "lost tap", "caught hum")
V3_ROLES = ("the last loser", 'the "keeper"')
V3_CONDS = (
    'cards of the "keeper" > 3',
    "hand of the last loser < 5",
    'player is the "keeper"',
    'next player is not the "keeper"',
)

targets = st.sampled_from(ROLES + GROUPS)
roles = st.sampled_from(ROLES)
counts = st.integers(1, 3)


def _v2_simple(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return f"{draw(targets)} swaps hands with {draw(roles)}"
    if kind == 1:
        group = draw(st.sampled_from(("every", "each")))
        way = draw(st.sampled_from(("next", "previous")))
        return f"{group} player passes their hand to their {way} player"
    return f"{draw(targets)} {draw(st.sampled_from(RANDOM_MOVES))}"


def _v3_simple(draw: st.DrawFn) -> str:
    who, to = draw(st.sampled_from(V3_ROLES)), draw(st.sampled_from(ROLES + V3_ROLES))
    return draw(
        st.sampled_from(
            (
                f"{who} draws {draw(counts)}",
                f"{who} gives 1 highest card to {to}",
                f'{to} becomes the "keeper"',
                f"{who} picks up the pile",
            )
        )
    )


def _simple(draw: st.DrawFn, v2: bool = False, v3: bool = False) -> str:
    if v3 and draw(st.booleans()):
        return _v3_simple(draw)
    if v2 and draw(st.booleans()):
        return _v2_simple(draw)
    kind = draw(st.integers(0, 9))
    t = draw(targets)
    n = draw(counts)
    which = draw(st.sampled_from(("", "lowest ", "highest ")))
    return [
        f"{t} draws {n}",
        f"{draw(roles)} picks up the pile",
        f"{t} gives {n} {which}card to {draw(roles)}",
        f"{t} discards {n} {which}card",
        f"{t} takes {n} card from the removed cards",
        "shuffle the removed cards into the deck",
        "clear the pile",
        f"{t} reveals their hand",
        'announce "Hear ye"',
        f"{t} gives 1 card to their next player" if t in GROUPS else f"{t} draws 1",
    ][kind]


def _choice_lines(draw: st.DrawFn, pad: str) -> list[str]:
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return [f"{pad}{draw(targets)} {draw(st.sampled_from(CHOICE_MOVES))}"]
    if kind == 1:
        chooser = draw(st.sampled_from(ROLES + GROUPS))
        themself = draw(st.sampled_from(("", " or themself")))
        return [
            f"{pad}{chooser} chooses a player{themself}:",
            f"{pad}    {draw(st.sampled_from(CHOSEN_MOVES))}",
        ]
    asked = draw(st.sampled_from(ROLES + GROUPS))
    inner = draw(st.sampled_from(CHOICE_MOVES))
    return [f"{pad}{asked} may:", f"{pad}    {draw(roles)} {inner}", f"{pad}    {_simple(draw)}"]


@st.composite
def action_lines(
    draw: st.DrawFn,
    indent: int,
    heavy: bool = False,
    v2: bool = False,
    choices: bool = False,
    v3: bool = False,
) -> list[str]:
    pad = " " * indent
    if choices and draw(st.booleans()):
        return _choice_lines(draw, pad)
    kind = draw(st.integers(0, 12 if heavy else 9))
    if kind == 10:  # nested repeats around any action
        a, b = draw(st.integers(1, 10)), draw(st.integers(1, 10))
        return [f"{pad}repeat {a} times:", f"{pad}    repeat {b} times: {_simple(draw)}"]
    if kind == 11:  # each/every inside a repeat
        group = draw(st.sampled_from(GROUPS))
        return [f"{pad}repeat {draw(st.integers(1, 10))} times: {group} draws {draw(counts)}"]
    if kind == 12:  # clears that owe bonus plays, many at once
        a, b = draw(st.integers(1, 10)), draw(st.integers(1, 10))
        return [f"{pad}repeat {a} times:", f"{pad}    repeat {b} times: clear the pile"]
    if kind == 7:
        inner = _simple(draw, v2)
        return [f"{pad}repeat {draw(st.integers(1, 3))} times: {inner}"]
    if kind == 8:
        cond = draw(st.sampled_from(TABLE_CONDS))
        return [f"{pad}if {cond}: {_simple(draw, v2)}", f"{pad}else: {_simple(draw, v2)}"]
    if kind == 9:
        left, right = draw(roles), draw(roles)
        body = draw(st.sampled_from(("loser draws 1", "winner discards 1 card",
                                     "winner gives 1 card to loser")))  # fmt: skip
        return [f"{pad}roshambo {left} vs {right}: {body}"]
    return [pad + _simple(draw, v2, v3)]


SHAPES = (  # hooks that together once tripped the guard on an accepted set (issue 11, item 4)
    ["    after bonus:", "        every player draws 1"],
    ["    before reveal:",
     "        repeat 2 times: the player with the most cards takes 3 cards from the removed cards"],
)  # fmt: skip
# the games here are base Lopti, where the variant-only events (`skip`, `reverse`,
# docs/variants.md) never happen: a hook on them would be inert, so they are not drawn
BASE_EVENTS = tuple(e for e in catalog.HOOKABLE if e not in ("skip", "reverse"))


@st.composite
def hook_lines(
    draw: st.DrawFn, heavy: bool = False, v2: bool = False, choices: bool = False, v3: bool = False
) -> list[str]:
    if heavy and draw(st.integers(0, 5)) == 0:
        return list(draw(st.sampled_from(SHAPES)))
    event = draw(st.sampled_from(BASE_EVENTS + (REPORTS if v3 else ())))
    timing = draw(st.sampled_from(("before", "after")))
    conds = TABLE_CONDS + EVENT_CONDS.get(event, ()) + (V2_CONDS if v2 else ())
    conds += V3_CONDS if v3 else ()
    cond = draw(st.one_of(st.none(), st.sampled_from(conds)))
    head = f"    {timing} {event}" + (f" when {cond}" if cond else "") + ":"
    body: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        body += draw(action_lines(8, heavy, v2, choices, v3))
    return [head, *body]


@st.composite
def rule_texts(
    draw: st.DrawFn,
    title: str = "R",
    heavy: bool = False,
    v2: bool = False,
    choices: bool = False,
    v3: bool = False,
) -> str:
    lines = [f'rule "{title}":']
    for _ in range(draw(st.integers(1, 3))):
        lines += draw(hook_lines(heavy, v2, choices, v3))
    return "\n".join(lines) + "\n"


def accepted_set(texts: list[str]) -> tuple[RuleSet, list[str]]:
    """Add the rules one by one, in order, keeping each that the set still accepts."""
    kept: list[str] = []
    for text in texts:
        try:
            load_rules([*kept, text])
        except RulesRejected:
            continue
        kept.append(text)
    return load_rules(kept, [i % 3 for i in range(len(kept))]), kept
