"""Medians over repeats with a seeded bootstrap interval."""

import numpy as np
import pytest

from scalestudy.report.stats import median_ci, ratio_ci


def test_single_repeat_has_no_interval():
    e = median_ci([42.0])
    assert (e.value, e.lo, e.hi, e.n) == (42.0, 42.0, 42.0, 1)


def test_median_and_interval_of_repeats():
    e = median_ci([90.0, 100.0, 110.0, 95.0, 105.0])
    assert e.value == 100.0 and e.n == 5
    assert 90.0 <= e.lo < e.value < e.hi <= 110.0


def test_bootstrap_is_deterministic():
    # the global numpy state must not leak in: same table, same report
    xs = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    first = median_ci(xs)
    np.random.seed(7)
    np.random.random(100)
    assert median_ci(xs) == first
    assert ratio_ci(xs, xs[::-1], lambda a, b: a / b) == ratio_ci(xs, xs[::-1], lambda a, b: a / b)


def test_nan_and_none_are_not_samples():
    e = median_ci([1.0, None, float("nan"), 3.0])
    assert e.n == 2 and e.value == 2.0
    with pytest.raises(ValueError):
        median_ci([None, float("nan")])


def test_ratio_interval_propagates_both_sides():
    # efficiency-like ratio: a / b; b uncertain only -> interval still non-degenerate
    e = ratio_ci([200.0], [90.0, 100.0, 110.0], lambda a, b: a / b)
    assert e.value == pytest.approx(2.0)
    assert e.lo < 2.0 < e.hi
    assert e.lo >= 200.0 / 110.0 - 1e-12 and e.hi <= 200.0 / 90.0 + 1e-12


def test_ratio_combine_is_vectorised():
    e = ratio_ci([1.0, 2.0], [1.0, 1.0], lambda a, b: np.asarray(a) - np.asarray(b))
    assert e.value == pytest.approx(0.5)
