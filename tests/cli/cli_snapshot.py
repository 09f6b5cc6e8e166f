"""Snapshot files for CLI output: compare with `tests/cli/snapshots/NAME`, or rewrite them
when LOPTI_UPDATE_SNAPSHOTS=1 is set (then read the diff before committing). A change to the
engine or the bots changes the `lopti play` snapshots: regenerate them deliberately with
`LOPTI_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/cli`."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).parents[2]
SNAPSHOTS = Path(__file__).parent / "snapshots"


def matches(name: str, text: str) -> bool:
    path = SNAPSHOTS / name
    if os.environ.get("LOPTI_UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    return path.is_file() and path.read_text(encoding="utf-8") == text
