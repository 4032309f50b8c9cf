"""The noise model and every interval the product prints around a measured figure (docs/report.md,
"How sure a figure is"). One home: the report's tables, figures and `--check`, `compare` and
`plan`'s power line all ask it.

The model. A point's tokens/s (or time per step) is log-normal around the point's own level.
Its independent unit is the allocation when its repeats are grouped by allocation (repeats of
one allocation share its nodes and neighbours), else the repeat; a unit's value is the mean of
the logs of its repeats. The spread of the units around their point's mean is one figure shared
by the run's points (pooled: s^2 = sum SS_p / df, df = sum (k_p - 1), k_p the point's units), or,
when the run's data reject equal spreads across node counts (Bartlett's test, level
HOMOGENEITY_LEVEL), each node count's own spread, pooled over its points (variants).

With 3 sizes or more and the degrees of freedom for it (TREND_MIN_DF), the spread is a trend
in N instead: log s^2 = a + b log2 N fitted by maximum likelihood (a constant spread is b = 0),
each size's spread read off the fit, the df of an interval from the fit's covariance.
Before any of it, `screen` may set one allocation aside: the one whose units sit on one side
of the other allocations' across the run's points by more than a Bonferroni t bound.

An interval of a contrast of points' mean logs (a point: its mean; a ratio: new - base; an
efficiency: four or two points) is value +- t(df) sqrt(sum c^2 s_p^2 / k_p), exp'ed. The printed
value is the median of the repeats (of the allocations' ratios, paired), as the tables have
always said; the interval is of the point's level exp(mean log). Where the run gives no degree
of freedom at all (one unit everywhere) no interval is made: the Estimate is unjudged.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

from scalestudy.uncertainty.tdist import chi2_sf, t_quantile

CONFIDENCE = 0.95  # the one level every interval is printed at
# the level at which equal spreads across node counts are rejected (fixed before any coverage
# was measured: the conventional 5%)
HOMOGENEITY_LEVEL = 0.05
# the spread is modelled as a trend in N (log s^2 = a + b log2 N, b = 0 the constant spread as
# a special case; trend_fit) wherever the run has 3 sizes with degrees of freedom and the fit
# leaves every one of them at least TREND_MIN_DF (2 / the variance of the fitted log s^2 there).
# 4 was chosen on benchmarks/interval_coverage.py: at n = 2 (2.9 df at the end sizes) or
# 2 allocations x 1 the fit's uncertainty costs more width than the 1.5x allows, so
# those designs keep the pooled spread (Bartlett's test, below, as before).
TREND_MIN_DF = 4.0
# the familywise level at which one allocation of a run is set aside as an outlier (screen)
SCREEN_LEVEL = 0.01
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
    # each group's key (its allocation: the bundled schedule's pass, the same at every size
    # of a run); () when not known
    keys: tuple = ()

    @classmethod
    def of(cls, values: Sequence[float], keys: Sequence) -> Clustered | list[float]:
        """Values grouped by key (e.g. allocation); a plain list when there is one group."""
        groups: dict = {}
        for v, k in zip(values, keys, strict=True):
            groups.setdefault(k, []).append(v)
        if len(groups) < 2:
            return list(values)
        return cls(tuple(tuple(g) for g in groups.values()), tuple(groups))

    def scaled(self, factor: float) -> Clustered:
        return Clustered(tuple(tuple(x * factor for x in g) for g in self.groups), self.keys)

    def without(self, key: Hashable) -> Clustered:
        """The set with one allocation's group left out."""
        kept = [(g, k) for g, k in zip(self.groups, self.keys, strict=True) if k != key]
        return Clustered(tuple(g for g, _ in kept), tuple(k for _, k in kept))

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
    unit) with df degrees of freedom, from `points` points with two units or more.
    `by_size`: (workers, s, df) of each size, when the run's data reject equal spreads across
    its sizes (then a size's own spread judges its points); empty: pooled."""

    s: float
    df: int
    points: int
    unit: str  # "repeat", "allocation" or "repeat or allocation"
    by_size: tuple[tuple[float, float, int], ...] = ()
    homogeneity_p: float | None = None  # Bartlett's test across sizes (None: not testable)
    # the spread's trend in N, where the run has the degrees of freedom for it (TREND_MIN_DF):
    # log s^2(N) = a + b log2 N, fitted by maximum likelihood over the sizes' sums of squares,
    # with the inverse Fisher information (v_aa, v_ab, v_bb) of (a, b); () without a trend
    trend: tuple[float, ...] = ()
    trend_p: float | None = None  # the likelihood-ratio test of b = 0 (None: not fitted)
    # the same fit wherever the run has 3 sizes with df, whatever df it leaves each: what a
    # projection past the measured sizes extrapolates (rising; report/projection/noise.py). At
    # 2 repeats a size the measured sizes' intervals keep a pooled spread (TREND_MIN_DF), but a
    # spread rising as sqrt(N) went unextrapolated: 6 of the 8 backtest rows fitted on 1..64
    # covered 128 nodes in 0.82-0.89 (docs/report.md); the draws carry the fit's uncertainty
    fitted_trend: tuple[float, ...] = ()

    @property
    def judged(self) -> bool:
        return self.df > 0

    @property
    def form(self) -> str:
        if self.trend:
            return "trend in N"
        return "per size" if self.by_size else "pooled"

    def at(self, size: float | None) -> tuple[float, float]:
        """(s, df) of one unit at size N (workers): on the fitted trend in N when the run has
        one (df: 2 / the variance of the fitted log s^2 there), else its size's own when
        spreads differ (a size without degrees of freedom: the largest spread of the sizes
        that have some), else the pooled."""
        if self.trend and size is not None and size > 0:
            a, b, vaa, vab, vbb = self.trend
            x = math.log2(size)
            var_log = vaa + 2.0 * x * vab + x * x * vbb
            return math.exp(0.5 * (a + b * x)), 2.0 / var_log
        if not self.by_size:
            return self.s, self.df
        for z, s, df in self.by_size:
            if size is not None and z == size:
                return s, df
        return max((s, df) for _, s, df in self.by_size)

    def s_at(self, size: float | None) -> float:
        return self.at(size)[0]

    def as_dict(self) -> dict:
        return {
            "s_log": self.s,
            "df": self.df,
            "points": self.points,
            "unit": self.unit,
            "form": self.form,
            "by_size": [{"workers": z, "s_log": s, "df": d} for z, s, d in self.by_size],
            "homogeneity_p": self.homogeneity_p,
            "trend": list(self.trend[:2]) if self.trend else None,
            "trend_p": self.trend_p,
        }

    def rising(self) -> bool:
        """A fitted trend in N (fitted_trend: at any df) whose slope is positive and rejects a
        constant spread at HOMOGENEITY_LEVEL: the spread a projection extrapolates
        (report/projection/noise.py)."""
        return bool(
            self.fitted_trend
            and self.fitted_trend[1] > 0
            and self.trend_p is not None
            and self.trend_p < HOMOGENEITY_LEVEL
        )

    def growth(self) -> str | None:
        """How the spread grows with N, where the run's data say it does: a trend in N whose
        slope is positive and rejects a constant spread at HOMOGENEITY_LEVEL, or unequal spreads
        (Bartlett) whose largest size has the largest; None where they do not (or the run
        cannot tell). What a projection beyond the measured sizes must say: its intervals
        extrapolate a rising trend (rising; report/projection/noise.py), not unequal spreads
        without one."""
        if self.rising():
            b = self.fitted_trend[1]
            return f"x{math.exp(0.5 * b):.2f} per doubling of N (p = {self.trend_p:.2g})"
        if self.trend:
            return None
        if len(self.by_size) >= 2 and self.homogeneity_p is not None:
            (z0, s0, _), (z1, s1, _) = min(self.by_size), max(self.by_size)
            if s1 >= max(s for _, s, _ in self.by_size) and s1 > s0:
                return (
                    f"{s0:.1%} at {z0:g} to {s1:.1%} at {z1:g} workers "
                    f"(Bartlett, p = {self.homogeneity_p:.2g})"
                )
        return None

    def describe(self, what: str = "tokens/s") -> str:
        if not self.judged:
            return f"{NO_NOISE} for {what}: every point has one {self.unit} (df = 0)"
        out = (
            f"run noise of {what}: {self.s:.1%} per {self.unit} (sd of log, pooled over "
            f"{self.points} point(s), df = {self.df})"
        )
        if self.trend:
            b = self.trend[1]
            sizes = ", ".join(f"{self.s_at(z):.1%} at {z:g}" for z, _, _ in self.by_size)
            out += (
                f"; modelled as a trend in N: x{math.exp(0.5 * b):.2f} per doubling of N "
                f"(likelihood-ratio test of a constant spread: p = {self.trend_p:.2g}): {sizes}"
            )
        elif self.by_size:
            sizes = ", ".join(f"{s:.1%} at {z:g} (df {d})" for z, s, d in self.by_size)
            out += (
                f"; equal spreads across node counts rejected (Bartlett, p = "
                f"{self.homogeneity_p:.2g}): each size judged on its own spread: {sizes}"
            )
        elif self.homogeneity_p is not None:
            out += f"; equal spreads across node counts not rejected (p = {self.homogeneity_p:.2g})"
        return out


def bartlett(groups: Sequence[tuple[float, float]]) -> float:
    """Bartlett's test of equal variances: the p-value of groups given as (variance, df)."""
    k, total = len(groups), sum(d for _, d in groups)
    pooled_var = sum(v * d for v, d in groups) / total
    stat = total * math.log(pooled_var) - sum(d * math.log(v) for v, d in groups)
    correction = 1.0 + (sum(1.0 / d for _, d in groups) - 1.0 / total) / (3.0 * (k - 1))
    return chi2_sf(stat / correction, k - 1)


def trend_fit(groups: Sequence[tuple[float, float, float]]) -> tuple[tuple[float, ...], float]:
    """The spread's trend over sizes given as (workers, variance, df): log s^2 = a + b log2 N
    by maximum likelihood (each size's variance is s^2(N) chi2(df) / df), Fisher scoring from
    b = 0. Returns ((a, b, v_aa, v_ab, v_bb), p) with the inverse Fisher information and the
    likelihood-ratio test's p-value of b = 0 (chi2, 1 df)."""
    xs = [math.log2(z) for z, _, _ in groups]
    ws = [d / 2.0 for _, _, d in groups]
    vs = [v for _, v, _ in groups]

    def loglik(a: float, b: float) -> float:
        terms = zip(xs, ws, vs, strict=True)
        return sum(-w * ((a + b * x) + v * math.exp(-(a + b * x))) for x, w, v in terms)

    a0 = math.log(sum(w * v for w, v in zip(ws, vs, strict=True)) / sum(ws))
    a, b = a0, 0.0
    i_aa = sum(ws)
    i_ab = sum(w * x for w, x in zip(ws, xs, strict=True))
    i_bb = sum(w * x * x for w, x in zip(ws, xs, strict=True))
    det = i_aa * i_bb - i_ab * i_ab
    for _ in range(50):
        r = [w * (v * math.exp(-(a + b * x)) - 1.0) for x, w, v in zip(xs, ws, vs, strict=True)]
        g_a, g_b = sum(r), sum(ri * x for ri, x in zip(r, xs, strict=True))
        da, db = (i_bb * g_a - i_ab * g_b) / det, (i_aa * g_b - i_ab * g_a) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    stat = max(0.0, 2.0 * (loglik(a, b) - loglik(a0, 0.0)))
    return (a, b, i_bb / det, -i_ab / det, i_aa / det), chi2_sf(stat, 1)


def pooled(
    sample_sets: Iterable[Samples],
    sizes: Iterable[float] | None = None,
    shared: Iterable[Hashable] | None = None,
) -> Noise:
    """The run's noise from its points' sample sets. sizes: each set's workers, to test whether
    the spread differs between node counts (None: pooled as one). shared: a key per set naming
    the allocations it ran in; sets with one key (the variants of a bundled sweep at one size)
    share their allocations' placement, so their spreads are not independent: together they
    count the degrees of freedom of the largest of them, not the sum (conservative). Default:
    grouped sets (Clustered) of one size share a key, any other set is its own."""
    sets = list(sample_sets)
    size_list = list(sizes) if sizes is not None else [None] * len(sets)
    keys = list(shared) if shared is not None else [None] * len(sets)
    ss, n_df, points, kinds = 0.0, 0, 0, set()
    by_size: dict[float | None, list] = {}  # size -> [SS, df of the sets]
    share_df: dict[Hashable, int] = {}  # shared key -> the largest df of its sets
    size_of: dict[Hashable, float | None] = {}
    for i, (samples, size, key) in enumerate(zip(sets, size_list, keys, strict=True)):
        u = units(samples)
        grouped = isinstance(samples, Clustered)
        kinds.add("allocation" if grouped else "repeat")
        if len(u) < 2:
            continue
        mean = sum(u) / len(u)
        sq = sum((x - mean) ** 2 for x in u)
        ss += sq
        n_df += len(u) - 1
        points += 1
        acc = by_size.setdefault(size if size is None else float(size), [0.0, 0])
        acc[0] += sq
        acc[1] += len(u) - 1
        if key is None:
            key = ("allocations", size) if grouped else ("set", i)
        share_df[key] = max(share_df.get(key, 0), len(u) - 1)
        size_of[key] = size if size is None else float(size)
    unit = " or ".join(sorted(kinds)) if kinds else "repeat"
    if not n_df:
        return Noise(0.0, 0, points, unit)
    s = math.sqrt(ss / n_df)
    df = sum(share_df.values())
    if sizes is None or len(by_size) < 2 or any(sq <= 0 for sq, _ in by_size.values()):
        return Noise(s, df, points, unit)
    eff = {z: sum(d for k, d in share_df.items() if size_of[k] == z) for z in by_size}
    groups = sorted((z, sq / d, eff[z]) for z, (sq, d) in by_size.items())
    p = bartlett([(v, d) for _, v, d in groups])
    own = tuple((z, math.sqrt(v), d) for z, v, d in groups)
    if len(groups) >= 3 and all(z > 0 for z, _, _ in groups):
        trend, trend_p = trend_fit(groups)
        *_, vaa, vab, vbb = trend
        worst = max(vaa + 2 * x * vab + x * x * vbb for x in (math.log2(z) for z, _, _ in groups))
        if 2.0 / worst >= TREND_MIN_DF:
            return Noise(s, df, points, unit, own, p, trend, trend_p, trend)
    else:
        trend, trend_p = (), None
    if p >= HOMOGENEITY_LEVEL:
        return Noise(s, df, points, unit, homogeneity_p=p, trend_p=trend_p, fitted_trend=trend)
    return Noise(s, df, points, unit, own, p, trend_p=trend_p, fitted_trend=trend)


@dataclass(frozen=True)
class Screened:
    """A run's sample sets after the outlier screen: `sets` as given, or with one allocation's
    groups left out of every set (`set_aside`: its key, with its standardised shift z and the
    threshold it passed)."""

    sets: list
    set_aside: Hashable | None = None
    z: float = 0.0
    threshold: float = 0.0

    def describe(self, what: str = "tokens/s") -> str:
        if self.set_aside is None:
            return ""
        return (
            f"allocation {self.set_aside} set aside for {what}: its units sit {self.z:+.1f} "
            f"spreads from the other allocations' across the run's points (threshold "
            f"{self.threshold:.1f}: one outlier allocation, docs/report.md)"
        )


def screen(
    sample_sets: Iterable[Samples],
    sizes: Iterable[float] | None = None,
    level: float = SCREEN_LEVEL,
) -> Screened:
    """The outlier screen of a run's allocations (docs/report.md, "One outlier allocation").
    For each allocation key k seen in sets with 3 units or more: each such set's deleted
    residual (k's unit minus the mean of the set's other units) over its sd under the noise
    of the other allocations (pooled without k, at the set's size: s sqrt(1 + 1/(units - 1))),
    averaged over the sets of one size (their variants share the allocation), and summed over
    sizes / sqrt(sizes): Z_k, about N(0, 1) when k is like the others. The allocation of the
    largest |Z_k| is set aside from every set when |Z_k| exceeds the t quantile (df of that
    noise) at `level` / (2 x allocations), Bonferroni over the run's allocations: one at most,
    and only where every set keeps 2 units."""
    sets = list(sample_sets)
    size_list = list(sizes) if sizes is not None else [None] * len(sets)
    keyed = [(i, s) for i, s in enumerate(sets) if isinstance(s, Clustered) and len(s.keys) >= 3]
    all_keys = sorted({k for _, s in keyed for k in s.keys}, key=str)
    if len(all_keys) < 3:
        return Screened(sets)
    best: tuple[float, Hashable, float] | None = None
    for k in all_keys:
        without = [s.without(k) if isinstance(s, Clustered) and s.keys else s for s in sets]
        noise = pooled(without, size_list)
        if not noise.judged:
            continue
        by_size: dict = {}
        for i, s in keyed:
            # each allocation's unit by its key: a group with no value left (a failed
            # allocation) has none, and must not shift the others' places
            by_key = {
                key: sum(lg) / len(lg)
                for g, key in zip(s.groups, s.keys, strict=True)
                if (lg := _logs(g))
            }
            rest = [u for key, u in by_key.items() if key != k]
            spread = noise.s_at(size_list[i])
            if k not in by_key or not rest or spread <= 0:
                continue
            r = (by_key[k] - sum(rest) / len(rest)) / (spread * math.sqrt(1 + 1 / len(rest)))
            by_size.setdefault(size_list[i], []).append(r)
        if not by_size:
            continue
        z = sum(sum(rs) / len(rs) for rs in by_size.values()) / math.sqrt(len(by_size))
        cut = t_quantile(1.0 - level / (2.0 * len(all_keys)), noise.df)
        if abs(z) > cut and (best is None or abs(z) / cut > abs(best[0]) / best[2]):
            best = (z, k, cut)
    if best is None:
        return Screened(sets)
    z, k, cut = best
    out = [s.without(k) if isinstance(s, Clustered) and k in s.keys else s for s in sets]
    if any(isinstance(s, Clustered) and len(s.groups) < 2 for s in out):
        return Screened(sets)
    return Screened(out, k, z, cut)


def screen_runs(
    sample_sets: Iterable[Samples], sizes: Iterable[float], runs: Iterable[Hashable]
) -> tuple[list, list[tuple[Hashable, Screened]]]:
    """screen() of each run on its own (a run's allocations are its own: allocation 3 of two
    sweeps in one report is two allocations), the sets in their order, and each run whose
    screen set one aside with what it did."""
    sets, size_list, run_list = list(sample_sets), list(sizes), list(runs)
    kept = list(sets)
    done = []
    for run in dict.fromkeys(run_list):
        mine = [i for i, r in enumerate(run_list) if r == run]
        result = screen([sets[i] for i in mine], [size_list[i] for i in mine])
        for i, s in zip(mine, result.sets, strict=True):
            kept[i] = s
        if result.set_aside is not None:
            done.append((run, result))
    return kept, done


def shared_by_run(
    sample_sets: Iterable[Samples], sizes: Iterable[float], runs: Iterable[Hashable]
) -> list[Hashable]:
    """pooled()'s `shared` keys where the sets come from several runs: the grouped sets of one
    run at one size share its allocations; two runs' sets never do."""
    return [
        ("allocations", run, size) if isinstance(s, Clustered) else ("set", i)
        for i, (s, size, run) in enumerate(zip(sample_sets, sizes, runs, strict=True))
    ]


def own(sample_sets: Iterable[Samples]) -> Noise:
    """The noise of the given sets alone (a point judged on its own units; sets of two runs,
    or of two sizes, share no allocation)."""
    sets = list(sample_sets)
    return pooled(sets, shared=range(len(sets)))


# -- intervals ----------------------------------------------------------------------------------


def contrast(
    terms: Sequence[tuple[Samples, float]],
    noise: Noise,
    confidence: float = CONFIDENCE,
    sizes: Sequence[float | None] | None = None,
    value: float | None = None,
    own_floor: bool = False,
) -> Estimate | None:
    """exp(sum c * mean log units) with its t interval under `noise` (each term's spread at its
    size); the printed value `value` when given (a ratio of medians), else the contrast's own.
    own_floor: a term's spread is never below its own units' (the paired ratio's rule).
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
    spreads = []
    for u, z in zip((u for u, _ in parts), at, strict=True):
        s = noise.at(z)[0]
        if own_floor and len(u) >= 2:  # never below its own spread: pooling adds df only
            mean = sum(u) / len(u)
            s = max(s, math.sqrt(sum((x - mean) ** 2 for x in u) / (len(u) - 1)))
        spreads.append(s)
    var, df = combined(
        noise,
        [(c, z, len(u)) for (u, c), z in zip(parts, at, strict=True)],
        spreads,
        by_trend=not own_floor,
    )
    if var <= 0:
        return Estimate(shown, math.exp(centre), math.exp(centre), n, True, noise.df)
    half = t_quantile(0.5 + confidence / 2.0, df) * math.sqrt(var)
    return Estimate(shown, math.exp(centre - half), math.exp(centre + half), n, True, df)


def combined(
    noise: Noise,
    terms: Sequence[tuple[float, float | None, int]],
    spreads: Sequence[float] | None = None,
    by_trend: bool = True,
) -> tuple[float, float]:
    """The variance of sum c x (the mean log of k units at size z) over `terms` (c, z, k) under
    `noise` (each term's spread at its size, or `spreads`), and its degrees of freedom: the
    pooled df where one estimate gives every spread; the delta method with the trend's
    covariance of (a, b) where the trend in N gives them (by_trend; they are correlated, not
    independent estimates); else Welch-Satterthwaite over the distinct estimates (a size's
    own spread), terms that share an estimate added first."""
    shares: dict[tuple[float, float], float] = {}
    for i, (c, z, k) in enumerate(terms):
        source = noise.at(z)
        s = source[0] if spreads is None else spreads[i]
        shares[source] = shares.get(source, 0.0) + c * c * s * s / k
    var = sum(shares.values())
    if var <= 0:
        return var, float(noise.df)
    if noise.trend and by_trend and all(z is not None and z > 0 for _, z, _ in terms):
        _, _, vaa, vab, vbb = noise.trend
        ga = gb = 0.0
        for c, z, k in terms:
            w = c * c * noise.s_at(z) ** 2 / k / var
            ga, gb = ga + w, gb + w * math.log2(z)
        return var, 2.0 / (ga * ga * vaa + 2.0 * ga * gb * vab + gb * gb * vbb)
    return var, var * var / sum(a * a / d for (_, d), a in shares.items())


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
    # the pairs of one size ran in the same allocations: their spreads share them
    sizes = [z for _, z in items]
    return pooled([list(rs) for rs, _ in items], sizes, [("allocations", z) for z in sizes])


def paired(
    ratios: Sequence[float], noise: Noise, size: float | None = None, confidence: float = CONFIDENCE
) -> Estimate | None:
    """The median of a point's per-allocation ratios with the interval of their geometric mean
    under the paired noise."""
    vals = [r for r in ratios if math.isfinite(r) and r > 0]
    if not vals:
        return None
    # a paired point is never narrower than the t interval on its own allocations' ratios at
    # the pooled df (issue #44: the quickstart's 2 allocations must not read as a verdict)
    return contrast([(vals, 1.0)], noise, confidence, [size], median(vals), own_floor=True)


def half_width(noise: Noise, k: int, confidence: float = CONFIDENCE, sides: int = 2) -> float:
    """The half-width (log) of a NEW/BASE interval with k units on each side."""
    return t_quantile(0.5 + confidence / 2.0, noise.df) * noise.s * math.sqrt(sides / k)


def units_to_settle(
    value: float,
    threshold: float,
    noise: Noise,
    confidence: float,
    max_units: int = 1000,
    size: float | None = None,
) -> int | None:
    """The units a side (same on both) whose interval would lie wholly on one side of
    `threshold` if the ratio stayed as observed: the spread and df that judged the point (its
    size's, where the run's spreads differ by size: the pooled one understated the cost 2.2x
    there), the t quantile taken at today's df (more units only add df: a slight
    overestimate); None beyond max_units or without noise."""
    if not noise.judged or value <= 0 or threshold <= 0:
        return None
    gap = abs(math.log(value) - math.log(threshold))
    if gap == 0.0:
        return None
    s, df = noise.at(size)
    t = t_quantile(0.5 + confidence / 2.0, df)
    k = math.ceil(2.0 * (t * s / gap) ** 2)
    while k > 1 and t * s * math.sqrt(2.0 / (k - 1)) < gap:  # ceil's rounding
        k -= 1
    while t * s * math.sqrt(2.0 / k) >= gap:
        k += 1
    return k if k <= max_units else None


def alone(
    samples: Samples, k: int | None = None, confidence: float = CONFIDENCE
) -> Estimate | None:
    """A quantity judged on its own units' spread (a measured count the report's choices rest
    on, e.g. the unique rows per rank): its median with the t interval of its level at df =
    units - 1. k: the interval the same mean and spread would give on k units instead (df k -
    1): what a larger design would settle. None without a unit; unjudged with one (and k not
    above it)."""
    u = units(samples)
    values = [v for v in samples if v is not None and math.isfinite(v) and v > 0]
    if not u:
        return None
    k = len(u) if k is None else k
    shown = median(values)
    if len(u) < 2 or k < 2:
        return Estimate.unjudged(shown, k)
    mean = sum(u) / len(u)
    s = math.sqrt(sum((x - mean) ** 2 for x in u) / (len(u) - 1))
    half = t_quantile(0.5 + confidence / 2.0, k - 1) * s / math.sqrt(k)
    return Estimate(shown, math.exp(mean - half), math.exp(mean + half), k, True, k - 1)


def settle(separated: Callable[[int], bool], now: int, max_units: int = 1000) -> int | None:
    """The fewest units k in (now, max_units] at which separated(k) holds, for a test that
    stays true once true (an interval that shrinks with k); None when max_units does not."""
    if not separated(max_units):
        return None
    lo, hi = now, max_units  # separated(hi) holds; separated(lo) is not known to
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if separated(mid):
            hi = mid
        else:
            lo = mid
    return hi


def more_to_exclude(
    e: Estimate, threshold: float = 1.0, confidence: float = CONFIDENCE, max_more: int = 1000
) -> int | None:
    """The more units (allocations of a paired ratio, repeats of a point) after which an
    interval with e's centre (its mean log) and spread per unit would exclude `threshold`:
    today's half-width t(df) s / sqrt(n) becomes t(df + m) s / sqrt(n + m) with m more (the
    spread as measured, each unit one more degree of freedom). 0 when it already does; None
    when unjudged or exact, the centre on the threshold, or beyond max_more."""
    if not e.judged or not math.isfinite(e.df) or e.df <= 0 or e.hi <= e.lo or e.n < 1:
        return None
    lo, hi = math.log(e.lo), math.log(e.hi)
    gap = abs(0.5 * (lo + hi) - math.log(threshold))
    if gap == 0.0:
        return None
    p = 0.5 + confidence / 2.0
    per_unit = 0.5 * (hi - lo) / t_quantile(p, e.df) * math.sqrt(e.n)  # s

    def separated(m: int) -> bool:
        return t_quantile(p, e.df + m) * per_unit / math.sqrt(e.n + m) < gap

    if separated(0):
        return 0
    return settle(separated, 0, max_more)
