"""Syntax errors that teach: every row of the known-mistakes table, LP001-LP005, one error."""

from __future__ import annotations

import logging

import pytest

from lopti_rules.diagnostics.source import Span
from lopti_rules.language import parse as parse_module
from lopti_rules.language.parse import MAX_DEPTH, MAX_FILE_CHARS, MAX_LINE_CHARS, build_parser
from lopti_rules.language.syntax_errors import MISTAKES, Mistake

from .helpers import in_rule, parse_error, parse_ok


def test_grammar_is_conflict_free_and_collision_free_under_strict() -> None:
    pytest.importorskip("interegular", reason="Lark's strict mode needs interegular")
    parser = build_parser(strict=True)
    assert parser.options.parser == "lalr"
    assert parser.options.lexer == "contextual"


def test_grammar_has_no_lalr_conflict(caplog: pytest.LogCaptureFixture) -> None:
    """The conflict half of the strict test, which needs nothing but Lark."""
    from lark import logger

    logger.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            build_parser(debug=True)
    finally:
        logger.removeHandler(caplog.handler)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


ROWS = [(m, example) for m in MISTAKES for example in m.examples]


@pytest.mark.parametrize(
    ("mistake", "example"), ROWS, ids=[f"{m.message[:30]}|{e[-30:]}" for m, e in ROWS]
)
def test_every_known_mistake_row(mistake: Mistake, example: str) -> None:
    d = parse_error(example)
    assert d.code == "LP001"
    assert d.message.startswith(mistake.message), d.message
    assert d.hint


# LANGUAGE.md §5: the syntax rows of the code table
def test_lp001_missing_colon() -> None:
    d = parse_error(in_rule("after clear each other player draws 1"))
    assert (d.code, d.span) == ("LP001", Span(2, 17, 2, 21))
    assert d.message.startswith("expected `:` after the event")


def test_lp002_unexpected_character() -> None:
    d = parse_error(in_rule("after clear: player draws 1 $"))
    assert (d.code, d.span, d.message) == ("LP002", Span(2, 33, 2, 34), "unexpected character `$`")


def test_lp003_tab_indented_body() -> None:
    d = parse_error('rule "r":\n    after clear:\n\tplayer draws 1\n')
    assert (d.code, d.span) == ("LP003", Span(3, 1, 3, 2))
    assert "tab" in d.message


def test_lp004_unterminated_string() -> None:
    d = parse_error('rule "Oops:\n    after clear: player draws 1\n')
    assert (d.code, d.span) == ("LP004", Span(1, 6, 1, 12))


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        (in_rule("after clear: announce “hi”"), "LP002", "curly"),
        (in_rule("after clear: announce 'hi'"), "LP002", "double quotes"),
        (in_rule("after clear when rank = 7: clear the pile"), "LP002", "`==`"),
        (in_rule('after clear: announce "a\\nb"'), "LP002", "escapes"),
        ('rule "r":\n    after clear:\n    player draws 1\n', "LP003", "indent"),
        (
            'rule "r":\n    after clear:\n            player draws 1\n        clear the pile\n',
            "LP003",
            "indent",
        ),
        (in_rule("after clear: player draws 1\n  clear the pile"), "LP003", "indent"),
        (
            'rule "r":\n  after clear: player draws 1\n    after play: clear the pile\n',
            "LP003",
            "indent",
        ),
    ],
)
def test_lexical_and_indentation_errors(text: str, code: str, fragment: str) -> None:
    d = parse_error(text)
    assert d.code == code, (d.code, d.message)
    assert fragment in (d.message + " " + (d.hint or ""))


def test_capitalised_keyword_hint() -> None:
    d = parse_error('Rule "r":\n    after clear: player draws 1\n')
    assert d.hint == "keywords are lower case: write `rule`, not `Rule`"
    d = parse_error(in_rule("After clear: player draws 1"))
    assert d.hint == "keywords are lower case: write `after`, not `After`"
    d = parse_error(in_rule("after clear: Clear the pile"))
    assert d.hint == "keywords are lower case: write `clear`, not `Clear`"


@pytest.mark.parametrize(
    ("hook", "word", "column"),
    [
        ("after clear: Next player draws 1", "Next", 18),
        ("after clear: Each other player draws 1", "Each", 18),
        ("after clear: The dealer draws 1", "The", 18),
        ("after clear: Player draws 1", "Player", 18),
        ("after clear: player draws 1 Card", "Card", 33),
        ("after clear: the Next player draws 1", "Next", 22),
        ("after clear when cards of Player > 2: clear the pile", "Player", 31),
        ("After clear: player draws 1", "After", 5),
        ("after clear: Clear the pile", "Clear", 18),
    ],
)
def test_a_capitalised_keyword_where_it_fits_is_lp001_at_that_word(
    hook: str, word: str, column: int
) -> None:
    """LANGUAGE.md §3: a capitalised keyword is LP001 with the hint that keywords are lower
    case, placed on the capitalised word (not on the word after it)."""
    d = parse_error(in_rule(hook))
    assert (d.code, d.span) == ("LP001", Span(2, column, 2, column + len(word)))
    assert d.message == f"expected the keyword `{word.lower()}`, not the word `{word}`"
    assert d.hint == f"keywords are lower case: write `{word.lower()}`, not `{word}`"


@pytest.mark.parametrize(
    "hook",
    [
        "after clear: Zoë draws 1",  # names stay names: LR301 for the checker
        "after clear: Ann draws 1",
        "after clear: May draws 1",  # `may` is a keyword, but not where a target belongs
        "after clear: Mary Ann draws 1",
        'after clear: announce "Next Player"',  # strings and comments are not looked at
        "after clear: skip Next player  # The Player",
        "after Clear: player draws 1",  # an event is a word (LR501 names `clear`)
    ],
)
def test_a_capitalised_word_where_no_keyword_fits_parses(hook: str) -> None:
    parse_ok(in_rule(hook))


def test_a_capitalised_keyword_after_the_first_error_does_not_hide_it() -> None:
    d = parse_error(in_rule("after clear player draws 1\nafter play: Player draws 1"))
    assert d.span.line == 2 and d.message.startswith("expected `:` after the event")


@pytest.mark.parametrize(
    ("hook", "word", "column", "hint"),
    [
        ("after clear: dealr draw 1", "draw", 24, "did you mean `draws`?"),
        ("after clear: Mary Ann draw 1", "draw", 27, "did you mean `draws`?"),
        ("after clear: nobody gets 2 cards", "gets", 25, None),
    ],
)
def test_a_misspelt_verb_after_a_name_is_blamed_not_the_number(
    hook: str, word: str, column: int, hint: str | None
) -> None:
    """A name may have several words, so `dealr draw` reads as one name until the number;
    the error points at the word that was meant as the verb."""
    d = parse_error(in_rule(hook))
    assert (d.code, d.span) == ("LP001", Span(2, column, 2, column + len(word)))
    assert d.message == (
        "expected what the player does, such as `draws 1` or `picks up the pile`, "
        f"not the word `{word}`"
    )
    if hint is not None:
        assert d.hint == hint


@pytest.mark.parametrize(
    ("hook", "column", "what"),
    [
        ("after clear: player draws 1 foo", 33, "the word `foo`"),
        ("after clear: player draws 1 2", 33, "the number `2`"),
        ("after clear: player draws 1 card foo", 38, "the word `foo`"),
        ("after clear: if deck > 1: player draws 1 foo", 46, "the word `foo`"),
        ("after clear: player discards 1 lowest card foo", 48, "the word `foo`"),
    ],
)
def test_a_stray_word_after_draws_n_is_the_end_of_the_line(
    hook: str, column: int, what: str
) -> None:
    d = parse_error(in_rule(hook))
    assert (d.code, d.span.column) == ("LP001", column)
    assert d.message == f"expected the end of the line, not {what}"


def test_a_stray_else_after_draws_n_is_still_the_dangling_else() -> None:
    d = parse_error(
        in_rule("after clear: if deck > 1: if pile > 2: player draws 1 else: clear the pile")
    )
    assert d.message.startswith("`else` must follow an `if` that begins its line")


@pytest.mark.parametrize(
    ("hook", "glued", "hint"),
    [
        ("after clear: player draws 2cards", "2cards", "`2 cards`"),
        ("after clear: player draws 1card", "1card", "`1 card`"),
        ("after clear: player gives 1lowest card to next player", "1lowest", "`1 lowest`"),
        ("after play when rank is 5and count > 1: clear the pile", "5and", "`5 and`"),
        ("after play when rank in [10J]: clear the pile", "10J", "`10 J`"),
        ("after clear: repeat 2times: player draws 1", "2times", "`2 times`"),
    ],
)
def test_a_number_run_into_a_word_is_lp001(hook: str, glued: str, hint: str) -> None:
    text = in_rule(hook)
    d = parse_error(text)
    column = text.splitlines()[1].index(glued) + 1
    assert (d.code, d.span) == ("LP001", Span(2, column, 2, column + len(glued)))
    assert d.message == f"`{glued}` runs a number into a word: a number stands on its own"
    assert d.hint == f"put a space after the number: {hint}"


def test_keywords_are_whole_words() -> None:
    d = parse_error(in_rule("after clear: player picks up thepile"))
    assert d.code == "LP001"
    assert d.span == Span(2, 34, 2, 41)


def test_unmatched_token_lists_what_would_fit_in_words() -> None:
    d = parse_error(in_rule("after clear: each other draws 1"))
    assert (d.code, d.span) == ("LP001", Span(2, 29, 2, 34))
    assert d.message == "expected `player`, not the word `draws`"
    assert d.hint and "docs/language.md" in d.hint
    d = parse_error(in_rule("after clear: player picks up the"))
    assert d.message == "expected `pile`, not the end of the line"


def test_forbidden_forms_are_never_suggested() -> None:
    d = parse_error(in_rule("after clear: player discards 1 highest highest card"))
    assert d.message == "expected `card`, `cards` or the end of the line, not the word `highest`"
    d = parse_error(in_rule("after clear: player 5"))
    assert "skip" not in d.message and "cannot" not in d.message


def test_an_error_the_lexer_finds_is_classified_like_the_parser_would() -> None:
    d = parse_error(in_rule("after play when removed > 12>\n    clear the pile"))
    assert d.message == "expected `:` after the condition, not `>`"


def test_only_the_first_error_is_reported() -> None:
    d = parse_error(in_rule("after clear player draws 1\nafter play draws\nrule rule rule $"))
    assert d.span.line == 2


def test_end_of_line_errors_point_after_the_last_word() -> None:
    d = parse_error(in_rule("after clear   \n        player draws 1"))
    assert d.span == Span(2, 16, 2, 17)


def test_empty_file_needs_a_rule() -> None:
    assert parse_error("").message.startswith("expected `rule`")
    assert parse_error("# only a comment\n").code == "LP001"


# ---------------------------------------------------------------- limits (LP005)


def test_file_over_the_size_limit() -> None:
    line = "# " + "x" * 98 + "\n"
    d = parse_error(line * (MAX_FILE_CHARS // len(line) + 1))
    assert d.code == "LP005" and "limit" in d.message


def test_line_over_the_length_limit() -> None:
    d = parse_error(in_rule(f'after clear: announce "{"x" * MAX_LINE_CHARS}"'))
    assert d.code == "LP005" and d.span.line == 2


def test_nesting_too_deep_is_a_diagnostic_not_a_recursion_error() -> None:
    deep = "after clear:\n"
    for depth in range(1, 60):
        deep += "    " * depth + "if a is 1:\n"
    deep += "    " * 60 + "player draws 1"
    d = parse_error(in_rule(deep))
    assert d.code == "LP005" and "nested" in d.message


def test_long_conditions_and_parentheses_within_the_limits() -> None:
    chain = " and ".join(["a > 1"] * (MAX_DEPTH + 20))
    d = parse_error(in_rule(f"after clear when {chain}: clear the pile"))
    assert d.code == "LP005"
    parens = "(" * 300 + "a > 1" + ")" * 300
    assert parse_module.parse_tree(in_rule(f"after clear when {parens}: clear the pile"))


@pytest.mark.parametrize(
    ("hook", "written", "symbol"),
    [
        ("after play when count is greater than 5: next player draws 1", "is greater than", ">"),
        ("after play when count is less than 5: next player draws 1", "is less than", "<"),
        ("after play when count is more than 5: next player draws 1", "is more than", ">"),
    ],
)
def test_a_comparison_in_words_suggests_its_symbol(hook: str, written: str, symbol: str) -> None:
    d = parse_error(in_rule(hook))
    column = hook.index(written) + 5
    assert (d.code, d.span) == ("LP001", Span(2, column, 2, column + len(written)))
    assert d.message == f"`{written}` is a comparison in words, which rules write with a symbol"
    assert d.hint == f"write `{symbol}` (or `{symbol}=` to include the number): `count {symbol} 5`"


def test_a_duty_with_must_suggests_the_add_only_spelling() -> None:
    d = parse_error(in_rule("after play: next player must draw 1"))
    assert (d.code, d.span) == ("LP001", Span(2, 29, 2, 38))
    assert d.message == (
        "`must draw` says what someone has to do, but a house rule says what happens"
    )
    assert d.hint == "a rule only adds to the game: write `draws`, as in `next player draws 1`"


@pytest.mark.parametrize(
    ("hook", "hint"),
    [
        ("aftr play: next player draws 1", "did you mean `after`?"),
        ("befor clear: player draws 1", "did you mean `before`?"),
        ("after play: player discard 1 lowest card", "did you mean `discards`?"),
        ("after play: discard 1 lowest card", "say who, then the verb: `player discards 1 ...`"),
    ],
)
def test_a_near_miss_of_a_keyword_gets_a_did_you_mean(hook: str, hint: str) -> None:
    d = parse_error(in_rule(hook))
    assert d.code == "LP001"
    assert d.hint == hint
