"""The noise model and every interval the product prints around a measured figure (docs/report.md,
"How sure a figure is"). One home: the report's tables, figures and `--check`, `compare` and
`plan`'s power line all ask it.

The model. A point's tokens/s (or time per step) is log-normal around the point's own level.
Its independent unit is the allocation when its repeats are grouped by allocation (repeats of
one allocation share its nodes and neighbours), else the repeat; a unit's value is the mean of
the logs of its repeats. The spread of the units around their point's mean is one figure shared
by the run's points (pooled: s^2 = sum SS_p / df, df = sum (k_p - 1), k_p the point's units), or,
when the run's data reject equal spreads across node counts (a likelihood-ratio test, level
HOMOGENEITY_LEVEL), a log-variance linear in log N fitted to them (one degree of freedom spent).

An interval of a contrast of points' mean logs (a point: its mean; a ratio: new - base; an
efficiency: four or two points) is value +- t(df) sqrt(sum c^2 s_p^2 / k_p), exp'ed. The printed
value is the median of the repeats (of the allocations' ratios, paired), as the tables have
always said; the interval is of the point's level exp(mean log). Where the run gives no degree
of freedom at all (one unit everywhere) no interval is made: the Estimate is unjudged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scalestudy.uncertainty.tdist import t_quantile

CONFIDENCE = 0.95  # the one level every interval is printed at
# the level at which equal spreads across node counts are rejected (fixed before any coverage
# was measured: the conventional 5%)
HOMOGENEITY_LEVEL = 0.05
NO_NOISE = "no noise estimate"


@dataclass(frozen=True)
class Estimate:
    """A figure with its interval at CONFIDENCE over n units. `judged` False: no spread could
    be estimated (lo == hi == value), so no interval is printed, no band drawn and no verdict
    given. An exact figure (an efficiency at its own N0, 1 by definition) is judged with a
    zero-width interval."""

    value: float
    lo: float
    hi: float
    n: int
    judged: bool = True
    df: float = math.inf  # the t quantile's degrees of freedom (inf: exact)

    def as_dict(self) -> dict:
        out = {"value": self.value, "lo": self.lo, "hi": self.hi, "n": self.n}
        out["judged"] = self.judged
        out["df"] = self.df if math.isfinite(self.df) else None
        return out

    @classmethod
    def exact(cls, value: float, n: int) -> Estimate:
        return cls(value, value, value, n)

    @classmethod
    def unjudged(cls, value: float, n: int) -> Estimate:
        return cls(value, value, value, n, judged=False, df=0.0)


@dataclass(frozen=True)
class Clustered:
    """A sample set in groups (a point's repeats by allocation)."""

    groups: tuple[tuple[float, ...], ...]

    @classmethod
    def of(cls, values: Sequence[float], keys: Sequence) -> Clustered | list[float]:
        """Values grouped by key (e.g. allocation); a plain list when there is one group."""
        groups: dict = {}
        for v, k in zip(values, keys, strict=True):
            groups.setdefault(k, []).append(v)
        if len(groups) < 2:
            return list(values)
        return cls(tuple(tuple(g) for g in groups.values()))

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)

    def __iter__(self):
        return (v for g in self.groups for v in g)


Samples = Sequence[float] | Clustered


def _logs(values: Iterable) -> list[float]:
    out = []
    for v in values:
        if v is None:
            continue
        x = float(v)
        if math.isfinite(x) and x > 0:
            out.append(math.log(x))
    return out


def units(samples: Samples) -> list[float]:
    """The independent units of a point as logs: each allocation's mean log (grouped), else
    each repeat's log. Values that are not positive finite numbers are left out."""
    if isinstance(samples, Clustered):
        out = []
        for g in samples.groups:
            lg = _logs(g)
            if lg:
                out.append(sum(lg) / len(lg))
        return out
    return _logs(samples)


def median(values: Iterable) -> float:
    xs = sorted(float(v) for v in values if v is not None and math.isfinite(float(v)))
    if not xs:
        raise ValueError("no samples")
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else 0.5 * (xs[mid - 1] + xs[mid])


# -- the noise ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Noise:
    """The spread of the logs of a run's units (s: about the coefficient of variation of one
    unit) with df degrees of freedom, from `points` points with two units or more. `slope`:
    d log(variance) / d log(N) when equal spreads were rejected (0: pooled), about `log_n0`."""

    s: float
    df: int
    points: int
    unit: str  # "repeat", "allocation" or "repeat or allocation"
    slope: float = 0.0
    log_n0: float = 0.0
    homogeneity_p: float | None = None  # the test's p-value (None: not testable)

    @property
    def judged(self) -> bool:
        return self.df > 0

    @property
    def form(self) -> str:
        return "pooled" if self.slope == 0.0 else "log-variance linear in log N"

    def s_at(self, size: float | None) -> float:
        """The spread of one unit at size N (workers); the pooled s when it does not vary."""
        if self.slope == 0.0 or size is None or size <= 0:
            return self.s
        return self.s * math.exp(0.5 * self.slope * (math.log(size) - self.log_n0))

    def as_dict(self) -> dict:
        return {
            "s_log": self.s,
            "df": self.df,
            "points": self.points,
            "unit": self.unit,
            "form": self.form,
            "log_variance_slope": self.slope,
            "homogeneity_p": self.homogeneity_p,
        }

    def describe(self, what: str = "tokens/s") -> str:
        if not self.judged:
            return f"{NO_NOISE} for {what}: every point has one {self.unit} (df = 0)"
        out = (
            f"run noise of {what}: {self.s:.1%} per {self.unit} (sd of log, pooled over "
            f"{self.points} point(s), df = {self.df})"
        )
        if self.slope != 0.0:
            out += (
                f"; equal spreads across node counts rejected (p = {self.homogeneity_p:.3g}): "
                f"variance grows as N^{self.slope:.2f} (the s above is at N = "
                f"{math.exp(self.log_n0):.3g})"
            )
        elif self.homogeneity_p is not None:
            out += f"; equal spreads across node counts not rejected (p = {self.homogeneity_p:.2g})"
        return out


def _chi2_1_sf(x: float) -> float:
    return math.erfc(math.sqrt(max(x, 0.0) / 2.0))


def _log_linear(ss: list[float], dfs: list[int], xs: list[float]) -> tuple[float, float, float]:
    """Maximum likelihood of SS_g ~ exp(a + b x_g) chi2(df_g): (a, b, log-likelihood)."""

    def loglik(a: float, b: float) -> float:
        return sum(
            -d / 2.0 * (a + b * x) - s / 2.0 * math.exp(-(a + b * x))
            for s, d, x in zip(ss, dfs, xs, strict=True)
        )

    a, b = math.log(sum(ss) / sum(dfs)), 0.0
    for _ in range(100):
        w = [s / 2.0 * math.exp(-(a + b * x)) for s, x in zip(ss, xs, strict=True)]
        ga = sum(-d / 2.0 + wi for d, wi in zip(dfs, w, strict=True))
        gb = sum(x * (-d / 2.0 + wi) for d, wi, x in zip(dfs, w, xs, strict=True))
        haa, hab = sum(w), sum(wi * x for wi, x in zip(w, xs, strict=True))
        hbb = sum(wi * x * x for wi, x in zip(w, xs, strict=True))
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b, loglik(a, b)


def pooled(sample_sets: Iterable[Samples], sizes: Iterable[float] | None = None) -> Noise:
    """The run's noise from its points' sample sets (sizes: each set's workers, to test and
    model a spread that changes with N; None: pooled as one)."""
    sets = list(sample_sets)
    size_list = list(sizes) if sizes is not None else [None] * len(sets)
    ss, df, points, kinds = 0.0, 0, 0, set()
    by_size: dict[float, list[float]] = {}  # size -> [SS, df]
    for samples, size in zip(sets, size_list, strict=True):
        u = units(samples)
        kinds.add("allocation" if isinstance(samples, Clustered) else "repeat")
        if len(u) < 2:
            continue
        mean = sum(u) / len(u)
        sq = sum((x - mean) ** 2 for x in u)
        ss += sq
        df += len(u) - 1
        points += 1
        if size is not None and size > 0:
            acc = by_size.setdefault(float(size), [0.0, 0])
            acc[0] += sq
            acc[1] += len(u) - 1
    unit = " or ".join(sorted(kinds)) if kinds else "repeat"
    if not df:
        return Noise(0.0, 0, points, unit)
    flat = Noise(math.sqrt(ss / df), df, points, unit)
    groups = [(math.log(n), s, d) for n, (s, d) in sorted(by_size.items()) if d > 0]
    if len(groups) < 2 or any(s <= 0 for _, s, _ in groups) or df < 3:
        return flat
    xs, sss, dfs = [g[0] for g in groups], [g[1] for g in groups], [g[2] for g in groups]
    var0 = ss / df
    null = sum(-d / 2.0 * math.log(var0) - s / (2.0 * var0) for s, d in zip(sss, dfs, strict=True))
    a, b, alt = _log_linear(sss, dfs, xs)
    p = _chi2_1_sf(2.0 * (alt - null))
    if p >= HOMOGENEITY_LEVEL or not math.isfinite(b):
        return Noise(flat.s, df, points, unit, homogeneity_p=p)
    x0 = sum(d * x for x, d in zip(xs, dfs, strict=True)) / sum(dfs)  # df-weighted mean log N
    s0 = math.sqrt(math.exp(a + b * x0))
    return Noise(s0, df - 1, points, unit, slope=b, log_n0=x0, homogeneity_p=p)


def own(sample_sets: Iterable[Samples]) -> Noise:
    """The noise of the given sets alone (a point judged on its own units)."""
    return pooled(sample_sets)


# -- intervals ----------------------------------------------------------------------------------


def contrast(
    terms: Sequence[tuple[Samples, float]],
    noise: Noise,
    confidence: float = CONFIDENCE,
    sizes: Sequence[float | None] | None = None,
    value: float | None = None,
) -> Estimate | None:
    """exp(sum c * mean log units) with its t interval under `noise` (each term's spread at its
    size); the printed value `value` when given (a ratio of medians), else the contrast's own.
    None when a set has no unit; unjudged when the noise has no degree of freedom."""
    parts = [(units(s), c) for s, c in terms]
    if any(not u for u, _ in parts):
        return None
    centre = sum(c * sum(u) / len(u) for u, c in parts)
    shown = math.exp(centre) if value is None else value
    n = min(len(u) for u, _ in parts)
    if not noise.judged:
        return Estimate.unjudged(shown, n)
    at = list(sizes) if sizes is not None else [None] * len(parts)
    var = sum(c * c * noise.s_at(z) ** 2 / len(u) for (u, c), z in zip(parts, at, strict=True))
    half = t_quantile(0.5 + confidence / 2.0, noise.df) * math.sqrt(var)
    return Estimate(shown, math.exp(centre - half), math.exp(centre + half), n, True, noise.df)


def point_value(terms: Sequence[tuple[Samples, float]]) -> float | None:
    """exp(sum c * mean log units): the contrast's value without an interval."""
    parts = [(units(s), c) for s, c in terms]
    if any(not u for u, _ in parts):
        return None
    return math.exp(sum(c * sum(u) / len(u) for u, c in parts))


def level(
    samples: Samples, noise: Noise, size: float | None = None, confidence: float = CONFIDENCE
) -> Estimate | None:
    """A point's median with the interval of its level (tokens/s, time per step)."""
    values = [v for v in samples if v is not None and math.isfinite(v) and v > 0]
    if not values:
        return None
    return contrast([(samples, 1.0)], noise, confidence, [size], value=median(values))


def ratio(
    terms: Sequence[tuple[Samples, float, float | None]],
    noise: Noise,
    scale: float = 1.0,
    confidence: float = CONFIDENCE,
) -> Estimate | None:
    """scale * prod median(set)^c with the interval of scale * exp(contrast): an efficiency
    (weak: T(N) / (N/N0 T(N0)); strong: t(N0) / t(N) x N0/N) or a speedup. terms: (samples,
    coefficient, size)."""
    meds = []
    for s, _, _ in terms:
        vals = [v for v in s if v is not None and math.isfinite(v) and v > 0]
        if not vals:
            return None
        meds.append(median(vals))
    shown = scale * math.prod(m**c for m, (_, c, _) in zip(meds, terms, strict=True))
    e = contrast([(s, c) for s, c, _ in terms], noise, confidence, [z for _, _, z in terms])
    if e is None:
        return None
    if not e.judged:
        return Estimate.unjudged(shown, e.n)
    return Estimate(shown, scale * e.lo, scale * e.hi, e.n, True, e.df)


def paired_noise(per_point: Iterable[tuple[Sequence[float], float | None]]) -> Noise:
    """The noise of paired log-ratios (one per allocation) pooled over the run's paired points:
    per_point gives each point's allocation ratios and its size."""
    items = list(per_point)
    return pooled([[r for r in rs] for rs, _ in items], [z for _, z in items])


def paired(
    ratios: Sequence[float], noise: Noise, size: float | None = None, confidence: float = CONFIDENCE
) -> Estimate | None:
    """The median of a point's per-allocation ratios with the interval of their geometric mean
    under the paired noise."""
    vals = [r for r in ratios if math.isfinite(r) and r > 0]
    if not vals:
        return None
    return contrast([(vals, 1.0)], noise, confidence, [size], value=median(vals))


def half_width(noise: Noise, k: int, confidence: float = CONFIDENCE, sides: int = 2) -> float:
    """The half-width (log) of a NEW/BASE interval with k units on each side."""
    return t_quantile(0.5 + confidence / 2.0, noise.df) * noise.s * math.sqrt(sides / k)


def units_to_settle(
    value: float, threshold: float, noise: Noise, confidence: float, max_units: int = 1000
) -> int | None:
    """The units a side (same on both) whose interval would lie wholly on one side of
    `threshold` if the ratio stayed as observed, the t quantile taken at today's df (more
    units only add df: a slight overestimate); None beyond max_units or without noise."""
    if not noise.judged or value <= 0 or threshold <= 0:
        return None
    gap = abs(math.log(value) - math.log(threshold))
    if gap == 0.0:
        return None
    t = t_quantile(0.5 + confidence / 2.0, noise.df)
    k = math.ceil(2.0 * (t * noise.s / gap) ** 2)
    while k > 1 and t * noise.s * math.sqrt(2.0 / (k - 1)) < gap:  # ceil's rounding
        k -= 1
    while t * noise.s * math.sqrt(2.0 / k) >= gap:
        k += 1
    return k if k <= max_units else None
