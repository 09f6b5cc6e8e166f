"""Bot benchmark: strength (a round robin of seeded 4-player rounds) and speed, in one run.

Each match-up seats one bot of a kind against three of another (`hard` vs three `greedy`,
...): every bot kind and searching level, alone against three `random` and against three
`greedy` seats. A match-up's rounds use seeds 0, 1, 2, ... and rotate the lone bot through
the four seats (round i puts it in seat i mod 4), so every seat order is played equally
often, and every match-up plays the same deals. It prints, per match-up, the lone bot's win
rate with a 95% Wilson interval (a fair share is 25%), its mean time per decision (all
decisions, and those with more than one legal move, which are the ones it thinks about),
the 95th percentile, and the rounds played per second. Then, for vetting, the rounds per
second with the same kind in all four seats (what `lopti vet --bots KIND` plays). `--rounds`
is the total over the round robin, split evenly between the match-ups; `--jobs` plays
blocks of rounds in parallel processes (timings are per process, so on a loaded machine
they include its load). Progress goes to stderr; the figures are JSON lines, then a table.

    python benchmarks/bench_bots.py --rounds 2016 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed

from lopti_rules.bots import Bot, make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import EventBus, Move, Swap, TableOptions, View

PLAYERS = 4
LONE = ["greedy", "easy", "medium", "hard"]
AGAINST = ["random", "greedy"]
BLOCK = 8  # rounds per unit of work (a multiple of PLAYERS: whole seat rotations)


class Timed:
    """A bot whose decision times are kept (the bench's own wrapper, not a bot kind)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []  # every decision
        self.thought: list[float] = []  # decisions with more than one legal move

    def choose(self, view: View, moves: list[Move], rng: random.Random) -> Move:
        start = time.perf_counter()
        move = self.bot.choose(view, moves, rng)
        spent = time.perf_counter() - start
        self.times.append(spent)
        if len(moves) > 1:
            self.thought.append(spent)
        return move

    def choose_swap(self, view: View, swaps: list[Swap], rng: random.Random) -> Swap | None:
        return self.bot.choose_swap(view, swaps, rng)


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def block(lone: str, others: str, first: int, rounds: int) -> dict[str, object]:
    """Rounds `first` .. `first + rounds - 1` of a match-up: wins and decision times."""
    options = TableOptions(players=PLAYERS)
    wins = stalled = 0
    times: list[float] = []
    thought: list[float] = []
    start = time.perf_counter()
    for seed in range(first, first + rounds):
        seat = seed % PLAYERS
        names = [others] * PLAYERS
        names[seat] = lone
        bots = make_bots(",".join(names), PLAYERS)
        bus = EventBus()
        seat_bots(bots, bus, options, None)
        timed = Timed(bots[seat])
        seated: list[Bot] = [*bots[:seat], timed, *bots[seat + 1 :]]
        result = run_round(options, seed, seated, bus=bus)
        wins += result.winner == seat
        stalled += result.stalled
        times.extend(timed.times)
        thought.extend(timed.thought)
    seconds = time.perf_counter() - start
    return {"lone": lone, "others": others, "rounds": rounds, "wins": wins, "stalled": stalled,
            "times": times, "thought": thought, "seconds": seconds}  # fmt: skip


def summary(lone: str, others: str, blocks: list[dict[str, object]]) -> dict[str, object]:
    rounds = sum(int(b["rounds"]) for b in blocks)  # type: ignore[call-overload]
    wins = sum(int(b["wins"]) for b in blocks)  # type: ignore[call-overload]
    times = sorted(t for b in blocks for t in b["times"])  # type: ignore[attr-defined]
    thought = sorted(t for b in blocks for t in b["thought"])  # type: ignore[attr-defined]
    seconds = sum(float(b["seconds"]) for b in blocks)  # type: ignore[arg-type]
    low, high = wilson(wins, rounds)

    def ms(values: list[float]) -> float:
        return round(1000 * sum(values) / max(1, len(values)), 3)

    return {
        "lone": lone,
        "against": f"3 {others}",
        "rounds": rounds,
        "win_rate": round(wins / max(1, rounds), 4),
        "ci95": [round(low, 4), round(high, 4)],
        "ms_per_decision": ms(times),
        "ms_per_choice": ms(thought),
        "ms_p95_choice": round(1000 * thought[int(0.95 * (len(thought) - 1))], 2)
        if thought
        else 0.0,
        "decisions": len(times),
        "rounds_per_second": round(rounds / max(seconds, 1e-9), 2),
        "stalled": sum(int(b["stalled"]) for b in blocks),  # type: ignore[call-overload]
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
    seconds = time.perf_counter() - start
    return {"vet_bots": kind, "rounds": rounds, "rounds_per_second": round(rounds / seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2016, help="total over the round robin")
    parser.add_argument("--lone", default=",".join(LONE), help="the lone bots, comma-separated")
    parser.add_argument("--against", default=",".join(AGAINST), help="the three others' kinds")
    parser.add_argument("--vet-rounds", type=int, default=4, help="0: no vetting figures")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    pairs = [(lone, o) for o in args.against.split(",") for lone in args.lone.split(",")]
    each = max(PLAYERS, args.rounds // len(pairs) // PLAYERS * PLAYERS)
    units = [(lone, o, first, min(BLOCK, each - first)) for lone, o in pairs
             for first in range(0, each, BLOCK)]  # fmt: skip
    done: dict[tuple[str, str], list[dict[str, object]]] = defaultdict(list)
    vets: list[dict[str, object]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(block, *unit) for unit in units]
        for k, future in enumerate(as_completed(futures), 1):
            part = future.result()
            done[(str(part["lone"]), str(part["others"]))].append(part)
            print(f"{k}/{len(units)} blocks", file=sys.stderr, flush=True)
        if args.vet_rounds:
            kinds = ["greedy", *[k for k in args.lone.split(",") if k != "greedy"]]
            vets = list(pool.map(vetting, kinds, [args.vet_rounds] * len(kinds)))
    rows = [summary(lone, o, done[(lone, o)]) for lone, o in pairs]
    for row in rows + vets:
        print(json.dumps(row))
    print("\n| lone bot | against | win rate | 95% interval | ms/decision | ms/choice | p95 ms |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        low, high = r["ci95"]  # type: ignore[misc]
        print(f"| {r['lone']} | {r['against']} | {100 * r['win_rate']:.1f}% "  # type: ignore[operator]
              f"| {100 * low:.1f}%-{100 * high:.1f}% | {r['ms_per_decision']} "
              f"| {r['ms_per_choice']} | {r['ms_p95_choice']} |")  # fmt: skip
    for v in vets:
        print(f"vetting, {v['vet_bots']} in every seat: {v['rounds_per_second']} rounds/s")


if __name__ == "__main__":
    main()
