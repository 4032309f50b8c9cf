"""The report's figures (matplotlib, no pyplot: Figure objects, Agg canvas, no global state),
one module each; every module's `draw(analysis)` returns a Rendered figure or a Skipped one
(see `common`)."""

from __future__ import annotations

from pathlib import Path

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures import (
    accumulation,
    comm,
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

__all__ = ["ALL", "COLORS", "Rendered", "Skipped", "render_all", "save"]

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
    # a probe or comm sweep alone has no training point: its report lists no trainer figure
    # as skipped
    trainer = bool(a.variants) or not (a.comm or a.probes)
    figs = [draw(a) for draw in ALL] if trainer else []
    # the strategies figure belongs to sweeps that measure a strategy beyond the paper's two
    if a.strategies:
        figs.append(strategies.draw(a))
    # the mesh figure belongs to sweeps that run a data x model mesh
    if any(v.mesh_model > 1 for v in a.variants):
        figs.append(mesh.draw(a))
    # the comm figure belongs to comm sweeps only: a trainer report does not list it skipped
    return [*figs, comm.draw(a)] if a.comm else figs


def save(r: Rendered, out: Path) -> dict[str, Path]:
    png, svg = out / f"{r.name}.png", out / f"{r.name}.svg"
    r.fig.savefig(png, dpi=110, metadata={"Software": None})
    # the PNG's draw placed every axes and legend; the SVG keeps that layout rather than
    # solving it again (constrained layout was a third of saving a 1,000-run report)
    r.fig.set_layout_engine("none")
    r.fig.savefig(svg, metadata={"Date": None})  # no timestamp: the same data, the same file
    return {"png": png, "svg": svg}
