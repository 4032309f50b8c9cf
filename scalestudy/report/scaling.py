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

import hashlib
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from scalestudy.contract import strategies
from scalestudy.report.stats import Estimate, median_ci, ratio_ci
from scalestudy.spec import baseline

# the columns that say how a variant ran when there is no points.jsonl beside the table (a
# table from before `exchange` has no such column: sparse_as_dense decides)
CONFIG_COLUMNS = (
    "sparse_as_dense",
    "exchange",
    "accumulation",
    "tie_embeddings",
    "micro_batches",
    "precision",
    "compression",
    "timing",
)

# Tables written before collect named the variants (no `variant` column, or rows without a
# value in it) are grouped as they always were: by these columns, which were all that made two
# rows different experiments then. This is a fallback only: a matrix key outside this list is
# not seen in such a table, and `scalestudy collect` on the sweep rewrites it with the plan's
# variants (and points.jsonl). The batch column that follows from the size (weak: the global
# batch; strong: the per-worker share) is left out.
LEGACY_VARIANT_KEYS = (
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
    key: str  # the plan's variant id (a table from before it: derived, "legacy-...")
    label: str
    mode: str
    sweep: str
    cluster: str
    ppn: int
    values: dict  # what the variant's rows share: the columns constant over them
    rows: pd.DataFrame
    points: list[PointStats] = field(default_factory=list)
    # one of its points' full configuration (points.jsonl; None for a table without it)
    record: dict | None = None
    # what makes it this variant and not another of its sweep: the matrix values (points.jsonl)
    # or, for a table from before the plan named variants, the columns it was grouped by
    settings: dict = field(default_factory=dict)

    @property
    def config(self) -> dict | None:
        """The trainer configuration its points ran with (points.jsonl), if known."""
        return (self.record or {}).get("config")

    @property
    def configuration(self) -> dict:
        """How its points ran: points.jsonl's configuration, else the table's columns."""
        if self.config is not None:
            return self.config
        return {k: _value(self.rows[k].iloc[0]) for k in CONFIG_COLUMNS if k in self.rows}

    @property
    def is_baseline(self) -> bool:
        """The sweep's baseline (its plan said so in points.jsonl; a table without it: the
        default, the paper's dense exchange)."""
        if self.record is not None and "baseline" in self.record:
            return bool(self.record["baseline"])
        return baseline.matches(None, None, self.configuration)

    @property
    def baseline_keys(self) -> tuple[str, ...]:
        """The keys it may differ in from the baseline it is compared with."""
        return tuple((self.record or {}).get("baseline_keys") or baseline.keys(None))

    @property
    def strategy(self) -> strategies.Strategy:
        """How its embedding gradient is exchanged (the one rule, strategies.of)."""
        return strategies.of(self.configuration)

    @property
    def model_spec(self) -> dict | None:
        """The resolved model of its points (points.jsonl), if known."""
        return (self.record or {}).get("model_spec")

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


def _legacy_variants(rows: pd.DataFrame) -> pd.DataFrame:
    """`variant` and `variant_label` for rows a table left without them (see
    LEGACY_VARIANT_KEYS), labelled as the report always labelled them: sparse or dense, then
    what differs between them."""
    rows = rows.copy()
    for mode, of_mode in rows.groupby("mode", sort=True):
        keys = [k for k in (*LEGACY_VARIANT_KEYS, BATCH_KEY.get(str(mode), "")) if k in of_mode]
        groups: dict[tuple, list] = {}  # key -> the row labels of that variant
        for idx, r in of_mode.iterrows():
            groups.setdefault(tuple(_value(r[k]) for k in keys), []).append(idx)
        differing = [k for i, k in enumerate(keys) if len({key[i] for key in groups}) > 1]
        for key, index in groups.items():
            values = dict(zip(keys, key, strict=True))
            parts = [_fmt("sparse_as_dense", values.get("sparse_as_dense"))]
            for k in differing:
                if k == "sparse_as_dense":
                    continue
                parts.append(str(values[k]) if k == "sweep" else _fmt(k, values[k]))
            digest = hashlib.sha256(repr((mode, key)).encode()).hexdigest()[:8]
            rows.loc[index, "variant"] = f"legacy-{digest}"
            rows.loc[index, "variant_label"] = ", ".join(parts)
    return rows


def _missing(v) -> bool:
    return v is None or v is pd.NA or (isinstance(v, float) and math.isnan(v)) or v == ""


def _constant_columns(frame: pd.DataFrame) -> dict:
    out = {}
    for col in frame.columns:
        vals = {repr(_value(v)) for v in frame[col]}
        if len(vals) == 1:
            out[col] = _value(frame[col].iloc[0])
    return out


def variants(table: pd.DataFrame, records: Mapping[str, dict] | None = None) -> list[Variant]:
    """Group the table into the plan's variants: by the `variant` column only, labelled with
    `variant_label`. `records` (point id -> its points.jsonl record) give each variant its
    full configuration. Rows without a variant (tables collected before the plan named
    variants) are grouped by LEGACY_VARIANT_KEYS, as before."""
    records = records or {}
    table = table.copy()
    for col in ("variant", "variant_label"):
        if col not in table:
            table[col] = None
        table[col] = table[col].astype(object)
    legacy = table["variant"].map(_missing)
    if legacy.any():
        table.loc[legacy, ["variant", "variant_label"]] = _legacy_variants(table[legacy])[
            ["variant", "variant_label"]
        ]
    out: list[Variant] = []
    for mode, rows in table.groupby("mode", sort=True):
        groups: dict[str, list] = {}  # variant id -> the row labels of that variant
        for idx, vid in rows["variant"].items():
            groups.setdefault(str(vid), []).append(idx)
        for vid, index in groups.items():
            frame = rows.loc[index]  # a slice keeps the table's dtypes
            first = frame.iloc[0]
            labels = [str(x) for x in frame["variant_label"] if not _missing(x)]
            record = next((records[str(p)] for p in frame["point_id"] if str(p) in records), None)
            if record is not None:
                settings = {
                    "sweep": record.get("sweep"),
                    "mode": record.get("mode"),
                    **(record.get("variant_overrides") or {}),
                }
            else:
                keys = [
                    k for k in (*LEGACY_VARIANT_KEYS, BATCH_KEY.get(str(mode), "")) if k in frame
                ]
                settings = {k: _value(first[k]) for k in keys}
            out.append(
                Variant(
                    key=vid,
                    label=labels[0] if labels else vid,
                    mode=str(mode),
                    sweep=str(_value(first.get("sweep"))),
                    cluster=str(_value(first.get("cluster"))),
                    ppn=int(_value(first.get("ppn")) or 1),
                    values=_constant_columns(frame),
                    rows=frame,
                    record=record,
                    settings=settings,
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


def baseline_for(v: Variant, vs: list[Variant]) -> tuple[Variant | None, str]:
    """The baseline variant `v` is compared with, and a note when the choice was not exact:
    among the baseline variants of its mode, the one that agrees with it on every setting the
    baseline does not fix (spec/baseline.py)."""
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
    """The common baseline of a mode: among the baseline variants (spec/baseline.py: by
    default the paper's dense exchange) with the smallest N0, the fastest there (normalising
    to the fastest is the conservative choice). None when none exists or completed its N0."""
    dense = [v for v in vs if v.is_baseline and v.n0.completed]
    if not dense:
        return None
    smallest = min(v.n0.workers for v in dense)
    cands = [v for v in dense if v.n0.workers == smallest]
    return max(cands, key=lambda v: v.n0.throughput.value if v.n0.throughput else 0.0)
