"""The package's shape: the stages as folders, their layering, no import cycles, small functions.

Reads every module's imports with `ast`, wherever the import statement is: inside functions
and, for the cycle check, under `if TYPE_CHECKING:` too (an import made for the type checker
is still a dependency: a circle through one is a design that cannot be read from the bottom
up). Fails on:
- a module at the package's top level other than `__init__`, `api` and `__main__`;
- an import cycle between modules, counting the type checker's imports;
- a module loaded by name (importlib), which would hide an edge from those checks, outside
  the command table of `cli/main.py` (whose edges the graph holds);
- an import against the layering below (docs/architecture.md writes the same table): a
  stage may import only stages of a lower layer, and the runtime reads only the AST and the
  catalogue of the language (parsing and checking are wired in `api.py`).
And, with radon, on any function whose cyclomatic complexity is above 25, nested functions
and the methods of nested classes included.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lopti_rules.cli.main import COMMANDS

PACKAGE = Path(__file__).resolve().parent.parent / "lopti_rules"

# lowest first: a stage may import stages of lower layers only (and itself)
LAYERS: list[set[str]] = [
    # the root package (the version) and i18n's own package (gettext, read by every stage,
    # diagnostics included: a diagnostic's message and hint are translated)
    {"lopti_rules", "lopti_rules.i18n"},
    {"diagnostics"},
    {"language", "packs", "engine"},
    {"check", "runtime", "bots", "i18n"},
    {"trial"},
    {"api"},
    {"sim", "conformance", "session", "lsp"},
    {"serve"},
    {"cli"},
    {"__main__"},
]
# what one stage may read of another beyond the layering's rule
NARROW: dict[str, tuple[str, set[str]]] = {
    "runtime": (
        "language",
        {
            "lopti_rules.language.ast",
            "lopti_rules.language.catalog",
            "lopti_rules.language.constructs",
            "lopti_rules.language.work",
        },
    ),
}
TOP_LEVEL = {"__init__.py", "api.py", "__main__.py", "py.typed"}
MAX_COMPLEXITY = 25


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, modules: dict[str, Path], typing: bool = True) -> set[str]:
    """The package modules `name` imports, wherever the import statement is; `typing`: the
    type checker's imports too (under `if TYPE_CHECKING:`), else those made at run time."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not typing:
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def _graph(typing: bool = True) -> dict[str, set[str]]:
    """Each module's imports (`typing`: the type checker's too, see `_imports`)."""
    modules = _modules()
    graph = {name: _imports(name, path, modules, typing) for name, path in modules.items()}
    # the one load by name (`lopti` imports a command's module when it runs): its edges
    graph["lopti_rules.cli.main"] |= {f"lopti_rules.cli.{m}" for m in COMMANDS.values()}
    return graph


LOADERS = {"import_module", "__import__", "spec_from_file_location", "exec_module", "load_module"}
# where a load by name is the design, and why
LOADS_BY_NAME = {
    "lopti_rules/cli/main.py": "the command table, `COMMANDS` (its edges are in the graph)",
    "lopti_rules/cli/serve.py": "whether the web extra's third-party packages are installed",
}


def _loads(source: str) -> list[int]:
    """The lines of `source` that load a module by name at run time (importlib and the like),
    an import the graph above cannot see."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOADERS:
                found.append(node.lineno)
    return found


_MODULE_STAGES = {
    entry for stages in LAYERS for entry in stages if entry.startswith("lopti_rules.")
}


def _stage(module: str) -> str:
    """The stage a module belongs to: its sub-package, unless a layer names the module."""
    if module in _MODULE_STAGES:
        return module
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_top_level_holds_only_the_entry_points() -> None:
    loose = {p.name for p in PACKAGE.iterdir() if p.is_file()} - TOP_LEVEL
    assert not loose, f"modules at the package's top level: {sorted(loose)}"


def test_there_is_no_import_cycle() -> None:
    assert _cycles(_graph()) == []


def test_no_module_is_loaded_by_name() -> None:
    """An import by name hides an edge from the cycle and layering checks: only the places
    of `LOADS_BY_NAME` load by name."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE.parent).as_posix()
        if where not in LOADS_BY_NAME:
            found += [f"{where}:{line}" for line in _loads(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_a_load_by_name_is_found() -> None:
    source = "import importlib\nm = importlib.import_module(f'lopti_rules.{x}')\n"
    assert _loads(source) == [2]
    assert _loads("from importlib import import_module\nimport_module('a')\n") == [2]


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_a_circle_through_the_type_checkers_imports_or_a_function_is_found(
    tmp_path: Path,
) -> None:
    """The circle the engine had (`game` imports `legality` at run time, `legality` imports
    `game` for the type checker) and one through an import inside a function are cycles;
    the layering reads the run-time imports only."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "game.py").write_text("from pkg.legality import legal\n", encoding="utf-8")
    (package / "legality.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.game import Game\n",
        encoding="utf-8",
    )
    (package / "ask.py").write_text("def f():\n    from pkg import game\n", encoding="utf-8")
    (package / "flow.py").write_text("import pkg.ask\n", encoding="utf-8")
    (package / "build.py").write_text("from pkg.flow import x\n", encoding="utf-8")
    modules = {f"pkg.{p.stem}": p for p in package.glob("*.py")}
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    graph["pkg.game"].add("pkg.build")
    assert _cycles(graph) == [["pkg.ask", "pkg.build", "pkg.flow", "pkg.game", "pkg.legality"]]
    legality = modules["pkg.legality"]
    assert _imports("pkg.legality", legality, modules, typing=False) == set()


def test_every_stage_has_a_layer() -> None:
    stages = {_stage(m) for m in _modules()}
    assert stages == set().union(*LAYERS)


def test_imports_follow_the_layering() -> None:
    layer = {stage: i for i, stages in enumerate(LAYERS) for stage in stages}
    wrong: list[str] = []
    for module, imported in sorted(_graph(typing=False).items()):
        here = _stage(module)
        for other in sorted(imported):
            there = _stage(other)
            if there == here or (there.startswith(f"lopti_rules.{here}")):
                continue  # within a stage (a stage's modules may read its own package)
            if layer[there] >= layer[here]:
                wrong.append(f"{module} imports {other} ({there} is not below {here})")
            narrow = NARROW.get(here)
            if narrow is not None and narrow[0] == there and other not in narrow[1]:
                wrong.append(f"{module} imports {other} ({here} may read only {narrow[1]})")
    assert not wrong, "\n".join(wrong)


def _blocks(source: str) -> Iterator[tuple[str, int, int]]:
    """Every function of `source` with its line and cyclomatic complexity (radon), nested
    functions and the methods of nested classes included (radon lists only the outer ones)."""
    from radon.complexity import cc_visit

    def walk(block: Any, outer: str) -> Iterator[tuple[str, int, int]]:
        name = f"{outer}{block.name}"
        if hasattr(block, "complexity") and not hasattr(block, "methods"):
            yield name, block.lineno, block.complexity
        for inner in [*getattr(block, "closures", []), *getattr(block, "methods", [])]:
            yield from walk(inner, f"{name}.")
        for inner in getattr(block, "inner_classes", []):
            yield from walk(inner, f"{name}.")

    for block in cc_visit(source):
        if getattr(block, "is_method", False):
            continue  # radon lists a class's methods beside the class too
        yield from walk(block, "")


def test_no_function_is_too_complex() -> None:
    over = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for name, line, complexity in _blocks(path.read_text(encoding="utf-8")):
            if complexity > MAX_COMPLEXITY:
                over.append(f"{path.relative_to(PACKAGE.parent)}:{line} {name} {complexity}")
    assert not over, f"cyclomatic complexity above {MAX_COMPLEXITY}: {over}"


def test_a_nested_function_over_the_cap_is_found() -> None:
    branches = "".join(f"        if x == {i}:\n            return {i}\n" for i in range(30))
    source = (
        "def outer():\n    def inner(x):\n" + branches + "        return -1\n    return inner\n"
        "class A:\n    class B:\n        def m(self, x):\n"
        + branches.replace("        ", "            ")
        + "            return -1\n"
    )
    found = {name: c for name, _, c in _blocks(source) if c > MAX_COMPLEXITY}
    assert set(found) == {"outer.inner", "A.B.m"}, found
