"""Engine benchmark: seeded bot rounds, timed, printed as one JSON line.

Plays `--games` rounds (seeds `--seed`, `--seed`+1, ...) with `--players` seats and the
`--bots` mix through the same runner `lopti play` uses (bot decisions, views and legal-move
generation included; no bus subscribers), and prints
`{"games", "moves", "seconds", "moves_per_second", "cpu_seconds", "moves_per_cpu_second",
"players", "bots", "stalled"}` where moves are the plays, pickups and reveals applied (CPU
time is this process's own, a fairer figure on a busy machine). Target: >= 100,000
moves/s on one core with 4 players and random bots.

    python benchmarks/bench_engine.py --games 2000 --players 4 --bots random

With `--against LABEL=DIR` (repeatable) it compares builds instead: each pass runs, in a fresh
process per configuration and in a rotating order, this benchmark with `DIR` first on the
import path (a source tree, or an unpacked compiled wheel; `.` is this tree) and the tight
loop of `bench_tight.py`, for each of `--bots` (comma-separated); it prints, per bots and
configuration, the median moves per CPU-second over `--passes` passes, their range, and the
median as a fraction of the tight loop's (targets for the compiled engine, 4 players: 0.9
with random bots, 0.5 with greedy):

    python benchmarks/bench_engine.py --games 1000 --bots random,greedy --passes 5 \
        --against pure=. --against compiled=/tmp/lopti-compiled
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import TableOptions


def bench(games: int, players: int, bots: str, seed: int) -> dict[str, object]:
    options = TableOptions(players=players)
    moves = stalled = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for s in range(seed, seed + games):
        result = run_round(options, s, make_bots(bots, players))
        moves += result.moves
        stalled += result.stalled
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games": games,
        "moves": moves,
        "seconds": round(seconds, 3),
        "moves_per_second": round(moves / seconds) if seconds else None,
        "cpu_seconds": round(cpu, 3),
        "moves_per_cpu_second": round(moves / cpu) if cpu else None,
        "players": players,
        "bots": bots,
        "stalled": stalled,
    }


HERE = Path(__file__).resolve().parent


def one_run(label: str, where: str | None, args: argparse.Namespace, bots: str) -> float:
    """Moves per CPU-second of one fresh process: the engine from `where`, or the tight loop."""
    script = HERE / ("bench_tight.py" if where is None else "bench_engine.py")
    env = dict(os.environ)
    if where is not None:
        env["PYTHONPATH"] = str(Path(where).resolve())
    command = [sys.executable, str(script), "--games", str(args.games)]
    command += ["--players", str(args.players), "--bots", bots, "--seed", str(args.seed)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return float(json.loads(out)["moves_per_cpu_second"])


def compare(args: argparse.Namespace) -> dict[str, object]:
    configs: list[tuple[str, str | None]] = [("tight", None)]
    for item in args.against:
        label, _, where = item.partition("=")
        configs.append((label, where or "."))
    report: dict[str, object] = {"games": args.games, "players": args.players}
    for bots in args.bots.split(","):
        rates: dict[str, list[float]] = {label: [] for label, _ in configs}
        for i in range(args.passes):
            for label, where in configs[i % len(configs) :] + configs[: i % len(configs)]:
                rates[label].append(one_run(label, where, args, bots))
        tight = statistics.median(rates["tight"])
        report[bots] = {
            label: {
                "median": round(statistics.median(r)),
                "range": [round(min(r)), round(max(r))],
                "of_tight": round(statistics.median(r) / tight, 3),
            }
            for label, r in rates.items()
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", action="append", default=[], metavar="LABEL=DIR")
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args(argv)
    if args.against:
        report = compare(args)
        for bots in args.bots.split(","):
            for label, row in report[bots].items():  # type: ignore[attr-defined]
                low, high = row["range"]
                print(
                    f"{bots:7} {label:10} {row['median']:>9,} moves/CPU-s  [{low:,}-{high:,}]"
                    f"  {row['of_tight']:.3f} of tight"
                )
        print(json.dumps(report))
    else:
        print(json.dumps(bench(args.games, args.players, args.bots, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
