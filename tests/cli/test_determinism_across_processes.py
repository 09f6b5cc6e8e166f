"""Determinism across processes: the same seed gives byte-identical narration and event log
from two separate `python -m lopti_rules play` runs, with and without a pack.

The two processes get different `PYTHONHASHSEED`s, so anything that orders by hash (a set of
strings iterated, a dict keyed by a hashed object built in another order) shows as a
difference; one process compared with itself could not catch it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("1", "2024")
CASES = {
    "base rules": ["--players", "4", "--bots", "greedy,random,greedy,random", "--places"],
    "chaotic pack": ["--pack", "examples/packs/chaotic.yaml", "--bots", "greedy"],
    "everything pack": ["--pack", "examples/packs/everything.yaml"],
}


def play(tmp_path: Path, hash_seed: str, args: list[str]) -> tuple[bytes, bytes]:
    """The narration and the log of one `lopti play` in a process of its own."""
    log = tmp_path / f"game-{hash_seed}.jsonl"
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-m", "lopti_rules", "play", *args, "--seed", "11", "--log", str(log)],
        cwd=ROOT,
        env=env,
        capture_output=True,
    )
    assert done.returncode == 0 and done.stderr == b"", done.stderr.decode()
    return done.stdout, log.read_bytes()


@pytest.mark.parametrize("case", CASES)
def test_two_processes_play_the_same_game_byte_for_byte(tmp_path: Path, case: str) -> None:
    (out_a, log_a), (out_b, log_b) = (play(tmp_path, h, CASES[case]) for h in HASH_SEEDS)
    assert out_a == out_b
    assert log_a == log_b
    assert out_a.count(b"\n") > 10 and log_a.count(b"\n") > 10  # a whole round, not a refusal
