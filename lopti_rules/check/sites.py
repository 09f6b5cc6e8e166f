"""Walk a hook and list every place a check may look at, with the scope it sits in.

Takes an `ast.Hook`; produces `Site`s in source order (pre-order): each action, each
condition (the hook's `when`, an `if`, a `while`, an `each ... where`) and each target
(an action's actor, a recipient, a roshambo side, the role of a `FIELD of ROLE`), each
tagged with its scope:

- `roshambo`: inside a `roshambo` block, where `winner` and `loser` exist;
- `chooser`: inside a `chooses a player` block, where `the chosen player` exists: the
  target who chooses;
- `each`: inside an `each/every player` action, where `their next player` and bare player
  fields (`hand`) mean the player being visited.

An action's targets also carry the conditions certainly true when it runs (`holds`: the
hook's `when` and the enclosing `if` conditions), for the passes that reason about them.

The passes read sites instead of re-walking the tree, so the scope rules live in one place.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lopti_rules.check import facets
from lopti_rules.language import ast, constructs


@dataclass(frozen=True, slots=True)
class Scope:
    roshambo: bool = False
    each: bool = False
    # inside `TARGET chooses a player:`, that TARGET: never the chosen player (None when the
    # block may choose its chooser too, `or themself`, or outside any choice)
    chooser: ast.Target | None = None
    choosing: bool = False  # inside a `chooses a player` block: `the chosen player` exists


@dataclass(frozen=True, slots=True)
class ActionSite:
    action: ast.Action
    scope: Scope


@dataclass(frozen=True, slots=True)
class CondSite:
    cond: ast.Cond
    scope: Scope


@dataclass(frozen=True, slots=True)
class TargetSite:
    target: ast.Target
    scope: Scope
    receives: bool  # cards may reach this target through the action (draws, gets given, ...)
    # conditions certainly true when the target's action runs: the hook's `when`, each
    # enclosing `if` condition (in an `else`, the negated condition where that is one
    # comparison); `each ... where` conditions are about the visited player and not included
    holds: tuple[ast.Cond, ...] = ()
    # for the second player of a `gives` or `swaps hands`, the first: the one who chooses
    # `a player of their choice` there (None elsewhere, where that target has no meaning)
    chosen_by: ast.Target | None = None
    # the zones cards reach the target from (`deck`, `removed`, `pile`, `hand`): facets.py
    sources: tuple[str, ...] = ()
    # the zones cards leave the target from through the action (`hand` for a `gives`)
    leaves: tuple[str, ...] = ()


Site = ActionSite | CondSite | TargetSite


def action_targets(action: ast.Action) -> list[tuple[ast.Target, bool]]:
    """The targets an action names, each with whether cards reach it (`facets.received`)."""
    return [(t, bool(sources)) for t, sources in _named(action)]


def _named(action: ast.Action) -> list[tuple[ast.Target, tuple[str, ...]]]:
    """The targets an action names, each with the zones cards reach it from."""
    received = facets.received(action)
    if isinstance(action, ast.PassHands):  # every player still holding a hand, the actor too
        return [(t, (zone,)) for t, zone in received]
    named = [getattr(action, name) for name, _ in constructs.of(action).targets]
    return [(t, tuple(z for r, z in received if r == t)) for t in named]


def children(action: ast.Action) -> tuple[ast.Action, ...]:
    return constructs.blocks(action)


def operands(cond: ast.Cond) -> Iterator[ast.Operand]:
    """Every operand of a condition, left to right."""
    stack: list[ast.Cond] = [cond]
    out: list[ast.Operand] = []
    while stack:
        c = stack.pop()
        if isinstance(c, ast.Compare):
            out.extend((c.left, c.right))
        elif isinstance(c, ast.In):
            out.append(c.left)
            out.extend(c.options)
        elif isinstance(c, ast.And | ast.Or):
            stack.extend((c.right, c.left))
        elif isinstance(c, ast.Not):
            stack.append(c.operand)
    return iter(out)


def comparisons(cond: ast.Cond) -> Iterator[ast.Compare | ast.In]:
    """Every comparison of a condition, left to right."""
    stack: list[ast.Cond] = [cond]
    while stack:
        c = stack.pop()
        if isinstance(c, ast.Compare | ast.In):
            yield c
        elif isinstance(c, ast.And | ast.Or):
            stack.extend((c.right, c.left))
        elif isinstance(c, ast.Not):
            stack.append(c.operand)


def titles_tested(cond: ast.Cond) -> Iterator[ast.Titled]:
    """Every `ROLE is the "TITLE"` of a condition, left to right."""
    stack: list[ast.Cond] = [cond]
    while stack:
        c = stack.pop()
        if isinstance(c, ast.Titled):
            yield c
        elif isinstance(c, ast.And | ast.Or):
            stack.extend((c.right, c.left))
        elif isinstance(c, ast.Not):
            stack.append(c.operand)


_NEGATED: dict[ast.CompareOp, ast.CompareOp] = {
    "is": "is not", "is not": "is", "==": "!=", "!=": "==",
    "<": ">=", ">=": "<", ">": "<=", "<=": ">",
}  # fmt: skip


def negated(cond: ast.Cond) -> ast.Cond | None:
    """A condition that holds when `cond` does not, if one is easy to say: a single comparison
    with its operator turned round, or the operand of a `not`; else None. (Exact for fields
    that always have a value, such as `cards of player`; a field of a role matching nobody,
    or `top` of an empty pile against `<`, makes a comparison and its turned-round form
    both false.)"""
    if isinstance(cond, ast.Not):
        return cond.operand
    if isinstance(cond, ast.Compare):
        return ast.Compare(_NEGATED[cond.op], cond.left, cond.right, cond.span)
    if isinstance(cond, ast.Titled):
        return ast.Titled(cond.who, cond.title, not cond.negated, cond.span)
    return None


def _holding(cond: ast.Cond) -> ast.Cond:
    """`cond` as a conjunction to reason about: `not (a < b)` becomes `a >= b`."""
    if isinstance(cond, ast.Not):
        inner = negated(cond.operand)
        if inner is not None:
            return inner
    return cond


def _cond_sites(cond: ast.Cond, scope: Scope) -> Iterator[Site]:
    yield CondSite(cond, scope)
    for operand in operands(cond):
        if isinstance(operand, ast.PlayerField):
            yield TargetSite(operand.target, scope, False)
    for titled in titles_tested(cond):  # the role and the title it is tested against
        yield TargetSite(titled.who, scope, False)
        yield TargetSite(titled.title, scope, False)


def _action_sites(
    action: ast.Action, scope: Scope, holds: tuple[ast.Cond, ...] = ()
) -> Iterator[Site]:
    yield ActionSite(action, scope)
    targets = _named(action)
    each = any(isinstance(t, ast.Each) for t, _ in targets)
    inner = Scope(scope.roshambo, scope.each or each, scope.chooser, scope.choosing)
    second = constructs.second_target(action)
    for target, sources in targets:
        by = targets[0][0] if target is second else None
        leaves = tuple(z for t, z in facets.taken_from(action) if t == target)
        yield TargetSite(
            target, inner if each else scope, bool(sources), holds, by, sources, leaves
        )
        if isinstance(target, ast.Each) and target.where is not None:
            yield from _cond_sites(target.where, inner)
    if isinstance(action, ast.If | ast.While | ast.RepeatUntil):
        yield from _cond_sites(action.cond, scope)
    body_scope = scope
    if isinstance(action, ast.RoshamboAction):
        body_scope = Scope(True, scope.each, scope.chooser, scope.choosing)
    elif isinstance(action, ast.Choose):
        chooser = None if action.themself else action.chooser
        body_scope = Scope(scope.roshambo, scope.each, chooser, True)
    if isinstance(action, ast.If):
        for child in action.then:
            yield from _action_sites(child, body_scope, (*holds, _holding(action.cond)))
        otherwise = negated(action.cond)
        for child in action.else_ or ():
            more = (otherwise,) if otherwise is not None else ()
            yield from _action_sites(child, body_scope, (*holds, *more))
        return
    for child in children(action):
        yield from _action_sites(child, body_scope, holds)


def hook_sites(hook: ast.Hook) -> Iterator[Site]:
    """Every site of a hook, in source order."""
    holds: tuple[ast.Cond, ...] = ()
    if hook.cond is not None:
        yield from _cond_sites(hook.cond, Scope())
        holds = (_holding(hook.cond),)
    for action in hook.actions:
        yield from _action_sites(action, Scope(), holds)


def leaf_actions(actions: tuple[ast.Action, ...]) -> list[ast.Action]:
    """Every action that is not a block (`if`, `repeat`, `roshambo`, loops), nested ones too."""
    return [a for a in ast.walk_actions(actions) if not children(a)]
