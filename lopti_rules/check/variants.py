"""The table's base variants: hooks that cannot fire at this table (LW601).

Takes one parsed rule file and the base variants of the pack it is checked with
(`lopti check --with PACK`). The `skip` and `reverse` events happen only with their variant
in force (docs/variants.md: a reverse also skips at two players), so a hook on one of them
at a table without its variant is reported: the rule would never fire there. Reads the
pack's `base:` as the pack model gives it (names, no engine import).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lopti_rules.language import ast

if TYPE_CHECKING:
    from lopti_rules.diagnostics.source import Source
    from lopti_rules.packs.pack import BaseVariants


def check_variants(source: Source, tree: ast.File, base: BaseVariants) -> None:
    """LW601 at each hook on `skip` or `reverse` that this table's variants never emit."""
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
                f"the hook can never fire: this table plays no `{name}` variant, so no "
                f"`{name}` event happens (docs/variants.md)",
                f"the table can vote one in: `lopti session vote base {name} --value RANK`",
            )
