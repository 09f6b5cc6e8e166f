"""Every test starts in English, whatever the machine's locale, and with the colour left to
`--color` (no NO_COLOR, FORCE_COLOR or CLICOLOR_FORCE from the machine): a test that wants
another language or colour says so (`--lang`, `LOPTI_LANG`, `set_language`, `--color`).

The property tests draw the same examples on every run (hypothesis's `repeatable` profile,
derandomized), so the suite passes or fails the same way everywhere; `pytest
--hypothesis-profile explore` draws new examples each run, to look for new failures. The big
property runs are in the slow tier (`tests/tiers.py`).

When the run holds a test of the compiled build (marked `compiled`), the build starts as soon
as the tests are collected, in the background (`tests/compiled_job.py`), once per run: on
several workers (pytest-xdist's `-n`), worker gw0 makes it and the others read its results."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from lopti_rules.i18n import set_language
from tests.compiled_job import CompiledJob, build_wheel, cached_wheel, copy_sources

# no deadline: speed is measured in benchmarks/, never asserted (hypothesis's default of 200 ms
# an example failed a vote property once on a loaded machine)
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("repeatable")

_JOBS: list[CompiledJob] = []  # the run's compiled build, once started
_STALE = 24 * 3600  # seconds after which a run's folder of shared results is left over


def _shared(config: pytest.Config, cache: Path | None) -> Path | None:
    """The folder the workers of this run share the compiled build's results through (None
    when the tests run in one process)."""
    workerinput = getattr(config, "workerinput", None)  # set by pytest-xdist in a worker
    if workerinput is None:
        return None
    runs = cache.parent / "compiled-runs" if cache is not None else None
    runs = runs or Path(tempfile.gettempdir()) / "lopti-compiled-runs"
    return runs / str(workerinput["testrunuid"])


def _job(config: pytest.Config) -> CompiledJob:
    if not _JOBS:
        cache = getattr(config, "cache", None)
        folder = cache.mkdir("compiled-build") if cache is not None else None
        shared = _shared(config, folder)
        lead = shared is None or getattr(config, "workerinput", {}).get("workerid") == "gw0"
        if lead and shared is not None and shared.parent.is_dir():
            for old in shared.parent.iterdir():  # folders of runs long over
                if old != shared and time.time() - old.stat().st_mtime > _STALE:
                    shutil.rmtree(old, ignore_errors=True)
        _JOBS.append(CompiledJob(folder, shared, lead=lead))
        _JOBS[0].start()
    return _JOBS[0]


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly:
        return
    if any(item.get_closest_marker("compiled") for item in session.items):
        _job(session.config)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    for job in _JOBS:
        job.finish(interrupted=exitstatus == pytest.ExitCode.INTERRUPTED)


@pytest.fixture(scope="session")
def pure_wheel(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pure-Python wheel (LOPTI_MYPYC unset), built from a copy of the sources, for the
    tests of what a wheel ships and of an installed copy: once per run, kept in the pytest
    cache folder (as the compiled build is) while the files it reads stay the same."""
    cache = getattr(request.config, "cache", None)
    if cache is None:
        base = tmp_path_factory.mktemp("pure-wheel")
        return build_wheel(copy_sources(base / "src"), base / "dist", None)
    return cached_wheel(cache.mkdir("pure-build"))


@pytest.fixture(scope="session")
def compiled_job(request: pytest.FixtureRequest) -> CompiledJob:
    """The run's compiled build and its core tests (started at collection, waited for here)."""
    return _job(request.config)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LOPTI_LANG", "en")
    for variable in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"):
        monkeypatch.delenv(variable, raising=False)
    set_language("en")
    yield
    set_language("en")
