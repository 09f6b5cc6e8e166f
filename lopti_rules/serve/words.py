"""A rule in plain words, for the page where a winner writes their rule.

Takes: a rule's text that parses. Produces: one sentence per hook, e.g. `Tens tax: after the
pile leaves (when cause is ten), each other player draws 1, then announce "The ten was
taxed."` - the moment in the words of the event catalogue (`language.catalog`), then the
condition and the actions as written. Guarantees: it only reads the parsed tree and the
text's own slices; nothing is evaluated. Text that does not parse gets no words.
"""

from __future__ import annotations

from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.language import ast, catalog
from lopti_rules.language.parse import parse

_TIMING = {"before": "Just before", "after": "After", "instead of": "Instead of the moment when"}


def _slice(lines: list[str], span: Span) -> str:
    """The text a span covers, on one line (continuation lines joined by spaces)."""
    if span.line < 1 or span.line > len(lines):
        return ""
    if span.line == span.end_line:
        return lines[span.line - 1][span.column - 1 : span.end_column - 1].strip()
    parts = [lines[span.line - 1][span.column - 1 :]]
    parts += lines[span.line : span.end_line - 1]
    if span.end_line <= len(lines):
        parts.append(lines[span.end_line - 1][: span.end_column - 1])
    return " ".join(p.strip() for p in parts if p.strip())


def _moment(hook: ast.Hook) -> str:
    event = catalog.EVENTS.get(hook.event.name)
    happens = event.happens if event is not None else hook.event.name
    if hook.event.name in ("round", "turn"):  # "a round starts (before) or ends (after)"
        word = "starts" if hook.timing == "before" else "ends"
        return f"{_TIMING[hook.timing]} a {hook.event.name} {word}"
    return f"{_TIMING[hook.timing]} {happens}"


def describe(text: str) -> list[str]:
    """The rule(s) in `text` in plain words, one line per hook (empty: it does not parse)."""
    source = Source(text, "<words>")
    tree = parse(source)
    if tree is None:
        return []
    lines = text.split("\n")
    told: list[str] = []
    for rule in tree.rules:
        notes = [item.text.value for item in rule.items if isinstance(item, ast.Note)]
        for hook in rule.hooks:
            when = f" (when {_slice(lines, hook.cond.span)})" if hook.cond is not None else ""
            actions = [_slice(lines, action.span) for action in hook.actions]
            body = ", then ".join(a for a in actions if a) or "nothing happens"
            end = "" if body.endswith((".", '."', '!"', '?"')) else "."
            told.append(f"{rule.title.value}: {_moment(hook)}{when}, {body}{end}")
        told.extend(f"{rule.title.value} (note): {note}" for note in notes)
    return told
