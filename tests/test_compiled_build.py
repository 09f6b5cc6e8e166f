"""The compiled build: `LOPTI_MYPYC=1` makes a wheel whose engine, bots and hook runtime are
mypyc-compiled, and the core of the test suite (engine, conformance, runtime, simulation, the
CLI entry point) passes against it, as the rest of this suite passes against the pure-Python
sources.

The wheel is built once per run from a copy of the sources (with the `test` extra's
hatchling, hatch-mypyc and mypy, so no download), unpacked into a folder, and the core tests
run in a subprocess that imports the package from there (`python -P`: the working folder is
not put on the path); `tests/compiled_job.py` does both in the background, from the moment
the tests are collected, and keeps the build for the next run while the sources stay the
same. Without LOPTI_MYPYC, the same build gives the pure-Python wheel.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.compiled_job import CompiledJob, build_wheel, copy_sources

pytestmark = pytest.mark.compiled


def test_the_compiled_wheel_holds_extension_modules(compiled_job: CompiledJob) -> None:
    site = compiled_job.built()
    engine = site / "lopti_rules" / "engine"
    assert list(engine.glob("game.*.so")) or list(engine.glob("game.*.pyd"))
    assert list((site / "lopti_rules" / "bots").glob("greedy.*"))
    runtime = site / "lopti_rules" / "runtime"
    assert list(runtime.glob("install.*.so")) or list(runtime.glob("install.*.pyd"))
    assert (engine / "game.py").is_file()  # the sources ship too
    assert not list(engine.glob("eventlog.*.so"))  # cold modules stay interpreted


def test_the_sources_are_left_clean_after_a_compiled_build(compiled_job: CompiledJob) -> None:
    compiled_job.built()
    src = compiled_job.src  # the copy the compiled wheel was built from
    assert src is not None and (src / "lopti_rules" / "engine" / "game.py").is_file()
    assert not list(src.rglob("*.so")) and not list(src.rglob("*.pyd"))


def test_without_the_variable_the_wheel_is_pure_python(pure_wheel: Path) -> None:
    wheel = pure_wheel  # the same build with LOPTI_MYPYC unset (tests/conftest.py)
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


def test_with_no_compiler_the_build_falls_back_to_pure_python(tmp_path: Path) -> None:
    src = copy_sources(tmp_path / "src")
    wheel = build_wheel(src, tmp_path / "dist", "1", CC="no-such-compiler")
    assert wheel.name.endswith("-py3-none-any.whl")


def test_the_core_tests_pass_against_the_compiled_build(compiled_job: CompiledJob) -> None:
    version, core = compiled_job.results()
    assert version.stdout.strip().endswith("(compiled)"), version.stdout + version.stderr
    assert core.returncode == 0, core.stdout[-4000:] + core.stderr[-2000:]
