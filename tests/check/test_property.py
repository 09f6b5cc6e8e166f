"""Property: on random well-formed rule sets the checker never raises and is deterministic.

Rule text is generated from the grammar's forms (allowed and forbidden ones, known and
unknown words), parsed, and checked twice from fresh sources; both runs must give the same
diagnostics, and every diagnostic must name a registered code and a position in its file.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lopti_rules.check import check
from lopti_rules.diagnostics.codes import CODES
from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.language.parse import parse
from tests.tiers import tiers

WORDS = ["ten", "hand", "custom", "none", "alice", "Ben", "youngest", "cause", "rank", "K",
         "jack", "forced", "deck", "low", "hearts", "cards", "place", "legal", "7"]  # fmt: skip
EVENTS = ["round", "deal", "swap", "turn", "play", "draw", "pickup", "clear", "bonus",
          "take_up", "reveal", "finish", "win", "vote", "roshambo", "clearr", "Play"]  # fmt: skip
ROLES = ["player", "next player", "the previous player", "dealer", "author", "last winner",
         "the player with the most cards", "winner", "loser", "alice", "Ben", "seat 2",
         "player 3", "the youngest player", "their next player"]  # fmt: skip
EACH = ["each other player", "every player", "each player"]

numbers = st.integers(min_value=0, max_value=12).map(str)
role = st.sampled_from(ROLES)
operand = st.one_of(
    numbers,
    st.sampled_from(WORDS),
    st.sampled_from(["true", "false"]),
    st.builds(lambda f, r: f"{f} of {r}", st.sampled_from(["hand", "cards", "face_up"]), role),
)
op = st.sampled_from(["is", "is not", "==", "!=", "<", "<=", ">", ">="])
retro = st.sampled_from(["", "", "", " retroactively", " in previous rounds"])
compare = st.builds(lambda a, o, b, r: f"{a} {o} {b}{r}", operand, op, operand, retro)
cond = st.recursive(
    compare,
    lambda inner: st.one_of(
        st.builds(lambda a, b: f"{a} and {b}", inner, inner),
        st.builds(lambda a, b: f"{a} or {b}", inner, inner),
        st.builds(lambda a: f"not ({a})", inner),
    ),
    max_leaves=4,
)
target = st.one_of(
    role,
    st.sampled_from(EACH),
    st.builds(lambda e, c: f"{e} where {c}", st.sampled_from(EACH), compare),
)
simple = st.one_of(
    st.builds(lambda t, n, r: f"{t} draws {n}{r}", target, numbers, retro),
    st.builds(lambda t: f"{t} picks up the pile", target),
    st.builds(lambda t, n, r: f"{t} gives {n} card to {r}", target, numbers, role),
    st.builds(lambda t, n: f"{t} discards {n} cards", target, numbers),
    st.builds(lambda t, n: f"{t} takes {n} from the removed cards", target, numbers),
    st.just("shuffle the removed cards into the deck"),
    st.just("clear the pile"),
    st.builds(lambda t: f"{t} reveals their hand", target),
    st.just('announce "Ben wins"'),
    st.sampled_from(["skip next player", "cancel the clear", "prevent draw", "undo the vote"]),
    st.builds(lambda t: f"{t} cannot draw", role),
    st.sampled_from(["end the round", "end the game"]),
)


def block(depth: int) -> st.SearchStrategy[list[str]]:
    """A list of lines (relative indentation in 4-space steps) forming an action block."""
    if depth == 0:
        return st.lists(simple.map(lambda s: [s]), min_size=1, max_size=3).map(
            lambda xs: [x for ys in xs for x in ys]
        )
    inner = block(depth - 1).map(lambda lines: ["    " + line for line in lines])
    compound = st.one_of(
        st.builds(lambda n, b: [f"repeat {n} times:", *b], numbers, inner),
        st.builds(lambda c, b: [f"if {c}:", *b], cond, inner),
        st.builds(lambda a, b, body: [f"roshambo {a} vs {b}:", *body], role, role, inner),
        st.builds(lambda c, b: [f"while {c}:", *b], cond, inner),
        st.builds(lambda b: ["forever:", *b], inner),
    )
    item = st.one_of(simple.map(lambda s: [s]), compound)
    return st.lists(item, min_size=1, max_size=3).map(lambda xs: [x for ys in xs for x in ys])


hook = st.builds(
    lambda t, e, c, body: "\n".join(
        [f"    {t} {e}{' when ' + c if c else ''}:"] + ["        " + line for line in body]
    ),
    st.sampled_from(["before", "after", "instead of"]),
    st.sampled_from(EVENTS),
    st.one_of(st.none(), cond),
    block(2),
)
rule = st.builds(
    lambda title, hooks: f'rule "{title}":\n' + "\n".join(hooks) + "\n",
    st.sampled_from(["Tax", "Gift", "Ben's rule", "tax", "Chaos"]),
    st.lists(hook, min_size=1, max_size=3),
)
rule_set = st.lists(st.lists(rule, min_size=1, max_size=3).map("".join), min_size=1, max_size=3)


def run(texts: list[str], roster: list[str]) -> list[list[Diagnostic]]:
    units = []
    for i, text in enumerate(texts):
        source = Source(text, f"u{i}.lopti")
        tree = parse(source)
        assert tree is not None, (text, source.diagnostics)
        units.append((source, tree))
    check(units, roster=roster)
    return [s.diagnostics for s, _ in units]


@tiers(few=40, many=150)
def test_checker_never_raises_and_is_deterministic(examples: int) -> None:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(rule_set)
    def check(texts: list[str]) -> None:
        first = run(texts, ["ann", "Ben"])
        second = run(texts, ["ann", "Ben"])
        assert first == second
        for text, diags in zip(texts, first, strict=True):
            lines = text.splitlines()
            for d in diags:
                assert d.code in CODES and d.code[:2] in ("LR", "LW")
                assert 1 <= d.span.line <= len(lines)
                assert d.message

    check()
