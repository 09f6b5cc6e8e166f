"""Running a simulation on a Dask cluster: the same tasks, handed to a cluster's executor.

Takes a scheduler address (`tcp://host:8786`) or `local`. Produces, as a context manager, a
`concurrent.futures.Executor` from `distributed.Client.get_executor()`, which `pool.run`
uses exactly like the process pool: the same `play.play_games` chunks, the same records,
the same numbers, with chunks sized for the cluster's worker threads (`DaskRun.slots`,
whatever `--workers` says for a remote cluster). `local` starts a `LocalCluster` on this
machine, bound to 127.0.0.1 with no dashboard, with `workers` single-threaded worker
processes (the engine is pure Python: threads would share one interpreter lock).

Dask is an optional extra (`pip install 'lopti-rules[dask]'`); without it, `DaskMissing`
says so in one sentence. Every worker of a remote cluster needs lopti-rules installed (the
same version): the tasks name `lopti_rules.sim.play.play_games`, not its code. A scheduler
that cannot be reached within `timeout` seconds (default `CONNECT_TIMEOUT`) is a
`DaskUnavailable` (one sentence).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass

from lopti_rules.i18n import N_, _

INSTALL_HINT = N_(
    "install it with `pip install 'lopti-rules[dask]'` (from a checkout of the project: "
    "`pip install '.[dask]'`)"
)
CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler


class DaskMissing(RuntimeError):
    """Dask (with distributed) is not installed."""


class DaskUnavailable(RuntimeError):
    """The scheduler could not be reached, or the local cluster did not start."""


@dataclass(frozen=True, slots=True)
class DaskRun:
    """The cluster's executor and how many tasks it runs at once (its worker threads)."""

    executor: Executor
    slots: int


@contextmanager
def dask_executor(
    address: str, *, workers: int = 2, timeout: float | None = None
) -> Iterator[DaskRun]:
    """An executor on the cluster at `address` (or a local one of `workers` processes for
    `local`), with the number of worker threads the cluster has (to size the chunks)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        said = _("--dask needs Dask's distributed scheduler: {hint}")
        raise DaskMissing(said.format(hint=_(INSTALL_HINT))) from None
    wait = CONNECT_TIMEOUT if timeout is None else timeout
    cluster = None
    try:
        if address == "local":
            with warnings.catch_warnings():
                # the scheduler's status page moves to a free port when 8787 is taken
                warnings.filterwarnings("ignore", message="Port .* is already in use")
                cluster = LocalCluster(
                    n_workers=max(1, workers),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                )
            client = Client(cluster, timeout=wait)
        else:
            client = Client(address, timeout=wait)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        if address == "local":
            said = _("cannot start a local cluster: {problem}").format(problem=exc)
        else:
            said = _("cannot reach the scheduler at {address}: {problem}")
            said = said.format(address=address, problem=exc)
        raise DaskUnavailable(said) from None
    try:
        slots = sum(client.nthreads().values())
        with client.get_executor(pure=False) as executor:
            yield DaskRun(executor, max(1, slots))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
