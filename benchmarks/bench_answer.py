"""Benchmark answering a rule's question at the web table, early and late in a round.

Run: `.venv/bin/python benchmarks/bench_answer.py [--rounds 40] [--tree DIR]`

Deals `--rounds` rounds (seeds 0, 1, ...) of one person against three greedy bots at the
web table (`serve/table.Round`, as `lopti serve` plays them), with one house rule that asks
a question at every play: `after play: player gives 1 card to next player` (the giver
chooses the card). The script plays the person: its first legal move, and the first card
offered whenever it is asked. Each answer is timed (CPU time, from the answer to the state
it produces: the rest of the move and the bots' replies until the person is asked or to act
again), and filed under the number of steps the round had recorded when it was asked.
Prints, for answers given around move 10 (moves 5-15) and around move 80 (70-90), how many
were timed and their median and range in microseconds, then the ratio of the two medians.
Answering goes on from the point that asked (engine/pause.py), so the ratio stays near 1;
a table that re-dealt and replayed the round to apply an answer grows with the move.

`--tree DIR` measures the package in another source tree (e.g. `git worktree add
/tmp/before <commit>`), for a before/after comparison.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

NAMES = ["Ann", "Ben", "Cat", "Dan"]
RULE = 'rule "Gift":\n    after play: player gives 1 card to next player\n'
BANDS = {"move 10": range(5, 16), "move 80": range(70, 91)}


def play_round(seed: int, timings: dict[str, list[float]]) -> None:
    """One round, the person's answers timed into `timings` by band."""
    from lopti_rules.engine import TableOptions
    from lopti_rules.serve.table import Round

    table = Round.deal(NAMES, ["person", "bot", "bot", "bot"], TableOptions(players=4), seed,
                       [(RULE, 0)])  # fmt: skip
    for _ in range(2000):
        if table.over:
            return
        asks = table.asks(0)
        if asks:
            ask = asks[0]
            step = len(table.moves)
            start = time.process_time()
            table.answer(0, ask.id, ask.options[-1][0] if ask.kind == "swap" else ask.options[0][0])
            spent = time.process_time() - start
            if ask.kind != "swap":
                for band, moves in BANDS.items():
                    if step in moves:
                        timings[band].append(spent * 1e6)
            continue
        legal: list[dict[str, Any]] = table.legal(0)
        if not legal:
            return  # nobody is to act: the round stalled
        move = legal[0]
        args = (move.get("rank"), move.get("count"), move.get("index"))
        table.move(0, str(move["kind"]), *args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--tree", type=Path, help="measure the package in this source tree")
    args = parser.parse_args(argv)
    if args.tree is not None:
        sys.path.insert(0, str(args.tree.resolve()))
    import lopti_rules

    print(f"package: {Path(lopti_rules.__file__).parent}")
    timings: dict[str, list[float]] = {band: [] for band in BANDS}
    for seed in range(args.rounds):
        play_round(seed, timings)
    medians = {}
    for band, spent in timings.items():
        if not spent:
            print(f"{band}: no answer timed (play more --rounds)")
            continue
        medians[band] = statistics.median(spent)
        print(
            f"{band}: {len(spent)} answers, median {medians[band]:.0f} us "
            f"[{min(spent):.0f}-{max(spent):.0f}]"
        )
    if len(medians) == 2:
        print(f"move 80 / move 10: {medians['move 80'] / medians['move 10']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
