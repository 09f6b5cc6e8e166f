"""Quick fixes: the edit a diagnostic's "did you mean" hint asks for.

Takes a diagnostic and the text it was found in; produces the replacement for its span, or
None when the hint suggests nothing that can be written in (`hook another event`). A hint
`did you mean `X`?` (in the language in use: hints are translated) replaces the span with X,
less any words X shares with the text just before the span (the hint `did you mean `cause is
ten`?` on the `10` of `cause is 10` replaces only `10`). The hint `did you mean `or`...` of an
impossible conjunction (LW601) turns the `and`s inside the span into `or`s. Plain text, no
checking: the diagnostics that come back after the edit say whether it helped. A span that
ends inside a word (a pack's YAML problems point at one character, the start of the key) is
widened to the whole word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lopti_rules.diagnostics.source import Diagnostic, Span
from lopti_rules.i18n import _


def _meant() -> re.Pattern[str]:
    """`did you mean `X`?` as the language in use says it (the hints are translated)."""
    head, _name, tail = _("did you mean {name}?").partition("{name}")
    return re.compile(re.escape(head) + r"`([^`]+)`" + re.escape(tail))


@dataclass(frozen=True, slots=True)
class Fix:
    """Write `text` over `span` (1-based code points, end exclusive)."""

    span: Span
    text: str


def span_text(text: str, span: Span) -> str:
    """The text a single-line span covers ('' for a span over several lines)."""
    lines = text.splitlines()
    if span.line != span.end_line or not 0 < span.line <= len(lines):
        return ""
    return lines[span.line - 1][span.column - 1 : span.end_column - 1]


def whole_words(text: str, span: Span) -> Span:
    """The span, its end moved to the end of the word it stops inside (on one line)."""
    lines = text.splitlines()
    if span.line != span.end_line or not 0 < span.line <= len(lines):
        return span
    line = lines[span.line - 1]
    end = span.end_column - 1  # index of the first character after the span
    if 0 < end < len(line) and (line[end - 1].isalnum() or line[end - 1] == "_"):
        rest = re.match(r"\w*", line[end:])
        end += len(rest.group()) if rest else 0
    return Span(span.line, span.column, span.end_line, end + 1)


def fix(diagnostic: Diagnostic, text: str) -> Fix | None:
    """The quick fix a diagnostic's hint asks for, or None when it offers nothing to write."""
    span = whole_words(text, diagnostic.span)
    found = replacement(
        Diagnostic(diagnostic.code, diagnostic.severity, span, "", diagnostic.hint), text
    )
    return None if found is None else Fix(span, found)


def replacement(diagnostic: Diagnostic, text: str) -> str | None:
    """What to write over the diagnostic's span, or None when its hint offers nothing."""
    hint = diagnostic.hint or ""
    span = diagnostic.span
    covered = span_text(text, span)
    if not covered:
        return None
    if hint == _("did you mean `or`, or a different field?"):
        swapped = re.sub(r"\band\b", "or", covered)
        return swapped if swapped != covered else None
    found = _meant().search(hint)
    if found is None:
        return None
    meant = found.group(1)
    before = text.splitlines()[span.line - 1][: span.column - 1].rstrip()
    words = meant.split(" ")
    # drop the longest run of leading words that the text already has before the span
    for cut in range(len(words) - 1, 0, -1):
        if before.endswith(" ".join(words[:cut])):
            meant = " ".join(words[cut:])
            break
    return meant if meant != covered else None
