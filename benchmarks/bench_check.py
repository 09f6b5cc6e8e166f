"""Benchmark the checker: a generated 1,000-rule pack, and one rule alone.

Run: `.venv/bin/python benchmarks/bench_check.py [--rules 1000] [--repeat 5]`

The pack is 1,000 distinct rules (unique titles, a mix of events, conditions, nested blocks,
each/where targets and roshambo blocks; every 10th rule has a mistake, so the diagnostic paths
run too), each its own unit as in a pack, all checked together (so the loop check sees every
hook). Parsing is timed separately from checking; the figures are the best of `--repeat` runs.
Targets (issue 4): checking the pack < 1.5 s, one rule < 5 ms.

`--packs` (issue 15) instead times `check_pack` and the text report on real YAML packs of
1,000 and 10,000 inline rules (the same rules, every 10th wrong), alternating the two sizes
in each round so the machine's load falls on both, and prints the medians and their ratio
(target: at most 12x, i.e. linear up to noise).

`--files` (issue 25) times `lopti check`'s work on one rule *file* (`api.check_text`, then
the text report) of 1,000, 2,000, 4,000 and 8,000 rules of three shapes: the mix above, rules whose
every target is a misspelt role (`nxt player draws 1`: a diagnostic that quotes its line, once
quadratic in the file), and accepted rules from the shipped examples; it prints the CPU seconds
(`time.process_time`, so a busy machine changes them little) per 1,000 rules of each size,
best of `--repeat` (linear: the same figure at every size).

`--trial` (issue 25) times the trial rounds a table's check plays (`lopti_rules.trial`) on
the shipped examples, each alone, and on rule sets that make rounds long or endless; it
prints each set's verdict and cost (best of `--repeat`), the most the web table's live
check of one proposed rule adds.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

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


def pack_text(rules: int) -> str:
    """A YAML pack of `rules` inline rules (literal blocks), authors round the table."""
    out = ["name: Benchmark\nplayers: [Ann, Ben, Cat]\nrules:\n"]
    for i in range(rules):
        body = rule_text(i).replace("\n", "\n      ").rstrip()
        out.append(f"  - author: {i % 3}\n    text: |\n      {body}\n")
    return "".join(out)


def time_packs(repeat: int) -> None:
    from lopti_rules.api import check_pack
    from lopti_rules.diagnostics import render

    sizes = (1_000, 10_000)
    with tempfile.TemporaryDirectory() as folder:
        paths = {n: Path(folder) / f"pack{n}.yaml" for n in sizes}
        for n, path in paths.items():
            path.write_text(pack_text(n), encoding="utf-8")
        times: dict[int, list[float]] = {n: [] for n in sizes}
        count = dict.fromkeys(sizes, 0)
        check_pack(paths[sizes[0]])  # warm up: the parser is built once per process
        for _ in range(repeat):
            for n in sizes:
                t0 = time.perf_counter()
                result = check_pack(paths[n])
                render.full([result])
                times[n].append(time.perf_counter() - t0)
                count[n] = len(result.diagnostics)
    for n in sizes:
        print(
            f"pack of {n:,} inline rules: check + text report median "
            f"{statistics.median(times[n]):.2f} s "
            f"(range {min(times[n]):.2f}-{max(times[n]):.2f} s, "
            f"{count[n]} diagnostics)"
        )
    ratio = statistics.median(times[10_000]) / statistics.median(times[1_000])
    print(f"10,000 / 1,000 rules: {ratio:.1f}x (target: at most 12x)")


SHAPES = {
    "mixed": rule_text,
    "misspelt roles": lambda i: f'rule "R{i}":\n    after clear: nxt player draws {1 + i % 9}\n',
    "accepted": lambda i: (
        f'rule "Tax {i}":\n    after clear when cause is ten: each other player draws 1\n'
        if i % 2
        else f'rule "Lean {i}":\n    before turn when deck is 0:\n'
        "        each player where hand > 6 gives 1 card to the player with the fewest cards\n"
    ),
}


def time_files(repeat: int) -> None:
    from lopti_rules.api import check_text
    from lopti_rules.diagnostics import render
    from lopti_rules.diagnostics.render import FileResult

    check_text(rule_text(0))  # build the parser once
    for name, shape in SHAPES.items():
        figures = []
        for n in (1_000, 2_000, 4_000, 8_000):
            text = "".join(shape(i) for i in range(n))
            best = float("inf")
            for _ in range(repeat):
                t0 = time.process_time()
                found = check_text(text, "big.lopti")
                render.full([FileResult("big.lopti", text, tuple(found))])
                best = min(best, time.process_time() - t0)
            figures.append(f"{n:,} rules ({len(text):,} chars) {best / n * 1000:.2f} s")
        print(f"{name}: per 1,000 rules: " + ", ".join(figures))


TRIAL_SETS = {
    "tens_tax": ["examples/rules/tens_tax.lopti"],
    "lean_hands": ["examples/rules/lean_hands.lopti"],
    "lean_hands + deck_refill": [
        "examples/rules/lean_hands.lopti",
        "examples/rules/deck_refill.lopti",
    ],
    "flood (endless)": ["tests/corpus/trial/lr210_flood.lopti"],
    "refill + feed (endless)": ["tests/corpus/trial/lr210_refill_feed.lopti"],
}


def time_trial(repeat: int) -> None:
    from lopti_rules import trial
    from lopti_rules.check import check as check_units

    root = Path(__file__).resolve().parent.parent
    costs = []
    for name, paths in TRIAL_SETS.items():
        best = float("inf")
        verdict = ""
        for _ in range(repeat):
            sources = [Source((root / p).read_text(encoding="utf-8"), p) for p in paths]
            units = [(s, t) for s in sources if (t := parse(s)) is not None]
            check_units(units)
            t0 = time.perf_counter()
            figures = trial.check(units, 4)
            best = min(best, time.perf_counter() - t0)
            found = [d.code for s in sources for d in s.diagnostics]
            verdict = ", ".join(found) or "no finding"
            moves = sum(figures.moves) if figures is not None else 0
        costs.append(best)
        print(f"{name}: {verdict}; {moves:,} moves played; trial {best * 1000:.0f} ms")
    for path in sorted((root / "examples" / "rules").glob("*.lopti")):
        source = Source(path.read_text(encoding="utf-8"), str(path))
        tree = parse(source)
        assert tree is not None
        check_units([(source, tree)])
        t0 = time.perf_counter()
        trial.check([(source, tree)], 4)
        costs.append(time.perf_counter() - t0)
    costs.sort()
    print(
        f"all {len(costs)} sets: trial median {statistics.median(costs) * 1000:.0f} ms, "
        f"worst {costs[-1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--packs", action="store_true", help="time 1,000- vs 10,000-rule packs")
    parser.add_argument("--files", action="store_true", help="time single files of 1k-4k rules")
    parser.add_argument("--trial", action="store_true", help="time the trial rounds")
    args = parser.parse_args()
    if args.trial:
        time_trial(args.repeat)
        return
    if args.files:
        time_files(args.repeat)
        return
    if args.packs:
        time_packs(args.repeat)
        return
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
