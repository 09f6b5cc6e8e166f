"""Turn Lark's syntax errors into diagnostics a card player can act on (LP001-LP004).

Takes: a `Source` and the first error Lark raised on it. Produces: exactly one diagnostic on
the source. Guarantees: the message says what would fit, in words (`expected `:` after the
event`), never a terminal name; the span points at the offending text.

How an LP001 is worded: `MISTAKES` is a table of known mistakes, each with its message, its
hint and a few bad examples. Lark's `match_examples` finds the row whose examples fail in the
same parser state, with the same set of acceptable next tokens (so the same context), as the
error at hand; the answer is memoised per (state, acceptable tokens, token). Where no row
matches, the message lists what would fit (`expected `:`, `and` or `or`, not ...`). Every
row is tested.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lopti_rules.source import Source, Span

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedInput


@dataclass(frozen=True, slots=True)
class Mistake:
    message: str
    hint: str | None
    examples: tuple[str, ...]


_HOOK = 'rule "r":\n    '
_BODY = 'rule "r":\n    after clear:\n        '

MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        "expected `rule` and a title to start a rule",
        'a rule file is a list of rules: `rule "Title":`, then its hooks indented below it',
        ("after clear: player draws 1", '"Tens tax":\n    after clear: player draws 1', ""),
    ),
    Mistake(
        "expected the rule's title in double quotes after `rule`",
        'write the title in straight double quotes: `rule "Tens tax":`',
        (
            "rule Tens tax:\n    after clear: player draws 1",
            "rule:\n    after clear: player draws 1",
        ),
    ),
    Mistake(
        "expected `:` after the rule's title",
        'a rule starts `rule "Title":`, with a colon',
        ('rule "Tens tax"\n    after clear: player draws 1', 'rule "Tens" tax:'),
    ),
    Mistake(
        "expected `before`, `after` or `note` to start a hook",
        "a hook says when it runs and on which event: `after clear: ...`",
        (
            _HOOK + "clear: player draws 1",
            _HOOK + "when clear: player draws 1",
            _HOOK + "after clear: player draws 1\n    player draws 2",
            'rule "r": player draws 1',
        ),
    ),
    Mistake(
        "expected the event the hook waits for, such as `clear` or `play`",
        "write `after EVENT:` or `before EVENT:`; the events are listed in docs/language.md",
        (_HOOK + "after: player draws 1", _HOOK + "before 7: player draws 1"),
    ),
    Mistake(
        "expected `of` after `instead`",
        "`instead of EVENT` parses, but a house rule adds to an event: use `before` or `after`",
        (_HOOK + "instead draw: player draws 2",),
    ),
    Mistake(
        "expected `:` after the event",
        "a hook reads `after EVENT: ACTION`, or `after EVENT when CONDITION: ACTION`",
        (
            _HOOK + "after clear each other player draws 1",
            _HOOK + "after clear player draws 1",
            _HOOK + "after clear\n        player draws 1",
            _HOOK + "after clear if rank is 7: player draws 1",
        ),
    ),
    Mistake(
        "expected `:` after the condition",
        "end the condition with a colon, then say what happens: `when cause is ten: ...`",
        (
            _HOOK + "after clear when cause is ten each other player draws 1",
            _HOOK + "after play when rank is 7 player draws 1",
            _HOOK + "after play when rank is 7\n        player draws 1",
            _HOOK + "after play when rank is ten\n        player draws 1",
            _BODY + "if rank is 7 player draws 1",
            _BODY + "if rank is ten player draws 1",
        ),
    ),
    Mistake(
        "expected a comparison after the value, such as `is`, `is not`, `<` or `>=`",
        "a condition compares two things: `cause is ten`, `cards of player > 3`",
        (
            _HOOK + "after clear when cause ten: player draws 1",
            _HOOK + "after clear when cause: player draws 1",
            _HOOK + "after clear when 7: player draws 1",
            _BODY + "if deck: player draws 1",
        ),
    ),
    Mistake(
        "expected a value to compare with",
        "compare with a number, a rank, a word such as `ten`, or a field: `rank is 7`",
        (
            _HOOK + "after clear when cause is: player draws 1",
            _HOOK + "after clear when count >: player draws 1",
            _HOOK + 'after clear when cause is "ten": player draws 1',
        ),
    ),
    Mistake(
        "expected a condition, such as `cause is ten`",
        "a condition compares two things: `cause is ten`, `cards of player > 3`",
        (
            _HOOK + "after clear when: player draws 1",
            _HOOK + "after clear when cause is ten or: player draws 1",
            _HOOK + "after clear when cause is ten and: player draws 1",
            _HOOK + "after clear when not: player draws 1",
            _BODY + "if: player draws 1",
            _HOOK + "after clear: if: player draws 1",
            _BODY + "while: player draws 1",
        ),
    ),
    Mistake(
        "expected `[` and a list after `in`, such as `rank in [7, 8]`",
        "list the values in square brackets, separated by commas",
        (_HOOK + "after play when rank in 7, 8: clear the pile",),
    ),
    Mistake(
        "expected `,` between the values, or `]` to close the list",
        "write the list as `[7, 8, J]`",
        (
            _HOOK + "after play when rank in [7 8]: clear the pile",
            _HOOK + "after play when rank in [7: clear the pile",
            _HOOK + "after play when rank in [ten: clear the pile",
        ),
    ),
    Mistake(
        "expected `)` to close the parenthesis",
        "every `(` in a condition needs its `)`",
        (
            _HOOK + "after play when (rank is 7: clear the pile",
            _HOOK + "after play when (rank is ten: clear the pile",
            _HOOK + "after play when (rank is 7 and count is 2: clear the pile",
        ),
    ),
    Mistake(
        "expected whose field after `of`, such as `player` or `the next player`",
        "a player field reads `cards of player`, `hand of the dealer`",
        (_HOOK + "after play when cards of > 3: clear the pile",),
    ),
    Mistake(
        "expected `:` after `repeat N times`",
        "write `repeat 2 times: player draws 1`",
        (_BODY + "repeat 2 times player draws 1", _BODY + "repeat 2 times\n"),
    ),
    Mistake(
        "expected `:` after the two players of the roshambo",
        "write `roshambo player vs next player: loser draws 1`",
        (
            _BODY + "roshambo player vs next player",
            _BODY + "roshambo player vs next player loser draws 1",
        ),
    ),
    Mistake(
        "expected the text to announce, in double quotes",
        'write `announce "The ten was taxed."`',
        (_BODY + "announce hello", _BODY + "announce"),
    ),
    Mistake(
        "expected the note's text, in double quotes",
        'write `note "Agreed in round 3."`',
        (_HOOK + "note hello", _HOOK + "note"),
    ),
    Mistake(
        "expected `the removed cards into the deck` after `shuffle`",
        "write `shuffle the removed cards into the deck`",
        (_BODY + "shuffle the deck", _BODY + "shuffle", _BODY + "shuffle the removed cards"),
    ),
    Mistake(
        "expected `the pile` after `clear`",
        "write `clear the pile`",
        (_BODY + "clear pile", _BODY + "clear", _BODY + "clear the"),
    ),
    Mistake(
        "expected `rule` to start a new rule: hooks belong indented under their rule",
        'indent the hook under its `rule "Title":` line, or start a new rule',
        ('rule "r":\n    after clear: player draws 1\nafter play: player draws 1',),
    ),
    Mistake(
        "expected an action: who does what, such as `player draws 1` or `clear the pile`",
        "the actions are: draws, picks up the pile, gives, discards, takes, reveals, shuffle the "
        "removed cards into the deck, clear the pile, announce, repeat, if, roshambo",
        (
            _HOOK + "after clear: 2 cards",
            _BODY + '"hello"',
            _HOOK + "after clear:\n        :",
        ),
    ),
    Mistake(
        "expected what the player does, such as `draws 1` or `picks up the pile`",
        "after who comes the verb: draws, picks up the pile, gives, discards, takes, reveals",
        (
            _HOOK + "after clear: player draw 1",
            _HOOK + "after clear: next player 1",
            _HOOK + "after clear: give 1 card to next player",
            _HOOK + "after clear: each other player draw 1",
        ),
    ),
    Mistake(
        "expected how many cards, as a number",
        "write the number in digits: `draws 2`, `gives 1 card to next player`",
        (
            _HOOK + "after clear: player draws a card",
            _HOOK + "after clear: player draws two",
            _HOOK + "after clear: player draws",
            _HOOK + "after clear: player gives card to next player",
            _HOOK + "after clear: player discards a card",
            _HOOK + "after clear: player takes one from the removed cards",
        ),
    ),
    Mistake(
        "expected `to` and who receives the cards",
        "a gift names its receiver: `player gives 1 card to next player`",
        (
            _HOOK + "after clear: player gives 1 card next player",
            _HOOK + "after clear: player gives 1 next player",
            _HOOK + "after clear: player gives 1 card",
        ),
    ),
    Mistake(
        "expected who receives the cards after `to`",
        "name a role: `to next player`, `to the dealer`, `to the player with the fewest cards`",
        (_HOOK + "after clear: player gives 1 card to",),
    ),
    Mistake(
        "expected `the pile` after `picks up`",
        "write it in full: `player picks up the pile`",
        (
            _HOOK + "after clear: player picks up pile",
            _HOOK + "after clear: player picks the pile",
            _HOOK + "after clear: player picks up thepile",
        ),
    ),
    Mistake(
        "expected `their hand` or `their face down cards` after `reveals`",
        "write `player reveals their hand`",
        (
            _HOOK + "after clear: player reveals hand",
            _HOOK + "after clear: player reveals their cards",
        ),
    ),
    Mistake(
        "expected `from the removed cards` after the number of cards",
        "write `player takes 1 card from the removed cards`",
        (
            _HOOK + "after clear: player takes 1 card",
            _HOOK + "after clear: player takes 1 from deck",
        ),
    ),
    Mistake(
        "expected `times` after the number: `repeat 3 times:`",
        "write `repeat 2 times:` and the actions to repeat",
        (_BODY + "repeat 3: player draws 1", _BODY + "repeat 3 time: player draws 1"),
    ),
    Mistake(
        "expected `vs` between the two players of a roshambo",
        "write `roshambo player vs next player:`",
        (_BODY + "roshambo player next player:", _BODY + "roshambo player against next player:"),
    ),
    Mistake(
        "`else` must follow an `if` that begins its line",
        "put the `if` on its own line, with the `else:` under it at the same indentation",
        (
            _HOOK + "after clear: if rank is 7: player draws 1\n    else: player draws 2",
            _BODY + "player draws 1\n        else: player draws 2",
            _BODY + "if rank is 7: if count is 2: player draws 1 else: player draws 2",
        ),
    ),
    Mistake(
        "expected the end of the line",
        "one action per line; put each further action on its own line in the block",
        (
            _HOOK + "after clear: player draws 1 next player draws 1",
            _HOOK + "after clear: player draws 1 card card",
            _HOOK + "after clear: clear the pile now",
            _HOOK + "after clear: player draws 1 card to next player",
        ),
    ),
    Mistake(
        "expected `player` after `each` or `every`",
        "write `each player`, `each other player` or `every player`",
        (_HOOK + "after clear: each draws 1", _HOOK + "after clear: every other player draws 1"),
    ),
)

_WORDS = {
    "NAME": "a word",
    "INT": "a number",
    "STRING": "a quoted string",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "$END": "the end of the file",
}
_GENERIC_HINT = "docs/language.md shows every form a rule can take (`lopti explain LP001`)"
_CURLY_QUOTES = "\u201c\u201d\u201e\u201f\u2018\u2019\u00ab\u00bb"
_STRING = re.compile(r'"(?:[^"\\\n]|\\["\\])*"')


def report(source: Source, exc: UnexpectedInput) -> None:
    """Report the first syntax error, `exc`, on `source` as one LP diagnostic."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        _unexpected_character(source, exc.pos_in_stream or 0, exc.line, exc.column)
    elif isinstance(exc, UnexpectedToken | UnexpectedEOF):
        _unexpected_token(source, exc)
    else:  # pragma: no cover - Lark raises only the two kinds above for LALR
        source.report("LP001", Span.point(1, 1), "the file could not be read as rules")


def report_tabs(source: Source) -> bool:
    """LP003 for the first tab outside a string or comment; True if one was found."""
    for number, line in enumerate(source.text.split("\n"), start=1):
        code = _code_part(line)
        column = code.find("\t")
        if column >= 0:
            source.report(
                "LP003",
                Span.point(number, column + 1),
                "a tab character; indent with spaces",
                "indent each block with spaces (four per level is the usual layout; "
                "`lopti fmt` writes it)",
            )
            return True
    return False


def report_indent_mismatch(source: Source, line: int, column: int) -> None:
    source.report(
        "LP003",
        Span(line, 1, line, max(column, 2)),
        "this line's indentation matches no enclosing block",
        "indent it exactly as far as the line it belongs with",
    )


def _code_part(line: str) -> str:
    """The line up to its comment, with string contents blanked (so a `#` or tab in a string
    does not count)."""
    out: list[str] = []
    in_string = escaped = False
    for char in line:
        if in_string:
            out.append(" ")
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == "#":
            break
        else:
            in_string = char == '"'
            out.append(char)
    return "".join(out)


def _unexpected_character(source: Source, pos: int, line: int, column: int) -> None:
    text = source.text
    char = text[pos] if pos < len(text) else "\n"
    if char == '"':
        rest = text[pos:].split("\n", 1)[0]
        if _STRING.match(rest) is None and re.match(r'"(?:[^"\\]|\\.)*"', rest):
            bad = re.search(r'\\(?!["\\])', rest)
            at = column + (bad.start() if bad else 0)
            source.report(
                "LP002",
                Span(line, at, line, at + 2),
                'a backslash in a string must be followed by `"` or `\\`',
                'strings know two escapes: `\\"` for a quote and `\\\\` for a backslash',
            )
            return
        source.report(
            "LP004",
            Span(line, column, line, column + max(len(rest), 1)),
            "this string is not closed before the end of the line",
            'close it with a straight double quote `"` on the same line',
        )
        return
    span = Span(line, column, line, column + 1)
    shown = repr(char) if not char.isprintable() or char.isspace() else f"`{char}`"
    if char in _CURLY_QUOTES:
        hint = 'use straight double quotes `"`, not curly quotes (editors often curl them)'
    elif char == "'":
        hint = 'strings use double quotes: `announce "..."`'
    elif char == "=":
        hint = "compare with `is`, `==`, `<=` or `>=`; a single `=` means nothing here"
    elif char == "!":
        hint = "`!=` means 'is not'; `!` alone means nothing here"
    else:
        hint = "rules use words, numbers, quoted strings and `: ( ) [ ] , < > = !` only"
    source.report("LP002", span, f"unexpected character {shown}", hint)


# ---------------------------------------------------------------- LP001 / LP003 from a token


def _unexpected_token(source: Source, exc: Any) -> None:
    token: Token = exc.token
    accepts: frozenset[str] = (
        frozenset(exc.interactive_parser.accepts())
        if (exc.interactive_parser is not None)
        else frozenset(exc.expected)
    )
    span = _token_span(source.text, token)
    if token.type == "_INDENT":
        source.report(
            "LP003",
            Span.point(token.end_line or 1, token.end_column or 1),
            "unexpected indentation",
            "indent a line only under one that ends with `:` (a rule, a hook, if, repeat...)",
        )
        return
    if "_INDENT" in accepts:
        source.report(
            "LP003",
            span,
            "expected an indented block after the `:`",
            "indent the lines of the block further than the line that ends with `:`",
        )
        return
    mistake = _classify(exc, accepts)
    if mistake is not None:
        message, hint = mistake.message, mistake.hint
    else:
        message, hint = f"expected {_expected(accepts)}", _GENERIC_HINT
    message = f"{message}, not {_describe(token)}"
    source.report("LP001", span, message, _keyword_case_hint(source.text, token, accepts) or hint)


def _classify(exc: Any, accepts: frozenset[str]) -> Mistake | None:
    token: Token = exc.token
    key = (exc.state.position, accepts, token.type, str(token))
    if key not in _MEMO:
        _MEMO[key] = _match(exc)
    return _MEMO[key]


_MEMO: dict[tuple[Any, frozenset[str], str, str], Mistake | None] = {}


class _State:
    """A parser state compared by its LR state alone (Lark also compares the stack depth,
    which would make a mistake in a nested block miss its row)."""

    def __init__(self, position: Any) -> None:
        self.position = position

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _State) and other.position == self.position

    def __index__(self) -> int:  # Lark logs the state with `%d`
        return int(self.position)

    __hash__ = None  # type: ignore[assignment]


def _match(exc: Any) -> Mistake | None:
    from lark.exceptions import UnexpectedInput

    from lopti_rules.parse import IndentMismatch, parse_tree

    def parse_fn(text: str) -> Any:
        try:
            return parse_tree(text)
        except UnexpectedInput as ut:
            if ut.state is not None:
                ut.state = _State(ut.state.position)
            raise
        except IndentMismatch:
            return None

    original = exc.state
    exc.state = _State(original.position)
    try:
        examples = [(m, list(m.examples)) for m in MISTAKES]
        found: Mistake | None = exc.match_examples(
            parse_fn, examples, token_type_match_fallback=True, use_accepts=True
        )
    finally:
        exc.state = original
    return found


def _token_span(text: str, token: Token) -> Span:
    if token.type in ("_NL", "_DEDENT", "$END") or not str(token).strip():
        # point just after the last character before the line break or the end
        pos = token.start_pos if token.start_pos is not None else len(text)
        pos = min(pos, len(text))
        while pos > 0 and text[pos - 1] in " \t\f\r\n":
            pos -= 1
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        return Span.point(line, column)
    return Span(token.line or 1, token.column or 1, token.end_line or 1, token.end_column or 1)


def _describe(token: Token) -> str:
    if token.type in ("_NL", "_DEDENT", "$END"):
        return _WORDS[token.type]
    if token.type == "INT":
        return f"the number `{token}`"
    if token.type == "STRING":
        return "a quoted string"
    if token.type == "NAME":
        return f"the word `{token}`"
    return f"`{token}`"


@functools.cache
def _display() -> dict[str, str]:
    from lopti_rules.parse import parser

    shown = dict(_WORDS)
    for term in parser().terminals:
        if term.pattern.type == "str":
            shown[term.name] = f"`{term.pattern.value}`"
    return shown


@functools.cache
def keywords() -> frozenset[str]:
    """Every keyword of the grammar (lower case, whole words)."""
    return frozenset(v.strip("`") for v in _display().values() if v[1:-1].isalpha())


def _expected(accepts: frozenset[str]) -> str:
    shown = _display()
    names = sorted({shown.get(a, a) for a in accepts}, key=lambda s: (not s.startswith("`"), s))
    if len(names) > 8:
        names = [*names[:7], "..."]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _keyword_case_hint(text: str, token: Token, accepts: frozenset[str]) -> str | None:
    """`Rule`, `After`, `Clear`: keywords are lower case. Looks at the token and the word before."""
    candidates = [str(token)] if token.type == "NAME" else []
    before = re.search(r"(\w+)[ \f]*$", text[: token.start_pos or 0])
    if before:
        candidates.append(before.group(1))
    for word in candidates:
        if word != word.lower() and word.lower() in keywords():
            return f"keywords are lower case: write `{word.lower()}`, not `{word}`"
    return None
