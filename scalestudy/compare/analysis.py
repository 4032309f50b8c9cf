"""NEW against BASE, point by point: the ratio NEW/BASE of the medians of tokens/s (and of
the efficiency the report computes: weak from tokens/s, strong from the time per step, each
against its own side's smallest size N0) with a percentile-bootstrap interval that resamples
each side's repeats independently (report/stats.py: the report's seeded bootstrap), and a
verdict at the stated level: faster (higher) when the interval lies above 1, slower (lower)
when below, else no evidence. A point's repeats are its samples; in a bundled sweep they are
grouped by allocation and resampled in two levels, allocations then repeats (report/stats.py:
repeats of one allocation are not independent); two runs do not share allocations, so nothing
is paired. A verdict needs `min_samples`
completed repeats on each side: with fewer the percentile interval of a median is too narrow
(docs/compare.md: its measured coverage), and the point says "no evidence" with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scalestudy.compare import envdiff
from scalestudy.compare.match import Measured, Side, config_difference
from scalestudy.report.scaling import MissingBaseline, strong_speedup, weak_efficiency
from scalestudy.report.stats import (
    CONFIDENCE,
    Clustered,
    Estimate,
    Samples,
    combined_ci,
    median_ci,
)

MIN_SAMPLES = 5
# a set grouped by allocation needs this many allocations for a verdict: resampling 2 groups
# cannot tell a change from the spread between allocations (benchmarks/allocation_bootstrap.py:
# allocations 5% apart, runs 0.5%, 300 seeded trials of one distribution gave false evidence in
# 32% at 2 allocations x 5 repeats, 6.7% at 4 x 3, 5.7% at 6 x 2; pooled: 35%, 18%, 13%)
MIN_ALLOCATIONS = 4
WORDS = {"tokens_per_s": ("faster", "slower"), "efficiency": ("higher", "lower")}
NO_EVIDENCE = "no evidence"
NOT_MEASURED = "not measured"


@dataclass
class Ratio:
    metric: str
    base: Estimate | None
    new: Estimate | None
    ratio: Estimate | None
    n_base: int
    n_new: int
    verdict: str
    why: str = ""

    def as_dict(self) -> dict:
        def d(e):
            return e.as_dict() if e else None

        return {
            "metric": self.metric,
            "base": d(self.base),
            "new": d(self.new),
            "ratio": d(self.ratio),
            "n_base": self.n_base,
            "n_new": self.n_new,
            "verdict": self.verdict,
            "why": self.why,
        }


@dataclass
class Pair:
    base: Measured
    new: Measured
    tokens: Ratio
    efficiency: Ratio | None
    regression: bool = False  # slower beyond the tolerance, with evidence

    @property
    def label(self) -> str:
        return self.base.label or self.new.label

    def as_dict(self) -> dict:
        return {
            "variant": self.label,
            "settings": self.base.overrides,
            "workload": self.base.workload,
            "mode": self.base.mode,
            "nodes": self.base.nodes,
            "ppn": self.base.ppn,
            "workers": self.base.workers,
            "base_points": self.base.point_ids,
            "new_points": self.new.point_ids,
            "tokens_per_s": self.tokens.as_dict(),
            "efficiency": self.efficiency.as_dict() if self.efficiency else None,
            "regression": self.regression,
        }


@dataclass
class Unmatched:
    point: Measured
    nearest: list[str]  # how the nearest point of the other side differs (config keys)

    def as_dict(self) -> dict:
        m = self.point
        return {
            "variant": m.label,
            "settings": m.overrides,
            "mode": m.mode,
            "nodes": m.nodes,
            "ppn": m.ppn,
            "points": m.point_ids,
            "nearest_differs_in": self.nearest,
        }


@dataclass
class Comparison:
    base: Side
    new: Side
    pairs: list[Pair]
    only_base: list[Unmatched]
    only_new: list[Unmatched]
    environment: list[envdiff.Field]
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> list[envdiff.Field]:
        return [f for f in self.environment if f.changed]

    @property
    def regressions(self) -> list[Pair]:
        return [p for p in self.pairs if p.regression]


def allocations(*sets: Samples) -> int | None:
    """The fewest allocations of the sets that are grouped by allocation (None: none is)."""
    counts = [len(s.groups) for s in sets if isinstance(s, Clustered)]
    return min(counts) if counts else None


def verdict_of(
    metric: str,
    ratio: Estimate | None,
    n_base: int,
    n_new: int,
    min_samples: int,
    fewest_allocations: int | None = None,
) -> tuple[str, str]:
    if ratio is None:
        return NOT_MEASURED, "no completed repeat with this measurement on one side"
    if min(n_base, n_new) < min_samples:
        return NO_EVIDENCE, f"n < {min_samples}"
    if fewest_allocations is not None and fewest_allocations < MIN_ALLOCATIONS:
        return NO_EVIDENCE, (
            f"{fewest_allocations} allocations < {MIN_ALLOCATIONS}: too few to tell a change "
            "from the spread between allocations (sweep: allocations)"
        )
    up, down = WORDS[metric]
    if ratio.lo > 1.0:
        return up, ""
    if ratio.hi < 1.0:
        return down, ""
    return NO_EVIDENCE, "the interval contains 1"


def _ratio(
    metric: str,
    base: Samples,
    new: Samples,
    min_samples: int,
    confidence: float,
) -> Ratio:
    b = median_ci(base, confidence=confidence) if base else None
    n = median_ci(new, confidence=confidence) if new else None
    r = (
        combined_ci([new, base], lambda x, y: x / y, confidence=confidence)
        if base and new
        else None
    )
    v, why = verdict_of(metric, r, len(base), len(new), min_samples, allocations(base, new))
    return Ratio(metric, b, n, r, len(base), len(new), v, why)


def side_efficiency(side: Side, m: Measured, confidence: float) -> Estimate | None:
    """The report's efficiency of point m against its variant's own N0 on this side
    (report/scaling.py), None at N0 itself or when N0 has no completed repeat."""
    n0 = side.n0(m.variant_key)
    if n0 is None or n0.workers == m.workers:
        return None
    try:
        if m.mode == "strong":
            if not m.step_s or not n0.step_s:
                return None
            samples = {m.workers: m.step_samples, n0.workers: n0.step_samples}
            res = strong_speedup(samples, n0.workers)
            return res[m.workers][1]
        if not m.tokens or not n0.tokens:
            return None
        samples = {m.workers: m.token_samples, n0.workers: n0.token_samples}
        return weak_efficiency(samples, n0.workers)[m.workers]
    except MissingBaseline:
        return None


def _efficiency(
    base: Side, new: Side, b: Measured, n: Measured, min_samples: int, confidence: float
) -> tuple[Ratio | None, str]:
    b0, n0 = base.n0(b.variant_key), new.n0(n.variant_key)
    if b0 is None or n0 is None or b0.workers == b.workers:
        return None, ""  # N0 itself: 1 by definition
    if b0.workers != n0.workers:
        return None, (
            f"{b.label} at {b.nodes} node(s): efficiency not compared: N0 is {b0.nodes} "
            f"node(s) in {base.label}, {n0.nodes} in {new.label}"
        )
    samples = (
        (n.step_samples, n0.step_samples, b.step_samples, b0.step_samples)  # (t0/t)_new / ...
        if b.mode == "strong"
        else (n.token_samples, n0.token_samples, b.token_samples, b0.token_samples)  # (T/T0)
    )
    be, ne = side_efficiency(base, b, confidence), side_efficiency(new, n, confidence)
    if not all(len(x) for x in samples):
        r = None
    elif b.mode == "strong":
        r = combined_ci(
            [samples[1], samples[0], samples[3], samples[2]],
            lambda a0, a, c0, c: (a0 / a) / (c0 / c),
            confidence=confidence,
        )
    else:
        r = combined_ci(
            list(samples), lambda a, a0, c, c0: (a / a0) / (c / c0), confidence=confidence
        )
    nb = min(len(samples[2]), len(samples[3]))
    nn = min(len(samples[0]), len(samples[1]))
    v, why = verdict_of("efficiency", r, nb, nn, min_samples, allocations(*samples))
    return Ratio("efficiency", be, ne, r, nb, nn, v, why), ""


def _nearest(m: Measured, others: list[Measured]) -> list[str]:
    same_size = [
        o
        for o in others
        if (o.workload, o.mode, o.nodes, o.ppn) == (m.workload, m.mode, m.nodes, m.ppn)
    ]
    if not same_size:
        return [f"no point at {m.nodes} node(s) x {m.ppn} on the other side"]
    diffs = [config_difference(m.config, o.config) for o in same_size]
    return min(diffs, key=len)


def compare(
    base: Side,
    new: Side,
    *,
    tolerance: float | None = None,
    min_samples: int = MIN_SAMPLES,
    confidence: float = CONFIDENCE,
    base_capture: envdiff.Capture | None = None,
) -> Comparison:
    pairs: list[Pair] = []
    notes: list[str] = []
    for key in sorted(
        set(base.points) & set(new.points),
        key=lambda k: (base.points[k].mode, base.points[k].label, base.points[k].workers),
    ):
        b, n = base.points[key], new.points[key]
        tokens = _ratio("tokens_per_s", b.token_samples, n.token_samples, min_samples, confidence)
        eff, note = _efficiency(base, new, b, n, min_samples, confidence)
        if note:
            notes.append(note)
        pair = Pair(b, n, tokens, eff)
        pair.regression = bool(
            tolerance is not None
            and tokens.verdict == WORDS["tokens_per_s"][1]
            and tokens.ratio is not None
            and tokens.ratio.hi < 1.0 - tolerance
        )
        pairs.append(pair)
    only_b = [k for k in base.points if k not in new.points]
    only_n = [k for k in new.points if k not in base.points]
    ob = [
        Unmatched(base.points[k], _nearest(base.points[k], [new.points[x] for x in only_n]))
        for k in only_b
    ]
    on = [
        Unmatched(new.points[k], _nearest(new.points[k], [base.points[x] for x in only_b]))
        for k in only_n
    ]
    for u in (*ob, *on):
        u.nearest = u.nearest[:6]
    order = lambda u: (u.point.mode, u.point.label, u.point.workers)  # noqa: E731
    captured = base_capture or envdiff.gather(base), envdiff.gather(new)
    notes += [n for c in captured for n in c.notes]
    env = envdiff.compare(*captured)
    return Comparison(base, new, pairs, sorted(ob, key=order), sorted(on, key=order), env, notes)
