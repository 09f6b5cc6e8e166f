"""The syntax stage: a rule file's text in, an `ast.File` (or LP diagnostics) out.

Takes: a `Source`. Produces: `parse(source) -> ast.File | None`; on any syntax problem it
appends exactly one LP diagnostic to `source.diagnostics` (the first error, reported precisely,
never a cascade) and returns None. Guarantees: it never raises on any text; it never recurses
deeper than the limits below allow, and it runs in time linear in the text (with Python's
cyclic garbage collector paused while it builds the tree: `collector_paused`).

The grammar and Lark's parser over it live in `lark_parser.py` (re-exported here); the
syntax report (`syntax_report.py`) reads the same parser, so neither imports the other.

Limits (documented in docs/language.md), each reported as LP005:
- a file of more than `MAX_FILE_CHARS` characters;
- a line of more than `MAX_LINE_CHARS` characters;
- nesting more than `MAX_DEPTH` levels deep in the parse tree (each block, each `and`, `or`,
  `not`, each target or field inside a condition counts a level).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import TYPE_CHECKING

from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.i18n import _, grouped
from lopti_rules.language import ast
from lopti_rules.language.lark_parser import (
    IndentMismatch,
    build_parser,
    code_part,
    parse_tree,
    parser,
    with_final_newline,
)

if TYPE_CHECKING:
    from lark import Token, Tree

__all__ = [
    "IndentMismatch",
    "build_parser",
    "code_part",
    "parse",
    "parse_tree",
    "parser",
    "scan_comments",
    "with_final_newline",
]

MAX_FILE_CHARS = 1_000_000
MAX_LINE_CHARS = 1_000
MAX_DEPTH = 100


def parse(source: Source) -> ast.File | None:
    """Parse one rule file; on a syntax error report it (one LP diagnostic) and return None."""
    from lark.exceptions import UnexpectedInput

    from lopti_rules.language import syntax_report
    from lopti_rules.language.transform import to_ast

    text = source.text
    if (
        _over_limits(source)
        or syntax_report.report_tabs(source)
        or syntax_report.report_capitalised_keyword(source)
    ):
        return None
    with collector_paused():
        try:
            tree = parse_tree(text)
        except IndentMismatch as exc:
            syntax_report.report_indent_mismatch(source, exc.line, exc.column)
            return None
        except UnexpectedInput as exc:
            syntax_report.report(source, exc)
            return None
        if _too_deep(source, tree):
            return None
        file = to_ast(tree)
    comments = scan_comments(text)
    return ast.File(file.rules, file.span, comments) if comments else file


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while the block runs, then as it was.

    A parse allocates a tree of many small objects that stay alive until it ends, and each
    collection the allocations set off walks every one of them built so far: that made
    parsing superlinear (CPU time per rule half again as high for an 8,000-rule file as for
    a 1,000-rule one; flat with the collector paused, `benchmarks/bench_check.py --files`).
    Nothing is lost: what becomes garbage meanwhile is collected after. Safe with several
    threads parsing: the one that paused it first turns it back on."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _over_limits(source: Source) -> bool:
    text = source.text
    if len(text) > MAX_FILE_CHARS:
        source.report(
            "LP005",
            Span.point(1, 1),
            _("the file is {size} characters long; the limit is {limit}").format(
                size=grouped(len(text)), limit=grouped(MAX_FILE_CHARS)
            ),
            _("split the rules over several files"),
        )
        return True
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE_CHARS:
            source.report(
                "LP005",
                Span(number, MAX_LINE_CHARS + 1, number, len(line) + 1),
                _("line {line} is {size} characters long; the limit is {limit}").format(
                    line=number, size=grouped(len(line)), limit=grouped(MAX_LINE_CHARS)
                ),
                _("break the hook into an indented block with one action per line"),
            )
            return True
    return False


def _too_deep(source: Source, tree: Tree[Token]) -> bool:
    """Measure the tree's depth without recursion; report LP005 past `MAX_DEPTH`."""
    from lark import Tree

    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            meta = node.meta
            span = Span(meta.line, meta.column, meta.end_line, meta.end_column)
            source.report(
                "LP005",
                span,
                _("this is nested more than {depth} levels deep").format(depth=MAX_DEPTH),
                _("split the condition or the blocks into simpler hooks"),
            )
            return True
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))
    return False


def scan_comments(text: str) -> tuple[ast.Comment, ...]:
    """Every `# comment` outside a string, in order (strings never span lines)."""
    found: list[ast.Comment] = []
    for number, line in enumerate(text.split("\n"), start=1):
        index = len(code_part(line))
        if index < len(line):
            body = line[index:].rstrip()
            found.append(ast.Comment(body, Span(number, index + 1, number, index + 1 + len(body))))
    return tuple(found)
