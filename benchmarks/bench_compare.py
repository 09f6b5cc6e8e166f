"""Before/after benchmark: two source trees measured in alternating processes.

Runs the same measurements against the package in this checkout (`after`) and in another
source tree (`--before DIR`, e.g. a `git worktree add /tmp/before main`), each in a fresh
process with that tree first on `PYTHONPATH`, alternating before/after for `--rounds`
rounds (the order flips every round), and prints, per measurement, the median and the range
(min..max) of each side and the median change. The measurements use only the public API
both trees share:

- `engine-random`, `engine-greedy`: moves/s (CPU time) of `--games` seeded bot rounds, 4
  players, no rule pack (as `bench_engine.py`);
- `pack-<name>`: the CPU time per game (us) of `--games` rounds with the example pack
  `examples/packs/<name>.yaml` installed, 4 players, random bots or `--bots greedy` (as
  `bench_runtime.py`).
  Both sides play the pack as the `--before` tree has it (with its rule files), so they
  play the same rules even when the examples grew since (a newer pack may use actions the
  older tree does not have); a tree without `examples/` (an unpacked wheel) plays this
  checkout's.

`--after DIR` measures another tree instead of this checkout: two unpacked builds (e.g. the
pure and the mypyc-compiled wheel) compare the same way.

A change is inside the noise when it is smaller than the spread of the two sides' ranges.

    python benchmarks/bench_compare.py --before /tmp/before --rounds 5 --games 300
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKS = ("gentle", "chaotic", "everything")


def measure(what: str, games: int, packs: Path = ROOT, bots: str = "random") -> float:
    """One measurement in this process (the package is whichever `PYTHONPATH` gives)."""
    import lopti_rules

    print(lopti_rules.__file__, file=sys.stderr)
    from lopti_rules.bots import make_bots
    from lopti_rules.bots.runner import run_round
    from lopti_rules.engine import EventBus, TableOptions

    options = TableOptions(players=4)
    if what.startswith("engine-"):
        bots = what.removeprefix("engine-")
        moves = 0
        start = time.process_time()
        for seed in range(games):
            moves += run_round(options, seed, make_bots(bots, 4)).moves
        return moves / (time.process_time() - start)
    try:  # the composition root since the redesign; before it, the runtime's RuleSet
        from lopti_rules.api import ruleset_from_pack
    except ImportError:
        from lopti_rules.runtime import RuleSet

        ruleset_from_pack = RuleSet.from_pack
    try:  # the packs stage since the redesign; before it, a top-level module
        from lopti_rules.packs.pack import load_pack
    except ImportError:
        load_pack = importlib.import_module("lopti_rules.pack").load_pack

    path = packs / "examples" / "packs" / f"{what.removeprefix('pack-')}.yaml"
    rules = ruleset_from_pack(load_pack(path))
    start = time.process_time()
    for seed in range(games):
        bus = EventBus()
        rules.attach(bus)
        run_round(options, seed, make_bots(bots, 4), bus=bus)
    return (time.process_time() - start) / games * 1e6


def _run(tree: Path, what: str, games: int, packs: Path, bots: str) -> float:
    # `-S`: no site hooks, so an editable install cannot put another tree first; the
    # dependencies come from this interpreter's site-packages, after `tree`
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tree), sysconfig.get_paths()["purelib"]]),
    }
    args = [sys.executable, "-S", __file__, "--worker", what, "--games", str(games)]
    args += ["--packs", str(packs), "--bots", bots]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


WHATS = ("engine-random", "engine-greedy", *(f"pack-{p}" for p in PACKS))


def compare(
    before: Path,
    rounds: int,
    games: int,
    after: Path = ROOT,
    whats: tuple[str, ...] = WHATS,
    bots: str = "random",
) -> dict[str, dict[str, object]]:
    seen: dict[str, dict[str, list[float]]] = {w: {"before": [], "after": []} for w in whats}
    sides = {"before": before, "after": after}
    packs = before if (before / "examples" / "packs").is_dir() else ROOT
    for i in range(rounds):
        order = ["before", "after"] if i % 2 == 0 else ["after", "before"]
        for what in whats:
            for side in order:
                seen[what][side].append(_run(sides[side], what, games, packs, bots))
    report: dict[str, dict[str, object]] = {}
    for what, runs in seen.items():
        b, a = statistics.median(runs["before"]), statistics.median(runs["after"])
        report[what] = {
            "unit": "moves/s" if what.startswith("engine") else "us/game",
            "before": round(b, 1),
            "before_range": [round(min(runs["before"]), 1), round(max(runs["before"]), 1)],
            "after": round(a, 1),
            "after_range": [round(min(runs["after"]), 1), round(max(runs["after"]), 1)],
            "change_pct": round((a / b - 1) * 100, 2),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", type=Path, help="the source tree to compare against")
    parser.add_argument("--after", type=Path, default=ROOT, help="the tree measured as after")
    parser.add_argument(
        "--only", action="append", choices=WHATS, help="measure only these (repeatable)"
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument(
        "--bots", choices=("random", "greedy"), default="random", help="the packs' bots"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--packs", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(measure(args.worker, args.games, args.packs, args.bots))
        return 0
    if args.before is None:
        parser.error("--before DIR is required")
    whats = tuple(args.only) if args.only else WHATS
    report = compare(
        args.before.resolve(), args.rounds, args.games, args.after.resolve(), whats, args.bots
    )
    for what, row in report.items():
        print(
            f"{what:15} {row['unit']:8} before {row['before']:>10} {row['before_range']}  "
            f"after {row['after']:>10} {row['after_range']}  {row['change_pct']:+.2f}%"
        )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
