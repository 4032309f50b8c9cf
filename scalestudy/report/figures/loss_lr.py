"""Loss, gradient norm and learning rate per step from rank 0's step logs; diverged runs
marked."""

from __future__ import annotations

import math

from matplotlib.figure import Figure

from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import Rendered, Skipped, color_of, log_scale, recorded


def draw(a: Analysis) -> Rendered | Skipped:
    runs = [r for r in a.runs.values() if r.steps]
    if not runs:
        return Skipped(
            "loss_lr",
            "no step logs found next to the table (a copied table has "
            "none): loss and learning-rate curves need logs/rank00000.jsonl",
        )
    label_of = a.label_and_nodes()
    fig = Figure(figsize=(18, 5), layout="constrained")
    ax, ax_norm, ax_lr = (fig.add_subplot(1, 3, k) for k in (1, 2, 3))
    title = f"Loss, gradient norm and learning rate per step: {a.title}"
    data: dict = {"title": title, "loss": [], "grad_norm": [], "lr": [], "diverged": []}
    schedules: dict[tuple, list] = {}
    # one legend entry per variant and status, with its run count: a campaign of 1,000 runs
    # would otherwise draw (and lay out) a 1,000-line legend; each run is in figures.json
    groups: dict[tuple[str, str], int] = {}
    for r in runs:
        key = (label_of.get(r.point_id, ("?", 0))[0], r.status)
        groups[key] = groups.get(key, 0) + 1
    labelled: set[tuple[str, str]] = set()
    for r in sorted(runs, key=lambda r: r.point_id):
        label, nodes = label_of.get(r.point_id, ("?", 0))
        color = color_of(a, label)
        diverged = r.status == "diverged"
        style = "-" if r.status == "completed" else ":"
        key = (label, r.status)
        legend = "_nolegend_"
        if key not in labelled:
            labelled.add(key)
            legend = f"{label}: {groups[key]} run(s)" + (
                "" if r.status == "completed" else f" {r.status}"
            )
        _curves(ax, ax_norm, data, r, label, nodes, style, color, legend)
        if diverged:
            _diverged(ax, data, r)
        # runs given the same rates share one line: the schedule, not 8 copies of it
        pts = tuple((st, lr) for st, lr in zip(r.steps, r.lr, strict=True) if lr is not None)
        if pts:
            schedules.setdefault(pts, []).append((label, r))
    _schedules(ax_lr, a, schedules, data)
    _label_axes(ax, ax_norm, ax_lr, data)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Loss per step from rank 0's log (the average over ranks) for every run; the global "
        "L2 norm of the averaged gradient the optimizer received (logs from before it was "
        "logged have none); the learning rate the optimizer was given at each step."
    )
    return Rendered("loss_lr", title, caption, fig, data)


def _curves(ax, ax_norm, data: dict, r, label: str, nodes, style: str, color, legend) -> None:
    """One run's loss and gradient-norm curves, and their records."""
    recorded(
        data,
        "loss",
        {
            "point_id": r.point_id,
            "variant": label,
            "nodes": int(nodes),
            "status": r.status,
            "x": r.steps,
            "y": r.loss,
        },
        ax.plot,
        r.steps,
        r.loss,
        style,
        color=color,
        lw=1,
        alpha=0.8,
        label=legend,
    )
    norms = [(st, g) for st, g in zip(r.steps, r.grad_norm, strict=True) if g is not None]
    if norms:
        recorded(
            data,
            "grad_norm",
            {
                "point_id": r.point_id,
                "variant": label,
                "x": [n[0] for n in norms],
                "y": [n[1] for n in norms],
            },
            ax_norm.plot,
            *zip(*norms, strict=True),
            style,
            color=color,
            lw=1,
            alpha=0.8,
        )


def _diverged(ax, data: dict, r) -> None:
    """A diverged run's mark at its last finite loss (a non-finite one, the usual end, cannot
    be drawn) and its record."""
    finite = [k for k, x in enumerate(r.loss) if math.isfinite(x)]
    k = finite[-1] if finite else 0
    y = r.loss[k] if finite else 0.0
    ax.plot([r.steps[k]], [y], "X", ms=12, color="red")
    ax.annotate(
        f"diverged: {r.point_id} (step {r.steps[-1]})",
        (r.steps[k], y),
        fontsize=7,
        color="red",
        xytext=(4, 4),
        textcoords="offset points",
    )
    data["diverged"].append(
        {
            "point_id": r.point_id,
            "step": r.steps[-1],
            "marked_at": r.steps[k],
            "reason": r.reason,
        }
    )


def _schedules(ax_lr, a: Analysis, schedules: dict, data: dict) -> None:
    """One learning-rate line per schedule, the runs that share it named in its label."""
    for pts, members in schedules.items():
        variants_ = sorted({m[0] for m in members})
        color = color_of(a, variants_[0]) if len(variants_) == 1 else "black"
        counts = ", ".join(f"{v} x{sum(m[0] == v for m in members)}" for v in variants_)
        stopped = [m[1].point_id for m in members if m[1].status != "completed"]
        lab = f"{len(members)} run(s): {counts}" + (
            f" ({', '.join(stopped)} stopped)" if stopped else ""
        )
        x, y = [p[0] for p in pts], [p[1] for p in pts]
        runs_ = [m[1].point_id for m in members]
        recorded(
            data,
            "lr",
            {"runs": runs_, "x": x, "y": y},
            ax_lr.plot,
            x,
            y,
            "-",
            color=color,
            label=lab,
        )


def _label_axes(ax, ax_norm, ax_lr, data: dict) -> None:
    """The three panels' labels, titles, grids and legends (log scale for drawn norms)."""
    ax.set_xlabel("step")
    ax.set_ylabel("training loss (cross-entropy, nats per target token, mean over ranks)")
    ax.set_title("loss per step; diverged runs marked X", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=6, loc="upper right")  # 'best' tests every line of every run
    ax_norm.set_xlabel("step")
    ax_norm.set_ylabel("global L2 norm of the averaged gradient")
    ax_norm.set_title("gradient norm per step (a diverging run shows here first)", fontsize=9)
    if data["grad_norm"]:
        log_scale(ax_norm)
    ax_norm.grid(True, alpha=0.3)
    ax_lr.set_xlabel("step")
    ax_lr.set_ylabel("learning rate applied")
    ax_lr.set_title("learning-rate schedule actually applied (from the step logs)", fontsize=9)
    ax_lr.grid(True, alpha=0.3)
    ax_lr.legend(fontsize=7)
    ax_lr.ticklabel_format(axis="y", style="sci", scilimits=(0, 0))
