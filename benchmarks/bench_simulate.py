"""Simulation benchmark: throughput with 1 and 2 workers, pool efficiency, Dask overhead.

Plays `--games` rounds of one table (4 greedy bots; `--rule FILE` puts a rule in force) and
prints one JSON object:

- `bare_games_per_s`: the bot runner alone in a loop (no records, no simulation code);
- `games_per_s` for 1 worker (in-process) and 2 workers (the process pool), best of
  `--repeat` runs each, and `efficiency_2` = games/s with 2 workers / (2 x with 1): the
  share of each worker's time spent playing (aim: >= 0.85);
- `cpu_efficiency_2`: CPU seconds of the 1-worker run / CPU seconds of all processes in
  the 2-worker run: the work the pool adds (pickling, start-up), whatever else the machine
  is doing; `load_average` is the 1-minute load when the run started (on a busy machine
  the wall-clock efficiency says more about the neighbours than about the pool);
- `dask`: the same simulation on a loopback `LocalCluster` of 2 single-threaded worker
  processes through `Client.get_executor()`: cluster start-up seconds, games/s once
  started, and `overhead` = its seconds / the process pool's seconds - 1 (skipped with
  `--no-dask` or when Dask is not installed).

    python benchmarks/bench_simulate.py --games 2000
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import TableOptions
from lopti_rules.sim import RuleText, Table, game_seed
from lopti_rules.sim.pool import run


def cpu_seconds() -> float:
    """CPU time of this process and of its waited-for children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(table: Table, games: int, workers: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one simulation."""
    cpu, start = cpu_seconds(), time.perf_counter()
    run([table], games, 1, workers=workers, progress=False)
    return time.perf_counter() - start, cpu_seconds() - cpu


def bare(table: Table, games: int) -> float:
    options = TableOptions(players=table.players)
    start = time.perf_counter()
    for index in range(games):
        run_round(options, game_seed(1, index), make_bots(table.bots, table.players))
    return games / (time.perf_counter() - start)


def dask_run(table: Table, games: int, pool_seconds: float) -> dict[str, object]:
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    client = Client(cluster)
    started = time.perf_counter() - start
    try:
        with client.get_executor(pure=False) as executor:
            run([table], 20, 2, executor=executor, progress=False)  # warm the workers' imports
            t0 = time.perf_counter()
            run([table], games, 1, workers=2, executor=executor, progress=False)
            seconds = time.perf_counter() - t0
    finally:
        client.close()
        cluster.close()
    return {
        "startup_s": round(started, 2),
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1),
        "overhead": round(seconds / pool_seconds - 1, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rule", default=None, help="a rule file to put in force")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args(argv)
    rules: tuple[RuleText, ...] = ()
    if args.rule:
        rules = (RuleText(Path(args.rule).read_text(encoding="utf-8"), args.rule, 0),)
    table = Table(4, "greedy", rules=rules)
    table.check()
    load = os.getloadavg()[0]
    result: dict[str, object] = {"games": args.games, "rule": args.rule, "load_average": load}
    result["bare_games_per_s"] = round(bare(table, args.games), 1)
    best: dict[int, tuple[float, float]] = {}
    for _ in range(args.repeat):
        for workers in (1, 2):
            wall, cpu = timed(table, args.games, workers)
            if workers not in best or wall < best[workers][0]:
                best[workers] = (wall, cpu)
    gps = {w: args.games / best[w][0] for w in best}
    result["games_per_s"] = {str(w): round(g, 1) for w, g in gps.items()}
    result["efficiency_2"] = round(gps[2] / (2 * gps[1]), 3)
    result["cpu_efficiency_2"] = round(best[1][1] / best[2][1], 3)
    if not args.no_dask:
        try:
            result["dask"] = dask_run(table, args.games, best[2][0])
        except ImportError:
            result["dask"] = None
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
