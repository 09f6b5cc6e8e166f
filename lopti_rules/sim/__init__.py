"""Simulation: play many seeded rounds of a table, and judge a proposed rule by them.

The pipeline: a `Table` (play.py: the seats, bots and rules in force, as plain values) ->
chunks of games on workers (pool.py: in-process, a process pool, or a Dask cluster through
cluster.py) -> `GameRecord`s in game order -> a `Summary` (summary.py, with the intervals of
stats.py) for `lopti simulate`, or a paired `Comparison` with findings (compare.py) and an
HTML page (report.py) for `lopti vet`.

Public API:
- `simulate(tables, games, seed, *, workers=1, dask=None, progress=None)`: each table's
  records; game `i` is played from `game_seed(seed, i)` alone, so the records (and all the
  numbers) are identical for any worker count, chunking or executor.
- `Table`, `RuleText`, `GameRecord`, `Summary`, `compare`, `Comparison`, `default_workers`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from lopti_rules.sim.compare import Comparison, Finding, compare
from lopti_rules.sim.play import GameRecord, RuleText, Table, game_seed
from lopti_rules.sim.pool import run
from lopti_rules.sim.summary import Summary


def default_workers() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def simulate(
    tables: Sequence[Table],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: bool | None = None,
    label: str = "simulating",
) -> list[list[GameRecord]]:
    """Play `games` rounds at each table, on `workers` local processes or on the Dask
    cluster at `dask` (`local` for one of `workers` processes on this machine); records in
    game order."""
    if dask is None:
        return run(tables, games, seed, workers=workers, progress=progress, label=label)
    from lopti_rules.sim.cluster import dask_executor

    for table in tables:
        table.check()  # a bad table fails here, before a cluster is started
    with dask_executor(dask, workers=workers) as cluster:
        return run(
            tables,
            games,
            seed,
            workers=cluster.slots,
            executor=cluster.executor,
            progress=progress,
            label=label,
        )


__all__ = [
    "Comparison",
    "Finding",
    "GameRecord",
    "RuleText",
    "Summary",
    "Table",
    "compare",
    "default_workers",
    "game_seed",
    "simulate",
]
