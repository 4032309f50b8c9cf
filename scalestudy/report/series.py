"""The numbers each figure draws, computed once from the variants (and the comm sweeps'
calibrations): medians per size, model lines, ratios, ceilings. The figures only draw them;
figures.json records them as drawn."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from scalestudy.cost_models import comm_fit
from scalestudy.formats.references import Reference
from scalestudy.report import projection
from scalestudy.report.load import CommResults
from scalestudy.report.scaling import Variant


# -- embedding-gradient accumulation size ----------------------------------------------------
@dataclass
class AccumulationSeries:
    variant: Variant
    hidden: int
    sparse: bool
    workers: list[int]
    measured: list[float]  # median logical bytes per rank per step at each size
    rows: list[float]  # median embedding-gradient rows per worker at each size
    formula_at_points: list[float] | None = None  # sparse: N·R·(4H+8) with each size's rows
    rows_mean: float | None = None  # R of the model line
    model_x: list[int] = field(default_factory=list)
    model_y: list[float] = field(default_factory=list)
    projection_x: list[int] = field(default_factory=list)  # formula beyond the measured sizes
    projection_y: list[float] = field(default_factory=list)
    ratio: dict | None = None  # x dense at the largest size drawn (workers, bytes, values)
    ratio_y: float | None = None  # where the ratio's annotation points


@dataclass
class DenseLine:
    vocab: int
    hidden: int
    x: list[int]
    y: float


@dataclass
class Accumulation:
    series: list[AccumulationSeries]
    dense: list[DenseLine]
    references: list[tuple[Reference, float]]  # (published ratio, its bytes on a dense line)
    wire: list[tuple[str, list[int], list[float]]]  # (variant, workers, sent bytes median)


def _completed(v: Variant) -> pd.DataFrame:
    r = v.rows
    return r[(r["status"] == "completed")]


def _rows_fn(mode: str, r_bar: float, measured: dict, batch, micro: int, vocab):
    """Rows per worker at N workers: constant under weak scaling; under strong scaling the
    measured rows where measured, else the formula's estimate for that share of the batch."""

    def rows_at(w: int) -> float:
        if mode != "strong":
            return r_bar
        if w in measured:
            return measured[w]
        return projection.formula_rows(int(vocab), int(batch // w), micro)

    return rows_at


def span(lo: int, hi: int) -> list[int]:
    """Powers of two from lo up to hi, and hi: the sizes a model line is drawn at."""
    out, n = [], max(int(lo), 1)
    while n < hi:
        out.append(n)
        n *= 2
    out.append(int(hi))
    return sorted(set(out))


def accumulation(
    variants: list[Variant], project_to: int | None, references: list[Reference]
) -> Accumulation | None:
    found = []
    for v in variants:
        d = _completed(v)
        d = d[d["logical_embedding_bytes_per_step"].notna()]
        if not d.empty and d["hidden_size"].notna().any():
            found.append((v, d))
    if not found:
        return None
    top_workers = max(int(w) for _, d in found for w in d["workers"])
    proj_workers = top_workers
    if project_to:
        proj_workers = max(top_workers, max(project_to * v.ppn for v, _ in found))
    out = Accumulation([], [], [], [])
    xs: list[float] = []
    dense_lines: dict[tuple, dict] = {}
    for v, d in found:
        h, vocab = int(d["hidden_size"].iloc[0]), d["vocab_size"].iloc[0]
        by_w = d.groupby("workers")
        ws = sorted(int(w) for w in by_w.groups)
        meas = [float(by_w.get_group(w)["logical_embedding_bytes_per_step"].median()) for w in ws]
        sparse = v.strategy.gathers_rows  # its bytes grow with N: the formula line in N
        rows = [float(by_w.get_group(w)["emb_grad_rows_per_worker"].median()) for w in ws]
        s = AccumulationSeries(v, h, sparse, ws, meas, rows)
        out.series.append(s)
        xs += ws
        if sparse:
            # the formula with each point's own measured rows: must equal the measurement
            s.formula_at_points = [
                projection.sparse_accumulation_bytes([r] * w, h)
                for w, r in zip(ws, rows, strict=True)
            ]
        if sparse and not any(math.isnan(r) for r in rows):
            # weak: rows per worker are constant in N; strong: they shrink with the share, so
            # the line uses each size's measured rows (the formula's estimate between them)
            s.rows_mean = r_bar = sum(rows) / len(rows)
            s.model_x = span(min(ws), top_workers)
            s.model_y = [projection.sparse_accumulation_bytes([r_bar] * w, h) for w in s.model_x]
            measured_rows = dict(zip(ws, rows, strict=True))
            batch = d["global_batch_tokens"].iloc[0]
            micro = int(d["micro_batches"].iloc[0]) if d["micro_batches"].notna().any() else 1
            rows_at = _rows_fn(v.mode, r_bar, measured_rows, batch, micro, vocab)
            if v.mode == "strong":
                s.model_x, s.model_y = ws, s.formula_at_points
            if proj_workers > top_workers:
                s.projection_x = span(top_workers, proj_workers)
                s.projection_y = [
                    projection.sparse_accumulation_bytes([rows_at(w)] * w, h)
                    for w in s.projection_x
                ]
                xs += s.projection_x
            if vocab == vocab:  # not NaN
                at = proj_workers
                s.ratio = {
                    "label": v.label,
                    "workers": at,
                    "ratio_bytes": projection.accumulation_ratio(at, rows_at(at), int(vocab), h),
                    "ratio_values": projection.values_ratio(at, rows_at(at), int(vocab)),
                    "projection": at > top_workers,
                }
                s.ratio_y = projection.sparse_accumulation_bytes([rows_at(at)] * at, h)
        if vocab == vocab:
            dense_lines[(int(vocab), h)] = {}
    for vocab, h in dense_lines:
        y = projection.dense_accumulation_bytes(vocab, h)
        out.dense.append(DenseLine(vocab, h, span(min(xs), max(xs)), y))
    for r in (r for r in references if r.metric == "accumulation_ratio" and r.plot):
        for line in out.dense:
            out.references.append((r, r.value * line.y))
    for v, d in found:
        dd = d[d["wire_sent_bytes_per_step_model"].fillna(0) > 0]
        if dd.empty:
            continue
        g = dd.groupby("workers")["wire_sent_bytes_per_step_model"].median()
        out.wire.append((v.label, [int(i) for i in g.index], [float(x) for x in g.values]))
    return out


# -- peak memory per process ------------------------------------------------------------------
@dataclass
class MemorySeries:
    variant: Variant
    nodes: list[int]
    rss: list[float]  # trainer peak RSS (max over ranks), median of repeats, per node count
    sacct_nodes: list[int] = field(default_factory=list)
    sacct: list[float] = field(default_factory=list)  # sacct MaxRSS of a node daemon, median


@dataclass
class Ceiling:
    node_memory_gb: float
    ppn: int
    bytes: float  # a node's memory shared by its processes


def memory(variants: list[Variant]) -> tuple[list[MemorySeries], list[Ceiling]]:
    found = []
    for v in variants:
        d = v.rows[v.rows["peak_rss_max"].fillna(0) > 0]
        if not d.empty:
            found.append((v, d))
    series = []
    for v, d in found:
        d = d[d["status"] == "completed"] if (d["status"] == "completed").any() else d
        g = d.groupby("nodes")["peak_rss_max"].median()
        m = MemorySeries(v, [int(i) for i in g.index], [float(b) for b in g.values])
        s = d[d["sacct_maxrss_per_node_daemon"].fillna(0) > 0]
        if not s.empty:
            gs = s.groupby("nodes")["sacct_maxrss_per_node_daemon"].median()
            m.sacct_nodes = [int(i) for i in gs.index]
            m.sacct = [float(b) for b in gs.values]
        series.append(m)
    shares = {}
    for v, _ in found:
        gb = v.rows["node_memory_gb"].dropna()
        if not gb.empty:
            shares[(float(gb.iloc[0]), v.ppn)] = float(gb.iloc[0]) * 1e9 / v.ppn
    return series, [Ceiling(gb, ppn, b) for (gb, ppn), b in shares.items()]


# -- communication calibration (workload: comm) ------------------------------------------------
@dataclass
class CommSeries:
    nodes: int
    workers: int
    ppn: int
    measured: dict  # x (bytes), y (median s), lo (p10), hi (p90): median over repeats
    fitted: bool  # part of the fit (else drawn hollow)
    not_fitted: str = ""  # why collect left it out of the fit
    model_s: list[float] | None = None  # the fitted model at the measured sizes
    curve_x: list[float] = field(default_factory=list)  # the fitted model as a smooth line
    curve_y: list[float] = field(default_factory=list)
    trainer_shapes: dict | None = None  # the trainer's own exchange shapes, measured


@dataclass
class CommPanel:
    collective: str
    fit: dict | None
    fit_text: str  # the fit's parameters, or why there is none
    series: list[CommSeries] = field(default_factory=list)


@dataclass
class CommCalibration:
    sweep: str
    cluster: str
    node_counts: list[int]
    panels: list[CommPanel]


def _comm_series(rows: pd.DataFrame) -> dict:
    """Median over repeats of each message size: the measured median, p10 and p90."""
    g = rows.groupby("bytes", sort=True)
    return {
        "x": [float(b) for b in g.groups],
        "y": [float(v) for v in g["median_s"].median()],
        "lo": [float(v) for v in g["p10_s"].median()],
        "hi": [float(v) for v in g["p90_s"].median()],
    }


def _not_fitted(rows: pd.DataFrame) -> str:
    """Why collect left these rows out of the fit ('' when it did not; older comm.csv files
    have no such column)."""
    if "not_fitted" not in rows:
        return ""
    reasons = sorted({str(r) for r in rows["not_fitted"] if isinstance(r, str) and r})
    return "; ".join(reasons)


def gbs(s_per_byte) -> str:
    """A local cost per byte as the rate it amounts to ('0' when none was fitted)."""
    return f"{1e-9 / s_per_byte:.3g} GB/s" if s_per_byte else "0"


def comm_calibration(comm: list[CommResults]) -> CommCalibration | str:
    """The first comm sweep's measurements and fitted model per collective and node count;
    a string says why there is nothing to draw."""
    comm = [c for c in comm if not c.table.empty]
    if not comm:
        return "no comm.csv beside the tables (a `workload: comm` sweep has one)"
    c = comm[0]  # one calibration per figure: the first comm sweep named
    done = c.table[c.table["status"] == "completed"]
    collectives = [k for k in comm_fit.COLLECTIVES if k in set(done["collective"])]
    if not collectives:
        return f"{c.sweep}: no completed collective timing in comm.csv"
    cluster = ", ".join(sorted({str(x) for x in done["cluster"]}))
    nodes_all = sorted({int(n) for n in done["nodes"]})
    out = CommCalibration(c.sweep, cluster, nodes_all, [])
    for coll in collectives:
        mine = done[done["collective"] == coll]
        fit = c.fit(coll)
        if fit is not None:
            text = (
                f"fit: overhead {projection.fmt_us(fit.get('overhead_s') or 0.0)} us/call, "
                f"local {gbs(fit.get('local_s_per_byte'))}, "
                f"alpha {projection.fmt_us(fit['alpha_s'])} us, "
                f"beta {fit['bandwidth_bytes_per_s'] / 1e9:.3g} GB/s, R^2 {fit['r2']:.2f}, "
                f"RMS residual {fit['rms_relative_residual']:.0%}"
            )
        else:
            text = "not fitted: " + (c.error(coll) or c.problem or "no calibration")
        panel = CommPanel(coll, fit, text)
        for n in nodes_all:
            at = mine[mine["nodes"] == n]
            if at.empty:
                continue
            workers, ppn = int(at["workers"].iloc[0]), int(at["ppn"].iloc[0])
            s = _comm_series(at[at["kind"] == "sweep"])
            crowded = _not_fitted(at)
            # one rank: no communication, its overhead and local copies (fitted as such);
            # several ranks on one node: shared memory, not the network (not fitted)
            fitted = (workers == 1 or n > 1) and not crowded
            cs = CommSeries(n, workers, ppn, s, fitted, crowded)
            if fit is not None and fitted and s["x"]:  # a sweep may list no sizes
                params = (
                    fit["alpha_s"],
                    fit["bandwidth_bytes_per_s"],
                    fit.get("overhead_s") or 0.0,
                    fit.get("local_s_per_byte") or 0.0,
                )
                cs.model_s = [comm_fit.model_s(coll, workers, ppn, x, *params) for x in s["x"]]
                grid = np.geomspace(min(s["x"]), max(s["x"]), 60)  # a smooth line
                cs.curve_x = list(grid)
                cs.curve_y = [comm_fit.model_s(coll, workers, ppn, x, *params) for x in grid]
            trainer = at[at["kind"] == "trainer"]
            if not trainer.empty:
                cs.trainer_shapes = _comm_series(trainer)
            panel.series.append(cs)
        out.panels.append(panel)
    return out
