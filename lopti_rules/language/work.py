"""A hook's static work: an upper bound of the actions one firing can run (bounded time).

Counted the way the runtime's guard counts them: every action once per player it may reach
(`each`/`every` and any target: 5, the most players a table has), a `give` once per pair of
players (25) and so a `swaps hands` too, a `roshambo` block once per possible pair (25) times
its body, a `chooses a player` or `may` block once per player it asks (5) times its body, an
`if` by its larger branch, and a `repeat N times` multiplies its body by N. The checker
rejects a hook over `WORK_LIMIT` (LR208, `check/work.py`) and the guard sizes its budget from
the same number (`runtime/guard.py`): one count, read by both.
"""

from __future__ import annotations

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
    if isinstance(action, ast.Choose | ast.May):
        return MAX_PLAYERS * (1 + hook_work(action.body))
    if isinstance(action, ast.Give | ast.SwapHands):
        return MAX_PLAYERS * MAX_PLAYERS
    return MAX_PLAYERS
