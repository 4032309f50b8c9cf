"""Weak and strong scaling, defined once (below; docs/report.md shows them), and the grouping of
a results table into variants (the plan's: docs/sweeps.md) and points (a variant at one size).

The variants are the plan's: rows are grouped by the `variant` column alone and a variant is
labelled with its `variant_label` (scalestudy.plan names both, collect writes them), so a
matrix key the report has never heard of still gives one curve per variant. Its full
configuration comes from points.jsonl beside the table when there is one.

weak:   efficiency(N) = T(N) / ((N / N0) x T(N0)), T the global tokens/s, N workers
strong: speedup(N) = t(N0) / t(N), t the time per step; efficiency = speedup x N0 / N
N0 is the variant's smallest planned size, or a common baseline (the dense N0) so a slow
variant cannot look efficient by normalising to itself. A missing N0 is an error, never a
silent step to the next size.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import pandas as pd

from scalestudy.cost_models import strategies
from scalestudy.formats.point_config import PointConfig
from scalestudy.report import legacy
from scalestudy.sweepfile import baseline
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import Clustered, Estimate, Noise, Samples

REPEAT_SUFFIX = re.compile(r"-r\d+$")


class MissingBaseline(ValueError):
    """The baseline size has no completed repeat: efficiencies cannot be computed honestly."""


@dataclass
class PointStats:
    """One variant at one size, over its repeats."""

    variant: str
    point: str  # the point id without its repeat suffix
    nodes: int
    workers: int
    asked: int  # rows in the table = repeats planned
    completed: int  # repeats with a throughput measurement
    statuses: dict[str, int]
    # per repeat; grouped by allocation (Clustered) when a bundled sweep's repeats shared some
    throughput_samples: Samples
    step_samples: Samples
    throughput: Estimate | None = None
    step_s: Estimate | None = None


@dataclass
class Variant:
    key: str  # the plan's variant id (a table from before it: derived at load, "legacy-...")
    label: str
    mode: str
    sweep: str
    cluster: str
    ppn: int
    values: dict  # what the variant's rows share: the columns constant over them
    rows: pd.DataFrame
    # one of its points' record: points.jsonl's, or one load made from the table's columns
    # (report/legacy.py: `from_table`)
    record: dict
    # its record's configuration, typed (report/legacy.point_config: read once, here)
    config: PointConfig
    points: list[PointStats] = field(default_factory=list)
    # the run's noise (every variant of the report: scalestudy/uncertainty), by measurement:
    # "tokens_per_s" and "step_s"
    noise: dict[str, Noise] = field(default_factory=dict)
    # the outlier screen's notes (an allocation set aside from the run's points)
    set_aside: list[str] = field(default_factory=list)

    @property
    def from_table(self) -> bool:
        """Its record was made from the table's columns (no points.jsonl): partial."""
        return bool(self.record.get("from_table"))

    @property
    def settings(self) -> dict:
        """What makes it this variant and not another of its sweep: the matrix values (or,
        for a table without points.jsonl, the columns it was grouped by)."""
        return {
            "sweep": self.record.get("sweep"),
            "mode": self.record.get("mode"),
            **(self.record.get("variant_overrides") or {}),
        }

    @property
    def configuration(self) -> dict:
        """The trainer configuration its points ran with, as its record stores it (the cost
        models read `config`, the same typed)."""
        return self.record.get("config") or {}

    @property
    def is_baseline(self) -> bool:
        """The sweep's baseline (its plan said so in points.jsonl; a table without it: the
        default, the paper's dense exchange)."""
        if "baseline" in self.record:
            return bool(self.record["baseline"])
        return baseline.matches(None, None, self.config)

    @property
    def baseline_keys(self) -> tuple[str, ...]:
        """The keys it may differ in from the baseline it is compared with."""
        return tuple(self.record.get("baseline_keys") or baseline.keys(None))

    @property
    def strategy(self) -> strategies.Strategy:
        """How its embedding gradient is exchanged (the one rule, PointConfig.strategy)."""
        return self.config.strategy()

    @property
    def model_spec(self) -> dict | None:
        """The resolved model of its points (points.jsonl); None when only the table's columns
        are known (they miss any override of the preset)."""
        return None if self.from_table else self.record.get("model_spec")

    @property
    def vocab(self) -> int | None:
        return (self.record.get("model_spec") or {}).get("vocab")

    @property
    def hidden(self) -> int | None:
        return (self.record.get("model_spec") or {}).get("hidden")

    @property
    def tied(self) -> bool:
        spec = self.record.get("model_spec") or {}
        model = self.configuration.get("model") or {}
        return strategies.flag(spec.get("tie_embeddings", model.get("tie_embeddings")), True)

    @property
    def mesh_model(self) -> int:
        """M of its data x model mesh (1: data parallelism alone)."""
        return self.config.mesh.model

    @property
    def micro_batches(self) -> int:
        return self.config.micro_batches

    @property
    def timing(self) -> str:
        """overlapped or phases (a table without timing: phases, legacy.TABLE_TIMING)."""
        return self.config.timing

    def tokens_per_worker(self, workers: int) -> int:
        """Tokens per rank per step at `workers`: weak holds it, strong divides the global
        batch."""
        if self.mode == "strong" and self.record.get("global_batch_tokens"):
            return int(self.record["global_batch_tokens"]) // workers
        return int(self.record.get("tokens_per_worker") or self.config.tokens_per_worker or 0)

    @property
    def planned_workers(self) -> list[int]:
        return sorted({p.workers for p in self.points})

    def workers(self) -> list[int]:
        """Its sizes (workers) that have rows."""
        return sorted({int(w) for w in self.rows["workers"]})

    def point_at(self, workers: int) -> PointStats | None:
        return next((p for p in self.points if p.workers == workers), None)

    @property
    def n0(self) -> PointStats:
        """The smallest planned size, whether or not it completed."""
        return min(self.points, key=lambda p: p.workers)


def _constant_columns(frame: pd.DataFrame) -> dict:
    out = {}
    for col in frame.columns:
        vals = {repr(legacy.value(v)) for v in frame[col]}
        if len(vals) == 1:
            out[col] = legacy.value(frame[col].iloc[0])
    return out


def variants(table: pd.DataFrame, records: Mapping[str, dict]) -> list[Variant]:
    """Group the table into the plan's variants: by the `variant` column only, labelled with
    `variant_label`; `records` (point id -> its record) give each its configuration. Load
    upgrades a table that lacks either (report/legacy.py) before it gets here."""
    if "variant" not in table or table["variant"].map(legacy.missing).any():
        raise ValueError("rows without a variant: load the table with report/legacy.upgrade")
    out: list[Variant] = []
    for mode, rows in table.groupby("mode", sort=True):
        groups: dict[str, list] = {}  # variant id -> the row labels of that variant
        for idx, vid in rows["variant"].items():
            groups.setdefault(str(vid), []).append(idx)
        for vid, index in groups.items():
            frame = rows.loc[index]  # a slice keeps the table's dtypes
            first = frame.iloc[0]
            labels = [str(x) for x in frame["variant_label"] if not legacy.missing(x)]
            record = next((records[str(p)] for p in frame["point_id"] if str(p) in records), None)
            if record is None:
                raise ValueError(f"variant {vid}: no record: load it with report/legacy.upgrade")
            out.append(
                Variant(
                    key=vid,
                    label=labels[0] if labels else vid,
                    mode=str(mode),
                    sweep=str(legacy.value(first.get("sweep"))),
                    cluster=str(legacy.value(first.get("cluster"))),
                    ppn=int(legacy.value(first.get("ppn")) or 1),
                    values=_constant_columns(frame),
                    rows=frame,
                    record=record,
                    config=legacy.point_config(record),
                )
            )
    # labels are unique within a mode; across modes (weak and strong sweeps in one report) the
    # same label gets the sweep's name, or the mode when one sweep holds both
    labels = [v.label for v in out]
    for label in {x for x in labels if labels.count(x) > 1}:
        same = [v for v in out if v.label == label]
        by_sweep = len({v.sweep for v in same}) == len(same)
        for v in same:
            v.label = f"{label} [{v.sweep if by_sweep else v.mode}]"
    for v in out:
        v.points = point_stats(v)
    set_noise(out)
    return out


def set_noise(vs: list[Variant]) -> None:
    """The run's noise of tokens/s and of the time per step, over every point of every variant
    (pooled, or its dependence on N when the data reject equal spreads), and each point's
    interval from it."""
    pts = [p for v in vs for p in v.points]
    sizes = [p.workers for p in pts]
    runs = [v.sweep for v in vs for _ in v.points]
    several = len(set(runs)) > 1
    noise = {}
    for attr, key, what in (
        ("throughput_samples", "tokens_per_s", "tokens/s"),
        ("step_samples", "step_s", "time per step"),
    ):
        kept, done, noise[key] = screened_noise([getattr(p, attr) for p in pts], sizes, runs)
        for p, samples in zip(pts, kept, strict=True):
            setattr(p, attr, samples)
        for run, screened in done:
            said = (f"{run}: " if several else "") + screened.describe(what)
            for v in vs:
                if v.sweep == run:
                    v.set_aside.append(said)
    for v in vs:
        v.noise = noise
        for p in v.points:
            if p.throughput_samples:
                p.throughput = uncertainty.level(
                    p.throughput_samples, noise["tokens_per_s"], p.workers
                )
            if p.step_samples:
                p.step_s = uncertainty.level(p.step_samples, noise["step_s"], p.workers)


def screened_noise(sets: list, sizes: list, runs: list):
    """The report's noise model of one measurement over its points: each sweep's outlier
    screen first (a set-aside allocation leaves that sweep's samples; allocation 3 of two sweeps
    is two allocations), then the spread pooled with each sweep's allocations its own.
    (the sets kept, [(sweep, what its screen did)], the Noise)."""
    kept, done = uncertainty.screen_runs(sets, sizes, runs)
    return kept, done, uncertainty.pooled(kept, sizes, uncertainty.shared_by_run(kept, sizes, runs))


def _ok(v) -> bool:
    return v is not None and isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def _samples(completed: pd.DataFrame, column: str) -> Samples:
    """A column's measured repeats, grouped by allocation when they come from several (the
    repeats of one allocation share its placement: report/stats.py resamples allocations;
    compare/match.py groups them the same way, by Clustered.of)."""
    cells = list(completed[column])
    if "allocation" in completed.columns:
        allocations = [legacy.value(a) for a in completed["allocation"]]
    else:
        allocations = [None] * len(cells)
    kept = [(float(x), a) for x, a in zip(cells, allocations, strict=True) if _ok(x)]
    return Clustered.of([x for x, _ in kept], [a for _, a in kept])


def column_samples(v: Variant, workers: int, column: str, scale: float = 1.0) -> Samples:
    """A column of a variant's completed rows at one size, scaled, grouped as _samples."""
    rows = v.rows[(v.rows["workers"] == workers) & (v.rows["status"] == "completed")]
    if column not in rows.columns:
        return []
    samples = _samples(rows, column)
    if isinstance(samples, Clustered):
        return samples.scaled(scale)
    return [x * scale for x in samples]


def point_stats(variant: Variant) -> list[PointStats]:
    out = []
    for workers, rows in variant.rows.groupby("workers", sort=True):
        completed = rows[rows["status"] == "completed"]
        tput = _samples(completed, "tokens_per_s")
        step = _samples(completed, "step_s_median")
        point = REPEAT_SUFFIX.sub("", str(rows["point_id"].iloc[0]))
        p = PointStats(
            variant=variant.label,
            point=point,
            nodes=int(rows["nodes"].iloc[0]),
            workers=int(workers),
            asked=len(rows),
            completed=len(tput),
            statuses=rows["status"].value_counts().to_dict(),
            throughput_samples=tput,
            step_samples=step,
        )
        out.append(p)  # its intervals: set_noise, once the run's noise is known
    return out


def _noise_of(samples: Mapping[int, Samples], baseline: Samples | None, n0: int) -> Noise:
    sets = [*samples.values(), *([baseline] if baseline is not None else [])]
    sizes = [*samples.keys(), *([n0] if baseline is not None else [])]
    return uncertainty.pooled(sets, sizes)


def weak_efficiency(
    samples: Mapping[int, Samples],
    n0: int,
    baseline: Samples | None = None,
    noise: Noise | None = None,
) -> dict[int, Estimate]:
    """Efficiency at every size with samples, against N0 (workers). `samples` are throughputs
    per repeat keyed by workers; `baseline` are the throughputs at N0 of another variant (the
    common baseline), else samples[n0]. `noise`: the run's (else pooled over these samples)."""
    base = baseline if baseline is not None else samples.get(n0, [])
    if not [b for b in base if b is not None and math.isfinite(b)]:
        raise MissingBaseline(f"no completed repeat at the baseline N0 = {n0} workers")
    model = noise if noise is not None else _noise_of(samples, baseline, n0)
    out = {}
    for n, tput in sorted(samples.items()):
        if not tput:
            continue
        if n == n0 and baseline is None:  # 1 by definition
            out[n] = Estimate.exact(1.0, len(base))
            continue
        e = uncertainty.ratio([(tput, 1.0, n), (base, -1.0, n0)], model, scale=n0 / n)
        if e is not None:
            out[n] = e
    return out


def strong_speedup(
    samples: Mapping[int, Samples],
    n0: int,
    baseline: Samples | None = None,
    noise: Noise | None = None,
) -> dict[int, tuple[Estimate, Estimate]]:
    """(speedup, efficiency) at every size with samples, from time per step per repeat keyed by
    workers, against N0 (or another variant's time per step at N0). `noise` as above."""
    base = baseline if baseline is not None else samples.get(n0, [])
    if not [b for b in base if b is not None and math.isfinite(b)]:
        raise MissingBaseline(f"no completed repeat at the baseline N0 = {n0} workers")
    model = noise if noise is not None else _noise_of(samples, baseline, n0)
    out = {}
    for n, times in sorted(samples.items()):
        if not times:
            continue
        if n == n0 and baseline is None:  # 1 by definition, as above
            one = Estimate.exact(1.0, len(base))
            out[n] = (one, one)
            continue
        terms = [(base, 1.0, n0), (times, -1.0, n)]
        speed = uncertainty.ratio(terms, model)
        eff = uncertainty.ratio(terms, model, scale=n0 / n)
        if speed is not None and eff is not None:
            out[n] = (speed, eff)
    return out


def baseline_for(v: Variant, vs: list[Variant]) -> tuple[Variant | None, str]:
    """The baseline variant `v` is compared with, and a note when the choice was not exact:
    among the baseline variants of its mode, the one that agrees with it on every setting the
    baseline does not fix (sweepfile/baseline.py)."""
    candidates = [b for b in vs if b.is_baseline and b.mode == v.mode]
    if not candidates:
        return None, "no variant is the sweep's baseline"
    if v in candidates:
        return v, ""

    def rest(x: Variant) -> dict:
        return {k: val for k, val in x.settings.items() if k not in v.baseline_keys}

    same = [b for b in candidates if rest(b) == rest(v)]
    if same:
        return same[0], ""
    return candidates[0], (
        f"no baseline variant agrees with {v.label} on its other settings: compared with "
        f"{candidates[0].label}"
    )


def common_baseline(vs: list[Variant]) -> Variant | None:
    """The common baseline of a mode: among the baseline variants (sweepfile/baseline.py: by
    default the paper's dense exchange) with the smallest N0, the fastest there (normalising
    to the fastest is the conservative choice). None when none exists or completed its N0."""
    dense = [v for v in vs if v.is_baseline and v.n0.completed]
    if not dense:
        return None
    smallest = min(v.n0.workers for v in dense)
    cands = [v for v in dense if v.n0.workers == smallest]
    return max(cands, key=lambda v: v.n0.throughput.value if v.n0.throughput else 0.0)
