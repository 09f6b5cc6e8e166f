"""The compiled build, made once per test run and checked beside the rest of the suite.

`CompiledJob` builds the mypyc-compiled wheel (`LOPTI_MYPYC=require`) from a copy of the
sources, unpacks it, and runs the core of the test suite against it in a subprocess: all in
a background thread that `tests/conftest.py` starts as soon as collection finds a test marked
`compiled`, so that the build runs while the rest of the suite runs. The tests of
tests/test_compiled_build.py wait for its results.

When the suite runs on several workers (pytest-xdist), one of them leads: worker `gw0` builds
and runs the core tests, once for the run, and writes what came of them to a folder of the
run (`shared`); the job of any other worker only follows, waiting for those files.

The wheel is cached under the pytest cache folder, keyed by a hash of every file the build
reads (the package, the grammar, the docs it ships, pyproject.toml, README.md, the build hook)
and of the Python and mypy versions: an unchanged tree reuses the build of an earlier run,
and any edit to those files builds afresh. The core tests always run.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
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
_WAIT = 3600.0  # seconds a following worker waits for the leader's files before it gives up


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


def cached_wheel(base: Path) -> Path:
    """The pure-Python wheel of the sources as they are, kept in `base` under their hash
    (`source_key`): built once while the sources stay the same, and afresh after any edit."""
    key = source_key()
    done = base / key
    if not list(done.glob("*.whl")):
        for old in base.glob("*"):
            if not old.name.startswith(key):  # not this build, nor another worker's of it
                shutil.rmtree(old, ignore_errors=True)  # keep one build only
        work = Path(tempfile.mkdtemp(prefix=f"{key}.", dir=base))
        build_wheel(copy_sources(work / "src"), work / "dist", None)
        # whole, or not there; OSError: another worker of this run made the same build
        with contextlib.suppress(OSError):
            (work / "dist").rename(done)
        shutil.rmtree(work, ignore_errors=True)
    (wheel,) = done.glob("*.whl")
    return wheel


def _said(done: subprocess.CompletedProcess[str] | None) -> object:
    return None if done is None else [done.args, done.returncode, done.stdout, done.stderr]


def _heard(said: object) -> subprocess.CompletedProcess[str] | None:
    if not isinstance(said, list):
        return None
    args, code, out, err = said
    return subprocess.CompletedProcess(args, code, out, err)


def _write(path: Path, data: dict[str, object]) -> None:
    """`data` as JSON at `path`, whole or not there (written aside, then renamed)."""
    aside = path.with_name(path.name + ".part")
    aside.write_text(json.dumps(data), encoding="utf-8")
    aside.replace(path)


class CompiledJob:
    """The compiled build and the core tests against it, run once in a background thread
    (`lead`), or, in a worker that follows, read from the files the leader writes to
    `shared` (`built.json` once the wheel is unpacked, `results.json` once the core tests
    have run)."""

    def __init__(self, cache: Path | None, shared: Path | None = None, *, lead: bool = True):
        self.cache = cache  # the folder that keeps builds between runs; None: a temporary one
        self.shared = shared  # the run's folder for the other workers; None: no other workers
        self.lead = lead
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
        if self.lead:
            if self.shared is not None:
                self.shared.mkdir(parents=True, exist_ok=True)
            self._thread.start()

    def built(self) -> Path:
        """The unpacked compiled wheel (waits for the build); fails if it could not be made."""
        if self.lead:
            self._built.wait()
        else:
            said = self._read("built.json")
            self.failure = said["failure"]
            self.site = Path(said["site"]) if said["site"] else None
            self.src = Path(said["src"]) if said["src"] else None
        assert self.site is not None, self.failure
        return self.site

    def results(self) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
        """`lopti --version` and the core tests, run against the compiled build (waits)."""
        if self.lead:
            self._thread.join()
        else:
            said = self._read("results.json")
            self.failure = said["failure"]
            self.version, self.core = _heard(said["version"]), _heard(said["core"])
        assert self.version is not None and self.core is not None, self.failure
        return self.version, self.core

    def finish(self, interrupted: bool) -> None:
        """The session is over: a leader whose files another worker may still wait for lets
        the core tests end (unless the run was interrupted), then cleans up."""
        if self.lead and self.shared is not None and not interrupted and self._thread.is_alive():
            self._thread.join()
        self.stop()

    def stop(self) -> None:
        """End the core tests' subprocess if it still runs (the session is over)."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
        if self._temporary is not None:
            shutil.rmtree(self._temporary, ignore_errors=True)

    def _read(self, name: str) -> dict[str, str | None]:
        assert self.shared is not None, "a worker that follows reads the leader's files"
        path = self.shared / name
        waited = 0.0
        while not path.is_file():
            assert waited < _WAIT, f"no {name} from the leading worker in {_WAIT:.0f} s"
            time.sleep(0.2)
            waited += 0.2
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        return data

    def _run(self) -> None:
        try:
            self._build()
        except BaseException as exc:  # reported by the tests that wait for the build
            self.failure = f"the compiled build failed: {exc}"
        finally:
            self._built.set()
            self._tell("built.json", site=self.site, src=self.src)
        try:
            if self.site is not None:
                self._check(self.site)
        finally:
            self._tell("results.json", version=_said(self.version), core=_said(self.core))

    def _tell(self, name: str, **data: object) -> None:
        if self.shared is not None:
            said = {k: str(v) if isinstance(v, Path) else v for k, v in data.items()}
            _write(self.shared / name, {**said, "failure": self.failure})

    def _build(self) -> None:
        if self.cache is not None:
            base = self.cache
        elif self.shared is not None:  # kept for the other workers, with the run's folder
            base = self.shared / "build"
            base.mkdir(exist_ok=True)
        else:
            self._temporary = tempfile.mkdtemp(prefix="lopti-compiled-")
            base = Path(self._temporary)
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
        # on one process (`-n 0`: no workers of its own): it runs beside the suite's
        command = [sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0"]
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
