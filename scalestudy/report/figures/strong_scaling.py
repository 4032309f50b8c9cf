"""Strong-scaling speedup and efficiency against N0 (own and common baseline), projection."""

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
        v, color = s.variant, color_of(a, s.variant.label)
        for kind, sp, eff, style, face in (
            ("own", s.speedup, s.efficiency, "-", color),
            ("common", {} if s.is_common else s.common_speedup, s.common_efficiency, ":", "white"),
        ):
            if not sp:
                continue
            ws = sorted(sp)
            nodes = [v.point_at(w).nodes for w in ws]
            n0, base = baseline_series(s, kind)
            label = f"{v.label} ({base})"
            for ax, est, key, scale in (
                (ax_s, sp, "speedup", 1.0),
                (ax_e, eff, "efficiency", 100.0),
            ):
                bars = estimate_bars(
                    ax, est, ws, nodes, scale, fmt=style, color=color, mfc=face, label=label
                )
                data[key].append(
                    {"label": label, "variant": v.label, "baseline": kind, "n0_nodes": n0, **bars}
                )
            xs += nodes
        if s.speedup:
            ws = sorted(s.speedup)
            nodes = [v.point_at(w).nodes for w in ws]
            data["ideal"].append(
                {"variant": v.label, "x": nodes, "y": [w / s.n0_workers for w in ws]}
            )
        vp = a.projection_of(v.label)
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
            ax_e.plot(ax_ + px, ef_ + pct(p.efficiency for p in pts), "--", color=color, label=lab)
            band = [p for p in pts if p.speedup_pi is not None and p.efficiency_pi is not None]
            if band:  # the 95% prediction intervals (analysis._intervals)
                bx = [p.nodes for p in band]
                ax_s.fill_between(
                    bx,
                    [p.speedup_pi.lo for p in band],
                    [p.speedup_pi.hi for p in band],
                    color=color,
                    alpha=0.12,
                )
                ax_e.fill_between(
                    bx,
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
                    "speedup": [p.speedup for p in pts],
                    "efficiency": pct(p.efficiency for p in pts),
                    **comm_of(vp),
                }
            )
    published_points(ax_e, a, "strong_efficiency", data, xs)
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
    comm_legend(ax_s, a, data)
    for ax in (ax_s, ax_e):
        log2_x(ax, xs, "nodes (log2)")
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
    ) + comm_caption(a, data)
    return Rendered("strong_scaling", title, caption, fig, data)
