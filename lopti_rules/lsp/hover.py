"""Hover: what the word under the cursor means, and the page of a diagnostic's code.

Takes the document's text, a 1-based position and the diagnostics there. Produces Markdown:
for each diagnostic under the cursor its message and hint, then its code's page
(`docs/codes/CODE.md`, what `lopti explain CODE` prints); for the word, what the catalogue
says of it: an event (when it happens, who `player` is, its fields), a field (its type, whose
it is), a symbol (the fields that hold it), a role, or a keyword that begins a statement (the
action or block, with its shape as the grammar has it).
"""

from __future__ import annotations

import re

from lopti_rules.diagnostics.source import Diagnostic
from lopti_rules.i18n import _
from lopti_rules.language import catalog
from lopti_rules.language.resources import code_page_path
from lopti_rules.lsp.complete import fields_in_scope
from lopti_rules.lsp.words import spot, word_at


def hover_text(text: str, line: int, column: int, diagnostics: list[Diagnostic]) -> str | None:
    parts = [_diagnostic(d) for d in diagnostics if _covers(d, line, column)]
    lines = text.splitlines()
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    word, start, end = word_at(row, column)
    if word:
        meaning = explain(word, row, start, end, spot(text, line, start).event)
        if meaning:
            parts.insert(0, meaning)
    return "\n\n---\n\n".join(parts) if parts else None


def _covers(d: Diagnostic, line: int, column: int) -> bool:
    span = d.span
    return (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)


def _diagnostic(d: Diagnostic) -> str:
    head = f"**{d.code}** {d.message}"
    if d.hint:
        head += "\n\n" + _("hint: {hint}").format(hint=d.hint)
    page = code_page_path(d.code)
    try:
        return head + "\n\n" + page.read_text(encoding="utf-8")
    except OSError:
        return head


def explain(word: str, line: str, start: int, end: int, event: str | None) -> str | None:
    """What the catalogue (or the grammar) says about `word` at columns start..end."""
    before = line[: start - 1].split()
    after = line[end - 1 :].split()
    if before and before[-1] in ("before", "after", "of") and word in catalog.EVENTS:
        return _event(word)
    if after[:1] == ["of"] and word in catalog.PLAYER_FIELDS:
        return f"**field** `{word} of PLAYER`: {catalog.PLAYER_FIELDS[word].describe()}, a player's"
    scope = fields_in_scope(event)
    if word in scope:
        own = event is not None and word in catalog.EVENTS[event].fields
        whose = f"a field of the `{event}` event" if own else "a field of the table"
        return f"**field** `{word}`: {scope[word].describe()}; {whose}"
    if word in catalog.SYMBOL_FIELDS:
        fields = ", ".join(f"`{f}`" for f in catalog.SYMBOL_FIELDS[word])
        return f"**value** `{word}`: a value of {fields}"
    role = _role(line, start, end)
    if role is not None:
        who = ""
        if role == "player" and event in catalog.EVENTS:
            who = f"; in a hook on `{event}` that is {catalog.EVENTS[event].actor}"
        return f"**role** `{role}`: whoever holds it when the rule runs (R4){who}"
    if word in catalog.EVENTS:
        return _event(word)
    return _keyword(word)


def _event(name: str) -> str:
    e = catalog.EVENTS[name]
    fields = ", ".join(f"`{f}` ({t.describe()})" for f, t in e.fields.items()) or "none"
    if not e.hookable:
        return f"**event** `{name}`: {e.happens}; a session procedure, not hookable"
    return f"**event** `{name}`: {e.happens}.\n\n`player` is {e.actor}. Fields: {fields}."


def _role(line: str, start: int, end: int) -> str | None:
    for role in sorted(catalog.ROLE_WORDS, key=len, reverse=True):
        for found in re.finditer(rf"\b{re.escape(role)}\b", line):
            if found.start() < end - 1 and start - 1 < found.end():
                return role
    return None


def _keyword(word: str) -> str | None:
    """The statement a keyword begins (an action such as `draws`, a block such as `repeat`),
    with its shape as the grammar has it; None for any other word."""
    from lark.grammar import NonTerminal, Terminal
    from lark.lexer import PatternStr

    from lopti_rules.language.parse import parser

    lark = parser()
    names = {
        t.name
        for t in lark.terminals
        if isinstance(t.pattern, PatternStr) and t.pattern.value == word
    }
    # the statements are the alternatives of the grammar's `_simple` and `_compound`
    statements = {
        str(rule.expansion[0].name): rule.origin.name == "_simple"
        for rule in lark.rules
        if rule.origin.name in ("_simple", "_compound") and len(rule.expansion) == 1
    }
    shapes: dict[str, list[str]] = {}
    for rule in lark.rules:
        origin = str(rule.origin.name)
        symbols = rule.expansion
        if origin not in statements or not names:
            continue
        if not any(isinstance(s, Terminal) and s.name in names for s in symbols[:2]):
            continue
        shape = []
        for s in symbols:
            if isinstance(s, Terminal):
                pattern = lark.get_terminal(s.name).pattern
                shape.append(pattern.value if isinstance(pattern, PatternStr) else s.name)
            elif isinstance(s, NonTerminal):
                shape.append(str(s.name).lstrip("_").upper())
        shapes.setdefault(origin, shape)  # the first way of writing it, with its options
    if not shapes:
        return None
    return " or ".join(
        f"**{'action' if statements[origin] else 'block'}** `{origin.rstrip('_')}`: "
        f"`{' '.join(shape)}`"
        for origin, shape in shapes.items()
    )
