"""Small statistics for simulations: estimates with 95% confidence intervals.

Takes plain lists of numbers (one per simulated round) and produces `Estimate`s: a value with
the low and high ends of its 95% confidence interval. Which interval, and why:

- a proportion (a seat's win rate, the share of rounds a rule fired in, stalled rounds):
  the Wilson score interval, which stays inside [0, 1] and behaves at 0 and 1 where the
  normal approximation collapses to a zero-width interval;
- a mean (moves or turns per round, pickups, clears, fires): the normal approximation,
  mean +- 1.96 standard errors; rounds are independent and there are hundreds of them;
- a paired difference (`vet`: the same seeded deal played with and without a rule): the
  normal interval of the mean of the per-round differences, which removes the deal's own
  variance and so is much tighter than comparing two independent means;
- a relative change of a paired mean (rounds 40% longer): the delta method on the ratio of
  the two means, using their covariance (tests check it against a seeded bootstrap).

When one finding looks at several seats at once (vet's seat fairness: the seat that moved
most), its intervals are widened by Bonferroni's correction (`z_of(1 - 0.05 / seats)`), so
the chance that some seat looks tilted by luck alone stays at 5%.

Also `quantile` (linear interpolation between order statistics, numpy's default) for the
median and the 95th percentile. Pure Python and deterministic: no randomness here at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value and its 95% confidence interval [low, high]."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width: the `±` of `value ± half_width`."""
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_json(self, digits: int = 4) -> dict[str, float]:
        return {
            "value": round(self.value, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
        }


def mean(xs: Sequence[float]) -> float:
    return math.fsum(xs) / len(xs) if xs else 0.0


def variance(xs: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator); 0 for fewer than two values."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = mean(xs)
    return math.fsum((x - m) ** 2 for x in xs) / (n - 1)


def covariance(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = mean(xs), mean(ys)
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (n - 1)


def quantile(xs: Sequence[float], q: float) -> float:
    """The `q` quantile (0..1) by linear interpolation between order statistics."""
    if not xs:
        return 0.0
    ordered = sorted(xs)
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def z_of(confidence: float) -> float:
    """The two-sided normal quantile of `confidence` (0.95 -> 1.96)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def mean_ci(xs: Sequence[float], z: float = Z95) -> Estimate:
    """The mean with its normal-approximation interval (95% unless `z` says otherwise)."""
    m = mean(xs)
    if len(xs) < 2:
        return Estimate(m, m, m)
    half = z * math.sqrt(variance(xs) / len(xs))
    return Estimate(m, m - half, m + half)


def wilson(k: int, n: int) -> Estimate:
    """The proportion k/n with its Wilson score interval (n = 0 gives 0 in [0, 1])."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0)
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # at k = 0 and k = n the interval ends exactly at 0 and 1 (rounding would miss them)
    low = 0.0 if k == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if k == n else max(p, min(1.0, centre + half))
    return Estimate(p, low, high)


def paired_diff(with_: Sequence[float], without: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of per-round differences `with_[i] - without[i]`, with its interval."""
    if len(with_) != len(without):
        raise ValueError(f"paired samples differ in size: {len(with_)} and {len(without)}")
    return mean_ci([a - b for a, b in zip(with_, without, strict=True)], z)


def relative_change(with_: Sequence[float], without: Sequence[float]) -> Estimate:
    """mean(with_) / mean(without) - 1 for paired samples, with a delta-method interval:
    Var(R) ~ (Var(A) - 2 R Cov(A, B) + R^2 Var(B)) / (n mean(B)^2), R = mean(A) / mean(B)."""
    if len(with_) != len(without):
        raise ValueError(f"paired samples differ in size: {len(with_)} and {len(without)}")
    n = len(with_)
    ma, mb = mean(with_), mean(without)
    if n == 0 or mb == 0:
        return Estimate(0.0, 0.0, 0.0)
    r = ma / mb
    var = variance(with_) - 2 * r * covariance(with_, without) + r * r * variance(without)
    half = Z95 * math.sqrt(max(var, 0.0) / n) / abs(mb)
    return Estimate(r - 1, r - 1 - half, r - 1 + half)
