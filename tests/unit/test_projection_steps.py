"""A regime change is a candidate form (issue #44 point 3, the backtest's "step at 16"): a
flat or log2 N term plus a constant step from a measured size on (empirical.Step), offered
only where the step stands out of the run's noise at 5% familywise (empirical.steps_seen).
The truths are closed forms written here; the false-step rate is counted over seeded trials
against the level the test states (5%), not against what the code happened to give."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scalestudy.report.projection import empirical, select

SIZES = (1, 2, 4, 8, 16, 32, 64)
REPEATS = 5


def stepped(n: float) -> float:
    return 1.0 + 0.02 * math.log2(n) + (0.5 if n >= 16 else 0.0)


def smooth(n: float) -> float:
    return 1.0 + 0.02 * math.log2(n)


def _samples(truth, seed: int, sd: float = 0.03) -> dict:
    rng = np.random.default_rng(seed)
    return {n: list(truth(n) * np.exp(rng.normal(0.0, sd, REPEATS))) for n in SIZES}


def test_a_step_at_16_nodes_is_seen_and_projects_the_regime_above_it():
    samples = _samples(stepped, 1)
    names = [f.name for f in empirical.steps_seen(samples, empirical.forms())]
    assert "c0 + c1 log2(N) + c2 [N >= 16]" in names, names
    pred, sel = select.choose(samples, empirical.forms(samples), [128], n_draws=400, seed=1)
    assert sel is not None and sel.chosen.fit.name == "c0 + c1 log2(N) + c2 [N >= 16]"
    # the truth at 128 is 1.64; no single normal-form term draws the jump (the backtest's
    # median error was 22-28% for them and for Extra-P)
    assert abs(pred.values[0] / stepped(128) - 1) < 0.03, pred.values[0]
    assert pred.at(128).covers(stepped(128))


def strong_stepped(n: float) -> float:
    """Strong scaling: 1 s divided over N, a collective's log2 N, and 0.1 s more a step from 16
    nodes on (the backtest's "strong step at 16"): a time no rank count divides."""
    return 1.0 / n + 0.02 * math.log2(n) + (0.1 if n >= 16 else 0.0)


def test_a_strong_scaling_step_is_in_the_step_time_and_projects_the_regime_above_it():
    """The strong forms model the global effort over N; their step is added to the regimes of
    the weak ones in the step time (a flat or log2 N time that does not divide: N or N log2(N)
    in the effort) and stays in the step time (empirical.Step), so the step at 16 of
    strong_stepped is one of them exactly, seen, chosen and projected to 128 (the truth
    0.28 s). A step in the effort (0.1 x 16 / N in the time from 16 on: 0.0125 s at 128) or on
    the effort's flat or log2 N terms (c1 log2(N) / N in the time) has no exact form here."""
    samples = _samples(strong_stepped, 3)
    forms = empirical.forms(samples, strong=True)
    named = "(c0 + c1 N log2(N)) / N + c2 [N >= 16]"
    assert named in [f.name for f in forms], [f.name for f in forms if "c2" in f.name]
    step = next(f for f in forms if f.name == named)
    assert step.columns(32) == [1 / 32, 5.0, 1.0]  # c0 / N, c1 N log2(N) / N, the step
    pred, sel = select.choose(samples, forms, [128], n_draws=400, seed=1)
    assert sel is not None and sel.chosen.fit.name == named, sel.chosen.fit.name
    assert abs(pred.values[0] / strong_stepped(128) - 1) < 0.03, pred.values[0]
    assert pred.at(128).covers(strong_stepped(128))


def _offered(truth, base=None, strong: bool = False) -> float:
    """The fraction of 200 seeded runs (3% noise) in which a step form is offered (on the
    given base term only, if one is named); `strong`: among the forms of the effort."""
    runs = 0
    for k in range(200):
        seen = empirical.steps_seen(_samples(truth, 1000 + k), empirical.forms(strong=strong))
        runs += any(base is None or f.name.startswith(base + " + c2") for f in seen)
    return runs / 200


def test_a_step_is_offered_in_at_most_about_5_percent_of_runs_whose_base_fits_them():
    """Where the base term describes the step time exactly (a flat one: both bases; a log2 N
    one: the log2 N base), a step is offered in at most the familywise level (5%) plus the
    binomial slack of 200 trials (sd 1.5%): 8%. Tested at every size with a 5% level each (no
    Bonferroni) it is several times that. (A step on the flat base is offered on a log2 N
    curve, as it should: that form's step differs from zero there, and the cross-validation
    judges it.)"""
    assert _offered(lambda n: 1.0) <= 0.08
    assert _offered(smooth, "c0 + c1 log2(N)") <= 0.08


def test_a_strong_step_is_offered_in_at_most_about_5_percent_of_runs_whose_base_fits_them():
    """The same bound for the strong forms' steps (on (c0 + c1 N) / N and (c0 + c1 N log2(N)) /
    N, the weak bases in the step time): Amdahl's law is the first base exactly, Amdahl plus a
    log2 N collective the second."""
    assert _offered(lambda n: 0.05 + 1.0 / n, "(c0 + c1 N) / N", strong=True) <= 0.08
    amdahl_log = lambda n: 1.0 / n + 0.02 * math.log2(n)  # noqa: E731
    assert _offered(amdahl_log, "(c0 + c1 N log2(N)) / N", strong=True) <= 0.08


def test_no_step_is_offered_without_a_noise_estimate_or_below_four_sizes():
    one_each = {n: [stepped(n)] for n in SIZES}
    assert empirical.steps_seen(one_each, empirical.forms()) == []
    three = {n: s for n, s in _samples(stepped, 2).items() if n in (4, 8, 16)}
    assert empirical.steps_seen(three, empirical.forms()) == []
    # forms() without samples is the normal form alone, as a table of sizes has nothing to test
    assert len(empirical.forms()) == 51


def test_a_jump_in_the_largest_size_alone_stays_in_the_interval_but_not_in_the_value():
    """1..16 -> 32 with the step at 16, the largest fitted size (the backtest's row that every
    form missed: 0.47 coverage at 3%). No held-out size can test a step at 16 (held out, it is
    predicted without its step), and the steep powers predict it from the sizes below within a
    few percent, so the value follows them (several times the truth); the interval's draws weigh
    the step forms by the sizes that can test them, so it holds the plateau too. Seeds 7000-7099
    (not the backtest's nor the development ones); the bound 0.85 was written before this run,
    under the issue's 0.90 by the binomial slack of 100 trials."""
    sizes, covered, values = (1, 2, 4, 8, 16), 0, []
    for k in range(100):
        rng = np.random.default_rng(7000 + k)
        samples = {n: list(stepped(n) * np.exp(rng.normal(0.0, 0.03, REPEATS))) for n in sizes}
        made = select.choose(samples, empirical.forms(samples), [32], n_draws=500, seed=k)
        pred, sel = made
        assert "c0 + c1 log2(N) + c2 [N >= 16]" in sel.untested
        covered += pred.at(32).covers(stepped(32))
        values.append(pred.values[0] / stepped(32))
    assert covered / 100 >= 0.85, covered
    assert float(np.median(values)) > 2.0, np.median(values)


def test_where_each_size_has_its_own_spread_the_step_test_keeps_its_5_percent():
    """A flat truth whose spread grows as 1% x N (1..16 nodes, 3 repeats): where the noise model
    gives each size its own spread (Bartlett rejects equal ones), a step's standard error sums
    those sizes' variances, each estimate of 2 df, so its t bound takes their Welch-Satterthwaite
    df. With the run's pooled df instead (the review's finding) steps were offered in 8.6% of
    those runs against the 5% stated. Bound: 5% + 3 Monte Carlo sds."""
    from scalestudy.uncertainty import model

    sizes, terms, rng = (1, 2, 4, 8, 16), empirical.forms(), np.random.default_rng(7)
    runs = offered = 0
    for _ in range(1500):
        samples = {n: list(np.exp(0.01 * n * rng.standard_normal(3))) for n in sizes}
        if model.pooled([samples[n] for n in sizes], sizes=sizes).form != "per size":
            continue
        runs += 1
        offered += bool(empirical.steps_seen(samples, terms))
    assert runs > 1000, runs
    assert offered / runs <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / runs), (offered, runs)


def test_a_form_some_held_out_size_cannot_test_weighs_by_the_sizes_that_test_it():
    """The draw weight is the likelihood ratio of a form's errors where it has them: (best CV
    error / its own) ^ its tested sizes. Raised to every held-out size instead, the size a step
    at the largest size cannot be tested at counted against it (the review's finding; the step
    change's coverage at 32 from 1..16 was 0.84 at 3 repeats on the development seeds)."""
    from scalestudy.report.projection.intervals import Fit

    flat = select.Scored(Fit(), ((4, 0.1), (8, 0.1), (16, 0.1)))
    step = select.Scored(Fit(), ((4, 0.05), (8, 0.2), (16, math.nan)))
    w_flat, w_step = select._weights([flat, step])
    rms_step = math.sqrt((0.05**2 + 0.2**2) / 2)  # over the two sizes that test it
    assert w_step / w_flat == pytest.approx((0.1 / rms_step) ** 2, rel=1e-12)
