"""Small helpers for the front-end tests: parse text, wrap a hook in a rule."""

from __future__ import annotations

from lopti_rules import ast
from lopti_rules.parse import parse
from lopti_rules.source import Diagnostic, Source


def in_rule(hook: str) -> str:
    """A one-rule file holding `hook` (which may span indented lines)."""
    return 'rule "r":\n    ' + hook.replace("\n", "\n    ") + "\n"


def parse_ok(text: str) -> ast.File:
    source = Source(text, "t.lopti")
    tree = parse(source)
    assert tree is not None, [(d.code, d.span, d.message) for d in source.diagnostics]
    assert source.diagnostics == []
    return tree


def parse_error(text: str) -> Diagnostic:
    source = Source(text, "t.lopti")
    assert parse(source) is None
    assert len(source.diagnostics) == 1, source.diagnostics
    return source.diagnostics[0]


def only_action(text: str) -> ast.Action:
    """The single action of a one-hook file."""
    tree = parse_ok(text)
    (hook,) = tree.rules[0].hooks
    (action,) = hook.actions
    return action
