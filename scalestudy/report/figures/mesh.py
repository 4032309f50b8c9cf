"""Data parallel against a data x model mesh (issue #25): per variant, by its M, the global
tokens/s, the peak memory per rank and the model group's activation bytes per rank and step,
against nodes. Measured points only: the projection does not model a mesh yet (the report's
notes say so), so no line here extends past what ran."""

from __future__ import annotations

import statistics

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import Rendered, Skipped, color_of, log2_x

GIB = 2**30
PANELS = (
    ("tokens_per_s", "global tokens/s"),
    ("peak_rss_max", "peak memory per rank (GiB)"),
    ("mesh_logical_bytes_per_step", "model-parallel bytes per rank and step (MB)"),
)


def _median_by_nodes(rows, column: str) -> tuple[list[int], list[float]]:
    done = rows[(rows["status"] == "completed") & rows[column].notna()]
    xs, ys = [], []
    for nodes, group in done.groupby("nodes", sort=True):
        values = [float(x) for x in group[column] if float(x) > 0]
        if values:
            xs.append(int(nodes))
            ys.append(statistics.median(values))
    return xs, ys


def draw(a: Analysis) -> Rendered | Skipped:
    if not any(v.mesh_model > 1 for v in a.variants):
        return Skipped("mesh", "no variant runs a data x model mesh (trainer.mesh.model)")
    fig = Figure(figsize=(15, 4.8), layout="constrained")
    title = f"Data parallel vs mesh: {a.title}"
    data: dict = {"title": title, "x": "nodes", "panels": {}}
    for i, (column, label) in enumerate(PANELS):
        ax = fig.add_subplot(1, len(PANELS), i + 1)
        xs_all: list[float] = []
        series = []
        for v in a.variants:
            if column not in v.rows:
                continue
            xs, ys = _median_by_nodes(v.rows, column)
            if not xs:
                continue
            scale = {"peak_rss_max": 1 / GIB, "mesh_logical_bytes_per_step": 1e-6}.get(column, 1)
            style = "-o" if v.mesh_model == 1 else "--s"
            name = f"{v.label} (M = {v.mesh_model})"
            ax.plot(xs, [y * scale for y in ys], style, color=color_of(a, v.label), label=name)
            series.append({"label": v.label, "mesh_model": v.mesh_model, "x": xs, "y": ys})
            xs_all += xs
        data["panels"][column] = series
        log2_x(ax, xs_all or [1], "nodes (log2)")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
        if i == 0:
            ax.legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Measured medians over repeats. Solid: data parallelism (M = 1); dashed: a mesh of M "
        "ranks per model group (heads, feed-forward width and vocabulary split; the group "
        "trains on M x tokens_per_worker). The mesh's bytes are its activation allreduces "
        "inside the group; the data-parallel exchange is in the other figures."
    )
    return Rendered("mesh", title, caption, fig, data)
