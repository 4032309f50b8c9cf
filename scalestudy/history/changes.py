"""Change points of one point's series of run levels (docs/history.md, "How a change is found").

Two stages, as Apache Otava (E-divisive, then a t test) and MongoDB's change detection do:

1. candidates from `ruptures` (binary segmentation, l2 cost, min_size 2 runs; E-divisive too
   is a bisection) on the series of the point's
   log level (the mean log of its units: the noise model's level), standardised by the larger
   of the noise model's standard error of one run's level and the series' own run-to-run
   spread (a robust one: the MAD of successive differences, which a step barely moves);
2. each candidate confirmed by a t test of the mean log level of the runs after it against the
   runs before it (up to WINDOW runs a side, not across another candidate; while any
   candidate fails, the weakest is dropped and the rest tested again), each run's
   variance the larger of the two figures above, df the runs' (n_before + n_after - 2). A
   candidate is a change when its p-value is below the false-alarm budget's level alpha, and
   stays below it with any one run of either side left out (an outlier run is no change).

The budget is stated per run over all of a sweep's points: `budget` false alerts per 100 stable
runs; with P point series each test runs at alpha = budget / (100 P) (Bonferroni over points).
benchmarks/history_changes.py measures what that gives (false alerts per 100 stable runs,
shifts found by size, the delay in runs) beside a fixed threshold and the library's defaults.

`ruptures` is imported when a series is searched, never at the harness's import."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from scalestudy.uncertainty.model import CONFIDENCE, Estimate
from scalestudy.uncertainty.tdist import t_quantile

BUDGET = 1.0  # false alerts per 100 stable runs over all points (the goal)
MIN_SIZE = 2  # runs a side of a change: one outlier run is no change
WINDOW = 10  # runs a side a change is judged on at most
MAD_TO_SD = 1.4826  # the normal's sd per median absolute deviation


@dataclass(frozen=True)
class Change:
    index: int  # the first run after the change (its index in the series)
    ratio: Estimate  # level after / level before, with its interval at CONFIDENCE
    p: float  # the t test's two-sided p-value
    alpha: float  # the level it was judged at
    before: tuple[int, int]  # the runs compared: [start, stop)
    after: tuple[int, int]

    def as_dict(self) -> dict:
        return {
            "index": self.index,
            "ratio": self.ratio.as_dict(),
            "p": self.p,
            "alpha": self.alpha,
            "before": list(self.before),
            "after": list(self.after),
        }


def alpha_for(budget: float, points: int) -> float:
    """The level of each test: budget false alerts per 100 runs over `points` series."""
    return min(0.5, budget / 100.0 / max(1, points))


def run_spread(x: Sequence[float]) -> float:
    """The series' own run-to-run sd, robust to steps: MAD of successive differences / sqrt 2."""
    if len(x) < 3:
        return 0.0
    d = sorted(abs(b - a) for a, b in itertools.pairwise(x))
    mid = len(d) // 2
    mad = d[mid] if len(d) % 2 else 0.5 * (d[mid - 1] + d[mid])
    return MAD_TO_SD * mad / math.sqrt(2.0)


def candidates(z: Sequence[float], penalty: float, min_size: int = MIN_SIZE) -> list[int]:
    """ruptures' binary segmentation (l2 cost) breakpoints of a standardised series: the first
    index of each new segment (the series' end left out). Binary segmentation, not PELT (the
    exact search): PELT with jump 1 took 0.18 s of CPU on a 110-run series here, Binseg 0.010 s
    with the same breakpoints, and the benchmark runs it tens of thousands of times."""
    import numpy as np
    import ruptures

    if len(z) < 2 * min_size:
        return []
    algo = ruptures.Binseg(model="l2", min_size=min_size, jump=1)
    bkps = algo.fit(np.asarray(z, dtype=float).reshape(-1, 1)).predict(pen=penalty)
    return [b for b in bkps if b < len(z)]


def _p_two_sided(t: float, df: float) -> float:
    from scipy.stats import t as student

    return float(2.0 * student.sf(abs(t), df))


def variances(x: Sequence[float], se: Sequence[float | None]) -> list[float]:
    """Each run's variance of its log level: the larger of the noise model's (se^2; a
    run's median se where a run gave none) and the series' own run-to-run spread."""
    known = sorted(s for s in se if s is not None and s > 0)
    model_sd = known[len(known) // 2] if known else 0.0
    spread = run_spread(x)
    return [max((s if s else model_sd) ** 2, spread**2) for s in se]


def step(
    x: Sequence[float],
    var: Sequence[float],
    before: Sequence[int],
    after: Sequence[int],
    confidence: float = CONFIDENCE,
) -> tuple[Estimate, float]:
    """exp(mean after - mean before) with its t interval (df n_b + n_a - 2, at least 1) and
    the two-sided p-value of no change."""
    mb = sum(x[j] for j in before) / len(before)
    ma = sum(x[j] for j in after) / len(after)
    v = (
        sum(var[j] for j in before) / len(before) ** 2
        + sum(var[j] for j in after) / len(after) ** 2
    )
    df = max(1, len(before) + len(after) - 2)
    d = ma - mb
    if v <= 0:
        return Estimate(math.exp(d), math.exp(d), math.exp(d), len(after), True, df), 0.0
    p = _p_two_sided(d / math.sqrt(v), df)
    half = t_quantile(0.5 + confidence / 2.0, df) * math.sqrt(v)
    n = min(len(before), len(after))
    return Estimate(math.exp(d), math.exp(d - half), math.exp(d + half), n, True, df), p


def detect(
    x: Sequence[float],
    se: Sequence[float | None],
    *,
    points: int = 1,
    budget: float = BUDGET,
    min_size: int = MIN_SIZE,
    window: int = WINDOW,
    confidence: float = CONFIDENCE,
) -> list[Change]:
    """The change points of series x (log levels, one per run; se: the noise model's standard
    error of each run's level, None where the run gave none)."""
    n = len(x)
    if n < 2 * min_size:
        return []
    var = variances(x, se)
    sd = math.sqrt(sorted(var)[len(var) // 2])
    if sd <= 0:
        return []
    penalty = 2.0 * math.log(n)  # BIC-like on unit variance: candidates only, the test decides
    cands = candidates([v / sd for v in x], penalty, min_size)
    alpha = alpha_for(budget, points)
    # backward elimination: test every candidate between its neighbours; while any fails, drop
    # the weakest (largest p) and test again. A rejected candidate is noise, not a boundary: a
    # spurious split inside the runs before a real change must not shrink that change's window
    # (a real 8-run history lost a 0.64x step so: the noise split its 5 runs before into 3 + 2)
    while True:
        tested = [_test(x, var, cands, i, alpha, window, min_size, confidence) for i in
                  range(len(cands))]  # fmt: skip
        failed = [(t.p if t else 1.0, i) for i, t in enumerate(tested) if t is None or not t.ok]
        if not failed:
            return [t.change for t in tested if t is not None]
        del cands[max(failed)[1]]


@dataclass(frozen=True)
class _Tested:
    change: Change
    p: float
    ok: bool


def _test(
    x: Sequence[float],
    var: Sequence[float],
    cands: Sequence[int],
    i: int,
    alpha: float,
    window: int,
    min_size: int,
    confidence: float,
) -> _Tested | None:
    """Candidate i against the runs between its neighbours (up to `window` a side); None when
    a side has fewer than min_size runs."""
    bounds = [0, *cands, len(x)]
    tau = cands[i]
    lo, hi = max(bounds[i], tau - window), min(bounds[i + 2], tau + window)
    b, a = range(lo, tau), range(tau, hi)
    if len(b) < min_size or len(a) < min_size:
        return None
    ratio, p = step(x, var, b, a, confidence)
    ok = p < alpha and _persists(x, var, b, a, alpha)
    return _Tested(Change(tau, ratio, p, alpha, (lo, tau), (tau, hi)), p, ok)


def _persists(
    x: Sequence[float], var: Sequence[float], before: range, after: range, alpha: float
) -> bool:
    """The change holds without any one run on either side (an outlier run, a bad node once,
    is no change of level): each leave-one-out test is below alpha too."""
    for j in after:
        rest = [k for k in after if k != j]
        if rest and step(x, var, before, rest)[1] >= alpha:
            return False
    for j in before:
        rest = [k for k in before if k != j]
        if rest and step(x, var, rest, after)[1] >= alpha:
            return False
    return True


def fixed_threshold(x: Sequence[float], threshold: float, reference: int = 1) -> list[int]:
    """ReFrame's way (the baseline): a run is flagged when its level differs from the
    reference (the first `reference` runs' mean) by more than `threshold` (relative)."""
    if len(x) <= reference:
        return []
    ref = sum(x[:reference]) / reference
    bound = math.log1p(threshold)
    return [i for i in range(reference, len(x)) if abs(x[i] - ref) > bound]


def library_defaults(x: Sequence[float]) -> list[int]:
    """ruptures with its defaults (the baseline): PELT, cost "l2", min_size 2, jump 5, no test;
    ruptures has no default penalty, so its documentation's example value (pen = 10) on the
    series standardised by its own run-to-run spread."""
    import numpy as np
    import ruptures

    if len(x) < 4:
        return []
    sd = run_spread(x) or 1.0
    z = np.asarray([v / sd for v in x]).reshape(-1, 1)
    return [b for b in ruptures.Pelt(model="l2").fit(z).predict(pen=10) if b < len(x)]
