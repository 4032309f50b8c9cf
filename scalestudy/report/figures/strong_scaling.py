"""Strong-scaling speedup and efficiency against N0 (own and common baseline), projection."""

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
    log_scale,
    measured_scaling,
    measured_series,
    pct,
    prediction_band,
    published_points,
)


def draw(a: Analysis) -> Rendered | Skipped:
    ss = measured_scaling(a, "strong", "strong_scaling", "speedup")
    if isinstance(ss, Skipped):
        return ss
    common = a.common.get("strong")
    fig = Figure(figsize=(11, 4.8), layout="constrained")
    ax_s, ax_e = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    title = f"Strong scaling: {a.title}; {baselines_text(ss, common)}"
    data: dict = {"title": title, "x": "nodes", "speedup": [], "efficiency": [], "ideal": []}
    xs: list[float] = []
    for s in ss:
        color = color_of(a, s.variant.label)
        xs += _measured(s, color, ax_s, ax_e, data)
        xs += _projection(a, s, color, ax_s, ax_e, data)
    published_points(ax_e, a, "strong_efficiency", data, xs)
    _ideal(ss, xs, ax_s)
    comm_legend(ax_s, a, data)
    _label_axes(ax_s, ax_e, xs)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Speedup and efficiency from the time per step, median over repeats with 95% "
        "bootstrap intervals; grey: ideal."
    ) + comm_caption(a, data)
    return Rendered("strong_scaling", title, caption, fig, data)


def _measured(s: Scaling, color: str, ax_s, ax_e, data: dict) -> list[float]:
    """A variant's speedup and efficiency against its own and the common N0, and its ideal
    speedup's record; returns the nodes drawn."""
    xs: list[float] = []
    for m in measured_series(s, color, s.speedup, s.common_speedup):
        own = m.kind == "own"
        data["speedup"].append(m.draw(ax_s, s.speedup if own else s.common_speedup, 1.0))
        eff = s.efficiency if own else s.common_efficiency
        data["efficiency"].append(m.draw(ax_e, eff, 100.0))
        xs += m.nodes
    if s.speedup:
        ws = sorted(s.speedup)
        nodes = [s.variant.point_at(w).nodes for w in ws]
        data["ideal"].append(
            {"variant": s.variant.label, "x": nodes, "y": [w / s.n0_workers for w in ws]}
        )
    return xs


def _projection(a: Analysis, s: Scaling, color: str, ax_s, ax_e, data: dict) -> list[float]:
    """The projected speedup and efficiency, dashed from the measured anchor on, with their 95%
    prediction bands; returns the nodes drawn."""
    v = s.variant
    vp = a.projection_of(v.label)
    pts = [p for p in vp.points if p.speedup is not None] if vp else []
    if not pts:
        return []
    lab = f"{v.label}: projection (step-time model)"
    # drawn from the measured anchor on, so it reads as a continuation
    anchor = vp.anchor_nodes * v.ppn
    ax_ = [vp.anchor_nodes] if anchor in s.speedup else []
    sp_ = [s.speedup[anchor].value] if ax_ else []
    ef_ = [100 * s.efficiency[anchor].value] if ax_ else []
    px = [p.nodes for p in pts]
    ax_s.plot(ax_ + px, sp_ + [p.speedup for p in pts], "--", color=color, label=lab)
    ax_e.plot(ax_ + px, ef_ + pct(p.efficiency for p in pts), "--", color=color, label=lab)
    band = [p for p in pts if p.speedup_pi is not None and p.efficiency_pi is not None]
    # the 95% prediction intervals
    prediction_band(ax_s, band, lambda p: p.speedup_pi, color)
    prediction_band(ax_e, band, lambda p: p.efficiency_pi, color, 100)
    data.setdefault("projection", []).append(
        {
            "label": lab,
            "x": px,
            "speedup": [p.speedup for p in pts],
            "efficiency": pct(p.efficiency for p in pts),
            **comm_of(vp),
        }
    )
    return px


def _ideal(ss: list[Scaling], xs: list[float], ax_s) -> None:
    """The ideal speedup over the whole axis, from the smallest N0 drawn."""
    own = [x for x in ss if x.speedup]
    if not own:
        return
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


def _label_axes(ax_s, ax_e, xs: list[float]) -> None:
    for ax in (ax_s, ax_e):
        log2_x(ax, xs, "nodes (log2)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=1)
    ax_s.set_ylabel("speedup t(N0) / t(N)  (time per step)")
    log_scale(ax_s, base=2)
    ax_e.set_ylabel("strong-scaling efficiency (%)  speedup · N0/N")
    ax_e.axhline(100, color="grey", lw=1)
    ax_e.set_ylim(bottom=0, top=max(110, ax_e.get_ylim()[1]))
