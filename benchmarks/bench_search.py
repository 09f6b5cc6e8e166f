"""The searching bot's cost on a fixed set of decisions, to compare two versions of it.

It deals `--deals` seeded 4-player rounds, plays them with greedy seats, and at every
seventh move with more than one legal move (up to move 80) times one decision of a fresh
`SearchBot` with a budget of `--iterations` searches. It prints the mean milliseconds per decision
and a fingerprint of the moves chosen: two versions that print the same fingerprint made
the same choices. Run it on two checkouts in turn, several times interleaved (A B A B), on
the same machine, and compare the spread:

    python benchmarks/bench_search.py --iterations 100
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from lopti_rules.bots import GreedyBot, SearchBot
from lopti_rules.engine import Game, TableOptions

EVERY = 7  # a decision timed every this many moves
UPTO = 80  # moves into each round


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--deals", type=int, default=12)
    args = parser.parse_args()
    greedy = GreedyBot()
    spent = 0.0
    chosen: list[str] = []
    for seed in range(args.deals):
        game = Game.new(TableOptions(players=4), seed)
        rng = random.Random(seed)
        for k in range(UPTO):
            if game.over:
                break
            legal = game.legal_moves()
            if len(legal) > 1 and k % EVERY == 0:
                bot = SearchBot("hard", iterations=args.iterations)
                start = time.perf_counter()
                move = bot.choose(game.view(game.turn), legal, random.Random(k))
                spent += time.perf_counter() - start
                chosen.append(str(move))
            game.apply(greedy.choose(game.view(game.turn), legal, rng))
    print_line = hashlib.sha256("|".join(chosen).encode()).hexdigest()[:12]
    print(f"{1000 * spent / len(chosen):.1f} ms a decision over {len(chosen)}; moves {print_line}")


if __name__ == "__main__":
    main()
