"""Pass 5: whole rules: LW602 (a rule that changes nothing) and LR505 (duplicate titles).

Takes a rule (LW602) or every unit checked together (LR505); reports into the `Source`s.

- LW602: every action of the rule only announces something or shows cards (`announce`,
  `reveals their hand`), possibly inside `if`, `repeat` or `roshambo` blocks, or the rule has
  no hook at all. Such a rule is allowed but plays no part in the game.
- LR505: two rules with the same title (ignoring case and repeated spaces) in one file or
  pack, or in a proposed rule and the rules in force; reported at the later title, naming
  where the first one is (or, when both come from the same file, that the rule is already in
  force).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from lopti_rules.check.sites import leaf_actions
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.i18n import _
from lopti_rules.language import ast

_SILENT = (ast.Announce, ast.Reveal)


def check_rule(source: Source, rule: ast.Rule) -> None:
    leaves = [a for hook in rule.hooks for a in leaf_actions(hook.actions)]
    if all(isinstance(a, _SILENT) for a in leaves):
        if leaves:
            message = _(
                "rule `{title}` changes nothing in the game: it only announces or shows cards"
            )
            hint = _("add an action that changes the game, such as `next player draws 1`")
        else:
            message = _("rule `{title}` changes nothing in the game: it has no hook")
            hint = _("add a hook such as `after clear: next player draws 1`")
        source.report("LW602", rule.title.span, message.format(title=rule.title.value), hint)


def _normal(title: str) -> str:
    return " ".join(title.casefold().split())


def _where(first: Source, span: Span, here: Source) -> str:
    line = first.outer(span).line
    return _("line {line}").format(line=line) if first is here else f"{first.path}:{line}"


def duplicate_titles(units: Sequence[tuple[Source, ast.File]]) -> None:
    seen: dict[str, tuple[Source, ast.Rule]] = {}
    for source, tree in units:
        for rule in tree.rules:
            key = _normal(rule.title.value)
            if key not in seen:
                seen[key] = (source, rule)
                continue
            first_source, first = seen[key]
            where = _where(first_source, first.title.span, source)
            if _same_file(first_source, source):
                source.report(
                    "LR505",
                    rule.title.span,
                    _(
                        "rule `{title}` is already in force: this file is among the rules it is "
                        "checked with ({where})"
                    ).format(title=rule.title.value, where=where),
                    _("there is nothing to add; to change the rule, propose the changed text"),
                )
                continue
            source.report(
                "LR505",
                rule.title.span,
                _("duplicate rule title `{title}`: the same title is at {where}").format(
                    title=rule.title.value, where=where
                ),
                _("give each rule its own title"),
            )


def _same_file(first: Source, here: Source) -> bool:
    """Two units read from one file (a proposed rule that is among the rules in force)."""
    if first is here or first.path.startswith("<") or here.path.startswith("<"):
        return False
    return os.path.realpath(first.path) == os.path.realpath(here.path)
