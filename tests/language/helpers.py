"""Small helpers for the front-end tests: parse text, wrap a hook in a rule."""

from __future__ import annotations

from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.language import ast
from lopti_rules.language.parse import parse

# LANGUAGE.md's example files (also the checker's spec tests): §2's tens_tax.lopti, and §5's
# examples the checker accepts
SPEC_FILE = """\
# tens_tax.lopti
rule "Tens tax":
    after clear when cause is ten:
        each other player draws 1
        announce "The ten was taxed."

rule "Low gift":
    after play when rank is 7 and cards of player > 3:
        player gives 1 card to next player
"""

SPEC_ACCEPTED = """\
rule "Tens tax":
    after clear when cause is ten: each other player draws 1
rule "Roshambo for the pile":
    after pickup when count >= 8:
        roshambo player vs next player:
            loser draws 1
rule "Comeback":
    after clear when cause is four_of_a_kind:
        if cards of player > 10: shuffle the removed cards into the deck
rule "Lean hands":
    before turn when deck is 0:
        each player where hand > 6 gives 1 card to the player with the fewest cards
"""


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
