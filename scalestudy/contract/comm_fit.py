"""Latency and bandwidth (alpha, beta) of Horovod's collectives, fitted to the comm workload.

The model is the report's projection's (scalestudy.report.projection), so the fitted values can
replace the profile's nominal ones there: ring algorithms over one link per node, which the
node's ppn ranks share (each rank gets bw / ppn):

    allreduce of a B-byte tensor over N workers:  t = o + 2(N-1) alpha + 2(N-1)/N x B x ppn / bw
    allgather of b bytes per rank over N workers: t = o +  (N-1) alpha +  (N-1)  x b x ppn / bw

o is the per-call overhead that no network causes (Horovod's negotiation and its background
cycle, copies into the fusion buffer: about a millisecond per call even on one rank); without
it that constant would be charged to alpha. alpha in seconds, bw the node's link in bytes per
second. The model is linear in (o, alpha, 1/bw), so each collective is one least-squares fit
over the size-sweep points of every node count. Timings span orders of magnitude (KiB to MiB),
so the fit minimises RELATIVE errors (each equation divided by its measured time): otherwise
the largest messages alone would decide and alpha would be noise. All parameters are kept >= 0.

One rank alone measures o only (used for o). Several ranks on one node talk through shared
memory, not the network: those points are not used, and a sweep of one node only cannot be
fitted. NumPy only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

import numpy as np

COLLECTIVES = ("allreduce", "allgather")
MODEL_TEXT = (
    "ring over one link per node shared by its ppn ranks, plus a per-call overhead o: "
    "allreduce t = o + 2(N-1) alpha + 2(N-1)/N x B x ppn / bw (B: the whole tensor); "
    "allgather t = o + (N-1) alpha + (N-1) x b x ppn / bw (b: one rank's bytes); N workers; "
    "weighted least squares on relative error"
)


class FitError(ValueError):
    """The data cannot give alpha and beta; the message says why."""


@dataclass(frozen=True)
class Sample:
    collective: str
    nodes: int
    ppn: int
    workers: int
    nbytes: float  # allreduce: the whole tensor; allgather: one rank's share
    time_s: float


def terms(collective: str, workers: int, ppn: int, nbytes: float) -> tuple[float, float]:
    """(coefficient of alpha, coefficient of 1/bw) of the model for one collective call."""
    n = workers
    if collective == "allreduce":
        return 2.0 * (n - 1), 2.0 * (n - 1) / n * nbytes * max(ppn, 1)
    if collective == "allgather":
        return float(n - 1), (n - 1) * nbytes * max(ppn, 1)
    raise ValueError(f"unknown collective {collective!r}")


def model_s(
    collective: str,
    workers: int,
    ppn: int,
    nbytes: float,
    alpha_s: float,
    bw: float,
    overhead_s: float = 0.0,
) -> float:
    if workers <= 1:
        return overhead_s
    a, b = terms(collective, workers, ppn, nbytes)
    return overhead_s + a * alpha_s + b / bw


@dataclass
class Fit:
    collective: str
    alpha_s: float
    bandwidth_bytes_per_s: float
    r2: float  # on the times themselves
    n_points: int  # samples used (repeats of one point each count)
    distinct_points: int  # distinct (workers, ppn, bytes)
    node_counts: list[int]
    residuals: list[dict]  # per point: nodes, ppn, workers, bytes, measured_s, model_s, relative
    notes: list[str] = field(default_factory=list)
    overhead_s: float = 0.0  # per call, whatever the size and the number of workers

    @property
    def rms_relative(self) -> float:
        rel = [r["relative"] for r in self.residuals]
        return math.sqrt(sum(x * x for x in rel) / len(rel)) if rel else float("nan")

    @property
    def max_abs_relative(self) -> float:
        return max((abs(r["relative"]) for r in self.residuals), default=float("nan"))

    def predict(self, workers: int, ppn: int, nbytes: float) -> float:
        return model_s(
            self.collective,
            workers,
            ppn,
            nbytes,
            self.alpha_s,
            self.bandwidth_bytes_per_s,
            self.overhead_s,
        )

    def as_dict(self) -> dict:
        out = asdict(self)
        out["rms_relative_residual"] = self.rms_relative
        out["max_abs_relative_residual"] = self.max_abs_relative
        out["latency_us"] = self.alpha_s * 1e6
        out["overhead_us"] = self.overhead_s * 1e6
        out["bandwidth_gbps"] = self.bandwidth_bytes_per_s * 8 / 1e9
        return out


def _solve(a: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares of a @ p = y with the columns scaled to 1 (alpha ~1e-5 and 1/bw ~1e-9
    would otherwise make the system badly conditioned)."""
    scale = np.linalg.norm(a, axis=0)
    scale[scale == 0] = 1.0
    p, *_ = np.linalg.lstsq(a / scale, y, rcond=None)
    return p / scale


def _nonnegative(a: np.ndarray, y: np.ndarray, free: list[int]) -> tuple[np.ndarray, list[int]]:
    """Least squares with every parameter >= 0, over the columns `free` (the bandwidth column,
    the last, is always free): the best of the subsets whose solution is non-negative. Three
    parameters at most, so trying every subset is exact and cheap."""
    import itertools

    best, best_cols, best_ssr = None, [], math.inf
    optional = [c for c in free if c != a.shape[1] - 1]
    for k in range(len(optional), -1, -1):
        for keep in itertools.combinations(optional, k):
            cols = [*keep, a.shape[1] - 1]
            p = _solve(a[:, cols], y)
            if np.any(p < 0):
                continue
            ssr = float(np.sum((a[:, cols] @ p - y) ** 2))
            if ssr < best_ssr * (1 - 1e-12):
                full = np.zeros(a.shape[1])
                full[cols] = p
                best, best_cols, best_ssr = full, cols, ssr
    if best is None:
        best = np.zeros(a.shape[1])
    return best, best_cols


def fit(samples: Iterable[Sample], collective: str) -> Fit:
    """overhead, alpha and bw of one collective from its samples (other collectives' are
    ignored). Points of one rank (no communication) measure the overhead alone; points of one
    node with several ranks (shared memory, no network) are not used."""
    mine = [s for s in samples if s.collective == collective]
    if not mine:
        raise FitError(f"{collective}: no measurements")
    alone = [s for s in mine if s.workers <= 1]
    shared = [s for s in mine if s.nodes <= 1 and s.workers > 1]
    networked = [s for s in mine if s.nodes > 1 and s.workers > 1]
    used = alone + networked
    bad = [s for s in used if not (math.isfinite(s.time_s) and s.time_s > 0)]
    if bad:
        raise FitError(f"{collective}: {len(bad)} measurement(s) without a positive time")
    notes = []
    if alone:
        notes.append(
            f"{len(alone)} measurement(s) of one rank (no network) used for the per-call "
            "overhead only"
        )
    if shared:
        notes.append(
            f"{len(shared)} measurement(s) of several ranks on 1 node not used: a single node "
            "has no network"
        )
    if not networked:
        raise FitError(
            f"{collective}: only single-node measurements: a single node has no network, so "
            "no latency or bandwidth of the interconnect can be fitted (measure 2 or more nodes)"
        )
    distinct = {(s.workers, s.ppn, s.nbytes) for s in networked}
    if len(distinct) < 3:
        raise FitError(
            f"{collective}: {len(distinct)} distinct point(s) on more than one node; the fit "
            "needs at least 3 (message sizes x node counts)"
        )
    rows = np.array([(1.0, *terms(collective, s.workers, s.ppn, s.nbytes)) for s in used])
    t = np.array([s.time_s for s in used], dtype=float)
    w = 1.0 / t  # relative errors
    a, y = rows * w[:, None], t * w
    unit = a / np.linalg.norm(a, axis=0)
    if np.linalg.matrix_rank(unit[:, 1:]) < 2:
        raise FitError(
            f"{collective}: latency and bandwidth cannot be told apart from these points "
            "(use several message sizes)"
        )
    free = [0, 1, 2]
    if np.linalg.matrix_rank(unit) < 3:  # one network size and no single rank
        free = [1, 2]
        notes.append(
            "one network size and no single-rank points: the per-call overhead cannot be told "
            "from the latency and is held at 0 (it is inside alpha)"
        )
    p, cols = _nonnegative(a, y, free)
    if 1 not in cols:
        notes.append("alpha came out negative (under the noise) and is held at 0")
    if 0 in free and 0 not in cols:
        notes.append("the per-call overhead came out negative (under the noise): held at 0")
    # the bandwidth term's largest share of a measured time: ~0 means no size dependence
    if p[2] <= 0 or float(np.max(rows[:, 2] * p[2] / t)) < 1e-3:
        raise FitError(
            f"{collective}: the time does not grow with the message size in these points "
            f"(sizes {sorted({s.nbytes for s in networked})[:3]}...): no bandwidth can be "
            "fitted; measure larger messages"
        )
    overhead, alpha, bw = float(p[0]), float(p[1]), float(1.0 / p[2])
    pred = rows @ p
    ss_res = float(np.sum((t - pred) ** 2))
    ss_tot = float(np.sum((t - t.mean()) ** 2))
    r2 = 1.0 - ss_res / ss_tot if ss_tot > 0 else float("nan")
    residuals = [
        {
            "nodes": s.nodes,
            "ppn": s.ppn,
            "workers": s.workers,
            "bytes": s.nbytes,
            "measured_s": s.time_s,
            "model_s": float(m),
            "relative": float((s.time_s - m) / s.time_s),
        }
        for s, m in zip(used, pred, strict=True)
    ]
    return Fit(
        collective=collective,
        alpha_s=alpha,
        bandwidth_bytes_per_s=bw,
        r2=r2,
        n_points=len(used),
        distinct_points=len(distinct),
        node_counts=sorted({s.nodes for s in used}),
        residuals=residuals,
        notes=notes,
        overhead_s=overhead,
    )


def fit_all(samples: Sequence[Sample]) -> tuple[dict[str, Fit], dict[str, str]]:
    """A fit per collective present; the ones that cannot be fitted with the reason."""
    fits, errors = {}, {}
    for c in COLLECTIVES:
        if not any(s.collective == c for s in samples):
            continue
        try:
            fits[c] = fit(samples, c)
        except FitError as exc:
            errors[c] = str(exc)
    return fits, errors


def _us(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:.4g}" if us < 1000 else f"{us:.0f}"


def describe(f: Fit) -> str:
    """alpha=12.3 us beta=1.23 GB/s overhead=900 us/call (residuals RMS 8.1%, max 20%;
    R^2 0.98; 24 points)."""
    return (
        f"alpha={_us(f.alpha_s)} us overhead={_us(f.overhead_s)} us/call "
        f"beta={f.bandwidth_bytes_per_s / 1e9:.4g} GB/s "
        f"({f.bandwidth_bytes_per_s * 8 / 1e9:.4g} Gb/s) (residuals RMS "
        f"{f.rms_relative:.1%}, max {f.max_abs_relative:.1%}; R^2 {f.r2:.3f}; "
        f"{f.n_points} points on nodes {f.node_counts})"
    )
