"""Peak memory per process: trainer RSS, sacct's node-daemon MaxRSS, projection, node ceilings."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import (
    Rendered,
    Skipped,
    color_of,
    log2_x,
    log_scale,
    recorded,
)
from scalestudy.report.series import MemorySeries

GIB = 2**30


def draw(a: Analysis) -> Rendered | Skipped:
    if not a.memory:
        return Skipped("memory", "the table has no peak RSS (peak_rss_max)")
    fig = Figure(figsize=(8, 5.2), layout="constrained")
    ax = fig.add_subplot()
    title = f"Peak memory per process: {a.title}"
    data: dict = {"title": title, "x": "nodes", "y": "bytes", "series": [], "ceiling": []}
    xs: list[float] = []
    for m in a.memory:
        color = color_of(a, m.variant.label)
        _measured(ax, m, color, data)
        xs += m.nodes
        xs += _projection(ax, a, m, color, data)
    _ceilings(ax, a, data)
    log2_x(ax, xs, "nodes (log2)")
    log_scale(ax)
    ax.set_ylabel("peak memory per process (GiB)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    caption = (
        "Trainer peak RSS per process (the largest over a point's ranks); Slurm's MaxRSS "
        "of a step is a node daemon's (all the ranks it started), drawn apart."
    )
    return Rendered("memory", title, caption, fig, data)


def _measured(ax, m: MemorySeries, color: str, data: dict) -> None:
    """A variant's trainer peak RSS, and sacct's MaxRSS of its node daemons where known."""
    label = m.variant.label
    drawn = [
        (
            "trainer_rss",
            m.nodes,
            m.rss,
            "-o",
            {},
            "trainer peak RSS (max over ranks, median of repeats)",
        )
    ]
    if m.sacct:
        drawn.append(
            (
                "sacct_per_node_daemon",
                m.sacct_nodes,
                m.sacct,
                "^",
                {"mfc": "white"},
                "sacct MaxRSS (per node daemon)",
            )
        )
    for kind, x, y, fmt, style, what in drawn:
        recorded(
            data,
            "series",
            {"label": label, "kind": kind, "x": x, "y": y},
            ax.plot,
            x,
            [b / GIB for b in y],
            fmt,
            color=color,
            **style,
            label=f"{label}: {what}",
        )


def _projection(ax, a: Analysis, m: MemorySeries, color: str, data: dict) -> list[float]:
    """The projected peak per rank, dashed from the largest measured size on, with the sizes
    predicted to run out of memory marked; returns the nodes drawn."""
    label = m.variant.label
    vp = a.projection_of(label)
    pp = [p for p in vp.points if p.rank_bytes] if vp is not None else []
    if not pp:
        return []
    # drawn from the largest measured size on, so it reads as a continuation
    px = [m.nodes[-1]] + [p.nodes for p in pp]
    py = [m.rss[-1]] + [p.rank_bytes for p in pp]
    ax.plot(
        px,
        [b / GIB for b in py],
        "--",
        color=color,
        label=f"{label}: projection (measured + memory model)",
    )
    oom = [p for p in pp if p.oom]
    if oom:
        ax.plot(
            [p.nodes for p in oom],
            [p.rank_bytes / GIB for p in oom],
            "X",
            ms=10,
            color="red",
            ls="none",
            label=f"{label}: predicted OOM (projection)",
        )
    data.setdefault("projection", []).append(
        {"label": label, "x": px, "y": py, "oom_nodes": [p.nodes for p in oom]}
    )
    return px


def _ceilings(ax, a: Analysis, data: dict) -> None:
    """Each node memory over its processes per node, as a ceiling line."""
    for c in a.memory_ceilings:
        lab = (
            f"node memory {c.node_memory_gb:g} GB (ceiling)"
            if c.ppn == 1
            else f"node memory {c.node_memory_gb:g} GB / {c.ppn} processes per node (ceiling)"
        )
        recorded(
            data,
            "ceiling",
            {"node_memory_gb": c.node_memory_gb, "ppn": c.ppn, "y": c.bytes},
            ax.axhline,
            c.bytes / GIB,
            color="black",
            lw=1.5,
            ls="-.",
            label=lab,
        )
