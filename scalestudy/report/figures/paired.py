"""Variant / baseline throughput inside the same allocations (schedule: bundled)."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    bounds,
    color_of,
    err,
    log2_x,
    recorded,
)


def draw(a: Analysis) -> Rendered | Skipped:
    """Variant B / variant A inside the same allocations (schedule: bundled)."""
    ratios = a.paired
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
        xs += _pair(ax, data, key, rs, color_of(a, key[0]))
    _label_axes(ax, title, xs)
    n_alloc = max(r.estimate.n for r in ratios)
    caption = (
        f"Within-allocation ratios of global tokens/s (variants interleaved in a random, "
        f"recorded order on the same nodes); crosses: each of {n_alloc} allocation(s); 95% "
        "t interval of the mean log ratio, its spread pooled over the run's paired points "
        "(no bar: no noise estimate)."
    )
    return Rendered("paired", title, caption, fig, data)


def _pair(ax, data: dict, key: tuple[str, str], rs: list, color: str) -> list[int]:
    """One variant / baseline pair's ratios by nodes (median, 95% CI, recorded) and each
    allocation's own ratio as crosses; returns the nodes drawn."""
    nodes = [r.nodes for r in rs]
    val = [r.estimate.value for r in rs]
    lo, hi = bounds([r.estimate for r in rs])
    label = f"{key[0]} / {key[1]} (median over allocations, 95% CI)"
    recorded(
        data,
        "series",
        {
            "label": label,
            "x": nodes,
            "y": val,
            "lo": lo,
            "hi": hi,
            "per_allocation": [r.per_allocation for r in rs],
        },
        ax.errorbar,
        nodes,
        val,
        yerr=err(val, lo, hi),
        fmt="-o",
        color=color,
        capsize=3,
        label=label,
    )
    for r in rs:  # every allocation's own ratio, so the spread between them shows
        ys = list(r.per_allocation.values())
        ax.plot([r.nodes] * len(ys), ys, "x", color=color, alpha=0.6, ms=7)
    return nodes


def _label_axes(ax, title: str, xs: list[float]) -> None:
    log2_x(ax, xs, "nodes (log2)")
    ax.axhline(1.0, color="grey", lw=1, label="equal throughput")
    ax.set_ylabel("tokens/s of variant / tokens/s of baseline\n(same allocation)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.plot([], [], "x", color="grey", label="one allocation")
    ax.legend(fontsize=7, loc="best")
