"""Lark's parser over the shipped grammar, and the line reading every syntax stage shares.

The grammar (`grammar/lopti.lark`, shipped in the package) is built once per process: LALR with
the contextual lexer and Lark's indenter, cached by Lark in the user's cache directory (or not
at all when that is not writable). `build_parser(strict=True)` is what the tests use to prove
the grammar has no conflict or terminal collision. `parse.py` (the syntax stage) and
`syntax_report.py` (its error messages) both read the parser from here, and the catalogue
reads the language's keywords off its terminals (`keywords`).
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lopti_rules.language.resources import grammar_path

if TYPE_CHECKING:
    from lark import Lark, Token, Tree


class IndentMismatch(Exception):
    """A line dedents to a column that matches no enclosing block."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"indentation mismatch at {line}:{column}")
        self.line = line
        self.column = column


def _indenter() -> Any:
    from lark.indenter import Indenter

    class LoptiIndenter(Indenter):
        """Lark's indenter, with NAME lexed in every state (whole-word keywords) and a
        positioned error for a dedent that matches no outer block."""

        NL_type = "_NL"
        OPEN_PAREN_types: list[str] = []  # noqa: RUF012 (Lark's interface)
        CLOSE_PAREN_types: list[str] = []  # noqa: RUF012
        INDENT_type = "_INDENT"
        DEDENT_type = "_DEDENT"
        tab_len = 8

        always_accept = ("_NL", "NAME")

        def handle_NL(self, token: Token) -> Iterator[Token]:
            from lark import Token

            yield token
            # an _NL without a line break (a comment closing a text given without its final
            # newline, as an editor's half-typed buffer may be) indents nothing
            indent_str = token.rsplit("\n", 1)[1] if "\n" in token else ""
            indent = len(indent_str)
            if indent > self.indent_level[-1]:
                self.indent_level.append(indent)
                yield Token.new_borrow_pos(self.INDENT_type, indent_str, token)
                return
            while indent < self.indent_level[-1]:
                self.indent_level.pop()
                yield Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
            if indent != self.indent_level[-1]:
                raise IndentMismatch(token.end_line or 1, token.end_column or 1)

    return LoptiIndenter()


def _cache_file() -> str | bool:
    """A cache path in the user's cache directory, or False when none is writable."""
    import lark

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    folder = os.path.join(base, "lopti-rules")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    if not os.access(folder, os.W_OK):
        return False
    major, minor = sys.version_info[:2]
    return os.path.join(folder, f"grammar-lark{lark.__version__}-py{major}{minor}.cache")


def build_parser(*, strict: bool = False, cache: bool = True, debug: bool = False) -> Lark:
    """Build the Lark parser from the shipped grammar (Lark checks the cache's hash).
    `strict` (which needs `interegular`) refuses any conflict or terminal collision; `debug`
    makes Lark log each conflict as a warning instead of resolving it silently."""
    from lark import Lark

    return Lark.open(
        str(grammar_path()),
        parser="lalr",
        lexer="contextual",
        postlex=_indenter(),
        propagate_positions=True,
        maybe_placeholders=True,
        strict=strict,
        debug=debug,
        cache=_cache_file() if cache and not (strict or debug) else False,
    )


class _PerThread(threading.local):
    lark: Lark | None = None


_parsers = _PerThread()


def parser() -> Lark:
    """The calling thread's parser, built (or loaded from the cache) on its first use there.
    One per thread because Lark's indenter keeps its state on the parser while it parses:
    the language server checks in a background thread while it answers requests, which
    parse too (`lsp/server.py`)."""
    lark = _parsers.lark
    if lark is None:
        lark = _parsers.lark = build_parser()
    return lark


@functools.cache
def keywords() -> frozenset[str]:
    """The grammar's keywords: every word its rules write as a string literal (`"draws"`,
    `"random"`), read off the parser's terminals, so no list is kept by hand."""
    from lark.lexer import PatternStr

    return frozenset(
        t.pattern.value
        for t in parser().terminals
        if isinstance(t.pattern, PatternStr) and t.pattern.value.isalpha()
    )


def with_final_newline(text: str) -> str:
    """The text as the parser reads it: with a final newline, so the last line ends like
    every other."""
    return text if text.endswith("\n") else text + "\n"


def parse_tree(text: str) -> Tree[Token]:
    """Lark's tree for `text`; raises Lark's errors or `IndentMismatch`."""
    return parser().parse(with_final_newline(text))


def code_part(line: str) -> str:
    """The line up to its `# comment`, with string contents blanked (so a `#` or tab in a
    string does not count): as long as the line, or up to the comment's `#`."""
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
