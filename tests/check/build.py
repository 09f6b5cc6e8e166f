"""Build AST nodes by hand for checker unit tests (no parser needed).

Every node gets a span on the line given (column 1, one character wide unless said), so a
test can say which line a diagnostic belongs to.
"""

from __future__ import annotations

from lopti_rules.check import check
from lopti_rules.diagnostics.source import Source, Span
from lopti_rules.language import ast


def sp(line: int = 1, col: int = 1, width: int = 1) -> Span:
    return Span(line, col, line, col + width)


def ident(name: str, line: int = 1) -> ast.Ident:
    return ast.Ident(name, sp(line, 1, len(name)))


def role(name: ast.RoleName, line: int = 1) -> ast.Role:
    return ast.Role(name, sp(line))


def each(kind: ast.EachKind = "every", where: ast.Cond | None = None, line: int = 1) -> ast.Each:
    return ast.Each(kind, where, sp(line))


def num(n: int, line: int = 1) -> ast.Int:
    return ast.Int(n, sp(line))


def draw(target: ast.Target, n: int = 1, line: int = 1) -> ast.Draw:
    return ast.Draw(target, num(n, line), sp(line))


def cmp(left: ast.Operand, op: ast.CompareOp, right: ast.Operand, line: int = 1) -> ast.Compare:
    return ast.Compare(op, left, right, sp(line))


def hook(
    timing: ast.Timing,
    event: str,
    *actions: ast.Action,
    cond: ast.Cond | None = None,
    line: int = 1,
) -> ast.Hook:
    return ast.Hook(timing, ident(event, line), cond, actions, sp(line, 1, 20), sp(line, 1, 5))


def rule(title: str, *hooks: ast.Hook, line: int = 1) -> ast.Rule:
    return ast.Rule(ast.Str(title, sp(line, 6, len(title) + 2)), hooks, sp(line))


def file(*rules: ast.Rule) -> ast.File:
    return ast.File(rules, sp())


def codes(
    *trees: ast.File, roster: list[str] | None = None, text: str = ""
) -> list[tuple[int, str]]:
    """Check the trees together (each with `text` as its source text); (line, code) of
    every diagnostic, sorted."""
    units = [(Source(text, f"u{i}.lopti"), t) for i, t in enumerate(trees)]
    check(units, roster=roster)
    return sorted((d.span.line, d.code) for s, _ in units for d in s.diagnostics)
