"""Everything the figures and summaries show, computed once from the loaded sweeps: variants
and their points, efficiencies and speedups (own and common baseline), what failed or is
missing, the published references, paired ratios (schedule: bundled), the series each figure
draws (`series`), and (only with --project-to) the projection. The figures only draw it."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from scalestudy.cost_models import collectives, comm_fit, strategies, token_model
from scalestudy.cost_models.comm_model import allreduce_item_bytes
from scalestudy.formats import references
from scalestudy.formats.results_columns import clock_checked
from scalestudy.measure import peak as machine_peak
from scalestudy.report import crossover as crossover_model
from scalestudy.report import probe, projection, series
from scalestudy.report import strategies as strategies_report
from scalestudy.report.load import (
    CommResults,
    ReportError,
    RunLog,
    SweepResults,
    clean_text,
    load_comm,
)
from scalestudy.report.paired import PairedRatio, paired_ratios
from scalestudy.report.projection import ProjectedPoint, Residual
from scalestudy.report.scaling import (
    MissingBaseline,
    PointStats,
    Variant,
    common_baseline,
    strong_speedup,
    variants,
    weak_efficiency,
)
from scalestudy.report.stats import Estimate
from scalestudy.workloads import table as workloads


@dataclass
class Scaling:
    """One variant's efficiency (weak) or speedup + efficiency (strong), keyed by workers."""

    variant: Variant
    n0_workers: int
    n0_nodes: int
    efficiency: dict[int, Estimate] = field(default_factory=dict)
    speedup: dict[int, Estimate] = field(default_factory=dict)
    error: str | None = None  # the baseline is missing: nothing computed, said so
    common_label: str | None = None
    common_n0_nodes: int | None = None
    common_efficiency: dict[int, Estimate] = field(default_factory=dict)
    common_speedup: dict[int, Estimate] = field(default_factory=dict)
    common_error: str | None = None
    is_common: bool = False  # this variant is the common baseline (its two curves coincide)


@dataclass
class Problem:
    """A row that is not a throughput measurement: failed, diverged, interrupted, not run."""

    point_id: str
    variant: str
    nodes: int
    status: str
    reason: str


@dataclass
class VariantProjection:
    variant: Variant
    link: projection.Link | None
    anchor_nodes: int
    points: list[ProjectedPoint] = field(default_factory=list)
    residuals: list[Residual] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    comm: projection.CommModel | None = None  # nominal or fitted, and the sentence saying so
    prediction: projection.Prediction | None = None  # the step time's, with its intervals


@dataclass
class BacktestResult:
    """A variant's largest measured size held out and predicted from its others (the same
    projection and intervals as --project-to)."""

    variant: str
    nodes: int
    workers: int
    from_nodes: list[int]
    measured_step_s: float
    predicted: projection.Interval | None  # None: no step-time model (why)
    why: str = ""
    model_error_seen: bool = True

    @property
    def error(self) -> float | None:
        return None if self.predicted is None else self.predicted.value / self.measured_step_s - 1

    @property
    def covered(self) -> bool | None:
        return None if self.predicted is None else self.predicted.covers(self.measured_step_s)


@dataclass
class Analysis:
    sweeps: list[SweepResults]
    table: pd.DataFrame
    variants: list[Variant]
    scaling: dict[str, list[Scaling]]  # by mode
    common: dict[str, Variant | None]
    problems: list[Problem]
    short_repeats: list[str]
    runs: dict[str, RunLog]
    references: list[references.Reference]
    unknown_references: list[str]
    project_to: int | None
    projections: list[VariantProjection]
    warnings: list[str]
    comm_models: list[projection.CommModel] = field(default_factory=list)  # those used
    comm: list[CommResults] = field(default_factory=list)  # comm sweeps' calibrations
    paired: list[PairedRatio] = field(default_factory=list)  # variants inside one allocation
    accumulation: series.Accumulation | None = None
    memory: list[series.MemorySeries] = field(default_factory=list)
    memory_ceilings: list[series.Ceiling] = field(default_factory=list)
    comm_calibration: series.CommCalibration | str = ""  # str: why there is none
    strategies: list[strategies_report.Strategies] = field(default_factory=list)  # per vocab
    # per cluster: the newest matmul peak `doctor` measured (measure/peak.py) and its file
    peaks: dict[str, tuple[dict, Path]] = field(default_factory=dict)
    probes: list[probe.ProbePoint] = field(default_factory=list)  # workload: probe points
    # --project-to with a mesh in the sweep: every layout of the paper's big model, projected
    crossover: list[crossover_model.Layout] = field(default_factory=list)
    crossover_notes: list[str] = field(default_factory=list)
    backtests: list[BacktestResult] = field(default_factory=list)  # 3+ measured sizes

    @property
    def title(self) -> str:
        names = ", ".join(s.name for s in self.sweeps)
        clusters = ", ".join(sorted({str(c) for c in self.table["cluster"] if c}))
        return f"{names} on {clusters}" if clusters else names

    def variant(self, label: str) -> Variant:
        return next(v for v in self.variants if v.label == label)

    def projection_of(self, label: str) -> VariantProjection | None:
        return next((p for p in self.projections if p.variant.label == label), None)

    def label_and_nodes(self) -> dict[str, tuple[str, int]]:
        """Each point id's variant label and node count."""
        out: dict[str, tuple[str, int]] = {}
        for v in self.variants:
            for pid, nodes in zip(v.rows["point_id"], v.rows["nodes"], strict=True):
                out.setdefault(str(pid), (v.label, nodes))  # a point's first row, as before
        return out


def _median(values) -> float | None:
    vals = [float(v) for v in values if v is not None and math.isfinite(float(v))]
    return statistics.median(vals) if vals else None


def _first(rows: pd.DataFrame, col: str):
    vals = [v for v in rows[col] if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return vals[0] if vals else None


def _scaling(vs: list[Variant], mode: str) -> tuple[list[Scaling], Variant | None]:
    common = common_baseline(vs)
    out = []
    for v in vs:
        n0 = v.n0
        s = Scaling(variant=v, n0_workers=n0.workers, n0_nodes=n0.nodes)
        key = "throughput_samples" if mode == "weak" else "step_samples"
        samples = {p.workers: getattr(p, key) for p in v.points}
        noise = v.noise.get("tokens_per_s" if mode == "weak" else "step_s")
        try:
            if mode == "weak":
                s.efficiency = weak_efficiency(samples, n0.workers, noise=noise)
            else:
                for n, (sp, eff) in strong_speedup(samples, n0.workers, noise=noise).items():
                    s.speedup[n], s.efficiency[n] = sp, eff
        except MissingBaseline:
            states = ", ".join(f"{k} x{c}" for k, c in sorted(n0.statuses.items()))
            s.error = (
                f"baseline N0 = {n0.nodes} node(s) ({n0.point}) has no completed repeat "
                f"({states}): efficiency not computed (no fallback to a larger N0)"
            )
        if common is v:
            s.is_common = True
            s.common_label, s.common_n0_nodes = v.label, n0.nodes
            s.common_efficiency, s.common_speedup = s.efficiency, s.speedup
        elif common is not None:
            c0 = common.n0
            s.common_label, s.common_n0_nodes = common.label, c0.nodes
            base = getattr(c0, key)
            try:
                if mode == "weak":
                    s.common_efficiency = weak_efficiency(samples, c0.workers, base, noise)
                else:
                    for n, (sp, eff) in strong_speedup(samples, c0.workers, base, noise).items():
                        s.common_speedup[n], s.common_efficiency[n] = sp, eff
            except MissingBaseline as exc:
                s.common_error = str(exc)
        out.append(s)
    return out, common


def _problems(vs: list[Variant]) -> tuple[list[Problem], list[str]]:
    problems, short = [], []
    for v in vs:
        for _, r in v.rows.sort_values(["workers", "point_id"]).iterrows():
            tput = r.get("tokens_per_s")
            measured = tput is not None and math.isfinite(tput) and tput > 0
            if r["status"] == "completed" and measured:
                continue
            reason = clean_text(r.get("status_reason")) or ""
            code = r.get("exit_code")
            if r["status"] == "completed":
                reason = "completed without a throughput measurement in the table"
            elif r["status"] in ("planned", "missing"):
                reason = reason or "never ran"
            elif not reason and code is not None and code == code:  # not NaN
                reason = f"exit code {int(code)}"
            problems.append(
                Problem(str(r["point_id"]), v.label, int(r["nodes"]), r["status"], reason)
            )
        for p in v.points:
            if p.completed < p.asked:
                short.append(
                    f"{p.point} ({v.label}, {p.nodes} node(s)): {p.completed} of {p.asked} "
                    "repeats completed"
                )
    return problems, short


def _named(which) -> set[str]:
    """The workloads' names whose table entry `which` holds (the table, not names by hand)."""
    return {w.name for w in workloads.TABLE.values() if which(w)}


def _other_problems(rows: pd.DataFrame, workload: dict[str, str], comm_ids: set[str]):
    """The points of a probe or comm sweep that did not complete (or a completed comm point
    whose timings comm.csv lacks), named by their workload: never "without throughput"."""
    out = []
    for _, r in rows.sort_values(["workers", "point_id"]).iterrows():
        pid, status = str(r["point_id"]), str(r["status"])
        kind = workload[pid]
        reason = clean_text(r.get("status_reason")) or ""
        code = r.get("exit_code")
        if status == "completed":
            collected = workloads.get(kind).collected if kind in workloads.TABLE else None
            if not collected or pid in comm_ids:
                continue
            reason = f"no timing of it in {collected} (run `scalestudy collect` on the sweep)"
        elif status in ("planned", "missing"):
            reason = reason or "never ran"
        elif not reason and code is not None and code == code:  # not NaN
            reason = f"exit code {int(code)}"
        out.append(Problem(pid, kind, int(r["nodes"]), status, reason))
    return out


def _workloads(
    sweeps: list[SweepResults], records: dict[str, dict], comm_ids: set[str]
) -> dict[str, str]:
    """Each point id's workload: its points.jsonl record's. The one legacy rule, for a table
    without it (copied, or from before the field): the first workload of the table whose mark
    the point bears (timed in the file collect wrote for it, comm.csv; or a file in its logs
    only its job writes), else the default."""

    out = {}
    for s in sweeps:
        for _, row in s.table.iterrows():
            pid = str(row["point_id"])
            known = (records.get(pid) or {}).get("workload")
            if isinstance(known, str) and known:
                out[pid] = known
                continue
            out[pid] = next(
                (
                    w.name
                    for w in workloads.TABLE.values()
                    if (w.collected and pid in comm_ids)
                    or probe.has_log_marks(s.folder, row, w.log_marks)
                ),
                workloads.DEFAULT,
            )
    return out


def _link(v: Variant) -> tuple[projection.Link | None, str]:
    rows = v.rows
    lat, bw = _first(rows, "interconnect_latency_us"), _first(rows, "interconnect_bandwidth_gbps")
    if lat and bw:
        name = _first(rows, "interconnect") or "interconnect"
        return projection.Link(str(name), float(lat), float(bw)), "results table"
    return _nominal_link(v.cluster)  # tables older than #5


def _nominal_link(cluster: str) -> tuple[projection.Link | None, str]:
    """The profile's nominal interconnect and "profile <file>", or None and why not."""
    from scalestudy.profiles import ProfileError, load_profile

    try:
        profile, path = load_profile(cluster)
    except ProfileError as exc:
        return None, str(exc)
    ic = profile.interconnect
    return projection.Link(ic.name, ic.latency_us, ic.bandwidth_gbps), f"profile {path.name}"


def _strategy_links(
    table: pd.DataFrame, roots: list[Path]
) -> tuple[dict[str, projection.Link] | None, str]:
    """Latency and bandwidth of every exchange collective (cost_models/collectives.py: allreduce,
    allgather, alltoall) for the strategies' times: the newest calibration of the table's
    cluster that fitted them all, else the profile's nominal interconnect for all (never a
    mix), with the sentence that says which."""
    clusters = set(table["cluster"].dropna().astype(str)) if "cluster" in table else set()
    if len(clusters) != 1:
        return None, ""
    (cluster,) = clusters
    needed = collectives.names(exchange=True)
    for path, cal in projection.find_calibrations(roots, cluster):
        fits = cal.get("collectives") or {}
        if all(c in fits for c in needed):
            try:
                links = {c: projection.fitted_link(cal, path, c, fits[c]) for c in needed}
            except projection.CalibrationError:
                continue
            return links, f"fitted per collective by comm sweep {cal.get('sweep')} ({path})"
    link, _ = _nominal_link(cluster)
    if link is None:
        return None, ""
    return {c: link for c in needed}, (
        f"nominal interconnect of profile {cluster} ({link.latency_us:g} us, "
        f"{link.bandwidth_gbps:g} Gb/s): no comm calibration with alltoall fitted"
    )


def _comm_model(
    v: Variant, link: projection.Link | None, link_src: str, ctx: dict
) -> tuple[projection.CommModel | None, list[str]]:
    """The communication model of a variant: the explicit calibration (which must fit: its
    profile is the variant's and it has the collectives the variant uses), else the newest
    calibration.json of a comm sweep of the same profile under the results root(s), else the
    nominal figures. Never a mix; the notes say what was chosen and why."""
    # the dense gradients' allreduce, and the collectives of the variant's strategy
    needed = ["allreduce", *(c for c in v.strategy.collectives if c != "allreduce")]
    explicit: Path | None = ctx["explicit"]
    notes: list[str] = []
    if explicit is not None:
        try:
            cal = projection.load_calibration(explicit)
            if cal.get("profile") != v.cluster:
                raise projection.CalibrationError(
                    f"{explicit}: measured on profile {cal.get('profile')!r}, but {v.label} "
                    f"ran on {v.cluster!r}: a calibration only describes its own cluster"
                )
            return projection.fitted_model(cal, explicit, needed), [
                f"calibration given with --calibration: {explicit}"
            ]
        except projection.CalibrationError as exc:
            raise ReportError(
                str(exc), "give the calibration.json of a comm sweep of the same profile"
            ) from exc
    for path, cal in projection.find_calibrations(ctx["roots"], str(v.cluster)):
        try:
            model = projection.fitted_model(cal, path, needed)
        except projection.CalibrationError as exc:
            notes.append(f"calibration found but not used: {exc}")
            continue
        notes.append(
            f"calibration found automatically (newest comm sweep of profile {v.cluster} under "
            f"the results root): {path}"
        )
        return model, notes
    if link is None:
        return None, notes
    return projection.CommModel.nominal(link, str(v.cluster), link_src), notes


def _node_memory(v: Variant) -> float | None:
    gb = _first(v.rows, "node_memory_gb")
    if gb:
        return float(gb) * 1e9
    from scalestudy.profiles import ProfileError, load_profile

    try:
        return load_profile(v.cluster)[0].memory_gb * 1e9
    except ProfileError:
        return None


def _fitted(
    cluster: str, roots: list[Path], collective: str, what: str
) -> tuple[comm_fit.Fit | None, str]:
    """The newest comm sweep's fit of `collective` on this cluster, and the words that say
    where `what` came from."""
    for path, cal in projection.find_calibrations(roots, cluster):
        fit = (cal.get("collectives") or {}).get(collective)
        if fit:
            f = comm_fit.Fit.from_dict(fit)
            return f, (
                f"{what} from the fitted {collective} of comm sweep {cal.get('sweep')} "
                f"({path}: alpha {f.alpha_s * 1e6:.3g} us, "
                f"{f.bandwidth_bytes_per_s / 1e9:.3g} GB/s, overhead {f.overhead_s * 1e6:.3g} us, "
                f"RMS residual {f.rms_relative:.0%})"
            )
    return None, ""


def _crossover(vs: list[Variant], project_to: int, roots: list[Path]) -> tuple[list, list[str]]:
    """Every mesh layout of the big model at powers of two to 512 nodes, the paper's sizes and
    `project_to`, from the compute per FLOP of the sweep's data-parallel variant
    (cost_models/flops.py)."""
    base = next((v for v in vs if v.mesh_model == 1 and not _completed(v.rows).empty), None)
    if base is None:
        return [], ["no completed data-parallel (M = 1) point to measure compute per FLOP on"]
    done = _completed(base.rows)
    compute = _median(done["compute_s_median"])
    rate, step = _median(done["model_flops_per_s_per_rank"]), _median(done["step_s_median"])
    link, where = _link(base)
    memory = _node_memory(base)
    if not (compute and rate and step and link and memory):
        return [], [
            f"{base.label}: no compute time, model FLOP/s, link or node memory in its rows "
            "(a table from before the trainer counted FLOPs, or phases without a compute "
            "probe): no crossover projected"
        ]
    s_per_flop = compute / (rate * step)  # FLOPs per step = FLOP/s x step time
    (dp_fit, dp_words), (group_fit, group_words) = _crossover_fits(base, roots, link, where)
    kw = dict(link=link, node_memory_bytes=memory, group_fit=group_fit, dp_fit=dp_fit)
    out = _layouts(base, project_to, s_per_flop, kw)
    notes = [
        f"compute per FLOP measured on {base.label} ({1 / s_per_flop / 1e9:.1f} GFLOP/s per "
        f"rank in its compute phase), {base.ppn} rank(s) per node, "
        f"{base.tokens_per_worker(base.n0.workers)} tokens per rank; {dp_words}; "
        f"{group_words}; a projection, not a measurement"
    ]
    residuals = _layout_residuals(vs, s_per_flop, kw)
    out = crossover_model.with_draws(
        out,
        compute=_factor_draws(done, rng_seed=1),
        data_parallel=_comm_draws(dp_fit, 2),
        model_parallel=_comm_draws(group_fit, 3)
        if group_fit is not None or dp_fit is not None
        else _comm_draws(None, 2),  # the same link as the data-parallel exchange: the same draw
        residuals=residuals,
    )
    notes.append(_uncertainty_note(residuals))
    return out, notes


def _crossover_fits(base: Variant, roots: list[Path], link, where: str) -> tuple[tuple, tuple]:
    """The data-parallel and the model group's allreduce: measured where a comm sweep of the
    cluster fitted them, else the link model; each with the words that say which."""
    cluster = str(base.cluster)
    dp_fit, dp_words = _fitted(cluster, roots, "allreduce", "the data-parallel allreduces")
    if dp_fit is None:
        dp_words = (
            f"the data-parallel allreduces on link {link.name} ({link.latency_us:g} us, "
            f"{link.bandwidth_gbps:g} Gbit/s, {where}; no comm sweep of {cluster} fitted them)"
        )
    group_fit, group_words = _fitted(cluster, roots, comm_fit.GROUP, "the model group's allreduces")
    if group_fit is None:
        group_words = (
            "the model group's allreduces on the same link (no comm sweep of "
            f"{cluster} with a mesh: no fitted {comm_fit.GROUP})"
        )
    return (dp_fit, dp_words), (group_fit, group_words)


def _layouts(base: Variant, project_to: int, s_per_flop: float, kw: dict) -> list:
    """The big model's layouts at the paper's vocabularies and node counts (and `project_to`),
    each M of 1, 2, 4, 8 that divides the workers, the heads and the vocabulary."""
    out = []
    for vocab in crossover_model.PAPER_VOCABS:
        spec = crossover_model.spec_of("big", vocab)
        for nodes in crossover_model.grid_nodes((*crossover_model.PAPER_NODES, project_to)):
            workers = nodes * base.ppn
            for m in (1, 2, 4, 8):
                if workers % m == 0 and spec["heads"] % m == 0 and vocab % m == 0:
                    out.append(
                        crossover_model.layout(
                            spec,
                            model="big",
                            nodes=nodes,
                            ppn=base.ppn,
                            m=m,
                            tokens_per_worker=base.tokens_per_worker(workers),
                            s_per_flop=s_per_flop,
                            **kw,
                        )
                    )
    return out


def _uncertainty_note(residuals: dict[int, list[float]]) -> str:
    """The crossover's note on what its intervals draw."""
    said = "; ".join(
        f"M = {m}: " + ", ".join(f"{r:+.0%}" for r in rs) for m, rs in sorted(residuals.items())
    )
    return (
        "uncertainty (crossover.with_draws): the compute per FLOP re-drawn from its repeats; "
        "each collective scaled by its fit's RMS residual (log-normal), or within a factor of 2 "
        "at 95% on the link's nominal figures (an assumption, not a measurement); the layout "
        "model's relative residual on the sweep's own points ("
        + (said or "none measured: no model error known")
        + "), random sign; an M is named only where its interval of step time over every other "
        "fitting layout's lies below 1"
    )


def _factor_draws(done: pd.DataFrame, rng_seed: int):
    """Draws of the compute per FLOP over its median, from the rows it was measured on."""
    import numpy as np

    from scalestudy.report import stats

    per_row = done["compute_s_median"] / (
        done["model_flops_per_s_per_rank"] * done["step_s_median"]
    )
    vals = [float(x) for x in per_row if x == x and x > 0]
    n = projection.PI_DRAWS
    if len(vals) < 2:
        return np.ones(n)
    rng = np.random.default_rng(projection.PI_SEED + rng_seed)
    return stats._boot_medians(vals, rng, n) / statistics.median(vals)


def _comm_draws(fit: comm_fit.Fit | None, rng_seed: int):
    """Factor draws on a collective's time: log-normal with the fit's RMS relative residual,
    or (no fit: the link's nominal figures) within a factor of 2 at 95%."""
    import numpy as np

    sigma = math.log1p(fit.rms_relative) if fit is not None else math.log(2.0) / 1.96
    rng = np.random.default_rng(projection.PI_SEED + 10 + rng_seed)
    return np.exp(rng.normal(0.0, sigma, size=projection.PI_DRAWS))


def _layout_residuals(vs: list[Variant], s_per_flop: float, kw: dict) -> dict[int, list[float]]:
    """The layout model (crossover.layout) at each measured point of the sweep's variants, on
    their own model, against the measured step: relative residual (measured / model - 1) by M."""
    out: dict[int, list[float]] = {}
    for v in vs:
        spec = v.model_spec or projection.model_spec(
            (v.configuration.get("model") or {}).get("preset"), v.vocab, v.hidden, v.tied
        )
        if not spec or any(k not in spec for k in ("heads", "enc_layers", "dec_layers")):
            continue
        for p in v.points:
            if p.step_s is None:
                continue
            try:
                x = crossover_model.layout(
                    spec,
                    model=str(spec.get("preset") or "sweep"),
                    nodes=p.nodes,
                    ppn=v.ppn,
                    m=v.mesh_model,
                    tokens_per_worker=v.tokens_per_worker(p.workers),
                    s_per_flop=s_per_flop,
                    **kw,
                )
            except (KeyError, ValueError, ZeroDivisionError):
                continue
            if x.step_s > 0:
                out.setdefault(v.mesh_model, []).append(p.step_s.value / x.step_s - 1.0)
    return out


def _completed(rows: pd.DataFrame) -> pd.DataFrame:
    return rows[(rows["status"] == "completed") & (rows["tokens_per_s"] > 0)]


def _phases_twin(v: Variant, others: list[Variant]) -> Variant | None:
    """The variant of the same sweep measured like `v` in every respect but `timing: phases`:
    the same configuration (points.jsonl; a table without it: the columns it was grouped by)
    but the timing."""

    def but_timing(x: Variant) -> str:
        known = x.settings if x.from_table else x.configuration
        rest = {k: val for k, val in known.items() if k != "timing"}
        return json.dumps([x.sweep, x.mode, x.ppn, rest], sort_keys=True, default=str)

    want = but_timing(v)
    for o in others:
        if o is not v and o.timing == "phases" and but_timing(o) == want:
            return o
    return None


def _overlap_s(v: Variant, twin: Variant) -> tuple[float, str]:
    """What the backward pass hides, from the two timings' measured steps (projection)."""

    def steps(x: Variant) -> dict[int, float]:
        return {p.workers: p.step_s.value for p in x.points if p.step_s is not None}

    return projection.twin_overlap(steps(v), steps(twin))


class _Shapes:
    """The strategy's inputs at N workers, from the variant's measurements: R_r (weak: the
    measured rows; strong: the formula at each share), U_r and the union U (the Zipf law of
    the data calibrated to the measured U_r, scaled by the tokens per rank; every id when the
    measurement named every id)."""

    def __init__(self, v: Variant, done: pd.DataFrame, tokens_per_worker, anchor_workers: int):
        self.vocab, self.hidden, self.micro, self.tied = v.vocab, v.hidden, v.micro_batches, v.tied
        # a mesh: each rank exchanges its V / M shard's gradient over N / M ranks, and its
        # model group's batch is M ranks' tokens
        self.m = v.mesh_model
        if self.vocab:
            self.vocab = int(self.vocab) // self.m
        self.config = v.config
        self.accumulation = self.config.accumulation
        self.item = allreduce_item_bytes(self.config.compression)
        self.mode, self.tokens_per_worker = v.mode, tokens_per_worker
        self.rows_measured = _median(done["emb_grad_rows_per_worker"])
        self.unique_measured = _median(done.get("emb_unique_rows_per_worker", pd.Series()))
        self.anchor_tokens = tokens_per_worker(anchor_workers)

    def rows_at(self, w: int) -> float | None:
        if self.mode == "weak" and self.rows_measured:
            return self.rows_measured
        if self.vocab and self.tokens_per_worker(w):
            return projection.formula_rows(
                int(self.vocab),
                self.tokens_per_worker(w) * self.m,
                self.micro,
                accumulation=self.accumulation,
                tied=self.tied,
            )
        return None

    def at(self, w: int) -> strategies.Shape | None:
        rows = self.rows_at(w)
        if rows is None or not self.vocab or not self.hidden:
            return None
        unique = union = 0.0
        if self.unique_measured:
            share = self.tokens_per_worker(w) / max(self.anchor_tokens, 1)
            unique, union = token_model.calibrated_ids(
                self.unique_measured,
                int(self.vocab),
                w,
                share=share if self.mode == "strong" else 1.0,
            )
        return strategies.Shape(
            max(w // self.m, 1),
            int(self.vocab),
            int(self.hidden),
            rows,
            unique,
            union,
            self.micro,
            self.item,
        )


def _exchange_s(
    strategy: strategies.Strategy,
    shape: strategies.Shape,
    ppn: int,
    comm_m: projection.CommModel,
    other_dense: float,
) -> float:
    """One step's modelled exchange: the dense gradients' allreduce (fused with the
    strategy's own allreduce, if it has one) and the strategy's other calls."""
    calls = strategy.calls(shape)
    fused = other_dense + sum(b for c, b in calls if c == "allreduce")
    rest = [(c, b) for c, b in calls if c != "allreduce"]
    links = comm_m.links
    return projection.ring_allreduce_s(
        fused, shape.workers, ppn, links["allreduce"]
    ) + projection.calls_s(rest, shape.workers, ppn, links)


def _project(
    v: Variant,
    sc: Scaling | None,
    project_to: int,
    ctx: dict | None = None,
    targets: list[int] | None = None,
) -> VariantProjection | None:
    """The variant's projection: its inputs gathered here, the numbers and notes made by
    report/projection.py (step model, overlap, residuals, memory)."""
    measured = [p for p in v.points if p.throughput is not None]
    if not measured:
        return None
    ctx = ctx or {"explicit": None, "roots": []}
    pm = max(measured, key=lambda p: p.workers)
    vp = VariantProjection(variant=v, link=None, anchor_nodes=pm.nodes)
    vp.notes += projection.mesh_notes(v.mesh_model)
    link, link_src = _link(v)
    done = _completed(v.rows)
    vp.comm, comm_notes = _comm_model(v, link, link_src, ctx)
    vp.link = vp.comm.allreduce if vp.comm else None
    shapes = _Shapes(v, done, v.tokens_per_worker, pm.workers)
    nodes = _target_nodes(v, project_to, targets)
    if not nodes:
        vp.notes.append(
            f"--project-to {project_to} is within the measured nodes: nothing to project"
        )
    model, other_dense, source = _step_model(v, vp, pm, done, shapes, ctx)
    vp.notes.append(
        projection.step_note(
            model,
            comm=vp.comm,
            no_comm_why=link_src,
            dense_known=other_dense is not None,
            overlapped=v.timing == "overlapped",
            exchange=v.strategy.name,
            collectives=v.strategy.collectives,
            ppn=v.ppn,
        )
    )
    vp.notes += ([vp.comm.description] if vp.comm else []) + comm_notes
    at = lambda col, p: _median(source[source["workers"] == p.workers][col])  # noqa: E731
    vp.residuals = projection.residuals(
        v.label,
        model,
        [
            (
                p.nodes,
                p.workers,
                None if p.step_s is None else p.step_s.value,
                at("compute_s_median", p),
                at("apply_s_median", p),
            )
            for p in measured
        ],
    )
    vp.prediction = _step_prediction(v, measured, model, [n * v.ppn for n in nodes])
    if vp.prediction is not None:
        vp.notes.append(f"step time: {vp.prediction.method}")
    memory, from_table = _memory(v, done, pm, shapes)
    vp.notes += memory.notes(from_table)
    p0 = v.point_at(sc.n0_workers) if sc is not None and not sc.error else None
    for n in nodes:
        vp.points.append(_projected_point(v, n, model, memory, shapes, vp.prediction, p0))
    vp.notes += memory.closing_note(pm.nodes)
    return vp


def _target_nodes(v: Variant, project_to: int, targets: list[int] | None) -> list[int]:
    if targets is not None:
        return list(targets)
    return projection.projected_nodes(max(p.nodes for p in v.points), project_to)


def _other_dense(v: Variant, done: pd.DataFrame) -> float | None:
    """The dense gradients other than the embedding's (the allreduce column holds the
    embedding's too when the strategy allreduces it)."""
    allreduce = _median(done["logical_allreduce_bytes_per_step"])
    if allreduce is None:
        return None
    emb = _median(done["logical_embedding_bytes_per_step"])
    fused = any(c == "allreduce" for c in v.strategy.collectives)
    return allreduce - (emb or 0.0) if fused else allreduce


def _step_model(
    v: Variant, vp: VariantProjection, pm: PointStats, done: pd.DataFrame, shapes, ctx: dict
) -> tuple[projection.StepModel, float | None, pd.DataFrame]:
    """The anchored step model and the dense bytes it adds to the exchange. Compute and apply
    are timed apart by `timing: phases` (tables from before the key existed were all phases).
    An overlapped variant borrows them from its phases twin (and the overlap measured between
    the two), else takes its own compute probe (the overlap read at the anchor); notes to vp.
    Also the rows compute and apply are read from."""
    other_dense = _other_dense(v, done)
    source, overlap, hidden_at_anchor = done, 0.0, False
    if v.timing == "overlapped":
        twin = _phases_twin(v, ctx.get("variants", []))
        if twin is not None:
            source = _completed(twin.rows)
            overlap, note = _overlap_s(v, twin)
            vp.notes.append(note)
        else:
            hidden_at_anchor = True
    rows = source[source["workers"] == pm.workers]
    anchor = projection.Anchor(
        nodes=pm.nodes,
        workers=pm.workers,
        step_s=pm.step_s.value if pm.step_s else None,
        tokens_per_s=pm.throughput.value,
        compute_s=_median(rows["compute_s_median"]),
        apply_s=_median(rows["apply_s_median"]) or 0.0,
        probe_s=_median(rows["compute_probe_s_median"]) if hidden_at_anchor else None,
    )

    def comm(w: int) -> float | None:
        shape = shapes.at(w)
        if vp.comm is None or other_dense is None or shape is None:
            return None
        return _exchange_s(v.strategy, shape, v.ppn, vp.comm, other_dense)

    model = projection.StepModel(v.mode, anchor, comm, anchor.compute_s, overlap)
    if hidden_at_anchor:
        model.compute_s, model.compute_from, notes = projection.hidden_compute(anchor)
        model.overlap, more = projection.hidden_overlap(model)
        vp.notes += notes + more
    return model, other_dense, source


def _memory(v: Variant, done: pd.DataFrame, pm: PointStats, shapes) -> tuple:
    """The memory model of the variant: the model its points ran (points.jsonl); a table
    without it: the preset and the two columns it records, which misses any other override of
    the model. Also whether it came from the table."""
    spec, from_table = v.model_spec, v.model_spec is None
    if spec is None:
        spec = projection.model_spec(
            (v.configuration.get("model") or {}).get("preset"), v.vocab, v.hidden, v.tied
        )

    def bytes_of(w: int) -> float:
        return projection.predicted_rank_bytes(
            spec, workers=w, tokens_per_worker=v.tokens_per_worker(w), config=shapes.config
        )

    rss = _median(done[done["workers"] == pm.workers]["peak_rss_max"])
    return projection.Memory(spec, pm.workers, rss, bytes_of), from_table


def _projected_point(v: Variant, n: int, model, memory, shapes, prediction, p0) -> ProjectedPoint:
    w = n * v.ppn
    pp = projection.scaled_point(model, n, w, p0)
    pp.node_memory_bytes = _node_memory(v)
    if pp.step_s is not None and prediction is not None and w in prediction.targets:
        _intervals(pp, v, prediction, p0, pp.tokens_per_s * pp.step_s)
    shape = shapes.at(w)
    if shape is not None:
        pp.accumulation_bytes = v.strategy.logical(shape)
    if memory.spec is not None and v.tokens_per_worker(w):
        memory.fill(pp, v.ppn)
    return pp


def _step_prediction(
    v: Variant, measured: list[PointStats], t_model, targets: list[int]
) -> projection.Prediction | None:
    """The anchored step-time model's projection at `targets` (workers) with its intervals:
    the measured points' repeats re-drawn, re-anchored, the model's residuals added."""
    samples = {}
    for p in measured:
        t = t_model(p.workers)
        if p.step_s is not None and t:
            samples[p.workers] = p.step_samples
    top = max((p.workers for p in measured if p.step_s is not None), default=None)
    if top not in samples or not targets:
        return None
    if any(not t_model(w) for w in targets):
        return None
    return projection.predict(samples, projection.Anchored(t_model), targets)


def _intervals(pp: ProjectedPoint, v: Variant, pred, p0, tokens_per_step):
    """The projected point's intervals from the step time's draws: tokens/s = the tokens of a
    step over its time; efficiency and speedup against the baseline's repeats, re-drawn."""
    import numpy as np

    from scalestudy.report import stats

    j = pred.targets.index(pp.workers)
    steps = pred.draws[:, j]
    pp.step_pi = pred.intervals[j]
    tokens = tokens_per_step / steps
    pp.tokens_pi = projection.interval_of(tokens, pp.tokens_per_s)
    if p0 is None or pp.efficiency is None:
        return
    rng = np.random.default_rng(projection.PI_SEED + 1)
    if v.mode == "weak" and p0.throughput:
        base = stats._boot_medians(p0.throughput_samples, rng, steps.size)
        if len(p0.throughput_samples) <= 1:
            base = np.full(steps.size, p0.throughput.value)
        pp.efficiency_pi = projection.interval_of(
            tokens / (pp.workers / p0.workers * base), pp.efficiency
        )
    elif p0.step_s:
        base = stats._boot_medians(p0.step_samples, rng, steps.size)
        if len(p0.step_samples) <= 1:
            base = np.full(steps.size, p0.step_s.value)
        pp.speedup_pi = projection.interval_of(base / steps, pp.speedup)
        pp.efficiency_pi = projection.interval_of(
            base / steps * p0.workers / pp.workers, pp.efficiency
        )


def _held_out(v: Variant, below: int) -> Variant:
    """The variant without its points at `below` workers and more (rows and points)."""
    from dataclasses import replace

    return replace(
        v,
        rows=v.rows[v.rows["workers"] < below],
        points=[p for p in v.points if p.workers < below],
    )


def _backtests(vs: list[Variant], ctx: dict) -> list[BacktestResult]:
    """Per variant with three or more measured sizes: the largest held out (from its rows,
    its points and its phases twin's), predicted by _project from the others, and compared."""
    out = []
    for v in vs:
        measured = sorted(
            (p for p in v.points if p.throughput is not None and p.step_s is not None),
            key=lambda p: p.workers,
        )
        if len({p.workers for p in measured}) < 3:
            continue
        top = measured[-1]
        kept = [_held_out(x, top.workers) for x in ctx.get("variants", [])]
        mine = _held_out(v, top.workers)
        kept = [mine if x.key == v.key and x.sweep == v.sweep else x for x in kept]
        try:
            vp = _project(mine, None, top.nodes, {**ctx, "variants": kept}, targets=[top.nodes])
        except ReportError as exc:  # an explicit calibration of another cluster: said there
            vp = None
            ctx.setdefault("errors", []).append(str(exc))
        res = BacktestResult(
            v.label,
            top.nodes,
            top.workers,
            sorted({p.nodes for p in measured[:-1]}),
            top.step_s.value,
            None,
        )
        pp = vp.points[0] if vp is not None and vp.points else None
        if pp is None or pp.step_pi is None:
            said = [n for n in (vp.notes if vp else []) if "not projected" in n]
            res.why = said[0] if said else "no step-time model from the other sizes"
        else:
            res.predicted = pp.step_pi
            res.model_error_seen = bool(vp.prediction and vp.prediction.model_error_seen)
        out.append(res)
    return out


def clock_warnings(table: pd.DataFrame) -> list[str]:
    """Completed points whose throughput was not checked against their step records and the
    job's clock (collect/clocks.py): said, never mixed silently with checked ones."""
    done = table[(table["status"] == "completed") & table["tokens_per_s"].notna()]
    if done.empty:
        return []
    checks = done["clock_check"] if "clock_check" in done else pd.Series([None] * len(done))
    unchecked = [
        str(pid) for pid, c in zip(done["point_id"], checks, strict=True) if not clock_checked(c)
    ]
    if not unchecked:
        return []
    return [
        f"{len(unchecked)} of {len(done)} completed points have a throughput no clock checked "
        f"({', '.join(unchecked[:4])}{', ...' if len(unchecked) > 4 else ''}): collected before "
        "the three-clock check, or step logs of a trainer whose window held the compute probe "
        "(tokens/s too low); re-run `scalestudy collect`, and re-run the points if it stays so"
    ]


def analyse(
    sweeps: list[SweepResults],
    runs: dict[str, RunLog],
    project_to: int | None,
    warnings: list[str],
    calibration: Path | None = None,
) -> Analysis:
    table = pd.concat([s.table for s in sweeps], ignore_index=True)
    warnings += clock_warnings(table)
    comm_results = load_comm({s.name: s.folder for s in sweeps}, warnings)
    # comm and probe points measure collectives and launches, not training throughput: they
    # are not variants, and a completed one is never "without a throughput measurement"
    comm_ids = {str(i) for c in comm_results for i in c.table["point_id"]}
    records = {pid: rec for s in sweeps for pid, rec in s.points.items()}
    workload = _workloads(sweeps, records, comm_ids)
    kinds = table["point_id"].astype(str).map(workload)
    trains = kinds.isin(_named(lambda w: w.trains))
    vs = variants(table[trains], records)
    scaling, common = _scalings(vs)
    problems, short = _problems(vs)
    problems += _other_problems(table[~trains], workload, comm_ids)
    probes = _probes(sweeps, workload, warnings)
    refs, unknown = references.for_names(
        [s.reference for s in sweeps if s.reference], references.load()
    )
    roots = _roots(sweeps)
    ctx = {
        "variants": vs,  # an overlapped variant's phases twin
        "explicit": calibration,  # `report --calibration PATH`
        "roots": roots,
    }
    projections, comm_models = _projections(vs, scaling, project_to, dict(ctx), warnings)
    backtests = _backtests(vs, dict(ctx))
    memory, ceilings = series.memory(vs)
    layouts, layout_notes = (
        _crossover(vs, project_to, roots)
        if project_to and any(v.mesh_model > 1 for v in vs)
        else ([], [])
    )
    return Analysis(
        sweeps=sweeps,
        table=table,
        variants=vs,
        scaling=scaling,
        common=common,
        problems=problems,
        short_repeats=short,
        runs=runs,
        references=refs,
        unknown_references=unknown,
        project_to=project_to,
        projections=projections,
        warnings=warnings,
        comm_models=comm_models,
        comm=comm_results,
        paired=paired_ratios(vs),
        accumulation=series.accumulation(vs, project_to, refs),
        memory=memory,
        memory_ceilings=ceilings,
        comm_calibration=series.comm_calibration(comm_results) if comm_results else "",
        peaks=_peaks(vs, roots),
        strategies=strategies_report.compare(vs, *_strategy_links(table, roots)),
        probes=probes,
        crossover=layouts,
        crossover_notes=layout_notes,
        backtests=backtests,
    )


def _roots(sweeps: list[SweepResults]) -> list[Path]:
    """The folders holding the sweeps (results/<sweep>/results.csv): calibrations and machine
    peaks are looked for beside the sweeps."""
    return sorted({s.folder.resolve().parent for s in sweeps})


def _scalings(vs: list[Variant]) -> tuple[dict, dict]:
    """Per scaling mode with a variant: its scaling rows and its common baseline."""
    scaling, common = {}, {}
    for mode in ("weak", "strong"):
        of_mode = [v for v in vs if v.mode == mode]
        if of_mode:
            scaling[mode], common[mode] = _scaling(of_mode, mode)
    return scaling, common


def _probes(sweeps: list[SweepResults], workload: dict[str, str], warnings: list[str]):
    """The probe points of each sweep, loaded."""
    probes = _named(lambda w: w.report_part == "probes")
    return probe.load(
        [
            (s.name, s.folder, s.table[s.table["point_id"].astype(str).map(workload).isin(probes)])
            for s in sweeps
        ],
        warnings,
    )


def _projections(
    vs: list[Variant], scaling: dict, project_to: int | None, ctx: dict, warnings: list[str]
) -> tuple[list[VariantProjection], list[projection.CommModel]]:
    """Each variant projected to `project_to` nodes (none without it), and the communication
    models the projections used, each once."""
    projections: list[VariantProjection] = []
    comm_models: list[projection.CommModel] = []
    if not project_to:
        return projections, comm_models
    by_label = {s.variant.label: s for ss in scaling.values() for s in ss}
    for v in vs:
        vp = _project(v, by_label.get(v.label), project_to, ctx)
        if vp is not None:
            projections.append(vp)
            if vp.comm is not None and vp.comm not in comm_models:
                comm_models.append(vp.comm)
    if len({m.fitted for m in comm_models}) > 1:
        warnings.append(
            "the projection uses fitted communication figures for some variants and "
            "nominal ones for others (see each variant's communication model)"
        )
    return projections, comm_models


def _peaks(vs: list[Variant], roots: list[Path]) -> dict:
    """Per cluster of the variants: the newest machine peak found beside the sweeps, and its
    file."""
    peaks = {}
    for cluster in sorted({v.cluster for v in vs}):
        for root in roots:
            found, path = machine_peak.newest(root, cluster)
            if found is not None:
                peaks[cluster] = (found, path)
    return peaks


def point_of(a: Analysis, label: str, workers: int) -> PointStats | None:
    return a.variant(label).point_at(workers)
