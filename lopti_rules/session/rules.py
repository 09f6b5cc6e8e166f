"""Custom rules inside a session: what a rule says, and whether the checker accepts it.

Takes: a rule's text and the rules it will be in force with. Produces: its title, its
*meaning* (the tree of its hooks with layout, comments, notes and the title left out) and
the checker's diagnostics. Guarantees: a proposed rule is checked together with the rules in
force and the session's roster (loops across rules and duplicate titles included, the same
way `lopti check --with PACK` checks a proposed rule), and only the proposed rule's own
diagnostics are reported.

What counts as a *substantial* rewrite (R5, V6): any change to the meaning, i.e. to a hook's
timing, event, condition or actions, or adding or removing a hook. Changing the title, the
notes, comments, line breaks, indentation or spelling of the same words is rewording.
"""

from __future__ import annotations

from collections.abc import Sequence

from lopti_rules.api import check_sources
from lopti_rules.diagnostics.source import Diagnostic, Source
from lopti_rules.engine.variants import Variants
from lopti_rules.i18n import _, ngettext
from lopti_rules.language import ast
from lopti_rules.language.parse import parse


class Refused(ValueError):
    """A step the rulebook forbids: one sentence, and the clause that forbids it."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(f"{message} ({clause})")
        self.clause = clause


class RuleRejected(Refused):
    """The checker rejects a proposed rule; `diagnostics` holds every problem in it."""

    def __init__(self, diagnostics: Sequence[Diagnostic], source: Source) -> None:
        self.diagnostics = list(diagnostics)
        self.source = source
        errors = [d for d in diagnostics if d.is_error]
        first = errors[0]
        where = f"{first.file}:{first.span.line}:{first.span.column}: {first.code} {first.message}"
        said = (
            ngettext(
                "the checker rejects this rule: {first} and {n} more",
                "the checker rejects this rule: {first} and {n} more",
                len(errors) - 1,
            )
            if len(errors) > 1
            else _("the checker rejects this rule: {first}")
        )
        super().__init__(said.format(first=where, n=len(errors) - 1), "R2-R4")


def parsed(text: str, path: str = "<rule>") -> tuple[Source, ast.File | None]:
    source = Source(text, path)
    return source, parse(source)


def titles(text: str) -> list[str]:
    """The titles of the rules in `text` (empty if it does not parse)."""
    _, tree = parsed(text)
    return [rule.title.value for rule in tree.rules] if tree is not None else []


def meaning(text: str) -> tuple[object, ...] | None:
    """What the rule does, without its layout, comments, notes or title (None: no parse)."""
    _, tree = parsed(text)
    if tree is None:
        return None
    return tuple(tuple(ast.strip_spans(hook) for hook in rule.hooks) for rule in tree.rules)


def check_rule(
    text: str,
    path: str,
    in_force: Sequence[tuple[str, str]],
    roster: Sequence[str],
    variants: Variants | None = None,
) -> tuple[str, list[Diagnostic]]:
    """Check one proposed rule (`text`, read from `path`) with the rules in force, given as
    (title, text), at a table with the base `variants` in force (its trial rounds are played
    with them). Returns its title and its warnings; raises `RuleRejected` (the checker's
    errors) or `Refused` when the text is not exactly one rule (R0)."""
    source = Source(text, path)
    others = [Source(body, f"<in force: {title}>") for title, body in in_force]
    roster = list(roster)
    diagnostics = check_sources([*others, source], roster=roster, trial=True, variants=variants)
    own = [d for d in diagnostics if d.file == path]
    if any(d.is_error for d in own):
        raise RuleRejected(own, source)
    names = titles(text)
    if len(names) != 1:
        raise Refused(
            ngettext(
                "{path} holds {n} rule: a winner makes one rule",
                "{path} holds {n} rules: a winner makes one rule",
                len(names),
            ).format(path=path, n=len(names)),
            "R0",
        )
    return names[0], own
