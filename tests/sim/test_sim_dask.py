"""The Dask path: a LocalCluster on 127.0.0.1 (no dashboard) runs the same chunks through
`Client.get_executor()` and gives records identical to the in-process run and the pool;
without Dask, `--dask` says how to install it in one sentence."""

from __future__ import annotations

import sys

import pytest

from lopti_rules.sim import GameRecord, Table, simulate
from lopti_rules.sim.cluster import DaskMissing, DaskUnavailable, dask_executor
from lopti_rules.sim.pool import run

from .sim_helpers import CROWN, TENS_TAX, table

distributed = pytest.importorskip("distributed")

# the scheduler's status page moves to a free port when 8787 is taken (by another cluster)
pytestmark = pytest.mark.filterwarnings("ignore:Port .* is already in use")


TABLES = [Table(4), table(TENS_TAX, CROWN)]


@pytest.fixture(scope="module")
def pooled() -> list[list[GameRecord]]:
    """The process pool's records, made before any cluster thread exists (the pool forks)."""
    return run(TABLES, 40, 11, workers=2)


@pytest.fixture(scope="module")
def scheduler() -> object:
    """A loopback-only cluster of two in-process workers, with a TCP scheduler address."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    )
    yield cluster
    cluster.close()


def test_dask_gives_the_records_of_the_process_pool(
    pooled: list[list[GameRecord]], scheduler: object
) -> None:
    address = scheduler.scheduler_address  # type: ignore[attr-defined]
    assert address.startswith("tcp://127.0.0.1:")
    on_dask = simulate(TABLES, 40, 11, workers=2, dask=address)
    assert on_dask == pooled
    assert on_dask == run(TABLES, 40, 11, workers=1)


def test_dask_executor_is_a_concurrent_futures_executor(scheduler: object) -> None:
    address = scheduler.scheduler_address  # type: ignore[attr-defined]
    with dask_executor(address) as cluster:
        assert cluster.executor.submit(sum, [1, 2, 3]).result(timeout=10) == 6
        assert cluster.slots == 2  # two single-threaded workers: chunks sized for two


def test_an_unreachable_scheduler_is_one_sentence() -> None:
    unreachable = r"cannot reach the scheduler at tcp://127\.0\.0\.1"
    with (
        pytest.raises(DaskUnavailable, match=unreachable),
        dask_executor("tcp://127.0.0.1:9", timeout=1),
    ):
        pass


def test_without_dask_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(DaskMissing, match=r"a checkout of the project: `pip install '\.\[dask\]'`"):
        simulate([Table(2)], 2, 0, dask="local")


def test_dask_local_starts_a_loopback_cluster_of_processes() -> None:
    tables = [table(TENS_TAX, players=3)]
    assert simulate(tables, 12, 2, workers=1, dask="local") == run(tables, 12, 2)
