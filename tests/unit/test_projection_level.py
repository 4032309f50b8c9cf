"""The projection fits each size's level as the noise model defines it (issue #44 point 3):
exp(the mean log of the size's units: each allocation's mean log for a grouped set, else each
repeat's log), not the median of the repeats, and draws that level's noise from the run's one
noise model. The expected values here are computed by hand (numpy on the raw values), not by
the module under test."""

from __future__ import annotations

import math

import numpy as np

from scalestudy.report.projection import empirical, intervals, noise, physics, select
from scalestudy.uncertainty.model import Clustered

# logs whose mean is 0 and whose median is +0.05: a size's median sits 5.1% above its level
SKEW = np.array([-0.2, 0.05, 0.05, 0.05, 0.05])


def truth(n: float) -> float:
    return 1.0 + 0.01 * n


def test_a_sizes_level_is_the_exp_of_its_units_mean_log():
    values = [1.0, 2.0, 4.0, 8.0]
    assert noise.level(values) == math.exp(np.mean(np.log(values)))  # 2^1.5
    grouped = Clustered.of([1.0, 4.0, 4.0, 4.0, 4.0], ["a", "a", "b", "b", "b"])
    # allocation a: the mean log2 of 1 and 4 is 1; allocation b: 2; the level is 2^1.5, where
    # the mean log2 of the five repeats (repeats, not units) would be 8/5: 2^1.6
    assert math.isclose(noise.level(grouped), 2**1.5, rel_tol=1e-12)
    assert math.isnan(noise.level([]))


def test_the_projection_fits_the_levels_so_a_skew_shared_by_every_size_does_not_shift_it():
    sizes = (1, 2, 4, 8, 16, 32)
    samples = {n: list(truth(n) * np.exp(SKEW)) for n in sizes}
    made = select.choose(samples, empirical.forms(), [64], n_draws=400, seed=1)
    assert made is not None
    pred, sel = made
    assert sel is not None and sel.chosen.fit.name == "c0 + c1 N"
    # fitted on the medians it would be 5.1% high at every size and at 64 too
    assert math.isclose(pred.values[0], truth(64), rel_tol=2e-3), pred.values[0] / truth(64)


def test_the_levels_drawn_carry_the_pooled_spread_over_the_square_root_of_the_units():
    # two sizes of 9 repeats whose logs have sd 0.04 exactly, around different means: equal
    # spreads (no trend with two sizes), so the run's spread is the pooled 0.04 on 16 df
    k = 9
    z = np.random.default_rng(7).standard_normal(k)
    z = (z - z.mean()) / z.std(ddof=1)
    logs = {1: 0.04 * z + 0.01, 2: 0.04 * z[::-1] - 0.02}
    samples = {n: list(truth(n) * np.exp(v)) for n, v in logs.items()}
    df = 2 * (k - 1)
    want = 0.04 / math.sqrt(k) * math.sqrt(df / (df - 2))  # the sd of s / sqrt(k) x t(df)
    drawn = noise.levels_drawn(samples, [1, 2], np.random.default_rng(3), 40000)
    for i, n in enumerate((1, 2)):
        got = np.log(drawn[i])
        centre = math.log(truth(n)) + logs[n].mean()
        assert math.isclose(float(np.median(got)), centre, abs_tol=0.05 * want)
        assert math.isclose(float(got.std()), want, rel_tol=0.05), (n, got.std(), want)


def test_a_size_of_one_repeat_takes_the_runs_spread_and_a_run_without_any_is_not_drawn():
    samples = {1: [1.0, 1.1, 0.9], 2: [1.02, 0.98, 1.0], 4: [1.05]}
    drawn = noise.levels_drawn(samples, [1, 2, 4], np.random.default_rng(0), 4000)
    assert np.log(drawn[2]).std() > 0.01  # the one repeat at 4 has the run's spread
    lone = {1: [1.0], 2: [1.1], 4: [1.2]}
    drawn = noise.levels_drawn(lone, [1, 2, 4], np.random.default_rng(0), 10)
    assert np.array_equal(drawn, np.array([[1.0] * 10, [1.1] * 10, [1.2] * 10]))


# Two repeats a size whose 1-df spreads differ (Bartlett p = 0.04): the noise model gives each
# size its own spread at 1 degree of freedom, so the levels are drawn from a Cauchy (a backtest
# trial at 2 repeats, seed 266, rounded); one draw past exp's range made the interval nan
TWO_REPEATS = {
    1: [1.04588, 0.9701],
    2: [1.01871, 1.0262],
    4: [1.04921, 1.04598],
    8: [1.1039, 1.07296],
    16: [1.27675, 1.27532],
}


def test_a_cauchy_level_draw_past_exps_range_leaves_the_interval_finite():
    found = noise.levels_drawn(TWO_REPEATS, sorted(TWO_REPEATS), np.random.default_rng(0), 1000)
    assert np.isfinite(found).all()
    assert found.max() > 1e20  # the clip binds here: a draw that far out is still drawn
    pred, _ = select.choose(TWO_REPEATS, empirical.forms(TWO_REPEATS), [32], seed=166)
    iv = pred.at(32)
    assert math.isfinite(iv.lo) and math.isfinite(iv.hi), iv
    assert iv.lo < iv.value < iv.hi
    # the physics form alone (intervals.predict, fewer than four sizes' way) draws the same levels
    ab = physics.AlphaBeta(lambda n: 4e6 * (n - 1))
    iv = intervals.predict(TWO_REPEATS, ab, [32], seed=166).at(32)
    assert math.isfinite(iv.lo) and math.isfinite(iv.hi) and iv.lo <= iv.value <= iv.hi, iv


def test_a_projection_fits_the_run_noise_model_once(monkeypatch):
    """The level variances the weights judge with, the levels drawn and the spread's trend come
    from one fit of the run's noise model per projection (noise.run_model), the physics form's
    (intervals.predict) and the chosen forms' (select.choose) alike."""
    from scalestudy.uncertainty import model

    real, calls = model.pooled, []

    def counted(*a, **k):
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(model, "pooled", counted)
    rng = np.random.default_rng(5)
    samples = {n: list(truth(n) * np.exp(rng.normal(0, 0.03, 3))) for n in (1, 2, 4, 8, 16)}
    assert select.choose(samples, empirical.forms(), [32], n_draws=200, seed=1) is not None
    assert len(calls) == 1
    calls.clear()  # the report's way (projection/variant): the step forms tested with the same fit
    found = noise.run_model(samples, noise.measured_sizes(samples))
    forms = empirical.forms(samples, found=found)
    assert select.choose(samples, forms, [32], n_draws=200, seed=1, found=found) is not None
    assert len(calls) == 1
    calls.clear()
    intervals.predict(samples, physics.Anchored(truth), [32], n_draws=200, seed=1)
    assert len(calls) == 1
