"""The table's base variants: hooks that cannot fire at this table (LW601).

Takes one parsed rule file and the base variants of the pack it is checked with
(`lopti check --with PACK`). The `skip` and `reverse` events happen only with their variant
in force (docs/variants.md: a reverse also skips at two players), so a hook on one of them
at a table without its variant is reported: the rule would never fire there. So is a clear
hook's `cause is ten` (`threes`, `sevens`) at a table where no rank clears (passes, forces
low): `clear: none` (`pass_on: none`, `low: none`). Reads the
pack's `base:` as the pack model gives it (names, no engine import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lopti_rules.i18n import _
from lopti_rules.language import ast

if TYPE_CHECKING:
    from lopti_rules.diagnostics.source import Source
    from lopti_rules.packs.pack import BaseVariants


# a clear's cause whose rank a variant can take away (`clear: none`, ...): it never happens
_CAUSE_RANK = {"ten": "clear", "threes": "pass_on", "sevens": "low"}


def check_variants(source: Source, tree: ast.File, base: BaseVariants) -> None:
    """LW601 at each hook on `skip` or `reverse` that this table's variants never emit, and
    at each `clear when cause is X` whose cause the variants took away (`clear: none`)."""
    _causes(source, tree, base)
    happens = {
        "skip": base.skip is not None or base.reverse is not None,
        "reverse": base.reverse is not None,
    }
    for rule in tree.rules:
        for hook in rule.hooks:
            name = hook.event.name.lower()
            if happens.get(name, True):
                continue
            source.report(
                "LW601",
                hook.event.span,
                _(
                    "the hook can never fire: this table plays no `{name}` variant, so no "
                    "`{name}` event happens (docs/variants.md)"
                ).format(name=name),
                _(
                    "the table can vote one in: `lopti session vote base {name} --value RANK`"
                ).format(name=name),
            )


def _causes(source: Source, tree: ast.File, base: BaseVariants) -> None:
    """LW601 at a clear hook's `cause is X` (a conjunct of its `when`) that cannot happen at
    this table: no rank has the role that causes X (docs/variants.md VX2-VX4)."""
    for rule in tree.rules:
        for hook in rule.hooks:
            if hook.event.name.lower() != "clear" or hook.cond is None:
                continue
            for cond in _conjuncts(hook.cond):
                cause = _cause_is(cond)
                role = _CAUSE_RANK.get(cause or "")
                if role is None or getattr(base, role) is not None:
                    continue
                source.report(
                    "LW601",
                    cond.span,
                    _(
                        "the condition can never hold: this table plays `{role}: none`, so no "
                        "clear has the cause `{cause}` (docs/variants.md)"
                    ).format(role=role, cause=cause),
                    _(
                        "the table can vote a rank in: `lopti session vote base {role} --value "
                        "RANK`"
                    ).format(role=role),
                )


def _conjuncts(cond: ast.Cond) -> list[ast.Cond]:
    if isinstance(cond, ast.And):
        return [*_conjuncts(cond.left), *_conjuncts(cond.right)]
    return [cond]


def _cause_is(cond: ast.Cond) -> str | None:
    """X for `cause is X` / `cause == X` (now, not a retro reading), else None."""
    if (
        isinstance(cond, ast.Compare)
        and cond.op in ("is", "==")
        and cond.retro is None
        and isinstance(cond.left, ast.Ident)
        and cond.left.name == "cause"
        and isinstance(cond.right, ast.Ident)
    ):
        return cond.right.name.lower()
    return None
