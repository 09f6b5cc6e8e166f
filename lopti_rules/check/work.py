"""Pass: a hook's work is small and static (R3, LANGUAGE.md "bounded time"): LR208.

Takes one hook; reports into its `Source`. A hook's *work* is an upper bound of the actions
one firing of it can run, counted the way the runtime's guard counts them (`hook_work`):
every action counts once per player it may reach (`each`/`every` and any target: 5, the
most players a table has), a `give` once per pair of players (25), a `roshambo` block once
per possible pair (25) times its body, an `if` by its larger branch, and a `repeat N times`
multiplies its body by N. A hook whose work exceeds `WORK_LIMIT` is rejected (LR208): a
house rule said aloud at a table never comes near it (`repeat 10 times: every player draws
1` is 60, two such repeats nested 610), while three nested repeats of ten fan out to
thousands of actions per firing and seven levels ran for minutes.

The runtime's guard sizes its per-cascade budget from the same number
(`lopti_rules.runtime.guard`), so an accepted set of rules never reaches it.
"""

from __future__ import annotations

from lopti_rules.diagnostics.source import Source
from lopti_rules.language import ast

WORK_LIMIT = 1_000
MAX_PLAYERS = 5


def hook_work(actions: tuple[ast.Action, ...]) -> int:
    """An upper bound of the actions one run of `actions` spends (every player targeted)."""
    total = 0
    for action in actions:
        total += action_work(action)
    return total


def action_work(action: ast.Action) -> int:
    if isinstance(action, ast.Repeat):
        return action.count.value * (1 + hook_work(action.body))
    if isinstance(action, ast.If):
        return 1 + max(hook_work(action.then), hook_work(action.else_ or ()))
    if isinstance(action, ast.RoshamboAction):
        return MAX_PLAYERS * MAX_PLAYERS * (1 + hook_work(action.body))
    if isinstance(action, ast.Give):
        return MAX_PLAYERS * MAX_PLAYERS
    return MAX_PLAYERS


def check_hook(source: Source, hook: ast.Hook) -> None:
    work = hook_work(hook.actions)
    if work <= WORK_LIMIT:
        return
    biggest = max(hook.actions, key=action_work)
    shown = f"{work:,}" if work < 10**9 else "more than 1,000,000,000"
    source.report(
        "LR208",
        biggest.span,
        f"this hook can run up to {shown} actions each time it fires; the limit is {WORK_LIMIT:,}",
        "nest fewer `repeat`s or use smaller counts (each `each`/`every` counts 5 players)",
    )
