"""The embedding exchange strategies side by side: bytes per rank against N (measured points,
formula lines) and tokens/s, with the N from which each strategy is predicted cheapest."""

from __future__ import annotations

import math

from matplotlib.figure import Figure

from scalestudy.cost_models import strategies
from scalestudy.report.analysis import Analysis
from scalestudy.report.figures.common import COLORS, Rendered, Skipped, log2_x, log_scale
from scalestudy.report.strategies import NEW, is_tie

ORDER = strategies.NAMES
DENSE = strategies.PAPER_DENSE.name


def _color(strategy: str) -> str:
    return COLORS[ORDER.index(strategy) % len(COLORS)]


def draw(a: Analysis) -> Rendered | Skipped:
    if not a.strategies:
        return Skipped(
            "strategies",
            f"no vocabulary size with {' or '.join(NEW)} measured beside another exchange "
            "(completed points with their unique-row counts)",
        )
    rows = len(a.strategies)
    fig = Figure(figsize=(20, 5.2 * rows), layout="constrained")
    title = f"Embedding exchange strategies: {a.title}"
    data: dict = {"title": title, "vocabularies": []}
    for i, s in enumerate(a.strategies):
        axes = [fig.add_subplot(rows, 4, 4 * i + k) for k in (1, 2, 3, 4)]
        data["vocabularies"].append(_panels(axes, s))
    fig.suptitle(title, fontsize=10)
    data.update(_crossovers(a.strategies))
    return Rendered("strategies", title, _caption(a.strategies), fig, data)


def _crossovers(ss: list) -> dict:
    """Where each vocabulary's cheapest strategy changes, by bytes, time and vocabulary size."""
    return {
        "crossover": {x.vocab: x.crossover for x in ss},
        "time_crossover": {x.vocab: x.time_crossover for x in ss},
        "time_model": ss[0].links_source,
        "vocab_crossover": {x.vocab: x.vocab_crossover for x in ss},
        "undecided": {x.vocab: x.undecided for x in ss},
    }


def _from_nodes(x, crossover: list) -> str:
    return f"V={x.vocab:,}: " + ", ".join(f"from N={n} {best}" for n, best in crossover)


def _by_vocab(x) -> str:
    """One vocabulary's cheapest strategy by vocabulary size, and where each beats dense."""
    return (
        f"at N={x.vocab_workers} (U_r calibrated at V={x.vocab:,}): cheapest "
        + ", ".join(f"from V={v:,} {best}" for v, best in x.vocab_crossover)
        + "; fewer bytes than the dense allreduce "
        + ", ".join(
            f"{k} from V={b:,}" if (b := x.beats_dense_from(k, x.vocab_workers)) else f"{k} never"
            for k in ORDER
            if k != DENSE
        )
    )


def _timing(ss: list) -> str:
    """The caption's sentence on the fourth panel (the exchange time projection)."""
    by_time = "; ".join(_from_nodes(x, x.time_crossover) for x in ss if x.time_crossover)
    if not by_time:
        return " No latency and bandwidth were found for the time projection."
    return (
        f" Fourth panel: each strategy's exchange time projected with latency and bandwidth "
        f"({ss[0].links_source}); fastest, latency counted: {by_time}."
    )


def _caption(ss: list) -> str:
    crossings = "; ".join(_from_nodes(x, x.crossover) for x in ss)
    by_vocab = "; ".join(_by_vocab(x) for x in ss)
    described = "; ".join(f"{x.name}: {x.summary}" for x in strategies.STRATEGIES.values())
    return (
        "The input embedding's gradient exchange by strategy, one row per vocabulary size ("
        f"{described}). Points: measured on the real tensors; lines: the strategies' formulas "
        "with the "
        "measured R_r and U_r per rank, the union U(N) from the data's Zipf law calibrated to "
        "U_r. Cheapest by wire bytes (bandwidth only, message latency not counted), dotted "
        f"lines: {crossings}. By vocabulary size, {by_vocab}. {DENSE}'s wire bytes are fused "
        "with the other dense gradients, so only its formula is drawn. The grey dashed line is "
        "a vocabulary-parallel softmax, MODEL ONLY (not in the trainer): what it would send "
        "instead of the softmax weights' dense allreduce (the allreduce line, 4VH, in an untied "
        "model), with T = half the padded slots per rank; it saves bandwidth only while N T < V "
        "roughly, so for large batches it is mainly a memory saving." + _timing(ss) + _ties(ss)
    )


def _ties(ss: list) -> str:
    """Where the intervals of R_r, U_r and the links tell no strategy apart, and what would."""
    said = "; ".join(n for x in ss for n in x.undecided)
    rule = (
        " A strategy is named cheapest only where it costs less than every other at every "
        "corner of the 95% intervals of R_r, U_r and the links' times (report/strategies.py)"
    )
    return rule + (f"; undecided: {said}." if said else "; every choice above is separated.")


def _panels(axes, s) -> dict:
    """One vocabulary's four panels: logical bytes, wire bytes, tokens/s, exchange time;
    returns its data."""
    data: dict = {"vocab": s.vocab, "hidden": s.hidden, "rows": s.rows, "unique": s.unique}
    data.update(grid=s.grid, union=s.union, measured=[], model={}, target_tokens=s.target_tokens)
    _measured(axes, s, data)
    _formulas(axes, s, data)
    _byte_axes(axes[:2], s)
    log2_x(axes[2], [w for m in s.measured for w in m.workers], "workers N (log2)")
    axes[2].set_ylabel("tokens/s (median)")
    axes[2].set_title(f"V={s.vocab:,}: throughput on this cluster", fontsize=9)
    axes[2].grid(True, alpha=0.3)
    axes[2].legend(fontsize=7)
    _times(axes[3], s, data)
    return data


def _measured(axes, s, data: dict) -> None:
    """Each strategy's measured points: logical bytes, wire counts (where counted), tokens/s."""
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


def _formulas(axes, s, data: dict) -> None:
    """The strategies' formula lines, the vocab-parallel softmax (model only) and the byte
    crossovers on the two byte panels."""
    for strategy, (logical, wire) in s.model.items():
        c = _color(strategy)
        axes[0].plot(s.grid, logical, "-", lw=1.2, color=c, label=f"{strategy}: formula")
        axes[1].plot(s.grid[1:], wire[1:], "-", lw=1.2, color=c, label=f"{strategy}: formula")
        data["model"][strategy] = {"logical": logical, "wire_sent": wire}
    logical, wire = s.softmax_model
    label = "vocab-parallel softmax: model only"
    axes[0].plot(s.grid, logical, "--", lw=1, color="0.5", label=label)
    axes[1].plot(s.grid[1:], wire[1:], "--", lw=1, color="0.5", label=label)
    data["model"]["vocab_parallel_softmax (model only)"] = {"logical": logical, "wire_sent": wire}
    for n, best in s.crossover:
        axes[1].axvline(n, color="0.6" if is_tie(best) else _color(best), ls=":", lw=1)


def _byte_axes(axes, s) -> None:
    for ax, ylabel, sub in (
        (axes[0], "logical bytes per rank per step", "held after the exchange"),
        (axes[1], "wire bytes sent per rank per step", "sent (direct alltoall, ring allgather)"),
    ):
        log2_x(ax, list(s.grid), "workers N (log2)")
        log_scale(ax)
        ax.set_ylabel(ylabel)
        ax.set_title(f"V={s.vocab:,}, H={s.hidden}: {sub}", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)


def _times(ax, s, data: dict) -> None:
    """The fourth panel: each strategy's projected exchange time (where links were found)."""
    if s.seconds:
        for strategy, seconds in s.seconds.items():
            ax.plot(s.grid[1:], seconds[1:], "-", color=_color(strategy), label=strategy)
        for n, best in s.time_crossover:
            ax.axvline(n, color="0.6" if is_tie(best) else _color(best), ls=":", lw=1)
        log2_x(ax, list(s.grid[1:]), "workers N (log2)")
        log_scale(ax)
        ax.legend(fontsize=7)
        data["seconds"] = s.seconds
    ax.set_ylabel("projected exchange time per step (s)")
    ax.set_title(f"V={s.vocab:,}: latency + bandwidth model", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
