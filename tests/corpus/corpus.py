"""Load the checker corpus: rule files with the expected codes written on the offending line.

A line's trailing comment `# error: LR301` (or `# warning: LW601`, several codes separated by
commas) says which diagnostics must start on that line; every other line must get none.
A file's first-line comment `# players: ann, ben` gives the roster. Files directly in
`tests/corpus/` and in its subfolders are checked one by one; the files of a folder under
`packs/` are checked together, in name order (a pack, or a rule with the rules in force).
The files under `trial/` are, once accepted, also played in the trial rounds `lopti check`
plays (`lopti_rules.trial`: LR210, LW603).
A *case* is one rule: must-fail when some line of it expects a code, must-pass otherwise.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from lopti_rules import trial
from lopti_rules.check import check
from lopti_rules.diagnostics.source import Source
from lopti_rules.language.parse import parse

ROOT = Path(__file__).parent
TRIAL = ROOT / "trial"
_EXPECT = re.compile(r"#\s*(?:error|warning):\s*([A-Z]{2}\d{3}(?:\s*,\s*[A-Z]{2}\d{3})*)\s*$")
_PLAYERS = re.compile(r"^#\s*players:\s*(.+)$")
_RULE = re.compile(r"^rule\s")

Expectation = tuple[str, int, str]  # (file, line, code)


@dataclass
class Unit:
    path: Path
    text: str

    @property
    def name(self) -> str:
        return self.path.relative_to(ROOT).as_posix()

    def expected(self) -> list[Expectation]:
        out: list[Expectation] = []
        for number, line in enumerate(self.text.splitlines(), 1):
            m = _EXPECT.search(line)
            if m:
                out += [(self.name, number, c.strip()) for c in m.group(1).split(",")]
        return out

    def roster(self) -> list[str] | None:
        first = self.text.splitlines()[0] if self.text else ""
        m = _PLAYERS.match(first)
        return [n.strip() for n in m.group(1).split(",")] if m else None

    def cases(self) -> list[tuple[int, int, list[str]]]:
        """Each rule as (first line, last line, expected codes)."""
        lines = self.text.splitlines()
        starts = [i + 1 for i, line in enumerate(lines) if _RULE.match(line)]
        ends = [s - 1 for s in starts[1:]] + [len(lines)]
        expected = self.expected()
        return [
            (s, e, [c for _, n, c in expected if s <= n <= e])
            for s, e in zip(starts, ends, strict=True)
        ]


def groups() -> list[list[Unit]]:
    """The corpus: lists of units checked together."""
    out: list[list[Unit]] = []
    packs = ROOT / "packs"
    for path in sorted(ROOT.rglob("*.lopti")):
        if packs in path.parents:
            continue
        out.append([Unit(path, path.read_text(encoding="utf-8"))])
    for folder in sorted(p for p in packs.iterdir() if p.is_dir()):
        out.append([Unit(p, p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.lopti"))])
    return out


def run(group: list[Unit]) -> tuple[Counter[Expectation], Counter[Expectation], list[str]]:
    """Check a group; (missing, unexpected, messages of the unexpected) diagnostics."""
    units = []
    for unit in group:
        source = Source(unit.text, unit.name)
        tree = parse(source)
        units.append((source, tree))
    parsed = [(s, t) for s, t in units if t is not None]
    check(parsed, roster=group[0].roster())
    if TRIAL in group[0].path.parents and not any(s.has_errors for s, _ in parsed):
        trial.check(parsed, 4)
    got: Counter[Expectation] = Counter()
    notes: list[str] = []
    for source, _ in units:
        for d in source.sorted_diagnostics():
            got[(source.path, d.span.line, d.code)] += 1
            notes.append(f"{source.path}:{d.span.line}:{d.span.column}: {d.code} {d.message}")
    want: Counter[Expectation] = Counter(e for unit in group for e in unit.expected())
    return want - got, got - want, notes
