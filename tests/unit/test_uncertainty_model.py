"""The product's one noise model (scalestudy/uncertainty): its t quantiles against SciPy's, and
its intervals against t intervals computed here by hand from the same numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize as sps_opt
from scipy import stats as sps

from scalestudy.uncertainty import model as um
from scalestudy.uncertainty.tdist import betainc, normal_quantile, t_cdf, t_quantile


@pytest.mark.parametrize("df", [1, 1.5, 2, 3, 4, 5, 7, 10, 30, 100, 1e5])
def test_t_quantile_matches_scipy(df):
    for p in (0.6, 0.8, 0.9, 0.95, 0.975, 0.99, 0.995, 0.9995, 0.025, 0.2):
        assert t_quantile(p, df) == pytest.approx(sps.t.ppf(p, df), rel=1e-7, abs=1e-9)
    for x in (-30.0, -2.0, -0.3, 0.0, 0.7, 4.0, 50.0):
        assert t_cdf(x, df) == pytest.approx(sps.t.cdf(x, df), rel=1e-9, abs=1e-12)


def test_incomplete_beta_and_normal_match_scipy():
    for a, b, x in [(0.5, 0.5, 0.3), (2.0, 5.0, 0.9), (40.0, 0.5, 0.97), (3.0, 3.0, 0.5)]:
        assert betainc(a, b, x) == pytest.approx(sps.beta.cdf(x, a, b), rel=1e-10)
    assert normal_quantile(0.975) == pytest.approx(sps.norm.ppf(0.975), rel=1e-12)
    with pytest.raises(ValueError):
        t_quantile(0.975, 0)


def test_a_point_alone_is_a_t_interval_on_its_logs():
    xs = [90.0, 100.0, 110.0, 95.0, 105.0]
    e = um.level(xs, um.pooled([xs]))
    logs = np.log(xs)
    half = sps.t.ppf(0.975, 4) * logs.std(ddof=1) / math.sqrt(5)
    assert e.value == 100.0 and e.n == 5 and e.judged and e.df == 4
    assert (e.lo, e.hi) == pytest.approx(
        (math.exp(logs.mean() - half), math.exp(logs.mean() + half))
    )


def test_two_allocations_are_two_units_not_min_max():
    # the quickstart pair: 1.140 and 1.209 are the only units: t(1) on them
    e = um.level([1.140, 1.209], um.pooled([[1.140, 1.209]]))
    logs = np.log([1.140, 1.209])
    half = sps.t.ppf(0.975, 1) * logs.std(ddof=1) / math.sqrt(2)
    assert e.lo == pytest.approx(math.exp(logs.mean() - half))
    assert e.lo < 0.9 and e.hi > 1.5  # nowhere near [1.140, 1.209]


def test_pooled_over_points_and_one_repeat_point_is_judged():
    a, b, c = [100.0, 104.0, 98.0], [50.0, 52.0], [77.0]
    noise = um.pooled([a, b, c])
    ss = sum(((np.log(x) - np.log(x).mean()) ** 2).sum() for x in (a, b))
    assert noise.df == 3 and noise.s == pytest.approx(math.sqrt(ss / 3))
    e = um.level(c, noise)  # one repeat, the others' spread: an interval
    half = sps.t.ppf(0.975, 3) * noise.s
    assert e.judged and (e.lo, e.hi) == pytest.approx((77 * math.exp(-half), 77 * math.exp(half)))


def test_no_degree_of_freedom_anywhere_is_unjudged():
    noise = um.pooled([[1.0], [2.0]])
    e = um.level([2.0], noise)
    assert not noise.judged and not e.judged and (e.lo, e.hi) == (2.0, 2.0)
    assert um.NO_NOISE in noise.describe()


def test_allocations_are_the_units_of_a_clustered_point():
    c = um.Clustered(((100.0, 101.0, 99.0), (90.0, 91.0, 89.0)))
    assert um.units(c) == pytest.approx(
        [np.log([100, 101, 99]).mean(), np.log([90, 91, 89]).mean()]
    )
    assert um.pooled([c]).df == 1 and um.pooled([c]).unit == "allocation"


def test_weak_efficiency_interval_by_hand():
    t1, t4 = [100.0, 103.0, 97.0], [360.0, 380.0, 350.0]
    noise = um.pooled([t1, t4])
    e = um.ratio([(t4, 1.0, 4), (t1, -1.0, 1)], noise, scale=1 / 4)
    assert e.value == pytest.approx(360.0 / (4 * 100.0))  # medians
    centre = np.log(t4).mean() - np.log(t1).mean()
    half = sps.t.ppf(0.975, 4) * noise.s * math.sqrt(1 / 3 + 1 / 3)
    assert (e.lo, e.hi) == pytest.approx((math.exp(centre - half) / 4, math.exp(centre + half) / 4))


def test_equal_spreads_rejected_when_noise_grows_with_n():
    # two sizes (a trend needs three): Bartlett's test decides between pooled and per size
    rng = np.random.default_rng(3)
    sizes = [1, 32]
    sets = [list(np.exp(0.005 * n * rng.standard_normal(4))) for n in sizes]  # sd 0.5%, 16%
    noise = um.pooled(sets, sizes)
    # Bartlett's statistic by SciPy on the same log units: the same p-value
    logs = [np.log(x) for x in sets]
    assert noise.homogeneity_p == pytest.approx(sps.bartlett(*logs).pvalue, rel=1e-9)
    assert noise.homogeneity_p < 0.05 and noise.form == "per size"
    assert noise.at(32) == (pytest.approx(np.std(logs[-1], ddof=1)), 3)
    e = um.level(sets[-1], noise, 32)  # judged on its own size's spread, t(3)
    half = sps.t.ppf(0.975, 3) * np.std(logs[-1], ddof=1) / 2
    assert (e.lo, e.hi) == pytest.approx(
        (np.exp(logs[-1].mean() - half), np.exp(logs[-1].mean() + half))
    )
    flat = [list(np.exp(0.03 * np.random.default_rng(n).standard_normal(4))) for n in sizes]
    same = um.pooled(flat, sizes)
    assert same.form == "pooled" and same.homogeneity_p >= 0.05 and same.df == 6
    assert same.homogeneity_p == pytest.approx(
        sps.bartlett(*[np.log(x) for x in flat]).pvalue, rel=1e-9
    )


def test_the_spread_follows_its_trend_in_n_fitted_by_maximum_likelihood():
    # six sizes, 3 df each, the spread growing as sqrt(N): log s^2 = a + b log2 N fitted by
    # maximising the chi-square likelihood of the sizes' sums of squares (SciPy's optimiser
    # on the likelihood written out here), the interval at 32 nodes with the fit's spread
    # there and df = 2 / var(fitted log s^2) (the inverse Fisher information, by numpy)
    rng = np.random.default_rng(5)
    sizes = [1, 2, 4, 8, 16, 32]
    sets = [list(np.exp(0.02 * math.sqrt(n) * rng.standard_normal(4))) for n in sizes]
    noise = um.pooled(sets, sizes)
    logs = [np.log(x) for x in sets]
    ss = np.array([((lg - lg.mean()) ** 2).sum() for lg in logs])
    x, d = np.log2(sizes), np.full(6, 3.0)

    def nll(p):
        var = np.exp(p[0] + p[1] * x)
        return -sps.chi2.logpdf(ss / var, d).sum() + np.log(var).sum()  # density of ss

    fit = sps_opt.minimize(
        nll,
        [np.log(ss.sum() / d.sum()), 0.0],
        method="Nelder-Mead",
        options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 4000},
    )
    a, b = fit.x
    assert noise.form == "trend in N" and noise.trend[:2] == pytest.approx((a, b), abs=1e-5)
    flat = -sps.chi2.logpdf(ss / (ss.sum() / d.sum()), d).sum() + 6 * np.log(ss.sum() / d.sum())
    assert noise.trend_p == pytest.approx(sps.chi2.sf(2 * (flat - fit.fun), 1), rel=1e-4)
    cov = np.linalg.inv(
        np.array([[d.sum(), (d * x).sum()], [(d * x).sum(), (d * x * x).sum()]]) / 2
    )
    at = np.array([1.0, 5.0])  # log2 32
    df = 2 / (at @ cov @ at)
    s32 = math.exp(0.5 * (a + 5 * b))
    assert noise.at(32) == pytest.approx((s32, df), rel=1e-5)
    e = um.level(sets[-1], noise, 32)
    half = sps.t.ppf(0.975, df) * s32 / 2
    centre = logs[-1].mean()
    assert (e.lo, e.hi) == pytest.approx((np.exp(centre - half), np.exp(centre + half)), rel=1e-5)
    # a ratio of 32 to 1 node: both spreads come from the one fit, so the df of their sum is
    # the delta method's with the fit's covariance of (a, b), not Welch's as if independent
    r = um.ratio([(sets[-1], 1.0, 32), (sets[0], -1.0, 1)], noise)
    s1 = math.exp(0.5 * a)
    var = (s32**2 + s1**2) / 4
    grad = np.array([1.0, 5.0 * s32**2 / 4 / var])  # d log(var) / d(a, b)
    df_sum = 2 / (grad @ cov @ grad)
    half = sps.t.ppf(0.975, df_sum) * math.sqrt(var)
    centre = logs[-1].mean() - logs[0].mean()
    assert r.df == pytest.approx(df_sum, rel=1e-5)
    assert (r.lo, r.hi) == pytest.approx((np.exp(centre - half), np.exp(centre + half)), rel=1e-5)


def test_one_slow_allocation_is_set_aside_and_only_then():
    # a bundled run: 2 variants x 4 sizes, 4 allocations x 1 repeat, allocation "a2" 15% slow
    # at every size: screened out of every set; the same run without it keeps every allocation
    rng = np.random.default_rng(7)
    sizes = [1, 2, 4, 8]
    keys = ["a0", "a1", "a2", "a3"]
    sets, clean, at = [], [], []
    for n in sizes:
        shared = 0.04 * rng.standard_normal(4)
        for level in (0.0, -0.13):
            logs = level + shared + 0.01 * rng.standard_normal(4)
            clean.append(um.Clustered.of(list(np.exp(logs)), keys))
            slow = logs + np.log([1, 1, 0.85, 1])
            sets.append(um.Clustered.of(list(np.exp(slow)), keys))
            at.append(n)
    done = um.screen(sets, at)
    assert done.set_aside == "a2" and done.z < -done.threshold
    for before, after in zip(sets, done.sets, strict=True):
        assert after.keys == ("a0", "a1", "a3")
        assert after.groups == tuple(
            g for g, k in zip(before.groups, keys, strict=True) if k != "a2"
        )
    # Z by hand: the other allocations' pooled spread (df: 3 sizes' 2 shared df... each size
    # counts its allocations once: 2 df x 4 sizes = 8), deleted residuals averaged per size
    rest = [np.log([g[0] for g, k in zip(s.groups, keys, strict=True) if k != "a2"]) for s in sets]
    s_rest = math.sqrt(sum(((r - r.mean()) ** 2).sum() for r in rest) / (2 * len(rest)))
    res = [
        (math.log(s.groups[2][0]) - r.mean()) / (s_rest * math.sqrt(1 + 1 / 3))
        for s, r in zip(sets, rest, strict=True)
    ]
    z = sum((res[2 * i] + res[2 * i + 1]) / 2 for i in range(4)) / 2
    assert done.z == pytest.approx(z, rel=1e-9)
    assert done.threshold == pytest.approx(sps.t.ppf(1 - 0.01 / 8, 8), rel=1e-6)
    assert um.screen(clean, at).set_aside is None


def test_variants_sharing_allocations_count_their_degrees_of_freedom_once():
    # two variants at one size in the same 3 allocations: the spread pools both (SS / 4) but
    # the df are the 2 of one set (their placement is shared), not 4
    a = um.Clustered(((100.0,), (110.0,), (95.0,)))
    b = um.Clustered(((80.0,), (89.0,), (76.0,)))
    noise = um.pooled([a, b], [2, 2])
    ss = sum(((np.log(x) - np.log(x).mean()) ** 2).sum() for x in ([100, 110, 95], [80, 89, 76]))
    assert noise.s == pytest.approx(math.sqrt(ss / 4)) and noise.df == 2
    assert um.pooled([a, b], [2, 2], shared=["run a", "run b"]).df == 4  # two runs: independent


def test_a_paired_ratio_is_never_narrower_than_its_own_spread():
    # the quickstart's 2 nodes (issue #44): its allocations' ratios 1.140 and 1.209, pooled
    # with a quieter 1-node pair: the interval is at least the t interval on its own two values
    # with the pooled df (2: one per size); a point's level keeps the pooled spread
    quiet, loud = [1.00, 1.01], [1.140, 1.209]
    noise = um.paired_noise([(quiet, 1), (loud, 2)])
    assert noise.df == 2 and noise.s < np.log(loud).std(ddof=1)
    e = um.paired(loud, noise, 2)
    logs = np.log(loud)
    half = sps.t.ppf(0.975, 2) * logs.std(ddof=1) / math.sqrt(2)
    want = (math.exp(logs.mean() - half), math.exp(logs.mean() + half))
    assert (e.lo, e.hi) == pytest.approx(want)
    level = um.level(loud, noise, 2)
    pooled_half = sps.t.ppf(0.975, 2) * noise.s / math.sqrt(2)
    assert math.log(level.hi / level.lo) == pytest.approx(2 * pooled_half)


def test_nan_and_none_are_not_samples():
    assert um.median([1.0, None, float("nan"), 3.0]) == 2.0
    assert um.units([1.0, None, float("nan"), -1.0, math.e]) == [0.0, 1.0]
    with pytest.raises(ValueError):
        um.median([None, float("nan")])


def test_plan_and_validate_do_not_import_scipy(tmp_path):
    """issue #44 point 6: scipy.stats cost `plan` about a second at start-up; the t quantile
    is computed here, and nothing on the quick verbs' path imports SciPy."""
    import subprocess
    import sys
    from pathlib import Path

    sweep = Path(__file__).resolve().parents[2] / "experiments" / "quickstart.yaml"
    code = (
        "import sys, contextlib, io\n"
        "from scalestudy.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['plan', {str(sweep)!r}, '--results', {str(tmp_path)!r}]) == 0\n"
        f"    assert main(['validate', {str(sweep)!r}]) == 0\n"
        "heavy = sorted(m for m in sys.modules if m == 'scipy' or m.startswith('scipy.'))\n"
        "assert not heavy, heavy[:5]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_failed_allocation_at_one_point_does_not_shift_the_others_in_the_screen():
    """Allocation d 30% slow at every point; at the first point allocation b failed (no value).
    The screen took each allocation's unit by its place among the units left, so past the
    failed group d's place held e's unit (the review's finding: an IndexError, or the wrong
    allocation scored). d is the one set aside."""
    rng = np.random.default_rng(0)
    keys, sets, sizes = ["a", "b", "c", "d", "e"], [], []
    for n in (1, 2, 4, 8):
        vals, ks = [], []
        for k in keys:
            for _ in range(2):
                v = math.exp(0.02 * rng.standard_normal()) * (0.7 if k == "d" else 1.0)
                vals.append(math.nan if (n == 1 and k == "b") else v)
                ks.append(k)
        sets.append(um.Clustered.of(vals, ks))
        sizes.append(n)
    assert um.screen(sets, sizes).set_aside == "d"
