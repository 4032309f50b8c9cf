"""benchmarks/projection_backtest.py at its smallest size (2 trials a row, 200 interval draws,
Extra-P left out): every row of the table is made, so the benchmark cannot rot unseen. The
figures themselves are measured by `make bench-backtest` (docs/report.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    path = ROOT / "benchmarks" / "projection_backtest.py"
    spec = importlib.util.spec_from_file_location("projection_backtest", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_backtest_benchmark_runs_every_row_at_its_smallest_size():
    bench = _bench()
    rows = bench.run(2, None, draws=200)
    targets = sum(len(t) for _, t in bench.DESIGNS)
    assert len(rows) == len(bench.CASES) * len(bench.NOISES) * targets == 24
    assert {r["case"] for r in rows} == {"alpha-beta", "N^1.5", "N log N", "step at 16"}
    assert {r["sizes"] for r in rows} == {"1..16 -> 32", "1..16 -> 64", "1..64 -> 128"}
    for r in rows:
        assert r["trials"] == 2 and 0.0 <= r["scalestudy 95% covered"] <= 1.0
        assert r["scalestudy |err| median"] >= 0 and r["extrap |err| median"] is None
    table = bench.table(rows).splitlines()
    assert len(table) == 2 + 24 and all(line.endswith("| no |") for line in table[2:])


def test_the_noise_kinds_have_the_spread_they_say():
    """--noise-kind: t3 keeps the log sd and adds tails; sd~sqrt(N) scales the same draws."""
    import numpy as np

    bench = _bench()
    a = bench.draw(np.random.default_rng(1), 16, 0.1, "lognormal")
    b = bench.draw(np.random.default_rng(1), 16, 0.1, "sd~sqrt(N)")
    np.testing.assert_allclose(b, 4 * a)  # sqrt(16) x the log-normal's own draws
    t3 = bench.draw(np.random.default_rng(2), 1, 0.1, "t3", 200_000)
    normal = bench.draw(np.random.default_rng(2), 1, 0.1, "lognormal", 200_000)
    assert 0.09 < t3.std() < 0.11 and 0.099 < normal.std() < 0.101
    tails = np.mean(np.abs(t3) > 0.4), np.mean(np.abs(normal) > 0.4)  # beyond 4 sd
    assert tails[0] > 20 * max(tails[1], 1e-5), tails


def test_the_outlier_kind_slows_one_allocation_and_the_screen_sets_it_aside():
    """--noise-kind 'outlier allocation': the first repeat (allocation 0 at every size) is 1/0.85
    as long as the log-normal draw would make it, the others as drawn; and the samples the
    projection gets are screened as the report screens a run: allocation 0 set aside at every
    size when it is that far out."""
    import math

    import numpy as np

    bench = _bench()
    a = bench.draw(np.random.default_rng(3), 8, 0.02, "lognormal")
    b = bench.draw(np.random.default_rng(3), 8, 0.02, "outlier allocation")
    np.testing.assert_allclose(b[1:], a[1:])
    assert b[0] - a[0] == pytest.approx(math.log(1 / 0.85))
    sizes = (1, 2, 4, 8, 16)
    kept = {
        n: list(np.exp(bench.draw(np.random.default_rng(n), n, 0.02, bench.NOISE_KINDS[3])))
        for n in sizes
    }
    screened = bench.screened(kept, "outlier allocation")
    for n in sizes:
        assert sorted(screened[n].keys) == [1, 2, 3, 4]
        assert sorted(screened[n]) == sorted(kept[n][1:])
    assert bench.screened(kept, "lognormal") is kept


def test_the_oracle_width_is_that_of_an_interval_of_the_errors_true_spread():
    """oracle_width: with log(measured / value) normal of sd 0.1 and mean 0.02 around values of
    3, the oracle's interval is value x exp(mean +- 1.96 sd), so its width over the measured
    value is 2 sinh(1.96 x 0.1) = 0.395 at the median trial (e^(mean - the trial's error) = 1
    there); with twice the spread, about twice the width: it measures the errors, not the
    values; an error's mean (a biased projection) moves the interval, not its width."""
    import math

    import numpy as np

    bench = _bench()
    logs = np.random.default_rng(5).normal(0.02, 0.1, 40_000)
    values = [3.0] * len(logs)
    width = bench.oracle_width(values, list(3.0 * np.exp(logs)))
    assert width == pytest.approx(2 * math.sinh(1.96 * 0.1), rel=0.02)
    assert bench.oracle_width(values, list(3.0 * np.exp(2 * logs))) > 1.9 * width
    assert bench.oracle_width(values, list(3.0 * np.exp(logs + 0.3))) == pytest.approx(width)


def test_the_error_difference_is_paired_and_its_interval_covers_the_true_difference():
    """median_difference: errors shifted by 0.01 on every trial differ by exactly 0.01 in every
    resample (pairs resampled together, so one data set's luck cancels); and on paired errors
    |N(0, s)|-distributed with a known difference of medians (s x 0.6745 x (1.00 - 1.05),
    correlated 0.8 as two tools' errors on one data set are), the 95% interval at 200 trials
    covers it in 0.92-0.98 of 300 simulations (measured before it was printed)."""
    import numpy as np

    bench = _bench()
    theirs = list(np.random.default_rng(1).lognormal(-3.5, 0.6, 200))
    mid, lo, hi = bench.median_difference([t - 0.01 for t in theirs], theirs)
    assert mid == pytest.approx(-0.01) and lo == pytest.approx(-0.01) and hi == pytest.approx(-0.01)
    rng, s, k = np.random.default_rng(7), 0.03, 1.05
    truth = s * 0.674490 * (1 - k)
    covered = 0
    for i in range(300):
        z1, z2 = rng.normal(size=(2, 200))
        ours, xp = np.abs(z1) * s, np.abs(0.8 * z1 + 0.6 * z2) * s * k
        _, lo, hi = bench.median_difference(list(ours), list(xp), resamples=1000, seed=i)
        covered += lo <= truth <= hi
    assert 0.92 <= covered / 300 <= 0.98, covered / 300
