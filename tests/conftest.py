"""Every test starts in English, whatever the machine's locale, and with the colour left to
`--color` (no NO_COLOR, FORCE_COLOR or CLICOLOR_FORCE from the machine): a test that wants
another language or colour says so (`--lang`, `LOPTI_LANG`, `set_language`, `--color`).

The property tests draw the same examples on every run (hypothesis's `repeatable` profile,
derandomized), so the suite passes or fails the same way everywhere; `pytest
--hypothesis-profile explore` draws new examples each run, to look for new failures. The big
property runs are in the slow tier (`tests/tiers.py`).

When the run holds a test of the compiled build (marked `compiled`), the build starts as soon
as the tests are collected, in the background (`tests/compiled_job.py`), once per run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from lopti_rules.i18n import set_language
from tests.compiled_job import CompiledJob, build_wheel, copy_sources

# no deadline: speed is measured in benchmarks/, never asserted (hypothesis's default of 200 ms
# an example failed a vote property once on a loaded machine)
settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("repeatable")

_JOBS: list[CompiledJob] = []  # the run's compiled build, once started


def _job(config: pytest.Config) -> CompiledJob:
    if not _JOBS:
        cache = getattr(config, "cache", None)
        _JOBS.append(CompiledJob(cache.mkdir("compiled-build") if cache is not None else None))
        _JOBS[0].start()
    return _JOBS[0]


def pytest_collection_finish(session: pytest.Session) -> None:
    if session.config.option.collectonly:
        return
    if any(item.get_closest_marker("compiled") for item in session.items):
        _job(session.config)


def pytest_sessionfinish(session: pytest.Session) -> None:
    for job in _JOBS:
        job.stop()


@pytest.fixture(scope="session")
def pure_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pure-Python wheel (LOPTI_MYPYC unset), built once per run from a copy of the
    sources, for the tests of what a wheel ships and of an installed copy."""
    base = tmp_path_factory.mktemp("pure-wheel")
    return build_wheel(copy_sources(base / "src"), base / "dist", None)


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
