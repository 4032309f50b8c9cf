"""Global tokens/s per variant against nodes, with the ideal line from the common baseline."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    bounds,
    color_of,
    comm_caption,
    comm_legend,
    comm_of,
    err,
    log2_x,
    log_scale,
    prediction_band,
    recorded,
)
from scalestudy.report.scaling import Variant


def draw(a: Analysis) -> Rendered | Skipped:
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
            color = color_of(a, v.label)
            pts = _measured(ax, v, mode, color, data)
            xs += [p.nodes for p in pts]
            xs += _projection(ax, a, v, pts, color, data)
        _ideal(ax, a, mode, xs, data)
        log2_x(ax, xs, "nodes (log2)")
        log_scale(ax)
        ax.set_ylabel("global throughput (non-padding tokens/s)")
        ax.set_title(f"{mode} scaling", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        comm_legend(ax, a, data)
        ax.legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Measured global tokens/s over the timed steps (sum over ranks / window time), "
        "median over repeats with 95% bootstrap intervals; failed and diverged runs "
        "are not plotted."
    ) + comm_caption(a, data)
    return Rendered("throughput", title, caption, fig, data)


def _measured(ax, v: Variant, mode: str, color: str, data: dict) -> list:
    """A variant's measured tokens/s with their intervals; returns its measured points."""
    pts = [p for p in v.points if p.throughput]
    x = [p.nodes for p in pts]
    y = [p.throughput.value for p in pts]
    lo, hi = bounds([p.throughput for p in pts])
    recorded(
        data,
        "series",
        {
            "label": v.label,
            "mode": mode,
            "x": x,
            "workers": [p.workers for p in pts],
            "y": y,
            "lo": lo,
            "hi": hi,
            "n": [p.throughput.n for p in pts],
        },
        ax.errorbar,
        x,
        y,
        yerr=err(y, lo, hi),
        fmt="-o",
        color=color,
        capsize=3,
        label=f"{v.label} (median of repeats)",
    )
    return pts


def _projection(ax, a: Analysis, v: Variant, pts: list, color: str, data: dict) -> list[float]:
    """The projected tokens/s, dashed from the largest measured size on, with its 95%
    prediction band; returns the nodes drawn."""
    vp = a.projection_of(v.label)
    pp = [p for p in vp.points if p.tokens_per_s] if vp is not None else []
    if not pp:
        return []
    px = [pts[-1].nodes] + [p.nodes for p in pp]
    py = [pts[-1].throughput.value] + [p.tokens_per_s for p in pp]
    ax.plot(px, py, "--", color=color, label=f"{v.label}: projection")
    band = [p for p in pp if p.tokens_pi is not None]
    prediction_band(ax, band, lambda p: p.tokens_pi, color)
    data.setdefault("projection", []).append(
        {
            "label": f"{v.label}: projection",
            "x": px,
            "y": py,
            "interval_95": [p.tokens_pi and p.tokens_pi.as_dict() for p in pp],
            **comm_of(vp),
        }
    )
    return px


def _ideal(ax, a: Analysis, mode: str, xs: list[float], data: dict) -> None:
    """The ideal line of the mode: linear from the common baseline's N0."""
    ref = a.common.get(mode)
    if ref is None or ref.n0.throughput is None:
        return
    p0 = ref.n0
    top = max(xs)
    ix = [p0.nodes, top]
    iy = [p0.throughput.value, p0.throughput.value * (top * ref.ppn) / p0.workers]
    recorded(
        data,
        "ideal",
        {"mode": mode, "variant": ref.label, "x": ix, "y": iy},
        ax.plot,
        ix,
        iy,
        color="grey",
        lw=1,
        label=f"ideal: linear from {ref.label} at N0={p0.nodes}",
    )
