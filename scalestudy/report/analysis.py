"""Everything the figures and summaries show, computed once from the loaded sweeps: variants
and their points, efficiencies and speedups (own and common baseline), what failed or is
missing, the published references, paired ratios (schedule: bundled), the series each figure
draws (`series`), and (only with --project-to) the projection. The figures only draw it."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from scalestudy.cost_models import comm_fit
from scalestudy.formats import references
from scalestudy.formats.results_columns import clock_checked
from scalestudy.measure import peak as machine_peak
from scalestudy.report import crossover as crossover_model
from scalestudy.report import probe, projection, series
from scalestudy.report import strategies as strategies_report
from scalestudy.report.load import (
    CommResults,
    RunLog,
    SweepResults,
    clean_text,
    load_comm,
)
from scalestudy.report.paired import PairedRatio, paired_ratios
from scalestudy.report.projection import variant as projected
from scalestudy.report.projection.intervals import PI_DRAWS, PI_SEED, link_sigma
from scalestudy.report.projection.noise import LOG_CLIP
from scalestudy.report.projection.variant import BacktestResult, VariantProjection
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
from scalestudy.uncertainty import model as uncertainty
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
    base = next(
        (v for v in vs if v.mesh_model == 1 and not projected.completed(v.rows).empty), None
    )
    if base is None:
        return [], ["no completed data-parallel (M = 1) point to measure compute per FLOP on"]
    done = projected.completed(base.rows)
    compute = projected.median(done["compute_s_median"])
    rate, step = (
        projected.median(done["model_flops_per_s_per_rank"]),
        projected.median(done["step_s_median"]),
    )
    link, where = projected.link_of(base)
    memory = projected.node_memory(base)
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
    compute, compute_at = _factor_draws(done, rng_seed=1)
    out = crossover_model.with_draws(
        out,
        compute=compute,
        compute_at=compute_at,
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
        "uncertainty (crossover.with_draws): the compute per FLOP drawn from its level's t "
        "interval over its runs (the noise model); "
        "each collective scaled by its fit's RMS residual (log-normal), or within a factor of 2 "
        "at 95% on the link's nominal figures (an assumption, not a measurement); the layout "
        "model's relative residual on the sweep's own points ("
        + (said or "none measured: no model error known")
        + "), random sign; an M is named only where its interval of step time over every other "
        "fitting layout's lies below 1"
    )


def _factor_draws(done: pd.DataFrame, rng_seed: int):
    """Draws of the compute per FLOP over its median, from the rows it was measured on: its
    level's t distribution under the noise model (uncertainty.alone: the rows' own spread,
    df = rows - 1), the interval the report prints for a level, drawn; and the draws as they
    would be with `more` rows (the same t draws, the scale s / sqrt(rows + more): the spread
    as measured, the df kept, a slight overstatement), or None when no spread is known."""
    import numpy as np

    from scalestudy.uncertainty.tdist import t_quantile

    per_row = done["compute_s_median"] / (
        done["model_flops_per_s_per_rank"] * done["step_s_median"]
    )
    vals = [float(x) for x in per_row if x == x and x > 0]
    n = PI_DRAWS
    e = uncertainty.alone(vals) if len(vals) >= 2 else None
    if e is None or not e.judged or e.hi <= e.lo:
        return np.ones(n), None
    centre = 0.5 * (math.log(e.lo) + math.log(e.hi))  # the mean log
    scale = 0.5 * math.log(e.hi / e.lo) / t_quantile(0.5 + uncertainty.CONFIDENCE / 2.0, e.df)
    z = np.random.default_rng(PI_SEED + rng_seed).standard_t(e.df, size=n)
    median = statistics.median(vals)

    def at(more: int):
        # 2 rows: a t of 1 df (a Cauchy) whose far draws pass exp's range (noise.LOG_CLIP)
        step = np.clip(scale * math.sqrt(e.n / (e.n + more)) * z, -LOG_CLIP, LOG_CLIP)
        return np.exp(centre + step) / median

    return at(0), at


def _comm_draws(fit: comm_fit.Fit | None, rng_seed: int):
    """Factor draws on a collective's time: log-normal with the fit's RMS relative residual,
    or (no fit: the link's nominal figures) within a factor of 2 at 95%."""
    import numpy as np

    sigma = link_sigma(fit.rms_relative if fit is not None else None)
    rng = np.random.default_rng(PI_SEED + 10 + rng_seed)
    return np.exp(rng.normal(0.0, sigma, size=PI_DRAWS))


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
    backtests = projected.backtests(vs, dict(ctx))
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
        strategies=strategies_report.compare(vs, *projected.strategy_links(table, roots)),
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
        sc = by_label.get(v.label)
        n0 = sc.n0_workers if sc is not None and not sc.error else None
        vp = projected.project(v, n0, project_to, ctx)
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
