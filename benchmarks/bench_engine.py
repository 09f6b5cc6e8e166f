"""Engine benchmark: seeded bot rounds, timed, printed as one JSON line.

Plays `--games` rounds (seeds `--seed`, `--seed`+1, ...) with `--players` seats and the
`--bots` mix through the same runner `lopti play` uses (bot decisions, views and legal-move
generation included; no bus subscribers), and prints
`{"games", "moves", "seconds", "moves_per_second", "cpu_seconds", "moves_per_cpu_second",
"players", "bots", "stalled"}` where moves are the plays, pickups and reveals applied (CPU
time is this process's own, a fairer figure on a busy machine). Target: >= 100,000
moves/s on one core with 4 players and random bots.

    python benchmarks/bench_engine.py --games 2000 --players 4 --bots random
"""

from __future__ import annotations

import argparse
import json
import time

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.games, args.players, args.bots, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
