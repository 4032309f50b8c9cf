"""NEW against BASE, point by point: the ratio NEW/BASE of tokens/s (and of the efficiency the
report computes: weak from tokens/s, strong from the time per step, each against its own side's
smallest size N0) with an interval at the stated level, and verdicts.

One rule picks the interval (docs/compare.md, "Which interval judges a point"):

- **per point**: a point with at least `min_samples` completed repeats on each side (and, when
  its repeats are grouped by allocation, at least MIN_ALLOCATIONS allocations on each side) is
  judged on its own units: the same t contrast as below (scalestudy/uncertainty), its spread
  and degrees of freedom from that point's units alone. It carries that point's own noise and
  assumes nothing about the other points.
- **pooled**: every other point is judged with the noise the two runs show (compare/noise.py):
  the spread of the logs of the units (allocations, else repeats) pooled over every point of
  both runs, a Student-t interval for the ratio of geometric means with the pooled degrees of
  freedom. Small designs (2 allocations x 1 repeat) get an interval as wide as their noise.
- **unjudged**: no repeat of the point on one side (`not measured`), or no noise can be
  estimated at all (one unit per point everywhere: df = 0). Nothing is said about its change.

Verdicts: against 1, faster (higher) when the interval lies above 1, slower (lower) when below,
else no evidence; against a tolerance TOL (the gate), *slower than TOL* when the interval's upper
end is below 1 - TOL, *within TOL* when its lower end is at or above 1 - TOL, else
*inconclusive*, with the units a side that would settle it if the ratio stayed as observed. Two
runs do not share allocations, so nothing is paired.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from scalestudy.compare import envdiff, noise
from scalestudy.compare.match import Measured, Side, config_difference
from scalestudy.compare.noise import MIN_ALLOCATIONS, MIN_SAMPLES, Noise
from scalestudy.errors import EXIT_CHECK_FAILED, EXIT_OK
from scalestudy.formats import results_columns
from scalestudy.report.scaling import MissingBaseline, strong_speedup, weak_efficiency
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import CONFIDENCE, Clustered, Estimate, Samples
from scalestudy.workloads import table as workloads

WORDS = {"tokens_per_s": ("faster", "slower"), "efficiency": ("higher", "lower")}
NO_EVIDENCE = "no evidence"
NOT_MEASURED = "not measured"
UNJUDGED = "unjudged"
# the three outcomes against a tolerance (and unjudged)
SLOWER_THAN_TOL = "slower than TOL"
WITHIN_TOL = "within TOL"
INCONCLUSIVE = "inconclusive"
# how a point was judged
PER_POINT = "per point"
POOLED = "pooled"
# collect's status of a point whose throughput fails its clock cross-check: never a sample
INCONSISTENT = results_columns.CLOCK_INCONSISTENT  # a status collect gives (collect/clocks.py)


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
    method: str = ""  # PER_POINT, POOLED, or "" (unjudged)
    gate: str = ""  # against the tolerance: SLOWER_THAN_TOL, WITHIN_TOL, INCONCLUSIVE, UNJUDGED
    settle: int | None = None  # inconclusive: units a side that would settle it
    unit: str = "repeat"  # what settle counts

    @property
    def judged(self) -> bool:
        return self.verdict not in (UNJUDGED, NOT_MEASURED)

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
            "judged_on": self.method or None,
            "gate": self.gate or None,
            "settle_per_side": self.settle,
            "settle_unit": self.unit,
        }


@dataclass
class Pair:
    base: Measured
    new: Measured
    tokens: Ratio
    efficiency: Ratio | None
    regression: bool = False  # slower than the tolerance (gate: SLOWER_THAN_TOL)

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
    # the pooled noise of both runs, by what it was measured on ("tokens_per_s", "step_s")
    noise: dict[str, Noise] = field(default_factory=dict)
    tolerance: float | None = None

    @property
    def changed(self) -> list[envdiff.Field]:
        return [f for f in self.environment if f.changed]

    @property
    def regressions(self) -> list[Pair]:
        return [p for p in self.pairs if p.regression]

    def gated(self, outcome: str) -> list[Pair]:
        return [p for p in self.pairs if p.tokens.gate == outcome]


def allocations(*sets: Samples) -> int | None:
    """The fewest allocations of the sets that are grouped by allocation (None: none is)."""
    counts = [len(s.groups) for s in sets if isinstance(s, Clustered)]
    return min(counts) if counts else None


def per_point_rule(
    n_base: int, n_new: int, min_samples: int, fewest_allocations: int | None = None
) -> str:
    """Why a point's own repeats cannot judge it ('' when they can): the per-point rule
    needs min_samples completed repeats on EACH side, and MIN_ALLOCATIONS allocations when its
    repeats are grouped by allocation."""
    if min(n_base, n_new) < min_samples:
        return f"n < {min_samples}"
    if fewest_allocations is not None and fewest_allocations < MIN_ALLOCATIONS:
        return (
            f"{fewest_allocations} allocations < {MIN_ALLOCATIONS}: too few to tell a change "
            "from the spread between allocations (sweep: allocations)"
        )
    return ""


def direction(metric: str, ratio: Estimate) -> str:
    up, down = WORDS[metric]
    if ratio.lo > 1.0:
        return up
    if ratio.hi < 1.0:
        return down
    return NO_EVIDENCE


def verdict_of(
    metric: str,
    ratio: Estimate | None,
    n_base: int,
    n_new: int,
    min_samples: int,
    fewest_allocations: int | None = None,
) -> tuple[str, str]:
    """The per-point rule's verdict on its own units' interval: no evidence (with the reason) when
    the point's own repeats are too few for it (compare() then judges it pooled)."""
    if ratio is None:
        return NOT_MEASURED, "no completed repeat with this measurement on one side"
    why = per_point_rule(n_base, n_new, min_samples, fewest_allocations)
    if why:
        return NO_EVIDENCE, why
    verdict = direction(metric, ratio)
    return verdict, "the interval contains 1" if verdict == NO_EVIDENCE else ""


def against_tolerance(
    ratio: Ratio, tolerance: float, model: Noise, confidence: float, size: int | None = None
):
    """Set ratio.gate (and .settle, from the spread at `size`): the outcomes against 1 - TOL."""
    if not ratio.judged or ratio.ratio is None:
        ratio.gate = UNJUDGED
        return
    r, threshold = ratio.ratio, 1.0 - tolerance
    if r.hi < threshold:
        ratio.gate = SLOWER_THAN_TOL
    elif r.lo >= threshold:
        ratio.gate = WITHIN_TOL
    else:
        ratio.gate = INCONCLUSIVE
        ratio.settle = noise.units_to_settle(r.value, threshold, model, confidence, size)


def of_medians(sets: list[Samples], coefficients: list[float]) -> float:
    """The printed value of a contrast: prod median(set)^c (a ratio of medians)."""
    return math.prod(uncertainty.median(s) ** c for s, c in zip(sets, coefficients, strict=True))


def _judge(
    metric: str,
    sets: list[Samples],
    coefficients: list[float],
    n_base: int,
    n_new: int,
    min_samples: int,
    confidence: float,
    model: Noise,
    sizes: list[int | None],
) -> tuple[Estimate | None, str, str, str]:
    """(interval, verdict, why, method) by the rule: per point, else pooled, else unjudged."""
    if not all(len(s) for s in sets):
        return None, NOT_MEASURED, "no completed repeat with this measurement on one side", ""
    own = per_point_rule(n_base, n_new, min_samples, allocations(*sets))
    terms = list(zip(sets, coefficients, strict=True))
    if not own:
        value = of_medians(sets, coefficients)
        r = uncertainty.contrast(terms, uncertainty.own(sets), confidence, value=value)
        verdict, why = verdict_of(metric, r, n_base, n_new, min_samples, allocations(*sets))
        return r, verdict, why, PER_POINT
    r = noise.contrast(terms, model, confidence, sizes, value=of_medians(sets, coefficients))
    if r is None or not r.judged:
        return r, UNJUDGED, f"{own}; {model.describe()}", ""
    verdict = direction(metric, r)
    return r, verdict, f"{own}: judged on the runs' pooled noise (t, df = {model.df})", POOLED


def _ratio(
    metric: str,
    base: Samples,
    new: Samples,
    min_samples: int,
    confidence: float,
    model: Noise,
    size: int | None = None,
) -> Ratio:
    b = uncertainty.level(base, model, size, confidence) if base else None
    n = uncertainty.level(new, model, size, confidence) if new else None
    r, v, why, method = _judge(
        metric,
        [new, base],
        [1.0, -1.0],
        len(base),
        len(new),
        min_samples,
        confidence,
        model,
        [size, size],
    )
    unit = "allocation" if isinstance(base, Clustered) or isinstance(new, Clustered) else "repeat"
    return Ratio(metric, b, n, r, len(base), len(new), v, why, method, unit=unit)


def judge_tokens(
    base: Samples,
    new: Samples,
    model: Noise,
    *,
    tolerance: float | None,
    min_samples: int = MIN_SAMPLES,
    confidence: float = CONFIDENCE,
    size: int | None = None,
) -> Ratio:
    """One matched point's tokens/s NEW/BASE judged by the rule (per point, else on `model`,
    the runs' pooled noise, at the point's size `size` in workers), and against the tolerance
    when there is one."""
    tokens = _ratio("tokens_per_s", base, new, min_samples, confidence, model, size)
    if tolerance is not None:
        # what would settle it: the spread that judged it (a point judged on its own units
        # has its own spread, not the runs' pooled one)
        if tokens.method == PER_POINT:
            against_tolerance(tokens, tolerance, uncertainty.own([new, base]), confidence)
        else:
            against_tolerance(tokens, tolerance, model, confidence, size)
    return tokens


def side_efficiency(
    side: Side, m: Measured, confidence: float, models: dict[str, Noise] | None = None
) -> Estimate | None:
    """The report's efficiency of point m against its variant's own N0 on this side
    (report/scaling.py; under `models`, the runs' noise, else these two points'), None at N0
    itself or when N0 has no completed repeat."""
    models = models or {}
    n0 = side.n0(m.variant_key)
    if n0 is None or n0.workers == m.workers:
        return None
    try:
        if m.mode == "strong":
            if not m.step_s or not n0.step_s:
                return None
            samples = {m.workers: m.step_samples, n0.workers: n0.step_samples}
            res = strong_speedup(samples, n0.workers, noise=models.get("step_s"))
            return res[m.workers][1]
        if not m.tokens or not n0.tokens:
            return None
        samples = {m.workers: m.token_samples, n0.workers: n0.token_samples}
        return weak_efficiency(samples, n0.workers, noise=models.get("tokens_per_s"))[m.workers]
    except MissingBaseline:
        return None


def _efficiency(
    base: Side,
    new: Side,
    b: Measured,
    n: Measured,
    min_samples: int,
    confidence: float,
    models: dict[str, Noise],
) -> tuple[Ratio | None, str]:
    b0, n0 = base.n0(b.variant_key), new.n0(n.variant_key)
    if b0 is None or n0 is None or b0.workers == b.workers:
        return None, ""  # N0 itself: 1 by definition
    if b0.workers != n0.workers:
        return None, (
            f"{b.label} at {b.nodes} node(s): efficiency not compared: N0 is {b0.nodes} "
            f"node(s) in {base.label}, {n0.nodes} in {new.label}"
        )
    be = side_efficiency(base, b, confidence, models)
    ne = side_efficiency(new, n, confidence, models)
    if b.mode == "strong":
        # (t0/t)_new / (t0/t)_base from the time per step
        sets = [n0.step_samples, n.step_samples, b0.step_samples, b.step_samples]
        r, v, why, method = _judge(
            "efficiency",
            sets,
            [1.0, -1.0, -1.0, 1.0],
            min(len(sets[2]), len(sets[3])),
            min(len(sets[0]), len(sets[1])),
            min_samples,
            confidence,
            models["step_s"],
            [n0.workers, n.workers, b0.workers, b.workers],
        )
    else:
        # (T/T0)_new / (T/T0)_base from tokens/s
        sets = [n.token_samples, n0.token_samples, b.token_samples, b0.token_samples]
        r, v, why, method = _judge(
            "efficiency",
            sets,
            [1.0, -1.0, -1.0, 1.0],
            min(len(sets[2]), len(sets[3])),
            min(len(sets[0]), len(sets[1])),
            min_samples,
            confidence,
            models["tokens_per_s"],
            [n.workers, n0.workers, b.workers, b0.workers],
        )
    nb = min(len(sets[2]), len(sets[3]))
    nn = min(len(sets[0]), len(sets[1]))
    return Ratio("efficiency", be, ne, r, nb, nn, v, why, method), ""


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


def clock_mismatch(base: Side, new: Side, b: Measured, n: Measured) -> str:
    """Why a point's tokens/s cannot be compared when one side's were checked against their
    step records and the other's were not (a trainer whose window held the compute probe read
    up to 2x low: docs/trainer.md), else ''."""
    trains = getattr(workloads.TABLE.get(b.workload), "trains", False)  # an unknown name: no
    if not trains or (b.unclocked > 0) == (n.unclocked > 0):
        return ""
    if not len(b.token_samples) or not len(n.token_samples):
        return ""  # a side with no completed repeat: "not measured" says it, not the clocks
    old, checked = (base, new) if b.unclocked else (new, base)
    return (
        f"{old.label}'s tokens/s were not checked against their step records (collected before "
        "the three-clock check, or measured by a trainer whose timed window held the compute "
        f"probe: too low), {checked.label}'s were: not compared; re-collect {old.label}, or "
        "re-run it if its step logs have no start times"
    )


def inconsistent_notes(side: Side) -> list[str]:
    """A note per point of the side with repeats collect marked `inconsistent` (their
    throughput fails the clock cross-check): they are never samples here (match.py takes only
    completed rows)."""
    out = []
    for m in sorted(side.points.values(), key=lambda m: (m.mode, m.label, m.workers)):
        k = m.statuses.get(INCONSISTENT, 0)
        if k:
            out.append(
                f"{side.label}: {m.label or m.workload} @ {m.nodes} x {m.ppn}: {k} of "
                f"{sum(m.statuses.values())} repeat(s) {INCONSISTENT} (throughput fails the "
                f"clock cross-check): not used; {m.completed} completed repeat(s) are its samples"
            )
    return out


def noise_models(base: Side, new: Side | None = None) -> dict[str, Noise]:
    """The pooled noise of both runs (of one, new None), over every point of each (matched or
    not)."""
    sides = [base] if new is None else [base, new]
    return {
        metric: runs_noise(
            [[(getattr(m, attr), m.workers) for m in side.points.values()] for side in sides]
        )
        for metric, attr in (("tokens_per_s", "token_samples"), ("step_s", "step_samples"))
    }


def runs_noise(runs: list[list[tuple[Samples, int]]]) -> Noise:
    """The noise model over runs given as their points' (samples, workers): the variants of
    one run at one size share its allocations (counted once), two runs share none."""
    sets, sizes, shared = [], [], []
    for i, points in enumerate(runs):
        for samples, workers in points:
            sets.append(samples)
            sizes.append(workers)
            shared.append((i, workers) if isinstance(samples, Clustered) else None)
    return noise.pooled(sets, sizes, shared)


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
    models = noise_models(base, new)
    for key in sorted(
        set(base.points) & set(new.points),
        key=lambda k: (base.points[k].mode, base.points[k].label, base.points[k].workers),
    ):
        b, n = base.points[key], new.points[key]
        tokens = judge_tokens(
            b.token_samples,
            n.token_samples,
            models["tokens_per_s"],
            tolerance=tolerance,
            min_samples=min_samples,
            confidence=confidence,
            size=b.workers,
        )
        mismatch = clock_mismatch(base, new, b, n)
        if mismatch:
            tokens.verdict, tokens.why = UNJUDGED, mismatch
            tokens.gate = UNJUDGED if tolerance is not None else ""
        eff, note = _efficiency(base, new, b, n, min_samples, confidence, models)
        if note:
            notes.append(note)
        pair = Pair(b, n, tokens, eff)
        pair.regression = tokens.gate == SLOWER_THAN_TOL
        pairs.append(pair)
    notes += inconsistent_notes(base) + inconsistent_notes(new)
    notes += [f"{side.label}: {note}" for side in (base, new) for note in side.set_aside]
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
    return Comparison(
        base,
        new,
        pairs,
        sorted(ob, key=order),
        sorted(on, key=order),
        env,
        notes,
        models,
        tolerance,
    )


# -- the gate ------------------------------------------------------------------------------------


@dataclass
class Gate:
    """What `--fail-on-regression TOL` concludes: the exit code, the lines for stdout (the last
    is the conclusion) and for stderr."""

    code: int
    out: list[str]
    err: list[str]


def _where(c: Comparison, p: Pair) -> str:
    return _where_point(c, p.base)


def _where_point(c: Comparison, m: Measured) -> str:
    label = m.label or m.workload
    label = label if m.mode in ("weak", "") else f"{label} [{m.mode}]"
    return f"{c.new.label}: {label} @ {m.nodes} x {m.ppn}"


def _interval(r: Estimate | None) -> str:
    if r is None:
        return "-"
    if r.lo == r.hi:
        return f"{r.value:.3f}, no interval"
    return f"{r.value:.3f} [{r.lo:.3f}, {r.hi:.3f}]"


def settle_text(r: Ratio) -> str:
    if r.settle is None:
        return "more repeats than is reasonable (the ratio sits on the threshold)"
    return f"about {r.settle} {r.unit}s a side would settle it"


def gate(
    comparisons: list[Comparison],
    tolerance: float,
    *,
    strict: bool = False,
    allow_unjudged: bool = False,
) -> Gate:
    """Exit 1 on any point slower than TOL; on an unjudged point (no noise estimate, or not
    measured on one side) or a BASE point NEW does not have at all unless allow_unjudged; on
    an inconclusive point only when strict."""
    slower = [(c, p) for c in comparisons for p in c.gated(SLOWER_THAN_TOL)]
    within = [(c, p) for c in comparisons for p in c.gated(WITHIN_TOL)]
    unsure = [(c, p) for c in comparisons for p in c.gated(INCONCLUSIVE)]
    unjudged = [(c, p) for c in comparisons for p in c.gated(UNJUDGED)]
    # a point BASE measured that NEW's table lacks: dropping it must not pass the gate
    missing = [(c, u.point) for c in comparisons for u in c.only_base]
    total = sum(len(c.pairs) for c in comparisons)
    out: list[str] = []
    err: list[str] = []
    for c, p in unsure:
        out.append(
            f"inconclusive: {_where(c, p)}: {_interval(p.tokens.ratio)} straddles "
            f"{1 - tolerance:.3f}; {settle_text(p.tokens)}"
        )
    for c, p in unjudged:
        out.append(f"unjudged: {_where(c, p)}: {p.tokens.why}")
    for c, m in missing:
        out.append(f"unjudged: {_where_point(c, m)}: in BASE, not in {c.new.label}'s table")
    counts = (
        f"{len(slower)} slower than {tolerance:.1%}, {len(within)} within it, "
        f"{len(unsure)} inconclusive, {len(unjudged)} unjudged, of {total} matched point(s)"
        + (f"; {len(missing)} BASE point(s) not in NEW" if missing else "")
    )
    code = EXIT_OK
    if slower:
        said = ", ".join(f"{_where(c, p)} ({_interval(p.tokens.ratio)})" for c, p in slower)
        err.append(
            f"scalestudy compare: regression: {len(slower)} point(s) slower than BASE by more "
            f"than {tolerance:.1%} with evidence: {said}"
        )
        code = EXIT_CHECK_FAILED
    if unjudged and not allow_unjudged:
        err.append(
            f"scalestudy compare: {len(unjudged)} point(s) unjudged (no noise estimate, or "
            "not measured on one side): the gate cannot pass what it did not judge; more "
            "repeats or allocations, or --allow-unjudged to pass anyway"
        )
        code = EXIT_CHECK_FAILED
    if missing and not allow_unjudged:
        err.append(
            f"scalestudy compare: {len(missing)} point(s) of BASE not in NEW's table: the gate "
            "cannot pass what it did not judge; run them, or --allow-unjudged when NEW leaves "
            "them out on purpose"
        )
        code = EXIT_CHECK_FAILED
    if unsure and strict:
        err.append(
            f"scalestudy compare: {len(unsure)} point(s) inconclusive against {tolerance:.1%} "
            "and --strict: not shown to be within the tolerance"
        )
        code = EXIT_CHECK_FAILED
    if code != EXIT_OK:
        out.append(f"gate FAILED: {counts}")
    elif not unsure and not unjudged and not missing:
        out.append(
            f"no point slower than BASE by more than {tolerance:.1%}: all {total} judged within it"
        )
    else:
        left = []
        if unsure:
            left.append(f"{len(unsure)} inconclusive (neither shown slower nor within)")
        if unjudged:
            left.append(f"{len(unjudged)} unjudged, passed by --allow-unjudged")
        if missing:
            left.append(f"{len(missing)} of BASE not in NEW, passed by --allow-unjudged")
        out.append(
            f"gate passed, not everything judged: {len(within)} of {total} point(s) within "
            f"{tolerance:.1%} of BASE, {'; '.join(left)}"
        )
    return Gate(code, out, err)
