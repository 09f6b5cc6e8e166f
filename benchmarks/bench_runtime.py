"""Hook-runtime benchmark: the same seeded bot rounds with no pack, an empty pack and a pack.

Plays `--games` rounds (seeds `--seed`, `--seed`+1, ...) with `--players` seats and the
`--bots` mix through the bot runner, side by side in one run: with no rule runtime at all
(`none`), with an empty pack installed (`empty`), with `--pack` (default: the gentle example
pack) installed (`pack`), and, as a reference, with the pack's gates (its compiled `when`
conditions) subscribed with do-nothing handlers (`gates_only`: the same games as no pack, so
its overhead is what testing the pack's conditions at every event costs, the floor under the
pack). Rule sets are compiled once, outside the timing (a table compiles its pack once per
game set-up). The configurations are interleaved in `--repeat` passes, in a rotating order,
and each keeps its fastest pass, which evens out machine noise; times are the process's CPU
time (`time.process_time`). Rules change the games (a gift or a draw changes what follows,
and the gentle pack's rounds are shorter), so the overhead is given per move applied (plays,
pickups, reveals: the target's measure) and per game.

Prints a table, then (or only, with `--json`) one JSON object:

    {"games", "players", "bots", "pack", "none": {...}, "empty": {...}, "pack_run": {...},
     "gates_only": {...}, "overhead_empty_pct", "overhead_pack_pct",
     "overhead_empty_per_game_pct", "overhead_pack_per_game_pct", "overhead_gates_pct",
     "per_game_pct": {"empty", "pack_run", "gates_only": {"median", "min", "max"}}}

where each run has `moves`, `seconds` (CPU), `us_per_move`, `us_per_game` and `guard_trips`;
the `overhead_*_pct` are per move unless named per game, from each configuration's fastest
pass; `per_game_pct` gives, per configuration, the median and range (`min`, `max`) of the
per-game overhead pass by pass (pass i against no pack's pass i). On a machine with bursts of
load from elsewhere, `--block 50` plays each pass in blocks of 50 rounds, the configurations
taking turns block by block, so that a burst falls on all of them within each pass (the
JSON then adds `block` and `per_block_pct`, the same figures block by block). Targets: an
empty pack at most 3% over no pack per move; per game with greedy bots, the gentle pack at
most +25% and the chaotic pack at most +40%.

    python benchmarks/bench_runtime.py --games 1000 --players 4 --bots random --repeat 6
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from lopti_rules.api import ruleset_from_pack, ruleset_from_sources
from lopti_rules.bots import make_bots
from lopti_rules.bots.runner import run_round
from lopti_rules.engine import EventBus, Game, TableOptions
from lopti_rules.packs.pack import load_pack
from lopti_rules.runtime import RuleSet

ROOT = Path(__file__).resolve().parent.parent
GENTLE = ROOT / "examples" / "packs" / "gentle.yaml"
BOUNDS = {
    "gentle": 25,
    "chaotic": 40,
}  # per-game overhead bounds, greedy bots (issue 15)


def _noop(game: Game, actor: int | None, f0: object, f1: object, f2: object) -> None:
    return None


def _fmt_pct(value: float) -> str:
    return f"{value:+.1f}%"


def one_pass(
    rules: RuleSet | None,
    games: int,
    players: int,
    bots: str,
    seed: int,
    noop: bool = False,
) -> dict[str, float]:
    options = TableOptions(players=players)
    moves = trips = 0
    gates = EventBus()  # the pack's conditions only, subscribed once, as a rule set's hooks
    if noop and rules is not None:
        gates.subscribe_all(
            [(h.event, h.timing, _noop, h.gate, h.keys) for h in rules.hooks], raw=True
        )
    start = time.process_time()
    for s in range(seed, seed + games):
        bus = EventBus()
        if noop and rules is not None:  # the same games as none
            bus.adopt(gates)
        elif rules is not None:
            runtime = rules.attach(bus)
        result = run_round(options, s, make_bots(bots, players), bus=bus)
        moves += result.moves
        if rules is not None and not noop:
            trips += len(runtime.trips)
    seconds = time.process_time() - start
    return {
        "moves": moves,
        "seconds": round(seconds, 4),
        "us_per_move": round(seconds / moves * 1e6, 4),
        "us_per_game": round(seconds / games * 1e6, 2),
        "guard_trips": trips,
    }


def bench(
    games: int, players: int, bots: str, seed: int, pack: Path, repeat: int, block: int = 0
) -> dict:
    chosen = ruleset_from_pack(load_pack(pack))
    configs: dict[str, tuple[RuleSet | None, bool]] = {
        "none": (None, False),
        "empty": (ruleset_from_sources([]), False),
        "pack_run": (chosen, False),
        "gates_only": (chosen, True),
    }
    best: dict[str, dict[str, float]] = {}
    passes: dict[str, list[float]] = {name: [] for name in configs}  # us per game, per pass
    names = list(configs)
    blocks: dict[str, list[float]] = {name: [] for name in configs}  # us per game, per block
    size = block or games
    for i in range(repeat):
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in configs}
        for k, start in enumerate(range(seed, seed + games, size)):  # the seeds, block by block
            turn = (i + k) % len(names)
            for name in names[turn:] + names[:turn]:  # rotate the order
                rules, noop = configs[name]
                n = min(size, seed + games - start)
                runs[name].append(one_pass(rules, n, players, bots, start, noop))
                blocks[name].append(runs[name][-1]["us_per_game"])
        for name in names:
            run = _total(runs[name], games)
            passes[name].append(run["us_per_game"])
            if name not in best or run["us_per_move"] < best[name]["us_per_move"]:
                best[name] = run
    base = best["none"]["us_per_move"]
    base_game = best["none"]["seconds"]
    return {
        "games": games,
        "players": players,
        "bots": bots,
        "pack": str(pack.relative_to(ROOT) if pack.is_relative_to(ROOT) else pack),
        **best,
        "overhead_empty_pct": round((best["empty"]["us_per_move"] / base - 1) * 100, 2),
        "overhead_pack_pct": round((best["pack_run"]["us_per_move"] / base - 1) * 100, 2),
        "overhead_empty_per_game_pct": round((best["empty"]["seconds"] / base_game - 1) * 100, 2),
        "overhead_pack_per_game_pct": round((best["pack_run"]["seconds"] / base_game - 1) * 100, 2),
        "overhead_gates_pct": round((best["gates_only"]["us_per_move"] / base - 1) * 100, 2),
        # per game, pass by pass (pass i of a configuration against pass i of no pack)
        "per_game_pct": {name: _spread(passes[name], passes["none"]) for name in names[1:]},
        # with --block: the same, block by block (the configurations take turns per block)
        **(
            {"block": block}
            | {"per_block_pct": {n: _spread(blocks[n], blocks["none"]) for n in names[1:]}}
            if block
            else {}
        ),
    }


def _total(runs: list[dict[str, float]], games: int) -> dict[str, float]:
    """One pass's figures from its blocks' (or its one run's)."""
    seconds = sum(r["seconds"] for r in runs)
    moves = int(sum(r["moves"] for r in runs))
    return {
        "moves": moves,
        "seconds": round(seconds, 4),
        "us_per_move": round(seconds / moves * 1e6, 4),
        "us_per_game": round(seconds / games * 1e6, 2),
        "guard_trips": int(sum(r["guard_trips"] for r in runs)),
    }


def _spread(runs: list[float], base: list[float]) -> dict[str, float]:
    """The median and range of `runs[i] / base[i] - 1`, in percent."""
    ratios = sorted((run / ref - 1) * 100 for run, ref in zip(runs, base, strict=True))
    return {
        "median": round(statistics.median(ratios), 2),
        "min": round(ratios[0], 2),
        "max": round(ratios[-1], 2),
    }


def table(report: dict) -> str:
    """The comparison, one row per configuration (CPU time, fastest pass)."""
    none = report["none"]
    rows = [
        f"{report['games']} games, {report['players']} players, {report['bots']} bots, "
        f"pack {report['pack']} (CPU time, fastest of the interleaved passes)",
        f"{'':12} {'moves':>8} {'us/move':>9} {'vs none':>8} {'us/game':>9} {'vs none':>8}",
    ]
    labels = {"none": "no pack", "empty": "empty pack", "pack_run": "pack",
              "gates_only": "gates only"}  # fmt: skip
    for key, label in labels.items():
        run = report[key]
        per_move = run["us_per_move"] / none["us_per_move"] - 1
        per_game = run["seconds"] / none["seconds"] - 1
        rows.append(
            f"{label:12} {run['moves']:>8} {run['us_per_move']:>9.3f} "
            f"{'' if key == 'none' else _fmt_pct(per_move * 100):>8} "
            f"{run['us_per_game']:>9.1f} {'' if key == 'none' else _fmt_pct(per_game * 100):>8}"
        )
    spread = report["per_game_pct"]
    if "per_block_pct" in report:
        rows.append(
            f"per game vs none, median [range] of the blocks of {report['block']}: "
            + ", ".join(
                f"{labels[key]} {_fmt_pct(v['median'])} "
                f"[{_fmt_pct(v['min'])}..{_fmt_pct(v['max'])}]"
                for key, v in report["per_block_pct"].items()
            )
        )
    rows.append(
        "per game vs none, median [range] of the passes: "
        + ", ".join(
            f"{labels[key]} {_fmt_pct(v['median'])} [{_fmt_pct(v['min'])}..{_fmt_pct(v['max'])}]"
            for key, v in spread.items()
        )
    )
    bound = BOUNDS.get(Path(report["pack"]).stem)
    rows.append(
        f"targets: empty pack <= +3% per move ({_fmt_pct(report['overhead_empty_pct'])})"
        + (
            f", this pack <= +{bound}% per game with greedy bots "
            f"({_fmt_pct(spread['pack_run']['median'])} median)"
            if bound is not None
            else ""
        )
    )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pack", type=Path, default=GENTLE)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--block",
        type=int,
        default=0,
        help="play each pass in blocks of this many rounds, the configurations taking turns "
        "per block (robust to bursts of machine load)",
    )
    parser.add_argument("--json", action="store_true", help="print only the JSON object")
    args = parser.parse_args(argv)
    report = bench(
        args.games, args.players, args.bots, args.seed, args.pack, args.repeat, args.block
    )
    if not args.json:
        print(table(report))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
