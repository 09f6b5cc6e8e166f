"""Running a simulation's games on workers: in-process, a process pool, or any executor.

Takes one or more `Table`s (a simulation, or `vet`'s two arms), the number of games and the
seed. Produces, for each table, its `GameRecord`s in game order. The games are cut into
chunks (`chunks`), each chunk one call of `play.play_chunk`, submitted to a
`concurrent.futures.Executor`:

- `workers=1` and no executor: the chunks run here, in this process, one after another
  (no pool to start, nothing to pickle: the baseline the pool's efficiency is measured on);
- `workers=K>1`: the standard library's `ProcessPoolExecutor` with K processes, forked
  where the platform allows it (the parent has already checked and compiled the rules, so
  the children inherit the compiled closures and the parsed grammar for free);
- `executor=...`: any executor, such as a Dask cluster's `Client.get_executor()` (dask.py):
  exactly the same tasks, the same function, the same records.

Pairs: when the two tables are vet's arms (the second is the first with rules added,
`play.extends`), a chunk plays each game at both (`play.play_pairs`), which plays the arm
without the rule again only for the games in which the rule fired.

Chunking: about `CHUNKS_PER_WORKER` chunks per worker and table, so that a worker that
drew slow games (long rounds, stalls) is not left holding the last big chunk while the
others idle, and never more than `MAX_CHUNK` games, so the progress bar moves. Records are
put back in game order whatever order the chunks finish in, so the numbers computed from
them are identical for any number of workers and any executor.

Progress: a tqdm bar on stderr, updated per finished chunk, shown only when stderr is a
terminal (`progress=None`), or forced on/off.

Interruption: while a process pool runs, SIGTERM is handled like SIGINT (a KeyboardInterrupt
in the parent), and the parent kills its workers at once, so none is left running or holding
the output pipe.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import NoReturn

from tqdm import tqdm

from lopti_rules.i18n import _
from lopti_rules.sim.play import GameRecord, Table, extends, play_chunk

CHUNKS_PER_WORKER = 8
Task = tuple[tuple[int, ...], int, int]  # the tables it plays (indices), first game, stop
MAX_CHUNK = 250
MIN_CHUNK = 10


def chunks(games: int, workers: int, tables: int = 1) -> list[tuple[int, int]]:
    """Split game indices 0..games-1 into (start, stop) ranges for `workers` workers."""
    if games <= 0:
        return []
    wanted = max(1, workers) * CHUNKS_PER_WORKER
    per_table = max(1, wanted // max(1, tables))
    size = max(MIN_CHUNK, min(MAX_CHUNK, -(-games // per_table)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes (forked on platforms that fork)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_signals)


def _worker_signals() -> None:
    """A worker ends at once on SIGTERM (the parent's handler is for the parent only)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run(
    tables: Sequence[Table],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    label: str = "simulating",
) -> list[list[GameRecord]]:
    """Play `games` games at each table; one list of records (in game order) per table."""
    if games < 1:
        raise ValueError(_("--games must be at least 1"))
    if workers < 1:
        raise ValueError(_("--workers must be at least 1"))
    for table in tables:
        table.check()  # fail here, in one sentence, not inside a worker; warm the cache
    show = sys.stderr.isatty() if progress is None else progress
    # vet's two arms (a table and the same table with a rule added) are played as pairs
    groups: list[tuple[int, ...]] = [(t,) for t in range(len(tables))]
    if len(tables) == 2 and extends(tables[0], tables[1]):
        groups = [(0, 1)]
    ranges = chunks(games, workers, len(groups))
    tasks: list[Task] = [(group, start, stop) for group in groups for start, stop in ranges]
    parts: dict[tuple[int, int], list[GameRecord]] = {}
    bar = Bar(games * len(tables), label, show)
    if executor is None and workers == 1:
        with bar.start() as shown:
            for group, start, stop in tasks:
                chunk = play_chunk(tuple(tables[t] for t in group), seed, start, stop)
                parts.update({(t, start): records for t, records in zip(group, chunk, strict=True)})
                shown.update((stop - start) * len(group))
    elif executor is None:
        with _stopping_workers():
            pool = process_pool(workers)
            try:
                _gather(pool, tables, seed, tasks, parts, bar)
            except KeyboardInterrupt:
                _kill_workers()  # the pool then fails its pending chunks; nothing waits
                pool.shutdown(wait=False)
                raise
            _shut_down(pool)
    else:
        _gather(executor, tables, seed, tasks, parts, bar)
    results: list[list[GameRecord]] = [[] for _table in tables]
    for group, start, _count in tasks:
        for t in group:
            results[t].extend(parts[t, start])
    return results


def _shut_down(pool: ProcessPoolExecutor) -> None:
    """Wait for the pool's workers to finish (an interruption just before the pool's manager
    thread started leaves nothing to wait for)."""
    with contextlib.suppress(RuntimeError):
        pool.shutdown(wait=True, cancel_futures=True)


def _kill_workers() -> None:
    for child in multiprocessing.active_children():
        child.kill()


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def _stopping_workers() -> Iterator[None]:
    """SIGTERM as SIGINT while the pool runs; on an interruption, terminate the workers."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupted) if main else None
    try:
        yield
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


@dataclass(frozen=True, slots=True)
class Bar:
    """The progress bar to show once the work is handed out (tqdm on stderr, or nothing)."""

    total: int
    label: str
    show: bool

    def start(self) -> tqdm[NoReturn]:
        return tqdm(
            total=self.total, desc=self.label, unit="game", file=sys.stderr, disable=not self.show
        )


def _gather(
    executor: Executor,
    tables: Sequence[Table],
    seed: int,
    tasks: list[Task],
    parts: dict[tuple[int, int], list[GameRecord]],
    bar: Bar,
) -> None:
    """Submit every task (the pool forks its workers now, before the bar's thread exists),
    then collect the chunks as they finish."""
    futures: dict[Future[tuple[list[GameRecord], ...]], tuple[tuple[int, ...], int]] = {}
    for group, start, stop in tasks:
        chunk = tuple(tables[t] for t in group)
        futures[executor.submit(play_chunk, chunk, seed, start, stop)] = (group, start)
    try:
        with bar.start() as shown:
            for future in as_completed(futures):
                group, start = futures[future]
                for t, records in zip(group, future.result(), strict=True):
                    parts[t, start] = records
                    shown.update(len(records))
    except KeyboardInterrupt:
        raise  # the caller stops the workers (cancelling here would race the pool's thread)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
