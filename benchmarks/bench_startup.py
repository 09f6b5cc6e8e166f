"""Start-up benchmark: `lopti --help` against `lopti check one.lopti`, in alternating runs.

Each pass starts `lopti --help` and `lopti check FILE` (default: a one-rule example) once
each, in a fresh process, alternating which goes first; prints the median wall-clock
milliseconds of each over `--passes` passes, their range, and the ratio help/check (target:
at most 1, since listing the commands imports none of them).

    python benchmarks/bench_startup.py --passes 21
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE = ROOT / "examples" / "rules" / "comeback.lopti"


def once(args: list[str]) -> float:
    """Milliseconds for one `lopti ARGS` in a fresh interpreter."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lopti_rules", *args], capture_output=True)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=21)
    parser.add_argument("--file", default=str(ONE))
    args = parser.parse_args(argv)
    runs: dict[str, list[str]] = {"help": ["--help"], "check": ["check", args.file]}
    times: dict[str, list[float]] = {name: [] for name in runs}
    for i in range(args.passes):
        order = list(runs) if i % 2 == 0 else list(reversed(runs))
        for name in order:
            times[name].append(once(runs[name]))
    report: dict[str, object] = {
        name: {
            "median_ms": round(statistics.median(t), 1),
            "range_ms": [round(min(t), 1), round(max(t), 1)],
        }
        for name, t in times.items()
    }
    report["help_over_check"] = round(
        statistics.median(times["help"]) / statistics.median(times["check"]), 3
    )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
