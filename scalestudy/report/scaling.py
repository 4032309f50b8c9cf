"""Weak and strong scaling, defined once (MISSION §3), and the grouping of a results table into
variants (everything but the node count and the repeat) and points (a variant at one size).

weak:   efficiency(N) = T(N) / ((N / N0) x T(N0)), T the global tokens/s, N workers
strong: speedup(N) = t(N0) / t(N), t the time per step; efficiency = speedup x N0 / N
N0 is the variant's smallest planned size, or a common baseline (the dense N0) so a slow
variant cannot look efficient by normalising to itself. A missing N0 is an error, never a
silent step to the next size.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from scalestudy.report.stats import Estimate, median_ci, ratio_ci

# What makes two rows the same experiment apart from size and repeat. The batch column that
# follows from the size (weak: the global batch; strong: the per-worker share) is left out.
VARIANT_KEYS = (
    "sweep",
    "cluster",
    "model",
    "vocab_size",
    "hidden_size",
    "tie_embeddings",
    "ppn",
    "threads",
    "accumulation",
    "sparse_as_dense",
    "timing",
    "precision",
    "micro_batches",
    "learning_rate",
    "lr_warmup_steps",
)
BATCH_KEY = {"weak": "tokens_per_worker", "strong": "global_batch_tokens"}
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
    throughput_samples: list[float]
    step_samples: list[float]
    throughput: Estimate | None = None
    step_s: Estimate | None = None


@dataclass
class Variant:
    key: tuple
    label: str
    mode: str
    sweep: str
    cluster: str
    ppn: int
    dense: bool | None
    values: dict
    rows: pd.DataFrame
    points: list[PointStats] = field(default_factory=list)

    @property
    def planned_workers(self) -> list[int]:
        return sorted({p.workers for p in self.points})

    def point_at(self, workers: int) -> PointStats | None:
        return next((p for p in self.points if p.workers == workers), None)

    @property
    def n0(self) -> PointStats:
        """The smallest planned size, whether or not it completed."""
        return min(self.points, key=lambda p: p.workers)


def _value(v):
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, (np.integer, np.floating)):
        v = v.item()
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def _fmt(key: str, value) -> str:
    if key == "sparse_as_dense":
        return "dense" if value else "sparse"
    if key == "learning_rate":
        return f"lr={value:g}"
    return f"{key}={value}"


def variants(table: pd.DataFrame) -> list[Variant]:
    """Group the table into variants, each labelled by what distinguishes it from the others
    of its mode (always sparse/dense: the comparison the report is about)."""
    out: list[Variant] = []
    for mode, rows in table.groupby("mode", sort=True):
        keys = [k for k in (*VARIANT_KEYS, BATCH_KEY.get(str(mode), "")) if k in rows]
        groups: dict[tuple, list] = {}  # key -> the row labels of that variant
        for idx, r in rows.iterrows():
            groups.setdefault(tuple(_value(r[k]) for k in keys), []).append(idx)
        differing = [k for i, k in enumerate(keys) if len({key[i] for key in groups}) > 1]
        for key, index in groups.items():
            values = dict(zip(keys, key, strict=True))
            parts = [_fmt("sparse_as_dense", values.get("sparse_as_dense"))]
            for k in differing:
                if k == "sparse_as_dense":
                    continue
                parts.append(str(values[k]) if k == "sweep" else _fmt(k, values[k]))
            frame = rows.loc[index]  # a slice keeps the table's dtypes
            out.append(
                Variant(
                    key=key,
                    label=", ".join(parts),
                    mode=str(mode),
                    sweep=str(values.get("sweep")),
                    cluster=str(values.get("cluster")),
                    ppn=int(values.get("ppn") or 1),
                    dense=values.get("sparse_as_dense"),
                    values=values,
                    rows=frame,
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
    return out


def _ok(v) -> bool:
    return v is not None and isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def point_stats(variant: Variant) -> list[PointStats]:
    out = []
    for workers, rows in variant.rows.groupby("workers", sort=True):
        completed = rows[rows["status"] == "completed"]
        tput = [float(x) for x in completed["tokens_per_s"] if _ok(x)]
        step = [float(x) for x in completed["step_s_median"] if _ok(x)]
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
        if tput:
            p.throughput = median_ci(tput)
        if step:
            p.step_s = median_ci(step)
        out.append(p)
    return out


def weak_efficiency(
    samples: Mapping[int, Sequence[float]],
    n0: int,
    baseline: Sequence[float] | None = None,
) -> dict[int, Estimate]:
    """Efficiency at every size with samples, against N0 (workers). `samples` are throughputs
    per repeat keyed by workers; `baseline` are the throughputs at N0 of another variant (the
    common baseline), else samples[n0]."""
    base = list(baseline if baseline is not None else samples.get(n0, []))
    if not [b for b in base if b is not None and math.isfinite(b)]:
        raise MissingBaseline(f"no completed repeat at the baseline N0 = {n0} workers")
    out = {}
    for n, tput in sorted(samples.items()):
        if not tput:
            continue
        if n == n0 and baseline is None:  # 1 by definition: no interval from self-resampling
            out[n] = Estimate(1.0, 1.0, 1.0, len(base))
            continue
        out[n] = ratio_ci(tput, base, lambda t, t0, n=n: t / ((n / n0) * t0))
    return out


def strong_speedup(
    samples: Mapping[int, Sequence[float]],
    n0: int,
    baseline: Sequence[float] | None = None,
) -> dict[int, tuple[Estimate, Estimate]]:
    """(speedup, efficiency) at every size with samples, from time per step per repeat keyed by
    workers, against N0 (or another variant's time per step at N0)."""
    base = list(baseline if baseline is not None else samples.get(n0, []))
    if not [b for b in base if b is not None and math.isfinite(b)]:
        raise MissingBaseline(f"no completed repeat at the baseline N0 = {n0} workers")
    out = {}
    for n, times in sorted(samples.items()):
        if not times:
            continue
        if n == n0 and baseline is None:  # 1 by definition, as above
            one = Estimate(1.0, 1.0, 1.0, len(base))
            out[n] = (one, one)
            continue
        speed = ratio_ci(base, times, lambda t0, t: t0 / t)
        eff = ratio_ci(base, times, lambda t0, t, n=n: t0 / t * n0 / n)
        out[n] = (speed, eff)
    return out


def common_baseline(vs: list[Variant]) -> Variant | None:
    """The common baseline of a mode: among the dense variants with the smallest N0, the
    fastest there (normalising to the fastest is the conservative choice). None when no dense
    variant exists or none completed its N0."""
    dense = [v for v in vs if v.dense and v.n0.completed]
    if not dense:
        return None
    smallest = min(v.n0.workers for v in dense)
    cands = [v for v in dense if v.n0.workers == smallest]
    return max(cands, key=lambda v: v.n0.throughput.value if v.n0.throughput else 0.0)
