"""Peak memory per process: trainer RSS, sacct's node-daemon MaxRSS, projection, node ceilings."""

from __future__ import annotations

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import Rendered, Skipped, color_of, log2_x, recorded

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
        label, color = m.variant.label, color_of(a, m.variant.label)
        x, y = m.nodes, m.rss
        recorded(
            data,
            "series",
            {"label": label, "kind": "trainer_rss", "x": x, "y": y},
            ax.plot,
            x,
            [b / GIB for b in y],
            "-o",
            color=color,
            label=f"{label}: trainer peak RSS (max over ranks, median of repeats)",
        )
        xs += x
        if m.sacct:
            recorded(
                data,
                "series",
                {"label": label, "kind": "sacct_per_node_daemon", "x": m.sacct_nodes, "y": m.sacct},
                ax.plot,
                m.sacct_nodes,
                [b / GIB for b in m.sacct],
                "^",
                color=color,
                mfc="white",
                label=f"{label}: sacct MaxRSS (per node daemon)",
            )
        vp = a.projection_of(label)
        pp = [p for p in vp.points if p.rank_bytes] if vp is not None else []
        if pp:
            # drawn from the largest measured size on, so it reads as a continuation
            px = [x[-1]] + [p.nodes for p in pp]
            py = [y[-1]] + [p.rank_bytes for p in pp]
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
            xs += px
            data.setdefault("projection", []).append(
                {"label": label, "x": px, "y": py, "oom_nodes": [p.nodes for p in oom]}
            )
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
    log2_x(ax, xs, "nodes (log2)")
    ax.set_yscale("log")
    ax.set_ylabel("peak memory per process (GiB)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    caption = (
        "Trainer peak RSS per process (the largest over a point's ranks); Slurm's MaxRSS "
        "of a step is a node daemon's (all the ranks it started), drawn apart."
    )
    return Rendered("memory", title, caption, fig, data)
