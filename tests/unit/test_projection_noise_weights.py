"""The interval's draw weights judge a form's held-out errors against the noise the held-out
levels carry (issue #44 point 3; select._weights with noise_var): an error at size k is held
to be N(0, s_f^2 + v_k), v_k that size's level variance from the run's noise model and s_f the
form's own error at its most likely. Among 51 forms one fits the noisy levels far closer than
their noise (CV errors of 0.1-1.5% where the levels' standard errors are 2.7-5.4%): the plain
ratio (best / own) ^ n then ruled out every form the noise cannot tell from it, and under a
spread growing as sqrt(N) the step change fitted on 1..16 and predicted at 32 covered 0.795
(docs/report.md).

The references here are computed apart from the code: closed forms by hand and SciPy's bounded
scalar minimiser over s_f^2."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

from scalestudy.report.projection import select
from scalestudy.report.projection.intervals import Fit

ROOT = Path(__file__).resolve().parents[2]


def _scored(*errors):
    return select.Scored(Fit(), tuple(errors))


def _reference_loglik(errors, var) -> float:
    """max over s^2 >= 0 of the mean of -(log(s^2 + v_k) + e_k^2 / (s^2 + v_k)) / 2, by SciPy."""
    from scipy.optimize import minimize_scalar

    e2 = np.array([e * e for _, e in errors])
    v = np.array([var[x] for x, _ in errors])

    def neg(s2):
        t = s2 + v
        return 0.5 * float(np.mean(np.log(t) + e2 / t))

    at_zero = neg(0.0)
    found = minimize_scalar(neg, bounds=(0.0, 10.0), method="bounded", options={"xatol": 1e-14})
    return -min(at_zero, float(found.fun))


def test_without_noise_the_weights_are_the_plain_ratio():
    a = _scored((4, 0.01), (8, 0.02), (16, 0.03))
    b = _scored((4, 0.05), (8, 0.04), (16, 0.06))
    w_a, w_b = select._weights([a, b], None)
    assert w_b / w_a == pytest.approx((a.rms / b.rms) ** 3, rel=1e-12)
    zero = {4: 0.0, 8: 0.0, 16: 0.0}
    w0_a, w0_b = select._weights([a, b], zero)
    assert w0_b / w0_a == pytest.approx((a.rms / b.rms) ** 3, rel=1e-3)


def test_errors_within_the_levels_noise_weigh_by_the_likelihood_at_zero_own_error():
    """Both forms' errors below the noise (v = 0.04^2 at each size): s_f = 0 for both, and the
    weight ratio is exp(-(sum e_b^2 - sum e_a^2) / (2 v)) = 0.43, by hand; the plain ratio is
    (0.003 / 0.03)^3 = 1e-3."""
    v = 0.04**2
    a = _scored((4, 0.003), (8, -0.003), (16, 0.003))
    b = _scored((4, 0.03), (8, -0.03), (16, 0.03))
    w_a, w_b = select._weights([a, b], {4: v, 8: v, 16: v})
    by_hand = math.exp(-(3 * 0.03**2 - 3 * 0.003**2) / (2 * v))
    assert w_b / w_a == pytest.approx(by_hand, rel=1e-3)


@pytest.mark.parametrize("seed", range(6))
def test_the_weights_match_the_likelihood_maximised_by_scipy(seed):
    """Random errors, unequal noise by size and a form tested at two sizes of three (a step at
    the largest): each weight against exp(n_f x (l_f - max l)) from SciPy's maximiser."""
    rng = np.random.default_rng(seed)
    var = {4: 0.02**2, 8: 0.035**2, 16: 0.05**2}
    forms = []
    for k in range(5):
        scale = 10 ** rng.uniform(-3, -0.5)
        errs = [(x, float(scale * rng.standard_normal())) for x in (4, 8, 16)]
        if k == 4:
            errs[-1] = (16, math.nan)
        forms.append(_scored(*errs))
    got = select._weights(forms, var)
    ll = [_reference_loglik([(x, e) for x, e in f.errors if not math.isnan(e)], var) for f in forms]
    top = max(ll)
    raw = [math.exp(f.tested * (v - top)) for f, v in zip(forms, ll, strict=True)]
    want = [r / sum(raw) for r in raw]
    assert got == pytest.approx(want, rel=2e-3, abs=1e-9)


def test_a_form_with_an_infinite_error_weighs_nothing():
    ok = _scored((4, 0.01), (8, 0.01))
    bad = _scored((4, math.inf), (8, 0.01))
    assert select._weights([ok, bad], {4: 1e-4, 8: 1e-4}) == [1.0, 0.0]


def test_the_step_change_under_a_spread_growing_as_sqrt_n_is_covered():
    """The backtest's row that missed (step at 16, 3% x sqrt(N), 5 repeats, 1..16 -> 32: 0.795
    on the benchmark's seeds 100-299, 0.86-0.87 on the development seeds 5000-5099 and
    7000-7099): 100 seeded trials on seeds no run here tuned on (9000-9099), the issue's 0.90
    bound, fixed before they were run. The misses were intervals above the measured median: the
    steep powers fitted the jump at 16 closer than its noise and the plateau's step forms were
    drawn 0.1-5% of the time."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import projection_backtest as pb

    truth, fitted = pb.CASES["step at 16"], (1, 2, 4, 8, 16)
    covered = 0
    trials = 100
    for trial in range(trials):
        rng = np.random.default_rng(9000 + trial)
        samples = {
            n: list(truth(n) * np.exp(pb.draw(rng, n, 0.03, "sd~sqrt(N)"))) for n in (*fitted, 32)
        }
        kept = {n: samples[n] for n in fitted}
        pred, _ = select.choose(kept, pb.candidates(kept), [32], n_draws=1000, seed=trial)
        covered += pred.at(32).covers(float(np.median(samples[32])))
    assert covered / trials >= 0.90, covered
