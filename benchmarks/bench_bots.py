"""Bot benchmark: strength (seeded rounds of one bot against three others) and speed, in one run.

Each pairing seats one bot of a kind against the others of another kind (`hard` against
three `greedy`, ...): by default every bot kind and searching level alone against three
`random` and against three `greedy` seats, 4 players, no rules. `--pack FILE` plays every
pairing with a rule pack in force instead (its rules' asks answered by the seats' bots, its
table calls and reports by the seeded table model, as `lopti simulate` plays them), at the
pack's number of players. A pairing's rounds use seeds 0, 1, 2, ... and rotate the lone bot
through the seats (round i puts it in seat i mod players), so every seat order is played
equally often, and every pairing plays the same deals. It prints, per pairing, the lone
bot's win rate with a 95% Wilson interval (a fair share is 1 / players), its mean time per
decision (all decisions, and those with more than one legal move, which are the ones it
thinks about), the 95th percentile, and the rounds played per second. Then, for vetting, the
rounds per second with the same kind in all seats (what `lopti vet --bots KIND` plays).
`--rounds` is per pairing; `--budget` is the searching levels' budget (`iterations`: the
reproducible count; `time`: the level's seconds per decision); `--jobs` plays blocks of
rounds in parallel processes (timings are per process, so on a loaded machine they include
its load). Progress goes to stderr; the figures are JSON lines, then a table.

    python benchmarks/bench_bots.py --rounds 2000 --jobs 2
    python benchmarks/bench_bots.py --rounds 200 --lone hard --against greedy \
        --pack examples/packs/table_talk.yaml
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from lopti_rules.api import ruleset_from_pack
from lopti_rules.bots import Bot, make_bots
from lopti_rules.bots.choices import chooser
from lopti_rules.bots.runner import run_round
from lopti_rules.bots.search import seat_bots
from lopti_rules.engine import EventBus, Move, Swap, TableOptions, View
from lopti_rules.packs.pack import load_pack
from lopti_rules.runtime import RuleSet

PLAYERS = 4
LONE = ["greedy", "easy", "medium", "hard"]
AGAINST = ["random", "greedy"]
BLOCK = 8  # rounds per unit of work


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


@dataclass
class Block:
    """A block of a pairing's rounds: its wins and the lone bot's decision times."""

    lone: str
    others: str
    rounds: int
    wins: int = 0
    stalled: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)  # every decision
    thought: list[float] = field(default_factory=list)  # more than one legal move


@functools.cache
def table(pack: str | None) -> tuple[int, RuleSet | None]:
    """The players and the rules of the bench's table (a pack's, or 4 players without)."""
    if pack is None:
        return PLAYERS, None
    loaded = load_pack(pack)
    return len(loaded.roster or []) or PLAYERS, ruleset_from_pack(loaded)


def one_round(
    names: list[str], seed: int, pack: str | None, budget: str, lone: int | None = None
) -> tuple[int | None, bool, Timed | None]:
    """A seeded round of the bots `names`, with the pack's rules; the seat `lone` timed."""
    players, rules = table(pack)
    options = TableOptions(players=players)
    bots = make_bots(",".join(names), players, budget=budget)
    timed = Timed(bots[lone]) if lone is not None else None
    if timed is not None and lone is not None:
        bots[lone] = timed
    bus = EventBus()
    between = None
    if rules is not None:
        runtime = rules.attach(bus, chooser=chooser(bots, seed))
        if runtime.table is not None:
            between = runtime.table.model(seed).between
    seat_bots([b.bot if isinstance(b, Timed) else b for b in bots], bus, options, rules)
    result = run_round(options, seed, bots, bus=bus, between=between)
    return result.winner, result.stalled, timed


def block(lone: str, others: str, first: int, rounds: int, pack: str | None, budget: str) -> Block:
    """Rounds `first` .. `first + rounds - 1` of a pairing."""
    players, _ = table(pack)
    part = Block(lone, others, rounds)
    start = time.perf_counter()
    for seed in range(first, first + rounds):
        seat = seed % players
        names = [others] * players
        names[seat] = lone
        winner, stalled, timed = one_round(names, seed, pack, budget, seat)
        assert timed is not None
        part.wins += winner == seat
        part.stalled += stalled
        part.times.extend(timed.times)
        part.thought.extend(timed.thought)
    part.seconds = time.perf_counter() - start
    return part


def _ms(values: list[float]) -> float:
    return round(1000 * sum(values) / max(1, len(values)), 3)


def summary(lone: str, others: str, blocks: list[Block], players: int) -> dict[str, object]:
    rounds = sum(b.rounds for b in blocks)
    wins = sum(b.wins for b in blocks)
    times = sorted(t for b in blocks for t in b.times)
    thought = sorted(t for b in blocks for t in b.thought)
    seconds = sum(b.seconds for b in blocks)
    low, high = wilson(wins, rounds)
    p95 = 1000 * thought[int(0.95 * (len(thought) - 1))] if thought else 0.0
    return {
        "lone": lone,
        "against": f"{players - 1} {others}",
        "rounds": rounds,
        "win_rate": round(wins / max(1, rounds), 4),
        "ci95": [round(low, 4), round(high, 4)],
        "ms_per_decision": _ms(times),
        "ms_per_choice": _ms(thought),
        "ms_p95_choice": round(p95, 2),
        "decisions": len(times),
        "rounds_per_second": round(rounds / max(seconds, 1e-9), 2),
        "stalled": sum(b.stalled for b in blocks),
    }


def line(row: dict[str, object]) -> str:
    """One pairing as a row of the printed table."""
    ci = row["ci95"]
    assert isinstance(ci, list)
    rate = float(str(row["win_rate"]))
    return (
        f"| {row['lone']} | {row['against']} | {row['rounds']} | {100 * rate:.1f}% "
        f"| {100 * ci[0]:.1f}%-{100 * ci[1]:.1f}% | {row['ms_per_decision']} "
        f"| {row['ms_per_choice']} | {row['ms_p95_choice']} |"
    )


def vetting(kind: str, rounds: int, pack: str | None, budget: str) -> dict[str, object]:
    """Rounds per second with `kind` in every seat (what `lopti vet --bots KIND` plays)."""
    players, _ = table(pack)
    start = time.perf_counter()
    for seed in range(rounds):
        one_round([kind] * players, seed, pack, budget)
    seconds = time.perf_counter() - start
    return {"vet_bots": kind, "rounds": rounds, "rounds_per_second": round(rounds / seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per pairing")
    parser.add_argument("--lone", default=",".join(LONE), help="the lone bots, comma-separated")
    parser.add_argument("--against", default=",".join(AGAINST), help="the others' kinds")
    parser.add_argument("--pack", default=None, help="a rule pack in force (YAML)")
    parser.add_argument("--budget", default="iterations", choices=["iterations", "time"])
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--vet-rounds", type=int, default=4, help="0: no vetting figures")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    players, _ = table(args.pack)
    pairs = [(lone, o) for o in args.against.split(",") for lone in args.lone.split(",")]
    last = args.first + args.rounds
    units = [(lone, o, first, min(BLOCK, last - first), args.pack, args.budget)
             for lone, o in pairs for first in range(args.first, last, BLOCK)]  # fmt: skip
    done: dict[tuple[str, str], list[Block]] = defaultdict(list)
    vets: list[dict[str, object]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(block, *unit) for unit in units]
        for k, future in enumerate(as_completed(futures), 1):
            part = future.result()
            done[(part.lone, part.others)].append(part)
            print(f"{k}/{len(units)} blocks", file=sys.stderr, flush=True)
        if args.vet_rounds:
            kinds = ["greedy", *[k for k in args.lone.split(",") if k != "greedy"]]
            n = len(kinds)
            vets = list(
                pool.map(vetting, kinds, [args.vet_rounds] * n, [args.pack] * n, [args.budget] * n)
            )
    rows = [summary(lone, o, done[(lone, o)], players) for lone, o in pairs]
    for row in rows + vets:
        print(json.dumps(row))
    print(f"\n{args.pack or 'no rules'}, {players} players, fair share {100 / players:.0f}%")
    print("| lone bot | against | rounds | win rate | 95% interval | ms/decision | ms/choice |"
          " p95 ms |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(line(row))
    for v in vets:
        print(f"vetting, {v['vet_bots']} in every seat: {v['rounds_per_second']} rounds/s")


if __name__ == "__main__":
    main()
