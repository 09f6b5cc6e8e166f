"""Which build of the package is running: compiled by mypyc, or pure Python.

The compiled build (docs/engine.md, "Builds") ships the engine's hot modules as extension
modules beside their sources; Python imports the extension when both are there. `build_kind()`
asks the import system which file `lopti_rules.engine.game` comes from, without importing it.
"""

from __future__ import annotations

import importlib.machinery
import os

EXTENSIONS = (".so", ".pyd")


def engine_is_compiled() -> bool:
    """Whether `lopti_rules.engine.game` would be imported from an extension module."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    engine = os.path.join(package, "engine")
    spec = importlib.machinery.PathFinder.find_spec("game", [engine])
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(EXTENSIONS)


def build_kind() -> str:
    """`compiled` or `pure Python`, as `lopti --version` prints it."""
    return "compiled" if engine_is_compiled() else "pure Python"
