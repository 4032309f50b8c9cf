"""Data parallel against a data x model mesh (issue #25). Top row, measured: per variant, by
its M, the global tokens/s, the peak memory per rank and the model group's activation bytes per
rank and step, against nodes (markers and solid or dashed lines). Bottom row, with
`--project-to` and a mesh in the sweep: the paper's big model (report/crossover.py: this
machine's compute per FLOP, the link model, the memory model) for each M and vocabulary,
projected tokens/s and memory per rank against nodes as dotted lines without markers, an x
where a layout does not fit in the node's memory, and the node's memory per rank as a grey
line; each projected ratio has its 95% interval drawn as a band (the paired draws of
report/crossover.py: with_draws), the axis spans every band, and the caption names an M only
where the intervals separate it from the others."""

from __future__ import annotations

import statistics

import numpy as np
from matplotlib.figure import Figure

from scalestudy.report import crossover as crossover_model
from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import Rendered, Skipped, color_of, log2_x, recorded

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
    rows = 2 if a.crossover else 1
    fig = Figure(figsize=(15, 4.8 * rows), layout="constrained")
    title = f"Data parallel vs mesh: {a.title}"
    data: dict = {"title": title, "x": "nodes", "panels": {}}
    for i, (column, label) in enumerate(PANELS):
        ax = fig.add_subplot(rows, len(PANELS), i + 1)
        xs_all: list[float] = []
        data["panels"][column] = []
        for v in a.variants:
            if column not in v.rows:
                continue
            xs, ys = _median_by_nodes(v.rows, column)
            if not xs:
                continue
            scale = {"peak_rss_max": 1 / GIB, "mesh_logical_bytes_per_step": 1e-6}.get(column, 1)
            style = "-o" if v.mesh_model == 1 else "--s"
            name = f"{v.label} (M = {v.mesh_model})"
            recorded(
                data["panels"],
                column,
                {"label": v.label, "mesh_model": v.mesh_model, "x": xs, "y": ys},
                ax.plot,
                xs,
                [y * scale for y in ys],
                style,
                color=color_of(a, v.label),
                label=name,
            )
            xs_all += xs
        log2_x(ax, xs_all or [1], "nodes (log2)")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
        if i == 0:
            ax.legend(fontsize=7)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Top row: measured medians over repeats. Solid: data parallelism (M = 1); dashed: a "
        "mesh of M ranks per model group (heads, feed-forward width and vocabulary split; the "
        "group trains on M x tokens_per_worker). The mesh's bytes are its activation "
        "allreduces inside the group; the data-parallel exchange is in the other figures."
    )
    if a.crossover:
        caption += " " + _projection(a, fig, data)
    return Rendered("mesh", title, caption, fig, data)


def _ratio_bands(xs, ones: dict, vocab: int) -> tuple[list[float], list[float]] | None:
    """The 2.5 and 97.5 percentiles of tokens/s over M = 1's, draw by draw (paired), or None
    without draws."""
    lo, hi = [], []
    for x in xs:
        one = ones.get((vocab, x.nodes))
        if x.step_draws is None or one is None or one.step_draws is None:
            return None
        r = one.step_draws / x.step_draws  # tokens/s ratio = inverse step ratio (same tokens)
        a, b = np.percentile(r, [2.5, 97.5])
        lo.append(float(a))
        hi.append(float(b))
    return lo, hi


def _projection(a: Analysis, fig: Figure, data: dict) -> str:
    """The bottom row: the big model's layouts, projected (never measured)."""
    layouts = a.crossover
    speed = fig.add_subplot(2, len(PANELS), len(PANELS) + 1)
    memory = fig.add_subplot(2, len(PANELS), len(PANELS) + 2)
    series = _layout_series(layouts, speed, memory)
    grid = sorted({x.nodes for x in layouts})
    limit = layouts[0].node_memory_bytes / layouts[0].ppn
    if limit > 0:
        memory.axhline(limit / GIB, color="grey", linewidth=1, label="node memory per rank")
        memory.legend(fontsize=7)
    speed.axhline(1.0, color="grey", linewidth=1)
    for ax, label in (
        (speed, "projected tokens/s over data parallelism (big model)"),
        (memory, "projected memory per rank (GiB)"),
    ):
        log2_x(ax, grid, "nodes (log2)")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
    speed.legend(fontsize=6)
    steps = crossover_model.changes(layouts)
    data["projection"] = {
        "series": series,
        "node_memory_per_rank_bytes": limit,
        "changes": {str(v): s for v, s in steps.items()},
    }
    return _projection_caption(steps)


def _layout_series(layouts: list, speed, memory) -> list[dict]:
    """One line per vocabulary and M: its tokens/s over data parallelism's (M = 1) at the same
    vocabulary and nodes, with its 95% band and the sizes that do not fit marked, and its
    memory per rank; returns their records."""
    vocabs = sorted({x.vocab for x in layouts})
    ms = sorted({x.m for x in layouts})
    colors = {m: f"C{i}" for i, m in enumerate(ms)}
    dashes = {v: style for v, style in zip(vocabs, (":", "-.", "--"), strict=False)}
    # above 1 a mesh is faster (every size has an M = 1 layout: 1 divides everything)
    one = {(x.vocab, x.nodes): x.tokens_per_s for x in layouts if x.m == 1}
    ones = {(x.vocab, x.nodes): x for x in layouts if x.m == 1}
    series = []
    for vocab in vocabs:
        for m in ms:
            xs = sorted(
                (x for x in layouts if x.vocab == vocab and x.m == m), key=lambda x: x.nodes
            )
            if not xs:
                continue
            nodes = [x.nodes for x in xs]
            name = f"projected: big, V={vocab:,}, M = {m}"
            style = dict(color=colors[m], linestyle=dashes.get(vocab, ":"), linewidth=1.2)
            ratio = [x.tokens_per_s / one[(vocab, x.nodes)] for x in xs]
            speed.plot(nodes, ratio, label=name, **style)
            band = _ratio_bands(xs, ones, vocab)
            if band is not None:
                speed.fill_between(nodes, band[0], band[1], color=colors[m], alpha=0.12)
            memory.plot(nodes, [x.memory_bytes / GIB for x in xs], **style)
            bad = [i for i, x in enumerate(xs) if not x.fits]
            if bad:
                speed.plot([nodes[i] for i in bad], [ratio[i] for i in bad], "x", color=colors[m])
            series.append(
                {
                    "vocab": vocab,
                    "mesh_model": m,
                    "x": nodes,
                    "tokens_per_s": [x.tokens_per_s for x in xs],
                    "over_data_parallel": ratio,
                    "over_data_parallel_95": band,
                    "memory_bytes": [x.memory_bytes for x in xs],
                    "fits": [x.fits for x in xs],
                }
            )
    return series


def _projection_caption(steps: dict) -> str:
    """The bottom row's caption: what it draws, and the M to run as nodes grow."""
    said = " ".join(
        f"V={vocab:,}: "
        + "; ".join(
            f"from {n} nodes " + (f"M = {m} ({why})" if m else f"no M named ({why})")
            for n, m, why in s
        )
        + "."
        for vocab, s in steps.items()
    )
    return (
        "Bottom row: a projection, not a measurement (dotted and dash-dotted lines, no markers; "
        "left: global tokens/s over data parallelism's at the same nodes, above 1 a mesh is "
        "faster, each band its 95% interval (the compute per FLOP's repeats, the collectives' fit "
        "errors or a factor of 2 on nominal link figures, and the layout model's residuals on "
        "the sweep's own points); x: does not fit in the node's memory): the paper's big model "
        "from this machine's "
        "compute per FLOP and the link and memory models (report/crossover.py). The M to run, "
        f"as nodes grow: {said}"
    )
