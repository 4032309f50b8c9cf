"""The noise a run shows, pooled over its points: what `compare` judges a point with when its
own repeats are too few for the per-point bootstrap (docs/compare.md, "The noise model").

The model: a point's tokens/s (or time per step) is log-normal around the point's own level,
with one spread shared by every point of both runs (a homogeneous coefficient of variation).
The independent unit of a point is its allocation when its repeats are grouped by allocation
(a bundled sweep's: repeats of one allocation share its nodes and neighbours), else its repeat;
a unit's value is the mean of the logs of its repeats. The pooled variance is that of the units
around their point's mean,

    s^2 = sum over points, units (u - mean_point)^2 / df,   df = sum over points (k_p - 1),

(k_p: the point's units) and the interval of a contrast of point means (a ratio NEW/BASE: new -
base; a ratio of efficiencies: four points) is value +- t(df) * s * sqrt(sum c^2 / k), exp'ed.
With one unit everywhere df = 0: no noise can be estimated, and nothing is judged.

Student's t quantiles from SciPy."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scipy.stats import t as student_t

from scalestudy.report.stats import Clustered, Estimate, Samples

# the per-point rule (analysis.py): a point with MIN_SAMPLES completed repeats on each side is
# judged on its own bootstrap, not on the pooled noise
MIN_SAMPLES = 5
# a set grouped by allocation needs this many allocations for the per-point rule: resampling 2
# groups cannot tell a change from the spread between allocations
# (benchmarks/allocation_bootstrap.py: allocations 5% apart, runs 0.5%, 300 seeded trials of
# one distribution gave false evidence in 32% at 2 allocations x 5 repeats, 6.7% at 4 x 3, 5.7%
# at 6 x 2; pooled: 35%, 18%, 13%); fewer allocations: the pooled model, allocations as units
MIN_ALLOCATIONS = 4
MAX_SETTLE = 1000  # repeats a side beyond which "would settle it" is not worth saying


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with df degrees of freedom (df > 0, 0 < p < 1)."""
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"t quantile of p={p}, df={df}")
    return float(student_t.ppf(p, df))


# -- the model ----------------------------------------------------------------------------------


def units(samples: Samples) -> list[float]:
    """The independent units of a point as logs: each allocation's mean log (grouped), else
    each repeat's log. Values that are not positive finite numbers are left out."""

    def logs(values) -> list[float]:
        return [math.log(v) for v in values if v is not None and math.isfinite(v) and v > 0]

    if isinstance(samples, Clustered):
        out = []
        for g in samples.groups:
            lg = logs(g)
            if lg:
                out.append(sum(lg) / len(lg))
        return out
    return logs(samples)


@dataclass(frozen=True)
class Noise:
    """The pooled spread of the logs of a run's units: s (about the coefficient of variation of
    one unit) with df degrees of freedom, from `points` points with two units or more."""

    s: float
    df: int
    points: int
    unit: str  # "repeat", "allocation" or "repeat or allocation"

    @property
    def judged(self) -> bool:
        return self.df > 0

    def as_dict(self) -> dict:
        return {"s_log": self.s, "df": self.df, "points": self.points, "unit": self.unit}

    def describe(self, what: str = "tokens/s") -> str:
        if not self.judged:
            return f"no noise estimate for {what}: every point has one {self.unit} a side (df = 0)"
        return (
            f"run noise of {what}: {self.s:.1%} per {self.unit} (sd of log, pooled over "
            f"{self.points} point(s) of both runs, df = {self.df})"
        )


def pooled(sample_sets: Iterable[Samples]) -> Noise:
    ss, df, points, kinds = 0.0, 0, 0, set()
    for samples in sample_sets:
        u = units(samples)
        kinds.add("allocation" if isinstance(samples, Clustered) else "repeat")
        if len(u) < 2:
            continue
        mean = sum(u) / len(u)
        ss += sum((x - mean) ** 2 for x in u)
        df += len(u) - 1
        points += 1
    unit = " or ".join(sorted(kinds)) if kinds else "repeat"
    return Noise(math.sqrt(ss / df) if df else 0.0, df, points, unit)


def contrast(
    terms: Sequence[tuple[Samples, float]], noise: Noise, confidence: float
) -> Estimate | None:
    """exp(sum c * mean log units) with its t interval under the pooled noise; None when a set
    has no unit or the noise has no degrees of freedom. n: the fewest units of a set."""
    parts = [(units(s), c) for s, c in terms]
    if any(not u for u, _ in parts):
        return None
    value = sum(c * sum(u) / len(u) for u, c in parts)
    if not noise.judged:
        return None
    se = noise.s * math.sqrt(sum(c * c / len(u) for u, c in parts))
    half = t_quantile(0.5 + confidence / 2.0, noise.df) * se
    n = min(len(u) for u, _ in parts)
    return Estimate(math.exp(value), math.exp(value - half), math.exp(value + half), n)


def point_value(terms: Sequence[tuple[Samples, float]]) -> float | None:
    """exp(sum c * mean log units): the contrast's value without an interval."""
    parts = [(units(s), c) for s, c in terms]
    if any(not u for u, _ in parts):
        return None
    return math.exp(sum(c * sum(u) / len(u) for u, c in parts))


def half_width(noise: Noise, k: int, confidence: float, sides: int = 2) -> float:
    """The half-width (log) of a NEW/BASE interval with k units on each side."""
    return t_quantile(0.5 + confidence / 2.0, noise.df) * noise.s * math.sqrt(sides / k)


def units_to_settle(ratio: float, threshold: float, noise: Noise, confidence: float) -> int | None:
    """The units a side (same on both) whose interval would lie wholly on one side of
    `threshold` (1 - TOL) if the ratio stayed as observed, the t quantile taken at today's df
    (more units only add df: a slight overestimate); None beyond MAX_SETTLE or without noise."""
    if not noise.judged or ratio <= 0 or threshold <= 0:
        return None
    gap = abs(math.log(ratio) - math.log(threshold))
    if gap == 0.0:
        return None
    t = t_quantile(0.5 + confidence / 2.0, noise.df)
    k = math.ceil(2.0 * (t * noise.s / gap) ** 2)
    while k > 1 and t * noise.s * math.sqrt(2.0 / (k - 1)) < gap:  # ceil's rounding
        k -= 1
    while t * noise.s * math.sqrt(2.0 / k) >= gap:
        k += 1
    return k if k <= MAX_SETTLE else None
