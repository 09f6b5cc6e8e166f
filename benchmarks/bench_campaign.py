"""The safety campaign of issue 25: random accepted rule sets played under the referee.

Run: `.venv/bin/python benchmarks/bench_campaign.py [--sets 5000] [--games 20000]
[--workers 2] [--seed 25]`

Draws `--sets` rule sets the live check accepts (lopti_rules/sim/campaign.py: every event,
action, target and condition form, choices, titles and table events; the checker, then the
trial rounds, which refuse endless sets, LR210, and warn about long ones, LW603), plays
`--games` games over them with random base variants, random, greedy and searching bots,
bots' or random answers and the table model's reports, each under the referee
(engine/referee.py), and prints the figures: sets drawn and accepted, games by bots, moves,
then crashes, broken guarantees, guard trips and rounds over the move cap (those in sets the
trial warned about counted apart), each with the first rules and game numbers that showed
it (replay one with `campaign.play_one`). The sets are judged and the games played on
`--workers` processes; the figures do not depend on how many.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from lopti_rules.sim.campaign import campaign


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=5000)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--search", type=float, default=0.02, help="share of searching games")
    parser.add_argument("--show", type=int, default=3, help="incidents shown per kind")
    a = parser.parse_args()
    start = time.perf_counter()
    figures = campaign(a.seed, a.sets, a.games, search=a.search, workers=a.workers)
    seconds = time.perf_counter() - start
    for line in figures.lines():
        print(line)
    print(f"wall time: {seconds:.0f} s with {a.workers} workers")
    shown: Counter[str] = Counter()
    for incident in figures.incidents:
        if shown[incident.kind] >= a.show:
            continue
        shown[incident.kind] += 1
        print(f"\n{incident.kind} in game {incident.game}: {incident.what}")
        print("".join(incident.rules[1:]).rstrip())


if __name__ == "__main__":
    main()
