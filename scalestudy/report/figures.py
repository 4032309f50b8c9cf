"""The report's figures (matplotlib, no pyplot: Figure objects, Agg canvas, no global state).

Each function takes the Analysis and returns a Rendered figure (the Figure, a title, a caption
and `data`: exactly the series it plotted, JSON-able, so tests compare them with the table) or
a Skipped one with the reason. Conventions: measured series solid with 95% bootstrap intervals
over repeats; "vs common baseline" dotted with hollow markers; projection dashed and labelled
"projection"; published numbers as stars labelled "published ... (context)"; ideal lines grey.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, NullLocator

from scalestudy.report import projection
from scalestudy.report.analysis import Analysis, Scaling, VariantProjection
from scalestudy.report.scaling import Variant

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
ORDER = ("weak_efficiency", "strong_scaling", "throughput", "accumulation", "memory", "loss_lr")


@dataclass
class Rendered:
    name: str
    title: str
    caption: str
    fig: Figure
    data: dict = field(default_factory=dict)


@dataclass
class Skipped:
    name: str
    reason: str


def _color(a: Analysis, label: str) -> str:
    labels = [v.label for v in a.variants]
    return COLORS[labels.index(label) % len(COLORS)] if label in labels else "black"


def _log2_x(ax, xs: list[float], label: str) -> None:
    ax.set_xscale("log", base=2)
    ticks: list[int] = []
    for t in sorted({int(x) for x in xs if x and x > 0}):
        if ticks and t / ticks[-1] < 1.35:  # labels would overlap (e.g. 256 and 300): keep t
            ticks.pop()
        ticks.append(t)
    if ticks:
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([str(t) for t in ticks])
        lo, hi = min(xs), max(xs)
        ax.set_xlim(lo / 1.3, hi * 1.3)
    ax.set_xlabel(label)


def _pct(values) -> list[float]:
    return [100.0 * v for v in values]


def _err(values, lo, hi) -> list[list[float]]:
    return [
        [v - lo_ for v, lo_ in zip(values, lo, strict=True)],
        [hi_ - v for v, hi_ in zip(values, hi, strict=True)],
    ]


def _projection_of(a: Analysis, label: str) -> VariantProjection | None:
    return next((p for p in a.projections if p.variant.label == label), None)


def _comm_of(vp: VariantProjection | None) -> dict:
    """What a step-time projection line says about its communication model (figures.json)."""
    if vp is None or vp.comm is None:
        return {}
    return {"comm_model": vp.comm.description, "comm_fitted": vp.comm.fitted}


def _comm_models_drawn(a: Analysis, data: dict) -> list:
    said = {p.get("comm_model") for p in data.get("projection", [])}
    return [m for m in a.comm_models if m.description in said]


def _comm_legend(ax, a: Analysis, data: dict) -> None:
    """A legend line naming the communication model of the dashed step-time projection:
    fitted (and from which comm sweep) or the profile's nominal figures."""
    for m in _comm_models_drawn(a, data):
        label = f"dashed: {m.short}"
        ax.plot([], [], " ", label=label)
        if label not in data.setdefault("comm_legend", []):
            data["comm_legend"].append(label)


def _comm_caption(a: Analysis, data: dict) -> str:
    return "".join(f" Dashed projection: {m.description}." for m in _comm_models_drawn(a, data))


def _baselines_text(ss: list[Scaling], common: Variant | None) -> str:
    n0 = sorted({s.n0_nodes for s in ss})
    text = "N0 = " + "/".join(str(n) for n in n0) + " node(s) (own)"
    if common is not None:
        text += f"; common baseline: {common.label} at N0 = {common.n0.nodes} node(s)"
    return text


def weak_efficiency(a: Analysis) -> Rendered | Skipped:
    ss = a.scaling.get("weak")
    if not ss:
        return Skipped("weak_efficiency", "no weak-scaling points in the table")
    if not any(s.efficiency for s in ss):
        why = "; ".join(s.error for s in ss if s.error) or "no completed repeats"
        return Skipped("weak_efficiency", f"no efficiency can be computed: {why}")
    common = a.common.get("weak")
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    ax = fig.add_subplot()
    title = f"Weak-scaling efficiency: {a.title}\n{_baselines_text(ss, common)}"
    data: dict = {"title": title, "x": "nodes", "y": "efficiency_percent", "series": []}
    xs: list[float] = []
    for s in ss:
        v, color = s.variant, _color(a, s.variant.label)
        for kind, eff, style, face in (
            ("own", s.efficiency, "-", color),
            ("common", {} if s.is_common else s.common_efficiency, ":", "white"),
        ):
            if not eff:
                continue
            ws = sorted(eff)
            nodes = [v.point_at(w).nodes for w in ws]
            val = [eff[w].value for w in ws]
            lo, hi = [eff[w].lo for w in ws], [eff[w].hi for w in ws]
            n0 = s.n0_nodes if kind == "own" else s.common_n0_nodes
            base = f"own N0={n0}" if kind == "own" else f"vs {s.common_label} N0={n0}"
            label = f"{v.label} ({base})"
            ax.errorbar(
                nodes,
                _pct(val),
                yerr=_err(_pct(val), _pct(lo), _pct(hi)),
                fmt=style,
                marker="o",
                color=color,
                mfc=face,
                capsize=3,
                label=label,
            )
            xs += nodes
            data["series"].append(
                {
                    "label": label,
                    "variant": v.label,
                    "baseline": kind,
                    "n0_nodes": n0,
                    "x": nodes,
                    "workers": ws,
                    "y": _pct(val),
                    "lo": _pct(lo),
                    "hi": _pct(hi),
                }
            )
        vp = _projection_of(a, v.label)
        pts = [p for p in vp.points if p.efficiency is not None] if vp else []
        if pts:
            # the dashed line starts at the measured anchor so it reads as a continuation
            anchor = s.efficiency.get(vp.anchor_nodes * v.ppn)
            px = ([vp.anchor_nodes] if anchor else []) + [p.nodes for p in pts]
            py = ([100 * anchor.value] if anchor else []) + _pct(p.efficiency for p in pts)
            lab = f"{v.label}: projection (step-time model)"
            ax.plot(px, py, "--", color=color, alpha=0.8, label=lab)
            xs += px
            data.setdefault("projection", []).append(
                {"label": lab, "x": px, "y": py, **_comm_of(vp)}
            )
    refs = [r for r in a.references if r.metric == "weak_efficiency" and r.plot]
    for r in refs:
        ax.plot(
            [r.nodes],
            [100 * r.value],
            marker="*",
            ms=15,
            color="black",
            ls="none",
            label=f"{r.label}: {r.describe()}",
        )
        xs.append(r.nodes)
        data.setdefault("references", []).append(
            {"label": r.label, "x": r.nodes, "y": 100 * r.value}
        )
    _log2_x(ax, xs, "nodes (log2)")
    ideal_x = [min(xs) / 1.3, max(xs) * 1.3]
    ax.plot(ideal_x, [100, 100], color="grey", lw=1, label="ideal (100%)")
    data["ideal"] = {"y": 100.0}
    ax.set_ylabel("weak-scaling efficiency (%)  T(N) / (N/N0 · T(N0))")
    ax.set_ylim(bottom=0, top=max(110, ax.get_ylim()[1]))
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    _comm_legend(ax, a, data)
    ax.legend(fontsize=7, loc="lower left")
    caption = (
        "Efficiency of global tokens/s against N0, median over repeats with 95% bootstrap "
        "intervals; dotted: against the common dense baseline."
    ) + _comm_caption(a, data)
    return Rendered("weak_efficiency", title, caption, fig, data)


def strong_scaling(a: Analysis) -> Rendered | Skipped:
    ss = a.scaling.get("strong")
    if not ss:
        return Skipped("strong_scaling", "no strong-scaling points in the table")
    if not any(s.speedup for s in ss):
        why = "; ".join(s.error for s in ss if s.error) or "no completed repeats"
        return Skipped("strong_scaling", f"no speedup can be computed: {why}")
    common = a.common.get("strong")
    fig = Figure(figsize=(11, 4.8), layout="constrained")
    ax_s, ax_e = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    title = f"Strong scaling: {a.title}; {_baselines_text(ss, common)}"
    data: dict = {"title": title, "x": "nodes", "speedup": [], "efficiency": [], "ideal": []}
    xs: list[float] = []
    for s in ss:
        v, color = s.variant, _color(a, s.variant.label)
        for kind, sp, eff, style, face in (
            ("own", s.speedup, s.efficiency, "-", color),
            ("common", {} if s.is_common else s.common_speedup, s.common_efficiency, ":", "white"),
        ):
            if not sp:
                continue
            ws = sorted(sp)
            nodes = [v.point_at(w).nodes for w in ws]
            n0 = s.n0_nodes if kind == "own" else s.common_n0_nodes
            base = f"own N0={n0}" if kind == "own" else f"vs {s.common_label} N0={n0}"
            label = f"{v.label} ({base})"
            for ax, est, key, scale in (
                (ax_s, sp, "speedup", 1.0),
                (ax_e, eff, "efficiency", 100.0),
            ):
                val = [scale * est[w].value for w in ws]
                lo, hi = [scale * est[w].lo for w in ws], [scale * est[w].hi for w in ws]
                ax.errorbar(
                    nodes,
                    val,
                    yerr=_err(val, lo, hi),
                    fmt=style,
                    marker="o",
                    color=color,
                    mfc=face,
                    capsize=3,
                    label=label,
                )
                data[key].append(
                    {
                        "label": label,
                        "variant": v.label,
                        "baseline": kind,
                        "n0_nodes": n0,
                        "x": nodes,
                        "workers": ws,
                        "y": val,
                        "lo": lo,
                        "hi": hi,
                    }
                )
            xs += nodes
        if s.speedup:
            ws = sorted(s.speedup)
            nodes = [v.point_at(w).nodes for w in ws]
            data["ideal"].append(
                {"variant": v.label, "x": nodes, "y": [w / s.n0_workers for w in ws]}
            )
        vp = _projection_of(a, v.label)
        pts = [p for p in vp.points if p.speedup is not None] if vp else []
        if pts:
            lab = f"{v.label}: projection (step-time model)"
            # drawn from the measured anchor on, so it reads as a continuation
            anchor = vp.anchor_nodes * v.ppn
            ax_ = [vp.anchor_nodes] if anchor in s.speedup else []
            sp_ = [s.speedup[anchor].value] if ax_ else []
            ef_ = [100 * s.efficiency[anchor].value] if ax_ else []
            px = [p.nodes for p in pts]
            ax_s.plot(ax_ + px, sp_ + [p.speedup for p in pts], "--", color=color, label=lab)
            ax_e.plot(ax_ + px, ef_ + _pct(p.efficiency for p in pts), "--", color=color, label=lab)
            xs += px
            data.setdefault("projection", []).append(
                {
                    "label": lab,
                    "x": px,
                    "speedup": [p.speedup for p in pts],
                    "efficiency": _pct(p.efficiency for p in pts),
                    **_comm_of(vp),
                }
            )
    for r in (r for r in a.references if r.metric == "strong_efficiency" and r.plot):
        ax_e.plot(
            [r.nodes],
            [100 * r.value],
            marker="*",
            ms=15,
            color="black",
            ls="none",
            label=f"{r.label}: {r.describe()}",
        )
        xs.append(r.nodes)
        data.setdefault("references", []).append(
            {"label": r.label, "x": r.nodes, "y": 100 * r.value}
        )
    own = [x for x in ss if x.speedup]
    if own:  # the ideal over the whole axis, from the smallest N0 drawn
        s0 = min(own, key=lambda x: x.n0_workers)
        top = max(xs) * s0.variant.ppn
        ix = [s0.n0_nodes, max(xs)]
        ax_s.plot(
            ix,
            [1.0, top / s0.n0_workers],
            color="grey",
            lw=1,
            label=f"ideal N/N0 (N0={s0.n0_nodes})",
        )
    _comm_legend(ax_s, a, data)
    for ax in (ax_s, ax_e):
        _log2_x(ax, xs, "nodes (log2)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=1)
    ax_s.set_ylabel("speedup t(N0) / t(N)  (time per step)")
    ax_s.set_yscale("log", base=2)
    ax_e.set_ylabel("strong-scaling efficiency (%)  speedup · N0/N")
    ax_e.axhline(100, color="grey", lw=1)
    ax_e.set_ylim(bottom=0, top=max(110, ax_e.get_ylim()[1]))
    fig.suptitle(title, fontsize=10)
    caption = (
        "Speedup and efficiency from the time per step, median over repeats with 95% "
        "bootstrap intervals; grey: ideal."
    ) + _comm_caption(a, data)
    return Rendered("strong_scaling", title, caption, fig, data)


def throughput(a: Analysis) -> Rendered | Skipped:
    measured = [v for v in a.variants if any(p.throughput for p in v.points)]
    if not measured:
        return Skipped("throughput", "no completed point with a throughput measurement")
    modes = sorted({v.mode for v in measured}, key=["weak", "strong"].index)
    fig = Figure(figsize=(6.5 * len(modes) + 1.5, 5), layout="constrained")
    bases = [
        f"ideal ({m}) from {c.label} at N0 = {c.n0.nodes} node(s)"
        for m, c in a.common.items()
        if c is not None
    ]
    title = f"Global throughput: {a.title}" + (f"; {'; '.join(bases)}" if bases else "")
    data: dict = {"title": title, "x": "nodes", "y": "tokens_per_s", "series": [], "ideal": []}
    for i, mode in enumerate(modes):
        ax = fig.add_subplot(1, len(modes), i + 1)
        xs: list[float] = []
        for v in (v for v in measured if v.mode == mode):
            color = _color(a, v.label)
            pts = [p for p in v.points if p.throughput]
            x = [p.nodes for p in pts]
            y = [p.throughput.value for p in pts]
            lo, hi = [p.throughput.lo for p in pts], [p.throughput.hi for p in pts]
            ax.errorbar(
                x,
                y,
                yerr=_err(y, lo, hi),
                fmt="-o",
                color=color,
                capsize=3,
                label=f"{v.label} (median of repeats)",
            )
            xs += x
            data["series"].append(
                {
                    "label": v.label,
                    "mode": mode,
                    "x": x,
                    "workers": [p.workers for p in pts],
                    "y": y,
                    "lo": lo,
                    "hi": hi,
                    "n": [p.throughput.n for p in pts],
                }
            )
            vp = _projection_of(a, v.label)
            if vp is not None:
                pp = [p for p in vp.points if p.tokens_per_s]
                if pp:
                    px = [pts[-1].nodes] + [p.nodes for p in pp]
                    py = [pts[-1].throughput.value] + [p.tokens_per_s for p in pp]
                    ax.plot(px, py, "--", color=color, label=f"{v.label}: projection")
                    xs += px
                    data.setdefault("projection", []).append(
                        {"label": f"{v.label}: projection", "x": px, "y": py, **_comm_of(vp)}
                    )
        ref = a.common.get(mode)
        if ref is not None and ref.n0.throughput is not None:
            p0 = ref.n0
            top = max(xs)
            ix = [p0.nodes, top]
            iy = [p0.throughput.value, p0.throughput.value * (top * ref.ppn) / p0.workers]
            ax.plot(
                ix, iy, color="grey", lw=1, label=f"ideal: linear from {ref.label} at N0={p0.nodes}"
            )
            data["ideal"].append({"mode": mode, "variant": ref.label, "x": ix, "y": iy})
        _log2_x(ax, xs, "nodes (log2)")
        ax.set_yscale("log")
        ax.set_ylabel("global throughput (non-padding tokens/s)")
        ax.set_title(f"{mode} scaling", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        _comm_legend(ax, a, data)
        ax.legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Measured global tokens/s over the timed steps (sum over ranks / window time), "
        "median over repeats with 95% bootstrap intervals; failed and diverged runs "
        "are not plotted."
    ) + _comm_caption(a, data)
    return Rendered("throughput", title, caption, fig, data)


def _done(v: Variant):
    r = v.rows
    return r[(r["status"] == "completed")]


def accumulation(a: Analysis) -> Rendered | Skipped:
    series = []
    for v in a.variants:
        d = _done(v)
        d = d[d["logical_embedding_bytes_per_step"].notna()]
        if not d.empty and d["hidden_size"].notna().any():
            series.append((v, d))
    if not series:
        return Skipped(
            "accumulation",
            "the table has no embedding-gradient bytes "
            "(logical_embedding_bytes_per_step) or model sizes for completed points",
        )
    fig = Figure(figsize=(12, 5.2), layout="constrained")
    has_wire = any(d["wire_sent_bytes_per_step_model"].fillna(0).gt(0).any() for _, d in series)
    ax = fig.add_subplot(1, 2 if has_wire else 1, 1)
    title = f"Embedding-gradient accumulation size per rank per step: {a.title}"
    data: dict = {
        "title": title,
        "x": "workers",
        "y": "bytes",
        "measured": [],
        "model": [],
        "ratios": [],
    }
    xs: list[float] = []
    dense_lines: dict[tuple, dict] = {}
    top_workers = max(int(w) for _, d in series for w in d["workers"])
    proj_workers = top_workers
    if a.project_to:
        proj_workers = max(top_workers, max(a.project_to * v.ppn for v, _ in series))
    for v, d in series:
        color = _color(a, v.label)
        h, vocab = int(d["hidden_size"].iloc[0]), d["vocab_size"].iloc[0]
        by_w = d.groupby("workers")
        ws = sorted(int(w) for w in by_w.groups)
        meas = [float(by_w.get_group(w)["logical_embedding_bytes_per_step"].median()) for w in ws]
        sparse = not v.dense
        rows = [float(by_w.get_group(w)["emb_grad_rows_per_worker"].median()) for w in ws]
        entry = {"label": v.label, "sparse": sparse, "x": ws, "y": meas}
        if sparse:
            # the formula with each point's own measured rows: must equal the measurement
            entry["rows_per_worker"] = rows
            entry["formula_at_points"] = [
                projection.sparse_accumulation_bytes([r] * w, h)
                for w, r in zip(ws, rows, strict=True)
            ]
        data["measured"].append(entry)
        ax.plot(ws, meas, "o", ms=8, color=color, label=f"{v.label}: measured (median)")
        xs += ws
        if sparse and not any(math.isnan(r) for r in rows):
            # weak: rows per worker are constant in N; strong: they shrink with the share, so
            # the line uses each size's measured rows (the formula's estimate between them)
            r_bar = sum(rows) / len(rows)
            line_x = _span(min(ws), top_workers)
            line_y = [projection.sparse_accumulation_bytes([r_bar] * w, h) for w in line_x]
            measured_rows = dict(zip(ws, rows, strict=True))
            batch = d["global_batch_tokens"].iloc[0]
            micro = int(d["micro_batches"].iloc[0]) if d["micro_batches"].notna().any() else 1

            rows_at = _rows_fn(v.mode, r_bar, measured_rows, batch, micro, vocab)

            if v.mode == "strong":
                line_x = ws
                line_y = entry["formula_at_points"]
            ax.plot(
                line_x,
                line_y,
                "-",
                color=color,
                lw=1.2,
                label=f"{v.label}: model N·R·(4H+8), R={r_bar:,.0f} rows",
            )
            data["model"].append(
                {
                    "label": v.label,
                    "kind": "sparse",
                    "rows_per_worker": r_bar,
                    "hidden": h,
                    "x": line_x,
                    "y": line_y,
                }
            )
            if proj_workers > top_workers:
                px = _span(top_workers, proj_workers)
                py = [projection.sparse_accumulation_bytes([rows_at(w)] * w, h) for w in px]
                ax.plot(px, py, "--", color=color, lw=1.2, label=f"{v.label}: projection (formula)")
                data["model"].append(
                    {"label": v.label, "kind": "sparse-projection", "x": px, "y": py}
                )
                xs += px
            if vocab == vocab:  # not NaN
                at = proj_workers
                ratio = projection.accumulation_ratio(at, rows_at(at), int(vocab), h)
                vr = projection.values_ratio(at, rows_at(at), int(vocab))
                y_at = projection.sparse_accumulation_bytes([rows_at(at)] * at, h)
                proj = " (projection)" if at > top_workers else ""
                ax.annotate(
                    f"{ratio:.1f}x dense at {at} workers{proj}\n(values only {vr:.1f}x)",
                    xy=(at, y_at),
                    xytext=(-14, -48),
                    textcoords="offset points",
                    ha="right",
                    fontsize=8,
                    color=color,
                    arrowprops={"arrowstyle": "->", "color": color},
                )
                data["ratios"].append(
                    {
                        "label": v.label,
                        "workers": at,
                        "ratio_bytes": ratio,
                        "ratio_values": vr,
                        "projection": bool(proj),
                    }
                )
        if vocab == vocab:
            dense_lines[(int(vocab), h)] = {}
    for vocab, h in dense_lines:
        y = projection.dense_accumulation_bytes(vocab, h)
        lx = _span(min(xs), max(xs))
        ax.plot(
            lx,
            [y] * len(lx),
            "-",
            color="grey",
            lw=1.2,
            label=f"model dense 4VH (V={vocab:,}, H={h}) = {y / 2**20:,.2f} MiB",
        )
        data["model"].append(
            {"kind": "dense", "vocab": vocab, "hidden": h, "x": lx, "y": [y] * len(lx)}
        )
    for r in (r for r in a.references if r.metric == "accumulation_ratio" and r.plot):
        for vocab, h in dense_lines:
            ry = r.value * projection.dense_accumulation_bytes(vocab, h)
            ax.plot(
                [r.processes],
                [ry],
                marker="*",
                ms=15,
                color="black",
                ls="none",
                label=f"{r.label}: {r.value:g}x dense",
            )
            data.setdefault("references", []).append(
                {"label": r.label, "x": r.processes, "y": ry, "ratio": r.value}
            )
            xs.append(r.processes)
    _log2_x(ax, xs, "workers N (log2)")
    ax.set_yscale("log")
    ax.set_ylabel("logical accumulation size per rank per step (bytes)")
    ax.set_title("logical size (what each rank holds after the exchange)", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    if has_wire:
        ax2 = fig.add_subplot(1, 2, 2)
        wx: list[float] = []
        data["wire"] = []
        for v, d in series:
            dd = d[d["wire_sent_bytes_per_step_model"].fillna(0) > 0]
            if dd.empty:
                continue
            g = dd.groupby("workers")["wire_sent_bytes_per_step_model"].median()
            ax2.plot(
                list(g.index),
                list(g.values),
                "-s",
                color=_color(a, v.label),
                label=f"{v.label}: sent per rank per step",
            )
            wx += list(g.index)
            data["wire"].append(
                {
                    "label": v.label,
                    "x": [int(i) for i in g.index],
                    "y": [float(x) for x in g.values],
                }
            )
        _log2_x(ax2, wx, "workers N (log2)")
        ax2.set_yscale("log")
        ax2.set_ylabel("wire bytes sent per rank per step")
        ax2.set_title(
            "wire bytes (ring-algorithm model of the real tensors; all gradients)", fontsize=9
        )
        ax2.grid(True, which="both", alpha=0.3)
        ax2.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Logical size of the embedding gradient each rank holds after the exchange "
        "(sparse: allgather of N x R rows of 4H+8 bytes; dense: allreduce of 4VH), "
        "measured from the tensors handed to Horovod, beside the formula."
    )
    return Rendered("accumulation", title, caption, fig, data)


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


def _span(lo: int, hi: int) -> list[int]:
    out, n = [], max(int(lo), 1)
    while n < hi:
        out.append(n)
        n *= 2
    out.append(int(hi))
    return sorted(set(out))


def memory(a: Analysis) -> Rendered | Skipped:
    series = []
    for v in a.variants:
        d = v.rows[v.rows["peak_rss_max"].fillna(0) > 0]
        if not d.empty:
            series.append((v, d))
    if not series:
        return Skipped("memory", "the table has no peak RSS (peak_rss_max)")
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    ax = fig.add_subplot()
    title = f"Peak memory per process: {a.title}"
    data: dict = {"title": title, "x": "nodes", "y": "bytes", "series": [], "ceiling": []}
    xs: list[float] = []
    gib = 2**30
    for v, d in series:
        color = _color(a, v.label)
        d = d[d["status"] == "completed"] if (d["status"] == "completed").any() else d
        g = d.groupby("nodes")["peak_rss_max"].median()
        x, y = [int(i) for i in g.index], [float(b) for b in g.values]
        ax.plot(
            x,
            [b / gib for b in y],
            "-o",
            color=color,
            label=f"{v.label}: trainer peak RSS (max over ranks, median of repeats)",
        )
        data["series"].append({"label": v.label, "kind": "trainer_rss", "x": x, "y": y})
        xs += x
        s = d[d["sacct_maxrss_per_node_daemon"].fillna(0) > 0]
        if not s.empty:
            gs = s.groupby("nodes")["sacct_maxrss_per_node_daemon"].median()
            ax.plot(
                list(gs.index),
                [b / gib for b in gs.values],
                "^",
                color=color,
                mfc="white",
                label=f"{v.label}: sacct MaxRSS (per node daemon)",
            )
            data["series"].append(
                {
                    "label": v.label,
                    "kind": "sacct_per_node_daemon",
                    "x": [int(i) for i in gs.index],
                    "y": [float(b) for b in gs.values],
                }
            )
        vp = _projection_of(a, v.label)
        if vp is not None:
            pp = [p for p in vp.points if p.rank_bytes]
            if pp:
                px = [x[-1]] + [p.nodes for p in pp]
                py = [y[-1]] + [p.rank_bytes for p in pp]
                ax.plot(
                    px,
                    [b / gib for b in py],
                    "--",
                    color=color,
                    label=f"{v.label}: projection (measured + memory model)",
                )
                oom = [p for p in pp if p.oom]
                if oom:
                    ax.plot(
                        [p.nodes for p in oom],
                        [p.rank_bytes / gib for p in oom],
                        "X",
                        ms=10,
                        color="red",
                        ls="none",
                        label=f"{v.label}: predicted OOM (projection)",
                    )
                xs += px
                data.setdefault("projection", []).append(
                    {"label": v.label, "x": px, "y": py, "oom_nodes": [p.nodes for p in oom]}
                )
    shares = {}
    for v, _ in series:
        gb = v.rows["node_memory_gb"].dropna()
        if not gb.empty:
            shares[(float(gb.iloc[0]), v.ppn)] = float(gb.iloc[0]) * 1e9 / v.ppn
    for (gb, ppn), ceiling in shares.items():
        lab = (
            f"node memory {gb:g} GB (ceiling)"
            if ppn == 1
            else f"node memory {gb:g} GB / {ppn} processes per node (ceiling)"
        )
        ax.axhline(ceiling / gib, color="black", lw=1.5, ls="-.", label=lab)
        data["ceiling"].append({"node_memory_gb": gb, "ppn": ppn, "y": ceiling})
    _log2_x(ax, xs, "nodes (log2)")
    ax.set_yscale("log")
    ax.set_ylabel("peak memory per process (GiB)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    caption = (
        "Trainer peak RSS per process (the largest over a point's ranks); Slurm's MaxRSS "
        "of a step is a node daemon's (all the ranks it started), drawn apart."
    )
    return Rendered("memory", title, caption, fig, data)


def loss_lr(a: Analysis) -> Rendered | Skipped:
    runs = [r for r in a.runs.values() if r.steps]
    if not runs:
        return Skipped(
            "loss_lr",
            "no step logs found next to the table (a copied table has "
            "none): loss and learning-rate curves need logs/rank00000.jsonl",
        )
    label_of = {}
    for v in a.variants:
        for pid in v.rows["point_id"]:
            label_of[str(pid)] = (v.label, v.rows[v.rows["point_id"] == pid]["nodes"].iloc[0])
    fig = Figure(figsize=(12, 5), layout="constrained")
    ax, ax_lr = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    title = f"Loss and learning rate per step: {a.title}"
    data: dict = {"title": title, "loss": [], "lr": [], "diverged": []}
    schedules: dict[tuple, list] = {}
    for r in sorted(runs, key=lambda r: r.point_id):
        label, nodes = label_of.get(r.point_id, ("?", 0))
        color = _color(a, label)
        diverged = r.status == "diverged"
        style = "-" if r.status == "completed" else ":"
        ax.plot(
            r.steps,
            r.loss,
            style,
            color=color,
            lw=1,
            alpha=0.8,
            label=f"{label}, {int(nodes)} node(s) [{r.point_id[-2:]}]"
            + ("" if r.status == "completed" else f" ({r.status})"),
        )
        data["loss"].append(
            {
                "point_id": r.point_id,
                "variant": label,
                "status": r.status,
                "x": r.steps,
                "y": r.loss,
            }
        )
        if diverged:
            # mark the last finite loss: a non-finite one (the usual end) cannot be drawn
            finite = [k for k, x in enumerate(r.loss) if math.isfinite(x)]
            k = finite[-1] if finite else 0
            y = r.loss[k] if finite else 0.0
            ax.plot([r.steps[k]], [y], "X", ms=12, color="red")
            ax.annotate(
                f"diverged: {r.point_id} (step {r.steps[-1]})",
                (r.steps[k], y),
                fontsize=7,
                color="red",
                xytext=(4, 4),
                textcoords="offset points",
            )
            data["diverged"].append(
                {
                    "point_id": r.point_id,
                    "step": r.steps[-1],
                    "marked_at": r.steps[k],
                    "reason": r.reason,
                }
            )
        # runs given the same rates share one line: the schedule, not 8 copies of it
        pts = tuple((st, lr) for st, lr in zip(r.steps, r.lr, strict=True) if lr is not None)
        if pts:
            schedules.setdefault(pts, []).append((label, r))
    for pts, members in schedules.items():
        variants_ = sorted({m[0] for m in members})
        color = _color(a, variants_[0]) if len(variants_) == 1 else "black"
        counts = ", ".join(f"{v} x{sum(m[0] == v for m in members)}" for v in variants_)
        stopped = [m[1].point_id for m in members if m[1].status != "completed"]
        lab = f"{len(members)} run(s): {counts}" + (
            f" ({', '.join(stopped)} stopped)" if stopped else ""
        )
        ax_lr.plot([p[0] for p in pts], [p[1] for p in pts], "-", color=color, label=lab)
        data["lr"].append(
            {
                "runs": [m[1].point_id for m in members],
                "x": [p[0] for p in pts],
                "y": [p[1] for p in pts],
            }
        )
    ax.set_xlabel("step")
    ax.set_ylabel("training loss (cross-entropy, nats per target token, mean over ranks)")
    ax.set_title("loss per step; diverged runs marked X", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=6)
    ax_lr.set_xlabel("step")
    ax_lr.set_ylabel("learning rate applied")
    ax_lr.set_title("learning-rate schedule actually applied (from the step logs)", fontsize=9)
    ax_lr.grid(True, alpha=0.3)
    ax_lr.legend(fontsize=7)
    ax_lr.ticklabel_format(axis="y", style="sci", scilimits=(0, 0))
    fig.suptitle(title, fontsize=10)
    caption = (
        "Loss per step from rank 0's log (the average over ranks) for every run; the "
        "learning rate the optimizer was given at each step."
    )
    return Rendered("loss_lr", title, caption, fig, data)


def paired(a: Analysis) -> Rendered | Skipped:
    """Variant B / variant A inside the same allocations (schedule: bundled)."""
    from scalestudy.report import paired as paired_mod

    ratios = paired_mod.of(a)
    if not ratios:
        return Skipped(
            "paired",
            "no variants measured inside the same allocations (schedule: bundled)",
        )
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    ax = fig.add_subplot()
    title = f"Paired throughput ratio inside each allocation: {a.title}"
    data: dict = {"title": title, "x": "nodes", "y": "ratio", "series": []}
    xs: list[float] = []
    for key in sorted({(r.variant, r.baseline) for r in ratios}):
        rs = sorted((r for r in ratios if (r.variant, r.baseline) == key), key=lambda r: r.nodes)
        color = _color(a, key[0])
        nodes = [r.nodes for r in rs]
        val = [r.estimate.value for r in rs]
        lo, hi = [r.estimate.lo for r in rs], [r.estimate.hi for r in rs]
        label = f"{key[0]} / {key[1]} (median over allocations, 95% CI)"
        ax.errorbar(nodes, val, yerr=_err(val, lo, hi), fmt="-o", color=color, capsize=3,
                    label=label)  # fmt: skip
        for r in rs:  # every allocation's own ratio, so the spread between them shows
            ys = list(r.per_allocation.values())
            ax.plot([r.nodes] * len(ys), ys, "x", color=color, alpha=0.6, ms=7)
        xs += nodes
        data["series"].append(
            {
                "label": label,
                "x": nodes,
                "y": val,
                "lo": lo,
                "hi": hi,
                "per_allocation": [r.per_allocation for r in rs],
            }
        )
    _log2_x(ax, xs, "nodes (log2)")
    ax.axhline(1.0, color="grey", lw=1, label="equal throughput")
    ax.set_ylabel("tokens/s of variant / tokens/s of baseline\n(same allocation)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.plot([], [], "x", color="grey", label="one allocation")
    ax.legend(fontsize=7, loc="best")
    n_alloc = max(r.estimate.n for r in ratios)
    caption = (
        f"Within-allocation ratios of global tokens/s (variants interleaved in a random, "
        f"recorded order on the same nodes); crosses: each of {n_alloc} allocation(s); interval "
        "from a two-level bootstrap (allocations, then repeats)."
    )
    return Rendered("paired", title, caption, fig, data)


ALL = (weak_efficiency, strong_scaling, throughput, accumulation, memory, loss_lr, paired)


def render_all(a: Analysis) -> list[Rendered | Skipped]:
    from scalestudy.report import comm  # its module imports this one's Rendered/Skipped

    figs = [f(a) for f in ALL]
    # the comm figure belongs to comm sweeps only: a trainer report does not list it skipped
    return [*figs, comm.figure(a)] if a.comm else figs


def save(r: Rendered, out: Path) -> dict[str, Path]:
    png, svg = out / f"{r.name}.png", out / f"{r.name}.svg"
    r.fig.savefig(png, dpi=110, metadata={"Software": None})
    r.fig.savefig(svg, metadata={"Date": None})  # no timestamp: the same data, the same file
    return {"png": png, "svg": svg}
