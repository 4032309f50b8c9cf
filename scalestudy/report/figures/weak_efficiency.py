"""Weak-scaling efficiency against N0 (own and common baseline), projection, published points."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis, Scaling
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    baselines_text,
    color_of,
    comm_caption,
    comm_legend,
    comm_of,
    log2_x,
    measured_scaling,
    measured_series,
    pct,
    prediction_band,
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
        color = color_of(a, s.variant.label)
        for m in measured_series(s, color, s.efficiency, s.common_efficiency):
            eff = s.efficiency if m.kind == "own" else s.common_efficiency
            record = m.draw(ax, eff, 100.0)
            xs += m.nodes
            data["series"].append(record)
        xs += _projection(a, s, color, ax, data)
    published_points(ax, a, "weak_efficiency", data, xs)
    _label_axes(ax, xs, title, a, data)
    caption = (
        "Efficiency of global tokens/s against N0, median over repeats with 95% bootstrap "
        "intervals; dotted: against the common dense baseline."
    ) + comm_caption(a, data)
    return Rendered("weak_efficiency", title, caption, fig, data)


def _projection(a: Analysis, s: Scaling, color: str, ax, data: dict) -> list[float]:
    """The projected efficiency, dashed from the measured anchor on, with its 95% prediction
    band; returns the nodes drawn."""
    v = s.variant
    vp = a.projection_of(v.label)
    pts = [p for p in vp.points if p.efficiency is not None] if vp else []
    if not pts:
        return []
    # the dashed line starts at the measured anchor so it reads as a continuation
    anchor = s.efficiency.get(vp.anchor_nodes * v.ppn)
    px = ([vp.anchor_nodes] if anchor else []) + [p.nodes for p in pts]
    py = ([100 * anchor.value] if anchor else []) + pct(p.efficiency for p in pts)
    lab = f"{v.label}: projection (step-time model)"
    ax.plot(px, py, "--", color=color, alpha=0.8, label=lab)
    band = [p for p in pts if p.efficiency_pi is not None]
    prediction_band(ax, band, lambda p: p.efficiency_pi, color, 100)
    data.setdefault("projection", []).append(
        {
            "label": lab,
            "x": px,
            "y": py,
            "interval_95": [p.efficiency_pi and p.efficiency_pi.as_dict() for p in pts],
            **comm_of(vp),
        }
    )
    return px


def _label_axes(ax, xs: list[float], title: str, a: Analysis, data: dict) -> None:
    """The ideal line, the axes, the title and the legend."""
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
