"""Latency and bandwidth (alpha, beta) of Horovod's collectives, fitted to the comm workload.

The model is the report's projection's (scalestudy.report.projection), both read from the
collectives' table (scalestudy.cost_models.collectives), so the fitted values can replace the
profile's nominal ones there: ring algorithms over one link per node, which the node's ppn
ranks share (each rank gets bw / ppn):

    allreduce of a B-byte tensor over N workers:
        t = o + g x B     + 2(N-1) alpha + 2(N-1)/N x B x ppn / bw
    allgather of b bytes per rank over N workers:
        t = o + g x N x b +  (N-1) alpha +  (N-1)  x b x ppn / bw
    alltoall of b bytes per rank (its own block of b/N included) over N workers, direct exchange
    after Horovod's exchange of the int32 splits (a second round of N-1 messages):
        t = o + g x b     + 2(N-1) alpha + (N-1)/N x b x ppn / bw

o and g are what no network causes: a per-call overhead (Horovod's negotiation and background
cycle: about a millisecond per call even on one rank) and a local cost per byte of the result
(copies into and out of the fusion buffer, the averaging: one rank alone takes milliseconds for
16 MiB). Without them those costs would be charged to alpha and bw. alpha in seconds, bw the
node's link in bytes per second. The model is linear in (o, g, alpha, 1/bw), so each collective
is one least-squares fit over the size-sweep points of every node count. Timings span orders of
magnitude (KiB to MiB), so the fit minimises RELATIVE errors (each equation divided by its
measured time): otherwise the largest messages alone would decide and alpha would be noise.
All parameters are kept >= 0.

`group_allreduce` is a data x model mesh's allreduce over its model group (a Horovod process
set of M ranks, on one node when the ranks per node allow): the allreduce's formula with
N = M and the group's own link (shared memory on one node), so its points of one node are
the ones it fits, and ppn is 1 (the group's ranks do not share a network link).

One rank alone has no communication: its points give o and g. Several ranks on one node talk
through shared memory, not the network: those points are not used, and a sweep of one node only
cannot be fitted. What the points cannot tell apart (no single-rank points and one network size)
is held at 0 and said so. NumPy only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields

import numpy as np

from scalestudy.cost_models import collectives

GROUP = collectives.GROUP  # a mesh's model group (issue #25)


class _Names(Sequence):
    """The collectives' names, read from the table (cost_models/collectives.py) at each use, so
    an entry registered later is fitted, drawn and listed too."""

    def __getitem__(self, i):
        return collectives.names()[i]

    def __len__(self) -> int:
        return len(collectives.TABLE)

    def __repr__(self) -> str:
        return repr(collectives.names())


COLLECTIVES = _Names()


def model_text() -> str:
    """The model in words, one clause per collective of the table."""
    return (
        "ring over one link per node shared by its ppn ranks, plus a per-call overhead o and a "
        "local cost g per byte of the result: "
        + "; ".join(c.formula for c in collectives.TABLE.values())
        + "; N workers; non-negative least squares on relative error"
    )


def __getattr__(name: str):
    if name == "MODEL_TEXT":  # read at each use: the table's collectives of that moment
        return model_text()
    raise AttributeError(name)


class FitError(ValueError):
    """The data cannot give alpha and beta; the message says why."""


@dataclass(frozen=True)
class Sample:
    collective: str
    nodes: int
    ppn: int
    workers: int
    # allreduce: the whole tensor; allgather: one rank's share; alltoall: its whole send buffer
    nbytes: float
    time_s: float


def terms(collective: str, workers: int, ppn: int, nbytes: float) -> tuple[float, float]:
    """(coefficient of alpha, coefficient of 1/bw) of the model for one collective call."""
    return collectives.get(collective).terms(workers, ppn, nbytes)


def local_bytes(collective: str, workers: int, nbytes: float) -> float:
    """Bytes of the collective's result on each rank, which it copies whatever the network:
    the reduced tensor, or all ranks' shares gathered."""
    return collectives.get(collective).local_bytes(workers, nbytes)


def model_s(
    collective: str,
    workers: int,
    ppn: int,
    nbytes: float,
    alpha_s: float,
    bw: float,
    overhead_s: float = 0.0,
    local_s_per_byte: float = 0.0,
) -> float:
    local = overhead_s + local_s_per_byte * local_bytes(collective, workers, nbytes)
    if workers <= 1:
        return local
    a, b = terms(collective, workers, ppn, nbytes)
    return local + a * alpha_s + b / bw


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
    local_s_per_byte: float = 0.0  # per byte of the result, network or not

    @classmethod
    def from_dict(cls, d: dict) -> Fit:
        """A fit as calibration.json holds it (as_dict's extra figures are left out)."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})

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
            self.local_s_per_byte,
        )

    def as_dict(self) -> dict:
        out = asdict(self)
        out["rms_relative_residual"] = self.rms_relative
        out["max_abs_relative_residual"] = self.max_abs_relative
        out["latency_us"] = self.alpha_s * 1e6
        out["overhead_us"] = self.overhead_s * 1e6
        out["local_gbytes_per_s"] = 1e-9 / self.local_s_per_byte if self.local_s_per_byte else None
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
    the last, is always free): the best of the subsets whose solution is non-negative. Four
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
    """o, g, alpha and bw of one collective from its samples (other collectives' are ignored).
    Points of one rank (no communication) measure o and g alone; points of one node with
    several ranks (shared memory, no network) are not used."""
    alone, shared, networked = _partition(samples, collective)
    used = alone + networked
    distinct = _check(collective, used, networked)
    notes = _sample_notes(alone, shared)
    # columns: overhead o, local per-byte g, alpha, 1/bw
    rows = np.array(
        [
            (1.0, local_bytes(collective, s.workers, s.nbytes), *terms(collective, s.workers,
             s.ppn, s.nbytes))
            for s in used
        ]
    )  # fmt: skip
    t = np.array([s.time_s for s in used], dtype=float)
    w = 1.0 / t  # relative errors
    a, y = rows * w[:, None], t * w
    free = _free_columns(collective, a, notes)
    p, cols = _nonnegative(a, y, sorted(free))
    names = {0: "the per-call overhead", 1: "the local cost per byte", 2: "alpha"}
    for col, name in names.items():
        if col in free and col not in cols:
            notes.append(f"{name} came out negative (under the noise) and is held at 0")
    # the bandwidth term's largest share of a measured time: ~0 means no size dependence
    if p[3] <= 0 or float(np.max(rows[:, 3] * p[3] / t)) < 1e-3:
        raise FitError(
            f"{collective}: the time does not grow with the message size in these points "
            f"(sizes {sorted({s.nbytes for s in networked})[:3]}...): no bandwidth can be "
            "fitted; measure larger messages"
        )
    overhead, local, alpha, bw = float(p[0]), float(p[1]), float(p[2]), float(1.0 / p[3])
    pred = rows @ p
    return Fit(
        collective=collective,
        alpha_s=alpha,
        bandwidth_bytes_per_s=bw,
        r2=_r2(t, pred),
        n_points=len(used),
        distinct_points=distinct,
        node_counts=sorted({s.nodes for s in used}),
        residuals=_residuals(used, pred),
        notes=notes,
        overhead_s=overhead,
        local_s_per_byte=local,
    )


def _partition(samples: Iterable[Sample], collective: str) -> tuple[list, list, list]:
    """The collective's samples of one rank, of several ranks on one node (shared memory) and
    of several nodes; a collective with its own link fits one node's shared memory too."""
    mine = [s for s in samples if s.collective == collective]
    if not mine:
        raise FitError(f"{collective}: no measurements")
    alone = [s for s in mine if s.workers <= 1]
    shared = [s for s in mine if s.nodes <= 1 and s.workers > 1]
    networked = [s for s in mine if s.nodes > 1 and s.workers > 1]
    if collectives.get(collective).own_link:  # one node's shared memory is what it fits
        shared, networked = [], [s for s in mine if s.workers > 1]
    return alone, shared, networked


def _check(collective: str, used: list[Sample], networked: list[Sample]) -> int:
    """Refuses samples that cannot be fitted (a time not positive, no network, fewer than 3
    distinct network points); returns the number of distinct network points."""
    bad = [s for s in used if not (math.isfinite(s.time_s) and s.time_s > 0)]
    if bad:
        raise FitError(f"{collective}: {len(bad)} measurement(s) without a positive time")
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
    return len(distinct)


def _sample_notes(alone: list[Sample], shared: list[Sample]) -> list[str]:
    """What the fit says of the samples it used for o and g only, and of those it left out."""
    notes = []
    if alone:
        notes.append(
            f"{len(alone)} measurement(s) of one rank (no network) used for the per-call "
            "overhead and the local cost per byte only"
        )
    if shared:
        notes.append(
            f"{len(shared)} measurement(s) of several ranks on 1 node not used: a single node "
            "has no network"
        )
    return notes


def _free_columns(collective: str, a: np.ndarray, notes: list[str]) -> list[int]:
    """The columns fitted: alpha and 1/bw, which the points must tell apart, and o and g only
    where the points tell them from those (else held at 0, said in `notes`)."""
    unit = a / np.linalg.norm(a, axis=0)
    if np.linalg.matrix_rank(unit[:, 2:]) < 2:
        raise FitError(
            f"{collective}: latency and bandwidth cannot be told apart from these points "
            "(use several message sizes)"
        )
    free = [2, 3]
    for col, what, inside in ((0, "per-call overhead", "alpha"), (1, "local cost per byte", "bw")):
        if np.linalg.matrix_rank(unit[:, [*free, col]]) == len(free) + 1:
            free.append(col)
        else:
            notes.append(
                f"the {what} cannot be told apart from {inside} with these points (no "
                f"single-rank points, one network size): held at 0 (it is inside {inside})"
            )
    return free


def _r2(t: np.ndarray, pred: np.ndarray) -> float:
    """R^2 on the times themselves."""
    ss_res = float(np.sum((t - pred) ** 2))
    ss_tot = float(np.sum((t - t.mean()) ** 2))
    return 1.0 - ss_res / ss_tot if ss_tot > 0 else float("nan")


def _residuals(used: list[Sample], pred: np.ndarray) -> list[dict]:
    """Per sample: where it was measured, its time, the model's and the relative residual."""
    return [
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


def fit_all(samples: Sequence[Sample]) -> tuple[dict[str, Fit], dict[str, str]]:
    """A fit per collective present; the ones that cannot be fitted with the reason."""
    fits, errors = {}, {}
    for c in collectives.names():
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


def _local(s_per_byte: float) -> str:
    return f"{1e-9 / s_per_byte:.4g} GB/s" if s_per_byte > 0 else "0"


def describe(f: Fit) -> str:
    """alpha=12.3 us beta=1.23 GB/s overhead=900 us/call (residuals RMS 8.1%, max 20%;
    R^2 0.98; 24 points)."""
    return (
        f"alpha={_us(f.alpha_s)} us overhead={_us(f.overhead_s)} us/call "
        f"local={_local(f.local_s_per_byte)} "
        f"beta={f.bandwidth_bytes_per_s / 1e9:.4g} GB/s "
        f"({f.bandwidth_bytes_per_s * 8 / 1e9:.4g} Gb/s) (residuals RMS "
        f"{f.rms_relative:.1%}, max {f.max_abs_relative:.1%}; R^2 {f.r2:.3f}; "
        f"{f.n_points} points on nodes {f.node_counts})"
    )
