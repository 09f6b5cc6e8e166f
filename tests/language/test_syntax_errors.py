"""Syntax errors that teach: every row of the known-mistakes table, LP001-LP005, one error."""

from __future__ import annotations

import logging

import pytest

from lopti_rules import parse as parse_module
from lopti_rules.parse import MAX_DEPTH, MAX_FILE_CHARS, MAX_LINE_CHARS, build_parser
from lopti_rules.source import Span
from lopti_rules.syntax_errors import MISTAKES, Mistake

from .helpers import in_rule, parse_error


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
