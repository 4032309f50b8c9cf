"""The statistical decisions the product makes, against values computed here independently
(issue #44, point 7): each test fails for a realistic bug put back (scripts/break_checks.py)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps
from support.compare import make_run
from support.report import variants_of
from support.rows import point_row, results_table

from scalestudy.compare import analysis
from scalestudy.compare.match import load_side
from scalestudy.inputs import resolve
from scalestudy.report import check
from scalestudy.uncertainty.model import Estimate, Noise


def _ratio(lo: float, value: float, hi: float) -> analysis.Ratio:
    return analysis.Ratio("tokens_per_s", None, None, Estimate(value, lo, hi, 5), 5, 5, "x")


def test_within_tol_needs_the_intervals_lower_end_and_strict_fails_a_straddle():
    noise = Noise(0.03, 8, 4, "repeat")
    straddle = _ratio(0.93, 0.96, 0.99)  # point estimate above 0.95, interval across it
    analysis.against_tolerance(straddle, 0.05, noise, 0.95)
    assert straddle.gate == analysis.INCONCLUSIVE
    inside = _ratio(0.951, 0.97, 0.99)
    analysis.against_tolerance(inside, 0.05, noise, 0.95)
    assert inside.gate == analysis.WITHIN_TOL
    below = _ratio(0.90, 0.92, 0.949)
    analysis.against_tolerance(below, 0.05, noise, 0.95)
    assert below.gate == analysis.SLOWER_THAN_TOL

    base = SimpleNamespace(label="dense", workload="transformer", mode="weak", nodes=2, ppn=1)
    pair = SimpleNamespace(tokens=straddle, base=base)
    comparison = SimpleNamespace(
        pairs=[pair],
        only_base=[],
        new=SimpleNamespace(label="b"),
        gated=lambda outcome: [pair] if pair.tokens.gate == outcome else [],
    )
    assert analysis.gate([comparison], 0.05, strict=True).code == 1
    assert analysis.gate([comparison], 0.05).code == 0


def _compare(root, a: str, b: str, **kw):
    return analysis.compare(load_side(resolve(a, root), a), load_side(resolve(b, root), b), **kw)


def test_a_strong_efficiency_ratio_on_pooled_noise_by_hand(tmp_path):
    """Strong scaling, 2 repeats a point (judged on the pooled noise): BASE speeds up 1.8x
    from 1 to 2 nodes, NEW 1.5x. NEW/BASE of the efficiency, from the raw results.csv by
    hand: (t0/t)_new / (t0/t)_base of the median step times, about 0.83, lower."""
    rng = np.random.default_rng(21)

    def noisy(mean):
        return list(mean * np.exp(0.01 * rng.standard_normal(2)))

    base = {(True, 1): noisy(4000), (True, 2): noisy(7200)}
    new = {(True, 1): noisy(4000), (True, 2): noisy(6000)}
    make_run(tmp_path, "a", base, mode="strong")
    make_run(tmp_path, "b", new, mode="strong")
    c = _compare(tmp_path, "a", "b")
    two = next(p for p in c.pairs if p.base.nodes == 2)
    eff = two.efficiency

    def speedup(run: str) -> float:
        t = pd.read_csv(tmp_path / run / "results.csv")
        med = t.groupby("nodes")["step_s_median"].median()
        return med[1] / med[2]

    want = speedup("b") / speedup("a")
    assert want == pytest.approx(1.5 / 1.8, abs=0.03)
    assert eff.method == analysis.POOLED
    assert eff.ratio.value == pytest.approx(want, rel=1e-9)
    assert eff.verdict == "lower" and eff.ratio.hi < 1


def test_report_check_never_judges_rows_that_failed_the_clock_check():
    """Two completed repeats near 1,000 tokens/s and two `inconsistent` ones (their throughput
    failed the clock cross-check) at 5,000: the checked figure is the completed rows' alone,
    their median and t interval (by hand, SciPy's quantile)."""
    rows = [
        point_row(f"n0002-p1-x-r{r}", "qs", 2, repeat=r, tokens_per_s=v, status=s)
        for r, (v, s) in enumerate(
            [(990.0, "completed"), (1030.0, "completed"), (5000.0, "inconsistent"),
             (5100.0, "inconsistent")]
        )
    ]  # fmt: skip
    vs = variants_of(results_table(rows))
    got = check._column(SimpleNamespace(variants=vs), vs[0], 2, "tokens_per_s", 1.0)
    logs = np.log([990.0, 1030.0])
    half = sps.t.ppf(0.975, 1) * logs.std(ddof=1) / math.sqrt(2)
    assert got.value == pytest.approx(1010.0)
    assert (got.lo, got.hi) == pytest.approx(
        (np.exp(logs.mean() - half), np.exp(logs.mean() + half))
    )


def test_the_repeats_that_would_settle_a_point_judged_on_its_own_come_from_its_own_spread():
    """A point with 5 repeats a side is judged on its own units (about 10% spread), NEW 3%
    slower against TOL 5%: inconclusive. The runs' six other points are quiet (1%). What would
    settle it, by hand with SciPy's t at the own df (8): the fewest k with t s sqrt(2/k) below
    |log ratio - log 0.95| (the review's finding: 30 from the pooled 4% spread, not 255)."""
    rng = np.random.default_rng(3)
    logs = [0.08, -0.08, 0.0, 0.12, -0.12]
    base = [1000 * math.exp(x) for x in logs]
    new = [970 * math.exp(x) for x in logs]
    quiet = [
        [[float(2000 + 10 * i) * math.exp(0.01 * rng.standard_normal()) for _ in range(5)]
         for i in range(6)]
        for _ in range(2)
    ]  # fmt: skip
    model = analysis.runs_noise(
        [[(base, 4)] + [(s, 4) for s in quiet[0]], [(new, 4)] + [(s, 4) for s in quiet[1]]]
    )
    r = analysis.judge_tokens(base, new, model, tolerance=0.05, size=4)
    assert r.method == analysis.PER_POINT and r.gate == analysis.INCONCLUSIVE
    lb, ln = np.log(base), np.log(new)
    s_own = math.sqrt((((lb - lb.mean()) ** 2).sum() + ((ln - ln.mean()) ** 2).sum()) / 8)
    gap = abs(math.log(r.ratio.value) - math.log(0.95))
    t = sps.t.ppf(0.975, 8)
    expected = next(k for k in range(2, 100000) if t * s_own * math.sqrt(2 / k) < gap)
    assert r.settle == expected
