"""The embedding exchange strategies side by side: bytes per rank against N (measured points,
formula lines) and tokens/s, with the N from which each strategy is predicted cheapest."""

from __future__ import annotations

import math

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import COLORS, Rendered, Skipped, log2_x

ORDER = ("allgather", "allreduce", "sparse_reduce", "sharded_embedding")


def _color(strategy: str) -> str:
    return COLORS[ORDER.index(strategy) % len(COLORS)]


def draw(a: Analysis) -> Rendered | Skipped:
    if not a.strategies:
        return Skipped(
            "strategies",
            "no vocabulary size with sparse_reduce or sharded_embedding measured beside another "
            "exchange (completed points with their unique-row counts)",
        )
    s = a.strategies[0]  # the first vocabulary; the others' crossovers are in the caption
    fig = Figure(figsize=(15, 5.2), layout="constrained")
    axes = [fig.add_subplot(1, 3, i) for i in (1, 2, 3)]
    title = f"Embedding exchange strategies, V={s.vocab:,}, H={s.hidden}: {a.title}"
    data: dict = {"title": title, "vocab": s.vocab, "hidden": s.hidden, "rows": s.rows}
    data.update(unique=s.unique, grid=s.grid, union=s.union, measured=[], model={})
    xs = list(s.grid)
    for m in s.measured:
        c = _color(m.strategy)
        axes[0].plot(m.workers, m.logical, "o", ms=8, color=c, label=f"{m.strategy}: measured")
        wire = [(w, y) for w, y in zip(m.workers, m.wire, strict=True) if not math.isnan(y)]
        if wire:
            axes[1].plot(
                *zip(*wire, strict=True), "s", ms=7, color=c, label=f"{m.strategy}: counts"
            )
        axes[2].plot(m.workers, m.tokens_per_s, "-o", color=c, label=m.strategy)
        data["measured"].append(m.__dict__)
    for strategy, (logical, wire) in s.model.items():
        c = _color(strategy)
        axes[0].plot(s.grid, logical, "-", lw=1.2, color=c, label=f"{strategy}: formula")
        axes[1].plot(s.grid[1:], wire[1:], "-", lw=1.2, color=c, label=f"{strategy}: formula")
        data["model"][strategy] = {"logical": logical, "wire_sent": wire}
    for n, best in s.crossover:
        axes[1].axvline(n, color=_color(best), ls=":", lw=1)
    for ax, ylabel, sub in (
        (axes[0], "logical bytes per rank per step", "held after the exchange"),
        (axes[1], "wire bytes sent per rank per step", "sent (direct alltoall, ring allgather)"),
    ):
        log2_x(ax, xs, "workers N (log2)")
        ax.set_yscale("log")
        ax.set_ylabel(ylabel)
        ax.set_title(sub, fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    measured_w = [w for m in s.measured for w in m.workers]
    log2_x(axes[2], measured_w, "workers N (log2)")
    axes[2].set_ylabel("tokens/s (median)")
    axes[2].set_title("throughput on this cluster", fontsize=9)
    axes[2].grid(True, alpha=0.3)
    axes[2].legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    crossings = "; ".join(
        f"V={x.vocab:,}: " + ", ".join(f"from N={n} {best}" for n, best in x.crossover)
        for x in a.strategies
    )
    data["crossover"] = {x.vocab: x.crossover for x in a.strategies}
    caption = (
        "The input embedding's gradient exchange by strategy: allgather and allreduce (the "
        "paper's two), sparse_reduce (rows to their owners, reduced rows allgathered) and "
        "sharded_embedding (the table split by row; lookups by alltoall). Points: measured on "
        "the real tensors; lines: comm_model's formulas with the measured R_r = "
        f"{s.rows:,.0f} rows and U_r = {s.unique:,.0f} unique ids per rank, the union U(N) from "
        "the data's Zipf law calibrated to U_r. Cheapest by wire bytes (bandwidth only, message "
        f"latency not counted), dotted lines: {crossings}. allreduce's wire bytes are fused "
        "with the other dense gradients, so only its formula is drawn."
    )
    return Rendered("strategies", title, caption, fig, data)
