"""Formulas and the stated models behind every line the report draws beyond its measurements.

Everything here is labelled "projection" wherever it is shown and drawn dashed; nothing here
is ever mixed into the measured series.

- Accumulation size (exact, scalestudy.cost_models.comm_model): sparse sum_r R_r x (4H + 8), dense
  4VH; the rows of a worker are R = M x V + Tsrc + Ttgt on the tf1 path with a tied embedding,
  Tsrc + Ttgt otherwise.
- Memory per rank: the measured peak RSS of the largest measured point plus the growth the
  memory model (scalestudy.cost_models.memory_model) predicts from there; against node memory / ppn.
- Step time: the measured compute (+ apply) time plus a communication model with the profile's
  interconnect, for the collectives each strategy calls (cost_models/strategies.py, `calls_s`):
  ring allreduce 2(N-1)/N x B / bw + 2(N-1) x latency, ring allgather (N-1) x b / bw + (N-1) x
  latency (b: one rank's slice), direct alltoall (N-1)/N x b / bw + 2(N-1) x latency, the
  ranks of a node sharing its one link (bw per rank = link / ppn). The latency and bandwidth
  are either the profile's nominal figures or, when a `comm` sweep of the same profile was
  collected, the alpha/beta fitted to it per collective (calibration.json, fitted with this
  same model by scalestudy.cost_models.comm_fit): a CommModel is one or the other, never a mix,
  and says which.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scalestudy.cost_models import collectives, comm_model, memory_model
from scalestudy.errors import BadInput
from scalestudy.formats import calibration
from scalestudy.formats.point_config import PRESETS
from scalestudy.report.stats import CONFIDENCE

SLOT_FRACTION = memory_model.SLOT_FRACTION  # the padded slots' share: its home is there


def formula_rows(
    vocab: int,
    tokens_per_worker: int,
    micro_batches: int = 1,
    *,
    accumulation: str = "tf1",
    tied: bool = True,
    slot_fraction: float = SLOT_FRACTION,
) -> int:
    """Rows per worker before a run: the padded slots estimated as slot_fraction of 2 x
    tokens_per_worker (source and target each cap at tokens_per_worker)."""
    slots = int(2 * tokens_per_worker * slot_fraction)
    return comm_model.gradient_rows(
        vocab, slots // 2, slots - slots // 2, micro_batches, accumulation=accumulation, tied=tied
    )


def sparse_accumulation_bytes(rows_per_rank: Sequence[float], hidden: int) -> int:
    """Logical allgather size one rank holds: every rank's rows x (4H + 8)."""
    return round(sum(rows_per_rank) * comm_model.row_bytes(hidden))


def dense_accumulation_bytes(vocab: int, hidden: int) -> int:
    return comm_model.logical_allreduce_bytes(vocab, hidden)


def accumulation_ratio(workers: int, rows_per_worker: float, vocab: int, hidden: int) -> float:
    """Sparse over dense logical size (indices included): N x R x (4H + 8) / (4VH)."""
    sparse = sparse_accumulation_bytes([rows_per_worker] * workers, hidden)
    return sparse / dense_accumulation_bytes(vocab, hidden)


def values_ratio(workers: int, rows_per_worker: float, vocab: int) -> float:
    """The same ratio over the float32 values only: N x R / V (the 82x of the `accumulation-64`
    reference at 64 workers, formats/references.yaml)."""
    return workers * rows_per_worker / vocab


@dataclass(frozen=True)
class Link:
    name: str
    latency_us: float
    bandwidth_gbps: float  # gigabits per second, as the cluster profiles give it
    overhead_us: float = 0.0  # per collective call, network or not (fitted; nominal: 0)
    local_s_per_byte: float = 0.0  # per byte of the result, network or not (fitted; nominal: 0)

    def bytes_per_s(self, ppn: int) -> float:
        """What one rank gets when the node's ppn ranks share the link."""
        return self.bandwidth_gbps * 1e9 / 8.0 / max(ppn, 1)

    @property
    def latency_s(self) -> float:
        return self.latency_us * 1e-6

    @property
    def overhead_s(self) -> float:
        return self.overhead_us * 1e-6


@dataclass(frozen=True)
class CommModel:
    """The latency/bandwidth the step-time projection uses for each collective, all nominal or
    all fitted, with the sentence that says which (summary, HTML, figure captions)."""

    allreduce: Link
    allgather: Link
    fitted: bool
    description: str  # "communication model: fitted alpha=... beta=... from <sweep> (...)"
    short: str  # for a figure legend
    source: str = ""  # the calibration file, or where the nominal figures came from
    alltoall: Link | None = None  # None: the allreduce's (a calibration without alltoall)
    others: tuple[tuple[str, Link], ...] = ()  # the table's other exchange collectives

    @property
    def links(self) -> dict[str, Link]:
        """Each exchange collective's link (cost_models/collectives.py), for `calls_s`; one the
        model has no figures of is never charged (fitted_model): the allreduce's."""
        out = {
            "allreduce": self.allreduce,
            "allgather": self.allgather,
            "alltoall": self.alltoall or self.allreduce,
            **dict(self.others),
        }
        for name in collectives.names(exchange=True):
            out.setdefault(name, self.allreduce)
        return out

    @classmethod
    def nominal(cls, link: Link, profile: str, source: str) -> CommModel:
        text = (
            f"communication model: nominal profile figures (latency_us={link.latency_us:g}, "
            f"bandwidth_gbps={link.bandwidth_gbps:g} of {profile}; {link.name}, from the "
            f"{source}); no comm calibration used"
        )
        return cls(
            link, link, False, text, f"comm model: nominal ({profile} profile)", source, link
        )


class CalibrationError(BadInput):
    """A calibration.json that cannot be used; the message names the file."""


CALIBRATION_SCHEMA = calibration.SCHEMA


def load_calibration(path: Path) -> dict:
    try:
        cal = json.loads(Path(path).read_text())
    except FileNotFoundError as exc:
        raise CalibrationError(f"{path}: no such file") from exc
    except (OSError, json.JSONDecodeError) as exc:
        raise CalibrationError(f"{path}: not a readable calibration.json ({exc})") from exc
    if not isinstance(cal, dict) or cal.get("schema") != CALIBRATION_SCHEMA:
        raise CalibrationError(
            f"{path}: not a calibration.json (schema {CALIBRATION_SCHEMA}); "
            "`scalestudy collect` of a `workload: comm` sweep writes one"
        )
    return cal


def find_calibrations(roots: Sequence[Path], profile: str) -> list[tuple[Path, dict]]:
    """calibration.json files of comm sweeps of `profile` under the results roots, newest
    first (by the time collect wrote them)."""
    found = {}
    for root in roots:
        for path in sorted(Path(root).glob("*/calibration.json")):
            try:
                cal = load_calibration(path)
            except CalibrationError:
                continue
            if cal.get("profile") == profile:
                found[path.resolve()] = cal
    return sorted(found.items(), key=lambda kv: str(kv[1].get("when", "")), reverse=True)


def fitted_model(cal: dict, path: Path, needed: Sequence[str]) -> CommModel:
    """The fitted model of a calibration, or CalibrationError naming what it lacks. A missing
    collective is not filled in with nominal figures: the caller falls back to all-nominal."""
    fits = cal.get("collectives") or {}
    missing = [c for c in needed if c not in fits]
    if missing:
        why = "; ".join(str((cal.get("errors") or {}).get(c, "not measured")) for c in missing)
        raise CalibrationError(f"{path}: no fit of {', '.join(missing)} ({why})")
    links, parts, resid = {}, [], []
    for c in collectives.names(exchange=True):
        f = fits.get(c) or fits[needed[0]]  # a collective not needed is never charged
        link = links[c] = fitted_link(cal, path, c, f)
        if c in fits:
            local = link.local_s_per_byte
            copy = f"{1e-9 / local:.4g} GB/s" if local > 0 else "0"
            parts.append(
                f"alpha={fmt_us(link.latency_us * 1e-6)} us beta="
                f"{link.bandwidth_gbps / 8:.4g} GB/s overhead="
                f"{fmt_us(link.overhead_us * 1e-6)} us/call local={copy} ({c})"
            )
            nodes = "/".join(str(n) for n in f.get("node_counts", []))
            resid.append(
                f"{c}: RMS {f['rms_relative_residual']:.1%}, max "
                f"{f['max_abs_relative_residual']:.1%}, R^2 {f['r2']:.3f}, "
                f"{f['n_points']} points on {nodes} nodes"
            )
    sweep = cal.get("sweep", "?")
    text = (
        f"communication model: fitted {', '.join(parts)} from {sweep} (residuals "
        f"{'; '.join(resid)}; profile {cal.get('profile')}, collected {cal.get('when')}; "
        f"{path})"
    )
    return CommModel(
        links["allreduce"],
        links["allgather"],
        True,
        text,
        f"comm model: fitted ({sweep})",
        str(path),
        links["alltoall"],
        tuple((c, x) for c, x in links.items() if c not in ("allreduce", "allgather", "alltoall")),
    )


def fitted_link(cal: dict, path: Path, collective: str, f: dict) -> Link:
    """One collective's fit of a calibration as a Link, or CalibrationError if unusable."""
    alpha, bw = float(f["alpha_s"]), float(f["bandwidth_bytes_per_s"])
    if not (math.isfinite(alpha) and math.isfinite(bw) and alpha >= 0 and bw > 0):
        raise CalibrationError(f"{path}: {collective}: alpha {alpha} / bandwidth {bw} unusable")
    overhead = float(f.get("overhead_s") or 0.0)  # calibrations before it was fitted: 0
    if not (math.isfinite(overhead) and overhead >= 0):
        raise CalibrationError(f"{path}: {collective}: per-call overhead {overhead} unusable")
    local = float(f.get("local_s_per_byte") or 0.0)
    if not (math.isfinite(local) and local >= 0):
        raise CalibrationError(f"{path}: {collective}: local cost per byte {local} unusable")
    name = f"fitted {collective} ({cal.get('sweep')})"
    return Link(name, alpha * 1e6, bw * 8 / 1e9, overhead * 1e6, local)


def fmt_us(seconds: float) -> str:
    """Microseconds without an exponent: 25.3, 812.5, 19912."""
    us = seconds * 1e6
    return f"{us:.4g}" if us < 1000 else f"{us:.0f}"


def ring_allreduce_s(nbytes: float, workers: int, ppn: int, link: Link) -> float:
    return collectives.get("allreduce").time_s(nbytes, workers, ppn, link)


def ring_allgather_s(rank_bytes: float, workers: int, ppn: int, link: Link) -> float:
    return collectives.get("allgather").time_s(rank_bytes, workers, ppn, link)


def direct_alltoall_s(rank_bytes: float, workers: int, ppn: int, link: Link) -> float:
    """One rank's alltoall of `rank_bytes` (its own block included): Horovod's exchange of the
    splits, then every block straight to its rank (cost_models/comm_fit.py)."""
    return collectives.get("alltoall").time_s(rank_bytes, workers, ppn, link)


def calls_s(calls, workers: int, ppn: int, links: dict[str, Link]) -> float:
    """Time of a strategy's collective calls ((collective, bytes), cost_models/strategies.py),
    each with its collective's latency and bandwidth (cost_models/collectives.py)."""
    return sum(collectives.get(c).time_s(nbytes, workers, ppn, links[c]) for c, nbytes in calls)


def projected_nodes(measured_max: int, project_to: int) -> list[int]:
    """Node counts beyond the measured ones: doubling from the largest measured, and the
    target itself."""
    out, n = [], measured_max * 2
    while n < project_to:
        out.append(n)
        n *= 2
    if project_to > measured_max:
        out.append(project_to)
    return out


def model_spec(model: str | None, vocab: float | None, hidden: float | None, tied) -> dict | None:
    """The memory model's spec from the table: the preset's shape with the recorded vocabulary
    and width (a sweep's other overrides are not in the table)."""
    if model not in PRESETS:
        return None
    spec: dict = dict(PRESETS[model])
    if vocab is not None and math.isfinite(vocab):
        spec["vocab"] = int(vocab)
    if hidden is not None and math.isfinite(hidden):
        spec["hidden"] = int(hidden)
    spec["tie_embeddings"] = True if tied is None else bool(tied)
    return spec


def predicted_rank_bytes(spec: dict, *, workers: int, tokens_per_worker: int, config) -> int:
    """The memory model's bytes per rank (the plan's function, on the variant's configuration:
    its exchange, precision, compression and micro-batches)."""
    return memory_model.estimate(
        spec, workers=workers, tokens_per_worker=max(int(tokens_per_worker), 1), config=config
    ).per_rank


# --- prediction intervals and the backtest (issue #32, point 5) -----------------------------
#
# A projection is a fit of the measured sizes (`Fit`) evaluated beyond them. Its interval is a
# bootstrap of two things, drawn together PI_DRAWS times (seeded: a report is the same every
# time):
#   1. the repeats: each measured size's median is re-drawn from its repeats (allocations then
#      repeats for a Clustered set, report/stats.py) and the fit is made again on the draw
#      (re-anchored, for the report's anchored step-time model);
#   2. the fit's residuals: one measured size is drawn and its relative residual on the draw
#      (the draw's median against the draw's fit there, so its own noise is in it) is added to
#      the prediction, with a random sign and grown with the distance of the extrapolation:
#      a residual seen d_i doublings from the largest measured size counts max(d, 1) / max(d_i,
#      1) times at a target d doublings beyond it (a model whose error grows with N shows it
#      as a residual that grows with the distance from the anchor).
# The interval is the 2.5 and 97.5 percentiles of the draws. Sizes where the fit is exact by
# construction (the anchor of an anchored model) carry no residual; with none left the
# interval holds the repeats' noise alone and says so (`model_error_seen` False).

PI_CONFIDENCE = CONFIDENCE  # the report's one level (report/stats.py)
PI_DRAWS = 2000
PI_SEED = 20190513


@dataclass(frozen=True)
class Interval:
    """A projected figure and its prediction interval."""

    value: float
    lo: float
    hi: float

    def covers(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def separated_from(self, other: Interval) -> bool:
        return self.hi < other.lo or other.hi < self.lo

    def as_dict(self) -> dict:
        return {"value": self.value, "lo": self.lo, "hi": self.hi}


def interval_of(draws, value: float, confidence: float = PI_CONFIDENCE) -> Interval:
    import numpy as np

    tail = (1.0 - confidence) / 2.0 * 100.0
    lo, hi = np.percentile(np.asarray(draws, dtype=float), [tail, 100.0 - tail])
    return Interval(float(value), float(min(lo, value)), float(max(hi, value)))


class Fit:
    """How a projection is made from the measured sizes: `predictor(xs, ys)` returns the
    function of size; `exact` are the indices of xs where it equals the data by construction."""

    name = "fit"

    def predictor(self, xs, ys):  # pragma: no cover - interface
        raise NotImplementedError

    def exact(self, xs) -> set[int]:
        return set()


class Anchored(Fit):
    """The report's step-time model: the model's shape, scaled to the measured median at the
    largest measured size (the anchor)."""

    name = "anchored model"

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
    the measured medians (relative: each size weighted by 1 / its median)."""

    name = "alpha-beta fit"

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
class Prediction:
    """Projected values at `targets` with their draws and intervals (predict())."""

    targets: list[float]
    values: list[float]
    draws: object  # numpy array, draws x targets
    intervals: list[Interval]
    residuals: list[tuple[float, float]]  # (size, relative residual measured / fit - 1)
    model_error_seen: bool  # some size other than an exact one gave a residual
    method: str

    def at(self, target: float) -> Interval:
        return self.intervals[self.targets.index(target)]


def _medians_drawn(samples, rng, n: int):
    import numpy as np

    from scalestudy.report import stats

    arr = stats._clean(samples)
    if arr.size <= 1:
        return np.full(n, float(arr[0]) if arr.size else math.nan)
    return stats._boot_medians(samples, rng, n)


def predict(
    samples,
    fit: Fit,
    targets,
    *,
    n_draws: int = PI_DRAWS,
    seed: int = PI_SEED,
    confidence: float = PI_CONFIDENCE,
) -> Prediction:
    """The fit's projection at `targets` from `samples` ({size: repeats (a list or a
    Clustered)}), with the interval of the module's comment above."""
    import numpy as np

    from scalestudy.report import stats

    xs = sorted(x for x, s in samples.items() if stats._clean(s).size)
    if not xs:
        raise ValueError("no measured size")
    ys = [float(np.median(stats._clean(samples[x]))) for x in xs]
    targets = list(targets)
    f0 = fit.predictor(xs, ys)
    values = [float(f0(t)) for t in targets]
    exact = fit.exact(xs)
    free = [i for i in range(len(xs)) if i not in exact]
    residuals = [(xs[i], ys[i] / f0(xs[i]) - 1.0) for i in free]
    rng = np.random.default_rng(seed)
    drawn = np.array([_medians_drawn(samples[x], rng, n_draws) for x in xs])  # sizes x draws
    top = max(xs)
    dist = [max(abs(math.log2(x / top)), 1.0) for x in xs]
    pick = rng.integers(0, len(free), size=n_draws) if free else None
    sign = rng.choice([-1.0, 1.0], size=n_draws)
    out = np.empty((n_draws, len(targets)))
    for b in range(n_draws):
        yb = drawn[:, b]
        fb = fit.predictor(xs, list(yb))
        log_err = 0.0
        if pick is not None:
            i = free[pick[b]]
            log_err = abs(math.log(max(yb[i], 1e-300) / fb(xs[i]))) / dist[i]
        for j, t in enumerate(targets):
            d = max(math.log2(t / top), 1.0) if t > 0 else 1.0
            out[b, j] = fb(t) * math.exp(sign[b] * log_err * d)
    intervals = [interval_of(out[:, j], values[j], confidence) for j in range(len(targets))]
    method = (
        f"{fit.name}; {confidence:.0%} prediction interval: {n_draws} draws of the repeats "
        "(each size's median re-drawn, the fit made again) and of a measured size's relative "
        "residual (random sign, grown with the doublings beyond the largest measured size)"
        + ("" if free else "; no residual: one measured size, the repeats' noise alone")
    )
    return Prediction(targets, values, out, intervals, residuals, bool(free), method)


@dataclass(frozen=True)
class Backtest:
    """The largest measured size held out and predicted from the others."""

    held_out: float
    measured: float
    predicted: Interval

    @property
    def error(self) -> float:
        """(predicted - measured) / measured."""
        return self.predicted.value / self.measured - 1.0

    @property
    def covered(self) -> bool:
        return self.predicted.covers(self.measured)


def backtest(samples, fit: Fit, **kw) -> Backtest | None:
    """Hold the largest measured size out of `samples`, predict it from the others with the
    same fit and interval, and compare (None with fewer than three measured sizes)."""
    import numpy as np

    from scalestudy.report import stats

    xs = sorted(x for x, s in samples.items() if stats._clean(s).size)
    if len(xs) < 3:
        return None
    top = xs[-1]
    kept = {x: samples[x] for x in xs[:-1]}
    pred = predict(kept, fit, [top], **kw)
    return Backtest(top, float(np.median(stats._clean(samples[top]))), pred.intervals[0])


# --- a variant's projection: step model, overlap, residuals, memory, and their notes ---------
#
# report/analysis.py gathers the inputs from the variant (its anchor, the phases twin, the
# exchange's shapes, the communication model); these functions return the numbers and the
# sentences that say how they were made. They read no table and no Variant.


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


def scaled_point(model: StepModel, nodes: int, workers: int, baseline=None) -> ProjectedPoint:
    """The projected point's step time, tokens/s and their efficiency (weak) or speedup and
    efficiency (strong) against `baseline` (the scaling's N0 point, or None): the measured
    anchor times the model's ratio between the anchor and here."""
    pp = ProjectedPoint(nodes=nodes, workers=workers)
    a = model.anchor
    tm, tmm = model(workers), model(a.workers)
    if not (tm and tmm and a.step_s):
        return pp
    ratio = tmm / tm
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


@dataclass
class Memory:
    """Memory per rank: the measured peak RSS at the anchor (else the model's own figure
    there) + the memory model's growth from the anchor (`spec` None: no model)."""

    spec: dict | None
    anchor_workers: int
    anchor_rss: float | None
    bytes_of: Callable[[int], float]  # the memory model's bytes per rank at w workers

    def rank_bytes(self, w: int) -> float | None:
        if self.spec is None:
            return None
        at_anchor = self.bytes_of(self.anchor_workers)
        base = self.anchor_rss if self.anchor_rss else at_anchor
        return base + self.bytes_of(w) - at_anchor

    def fill(self, pp: ProjectedPoint, ppn: int) -> None:
        pp.rank_bytes = self.rank_bytes(pp.workers)
        pp.node_bytes = pp.rank_bytes * ppn
        if pp.node_memory_bytes:
            pp.oom = pp.node_bytes > pp.node_memory_bytes

    def notes(self, from_table: bool) -> list[str]:
        out = []
        if from_table and self.spec is not None:
            out.append(
                "model for the memory projection: its preset with the table's vocabulary and "
                "width (no points.jsonl beside the table: `scalestudy collect` writes it)"
            )
        if self.spec is None:
            out.append("memory not projected: the model is not a preset")
        return out

    def closing_note(self, anchor_nodes: int) -> list[str]:
        if self.spec is None:
            return []
        return [
            "memory per rank = measured peak RSS at "
            f"{anchor_nodes} node(s) + the memory model's growth from there"
            if self.anchor_rss
            else "memory per rank = the memory model alone (no measured RSS)"
        ]
