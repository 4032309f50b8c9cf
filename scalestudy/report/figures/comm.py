"""Time per collective against message size (a `workload: comm` sweep), one panel per
collective, one colour per node count, the fitted model as lines where a fit exists."""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure

from scalestudy.cost_models import comm_fit
from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import COLORS, Rendered, Skipped, err, log_scale


def draw(a: Analysis) -> Rendered | Skipped:
    cal = a.comm_calibration
    if isinstance(cal, str):
        return Skipped("comm", cal)
    fig = Figure(figsize=(6.2 * len(cal.panels), 5.2), layout="constrained")
    title = f"Collective time vs message size: {cal.sweep} on {cal.cluster}"
    data: dict = {"title": title, "sweep": cal.sweep, "panels": []}
    for i, p in enumerate(cal.panels):
        ax = fig.add_subplot(1, len(cal.panels), i + 1)
        data["panels"].append(_panel(ax, p, cal.node_counts))
    fig.suptitle(title, fontsize=10)
    caption = (
        "Median time per call over the timed iterations (bars: p10-p90), median over repeats. "
        f"Lines: the fitted model ({comm_fit.MODEL_TEXT}), drawn where a fit exists, over "
        "more than one node and over one rank alone (its overhead); several ranks of one node "
        "talk through shared memory, and oversubscribed points (more ranks than CPUs on a host) "
        "time core sharing: neither is fitted (hollow markers). Stars: the trainer's own "
        "exchange shapes (not used in the fit)."
    )
    return Rendered("comm", title, caption, fig, data)


def _panel(ax, p, node_counts: list[int]) -> dict:
    """One collective's panel: a series per node count, the axes and legend; its data."""
    panel: dict = {"collective": p.collective, "series": [], "fit": p.fit is not None}
    for s in p.series:
        color = COLORS[node_counts.index(s.nodes) % len(COLORS)]
        panel["series"].append(_series(ax, s, color))
    log_scale(ax, "x", base=2)
    log_scale(ax)
    what = "whole tensor" if p.collective == "allreduce" else "one rank's share"
    ax.set_xlabel(f"message bytes ({what}, log2)")
    ax.set_ylabel("time per call, s (median, p10-p90)")
    ax.set_title(f"{p.collective}\n{_wrap(p.fit_text)}", fontsize=9)
    ax.plot([], [], "-", color="grey", label="fitted model (lines)")
    ax.plot([], [], "*", color="grey", mec="black", mew=0.5, label="trainer's own shapes")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    panel["subtitle"] = p.fit_text
    return panel


def _label(s) -> str:
    """A node count's legend: its ranks, and why it is not fitted (or what it measures)."""
    label = f"{s.nodes} node(s), {s.workers} rank(s)"
    if s.not_fitted:
        label += " (oversubscribed: not fitted)"
    elif s.workers == 1:
        label += " (no network: overhead and local copies)"
    elif s.nodes == 1:
        label += " (shared memory: not fitted)"
    return label


def _series(ax, s, color: str) -> dict:
    """One node count: measured times (hollow when not fitted), the fitted curve and the
    trainer's own shapes; returns its figures.json entry."""
    m = s.measured
    hollow = {} if s.fitted else {"mfc": "none"}
    ax.errorbar(m["x"], m["y"], yerr=err(m["y"], m["lo"], m["hi"]), fmt="o",
                color=color, capsize=2, label=_label(s), **hollow)  # fmt: skip
    entry = {"nodes": s.nodes, "workers": s.workers, "ppn": s.ppn, "measured": m}
    if s.not_fitted:
        entry["not_fitted"] = s.not_fitted
    if s.model_s is not None:
        if max(s.curve_y) > 0:  # all terms held at 0 (one rank): nothing on a log axis
            ax.plot(s.curve_x, s.curve_y, "-", color=color, alpha=0.8)
        entry["model_s"] = s.model_s
    if s.trainer_shapes is not None:
        t = s.trainer_shapes
        ax.plot(t["x"], t["y"], "*", color=color, ms=11, mec="black", mew=0.5)
        entry["trainer_shapes"] = t
    return entry


def _wrap(text: str, width: int = 70) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text
