"""The compiled build: `LOPTI_MYPYC=1` makes a wheel whose engine, bots and hook runtime are
mypyc-compiled, and the core of the test suite (engine, conformance, runtime, simulation, the
CLI entry point) passes against it, as the rest of this suite passes against the pure-Python
sources.

The wheel is built from a copy of the sources (with the `test` extra's hatchling, hatch-mypyc
and mypy, so no download), unpacked into a folder, and the core tests run in a subprocess that
imports the package from there (`python -P`: the working folder is not put on the path).
Without LOPTI_MYPYC, the same build gives the pure-Python wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["lopti_rules", "grammar", "docs", "pyproject.toml", "README.md", "hatch_build.py"]
CORE_TESTS = [
    "tests/engine",
    "tests/conformance",
    "tests/test_conformance.py",
    "tests/test_conformance_runner.py",
    "tests/runtime",
    "tests/sim",
    "tests/test_cli_main.py",
]

pytestmark = pytest.mark.compiled


def _copy_sources(dest: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)
    return dest


def _build_wheel(src: Path, out: Path, mypyc: str | None, **extra: str) -> Path:
    env = {k: v for k, v in os.environ.items() if k != "LOPTI_MYPYC"}
    if mypyc is not None:
        env["LOPTI_MYPYC"] = mypyc
    env.update(extra)
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    done = subprocess.run(
        [*command, "-w", str(out), str(src)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = out.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("compiled")
    src = _copy_sources(base / "src")
    wheel = _build_wheel(src, base / "dist", "require")
    site = base / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def test_the_compiled_wheel_holds_extension_modules(compiled_site: Path) -> None:
    engine = compiled_site / "lopti_rules" / "engine"
    assert list(engine.glob("game.*.so")) or list(engine.glob("game.*.pyd"))
    assert list((compiled_site / "lopti_rules" / "bots").glob("greedy.*"))
    runtime = compiled_site / "lopti_rules" / "runtime"
    assert list(runtime.glob("install.*.so")) or list(runtime.glob("install.*.pyd"))
    assert (engine / "game.py").is_file()  # the sources ship too
    assert not list(engine.glob("eventlog.*.so"))  # cold modules stay interpreted


def test_the_sources_are_left_clean_after_a_compiled_build(tmp_path: Path) -> None:
    src = _copy_sources(tmp_path / "src")
    _build_wheel(src, tmp_path / "dist", "1")
    assert not list(src.rglob("*.so")) and not list(src.rglob("*.pyd"))


def test_without_the_variable_the_wheel_is_pure_python(tmp_path: Path) -> None:
    wheel = _build_wheel(_copy_sources(tmp_path / "src"), tmp_path / "dist", None)
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]


def test_with_no_compiler_the_build_falls_back_to_pure_python(tmp_path: Path) -> None:
    src = _copy_sources(tmp_path / "src")
    wheel = _build_wheel(src, tmp_path / "dist", "1", CC="no-such-compiler")
    assert wheel.name.endswith("-py3-none-any.whl")


def test_the_core_tests_pass_against_the_compiled_build(compiled_site: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(compiled_site))
    version = subprocess.run(
        [sys.executable, "-P", "-m", "lopti_rules", "--version"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert version.stdout.strip().endswith("(compiled)"), version.stdout + version.stderr
    # the suite's helpers are imported as `tests.…`: the checkout comes after the compiled build
    # on the path, so it serves `tests` while `lopti_rules` still comes from the build
    env["PYTHONPATH"] = os.pathsep.join([str(compiled_site), str(ROOT)])
    done = subprocess.run(
        [
            sys.executable,
            "-P",
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            *CORE_TESTS,
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
