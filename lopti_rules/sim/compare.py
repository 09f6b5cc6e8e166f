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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from lopti_rules.diagnostics.style import Paint, plain
from lopti_rules.i18n import N_, _, ngettext
from lopti_rules.i18n.numbers import Number, decimal, percent
from lopti_rules.sim.play import GameRecord
from lopti_rules.sim.stats import Estimate, paired_diff, relative_change, wilson, z_of
from lopti_rules.sim.summary import Summary, pct

LENGTH_CHANGE = 0.20
AUTHOR_EDGE = 0.05
SEAT_SHIFT = 0.05
RARE_FIRING = 0.01


Said = tuple[str, Mapping[str, object]]  # a message id and its named arguments


def _render(said: Said, translate: Callable[[str], str]) -> str:
    """The message with its arguments filled in (an argument may itself be a `Said`, and a
    `Number` is written as the language of `translate` writes it: English for `_english`)."""
    template, args = said
    lang = "en" if translate is _english else None
    filled = {
        k: _render(v, translate)
        if isinstance(v, tuple)
        else v.shown(lang)
        if isinstance(v, Number)
        else v
        for k, v in args.items()
    }
    return translate(template).format(**filled)


def _english(message: str) -> str:
    return message


@dataclass(frozen=True, slots=True)
class Finding:
    """One question about the rule, its measured difference and the verdict line, kept as a
    message id with its arguments: `line` says it in English (the JSON's words never change
    with the language), `shown()` in the language in use."""

    key: str  # length, author, fairness, fires, trips, stalls
    warning: bool
    said: Said = field(default=("", {}))
    estimate: Estimate | None = None

    @property
    def line(self) -> str:
        """ "plays fine: ..." or "warning: ...", in English."""
        return _render(self.said, _english)

    def shown(self) -> str:
        """The line in the language in use."""
        return _render(self.said, _)

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

    def verdict(self, translate: Callable[[str], str] = _english) -> str:
        """The verdict line, in English (the JSON's) unless given `_` to translate it."""
        n = self.warnings
        if not n:
            return translate(N_("Verdict: plays fine."))
        if translate is _english:
            said = "Verdict: {n} warning; read them before the table votes."
            if n > 1:
                said = "Verdict: {n} warnings; read them before the table votes."
        else:
            said = ngettext(
                "Verdict: {n} warning; read them before the table votes.",
                "Verdict: {n} warnings; read them before the table votes.",
                n,
            )
        return said.format(n=n)

    def text(self, names: Sequence[str] | None = None, paint: Paint = plain) -> str:
        """The two arms side by side with their paired differences, then the verdicts, in
        the language in use (`paint`: each finding's label and the verdict in the colour of
        its outcome)."""
        b, w = self.without, self.with_
        rows = [("", _("without"), _("with"), _("difference (95% CI)"))]
        for label, x, y, d in (
            (_("turns per round"), b.turns, w.turns, self.turns),
            (_("moves per round"), b.moves, w.moves, self.moves),
        ):
            rows.append((label, decimal(x.mean.value), decimal(y.mean.value), _relative(d)))
        for seat in range(len(self.seats)):
            who = _("wins, seat {seat}").format(seat=seat) + (f" ({names[seat]})" if names else "")
            if seat == self.author:
                who += _(", proposer") if self.base_change else _(", author")
            told = _render(_points(self.seats[seat]), _)
            rows.append((who, pct(b.wins[seat].value), pct(w.wins[seat].value), told))
        for label, x2, y2, d in (
            (_("pickups per round"), b.pickups, w.pickups, self.pickups),
            (_("clears per round"), b.clears, w.clears, self.clears),
        ):
            width = Number(d.half_width, 2, plusminus=True).shown()
            told = f"{decimal(d.value, 2, signed=True)} ({width})"
            rows.append((label, decimal(x2.value, 2), decimal(y2.value, 2), told))
        for rule in w.rules[len(b.rules) :]:
            share = _("in {share} of rounds").format(share=pct(rule.rounds.value))
            fires = _("fires, {title}").format(title=_('"{text}"').format(text=rule.title))
            per = _("{n}/round").format(n=decimal(rule.per_round.value, 2))
            rows.append((fires, "-", per, share))
        rows.append((_("rounds with guard trips"), str(b.trip_rounds), str(w.trip_rounds), ""))
        rows.append((_("stalled rounds"), str(b.stalled_rounds), str(w.stalled_rounds), ""))
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = [
            "  ".join(cell.ljust(widths[i]) if i < 3 else cell for i, cell in enumerate(row))
            for row in rows
        ]
        lines = [line.rstrip() for line in lines]
        lines += ["", *(_painted(f.shown(), f.warning, paint) for f in self.findings)]
        lines.append(paint(self.verdict(_), "warning" if self.warnings else "good"))
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
        _guarantees(with_, without),
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


def _warning(warning: bool, told: Said) -> Said:
    return (N_("warning: {told}") if warning else N_("plays fine: {told}"), {"told": told})


def _length(turns: Estimate) -> Finding:
    change = abs(turns.value)
    way = N_("rounds {change} longer ({width})")
    if turns.value < 0:
        way = N_("rounds {change} shorter ({width})")
    width = Number(turns.half_width, percent=True, plusminus=True)
    told: Said = (way, {"change": Number(change, percent=True), "width": width})
    warning = change >= LENGTH_CHANGE and turns.excludes_zero()
    return Finding("length", warning, _warning(warning, told), turns)


def _relative(e: Estimate) -> str:
    width = Number(e.half_width, percent=True, plusminus=True).shown()
    return f"{percent(e.value, signed=True)} ({width})"


def _points(e: Estimate) -> Said:
    value = Number(100 * e.value, signed=True)
    width = Number(100 * e.half_width, plusminus=True)
    return (N_("{value} points ({width})"), {"value": value, "width": width})


# each finding's words for a proposed rule and for a proposed base change (`what`)
_AUTHOR = {
    "rule": (
        N_("the author's seat ({seat}) win rate {points}"),
        N_("the author's seat ({seat}) win rate {points}: the rule favours its author"),
    ),
    "change": (
        N_("the proposer's seat ({seat}) win rate {points}"),
        N_("the proposer's seat ({seat}) win rate {points}: the change favours its proposer"),
    ),
}
_FAIRNESS = {
    "rule": N_(
        "of the other seats, seat {seat}'s win rate moves most: {points}: the rule tilts the table"
    ),
    "change": N_(
        "of the other seats, seat {seat}'s win rate moves most: {points}: the change tilts "
        "the table"
    ),
}
_TRIPS = {
    "rule": N_(
        "the runtime guard stopped a cascade in {tripped} of {n} rounds ({base} without the rule)"
    ),
    "change": N_(
        "the runtime guard stopped a cascade in {tripped} of {n} rounds ({base} without the change)"
    ),
}
_STALLS = {
    "rule": (
        N_("{stalled} of {n} rounds stalled with the rule, {base} without"),
        N_("{stalled} of {n} rounds stalled with the rule, {base} without ({new} only with it)"),
    ),
    "change": (
        N_("{stalled} of {n} rounds stalled with the change, {base} without"),
        N_("{stalled} of {n} rounds stalled with the change, {base} without ({new} only with it)"),
    ),
}


def _author(edge: Estimate, author: int, what: str) -> Finding:
    warning = edge.value >= AUTHOR_EDGE and edge.low > 0
    told: Said = (_AUTHOR[what][warning], {"seat": author, "points": _points(edge)})
    return Finding("author", warning, _warning(warning, told), edge)


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
    args = {"seat": seat, "points": _points(shift)}
    warning = abs(shift.value) >= SEAT_SHIFT and shift.excludes_zero()
    template = (
        _FAIRNESS[what]
        if warning
        else N_("of the other seats, seat {seat}'s win rate moves most: {points}")
    )
    return Finding("fairness", warning, _warning(warning, (template, args)), shift)


def _fires(fired: int, n: int, fires: int) -> Finding:
    share = wilson(fired, n)
    if fired == 0:
        never: Said = (N_("the rule never fired in {n} rounds"), {"n": n})
        return Finding("fires", True, _warning(True, never), share)
    args = {
        "share": Number(share.value, percent=True),
        "low": Number(share.low, percent=True),
        "high": Number(share.high, percent=True),
        "times": Number(fires / n, 2),
    }
    if share.value < RARE_FIRING:
        told = N_(
            "rarely fires in {share} of rounds (95% CI {low}-{high}), {times} times per round"
        )
        return Finding("fires", True, _warning(True, (told, args)), share)
    told = N_("fires in {share} of rounds (95% CI {low}-{high}), {times} times per round")
    return Finding("fires", False, _warning(False, (told, args)), share)


def _trips(with_: Sequence[GameRecord], without: Sequence[GameRecord], what: str) -> Finding:
    n = len(with_)
    tripped = sum(1 for r in with_ if r.trips)
    base = sum(1 for r in without if r.trips)
    diff = paired_diff([float(r.trips > 0) for r in with_], [float(r.trips > 0) for r in without])
    told: Said = (_TRIPS[what], {"tripped": tripped, "n": n, "base": base})
    return Finding("trips", tripped > base, _warning(tripped > base, told), diff)


def _guarantees(with_: Sequence[GameRecord], without: Sequence[GameRecord]) -> Finding:
    """Rounds in which the referee saw a base guarantee broken (a play that lost cards, a
    last play that did not finish, a clear without its bonus play, ...): any is a warning."""
    n = len(with_)
    broken = sum(1 for r in with_ if r.breaches)
    base = sum(1 for r in without if r.breaches)
    diff = paired_diff(
        [float(r.breaches > 0) for r in with_], [float(r.breaches > 0) for r in without]
    )
    if not broken:
        told: Said = (N_("no round broke a base guarantee ({n} rounds refereed)"), {"n": n})
        return Finding("guarantees", False, _warning(False, told), diff)
    first = next(r.breach for r in with_ if r.breaches)
    told = (
        N_("{broken} of {n} rounds broke a base guarantee ({base} without it), first {clause}"),
        {"broken": broken, "n": n, "base": base, "clause": first},
    )
    return Finding("guarantees", True, _warning(True, told), diff)


def _stalls(with_: Sequence[GameRecord], without: Sequence[GameRecord], what: str) -> Finding:
    n = len(with_)
    new = sum(1 for a, b in zip(with_, without, strict=True) if a.stalled and not b.stalled)
    stalled = sum(r.stalled for r in with_)
    base = sum(r.stalled for r in without)
    diff = paired_diff([float(r.stalled) for r in with_], [float(r.stalled) for r in without])
    args = {"stalled": stalled, "n": n, "base": base, "new": new}
    told: Said = (_STALLS[what][bool(new)], args)
    return Finding("stalls", bool(new), _warning(bool(new), told), diff)
