"""Pass: a hook's work is small and static (R3, LANGUAGE.md "bounded time"): LR208.

Takes one hook; reports into its `Source`. A hook's *work* is an upper bound of the actions
one firing of it can run, counted by `lopti_rules.language.work` (which says how). A hook
whose work exceeds `WORK_LIMIT` is rejected (LR208): a
house rule said aloud at a table never comes near it (`repeat 10 times: every player draws
1` is 60, two such repeats nested 610), while three nested repeats of ten fan out to
thousands of actions per firing and seven levels ran for minutes.

The runtime's guard sizes its per-cascade budget from the same number
(`lopti_rules.runtime.guard`), so an accepted set of rules never reaches it.
"""

from __future__ import annotations

from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import _
from lopti_rules.language import ast
from lopti_rules.language.work import WORK_LIMIT, action_work, hook_work


def check_hook(source: Source, hook: ast.Hook) -> None:
    work = hook_work(hook.actions)
    if work <= WORK_LIMIT:
        return
    biggest = max(hook.actions, key=action_work)
    shown = f"{work:,}" if work < 10**9 else _("more than {n}").format(n=f"{10**9:,}")
    source.report(
        "LR208",
        biggest.span,
        _(
            "this hook can run up to {shown} actions each time it fires; the limit is {limit}"
        ).format(shown=shown, limit=f"{WORK_LIMIT:,}"),
        _("nest fewer `repeat`s or use smaller counts (each `each`/`every` counts 5 players)"),
    )
