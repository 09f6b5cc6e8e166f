"""Pass: a hook's work, and a cascade's, is small and static (R3, LANGUAGE.md "bounded
time"): LR208 and LR209.

Takes one hook (`check_hook`: LR208) or every unit checked together (`check_cascades`:
LR209); reports into the `Source`s. Both counts are `lopti_rules.language.work`'s (which
says how):

- LR208: a hook's *work*, an upper bound of the actions one firing of it can run, is over
  `WORK_LIMIT`. A house rule said aloud at a table never comes near it (`repeat 10 times:
  every player draws 1` is 60, two such repeats nested 610), while three nested repeats of
  ten fan out to thousands of actions per firing and seven levels ran for minutes.
- LR209: a hook's *cascade*, the hook with every hook the events its actions emit set off,
  can run more than `CASCADE_LIMIT` actions. Hooks that trigger each other without a cycle
  still multiply: `after pickup: repeat 10 times: every player draws 10` emits up to 500
  draws, and an `after draw` hook of 610 actions then runs 305,000 per pickup. Reported at
  the hook that starts the cascade (its own work within LR208's limit), naming the event
  and the hooks that weigh most.

The runtime's guard caps each cascade at the same `CASCADE_LIMIT`
(`lopti_rules.runtime.guard`), so an accepted set of rules never reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence

from lopti_rules.check.loops import hook_refs
from lopti_rules.diagnostics.source import Source
from lopti_rules.i18n import _, grouped
from lopti_rules.language import ast
from lopti_rules.language.work import (
    CASCADE_LIMIT,
    WORK_LIMIT,
    Cascades,
    action_work,
    hook_work,
)


def _shown(work: int) -> str:
    return grouped(work) if work < 10**9 else _("more than {n}").format(n=grouped(10**9))


def check_hook(source: Source, hook: ast.Hook) -> None:
    work = hook_work(hook.actions)
    if work <= WORK_LIMIT:
        return
    biggest = max(hook.actions, key=action_work)
    source.report(
        "LR208",
        biggest.span,
        _(
            "this hook can run up to {shown} actions each time it fires; the limit is {limit}"
        ).format(shown=_shown(work), limit=grouped(WORK_LIMIT)),
        _("nest fewer `repeat`s or use smaller counts (each `each`/`every` counts 5 players)"),
    )


def check_cascades(units: Sequence[tuple[Source, ast.File]]) -> None:
    """LR209 at each hook whose cascade, through the hooks of every unit, is over the limit."""
    refs = hook_refs(units)
    cascades = Cascades((ref.hook.event.name, ref.hook.actions) for ref in refs)
    for ref in refs:
        if hook_work(ref.hook.actions) > WORK_LIMIT:
            continue  # LR208 already
        bound = cascades.hook_bound(ref.hook.actions)
        if bound <= CASCADE_LIMIT:
            continue
        heaviest = cascades.heaviest(ref.hook.actions)
        event = heaviest[0] if heaviest is not None else "take_up"
        others = [
            other.describe(ref.source)
            for other in refs
            if other.hook.event.name == event
            or (event == "clear" and other.hook.event.name == "bonus")
        ]
        ref.source.report(
            "LR209",
            ref.head,
            _(
                "this hook can set off up to {shown} actions in one cascade, through the "
                "`{event}` events it brings and the hooks they fire ({hooks}); the limit is "
                "{limit}"
            ).format(
                shown=_shown(bound),
                event=event,
                hooks=", ".join(others[:3]) + (" ..." if len(others) > 3 else ""),
                limit=grouped(CASCADE_LIMIT),
            ),
            _(
                "emit fewer events here (smaller counts, fewer `repeat`s), or make the hooks "
                "they fire lighter"
            ),
        )
