"""Rule files are data: nothing in the package runs code made from text. No module calls
`exec`, `eval` or the built-in `compile` (conditions are closures over typed reads,
runtime/conditions.py), read from every module's syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lopti_rules"
FORBIDDEN = frozenset({"exec", "eval", "compile"})


def _calls(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in FORBIDDEN:
            found.append((func.id, node.lineno))
        elif (  # builtins.exec(...), __builtins__.eval(...)
            isinstance(func, ast.Attribute)
            and func.attr in FORBIDDEN
            and isinstance(func.value, ast.Name)
            and func.value.id in ("builtins", "__builtins__")
        ):
            found.append((func.attr, node.lineno))
    return found


def test_the_scan_finds_a_call_to_exec() -> None:
    tree = ast.parse("def f(s):\n    exec(compile(s, 'x', 'exec'))\n    return builtins.eval(s)\n")
    assert sorted(_calls(tree)) == [("compile", 2), ("eval", 3), ("exec", 2)]


def test_no_module_of_the_package_calls_exec_or_eval() -> None:
    found = {
        f"{path.relative_to(PACKAGE.parent)}:{line}: {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, line in _calls(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert found == set()
