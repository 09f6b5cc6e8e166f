"""Hypothesis strategies for syntax trees the grammar can express (spans all zero).

The pools avoid words that are keywords where they would be printed (an operand called `not`
could not be read back), and the shapes respect what the grammar cannot write: `the player`
alone, a retroactive qualifier after a `gives ... to each player where ...`.
"""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import strategies as st

from lopti_rules.diagnostics.source import Span
from lopti_rules.language import ast

Z = Span(0, 0, 0, 0)

WORDS = [
    "cause",
    "ten",
    "rank",
    "count",
    "hand",
    "deck",
    "pile",
    "top",
    "none",
    "round",
    "voluntary",
    "four_of_a_kind",
    "face_down",
    "zoë",
    "Ärger",
]
EVENTS = ["clear", "play", "draw", "pickup", "round", "turn", "finish", "clearr", "vote"]
NAMES = ["alice", "Ben", "Zoë", "bob", "Mary Ann", "anne marie claire"]
TRAITS = ["youngest", "oldest", "tallest", "last", "first", "nxt"]
FREE_WORDS = ["the", "next", "turn", "draw", "play", "pile", "player", "2", "10", "cards"]
RANKS = sorted(["J", "Q", "K", "A", "jack", "queen", "king", "ace"])
RETROS = ["retroactively", "since the session began", "in previous rounds"]

ints = st.builds(ast.Int, st.integers(0, 20), st.just(Z))
idents = st.builds(ast.Ident, st.sampled_from(WORDS), st.just(Z))
retros = st.none() | st.builds(ast.Retro, st.sampled_from(RETROS), st.just(Z))
strings = st.builds(
    ast.Str,
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\t"), max_size=30
    ),
    st.just(Z),
)


@st.composite
def roles(draw: Any) -> ast.Role:
    name = draw(st.sampled_from(get_args(ast.RoleName)))
    if name in ("player", "their choice"):
        the = False
    elif name in ("most cards", "fewest cards"):
        the = True
    else:
        the = draw(st.booleans())
    return ast.Role(name, Z, the)


plain_targets = st.one_of(
    roles(),
    st.builds(ast.Each, st.sampled_from(["each other", "every", "each"]), st.none(), st.just(Z)),
    st.builds(ast.Their, st.sampled_from(["next", "previous"]), st.just(Z)),
    st.builds(ast.NameTarget, st.builds(ast.Ident, st.sampled_from(NAMES), st.just(Z)), st.just(Z)),
    st.builds(ast.SeatTarget, st.sampled_from(["seat", "player"]), ints, st.just(Z)),
    st.builds(
        ast.TraitTarget,
        st.builds(ast.Ident, st.sampled_from(TRAITS), st.just(Z)),
        st.just(Z),
        st.booleans(),
    ),
)
plain_targets = plain_targets | st.builds(ast.TitleTarget, strings, st.just(Z))
of_targets = plain_targets.filter(lambda t: not isinstance(t, ast.Each))

operands = st.one_of(
    ints,
    idents,
    st.builds(ast.Rank, st.sampled_from(RANKS), st.just(Z)),
    st.builds(ast.Bool, st.booleans(), st.just(Z)),
    st.builds(
        ast.PlayerField,
        st.builds(ast.Ident, st.sampled_from(["cards", "hand"]), st.just(Z)),
        of_targets,
        st.just(Z),
    ),
)
ops = st.sampled_from(["is", "is not", "==", "!=", "<", "<=", ">", ">="])
atoms = st.one_of(
    st.builds(ast.Compare, ops, operands, operands, st.just(Z), retros),
    st.builds(
        ast.In, operands, st.lists(operands, min_size=1, max_size=3).map(tuple), st.just(Z), retros
    ),
    st.builds(
        ast.Titled,
        roles().filter(lambda r: r.name != "their choice"),
        st.builds(ast.TitleTarget, strings, st.just(Z)),
        st.booleans(),
        st.just(Z),
    ),
)
conds = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.builds(ast.And, inner, inner, st.just(Z)),
        st.builds(ast.Or, inner, inner, st.just(Z)),
        st.builds(ast.Not, inner, st.just(Z)),
    ),
    max_leaves=5,
)
targets = st.one_of(
    plain_targets,
    st.builds(ast.Each, st.sampled_from(["each other", "every", "each"]), conds, st.just(Z)),
)
card_words = st.sampled_from([None, "card", "cards"])
which = st.sampled_from([None, "lowest", "highest", "random"])
words = st.lists(
    st.builds(ast.Ident, st.sampled_from(FREE_WORDS), st.just(Z)), min_size=1, max_size=4
).map(tuple)


@st.composite
def gives(draw: Any) -> ast.Give:
    recipient = draw(targets)
    retro = None if isinstance(recipient, ast.Each) and recipient.where else draw(retros)
    return ast.Give(draw(targets), draw(ints), recipient, Z, draw(which), draw(card_words), retro)


simple_actions = st.one_of(
    st.builds(ast.Draw, targets, ints, st.just(Z), card_words, retros),
    st.builds(ast.PickUp, targets, st.just(Z), retros),
    gives(),
    st.builds(ast.Discard, targets, ints, st.just(Z), which, card_words, retros),
    st.builds(ast.TakeRemoved, targets, ints, st.just(Z), card_words, retros),
    st.builds(ast.ShuffleRemoved, st.just(Z), retros),
    st.builds(ast.ClearPile, st.just(Z), retros),
    st.builds(
        ast.Reveal, targets, st.sampled_from(["hand", "face down cards"]), st.just(Z), retros
    ),
    st.builds(ast.SwapHands, targets, plain_targets, st.just(Z), retros),
    st.builds(
        ast.PassHands,
        st.sampled_from(["every", "each"]),
        st.sampled_from(["next", "previous"]),
        st.just(Z),
        retros,
    ),
    st.builds(ast.Under, targets, ints, st.just(Z), which, card_words, retros),
    st.builds(ast.SwapFace, targets, st.just(Z), retros),
    st.builds(ast.Announce, strings, st.just(Z), retros),
    st.builds(ast.Become, targets, strings, st.just(Z), retros),
    st.builds(
        ast.Prevent,
        st.sampled_from(["skip", "cancel", "prevent", "undo"]),
        words,
        st.just(Z),
        retros,
    ),
    st.builds(
        ast.Forbid,
        targets,
        st.sampled_from(["cannot", "may not", "must not"]),
        words,
        st.just(Z),
        retros,
    ),
    st.builds(ast.EndGame, st.sampled_from(["game", "round", "session"]), st.just(Z), retros),
)


def _blocks(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    body = st.lists(inner, min_size=1, max_size=3).map(tuple)
    return st.one_of(
        st.builds(ast.Repeat, ints, body, st.just(Z), retros),
        st.builds(ast.If, conds, body, st.none() | body, st.just(Z)),
        st.builds(ast.RoshamboAction, targets, targets, body, st.just(Z)),
        st.builds(ast.Choose, targets, body, st.just(Z), themself=st.booleans()),
        st.builds(ast.May, targets, body, st.just(Z)),
        st.builds(ast.While, conds, body, st.just(Z)),
        st.builds(ast.Forever, body, st.just(Z)),
        st.builds(ast.RepeatUntil, conds, body, st.just(Z)),
    )


actions = st.recursive(simple_actions, _blocks, max_leaves=6)
hooks = st.builds(
    ast.Hook,
    st.sampled_from(["before", "after", "instead of"]),
    st.builds(ast.Ident, st.sampled_from(EVENTS), st.just(Z)),
    st.none() | conds,
    st.lists(actions, min_size=1, max_size=3).map(tuple),
    st.just(Z),
    st.just(Z),
)
report_hooks = st.builds(
    ast.Hook,
    st.sampled_from(["before", "after"]),
    st.builds(ast.Ident, st.sampled_from(["missed", "lost", "won", "caught"]), st.just(Z)),
    st.none() | conds,
    st.lists(actions, min_size=1, max_size=2).map(tuple),
    st.just(Z),
    st.just(Z),
    idents,
)
table_events = st.one_of(
    st.builds(
        ast.TableEvent,
        st.sampled_from(["call", "race"]),
        idents,
        strings,
        st.just(Z),
        st.builds(ast.Ident, st.sampled_from(EVENTS), st.just(Z)),
        st.none() | conds,
    ),
    st.builds(ast.TableEvent, st.just("conduct"), idents, strings, st.just(Z)),
)
items = st.one_of(hooks, st.builds(ast.Note, strings, st.just(Z)), report_hooks, table_events)
rules = st.builds(ast.Rule, strings, st.lists(items, min_size=1, max_size=3).map(tuple), st.just(Z))
files = st.builds(ast.File, st.lists(rules, min_size=1, max_size=3).map(tuple), st.just(Z))
