"""What a sweep's design lets `compare` see: the smallest slowdown it could call slower at 95%
between two runs of the sweep, given a noise figure (`scalestudy plan` prints it).

The figure is the pooled model's (compare/noise.py): k units a point a side (allocations when
the sweep is bundled over two or more, else repeats), the noise pooled over the P points of
both runs (df = 2 P (k - 1)); a NEW/BASE interval is log ratio +- t(df) s sqrt(2 / k), so a
slowdown is called slower when its observed ratio lies below exp(-that half-width). The noise
s: the sweep's own previous results (results/<sweep>/results.csv, the completed rows'
tokens_per_s, pooled the same way) when they give one, else DEFAULT_CV.

Design advice (issue #44 point 5, `advice`): a run's noise in two parts on the log scale, the
allocation's (placement, neighbours: shared by the repeats of one allocation) and the
repeat's (within an allocation). A unit of k allocations x r repeats then has the spread
sqrt(s_a^2 + s_r^2 / r) (an unbundled sweep: each repeat its own allocation, r = 1); a
point's interval is +- t(df) of that over sqrt(k) (df: one run's, the sizes' or points'
(k - 1)); a paired ratio of two variants inside one allocation loses the allocation's part:
sqrt(2 s_r^2 / r) per allocation, over sqrt(k) at df = sizes x (k - 1) (the medians taken as
means: an approximation); compare's smallest slowdown is smallest_slowdown's. The parts: from
the sweep's previous results (the repeat part from the spread of repeats inside an allocation,
the allocation part the units' spread less the repeats' share), else the stated defaults
DEFAULT_CV per run of which DEFAULT_REPEAT_CV within an allocation. The same figures at twice
the allocations and at twice the repeats say which the next runs should buy."""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from scalestudy.compare.noise import MIN_ALLOCATIONS, MIN_SAMPLES
from scalestudy.uncertainty.model import CONFIDENCE, Clustered, Noise, paired_noise, pooled
from scalestudy.uncertainty.tdist import t_quantile

# a stated default: about what a quiet, dedicated node shows run to run; a shared host (this
# development machine) often shows several times more, so measure it (previous results)
DEFAULT_CV = 0.03
# of which, a stated default too, the part inside one allocation (repeat to repeat); the rest,
# sqrt(DEFAULT_CV^2 - DEFAULT_REPEAT_CV^2) = 2.2%, between allocations
DEFAULT_REPEAT_CV = 0.02
LEVEL = CONFIDENCE  # the level compare judges at (scalestudy/uncertainty)
POWER = 0.8  # the second figure: the change found in 4 runs of 5


@dataclass(frozen=True)
class Design:
    points: int  # distinct (variant, size) points
    units: int  # independent units a point a side
    unit: str  # "repeat" or "allocation"
    repeats: int  # repeats per allocation
    sizes: int = 0  # distinct sizes (0: as many as points)

    @property
    def df(self) -> int:
        """Both runs' degrees of freedom: the variants of a bundled size share its
        allocations, so they count once per size (scalestudy/uncertainty: pooled)."""
        shared = self.sizes if self.unit == "allocation" and self.sizes else self.points
        return 2 * shared * (self.units - 1)


def design_of(sweep, points: Iterable) -> Design:
    """The design of a sweep (spec Sweep) and its plan's points (plan.Point)."""
    points = list(points)
    distinct = {(p.variant, p.nodes, p.ppn) for p in points}
    sizes = len({(p.nodes, p.ppn) for p in points})
    allocations = sweep.allocation_count
    if allocations >= 2:
        return Design(len(distinct), allocations, "allocation", sweep.repeats, sizes)
    return Design(len(distinct), sweep.repeats * allocations, "repeat", sweep.repeats, sizes)


def previous_noise(table: Path) -> Noise | None:
    """The pooled noise of a results table's completed rows (tokens_per_s), None when it
    cannot be read or gives no degrees of freedom."""
    try:
        with table.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error):
        return None
    groups: dict[tuple, tuple[list[float], list]] = {}
    for row in rows:
        if row.get("status") != "completed":  # failed, inconsistent, ...: not samples
            continue
        try:
            value = float(row.get("tokens_per_s") or "nan")
        except ValueError:
            continue
        if not (math.isfinite(value) and value > 0):
            continue
        key = (row.get("variant"), row.get("nodes"), row.get("ppn"))
        values, allocations = groups.setdefault(key, ([], []))
        values.append(value)
        allocations.append(row.get("allocation") or None)
    sets = [Clustered.of(v, a) for v, a in groups.values()]
    sizes = [_workers(nodes, ppn) for _, nodes, ppn in groups]
    shared = [
        (n, p) if isinstance(x, Clustered) else None
        for x, (_, n, p) in zip(sets, groups, strict=True)
    ]
    model = pooled(sets, sizes, shared)
    return model if model.judged else None


def _workers(nodes, ppn) -> float | None:
    try:
        return float(nodes) * float(ppn or 1)
    except (TypeError, ValueError):
        return None


def smallest_slowdown(design: Design, cv: float, level: float = LEVEL) -> float | None:
    """The smallest slowdown (a fraction) whose observed ratio compare's pooled interval would
    put wholly below 1; None when the design gives no degrees of freedom."""
    if design.df <= 0:
        return None
    half = t_quantile(0.5 + level / 2.0, design.df) * cv * math.sqrt(2.0 / design.units)
    return -math.expm1(-half)


def found_at_power(design: Design, cv: float, level: float = LEVEL, power: float = POWER):
    """The true slowdown called slower in `power` of pairs of runs (normal approximation)."""
    if design.df <= 0:
        return None
    t = t_quantile(0.5 + level / 2.0, design.df) + t_quantile(power, design.df)
    return -math.expm1(-t * cv * math.sqrt(2.0 / design.units))


def plan_line(sweep, points: list, results: Path) -> str:
    """One line for `scalestudy plan`."""
    design = design_of(sweep, points)
    shape = (
        f"{design.units} allocations x {design.repeats} repeat(s)"
        if design.unit == "allocation"
        else f"{design.units} repeat(s)"
    )
    if design.df <= 0:
        return (
            f"compare: {shape} a point: no noise can be estimated from two runs of this design "
            "(df = 0), so compare cannot judge a change (it exits 1 under --fail-on-regression "
            "unless --allow-unjudged); set repeats: 2 or more"
        )
    table = results / sweep.name / "results.csv"
    measured = previous_noise(table) if table.is_file() else None
    if measured is not None:
        cv = measured.s
        source = f"the noise of {table} ({cv:.1%} per {measured.unit}, df = {measured.df})"
    else:
        cv = Components.default().unit(design)
        source = (
            f"a default noise of {cv * 100:.3g}% per {design.unit} (stated, not measured: no "
            "previous results of this sweep)"
        )
    slow = smallest_slowdown(design, cv)
    found = found_at_power(design, cv)
    repeats = design.units * (design.repeats if design.unit == "allocation" else 1)
    own = (
        f"; with {repeats} repeats a side compare judges each point on its own repeats (the "
        "spread alone, which needs a somewhat larger change)"
        if repeats >= MIN_SAMPLES and (design.unit == "repeat" or design.units >= MIN_ALLOCATIONS)
        else ""
    )
    return (
        f"compare: with {shape} a point a side and {source}, the smallest slowdown compare "
        f"could call slower at {LEVEL:.0%} is {slow:.1%} (a true {found:.1%} is called slower "
        f"in {POWER:.0%} of pairs of runs; against --fail-on-regression TOL add about TOL){own}"
    )


# -- design advice ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Components:
    """A run's noise in two parts (sd of log): between allocations and between the repeats of
    one allocation, with where they came from."""

    allocation: float
    repeat: float
    source: str

    @classmethod
    def default(cls) -> Components:
        return cls(
            math.sqrt(DEFAULT_CV**2 - DEFAULT_REPEAT_CV**2),
            DEFAULT_REPEAT_CV,
            f"stated defaults, not measured (no previous results of this sweep): {DEFAULT_CV:.0%} "
            f"per run, of which {DEFAULT_REPEAT_CV:.0%} repeat to repeat inside an allocation",
        )

    def unit(self, design: Design) -> float:
        """The spread of one unit of the design (an allocation's mean of r repeats; unbundled:
        one repeat in its own allocation)."""
        r = design.repeats if design.unit == "allocation" else 1
        return math.sqrt(self.allocation**2 + self.repeat**2 / r)


def components_of(table: Path, design: Design) -> Components | None:
    """The two parts from a previous results table of the sweep: the repeat part from the
    spread of repeats inside each (point, allocation) (pooled), the allocation part the unit
    noise (previous_noise) less the repeats' share of it; with one repeat per allocation the
    repeat part is the default (said). None when the table gives no unit noise."""
    measured = previous_noise(table)
    if measured is None:
        return None
    cells: dict[tuple, list[float]] = {}
    for row in _completed(table):
        key = (row.get("variant"), row.get("nodes"), row.get("ppn"), row.get("allocation"))
        cells.setdefault(key, []).append(float(row["tokens_per_s"]))
    repeated = [v for v in cells.values() if len(v) >= 2]
    within = pooled(repeated, shared=range(len(repeated)))
    grouped = "allocation" in measured.unit
    r_prev = statistics.median(len(v) for v in cells.values()) if grouped else 1
    pairs = _paired_noise(cells) if grouped else None
    if within.judged:
        s_r = within.s
        said = f"{s_r:.1%} repeat to repeat inside an allocation (df = {within.df})"
    elif pairs is not None:  # a ratio of two medians of r repeats: 2 s_r^2 / r
        s_r = min(pairs.s * math.sqrt(r_prev / 2.0), measured.s)
        said = (
            f"{s_r:.1%} repeat to repeat, from the variants' ratios inside each allocation "
            f"({pairs.s:.1%} per allocation, df = {pairs.df})"
        )
    else:
        s_r = min(DEFAULT_REPEAT_CV, measured.s)
        said = f"the repeat part a default {s_r:.1%} (one repeat per allocation: not separable)"
    s_a = math.sqrt(max(0.0, measured.s**2 - s_r**2 / r_prev))
    return Components(
        s_a,
        s_r,
        f"{table}: {measured.s:.1%} per {measured.unit} (df = {measured.df}); {said}; "
        f"{s_a:.1%} between allocations",
    )


def _paired_noise(cells: dict[tuple, list[float]]) -> Noise | None:
    """The spread of the variants' log ratios inside each allocation (each variant against
    the first by name, per size), pooled with uncertainty.paired_noise; None without one."""
    by_size: dict[tuple, dict] = {}  # (nodes, ppn) -> {allocation: {variant: median}}
    for (variant, nodes, ppn, allocation), values in cells.items():
        if allocation is not None:
            at = by_size.setdefault((nodes, ppn), {}).setdefault(allocation, {})
            at[variant] = statistics.median(values)
    per_point = []
    for (nodes, ppn), allocations in by_size.items():
        names = sorted({v for at in allocations.values() for v in at}, key=str)
        for other in names[1:]:
            ratios = [
                at[other] / at[names[0]]
                for at in allocations.values()
                if other in at and names[0] in at
            ]
            per_point.append((ratios, _workers(nodes, ppn)))
    noise = paired_noise(per_point) if per_point else None
    return noise if noise is not None and noise.judged else None


def _completed(table: Path) -> list[dict]:
    try:
        with table.open(newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error):
        return []
    out = []
    for row in rows:
        try:
            value = float(row.get("tokens_per_s") or "nan")
        except ValueError:
            continue
        if row.get("status") == "completed" and math.isfinite(value) and value > 0:
            out.append(row)
    return out


@dataclass(frozen=True)
class Expected:
    """What one design gives: 95% half-widths on the log scale (an interval value x
    exp(+-half)), None without df; compare's smallest slowdown as a fraction."""

    design: Design
    point: float | None
    point_df: int
    paired: float | None
    paired_df: int
    slowdown: float | None


def expected(design: Design, noise: Components, variants: int) -> Expected:
    """The expected 95% half-widths of a point's interval and of a paired ratio (bundled, two
    or more variants) in one run of `design`, and compare's smallest slowdown."""
    k = design.units
    shared = design.sizes if design.unit == "allocation" and design.sizes else design.points
    df = shared * (k - 1)
    p = 0.5 + LEVEL / 2.0
    point = t_quantile(p, df) * noise.unit(design) / math.sqrt(k) if df > 0 else None
    paired, paired_df = None, 0
    if design.unit == "allocation" and variants >= 2:
        paired_df = (design.sizes or design.points) * (k - 1)
        per = math.sqrt(2.0 * noise.repeat**2 / design.repeats)
        if paired_df > 0:
            paired = t_quantile(p, paired_df) * per / math.sqrt(k)
    return Expected(
        design, point, df, paired, paired_df, smallest_slowdown(design, noise.unit(design))
    )


def _shape(d: Design) -> str:
    if d.unit == "allocation":
        return f"{d.units} allocations x {d.repeats} repeat(s)"
    return f"{d.units} repeat(s)"


def _said(e: Expected) -> str:
    def pm(half: float | None, df: int) -> str:
        if half is None:
            return "no interval (df = 0)"
        return f"-{-math.expm1(-half):.1%}/+{math.expm1(half):.1%} (df = {df})"

    out = f"{_shape(e.design)}: a point's 95% interval {pm(e.point, e.point_df)}"
    if e.paired is not None or e.paired_df:
        out += f", a paired ratio's {pm(e.paired, e.paired_df)}"
    slow = "none (df = 0)" if e.slowdown is None else f"{e.slowdown:.1%}"
    return out + f", compare's smallest slowdown {slow}"


def advice(sweep, points: list, results: Path) -> list[str]:
    """`scalestudy plan`'s design lines: the noise used, what this design gives, and what
    twice the allocations and twice the repeats would give instead."""
    design = design_of(sweep, points)
    variants = len({p.variant for p in points})
    table = results / sweep.name / "results.csv"
    noise = (components_of(table, design) if table.is_file() else None) or Components.default()
    lines = [
        f"design: noise {noise.allocation:.1%} between allocations, {noise.repeat:.1%} "
        f"between repeats (sd of log; {noise.source})"
    ]
    lines.append("design: this sweep, " + _said(expected(design, noise, variants)))
    if design.unit == "allocation":
        more_alloc = Design(
            design.points, 2 * design.units, "allocation", design.repeats, design.sizes
        )
        more_rep = Design(
            design.points, design.units, "allocation", 2 * design.repeats, design.sizes
        )
        alternatives = [("allocations: ", more_alloc), ("repeats: ", more_rep)]
    else:
        more_rep = Design(
            design.points, 2 * design.units, "repeat", 2 * design.repeats, design.sizes
        )
        alternatives = [("repeats: ", more_rep)]
    for what, d in alternatives:
        lines.append(f"design: twice the {what}" + _said(expected(d, noise, variants)))
    if design.unit == "allocation":
        lines.append(
            "design: for the same runs, more allocations shrink both parts of the noise, more "
            f"repeats only the repeat part ({noise.repeat:.1%}); a paired ratio sees the repeat "
            "part alone"
        )
    return lines
