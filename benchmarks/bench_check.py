"""Benchmark the checker: a generated 1,000-rule pack, and one rule alone.

Run: `.venv/bin/python benchmarks/bench_check.py [--rules 1000] [--repeat 5]`

The pack is 1,000 distinct rules (unique titles, a mix of events, conditions, nested blocks,
each/where targets and roshambo blocks; every 10th rule has a mistake, so the diagnostic paths
run too), each its own unit as in a pack, all checked together (so the loop check sees every
hook). Parsing is timed separately from checking; the figures are the best of `--repeat` runs.
Targets (issue 4): checking the pack < 1.5 s, one rule < 5 ms.
"""

from __future__ import annotations

import argparse
import time

from lopti_rules.check import check
from lopti_rules.diagnostics.source import Source
from lopti_rules.language.parse import parse

TEMPLATES = [
    "after clear when cause is {sym}: each other player draws {n}",
    "after play when rank is {rank} and cards of player > {n}: player gives 1 card to next player",
    "after pickup when count >= {n}:\n        roshambo player vs next player:\n"
    "            loser draws 1",
    "after clear when cause is four_of_a_kind:\n        if cards of player > {n}: "
    "shuffle the removed cards into the deck",
    "before turn when deck is 0:\n        each player where hand > {n} gives 1 card to "
    "the player with the fewest cards",
    "after play when rank in [{rank}, K] and count >= 2: clear the pile",
    "after round when round > {n}:\n        repeat {n} times:\n            every player draws 1\n"
    '        announce "round {n}"',
    "after reveal when legal is false: next player discards {n} cards",
    "after finish when place is 1: each other player draws {n}",
    "after bonus: previous player takes {n} cards from the removed cards",
]
MISTAKES = [
    "after clearr: alice draws 2",
    "after play when cause is 7: seat 2 draws 0",
    "before clear: player picks up the pile retroactively",
]
SYMBOLS = ["ten", "sevens", "threes", "custom"]
RANKS = ["4", "5", "6", "8", "9", "J", "Q"]


def rule_text(i: int) -> str:
    if i % 10 == 9:
        body = MISTAKES[(i // 10) % len(MISTAKES)]
    else:
        body = TEMPLATES[i % len(TEMPLATES)].format(
            sym=SYMBOLS[i % len(SYMBOLS)], rank=RANKS[i % len(RANKS)], n=1 + i % 9
        )
    return f'rule "Rule {i}":\n    {body}\n'


def best_of(repeat: int, texts: list[str]) -> tuple[float, float, int]:
    """(parse seconds, check seconds, diagnostics) of the best run."""
    best_parse = best_check = float("inf")
    count = 0
    for _ in range(repeat):
        sources = [Source(t, f"rule{i}.lopti") for i, t in enumerate(texts)]
        t0 = time.perf_counter()
        units = [(s, parse(s)) for s in sources]
        t1 = time.perf_counter()
        parsed = [(s, tree) for s, tree in units if tree is not None]
        check(parsed, roster=["ann", "ben", "cat"])
        t2 = time.perf_counter()
        best_parse, best_check = min(best_parse, t1 - t0), min(best_check, t2 - t1)
        count = sum(len(s.diagnostics) for s in sources)
    return best_parse, best_check, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = [rule_text(i) for i in range(args.rules)]
    parse(Source(texts[0]))  # build the parser once, as a running program has
    p, c, n = best_of(args.repeat, texts)
    print(
        f"pack of {args.rules} rules: check {c * 1000:.1f} ms, parse {p * 1000:.1f} ms, "
        f"{n} diagnostics"
    )
    singles = [best_of(args.repeat * 4, [t]) for t in texts[:10]]
    worst = max(s[1] for s in singles)
    print(
        f"one rule (worst of 10, best of {args.repeat * 4} runs each): check "
        f"{worst * 1000:.3f} ms, parse {max(s[0] for s in singles) * 1000:.3f} ms"
    )


if __name__ == "__main__":
    main()
