"""The embedding gradient's logical accumulation size per rank (measured, model, projection)
and the wire bytes each rank sends."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    color_of,
    log2_x,
    log_scale,
    published_star,
    recorded,
)


def draw(a: Analysis) -> Rendered | Skipped:
    acc = a.accumulation
    if acc is None:
        return Skipped(
            "accumulation",
            "the table has no embedding-gradient bytes "
            "(logical_embedding_bytes_per_step) or model sizes for completed points",
        )
    fig = Figure(figsize=(12, 5.2), layout="constrained")
    ax = fig.add_subplot(1, 2 if acc.wire else 1, 1)
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
    for s in acc.series:
        xs += _series(ax, a, s, data)
    _dense(ax, acc, data)
    xs += _references(ax, acc, data)
    log2_x(ax, xs, "workers N (log2)")
    log_scale(ax)
    ax.set_ylabel("logical accumulation size per rank per step (bytes)")
    ax.set_title("logical size (what each rank holds after the exchange)", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    if acc.wire:
        _wire(fig, a, acc, data)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Logical size of the embedding gradient each rank holds after the exchange "
        "(sparse: allgather of N x R rows of 4H+8 bytes; dense: allreduce of 4VH), "
        "measured from the tensors handed to Horovod, beside the formula."
    )
    return Rendered("accumulation", title, caption, fig, data)


def _series(ax, a: Analysis, s, data: dict) -> list[float]:
    """One variant's measured sizes, its sparse model and projection and its ratio to dense;
    returns the x values drawn."""
    label, color = s.variant.label, color_of(a, s.variant.label)
    _measured(ax, s, label, color, data)
    xs = list(s.workers)
    if s.rows_mean is None:
        return xs
    xs += _sparse_model(ax, s, label, color, data)
    if s.ratio is not None:
        _ratio(ax, s, color, data)
    return xs


def _measured(ax, s, label: str, color: str, data: dict) -> None:
    """The variant's measured accumulation sizes (median), with the formula at its points."""
    entry = {"label": label, "sparse": s.sparse, "x": s.workers, "y": s.measured}
    if s.formula_at_points is not None:
        entry["rows_per_worker"] = s.rows
        entry["formula_at_points"] = s.formula_at_points
    recorded(
        data,
        "measured",
        entry,
        ax.plot,
        s.workers,
        s.measured,
        "o",
        ms=8,
        color=color,
        label=f"{label}: measured (median)",
    )


def _sparse_model(ax, s, label: str, color: str, data: dict) -> list[float]:
    """The sparse model N·R·(4H+8) over the measured sizes, and its projection beyond them;
    returns the projection's x values."""
    recorded(
        data,
        "model",
        {
            "label": label,
            "kind": "sparse",
            "rows_per_worker": s.rows_mean,
            "hidden": s.hidden,
            "x": s.model_x,
            "y": s.model_y,
        },
        ax.plot,
        s.model_x,
        s.model_y,
        "-",
        color=color,
        lw=1.2,
        label=f"{label}: model N·R·(4H+8), R={s.rows_mean:,.0f} rows",
    )
    if not s.projection_x:
        return []
    recorded(
        data,
        "model",
        {
            "label": label,
            "kind": "sparse-projection",
            "x": s.projection_x,
            "y": s.projection_y,
        },
        ax.plot,
        s.projection_x,
        s.projection_y,
        "--",
        color=color,
        lw=1.2,
        label=f"{label}: projection (formula)",
    )
    return list(s.projection_x)


def _ratio(ax, s, color: str, data: dict) -> None:
    """The variant's size over dense's at its largest size, as an annotation."""
    r = s.ratio
    proj = " (projection)" if r["projection"] else ""
    ax.annotate(
        f"{r['ratio_bytes']:.1f}x dense at {r['workers']} workers{proj}\n"
        f"(values only {r['ratio_values']:.1f}x)",
        xy=(r["workers"], s.ratio_y),
        xytext=(-14, -48),
        textcoords="offset points",
        ha="right",
        fontsize=8,
        color=color,
        arrowprops={"arrowstyle": "->", "color": color},
    )
    data["ratios"].append(r)


def _dense(ax, acc, data: dict) -> None:
    """The dense 4VH line of each vocabulary and width."""
    for line in acc.dense:
        ys = [line.y] * len(line.x)
        recorded(
            data,
            "model",
            {"kind": "dense", "vocab": line.vocab, "hidden": line.hidden, "x": line.x, "y": ys},
            ax.plot,
            line.x,
            ys,
            "-",
            color="grey",
            lw=1.2,
            label=f"model dense 4VH (V={line.vocab:,}, H={line.hidden}) = "
            f"{line.y / 2**20:,.2f} MiB",
        )


def _references(ax, acc, data: dict) -> list[float]:
    """The published ratios, as stars; returns their x values."""
    xs: list[float] = []
    for r, ry in acc.references:
        record = {"label": r.label, "x": r.processes, "y": ry, "ratio": r.value}
        published_star(ax, data, record, f"{r.value:g}x dense")
        xs.append(r.processes)
    return xs


def _wire(fig, a: Analysis, acc, data: dict) -> None:
    """The second panel: the wire bytes each rank sends."""
    ax2 = fig.add_subplot(1, 2, 2)
    wx: list[float] = []
    data["wire"] = []
    for label, x, y in acc.wire:
        recorded(
            data,
            "wire",
            {"label": label, "x": x, "y": y},
            ax2.plot,
            x,
            y,
            "-s",
            color=color_of(a, label),
            label=f"{label}: sent per rank per step",
        )
        wx += x
    log2_x(ax2, wx, "workers N (log2)")
    log_scale(ax2)
    ax2.set_ylabel("wire bytes sent per rank per step")
    ax2.set_title(
        "wire bytes (ring-algorithm model of the real tensors; all gradients)", fontsize=9
    )
    ax2.grid(True, which="both", alpha=0.3)
    ax2.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
