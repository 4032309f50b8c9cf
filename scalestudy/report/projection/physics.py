"""The physics form of the step time: the measured compute and apply plus the modelled
exchange (the links and communication model of report/projection), anchored at the largest
measured size (Anchored) or fitted as alpha-beta (AlphaBeta); the overlap, the residuals and
the sentences that say how it was made. variant.py gathers its inputs from the variant;
nothing here reads a table or a Variant."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scalestudy.report.projection import CommModel
from scalestudy.report.projection.intervals import Fit, Interval


class Anchored(Fit):
    """The report's step-time model: the model's shape, scaled to the measured level at the
    largest measured size (the anchor; noise.level)."""

    name = "physics (measured compute + modelled exchange, anchored)"
    physics = True  # needs the table's compute times and bytes

    def __init__(self, model):
        self._model, self._known = model, {}

    def model(self, x):
        """The model at x, worked out once (a draw re-anchors it, never changes it)."""
        if x not in self._known:
            self._known[x] = self._model(x)
        return self._known[x]

    def predictor(self, xs, ys):
        i = max(range(len(xs)), key=lambda k: xs[k])
        scale = ys[i] / self.model(xs[i])
        return lambda x: scale * self.model(x)

    def exact(self, xs) -> set[int]:
        return {max(range(len(xs)), key=lambda k: xs[k])}


class AlphaBeta(Fit):
    """step(N) = compute + alpha x log2(N) + beta x bytes(N), all three >= 0, least squares on
    the measured levels (relative: each size weighted by 1 / its level)."""

    name = "physics (compute + alpha log2 N + beta bytes)"
    physics = True

    def __init__(self, bytes_of):
        self.bytes_of = bytes_of

    def coefficients(self, xs, ys):
        import numpy as np
        from scipy.optimize import nnls

        y = np.asarray(ys, dtype=float)
        a = np.array([[1.0, math.log2(x), float(self.bytes_of(x))] for x in xs])
        scale = a.max(axis=0)
        scale[scale == 0] = 1.0
        w = 1.0 / y
        coef, _ = nnls(a / scale * w[:, None], y * w)
        return coef / scale

    def predictor(self, xs, ys):
        c, alpha, beta = self.coefficients(xs, ys)
        return lambda x: c + alpha * math.log2(x) + beta * float(self.bytes_of(x))


@dataclass
class ProjectedPoint:
    nodes: int
    workers: int
    step_s: float | None = None
    tokens_per_s: float | None = None
    efficiency: float | None = None
    speedup: float | None = None
    comm_s: float | None = None
    accumulation_bytes: float | None = None
    rank_bytes: float | None = None
    node_bytes: float | None = None
    node_memory_bytes: float | None = None
    oom: bool | None = None
    # 95% prediction intervals (predict: the repeats and the model's residuals)
    step_pi: Interval | None = None
    tokens_pi: Interval | None = None
    efficiency_pi: Interval | None = None
    speedup_pi: Interval | None = None


@dataclass
class Residual:
    variant: str
    nodes: int
    workers: int
    measured_step_s: float
    model_step_s: float

    @property
    def residual_s(self) -> float:
        return self.measured_step_s - self.model_step_s

    @property
    def relative(self) -> float:
        return self.residual_s / self.measured_step_s


@dataclass
class Anchor:
    """The largest measured point as the step model reads it (medians of its repeats)."""

    nodes: int
    workers: int
    step_s: float | None  # the measured step
    tokens_per_s: float
    compute_s: float | None  # forward + backward without collectives
    apply_s: float
    probe_s: float | None = None  # an overlapped variant's compute probe (no phases twin)


@dataclass
class StepModel:
    """step(w) = compute (strong scaling: x N_anchor / w) + apply + max(0, comm(w) - overlap),
    comm(w) the modelled exchange (None: not modelled)."""

    mode: str
    anchor: Anchor
    comm: Callable[[int], float | None]
    compute_s: float | None
    overlap: float = 0.0
    compute_from: str = "the step's own compute probe"

    def step(self, compute: float, apply: float, comm: float) -> float:
        return compute + apply + max(0.0, comm - self.overlap)

    def __call__(self, w: int) -> float | None:
        c = self.comm(w)
        if c is None or self.compute_s is None:
            return None
        scale = self.anchor.workers / w if self.mode == "strong" else 1.0
        return self.step(self.compute_s * scale, self.anchor.apply_s, c)


def mesh_notes(m: int) -> list[str]:
    if m <= 1:
        return []
    return [
        f"a data x model mesh (M = {m}): its exchange is projected over the "
        f"N / {m} ranks of each data-parallel set with the V / {m} "
        "vocabulary shard; the model group's allreduces are inside the measured compute "
        "(the same M, the same tokens per group in weak scaling)"
    ]


def twin_overlap(ours: dict[int, float], phases: dict[int, float]) -> tuple[float, str]:
    """What the backward pass hides: phases step - overlapped step at the largest size both
    measured (floored at 0), from {workers: step_s} of each. Once communication outgrows it,
    only this much stays hidden."""
    common = sorted(set(ours) & set(phases))
    if not common:
        return 0.0, "no size measured in both timings: no overlap assumed"
    w = common[-1]
    hidden = max(0.0, phases[w] - ours[w])
    return hidden, (
        f"overlap: the backward pass hid {hidden * 1e3:.1f} ms of communication at {w} "
        f"worker(s) (phases step - overlapped step); step = compute + apply + "
        f"max(0, comm - {hidden * 1e3:.1f} ms)"
    )


def hidden_compute(a: Anchor) -> tuple[float | None, str, list[str]]:
    """An overlapped variant without a phases twin: its compute probe, or (collect leaves out
    a probe longer than the step it is a part of) the whole measured step, said so."""
    if a.compute_s is None and a.probe_s is not None and a.step_s:
        return (
            a.step_s,
            "the whole measured step, as compute",
            [
                f"the compute probe ({a.probe_s * 1e3:.1f} ms of forward + backward) is longer "
                f"than the measured step ({a.step_s * 1e3:.1f} ms) at {a.workers} worker(s): "
                "not used; compute is taken as the whole measured step (an upper bound: the "
                "exchange counted as hidden there)"
            ],
        )
    return a.compute_s, "the step's own compute probe", []


def hidden_overlap(model: StepModel) -> tuple[float, list[str]]:
    """The overlap of a variant without a phases twin, read at its anchor: compute + the
    modelled exchange - the measured step, at most the exchange."""
    a = model.anchor
    c_m = model.comm(a.workers)
    if model.compute_s is None or not a.step_s or c_m is None:
        return model.overlap, []
    overlap = min(c_m, max(0.0, model.compute_s + c_m - a.step_s))
    return overlap, [
        f"overlap: {model.compute_from} ({model.compute_s * 1e3:.1f} ms of forward + "
        f"backward without collectives) + the modelled exchange ({c_m * 1e3:.1f} ms) - the "
        f"measured step ({a.step_s * 1e3:.1f} ms) at {a.workers} worker(s): "
        f"{overlap * 1e3:.1f} ms hidden by the backward pass (an optimizer update inside "
        "the step only lowers this estimate); step = compute + max(0, comm - hidden)"
    ]


def step_note(
    model: StepModel,
    *,
    comm: CommModel | None,
    no_comm_why: str,
    dense_known: bool,
    overlapped: bool,
    exchange: str,
    collectives: Sequence[str],
    ppn: int,
) -> str:
    """The sentence saying what the step time is made of, or why it is not projected."""
    if comm is None:
        return f"step time not projected: no interconnect figures ({no_comm_why})"
    if model.compute_s is None or not dense_known:
        return "step time not projected: the table has no compute time or bytes" + (
            " (an overlapped point measures its compute with `compute_probe_steps`, on "
            "by default: collect again after re-running it)"
            if overlapped
            else ""
        )
    a = model.anchor
    return (
        f"step time = measured compute + apply at {a.nodes} node(s) "
        f"({'scaled by N_m/N, ' if model.mode == 'strong' else ''}"
        f"{model.compute_s * 1e3:.1f} + {a.apply_s * 1e3:.1f} ms) + the {exchange} exchange's "
        f"collectives ({', '.join(collectives)}) and the dense allreduce, ring and "
        f"direct models (the node's link shared by its {ppn} rank(s)), anchored at the "
        "measured point"
    )


def residuals(
    label: str,
    model: StepModel,
    measured: Sequence[tuple[int, int, float | None, float | None, float | None]],
) -> list[Residual]:
    """The model at every measured point against what was measured there, from (nodes,
    workers, step, compute, apply) of each: that point's own compute and apply."""
    out = []
    for nodes, w, step, compute, apply in measured:
        c = model.comm(w)
        if c is None or compute is None or step is None:
            continue
        out.append(Residual(label, nodes, w, step, model.step(compute, apply or 0.0, c)))
    return out


def scaled_point(
    model: StepModel, nodes: int, workers: int, baseline=None, step_s: float | None = None
) -> ProjectedPoint:
    """The projected point's step time, tokens/s and their efficiency (weak) or speedup and
    efficiency (strong) against `baseline` (the scaling's N0 point, or None): the measured
    anchor times the model's ratio between the anchor and here, or (`step_s`, the step time
    the chosen form projects) the anchor's tokens of a step over that time."""
    pp = ProjectedPoint(nodes=nodes, workers=workers)
    a = model.anchor
    if step_s is None:
        tm, tmm = model(workers), model(a.workers)
        if not (tm and tmm and a.step_s):
            return pp
        ratio = tmm / tm
    elif a.step_s and step_s > 0:
        ratio = a.step_s / step_s
    else:
        return pp
    pp.step_s = a.step_s / ratio
    pp.comm_s = model.comm(workers)
    scale = workers / a.workers if model.mode == "weak" else 1.0
    pp.tokens_per_s = a.tokens_per_s * scale * ratio
    p0 = baseline
    if p0 is None:
        return pp
    if model.mode == "weak" and p0.throughput:
        pp.efficiency = pp.tokens_per_s / (workers / p0.workers * p0.throughput.value)
    elif p0.step_s:
        pp.speedup = p0.step_s.value / pp.step_s
        pp.efficiency = pp.speedup * p0.workers / workers
    return pp
