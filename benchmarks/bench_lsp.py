"""Benchmark the language server: diagnostics for a 200-rule file, from an edit to their arrival.

Run: `.venv/bin/python benchmarks/bench_lsp.py [--rules 200] [--edits 30]`

A real `lopti lsp` in a subprocess, driven over stdio by `lopti_rules.lsp.client` the way an
editor drives it: open one file of `--rules` rules (`bench_check.rule_text`: a mix of events,
conditions, blocks, with a mistake in every 10th rule), then `--edits` times change one
character (a typo made, then fixed, alternately, in a rule near the end) as an incremental
edit, and time from sending the change to receiving its `publishDiagnostics`; then send
bursts of six such edits at once (fast typing) and time until the diagnostics of the last.
Prints the median, the 90th percentile and the worst, and for comparison the best in-process time of
`lsp.diagnose.check_document` on the same text (the check itself, without the protocol).
Target (issue 19): within 100 ms of an edit (issue 25: 150 ms).

`--large N` (issue 25) instead opens a file of N rules (default 9,500, just under the size
limit), sends a completion request while its check runs, and prints how long the answer took
and how long the diagnostics took (the server checks in the background: it never stalls).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench_check import rule_text

from lopti_rules.lsp.client import Client
from lopti_rules.lsp.diagnose import check_document
from lopti_rules.lsp.table import Table


def in_process(text: str, repeat: int) -> tuple[float, float]:
    """The best wall and CPU times of checking the text as the server does, without the
    protocol (the CPU time is what a busy machine changes least)."""
    check_document("big.lopti", text, Table())  # build the parser once
    best = cpu = float("inf")
    for _ in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        check_document("big.lopti", text, Table())
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - used)
    return best, cpu


def letter(row: int, column: int, new: str) -> dict[str, object]:
    """An edit that replaces the one character at (row, column) with `new`."""
    where = {"line": row, "character": column}
    end = {"line": row, "character": column + 1}
    return {"range": {"start": where, "end": end}, "newText": new}


def large(rules: int) -> None:
    """Time a completion sent while a large file is checked, and the file's diagnostics."""
    text = "".join(rule_text(i) for i in range(rules))
    with tempfile.TemporaryDirectory() as folder:
        client = Client(Path(folder))
        try:
            uri = (Path(folder) / "large.lopti").as_uri()
            item = {"uri": uri, "languageId": "lopti", "version": 1, "text": text}
            start = time.perf_counter()
            client.notify("textDocument/didOpen", {"textDocument": item})
            time.sleep(0.2)  # the check is under way
            asked = time.perf_counter()
            client.at("textDocument/completion", uri, 1, 10)
            answered = time.perf_counter() - asked
            found = client.diagnostics(uri, timeout=300)
            checked = time.perf_counter() - start
        finally:
            client.close()
    print(
        f"{rules:,}-rule file ({len(text):,} chars): a completion sent during its check "
        f"answered in {answered * 1000:.0f} ms; its {len(found)} diagnostics after "
        f"{checked:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=int, default=200)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--large", type=int, nargs="?", const=9_500, default=None)
    args = parser.parse_args()
    if args.large:
        large(args.large)
        return
    text = "".join(rule_text(i) for i in range(args.rules))
    lines = text.splitlines()
    row = max(i for i, line in enumerate(lines) if line.startswith("    after clear when"))
    column = lines[row].index("clear")
    with tempfile.TemporaryDirectory() as folder:
        client = Client(Path(folder))
        try:
            uri = (Path(folder) / "big.lopti").as_uri()
            first = client.open(uri, text)
            times, bursts = [], []
            for n in range(args.edits):
                typo = n % 2 == 0  # `clear` -> `alear`, then back
                start = time.perf_counter()
                found = client.edit(uri, letter(row, column, "a" if typo else "c"))
                times.append(time.perf_counter() - start)
                assert len(found) == len(first) + (1 if typo else 0)
            for _ in range(max(args.edits // 6, 1)):
                # six keystrokes at once: the typo made and fixed three times
                keys = [letter(row, column, "ac"[k % 2]) for k in range(6)]
                start = time.perf_counter()
                assert len(client.burst(uri, keys)) == len(first)
                bursts.append(time.perf_counter() - start)
        finally:
            client.close()
    times.sort()
    wall, cpu = in_process(text, 10)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(
        f"{args.rules}-rule file ({len(lines)} lines, {len(first)} diagnostics): "
        f"edit to diagnostics median {statistics.median(times) * 1000:.1f} ms, "
        f"p90 {p90 * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms over {args.edits} edits; "
        f"the check alone in-process {wall * 1000:.1f} ms, {cpu * 1000:.1f} ms of CPU "
        "(best of 10)"
    )
    print(
        f"a burst of 6 edits sent at once: diagnostics of the last one after median "
        f"{statistics.median(bursts) * 1000:.1f} ms over {len(bursts)} bursts"
    )


if __name__ == "__main__":
    main()
