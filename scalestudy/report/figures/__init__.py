"""The report's figures (matplotlib, no pyplot: Figure objects, Agg canvas, no global state),
one module each; every module's `draw(analysis)` returns a Rendered figure or a Skipped one
(see `common`)."""

from __future__ import annotations

from pathlib import Path

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures import (
    accumulation,
    loss_lr,
    memory,
    mesh,
    paired,
    strategies,
    strong_scaling,
    throughput,
    weak_efficiency,
)
from scalestudy.report.figures.common import COLORS, Rendered, Skipped
from scalestudy.workloads import table as workloads

__all__ = ["ALL", "COLORS", "Rendered", "Skipped", "render_all", "save", "trainer_figures"]

ALL = (
    weak_efficiency.draw,
    strong_scaling.draw,
    throughput.draw,
    accumulation.draw,
    memory.draw,
    loss_lr.draw,
    paired.draw,
)


def render_all(a: Analysis) -> list[Rendered | Skipped]:
    """Each workload's figures (the workloads' table, in its order) when the report read
    something of it (its `report_part`; a workload without one that draws figures: a point
    whose record names it): a probe or comm sweep alone lists no trainer figure as skipped, a
    trainer report no comm figure. A report with nothing of any workload (a peak sweep's
    included, as before) lists the default workload's figures, each saying why it is
    skipped."""
    named = {r.get("workload") for s in a.sweeps for r in s.points.values()}
    present = [
        w
        for w in workloads.TABLE.values()
        if (getattr(a, w.report_part) if w.report_part else w.figures and w.name in named)
    ]
    present = present or [workloads.get(None)]
    figs: list[Rendered | Skipped] = []
    for w in present:
        for name in w.figures:
            drawn = workloads.hook(name)(a)
            figs += drawn if isinstance(drawn, list) else [drawn]
    return figs


def trainer_figures(a: Analysis) -> list[Rendered | Skipped]:
    """The trainer's figures (the workloads' table names this function)."""
    figs = [draw(a) for draw in ALL]
    # the strategies figure belongs to sweeps that measure a strategy beyond the paper's two
    if a.strategies:
        figs.append(strategies.draw(a))
    # the mesh figure belongs to sweeps that run a data x model mesh
    if any(v.mesh_model > 1 for v in a.variants):
        figs.append(mesh.draw(a))
    return figs


def save(r: Rendered, out: Path) -> dict[str, Path]:
    png, svg = out / f"{r.name}.png", out / f"{r.name}.svg"
    r.fig.savefig(png, dpi=110, metadata={"Software": None})
    # the PNG's draw placed every axes and legend; the SVG keeps that layout rather than
    # solving it again (constrained layout was a third of saving a 1,000-run report)
    r.fig.set_layout_engine("none")
    r.fig.savefig(svg, metadata={"Date": None})  # no timestamp: the same data, the same file
    return {"png": png, "svg": svg}
