"""Paired comparisons of variants measured inside the same allocations (schedule: bundled).

Within one allocation the variants ran on the same nodes, interleaved in a random order, so
their ratio is free of placement: ratio_k = median(B in allocation k) / median(A in k). The
allocations are the units: the interval is a t interval of the mean log ratio, its spread
pooled over every paired point of the run (scalestudy/uncertainty: paired_noise, paired), so
two allocations give an interval as wide as their disagreement, not [min, max].
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from scalestudy.report.scaling import Variant, baseline_for
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import Estimate, Noise


@dataclass
class PairedRatio:
    variant: str  # B
    baseline: str  # A
    nodes: int
    workers: int
    per_allocation: dict[int, float]  # allocation -> median(B) / median(A) inside it
    samples: dict[int, tuple[int, int]]  # allocation -> (repeats of A, repeats of B)
    estimate: Estimate
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "variant": self.variant,
            "baseline": self.baseline,
            "nodes": self.nodes,
            "workers": self.workers,
            "per_allocation": {str(k): v for k, v in self.per_allocation.items()},
            "estimate": self.estimate.as_dict(),
        }


def _throughputs(rows: pd.DataFrame) -> pd.DataFrame:
    done = rows[(rows["status"] == "completed") & rows["tokens_per_s"].notna()]
    return done[done["allocation"].notna()]


def _tokens(rows: pd.DataFrame, workers, allocation) -> np.ndarray:
    sel = rows[(rows["workers"] == workers) & (rows["allocation"] == allocation)]
    return sel["tokens_per_s"].to_numpy(float)


def paired_ratios(variants: list[Variant]) -> list[PairedRatio]:
    """paired_points with each point's interval under the run's paired noise."""
    found = paired_points(variants)
    model = noise_of(found)
    for r in found:
        e = uncertainty.paired(list(r.per_allocation.values()), model, r.workers)
        if e is not None:
            r.estimate = e
    return found


def noise_of(ratios: list[PairedRatio]) -> Noise:
    """The paired noise: the spread of the allocations' log ratios, pooled over the points."""
    return uncertainty.paired_noise((list(r.per_allocation.values()), r.workers) for r in ratios)


def paired_points(variants: list[Variant]) -> list[PairedRatio]:
    """Every variant against its baseline (scaling.baseline_for: chosen by configuration;
    without any baseline variant, the first), per node count, over the allocations both ran
    in. Empty when nothing was bundled."""
    out: list[PairedRatio] = []
    by_mode: dict[str, list[Variant]] = {}
    for v in variants:
        if "allocation" in v.rows and v.rows["allocation"].notna().any():
            by_mode.setdefault(v.mode, []).append(v)
    for vs in by_mode.values():
        if len(vs) < 2:
            continue
        for v in vs:
            base, why = baseline_for(v, vs)
            if base is None:
                base, why = vs[0], f"{why}: compared with the first variant, {vs[0].label}"
            if v is base:
                continue
            a_rows, b_rows = _throughputs(base.rows), _throughputs(v.rows)
            for workers in sorted(set(a_rows["workers"]) & set(b_rows["workers"])):
                groups, samples, notes = {}, {}, [why] if why else []
                for alloc in sorted(set(a_rows["allocation"]) | set(b_rows["allocation"])):
                    a = _tokens(a_rows, workers, alloc)
                    b = _tokens(b_rows, workers, alloc)
                    if a.size and b.size:
                        groups[int(alloc)] = (a, b)
                        samples[int(alloc)] = (int(a.size), int(b.size))
                    else:
                        notes.append(f"allocation {int(alloc)}: a variant has no completed run")
                if not groups:
                    continue
                nodes = int(v.rows[v.rows["workers"] == workers]["nodes"].iloc[0])
                per = {k: float(np.median(b) / np.median(a)) for k, (a, b) in groups.items()}
                value = float(np.median(list(per.values())))
                unset = Estimate.unjudged(value, len(per))  # until the run's noise is known
                out.append(
                    PairedRatio(
                        v.label, base.label, nodes, int(workers), per, samples, unset, notes
                    )
                )
    return out
