"""Turn Lark's syntax errors into diagnostics a card player can act on (LP001-LP004).

Takes: a `Source` and the first error Lark raised on it. Produces: exactly one diagnostic on
the source. Guarantees: the message says what would fit, in words (`expected `:` after the
event`), never a terminal name; the span points at the offending text.

How an LP001 is worded: Lark's `match_examples` looks for the row of `syntax_errors.MISTAKES`
whose examples fail in the same parser state, with the same set of acceptable next tokens (so
the same context), as the error at hand; the answer is memoised per (state, acceptable tokens,
token). Where no row matches, the message lists what would fit (`expected `:`, `and` or `or`,
not ...`). LP002 (a character the language does not use), LP003 (tabs and indentation) and
LP004 (an unclosed string) are told apart by the character or token itself.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.diagnostics.spell import did_you_mean, nearest
from lopti_rules.i18n import N_, _, pgettext
from lopti_rules.language.syntax_errors import MISTAKES, Mistake

if TYPE_CHECKING:
    from lark import Token
    from lark.exceptions import UnexpectedInput

_WORDS = {  # message ids: `_display` and `_describe` translate them
    "NAME": N_("a word"),
    "INT": N_("a number"),
    "STRING": N_("a quoted string"),
    "_NL": N_("the end of the line"),
    "_INDENT": N_("an indented block"),
    "_DEDENT": N_("the end of the block"),
    "$END": N_("the end of the file"),
}
_GENERIC_HINT = N_("docs/language.md shows every form a rule can take (`lopti explain LP001`)")
_CURLY_QUOTES = "\u201c\u201d\u201e\u201f\u2018\u2019\u00ab\u00bb"
_STRING = re.compile(r'"(?:[^"\\\n]|\\["\\])*"')
_GLUED = re.compile(r"([0-9]+)([^\W\d]\w*)")


def report(source: Source, exc: UnexpectedInput) -> None:
    """Report the first syntax error, `exc`, on `source` as one LP diagnostic."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        _unexpected_character(source, exc.pos_in_stream or 0, exc.line, exc.column)
    elif isinstance(exc, UnexpectedToken | UnexpectedEOF):
        _unexpected_token(source, exc)
    else:  # pragma: no cover - Lark raises only the two kinds above for LALR
        source.report("LP001", Span.point(1, 1), _("the file could not be read as rules"))


def report_tabs(source: Source) -> bool:
    """LP003 for the first tab outside a string or comment; True if one was found."""
    from lopti_rules.language.lark_parser import code_part

    for number, line in enumerate(source.text.split("\n"), start=1):
        code = code_part(line)
        column = code.find("\t")
        if column >= 0:
            source.report(
                "LP003",
                Span.point(number, column + 1),
                _("a tab character; indent with spaces"),
                _(
                    "indent each block with spaces (four per level is the usual layout; "
                    "`lopti fmt` writes it)"
                ),
            )
            return True
    return False


def report_capitalised_keyword(source: Source) -> bool:
    """LP001 at the first capitalised keyword (`Player draws 1`, `Next player`, `After clear`)
    written where that keyword fits; True if one was found. A capitalised word where its
    keyword does not fit stays a word (`May` or `Zoë` as a name: LR301 for the checker), and
    so does an event name (`after Clear:` is LR501, whose hint names `clear`): events are
    words, not keywords. It stops quietly at the first syntax error, which `report` then
    explains. Cheap when no word could be one: the parser is only stepped through when such a
    word occurs outside strings and comments."""
    from lark.exceptions import LarkError

    from lopti_rules.language.lark_parser import IndentMismatch, parser, with_final_newline

    text = source.text
    if not any(m.group(1) and _is_candidate(m.group(1)) for m in _CAPITALISED.finditer(text)):
        return False
    terminals = _keyword_terminals()
    interactive: Any = parser().parse_interactive(with_final_newline(text))
    try:
        for token in interactive.iter_parse():
            word = str(token)
            if token.type == "NAME" and _is_candidate(word):
                lower = word.lower()
                if terminals.get(lower) in interactive.accepts():
                    source.report(
                        "LP001",
                        _token_span(text, token),
                        _("expected the keyword `{keyword}`, not the word `{word}`").format(
                            keyword=lower, word=word
                        ),
                        _(_LOWER_CASE).format(keyword=lower, word=word),
                    )
                    return True
    except (LarkError, IndentMismatch):
        return False  # a syntax error comes first: `report` explains it
    return False


# a word with a capital letter outside strings and comments (group 1); strings and comments
# are matched only to be skipped
_CAPITALISED = re.compile(r'"(?:[^"\\\n]|\\.)*"?|#[^\n]*|(?<![\w])([a-z]*[A-Z][A-Za-z]*)(?![\w])')


def _is_candidate(word: str) -> bool:
    lower = word.lower()
    return lower != word and lower in keywords()


@functools.cache
def _keyword_terminals() -> dict[str, str]:
    """Each keyword's terminal name (`player` -> `PLAYER`)."""
    from lopti_rules.language.lark_parser import parser

    return {
        term.pattern.value: term.name
        for term in parser().terminals
        if term.pattern.type == "str" and term.pattern.value.isalpha()
    }


def report_indent_mismatch(source: Source, line: int, column: int) -> None:
    source.report(
        "LP003",
        Span(line, 1, line, max(column, 2)),
        _("this line's indentation matches no enclosing block"),
        _("indent it exactly as far as the line it belongs with"),
    )


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
                _('a backslash in a string must be followed by `"` or `\\`'),
                _('strings know two escapes: `\\"` for a quote and `\\\\` for a backslash'),
            )
            return
        source.report(
            "LP004",
            Span(line, column, line, column + max(len(rest), 1)),
            _("this string is not closed before the end of the line"),
            _('close it with a straight double quote `"` on the same line'),
        )
        return
    glued = _GLUED.match(text, pos)
    if glued is not None:  # `2cards`, `5and`: INT only matches a number that ends its word
        number, word = glued.group(1), glued.group(2)
        source.report(
            "LP001",
            Span(line, column, line, column + len(glued.group())),
            _("`{written}` runs a number into a word: a number stands on its own").format(
                written=glued.group()
            ),
            _("put a space after the number: `{number} {word}`").format(number=number, word=word),
        )
        return
    span = Span(line, column, line, column + 1)
    shown = repr(char) if not char.isprintable() or char.isspace() else f"`{char}`"
    if char in _CURLY_QUOTES:
        hint = _('use straight double quotes `"`, not curly quotes (editors often curl them)')
    elif char == "'":
        hint = _('strings use double quotes: `announce "..."`')
    elif char == "=":
        hint = _("compare with `is`, `==`, `<=` or `>=`; a single `=` means nothing here")
    elif char == "!":
        hint = _("`!=` means 'is not'; `!` alone means nothing here")
    else:
        hint = _("rules use words, numbers, quoted strings and `: ( ) [ ] , < > = !` only")
    source.report("LP002", span, _("unexpected character {shown}").format(shown=shown), hint)


# ---------------------------------------------------------------- LP001 / LP003 from a token


def at_parser_level(exc: Any) -> Any:
    """The same error as the parser sees it. When the contextual lexer finds a token the
    current state cannot lex (`12>` after a number), Lark raises before the parser has made
    its reductions; feeding the token to a copy of the parser raises it in the state where
    the parser itself would stop, so it is classified like any other unexpected token."""
    from lark.exceptions import UnexpectedToken

    if exc.interactive_parser is None or not isinstance(exc, UnexpectedToken):
        return exc
    parser = exc.interactive_parser.copy()
    try:
        parser.feed_token(exc.token)
    except UnexpectedToken as again:
        again.interactive_parser = parser
        return again
    return exc  # pragma: no cover - the token was unexpected, so feeding it fails


def _unexpected_token(source: Source, exc: Any) -> None:
    exc = at_parser_level(exc)
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
            _("unexpected indentation"),
            _("indent a line only under one that ends with `:` (a rule, a hook, if, repeat...)"),
        )
        return
    if "_INDENT" in accepts:
        source.report(
            "LP003",
            span,
            _("expected an indented block after the `:`"),
            _("indent the lines of the block further than the line that ends with `:`"),
        )
        return
    if _english(source, token) or _verb_read_as_a_name(source, token, accepts):
        return
    mistake = _classify(exc, accepts)
    if mistake is not None:
        message, hint = _(mistake.message), _(mistake.hint) if mistake.hint else None
    else:
        message = _("expected {what}").format(what=_expected(accepts))
        hint = _(_GENERIC_HINT)
    message = _("{message}, not {token}").format(message=message, token=_describe(token))
    hint = _keyword_case_hint(source.text, token, accepts) or _near(source, token, accepts) or hint
    source.report("LP001", span, message, hint)


_COMPARISONS = {
    "greater": ">",
    "more": ">",
    "bigger": ">",
    "larger": ">",
    "higher": ">",
    "less": "<",
    "fewer": "<",
    "smaller": "<",
    "lower": "<",
}
_PLAIN_VERBS = {"draw": "draws", "pick": "picks", "give": "gives", "discard": "discards"}
_PLAIN_VERBS |= {"take": "takes", "reveal": "reveals"}


def _english(source: Source, token: Token) -> bool:
    """Slips from plain English that the grammar cannot place: `count is greater than 5`
    (a comparison in words) and `next player must draw 1` (a duty instead of what happens)."""
    text, start = source.text, token.start_pos or 0
    word = str(token).lower()
    if token.type == "NAME" and word == "than":
        before = re.search(r"(?:\bis[ \f]+)?\b(\w+)[ \f]+$", text[:start])
        symbol = _COMPARISONS.get(before.group(1).lower()) if before else None
        if before is not None and symbol is not None:
            written = text[before.start() : token.end_pos]
            source.report(
                "LP001",
                _span_at(text, before.start(), token.end_pos or start),
                _("`{written}` is a comparison in words, which rules write with a symbol").format(
                    written=written
                ),
                _(
                    "write `{symbol}` (or `{symbol}=` to include the number): `count {symbol} 5`"
                ).format(symbol=symbol),
            )
            return True
    if token.type == "NAME" and word in _PLAIN_VERBS:
        before = re.search(r"\bmust[ \f]+$", text[:start])
        if before is not None:
            verb = _PLAIN_VERBS[word]
            source.report(
                "LP001",
                _span_at(text, before.start(), token.end_pos or start),
                _(
                    "`must {word}` says what someone has to do, but a house rule says what happens"
                ).format(word=word),
                _(
                    "a rule only adds to the game: write `{verb}`, as in `next player {verb} 1`"
                ).format(verb=verb),
            )
            return True
    return False


def _span_at(text: str, start: int, end: int) -> Span:
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return Span(line, column, line, column + (end - start))


def _near(source: Source, token: Token, accepts: frozenset[str]) -> str | None:
    """Did you mean a keyword that fits here (`aftr` -> `after`, `discard` -> `discards`)?
    After a word read as a target, a number means that word was the verb (`discard 1`)."""
    shown = _display()
    fitting = [shown[a].strip("`") for a in sorted(accepts) if a in shown]
    fitting = [w for w in fitting if w.isalpha() and f"`{w}`" not in _NOT_SUGGESTED]
    if token.type == "NAME":
        return did_you_mean(str(token), fitting)
    if token.type == "INT":
        before = re.search(r"([^\W\d_]\w*)[ \f]*$", source.text[: token.start_pos or 0])
        verb = nearest(before.group(1), _VERBS) if before else None
        if verb is not None:
            return _("say who, then the verb: `player {verb} {number} ...`").format(
                verb=verb, number=token
            )
    return None


_VERBS = ("draws", "picks", "gives", "discards", "takes", "reveals")
_VERB_HINT = N_(
    "after who comes the verb: draws, picks up the pile, gives, discards, takes, reveals"
)


def _verb_read_as_a_name(source: Source, token: Token, accepts: frozenset[str]) -> bool:
    """`dealr draw 1`, `nobody gets 2 cards`: a name may have several words (`Mary Ann`), so a
    misspelt verb after a name reads as one more word of it and the parser stops only at the
    number. When two or more words stand where a target belongs (a verb would fit, `player`
    no longer would) the last word was most likely meant as the verb: point at it."""
    if not {"NAME", "DRAWS"} <= accepts or "PLAYER" in accepts:
        return False
    text = source.text
    before = re.search(r"([^\W\d_]\w*)[ \f]*$", text[: token.start_pos or 0])
    if before is None:  # pragma: no cover - two words were just read
        return False
    word, pos = before.group(1), before.start(1)
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    source.report(
        "LP001",
        Span(line, column, line, column + len(word)),
        _(
            "expected what the player does, such as `draws 1` or `picks up the pile`, "
            "not the word `{word}`"
        ).format(word=word),
        did_you_mean(word, _VERBS) or _(_VERB_HINT),
    )
    return True


def _classify(exc: Any, accepts: frozenset[str]) -> Mistake | None:
    token: Token = exc.token
    key = (exc.state.position, accepts, token.type, str(token))
    if key not in _MEMO:
        if len(_MEMO) >= _MEMO_SIZE:  # words are unbounded: keep a long-lived process small
            _MEMO.clear()
        _MEMO[key] = _match(exc)
    return _MEMO[key]


_MEMO: dict[tuple[Any, frozenset[str], str, str], Mistake | None] = {}
_MEMO_SIZE = 4096


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

    from lopti_rules.language.lark_parser import IndentMismatch, parse_tree

    def parse_fn(text: str) -> Any:
        try:
            return parse_tree(text)
        except UnexpectedInput as error:
            ut = at_parser_level(error)
            if ut.state is not None:
                ut.state = _State(ut.state.position)
            raise ut from None
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
    """The token found, as it stands after "not" in "expected `:`, not the end of the line":
    the context `not` lets a language give it the case that slot takes (Polish genitive,
    "a nie końca linii")."""
    if token.type == "_NL":
        return pgettext("not", "the end of the line")
    if token.type == "_DEDENT":
        return pgettext("not", "the end of the block")
    if token.type == "$END":
        return pgettext("not", "the end of the file")
    if token.type == "INT":
        return pgettext("not", "the number `{number}`").format(number=token)
    if token.type == "STRING":
        return pgettext("not", "a quoted string")
    if token.type == "NAME":
        return pgettext("not", "the word `{word}`").format(word=token)
    return f"`{token}`"


@functools.cache
def _display() -> dict[str, str]:
    from lopti_rules.language.lark_parser import parser

    shown = dict(_WORDS)
    for term in parser().terminals:
        if term.pattern.type == "str":
            shown[term.name] = f"`{term.pattern.value}`"
    return shown


@functools.cache
def keywords() -> frozenset[str]:
    """Every keyword of the grammar (lower case, whole words)."""
    return frozenset(v.strip("`") for v in _display().values() if v[1:-1].isalpha())


# Forbidden forms parse so the checker can explain them, but a syntax error never suggests one.
_NOT_SUGGESTED = frozenset(
    {
        "`retroactively`",
        "`since`",
        "`skip`",
        "`cancel`",
        "`prevent`",
        "`undo`",
        "`cannot`",
        "`may`",
        "`must`",
        "`while`",
        "`forever`",
        "`end`",
    }
)


def _expected(accepts: frozenset[str]) -> str:
    shown = _display()
    everything = {shown.get(a, a) for a in accepts}
    names_set = everything - _NOT_SUGGESTED
    if "RETROACTIVELY" in accepts:  # `in` here can only start `in previous rounds`
        names_set.discard("`in`")
    names = sorted(names_set or everything, key=lambda s: (not s.startswith("`"), s))
    if len(names) > 8:
        names = [*names[:7], "..."]
    names = [name if name.startswith("`") or name == "..." else _(name) for name in names]
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])


def _keyword_case_hint(text: str, token: Token, accepts: frozenset[str]) -> str | None:
    """`Rule`, `After`, `Clear`: keywords are lower case. Looks at the token and the word before."""
    candidates = [str(token)] if token.type == "NAME" else []
    before = re.search(r"(\w+)[ \f]*$", text[: token.start_pos or 0])
    if before:
        candidates.append(before.group(1))
    for word in candidates:
        if word != word.lower() and word.lower() in keywords():
            return _(_LOWER_CASE).format(keyword=word.lower(), word=word)
    return None


_LOWER_CASE = N_("keywords are lower case: write `{keyword}`, not `{word}`")
