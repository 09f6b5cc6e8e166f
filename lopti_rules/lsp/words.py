"""What the cursor is on: the words before it in its rule, and what the grammar accepts next.

Takes a document's text (a rule file, or a pack whose inline rules are indented blocks)
and a 1-based (line, code-point column). Produces a `Spot`: the
word being typed, the words of the rule before it (comments left out), the event of the
hook it is in, and the keywords the grammar accepts there. The keywords come from Lark's
interactive parser over the rule's text up to the cursor, so a construct added to
`grammar/lopti.lark` is offered without any change here; when the rule does not parse up
to the cursor (a mistake earlier in it), there are no keywords and completion falls back
on the words alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lopti_rules.language.parse import code_part

_WORD = re.compile(r"[^\W\d]\w*|\d+|==|!=|<=|>=|[<>\[\],()]")
_HOOK = re.compile(r"^\s*(?:before|after|instead\s+of)\s+(\w+)")
_RULE = re.compile(r"^([ \t]*)rule\b")


@dataclass(frozen=True, slots=True)
class Spot:
    prefix: str  # the part of the word before the cursor
    words: tuple[str, ...]  # the words of the rule before that word
    event: str | None  # the event of the hook the cursor is in
    keywords: frozenset[str]  # what the grammar accepts next ({} when unknown)

    @property
    def last(self) -> str:
        return self.words[-1] if self.words else ""

    def before(self, n: int) -> str:
        """The word n places before the cursor (1: the last one), or ''."""
        return self.words[-n] if len(self.words) >= n else ""


def word_at(line: str, column: int) -> tuple[str, int, int]:
    """The word around a 1-based column: (word, start, end) with 1-based columns, end
    exclusive; ('', column, column) when the cursor touches no word."""
    for found in re.finditer(r"\w+", line):
        if found.start() < column <= found.end() + 1:
            return found.group(), found.start() + 1, found.end() + 1
    return "", column, column


def spot(text: str, line: int, column: int) -> Spot:
    lines = text.splitlines() or [""]
    row = min(max(line, 1), len(lines))
    here = lines[row - 1][: column - 1] if line <= len(lines) else ""
    prefix_match = re.search(r"\w*$", here)
    prefix = prefix_match.group() if prefix_match else ""
    start = row
    while start > 1 and not _RULE.match(lines[start - 1]):
        start -= 1
    # a pack's inline rule is indented in its YAML block: read it as its own text
    found = _RULE.match(lines[start - 1])
    indent = len(found.group(1)) if found else 0
    event = None
    for number in range(row, start - 1, -1):
        hook = _HOOK.match(lines[number - 1] if number != row else here)
        if hook and (number != row or hook.end() < len(here) - len(prefix)):
            event = hook.group(1)
            break
    head = [*lines[start - 1 : row - 1], here[: len(here) - len(prefix)]]
    words = tuple(w for part in head for w in _WORD.findall(_without_strings(code_part(part))))
    return Spot(prefix, words, event, _accepted("\n".join(line[indent:] for line in head)))


def _without_strings(line: str) -> str:
    return re.sub(r'"(?:[^"\\]|\\.)*"?', " ", line)


def _accepted(text: str) -> frozenset[str]:
    """The keywords (and `NAME`, `INT`, `STRING`) the grammar accepts after `text`."""
    from lark.exceptions import LarkError
    from lark.lexer import PatternStr

    from lopti_rules.language.parse import IndentMismatch, parser

    lark = parser()
    interactive = lark.parse_interactive(text)
    indented = text.rsplit("\n", 1)[-1] != ""
    try:
        for token in interactive.iter_parse():
            # the indenter closes every open block at the end of the text: those dedents
            # are empty, and inside a rule (whose other lines are all indented) a dedent
            # the user wrote carries the indentation it returns to
            if token.type == "_DEDENT" and token.value == "" and indented:
                break
    except (LarkError, IndentMismatch):
        return frozenset()
    found: set[str] = set()
    for name in interactive.accepts():  # type: ignore[no-untyped-call]
        if name in ("NAME", "INT", "STRING"):
            found.add(name)
            continue
        if name.startswith(("_", "$")):
            continue
        pattern = lark.get_terminal(name).pattern
        if isinstance(pattern, PatternStr):
            found.add(pattern.value)
    return frozenset(found)
