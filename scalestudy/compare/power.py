"""What a sweep's design lets `compare` see: the smallest slowdown it could call slower at 95%
between two runs of the sweep, given a noise figure (`scalestudy plan` prints it).

The figure is the pooled model's (compare/noise.py): k units a point a side (allocations when
the sweep is bundled over two or more, else repeats), the noise pooled over the P points of
both runs (df = 2 P (k - 1)); a NEW/BASE interval is log ratio +- t(df) s sqrt(2 / k), so a
slowdown is called slower when its observed ratio lies below exp(-that half-width). The noise
s: the sweep's own previous results (results/<sweep>/results.csv, the completed rows'
tokens_per_s, pooled the same way) when they give one, else DEFAULT_CV."""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from scalestudy.compare.noise import MIN_ALLOCATIONS, MIN_SAMPLES
from scalestudy.uncertainty.model import CONFIDENCE, Clustered, Noise, pooled
from scalestudy.uncertainty.tdist import t_quantile

# a stated default: about what a quiet, dedicated node shows run to run; a shared host (this
# development machine) often shows several times more, so measure it (previous results)
DEFAULT_CV = 0.03
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
        cv = DEFAULT_CV
        source = (
            f"a default noise of {cv:.0%} per {design.unit} (stated, not measured: no previous "
            "results of this sweep)"
        )
    slow = smallest_slowdown(design, cv)
    found = found_at_power(design, cv)
    repeats = design.units * (design.repeats if design.unit == "allocation" else 1)
    own = (
        f"; with {repeats} repeats a side compare judges each point on its own repeats (the "
        "spread alone, which needs a somewhat larger change"
        if repeats >= MIN_SAMPLES and (design.unit == "repeat" or design.units >= MIN_ALLOCATIONS)
        else ""
    )
    return (
        f"compare: with {shape} a point a side and {source}, the smallest slowdown compare "
        f"could call slower at {LEVEL:.0%} is {slow:.1%} (a true {found:.1%} is called slower "
        f"in {POWER:.0%} of pairs of runs; against --fail-on-regression TOL add about TOL){own}"
    )
