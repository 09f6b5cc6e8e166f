"""Issue 11, item 8: SIGTERM during `lopti simulate` leaves no worker behind, and `play --log`
cut short by SIGINT leaves a log of whole lines."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def test_sigterm_during_simulate_stops_the_workers_too() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "lopti_rules", "simulate", "--games", "500000", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = children(proc.pid)
    assert len(workers) >= 2, "the pool never started"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and b"Traceback" not in err
    time.sleep(0.5)
    left = [w for w in workers if Path(f"/proc/{w}").exists()]
    assert left == [], f"workers left running: {left}"


def test_a_log_cut_short_by_ctrl_c_has_only_whole_lines(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "lopti_rules", "play", "--players", "5", "--seed", "3",
         "--pack", "examples/packs/chaotic.yaml", "--log", str(log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while (not log.exists() or log.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.001)
    os.kill(proc.pid, signal.SIGINT)
    proc.wait(timeout=60)
    text = log.read_text(encoding="utf-8")
    assert text.endswith("\n")
    for line in text.splitlines():
        json.loads(line)
