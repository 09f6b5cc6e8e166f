"""The intervals of lopti_rules.sim.stats: known values, edge cases, and the delta method for
a paired relative change checked against a seeded bootstrap."""

from __future__ import annotations

import math
import random

import pytest

from lopti_rules.sim.stats import (
    Estimate,
    mean_ci,
    paired_diff,
    quantile,
    relative_change,
    wilson,
    z_of,
)


def test_wilson_known_values() -> None:
    # Wilson (1927) / Newcombe (1998) table: 0/10 -> [0, 0.2775], 81/263 -> [0.2553, 0.3662]
    e = wilson(0, 10)
    assert e.value == 0 and e.low == 0 and e.high == pytest.approx(0.2775, abs=1e-4)
    e = wilson(81, 263)
    assert (e.low, e.high) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    full = wilson(10, 10)
    assert full.high == 1 and full.low == pytest.approx(1 - 0.2775, abs=1e-4)


def test_wilson_stays_in_unit_interval_and_contains_the_rate() -> None:
    for n in (1, 2, 7, 100):
        for k in range(n + 1):
            e = wilson(k, n)
            assert 0 <= e.low <= e.value <= e.high <= 1
    assert wilson(0, 0) == Estimate(0.0, 0.0, 1.0)


def test_mean_ci_is_the_normal_interval() -> None:
    xs = [1.0, 2.0, 3.0, 4.0]
    e = mean_ci(xs)
    sd = math.sqrt(sum((x - 2.5) ** 2 for x in xs) / 3)
    assert e.value == 2.5
    assert e.half_width == pytest.approx(1.959964 * sd / 2, rel=1e-6)
    assert mean_ci([5.0]) == Estimate(5.0, 5.0, 5.0)


def test_quantile_interpolates_like_numpy() -> None:
    xs = [7, 1, 3, 9, 4]
    assert quantile(xs, 0.5) == 4
    assert quantile(xs, 0.95) == pytest.approx(8.6)  # numpy.percentile(xs, 95)
    assert quantile([3], 0.95) == 3
    assert quantile([], 0.5) == 0


def test_paired_difference_removes_the_shared_variance() -> None:
    rng = random.Random(1)
    base = [rng.gauss(60, 15) for _ in range(500)]
    shifted = [b + 3 + rng.gauss(0, 1) for b in base]
    paired = paired_diff(shifted, base)
    assert abs(paired.value - 3) < 2 * paired.half_width
    assert paired.half_width < 0.2  # independent means would give about +-1.9
    with pytest.raises(ValueError, match="differ in size"):
        paired_diff([1.0], [1.0, 2.0])


def test_relative_change_matches_a_seeded_bootstrap() -> None:
    rng = random.Random(7)
    without = [rng.randint(30, 90) for _ in range(800)]
    with_ = [round(w * 1.4 + rng.gauss(0, 8)) for w in without]
    delta = relative_change(with_, without)
    n = len(without)
    boot = random.Random(11)
    ratios = []
    for _ in range(1000):
        picks = [boot.randrange(n) for _ in range(n)]
        ratios.append(sum(with_[i] for i in picks) / sum(without[i] for i in picks) - 1)
    lo, hi = quantile(ratios, 0.025), quantile(ratios, 0.975)
    assert delta.value == pytest.approx(sum(with_) / sum(without) - 1)
    assert delta.low == pytest.approx(lo, abs=0.004)
    assert delta.high == pytest.approx(hi, abs=0.004)


def test_relative_change_of_nothing_is_zero() -> None:
    assert relative_change([0.0, 0.0], [0.0, 0.0]) == Estimate(0.0, 0.0, 0.0)


def test_z_of_gives_normal_quantiles() -> None:
    assert z_of(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_of(1 - 0.05 / 3) == pytest.approx(2.393980, abs=1e-5)  # Bonferroni, 3 seats
