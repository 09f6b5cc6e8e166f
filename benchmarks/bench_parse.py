"""Front-end timings: a cold `lopti check` of one example, and parsing a 1,000-rule file.

Run: .venv/bin/python benchmarks/bench_parse.py   (exit 1 if a target is missed)

Targets (issue 3): a cold-process `lopti check examples/rules/<one>.lopti` under 0.3 s wall,
best of several runs after one warm-up that fills Lark's grammar cache; parsing a generated
1,000-rule file under 1 s (the parse alone, the parser already loaded). CPU times are printed
too, and the load average: on a machine busy with other work the wall time says little.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lopti_rules.diagnostics.source import Source  # noqa: E402
from lopti_rules.language.parse import parse, parser  # noqa: E402

HOOKS = [
    "after clear when cause is ten: each other player draws 1",
    "after play when rank is 7 and cards of player > 3: player gives 1 card to next player",
    "before turn when deck is 0:\n        each player where hand > 6 gives 1 card to the player"
    " with the fewest cards",
    "after pickup when count >= 8:\n        roshambo player vs next player:\n"
    "            loser draws 1",
    "after clear when cause is four_of_a_kind:\n        if cards of player > 10: shuffle the"
    ' removed cards into the deck\n        announce "Comeback!"',
    "after play when rank in [J, Q, K] or pile > 12: clear the pile",
]


def generated_file(rules: int, seed: int = 3) -> str:
    rng = random.Random(seed)
    return "\n".join(
        f'# rule {n}\nrule "Rule {n}":\n    {rng.choice(HOOKS)}\n' for n in range(rules)
    )


def cold_check(path: Path, runs: int = 7) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system of the child) of a cold process."""
    lopti = Path(sys.executable).with_name("lopti")
    cmd = [str(lopti)] if lopti.exists() else [sys.executable, "-m", "lopti_rules.cli.main"]
    subprocess.run([*cmd, "check", str(path)], check=True, capture_output=True)  # warm-up
    best_wall = best_cpu = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([*cmd, "check", str(path)], check=True, capture_output=True)
        best_wall = min(best_wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best_cpu = min(best_cpu, cpu)
    return best_wall, best_cpu


def parse_time(text: str, runs: int = 5) -> tuple[float, float]:
    """Best wall time and best CPU time of parsing `text` (the parser already loaded)."""
    parser()  # load once, as a long-running process would
    best_wall = best_cpu = float("inf")
    for _ in range(runs):
        source = Source(text, "bench.lopti")
        start, start_cpu = time.perf_counter(), time.process_time()
        tree = parse(source)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        best_wall = min(best_wall, time.perf_counter() - start)
        assert tree is not None and len(tree.rules) == 1000, source.diagnostics
    return best_wall, best_cpu


def main() -> int:
    example = ROOT / "examples" / "rules" / "tens_tax.lopti"
    cold, cold_cpu = cold_check(example)
    text = generated_file(1000)
    parsed, parsed_cpu = parse_time(text)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    print(
        f"cold `lopti check {example.relative_to(ROOT)}`: {cold:.3f} s wall, "
        f"{cold_cpu:.3f} s CPU (target < 0.3 s wall)"
    )
    print(
        f"parse a 1,000-rule file ({len(text):,} chars): {parsed:.3f} s wall, "
        f"{parsed_cpu:.3f} s CPU (target < 1 s)"
    )
    return 0 if cold < 0.3 and parsed < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
