"""Bot benchmark: strength (a round robin of seeded 4-player rounds) and speed, in one run.

Each match-up seats one bot of a kind against three of another (`medium` vs three
`greedy`, ...). Its rounds use seeds 0, 1, 2, ... and rotate the lone bot through the four
seats (round i puts it in seat i mod 4), so every seat order is played equally often. The
table prints, per match-up, the lone bot's win rate with a 95% Wilson interval (a fair share
is 25%), its mean and 95th-percentile time per decision (decisions with one legal move
included: the bot answers those at once) and the rounds played per second. Then, for
vetting, the rounds per second with the same kind in all four seats. `--rounds` is the
total over the round robin, split evenly between the match-ups; `--jobs` plays match-ups
in parallel processes (timings are per process).

    python benchmarks/bench_bots.py --rounds 800 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from lopti_rules.bots import Bot, make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import EventBus, Move, TableOptions, View

PLAYERS = 4
MATCHUPS = [
    ("greedy", "random"),
    ("easy", "random"),
    ("easy", "greedy"),
    ("medium", "greedy"),
    ("hard", "greedy"),
]


class Timed:
    """A bot whose decision times are kept (the bench's own wrapper, not a bot kind)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(view, moves, rng)
        self.times.append(time.perf_counter() - start)
        return move

    def choose_swap(self, view: View, swaps: list, rng: random.Random):  # type: ignore[no-untyped-def,type-arg]
        return self.bot.choose_swap(view, swaps, rng)


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def matchup(lone: str, others: str, rounds: int) -> dict[str, object]:
    options = TableOptions(players=PLAYERS)
    wins = stalled = 0
    times: list[float] = []
    start = time.perf_counter()
    for seed in range(rounds):
        seat = seed % PLAYERS
        names = [others] * PLAYERS
        names[seat] = lone
        bots = make_bots(",".join(names), PLAYERS)
        timed = Timed(bots[seat])
        bots[seat] = timed
        bus = EventBus()
        seat_bots([b.bot if isinstance(b, Timed) else b for b in bots], bus, options, None)
        result = run_round(options, seed, bots, bus=bus)
        wins += result.winner == seat
        stalled += result.stalled
        times.extend(timed.times)
    seconds = time.perf_counter() - start
    low, high = wilson(wins, rounds)
    times.sort()
    return {
        "lone": lone,
        "against": f"3 {others}",
        "rounds": rounds,
        "win_rate": round(wins / rounds, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "ms_per_decision": round(1000 * sum(times) / max(1, len(times)), 2),
        "ms_p95": round(1000 * times[int(0.95 * (len(times) - 1))], 2) if times else 0.0,
        "rounds_per_second": round(rounds / seconds, 2),
        "stalled": stalled,
    }


def vetting(kind: str, rounds: int) -> dict[str, object]:
    """Rounds per second with `kind` in every seat (what `lopti vet --bots KIND` plays)."""
    options = TableOptions(players=PLAYERS)
    start = time.perf_counter()
    for seed in range(rounds):
        bots = make_bots(kind, PLAYERS)
        bus = EventBus()
        seat_bots(bots, bus, options, None)
        run_round(options, seed, bots, bus=bus)
    return {
        "vet_bots": kind,
        "rounds": rounds,
        "rounds_per_second": round(rounds / (time.perf_counter() - start), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2016, help="total over the round robin")
    parser.add_argument("--vet-rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    each = max(PLAYERS, args.rounds // len(MATCHUPS) // PLAYERS * PLAYERS)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(matchup, *zip(*MATCHUPS, strict=True), [each] * len(MATCHUPS)))
        vets = list(pool.map(vetting, ["greedy", "easy", "medium"], [args.vet_rounds] * 3))
    for row in rows + vets:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
