"""Every construct of LANGUAGE.md §1-§3 parses into the AST the checker expects."""

from __future__ import annotations

import pytest

from lopti_rules.diagnostics.source import Span
from lopti_rules.language import ast
from lopti_rules.language.ast import strip_spans

from .helpers import SPEC_ACCEPTED, SPEC_FILE, in_rule, only_action, parse_ok

S0 = Span(0, 0, 0, 0)

# every example hook of LANGUAGE.md §3 and §5 that is not a syntax error
SPEC_HOOKS = [
    "after clear when cause is ten: each other player draws 1",
    "instead of draw: player draws 2",
    "after clear: skip next player",
    "after clear: skip the next turn",
    "after clear: cancel play",
    "after clear: cancel the draw",
    "after clear: prevent draw",
    "before clear: player picks up the pile",
    "after finish: player draws 3",
    "after vote: player draws 1",
    "after draw: next player draws 1",
    "after draw: next player picks up the pile",
    "after pickup: player draws 1",
    "after play: while deck > 0: player draws 1",
    "after clear: repeat 11 times: player draws 1",
    "after round: every player draws 1 retroactively",
    "after clear: alice draws 2",
    "after clear: Zoë draws 1",
    "after clear: seat 2 draws 1",
    "after clear: player 3 draws 1",
    "after clear: the youngest player draws 1",
    'after clear: announce "Ben drinks"',
    "after clearr: player draws 1",
    "after play when cause is ten: player draws 1",
    "after clear when cause is 7: player draws 1",
    "after clear: loser draws 1",
    "after clear: player draws 0",
    "after play when rank is 3 and rank is 4: player draws 1",
    "after clear: player cannot play",
    "after clear: next player may not draw",
    "after clear: each other player must not pick up the pile",
    "after clear: forever: player draws 1",
    "after clear: repeat until deck is 0: player draws 1",
    "after clear: end the game",
    "after clear: end the round",
    "after clear: end the session",
    "after clear: player draws 1 since the session began",
    "after clear when cause is ten in previous rounds: player draws 1",
    "after clear: player takes 2 cards from the removed cards",
    "after clear: player discards 1 lowest card",
    "after clear: player gives 2 highest cards to the dealer",
    "after clear: player reveals their hand",
    "after clear: the next player reveals their face down cards",
    "after clear: clear the pile",
    "after clear: every player where cards > 3 discards 1 card",
    "after clear: each player gives 1 card to their next player",
    "after clear: the last winner draws 1",
    "after clear: author draws 1",
    "after clear: the player with the most cards draws 1",
    "after play when rank in [7, 8, J, queen] and not (top is none or low is true): player draws 1",
    "after play when hand of the previous player <= 2 or pile != 0: player draws 1",
    "after play when source is face_down and reveal is false: player draws 1",
]


def test_spec_file_parses() -> None:
    tree = parse_ok(SPEC_FILE)
    assert [r.title.value for r in tree.rules] == ["Tens tax", "Low gift"]
    assert tree.comments == (ast.Comment("# tens_tax.lopti", Span(1, 1, 1, 17)),)


def test_spec_accepted_examples_parse() -> None:
    tree = parse_ok(SPEC_ACCEPTED)
    assert len(tree.rules) == 4


@pytest.mark.parametrize("hook", SPEC_HOOKS)
def test_spec_hook_parses(hook: str) -> None:
    parse_ok(in_rule(hook))


def test_tens_tax_tree() -> None:
    tree = parse_ok(in_rule("after clear when cause is ten: each other player draws 1"))
    hook = tree.rules[0].items[0]
    assert strip_spans(hook) == ast.Hook(
        timing="after",
        event=ast.Ident("clear", S0),
        cond=ast.Compare("is", ast.Ident("cause", S0), ast.Ident("ten", S0), S0),
        actions=(ast.Draw(ast.Each("each other", None, S0), ast.Int(1, S0), S0),),
        span=S0,
        timing_span=S0,
    )
    assert isinstance(hook, ast.Hook)
    assert hook.span == Span(2, 5, 2, 61)
    assert hook.timing_span == Span(2, 5, 2, 10)
    assert hook.event.span == Span(2, 11, 2, 16)


def test_block_spans_end_at_the_last_action() -> None:
    tree = parse_ok('rule "r":\n    after clear:\n        player draws 1\n\n# done\n')
    rule = tree.rules[0]
    assert rule.span == Span(1, 1, 3, 23)
    assert rule.items[0].span == Span(2, 5, 3, 23)


def test_forbidden_forms_have_nodes() -> None:
    assert strip_spans(only_action(in_rule("after clear: skip the next turn"))) == ast.Prevent(
        "skip", tuple(ast.Ident(w, S0) for w in ("the", "next", "turn")), S0
    )
    forbid = only_action(in_rule("after clear: player may not draw 2 cards"))
    assert isinstance(forbid, ast.Forbid)
    assert (forbid.modal, [w.name for w in forbid.words]) == ("may not", ["draw", "2", "cards"])
    tree = parse_ok(in_rule("instead of draw: player draws 2"))
    assert tree.rules[0].hooks[0].timing == "instead of"
    assert isinstance(only_action(in_rule("after x: forever: player draws 1")), ast.Forever)
    until = only_action(in_rule("after x: repeat until deck is 0: player draws 1"))
    assert isinstance(until, ast.RepeatUntil)
    assert isinstance(only_action(in_rule("after x: while deck > 0: player draws 1")), ast.While)
    assert only_action(in_rule("after x: end the round")) == ast.EndGame(
        "round", Span(2, 14, 2, 27)
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("player", ast.Role("player", S0)),
        ("the next player", ast.Role("next player", S0, the=True)),
        ("previous player", ast.Role("previous player", S0)),
        ("the dealer", ast.Role("dealer", S0, the=True)),
        ("author", ast.Role("author", S0)),
        ("last winner", ast.Role("last winner", S0)),
        ("the player with the most cards", ast.Role("most cards", S0, the=True)),
        ("the player with the fewest cards", ast.Role("fewest cards", S0, the=True)),
        ("winner", ast.Role("winner", S0)),
        ("the loser", ast.Role("loser", S0, the=True)),
        ("every player", ast.Each("every", None, S0)),
        ("each player", ast.Each("each", None, S0)),
        ("their previous player", ast.Their("previous", S0)),
        ("alice", ast.NameTarget(ast.Ident("alice", S0), S0)),
        ("Zoë", ast.NameTarget(ast.Ident("Zoë", S0), S0)),
        ("seat 2", ast.SeatTarget("seat", ast.Int(2, S0), S0)),
        ("player 3", ast.SeatTarget("player", ast.Int(3, S0), S0)),
        ("the tallest player", ast.TraitTarget(ast.Ident("tallest", S0), S0)),
        # without `the`, and position words: the checker tells LR301 / LR302 / LR303 apart
        ("youngest player", ast.TraitTarget(ast.Ident("youngest", S0), S0, the=False)),
        ("nxt player", ast.TraitTarget(ast.Ident("nxt", S0), S0, the=False)),
        ("the last player", ast.TraitTarget(ast.Ident("last", S0), S0)),
        ("last player", ast.TraitTarget(ast.Ident("last", S0), S0, the=False)),
        ("the first player", ast.TraitTarget(ast.Ident("first", S0), S0)),
        # a name of several words is one Ident
        ("Mary Ann", ast.NameTarget(ast.Ident("Mary Ann", S0), S0)),
        ("Mary  Ann   Smith", ast.NameTarget(ast.Ident("Mary Ann Smith", S0), S0)),
    ],
)
def test_targets(text: str, expected: ast.Target) -> None:
    action = only_action(in_rule(f"after clear: {text} draws 1"))
    assert isinstance(action, ast.Draw)
    assert strip_spans(action.target) == expected


def test_each_where_and_player_fields() -> None:
    action = only_action(in_rule("before turn: each player where hand > 6 discards 1"))
    assert isinstance(action, ast.Discard)
    assert strip_spans(action.target) == ast.Each(
        "each", ast.Compare(">", ast.Ident("hand", S0), ast.Int(6, S0), S0), S0
    )
    tree = parse_ok(in_rule("after play when cards of the next player > 3: player draws 1"))
    cond = tree.rules[0].hooks[0].cond
    assert isinstance(cond, ast.Compare)
    assert strip_spans(cond.left) == ast.PlayerField(
        ast.Ident("cards", S0), ast.Role("next player", S0, the=True), S0
    )


def test_ranks_bools_and_in() -> None:
    hook = "after play when rank in [2, 10, J, king] and low is true: clear the pile"
    tree = parse_ok(in_rule(hook))
    cond = tree.rules[0].hooks[0].cond
    assert strip_spans(cond) == ast.And(
        ast.In(
            ast.Ident("rank", S0),
            (ast.Int(2, S0), ast.Int(10, S0), ast.Rank("J", S0), ast.Rank("king", S0)),
            S0,
        ),
        ast.Compare("is", ast.Ident("low", S0), ast.Bool(True, S0), S0),
        S0,
    )


def test_precedence_and_parentheses() -> None:
    tree = parse_ok(in_rule("after x when a is 1 or b is 2 and not c is 3: clear the pile"))
    cond = tree.rules[0].hooks[0].cond
    assert isinstance(cond, ast.Or)
    assert isinstance(cond.right, ast.And)
    assert isinstance(cond.right.right, ast.Not)
    tree = parse_ok(in_rule("after x when (a is 1 or b is 2) and c is 3: clear the pile"))
    cond = tree.rules[0].hooks[0].cond
    assert isinstance(cond, ast.And)
    assert isinstance(cond.left, ast.Or)


def test_retro_binds_to_the_nearest_comparison() -> None:
    action = only_action(
        in_rule("after x: player gives 1 card to each player where hand > 3 retroactively")
    )
    assert isinstance(action, ast.Give)
    assert action.retro is None
    assert isinstance(action.recipient, ast.Each)
    assert isinstance(action.recipient.where, ast.Compare)
    assert action.recipient.where.retro == ast.Retro("retroactively", Span(2, 64, 2, 77))
    draw = only_action(in_rule("after x: player draws 1 in previous rounds"))
    assert isinstance(draw, ast.Draw)
    assert draw.retro is not None and draw.retro.text == "in previous rounds"
    repeat = only_action(in_rule("after x: repeat 2 times retroactively: player draws 1"))
    assert isinstance(repeat, ast.Repeat) and repeat.retro is not None


def test_dangling_else_belongs_to_the_if_that_begins_its_line() -> None:
    text = in_rule("after x:\n    if a is 1: if b is 2: player draws 1\n    else: player draws 2")
    (outer,) = parse_ok(text).rules[0].hooks[0].actions
    assert isinstance(outer, ast.If)
    assert outer.else_ is not None and len(outer.else_) == 1
    (inner,) = outer.then
    assert isinstance(inner, ast.If) and inner.else_ is None


def test_strings_escapes_and_notes() -> None:
    text = 'rule "A \\"quoted\\" \\\\ title":\n    note "kept"\n    after x: clear the pile\n'
    tree = parse_ok(text)
    rule = tree.rules[0]
    assert rule.title.value == 'A "quoted" \\ title'
    assert isinstance(rule.items[0], ast.Note) and rule.items[0].text.value == "kept"


def test_keywords_are_whole_words_and_words_are_plain_where_no_keyword_fits() -> None:
    # `round` is a field and an event here, `clear` an event: plain words
    tree = parse_ok(in_rule("after round when round > 2: clear the pile"))
    hook = tree.rules[0].hooks[0]
    assert hook.event.name == "round"
    # a card count word
    action = only_action(in_rule("after clear: player draws 2 cards"))
    assert isinstance(action, ast.Draw) and action.card_word == "cards"


def test_one_item_on_the_rule_line_and_comments_everywhere() -> None:
    tree = parse_ok(
        'rule "r": after clear: player draws 1  # inline\n\n\n# between\nrule "s":  # title\n'
        "    # before\n    after play:  # head\n        clear the pile  # tail\n# last"
    )
    assert len(tree.rules) == 2
    assert [c.text for c in tree.comments] == [
        "# inline",
        "# between",
        "# title",
        "# before",
        "# head",
        "# tail",
        "# last",
    ]


def test_no_final_newline_and_crlf() -> None:
    parse_ok('rule "r":\r\n    after clear: player draws 1')


def test_a_name_of_several_words_spans_them_all() -> None:
    action = only_action(in_rule("after clear: player gives 1 card to Mary Ann"))
    assert isinstance(action, ast.Give)
    assert action.recipient == ast.NameTarget(
        ast.Ident("Mary Ann", Span(2, 41, 2, 49)), Span(2, 41, 2, 49)
    )
    tree = parse_ok(in_rule("after clear when cards of mary ann > 3: player draws 1"))
    cond = tree.rules[0].hooks[0].cond
    assert isinstance(cond, ast.Compare) and isinstance(cond.left, ast.PlayerField)
    assert strip_spans(cond.left.target) == ast.NameTarget(ast.Ident("mary ann", S0), S0)


def test_a_trait_without_the_spans_its_words() -> None:
    action = only_action(in_rule("after clear: youngest player draws 1"))
    assert isinstance(action, ast.Draw)
    assert action.target == ast.TraitTarget(
        ast.Ident("youngest", Span(2, 18, 2, 26)), Span(2, 18, 2, 33), the=False
    )


def test_numbers_are_whole_words() -> None:
    """`10`, ranks and `J` still read; a number run into a word is not a number."""
    action = only_action(in_rule("after play when rank in [10,J] and count >= 2: player draws 10"))
    assert isinstance(action, ast.Draw) and action.count.value == 10
