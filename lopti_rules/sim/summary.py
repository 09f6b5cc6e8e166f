"""What a simulation found: a `Summary` of its records, as a readable table or as JSON.

Takes the `GameRecord`s of one table (play.py) with the rules' titles. Produces a `Summary`:

- round length in moves (plays, pickups, reveals) and in turns: mean with its 95% interval,
  median and 95th percentile (a stalled round counts with the moves it reached);
- each seat's win rate with its Wilson interval (a stalled round is nobody's win);
- pickups and clears per round (mean and interval);
- for each rule in force: how many times it fired in all, per round, and the share of
  rounds it fired in at least once (Wilson);
- runtime-guard trips (in all, and rounds with one) and stalled rounds (Wilson).

`text()` lays it out for a terminal; `to_json()` is the `--format json` document (stable
keys, numbers rounded to 4 places). Both depend only on the records, in game order, so the
same seed gives the same output byte for byte whatever ran the games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lopti_rules.i18n import _, ngettext
from lopti_rules.i18n.numbers import decimal, percent
from lopti_rules.sim.play import GameRecord
from lopti_rules.sim.stats import Estimate, mean_ci, quantile, wilson


@dataclass(frozen=True, slots=True)
class Spread:
    """A per-round quantity: mean (with interval), median, 95th percentile."""

    mean: Estimate
    median: float
    p95: float

    @classmethod
    def of(cls, xs: Sequence[float]) -> Spread:
        return cls(mean_ci(xs), quantile(xs, 0.5), quantile(xs, 0.95))

    def to_json(self) -> dict[str, object]:
        return {"mean": self.mean.to_json(), "median": self.median, "p95": round(self.p95, 4)}


@dataclass(frozen=True, slots=True)
class RuleStats:
    """How often one rule fired."""

    title: str
    fires: int  # in all rounds
    per_round: Estimate  # fires per round
    rounds: Estimate  # share of rounds it fired in at least once

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "fires": self.fires,
            "per_round": self.per_round.to_json(),
            "rounds_fired": self.rounds.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    players: int
    moves: Spread
    turns: Spread
    wins: tuple[Estimate, ...]  # per seat
    pickups: Estimate
    clears: Estimate
    rules: tuple[RuleStats, ...]
    trips: int
    trip_rounds: int
    stalled: Estimate
    stalled_rounds: int

    @classmethod
    def of(cls, records: Sequence[GameRecord], players: int, titles: Sequence[str]) -> Summary:
        n = len(records)
        rules = []
        for i, title in enumerate(titles):
            fires = [r.fires[i] for r in records]
            fired = sum(1 for f in fires if f)
            rules.append(RuleStats(title, sum(fires), mean_ci(fires), wilson(fired, n)))
        stalled = sum(r.stalled for r in records)
        return cls(
            games=n,
            players=players,
            moves=Spread.of([r.moves for r in records]),
            turns=Spread.of([r.turns for r in records]),
            wins=tuple(
                wilson(sum(1 for r in records if r.winner == seat), n) for seat in range(players)
            ),
            pickups=mean_ci([r.pickups for r in records]),
            clears=mean_ci([r.clears for r in records]),
            rules=tuple(rules),
            trips=sum(r.trips for r in records),
            trip_rounds=sum(1 for r in records if r.trips),
            stalled=wilson(stalled, n),
            stalled_rounds=stalled,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "players": self.players,
            "moves": self.moves.to_json(),
            "turns": self.turns.to_json(),
            "win_rate": [w.to_json() for w in self.wins],
            "pickups_per_round": self.pickups.to_json(),
            "clears_per_round": self.clears.to_json(),
            "rules": [r.to_json() for r in self.rules],
            "guard_trips": self.trips,
            "rounds_with_guard_trips": self.trip_rounds,
            "stalled_rounds": self.stalled_rounds,
            "stalled_rate": self.stalled.to_json(),
        }

    def text(self, names: Sequence[str] | None = None) -> str:
        """The summary as an aligned table for a terminal, in the language in use."""
        rows: list[tuple[str, str]] = []
        for label, spread in (
            (_("moves per round"), self.moves),
            (_("turns per round"), self.turns),
        ):
            m = spread.mean
            told = _("mean {mean} (95% CI {low}-{high}), median {median}, 95th percentile {p95}")
            rows.append(
                (
                    label,
                    told.format(
                        mean=decimal(m.value),
                        low=decimal(m.low),
                        high=decimal(m.high),
                        median=_short(spread.median),
                        p95=_short(spread.p95),
                    ),
                )
            )
        for seat, w in enumerate(self.wins):
            who = _("wins, seat {seat}").format(seat=seat) + (f" ({names[seat]})" if names else "")
            rows.append((who, _ci(pct(w.value), pct(w.low), pct(w.high))))
        rows.append((_("pickups per round"), _mean(self.pickups)))
        rows.append((_("clears per round"), _mean(self.clears)))
        for rule in self.rules:
            r = rule.rounds
            fired = ngettext(
                "fired {n} time, {per} per round, in {share} of rounds (95% CI {low}-{high})",
                "fired {n} times, {per} per round, in {share} of rounds (95% CI {low}-{high})",
                rule.fires,
            )
            rows.append(
                (
                    _("rule {title}").format(title=_('"{text}"').format(text=rule.title)),
                    fired.format(
                        n=rule.fires,
                        per=decimal(rule.per_round.value, 2),
                        share=pct(r.value),
                        low=pct(r.low),
                        high=pct(r.high),
                    ),
                )
            )
        trips = ngettext("{n} (in {k} round)", "{n} (in {k} rounds)", self.trip_rounds)
        rows.append((_("guard trips"), trips.format(n=self.trips, k=self.trip_rounds)))
        s = self.stalled
        stalled = _("{n} ({share}, 95% CI {low}-{high})").format(
            n=self.stalled_rounds, share=pct(s.value), low=pct(s.low), high=pct(s.high)
        )
        rows.append((_("stalled rounds"), stalled))
        width = max(len(label) for label, _ in rows)
        return "\n".join(f"{label.ljust(width)}  {value}" for label, value in rows) + "\n"


def pct(x: float) -> str:
    """A proportion as a percentage with one decimal, in the language in use ("18,7%")."""
    return percent(x)


def _short(x: float) -> str:
    """A median or percentile: one decimal, none for a whole number ("63", "63,5")."""
    x = round(x, 1)
    return decimal(x, 0 if x.is_integer() else 1)


def _mean(e: Estimate) -> str:
    return _ci(decimal(e.value, 2), decimal(e.low, 2), decimal(e.high, 2))


def _ci(value: str, low: str, high: str) -> str:
    return _("{value} (95% CI {low}-{high})").format(value=value, low=low, high=high)
