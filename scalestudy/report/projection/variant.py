"""A variant's projection assembled from its rows: its anchor, its phases twin, the exchange's
shapes and the communication model gathered here; the step model (physics.py), its prediction
and interval (intervals.py), memory (memory.py) made of them; and the backtest of the largest
measured size. report/analysis.py calls `project` and `backtests`."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from scalestudy.cost_models import collectives, strategies, token_model
from scalestudy.cost_models.comm_model import allreduce_item_bytes
from scalestudy.report import projection
from scalestudy.report.load import ReportError
from scalestudy.report.projection import empirical, noise, physics, select
from scalestudy.report.projection.intervals import (
    Interval,
    Prediction,
    interval_of,
    link_factor,
)
from scalestudy.report.projection.memory import Memory
from scalestudy.report.projection.physics import ProjectedPoint, Residual
from scalestudy.report.projection.select import Selection
from scalestudy.report.scaling import PointStats, Variant


@dataclass
class VariantProjection:
    variant: Variant
    link: projection.Link | None
    anchor_nodes: int
    points: list[ProjectedPoint] = field(default_factory=list)
    residuals: list[Residual] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    comm: projection.CommModel | None = None  # nominal or fitted, and the sentence saying so
    prediction: Prediction | None = None  # the step time's, with its intervals
    selection: Selection | None = None  # the forms' cross-validation, when it chose


@dataclass
class BacktestResult:
    """A variant's largest measured size held out and predicted from its others (the same
    projection and intervals as --project-to)."""

    variant: str
    nodes: int
    workers: int
    from_nodes: list[int]
    measured_step_s: float
    predicted: Interval | None  # None: no step-time model (why)
    why: str = ""
    model_error_seen: bool = True
    form: str = ""  # which form the other sizes chose, and why (their CV errors)

    @property
    def error(self) -> float | None:
        return None if self.predicted is None else self.predicted.value / self.measured_step_s - 1

    @property
    def covered(self) -> bool | None:
        return None if self.predicted is None else self.predicted.covers(self.measured_step_s)


def median(values) -> float | None:
    vals = [float(v) for v in values if v is not None and math.isfinite(float(v))]
    return statistics.median(vals) if vals else None


def _first(rows: pd.DataFrame, col: str):
    vals = [v for v in rows[col] if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return vals[0] if vals else None


def link_of(v: Variant) -> tuple[projection.Link | None, str]:
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


def strategy_links(
    table: pd.DataFrame, roots: list[Path]
) -> tuple[dict[str, projection.Link] | None, str, dict[str, float]]:
    """Latency and bandwidth of every exchange collective (cost_models/collectives.py: allreduce,
    allgather, alltoall) for the strategies' times: the newest calibration of the table's
    cluster that fitted them all, else the profile's nominal interconnect for all (never a
    mix), with the sentence that says which, and each collective's 95% error factor
    (intervals.link_factor: its fit's RMS relative residual, or the nominal assumption)."""
    clusters = set(table["cluster"].dropna().astype(str)) if "cluster" in table else set()
    if len(clusters) != 1:
        return None, "", {}
    (cluster,) = clusters
    needed = collectives.names(exchange=True)
    for path, cal in projection.find_calibrations(roots, cluster):
        fits = cal.get("collectives") or {}
        if all(c in fits for c in needed):
            try:
                links = {c: projection.fitted_link(cal, path, c, fits[c]) for c in needed}
                factors = {c: _fit_factor(fits[c]) for c in needed}
            except projection.CalibrationError:
                continue
            return (
                links,
                f"fitted per collective by comm sweep {cal.get('sweep')} ({path})",
                factors,
            )
    link, _ = _nominal_link(cluster)
    if link is None:
        return None, "", {}
    return (
        {c: link for c in needed},
        (
            f"nominal interconnect of profile {cluster} ({link.latency_us:g} us, "
            f"{link.bandwidth_gbps:g} Gb/s): no comm calibration with alltoall fitted"
        ),
        {c: link_factor(None) for c in needed},
    )


def _fit_factor(fit: dict) -> float:
    """A fitted collective's 95% factor from its RMS relative residual (a calibration without
    one: the nominal figures' assumed factor)."""
    try:
        rms = float(fit["rms_relative_residual"])
    except (KeyError, TypeError, ValueError):
        return link_factor(None)
    if not (math.isfinite(rms) and rms >= 0):
        raise projection.CalibrationError(f"RMS relative residual {rms} unusable")
    return link_factor(rms)


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


def node_memory(v: Variant) -> float | None:
    gb = _first(v.rows, "node_memory_gb")
    if gb:
        return float(gb) * 1e9
    from scalestudy.profiles import ProfileError, load_profile

    try:
        return load_profile(v.cluster)[0].memory_gb * 1e9
    except ProfileError:
        return None


def completed(rows: pd.DataFrame) -> pd.DataFrame:
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

    return physics.twin_overlap(steps(v), steps(twin))


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
        self.rows_measured = median(done["emb_grad_rows_per_worker"])
        self.unique_measured = median(done.get("emb_unique_rows_per_worker", pd.Series()))
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


def project(
    v: Variant,
    n0_workers: int | None,
    project_to: int,
    ctx: dict | None = None,
    targets: list[int] | None = None,
) -> VariantProjection | None:
    """The variant's projection: its inputs gathered here, the numbers and notes made by
    the package's modules (step model, overlap, residuals, memory); `n0_workers`: the
    scaling's baseline (None: no efficiency or speedup)."""
    measured = [p for p in v.points if p.throughput is not None]
    if not measured:
        return None
    ctx = ctx or {"explicit": None, "roots": []}
    pm = max(measured, key=lambda p: p.workers)
    vp = VariantProjection(variant=v, link=None, anchor_nodes=pm.nodes)
    vp.notes += physics.mesh_notes(v.mesh_model)
    link, link_src = link_of(v)
    done = completed(v.rows)
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
        physics.step_note(
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
    at = lambda col, p: median(source[source["workers"] == p.workers][col])  # noqa: E731
    vp.residuals = physics.residuals(
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
    vp.prediction, vp.selection = _step_prediction(v, measured, model, [n * v.ppn for n in nodes])
    if vp.prediction is not None:
        _empirical_note(vp)
        vp.notes.append(f"step time: {vp.prediction.method}")
    else:
        sizes = len({p.workers for p in measured if p.step_s is not None})
        vp.notes = [
            n + f"; the empirical forms need {select.CV_MIN_SIZES} measured sizes, it has {sizes}"
            if n.startswith("step time not projected: ") and sizes < select.CV_MIN_SIZES
            else n
            for n in vp.notes
        ]
    memory, from_table = _memory(v, done, pm, shapes)
    vp.notes += memory.notes(from_table)
    p0 = v.point_at(n0_workers) if n0_workers is not None else None
    for n in nodes:
        vp.points.append(_projected_point(v, n, model, memory, shapes, vp.prediction, p0))
    vp.notes += memory.closing_note(pm.nodes)
    return vp


def _empirical_note(vp: VariantProjection) -> None:
    """A table the physics form cannot read (no compute time, bytes or interconnect) is
    projected by the empirical forms: its "not projected" note says so instead."""
    physical = vp.selection is None or any(
        getattr(s.fit, "physics", False) for s in vp.selection.scored
    )
    for i, n in enumerate(vp.notes):
        if not physical and n.startswith("step time not projected: "):
            why = n.removeprefix("step time not projected: ")
            vp.notes[i] = (
                "step time projected by the empirical forms alone (the physics form needs "
                f"what this table lacks: {why})"
            )


def _target_nodes(v: Variant, project_to: int, targets: list[int] | None) -> list[int]:
    if targets is not None:
        return list(targets)
    return projection.projected_nodes(max(p.nodes for p in v.points), project_to)


def _other_dense(v: Variant, done: pd.DataFrame) -> float | None:
    """The dense gradients other than the embedding's (the allreduce column holds the
    embedding's too when the strategy allreduces it)."""
    allreduce = median(done["logical_allreduce_bytes_per_step"])
    if allreduce is None:
        return None
    emb = median(done["logical_embedding_bytes_per_step"])
    fused = any(c == "allreduce" for c in v.strategy.collectives)
    return allreduce - (emb or 0.0) if fused else allreduce


def _step_model(
    v: Variant, vp: VariantProjection, pm: PointStats, done: pd.DataFrame, shapes, ctx: dict
) -> tuple[physics.StepModel, float | None, pd.DataFrame]:
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
            source = completed(twin.rows)
            overlap, note = _overlap_s(v, twin)
            vp.notes.append(note)
        else:
            hidden_at_anchor = True
    rows = source[source["workers"] == pm.workers]
    anchor = physics.Anchor(
        nodes=pm.nodes,
        workers=pm.workers,
        step_s=pm.step_s.value if pm.step_s else None,
        tokens_per_s=pm.throughput.value,
        compute_s=median(rows["compute_s_median"]),
        apply_s=median(rows["apply_s_median"]) or 0.0,
        probe_s=median(rows["compute_probe_s_median"]) if hidden_at_anchor else None,
    )

    def comm(w: int) -> float | None:
        shape = shapes.at(w)
        if vp.comm is None or other_dense is None or shape is None:
            return None
        return _exchange_s(v.strategy, shape, v.ppn, vp.comm, other_dense)

    model = physics.StepModel(v.mode, anchor, comm, anchor.compute_s, overlap)
    if hidden_at_anchor:
        model.compute_s, model.compute_from, notes = physics.hidden_compute(anchor)
        model.overlap, more = physics.hidden_overlap(model)
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

    rss = median(done[done["workers"] == pm.workers]["peak_rss_max"])
    return Memory(spec, pm.workers, rss, bytes_of), from_table


def _projected_point(v: Variant, n: int, model, memory, shapes, prediction, p0) -> ProjectedPoint:
    w = n * v.ppn
    step = None
    if prediction is not None and w in prediction.targets:
        step = prediction.values[prediction.targets.index(w)]
    pp = physics.scaled_point(model, n, w, p0, step)
    pp.node_memory_bytes = node_memory(v)
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
) -> tuple[Prediction | None, Selection | None]:
    """The step time's projection at `targets` (workers) with its intervals: the form
    cross-validation chooses among the physics form (the anchored step model, where it models
    every measured size and target) and the empirical ones (select.py), or with fewer sizes
    than it needs the physics form alone (re-anchored draws and its residuals)."""
    samples = {p.workers: p.step_samples for p in measured if p.step_s is not None}
    if not samples or not targets:
        return None, None
    candidates: list = []
    if all(t_model(w) for w in [*samples, *targets]):
        candidates.append(physics.Anchored(t_model))
    # strong scaling: the forms of the global effort, workers x step, over the workers
    found = noise.run_model(samples, noise.measured_sizes(samples))  # one fit: steps, draws
    forms = empirical.forms(samples, strong=v.mode == "strong", found=found)
    made = select.choose(samples, candidates + forms, targets, found=found)
    return made if made is not None else (None, None)


def _intervals(pp: ProjectedPoint, v: Variant, pred, p0, tokens_per_step):
    """The projected point's intervals from the step time's draws: tokens/s = the tokens of a
    step over its time; efficiency and speedup against the baseline as printed (its median):
    the figure the report will print once this size is measured is against that same
    measurement, so these intervals cover as the step time's does (the backtest's figure).
    Re-drawing the baseline (a bootstrap of its median, before) only widened them, outside the
    run's noise model."""
    j = pred.targets.index(pp.workers)
    steps = pred.draws[:, j]
    pp.step_pi = pred.intervals[j]
    tokens = tokens_per_step / steps
    pp.tokens_pi = interval_of(tokens, pp.tokens_per_s)
    if p0 is None or pp.efficiency is None:
        return
    if v.mode == "weak" and p0.throughput:
        base = p0.throughput.value
        pp.efficiency_pi = interval_of(tokens / (pp.workers / p0.workers * base), pp.efficiency)
    elif p0.step_s:
        base = p0.step_s.value
        pp.speedup_pi = interval_of(base / steps, pp.speedup)
        pp.efficiency_pi = interval_of(base / steps * p0.workers / pp.workers, pp.efficiency)


def _held_out(v: Variant, below: int) -> Variant:
    """The variant without its points at `below` workers and more (rows and points)."""
    return replace(
        v,
        rows=v.rows[v.rows["workers"] < below],
        points=[p for p in v.points if p.workers < below],
    )


def backtests(vs: list[Variant], ctx: dict) -> list[BacktestResult]:
    """Per variant with three or more measured sizes: the largest held out (from its rows,
    its points and its phases twin's), predicted by project from the others, and compared."""
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
            vp = project(mine, None, top.nodes, {**ctx, "variants": kept}, targets=[top.nodes])
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
            res.form = vp.selection.sentence() if vp.selection is not None else ""
        out.append(res)
    return out
