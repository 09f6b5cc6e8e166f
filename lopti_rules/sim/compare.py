"""Judging a proposed rule: paired differences, findings and their verdict lines.

Takes the records of `vet`'s two arms, played from the same seeds (game `i` of each has the
same deal and the same bot randomness, play.py), the proposed rule's titles and its
author's seat. Produces a `Comparison`: each arm's `Summary`, the paired differences with
95% intervals (stats.py), and one `Finding` per question a table asks, each with a verdict
line: "plays fine: ..." or "warning: ...".

Thresholds (docs/vetting.md repeats them; a finding warns only when its difference is both
large and clear of chance, its interval excluding zero):

- round length: turns per round change by `LENGTH_CHANGE` (20%) or more, either way;
- the author's advantage: the author's seat wins `AUTHOR_EDGE` (5 points) more often;
- seat fairness: another seat's win rate moves by `SEAT_SHIFT` (5 points) or more (its
  interval Bonferroni-corrected for the number of other seats looked at);
- fires: the rule never fires, or fires in fewer than `RARE_FIRING` (1%) of rounds;
- guard trips: the runtime guard stops a cascade in any round it did not without the rule;
- stalls: any round stalls with the rule that did not without it (bots could not finish).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lopti_rules.diagnostics.style import Paint, plain
from lopti_rules.sim.play import GameRecord
from lopti_rules.sim.stats import Estimate, paired_diff, relative_change, wilson, z_of
from lopti_rules.sim.summary import Summary, pct

LENGTH_CHANGE = 0.20
AUTHOR_EDGE = 0.05
SEAT_SHIFT = 0.05
RARE_FIRING = 0.01


@dataclass(frozen=True, slots=True)
class Finding:
    """One question about the rule, its measured difference and the verdict line."""

    key: str  # length, author, fairness, fires, trips, stalls
    warning: bool
    line: str  # "plays fine: ..." or "warning: ..."
    estimate: Estimate | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"finding": self.key, "warning": self.warning, "line": self.line}
        if self.estimate is not None:
            out["estimate"] = self.estimate.to_json()
        return out


@dataclass(frozen=True, slots=True)
class Comparison:
    without: Summary
    with_: Summary
    titles: tuple[str, ...]  # the proposed rule's titles
    author: int
    moves: Estimate  # relative change of moves per round
    turns: Estimate  # relative change of turns per round
    seats: tuple[Estimate, ...]  # per seat, change of win rate (points as a fraction)
    pickups: Estimate  # change of pickups per round
    clears: Estimate  # change of clears per round
    findings: tuple[Finding, ...]
    base_change: bool = False  # the arms differ by base variants: a proposer, not an author

    @property
    def warnings(self) -> int:
        return sum(f.warning for f in self.findings)

    def verdict(self) -> str:
        n = self.warnings
        if not n:
            return "Verdict: plays fine."
        return f"Verdict: {n} warning{'s' if n > 1 else ''}; read them before the table votes."

    def text(self, names: Sequence[str] | None = None, paint: Paint = plain) -> str:
        """The two arms side by side with their paired differences, then the verdicts
        (`paint`: each finding's label and the verdict in the colour of its outcome)."""
        b, w = self.without, self.with_
        rows = [("", "without", "with", "difference (95% CI)")]
        for label, x, y, d in (
            ("turns per round", b.turns, w.turns, self.turns),
            ("moves per round", b.moves, w.moves, self.moves),
        ):
            rows.append((label, f"{x.mean.value:.1f}", f"{y.mean.value:.1f}", _relative(d)))
        for seat in range(len(self.seats)):
            who = f"wins, seat {seat}" + (f" ({names[seat]})" if names else "")
            role = "proposer" if self.base_change else "author"
            who += f", {role}" if seat == self.author else ""
            rows.append(
                (who, pct(b.wins[seat].value), pct(w.wins[seat].value), _points(self.seats[seat]))
            )
        for label, x2, y2, d in (
            ("pickups per round", b.pickups, w.pickups, self.pickups),
            ("clears per round", b.clears, w.clears, self.clears),
        ):
            told = f"{d.value:+.2f} (±{d.half_width:.2f})"
            rows.append((label, f"{x2.value:.2f}", f"{y2.value:.2f}", told))
        for rule in w.rules[len(b.rules) :]:
            share = f"in {pct(rule.rounds.value)} of rounds"
            rows.append((f"fires, {rule.title!r}", "-", f"{rule.per_round.value:.2f}/round", share))
        rows.append(("rounds with guard trips", str(b.trip_rounds), str(w.trip_rounds), ""))
        rows.append(("stalled rounds", str(b.stalled_rounds), str(w.stalled_rounds), ""))
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = [
            "  ".join(cell.ljust(widths[i]) if i < 3 else cell for i, cell in enumerate(row))
            for row in rows
        ]
        lines = [line.rstrip() for line in lines]
        lines += ["", *(_painted(f.line, f.warning, paint) for f in self.findings)]
        lines.append(paint(self.verdict(), "warning" if self.warnings else "good"))
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, object]:
        return {
            "author": self.author,
            "rule": list(self.titles),
            "without": self.without.to_json(),
            "with": self.with_.to_json(),
            "difference": {
                "moves": self.moves.to_json(),
                "turns": self.turns.to_json(),
                "win_rate": [s.to_json() for s in self.seats],
                "pickups_per_round": self.pickups.to_json(),
                "clears_per_round": self.clears.to_json(),
            },
            "findings": [f.to_json() for f in self.findings],
            "warnings": self.warnings,
            "verdict": self.verdict(),
        }


def _painted(line: str, warning: bool, paint: Paint) -> str:
    """`line` with its label (the words before the first `: `) in the outcome's colour."""
    label, sep, rest = line.partition(": ")
    return paint(label + sep.rstrip(), "warning" if warning else "good") + sep[1:] + rest


def compare(
    without: Sequence[GameRecord],
    with_: Sequence[GameRecord],
    *,
    players: int,
    titles_in_force: Sequence[str],
    proposed: Sequence[str],
    author: int,
    base_change: bool = False,
) -> Comparison:
    """Compare the arms game by game; `proposed` titles come after those in force. With
    `base_change` the arms differ by base variants (no rule is proposed: nothing fires)."""
    if [r.index for r in without] != [r.index for r in with_]:
        raise ValueError("the two arms must hold the same games, in the same order")
    n = len(without)
    base = Summary.of(without, players, titles_in_force)
    rule = Summary.of(with_, players, [*titles_in_force, *proposed])
    moves = relative_change([r.moves for r in with_], [r.moves for r in without])
    turns = relative_change([r.turns for r in with_], [r.turns for r in without])
    seats = tuple(_seat_shift(with_, without, seat) for seat in range(players))
    # the fairness finding looks at every other seat at once: Bonferroni-corrected intervals
    z = z_of(1 - 0.05 / max(1, players - 1))
    others = {s: _seat_shift(with_, without, s, z) for s in range(players) if s != author}
    pickups = paired_diff([r.pickups for r in with_], [r.pickups for r in without])
    clears = paired_diff([r.clears for r in with_], [r.clears for r in without])
    own = range(len(titles_in_force), len(titles_in_force) + len(proposed))
    fired = sum(1 for r in with_ if any(r.fires[i] for i in own))
    fires = () if base_change else (_fires(fired, n, sum(r.fires[i] for r in with_ for i in own)),)
    what = "change" if base_change else "rule"  # the vet/simulate texts say which it is
    findings = (
        _length(turns),
        _author(seats[author], author, what),
        _fairness(others, what),
        *fires,
        _trips(with_, without, what),
        _stalls(with_, without, what),
    )
    return Comparison(
        base,
        rule,
        tuple(proposed),
        author,
        moves,
        turns,
        seats,
        pickups,
        clears,
        findings,
        base_change,
    )


def _length(turns: Estimate) -> Finding:
    change = abs(turns.value)
    way = "longer" if turns.value >= 0 else "shorter"
    told = f"rounds {100 * change:.1f}% {way} (±{100 * turns.half_width:.1f}%)"
    if change >= LENGTH_CHANGE and turns.excludes_zero():
        return Finding("length", True, f"warning: {told}", turns)
    return Finding("length", False, f"plays fine: {told}", turns)


def _relative(e: Estimate) -> str:
    return f"{100 * e.value:+.1f}% (±{100 * e.half_width:.1f}%)"


def _points(e: Estimate) -> str:
    return f"{100 * e.value:+.1f} points (±{100 * e.half_width:.1f})"


def _author(edge: Estimate, author: int, what: str) -> Finding:
    who = "proposer" if what == "change" else "author"
    told = f"the {who}'s seat ({author}) win rate {_points(edge)}"
    if edge.value >= AUTHOR_EDGE and edge.low > 0:
        return Finding("author", True, f"warning: {told}: the {what} favours its {who}", edge)
    return Finding("author", False, f"plays fine: {told}", edge)


def _seat_shift(
    with_: Sequence[GameRecord], without: Sequence[GameRecord], seat: int, z: float | None = None
) -> Estimate:
    wins = [float(r.winner == seat) for r in with_]
    base = [float(r.winner == seat) for r in without]
    return paired_diff(wins, base) if z is None else paired_diff(wins, base, z)


def _fairness(others: dict[int, Estimate], what: str) -> Finding:
    """The other seats (the author's has its own finding): the one whose win rate moves most,
    its interval corrected for looking at several seats."""
    seat = max(others, key=lambda s: abs(others[s].value))
    shift = others[seat]
    told = f"of the other seats, seat {seat}'s win rate moves most: {_points(shift)}"
    if abs(shift.value) >= SEAT_SHIFT and shift.excludes_zero():
        return Finding("fairness", True, f"warning: {told}: the {what} tilts the table", shift)
    return Finding("fairness", False, f"plays fine: {told}", shift)


def _fires(fired: int, n: int, fires: int) -> Finding:
    share = wilson(fired, n)
    if fired == 0:
        return Finding("fires", True, f"warning: the rule never fired in {n} rounds", share)
    told = (
        f"fires in {pct(share.value)} of rounds (95% CI {pct(share.low)}-{pct(share.high)}), "
        f"{fires / n:.2f} times per round"
    )
    if share.value < RARE_FIRING:
        return Finding("fires", True, f"warning: rarely {told}", share)
    return Finding("fires", False, f"plays fine: {told}", share)


def _trips(with_: Sequence[GameRecord], without: Sequence[GameRecord], what: str) -> Finding:
    n = len(with_)
    tripped = sum(1 for r in with_ if r.trips)
    base = sum(1 for r in without if r.trips)
    diff = paired_diff([float(r.trips > 0) for r in with_], [float(r.trips > 0) for r in without])
    told = (
        f"the runtime guard stopped a cascade in {tripped} of {n} rounds "
        f"({base} without the {what})"
    )
    if tripped > base:
        return Finding("trips", True, f"warning: {told}", diff)
    return Finding("trips", False, f"plays fine: {told}", diff)


def _stalls(with_: Sequence[GameRecord], without: Sequence[GameRecord], what: str) -> Finding:
    n = len(with_)
    new = sum(1 for a, b in zip(with_, without, strict=True) if a.stalled and not b.stalled)
    stalled = sum(r.stalled for r in with_)
    base = sum(r.stalled for r in without)
    diff = paired_diff([float(r.stalled) for r in with_], [float(r.stalled) for r in without])
    told = f"{stalled} of {n} rounds stalled with the {what}, {base} without"
    if new:
        return Finding("stalls", True, f"warning: {told} ({new} only with it)", diff)
    return Finding("stalls", False, f"plays fine: {told}", diff)
