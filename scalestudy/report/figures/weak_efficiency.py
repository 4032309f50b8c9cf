"""Weak-scaling efficiency against N0 (own and common baseline), projection, published points."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    baselines_text,
    color_of,
    comm_caption,
    comm_legend,
    comm_of,
    err,
    log2_x,
    pct,
)


def draw(a: Analysis) -> Rendered | Skipped:
    ss = a.scaling.get("weak")
    if not ss:
        return Skipped("weak_efficiency", "no weak-scaling points in the table")
    if not any(s.efficiency for s in ss):
        why = "; ".join(s.error for s in ss if s.error) or "no completed repeats"
        return Skipped("weak_efficiency", f"no efficiency can be computed: {why}")
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
            val = [eff[w].value for w in ws]
            lo, hi = [eff[w].lo for w in ws], [eff[w].hi for w in ws]
            n0 = s.n0_nodes if kind == "own" else s.common_n0_nodes
            base = f"own N0={n0}" if kind == "own" else f"vs {s.common_label} N0={n0}"
            label = f"{v.label} ({base})"
            ax.errorbar(
                nodes,
                pct(val),
                yerr=err(pct(val), pct(lo), pct(hi)),
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
                    "y": pct(val),
                    "lo": pct(lo),
                    "hi": pct(hi),
                }
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
            xs += px
            data.setdefault("projection", []).append(
                {"label": lab, "x": px, "y": py, **comm_of(vp)}
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
