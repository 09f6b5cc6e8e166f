"""Variant benchmark: engine speed with no base variant and with a few in force, interleaved.

Plays the same seeded random-bot rounds at each table (`--games` rounds, seeds `--seed`...)
through the runner `lopti play` uses, alternating the tables round by round for `--repeats`
passes so that machine load falls on all of them alike, and prints one JSON line per table:
`{"table", "moves", "cpu_seconds", "moves_per_cpu_second", "stalled"}`. Each move is a play,
a pickup or a reveal; CPU time is this process's own.

With `--other PATH` (a checkout of another version of the project, e.g. the main branch
before the variants), it instead alternates runs of the no-variant table between this
checkout and PATH, each in its own process, and prints one line per checkout: the engine's
speed before and after a change, in one run.

    python benchmarks/bench_variants.py --games 300 --repeats 3
    python benchmarks/bench_variants.py --games 300 --repeats 3 --other ../main

With `--stalls`, it plays `--games` rounds (2 to 5 players, greedy and random bots mixed,
the runner's move cap) at each variant alone and at as many random combinations of them,
and prints the rounds stalled per table: how often a variant makes a round stall.

    python benchmarks/bench_variants.py --stalls --games 400
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import TableOptions

TABLES: dict[str, str] = {
    "none": "",
    "skip=8,reverse=J": "skip=8,reverse=J",
    "burn=3,four_on_anything": "burn=3,four_on_anything=on",
    "low=none,clear=J,must_play,draw=refill": "low=none,clear=J,must_play=on,draw=refill",
    "glass=8,name_next=J,jump_in": "glass=8,name_next=J,jump_in=on",
}

_ONE_RUN = """
import json, sys, time
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import TableOptions
games, seed = int(sys.argv[1]), int(sys.argv[2])
options = TableOptions(players=4)
moves = 0
cpu = time.process_time()
for s in range(seed, seed + games):
    moves += run_round(options, s, make_bots("random", 4)).moves
print(json.dumps({"moves": moves, "cpu": time.process_time() - cpu}))
"""


def options_of(text: str) -> TableOptions:
    from lopti_rules.api import variants_of
    from lopti_rules.packs.base import parse_base

    variants = variants_of(parse_base(text)) if text else None
    return TableOptions(players=4, variants=variants)


def interleaved(games: int, seed: int, repeats: int) -> list[dict[str, object]]:
    tables = {name: options_of(text) for name, text in TABLES.items()}
    totals = {name: [0, 0.0, 0] for name in tables}  # moves, cpu seconds, stalled
    for _ in range(repeats):
        for s in range(seed, seed + games):
            for name, options in tables.items():
                start = time.process_time()
                result = run_round(options, s, make_bots("random", 4))
                totals[name][1] += time.process_time() - start
                totals[name][0] += result.moves
                totals[name][2] += result.stalled
    return [
        {
            "table": name,
            "moves": int(moves),
            "cpu_seconds": round(cpu, 3),
            "moves_per_cpu_second": round(moves / cpu) if cpu else None,
            "stalled": int(stalled),
        }
        for name, (moves, cpu, stalled) in totals.items()
    ]


def against(other: Path, games: int, seed: int, repeats: int) -> list[dict[str, object]]:
    here = Path(__file__).resolve().parent.parent
    totals = {str(here): [0, 0.0], str(other.resolve()): [0, 0.0]}
    for _ in range(repeats):
        for tree in totals:
            env = {**os.environ, "PYTHONPATH": tree}
            done = subprocess.run(
                [sys.executable, "-c", _ONE_RUN, str(games), str(seed)],
                capture_output=True,
                text=True,
                check=True,
                env=env,
                cwd=tree,
            )
            got = json.loads(done.stdout)
            totals[tree][0] += got["moves"]
            totals[tree][1] += got["cpu"]
    return [
        {
            "checkout": tree,
            "table": "none",
            "moves": int(moves),
            "cpu_seconds": round(cpu, 3),
            "moves_per_cpu_second": round(moves / cpu) if cpu else None,
        }
        for tree, (moves, cpu) in totals.items()
    ]


ALONE: tuple[str, ...] = (
    "reset=none", "reset=5", "pass_on=none", "pass_on=9", "low=none", "low=8", "clear=none",
    "clear=J", "glass=8", "skip=8", "reverse=J", "burn=3", "burn=2", "four_on_anything=on",
    "must_play=on", "face_down=4,face_up=2,hand=4", "face_up=0", "starter=lowest",
    "starter=left", "draw=refill", "name_next=J", "jump_in=on", "choose_face_up=on",
)  # fmt: skip


def random_combination(rng: random.Random) -> str:
    """Any valid set of variants: distinct special ranks, a deal that fits 5 players."""
    names = ["none", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    while True:
        ranks = [rng.choice(names) for _ in range(8)]
        named = [r for r in ranks if r != "none"]
        if len(set(named)) == len(named):
            break
    down, up = rng.randint(1, 4), rng.randint(0, 3)
    roles = ("reset", "pass_on", "low", "clear", "skip", "reverse", "glass", "name_next")
    fields = dict(zip(roles, ranks, strict=True))
    fields |= {"burn": str(rng.randint(2, 4)), "face_down": str(down), "face_up": str(up)}
    fields |= {"hand": str(rng.randint(1, min(7, 10 - down - up)))}
    fields |= {
        "four_on_anything": rng.choice(["on", "off"]),
        "must_play": rng.choice(["on", "off"]),
        "jump_in": rng.choice(["on", "off"]),
        "choose_face_up": rng.choice(["on", "off"]),
    }
    fields |= {"starter": rng.choice(["winner", "lowest", "left"])}
    fields |= {"draw": rng.choice(["one", "refill"])}
    return ",".join(f"{k}={v}" for k, v in fields.items())


def stalls(games: int, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    tables = ["", *ALONE, *(random_combination(rng) for _ in range(games))]
    rows: list[dict[str, object]] = []
    combined = [0, 0, 0]  # rounds, stalled, moves of the random combinations
    for i, text in enumerate(tables):
        rounds = games if i <= len(ALONE) else 1
        stalled = moves = 0
        for s in range(seed, seed + rounds):
            players = 2 + s % 4
            bots = ",".join("greedy" if (s + k) % 2 else "random" for k in range(players))
            opts = options_of(text)
            table = TableOptions(players=players, variants=opts.variants)
            result = run_round(table, s + i, make_bots(bots, players))
            stalled += result.stalled
            moves += result.moves
        if i <= len(ALONE):
            rows.append({"table": text or "none", "rounds": rounds, "stalled": stalled,
                         "mean_moves": round(moves / rounds, 1)})  # fmt: skip
        else:
            combined[0] += 1
            combined[1] += stalled
            combined[2] += moves
    mean = round(combined[2] / combined[0], 1)
    rows.append({"table": "random combinations", "rounds": combined[0],
                 "stalled": combined[1], "mean_moves": mean})  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--other", type=Path, default=None)
    parser.add_argument("--stalls", action="store_true")
    args = parser.parse_args(argv)
    if args.stalls:
        rows = stalls(args.games, args.seed)
    elif args.other is not None:
        rows = against(args.other, args.games, args.seed, args.repeats)
    else:
        rows = interleaved(args.games, args.seed, args.repeats)
    for row in rows:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
