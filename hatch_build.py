"""The wheel's build hook: with LOPTI_MYPYC=1, the hot modules are compiled by mypyc.

`pip install .` builds the pure-Python package, as always. `LOPTI_MYPYC=1 pip install .`
asks for the compiled build: the modules that the `include` patterns of
`[tool.hatch.build.targets.wheel.hooks.custom]` in pyproject.toml name (the engine, the
bots and the hook runtime) are compiled by mypyc, through hatch-mypyc, into extension
modules that ship beside their sources. The build never fails for want of a compiler: with
no C compiler, or when compiling fails, it says why on stderr and builds the pure-Python
wheel instead (set LOPTI_MYPYC=require to make that an error, as the test of the compiled
build does).
Editable installs are always pure Python.
"""

from __future__ import annotations

import copy
import os
import shutil
import sys
import sysconfig
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV = "LOPTI_MYPYC"
MYPYC_DEPENDENCIES = ["hatch-mypyc>=0.16", "mypy>=1.10", "setuptools>=65"]


def _wanted() -> str:
    """`` (pure Python), `try` (compile if possible) or `require` (compile or fail)."""
    value = os.environ.get(ENV, "").strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return ""
    return "require" if value == "require" else "try"


def _compiler_missing() -> str | None:
    """Why a C extension cannot be built here, or None when it can."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler (`{cc}`) was found"
    include = sysconfig.get_paths().get("include", "")
    if not os.path.exists(os.path.join(include, "Python.h")):
        return f"the Python headers (Python.h in {include}) are not installed"
    return None


class LoptiBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return MYPYC_DEPENDENCIES if _wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        mode = _wanted()
        if not mode or self.target_name != "wheel" or version == "editable":
            return
        why = _compiler_missing()
        if why is None:
            kept = copy.deepcopy(build_data)
            try:
                self._mypyc().initialize(version, build_data)
                self._compiled = True
                return
            except Exception as exc:  # mypyc's own error, shown below; the build goes on
                build_data.clear()
                build_data.update(kept)
                why = f"mypyc failed: {exc}"
        if mode == "require":
            raise RuntimeError(f"{ENV}=require, but the compiled build cannot be made: {why}")
        print(f"lopti-rules: building the pure-Python package: {why}", file=sys.stderr)

    _compiled = False

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._compiled:  # the wheel has the extension modules: none stay in the sources
            self._mypyc().clean([version])

    def clean(self, versions: list[str]) -> None:
        if _wanted():
            self._mypyc().clean(versions)

    def _mypyc(self) -> BuildHookInterface:  # type: ignore[type-arg]
        from hatch_mypyc.plugin import MypycBuildHook

        hook: BuildHookInterface = MypycBuildHook(  # type: ignore[type-arg]
            self.root,
            self.config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        return hook
