"""The compiled build, made once per test run and checked beside the rest of the suite.

`CompiledJob` builds the mypyc-compiled wheel (`LOPTI_MYPYC=require`) from a copy of the
sources, unpacks it, and runs the core of the test suite against it in a subprocess: all in
a background thread that `tests/conftest.py` starts as soon as collection finds a test marked
`compiled`, so that the build (one core) runs while the rest of the suite runs (the other).
The tests of tests/test_compiled_build.py wait for its results.

The wheel is cached under the pytest cache folder, keyed by a hash of every file the build
reads (the package, the grammar, the docs it ships, pyproject.toml, README.md, the build hook)
and of the Python and mypy versions: an unchanged tree reuses the build of an earlier run,
and any edit to those files builds afresh. The core tests always run.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

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
_SKIPPED = (".so", ".pyd", ".pyc")  # built files, never sources


def copy_sources(dest: Path) -> Path:
    """The files a build reads, copied to `dest` (no caches, no built extensions)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc")
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)
    return dest


def build_wheel(src: Path, out: Path, mypyc: str | None, **extra: str) -> Path:
    """The wheel `pip wheel` builds of `src` into `out`, with LOPTI_MYPYC=`mypyc` (unset: None)."""
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


def source_key() -> str:
    """A hash of every file the build reads, and of the Python and mypy versions."""
    import mypy.version

    digest = hashlib.sha256(f"{sys.version}|{mypy.version.__version__}".encode())
    for name in SOURCES:
        top = ROOT / name
        files = sorted(top.rglob("*")) if top.is_dir() else [top]
        for path in files:
            skipped = "__pycache__" in path.parts or path.suffix in _SKIPPED
            if path.is_file() and not skipped:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


class CompiledJob:
    """The compiled build and the core tests against it, run once in a background thread."""

    def __init__(self, cache: Path | None) -> None:
        self.cache = cache  # the folder that keeps builds between runs; None: a temporary one
        self.site: Path | None = None  # the unpacked wheel
        self.src: Path | None = None  # the copy of the sources it was built from
        self.failure: str | None = None  # why the build failed
        self.version: subprocess.CompletedProcess[str] | None = None
        self.core: subprocess.CompletedProcess[str] | None = None
        self._process: subprocess.Popen[str] | None = None
        self._built = threading.Event()
        self._thread = threading.Thread(target=self._run, name="compiled-build", daemon=True)
        self._temporary: str | None = None

    def start(self) -> None:
        self._thread.start()

    def built(self) -> Path:
        """The unpacked compiled wheel (waits for the build); fails if it could not be made."""
        self._built.wait()
        assert self.site is not None, self.failure
        return self.site

    def results(self) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
        """`lopti --version` and the core tests, run against the compiled build (waits)."""
        self._thread.join()
        assert self.version is not None and self.core is not None, self.failure
        return self.version, self.core

    def stop(self) -> None:
        """End the core tests' subprocess if it still runs (the session is over)."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
        if self._temporary is not None:
            shutil.rmtree(self._temporary, ignore_errors=True)

    def _run(self) -> None:
        try:
            self._build()
        except BaseException as exc:  # reported by the tests that wait for the build
            self.failure = f"the compiled build failed: {exc}"
        finally:
            self._built.set()
        if self.site is not None:
            self._check(self.site)

    def _build(self) -> None:
        if self.cache is None:
            self._temporary = tempfile.mkdtemp(prefix="lopti-compiled-")
            base = Path(self._temporary)
        else:
            base = self.cache
        key = source_key()
        done = base / key
        if not (done / "site").is_dir():
            for old in base.glob("*"):
                shutil.rmtree(old, ignore_errors=True)  # keep one build only
            work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=base))
            src = copy_sources(work / "src")
            wheel = build_wheel(src, work / "dist", "require")
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(work / "site")
            try:
                work.rename(done)  # whole, or not there: a run stopped midway leaves no cache
            except OSError:  # another run in this checkout made the same build meanwhile
                shutil.rmtree(work, ignore_errors=True)
        self.src, self.site = done / "src", done / "site"

    def _check(self, site: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(site))
        self.version = subprocess.run(
            [sys.executable, "-P", "-m", "lopti_rules", "--version"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        # the suite's helpers are imported as `tests.…`: the checkout comes after the compiled
        # build on the path, so it serves `tests` while `lopti_rules` comes from the build
        env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
        command = [sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        self._process = subprocess.Popen(
            [*command, *CORE_TESTS],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        out, err = self._process.communicate()
        self.core = subprocess.CompletedProcess(
            self._process.args, self._process.returncode, out, err
        )
