"""Weak-scaling efficiency against N0 (own and common baseline), projection, published points."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    baseline_series,
    baselines_text,
    color_of,
    comm_caption,
    comm_legend,
    comm_of,
    estimate_bars,
    log2_x,
    measured_scaling,
    pct,
    published_points,
)


def draw(a: Analysis) -> Rendered | Skipped:
    ss = measured_scaling(a, "weak", "weak_efficiency", "efficiency")
    if isinstance(ss, Skipped):
        return ss
    common = a.common.get("weak")
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    ax = fig.add_subplot()
    title = f"Weak-scaling efficiency: {a.title}\n{baselines_text(ss, common)}"
    data: dict = {"title": title, "x": "nodes", "y": "efficiency_percent", "series": []}
    xs: list[float] = []
    for s in ss:
        v, color = s.variant, color_of(a, s.variant.label)
        for kind, eff, style, face in (
            ("own", s.efficiency, "-", color),
            ("common", {} if s.is_common else s.common_efficiency, ":", "white"),
        ):
            if not eff:
                continue
            ws = sorted(eff)
            nodes = [v.point_at(w).nodes for w in ws]
            n0, base = baseline_series(s, kind)
            label = f"{v.label} ({base})"
            bars = estimate_bars(
                ax, eff, ws, nodes, 100.0, fmt=style, color=color, mfc=face, label=label
            )
            xs += nodes
            data["series"].append(
                {"label": label, "variant": v.label, "baseline": kind, "n0_nodes": n0, **bars}
            )
        vp = a.projection_of(v.label)
        pts = [p for p in vp.points if p.efficiency is not None] if vp else []
        if pts:
            # the dashed line starts at the measured anchor so it reads as a continuation
            anchor = s.efficiency.get(vp.anchor_nodes * v.ppn)
            px = ([vp.anchor_nodes] if anchor else []) + [p.nodes for p in pts]
            py = ([100 * anchor.value] if anchor else []) + pct(p.efficiency for p in pts)
            lab = f"{v.label}: projection (step-time model)"
            ax.plot(px, py, "--", color=color, alpha=0.8, label=lab)
            band = [p for p in pts if p.efficiency_pi is not None]
            if band:  # the 95% prediction interval (analysis._intervals)
                ax.fill_between(
                    [p.nodes for p in band],
                    [100 * p.efficiency_pi.lo for p in band],
                    [100 * p.efficiency_pi.hi for p in band],
                    color=color,
                    alpha=0.12,
                )
            xs += px
            data.setdefault("projection", []).append(
                {
                    "label": lab,
                    "x": px,
                    "y": py,
                    "interval_95": [p.efficiency_pi and p.efficiency_pi.as_dict() for p in pts],
                    **comm_of(vp),
                }
            )
    published_points(ax, a, "weak_efficiency", data, xs)
    log2_x(ax, xs, "nodes (log2)")
    ideal_x = [min(xs) / 1.3, max(xs) * 1.3]
    ax.plot(ideal_x, [100, 100], color="grey", lw=1, label="ideal (100%)")
    data["ideal"] = {"y": 100.0}
    ax.set_ylabel("weak-scaling efficiency (%)  T(N) / (N/N0 · T(N0))")
    ax.set_ylim(bottom=0, top=max(110, ax.get_ylim()[1]))
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    comm_legend(ax, a, data)
    ax.legend(fontsize=7, loc="lower left")
    caption = (
        "Efficiency of global tokens/s against N0, median over repeats with 95% bootstrap "
        "intervals; dotted: against the common dense baseline."
    ) + comm_caption(a, data)
    return Rendered("weak_efficiency", title, caption, fig, data)
