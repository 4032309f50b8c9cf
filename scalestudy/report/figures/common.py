"""What every figure shares: the result types, colours, axes and the projection's legend.

A figure module takes the Analysis and returns a Rendered figure (the Figure, a title, a caption
and `data`: exactly the series it plotted, JSON-able, so tests compare them with the table) or
a Skipped one with the reason. It only draws: every number comes from the Analysis.
Conventions: measured series solid with 95% bootstrap intervals over repeats; "vs common
baseline" dotted with hollow markers; projection dashed and labelled "projection"; published
numbers as stars labelled "published ... (context)"; ideal lines grey.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, LogFormatter, NullLocator

from scalestudy.report.analysis import Analysis, Scaling, VariantProjection
from scalestudy.report.scaling import Variant

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


@dataclass
class Rendered:
    name: str
    title: str
    caption: str
    fig: Figure
    data: dict = field(default_factory=dict)


@dataclass
class Skipped:
    name: str
    reason: str


def color_of(a: Analysis, label: str) -> str:
    labels = [v.label for v in a.variants]
    return COLORS[labels.index(label) % len(COLORS)] if label in labels else "black"


# SI prefixes (base 10) and binary ones (base 2: bytes of messages, powers of two)
_PREFIXES = {10: ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")),
             2: ((2**40, "Ti"), (2**30, "Gi"), (2**20, "Mi"), (2**10, "Ki"))}  # fmt: skip


def compact(x: float, base: int = 10) -> str:
    """A tick's value as short plain text: 20k, 3M, 0.5 (base 10); 64Ki, 1Mi (base 2)."""
    for size, prefix in _PREFIXES[2 if base == 2 else 10]:
        if abs(x) >= size:
            return f"{x / size:g}{prefix}"
    return f"{x:g}"


class PlainLog(LogFormatter):
    """A log axis's labels where matplotlib's own formatter puts them (the decades, and the
    minor ticks of a short axis), written as plain text (compact) instead of its TeX-style
    2x10^4: parsing those as mathtext, once for the PNG and again for the SVG, was a fifth
    of building a report (cProfile, a 3-size report: 1.9 of 9.9 s, 8.1 of them in savefig)."""

    def __init__(self, base: int = 10, **kw):
        super().__init__(base, **kw)
        self.prefix_base = base  # kept here: LogFormatter's own is private

    def __call__(self, x, pos=None) -> str:
        return compact(x, self.prefix_base) if super().__call__(x, pos) else ""


def log_scale(ax, which: str = "y", base: int = 10) -> None:
    """ax's x or y axis on a log scale of `base`, labelled by PlainLog (its minor ticks as
    matplotlib's log scale labels them: only on an axis too short for two decades)."""
    (ax.set_xscale if which == "x" else ax.set_yscale)("log", base=base)
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_formatter(PlainLog(base))
    axis.set_minor_formatter(PlainLog(base, labelOnlyBase=False))


def log2_x(ax, xs: list[float], label: str) -> None:
    log_scale(ax, "x", base=2)  # the node counts' own labels below, where there are any
    ticks: list[int] = []
    for t in sorted({int(x) for x in xs if x and x > 0}):
        if ticks and t / ticks[-1] < 1.35:  # labels would overlap (e.g. 256 and 300): keep t
            ticks.pop()
        ticks.append(t)
    if ticks:
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_xticklabels([str(t) for t in ticks])
        lo, hi = min(xs), max(xs)
        ax.set_xlim(lo / 1.3, hi * 1.3)
    ax.set_xlabel(label)


def pct(values) -> list[float]:
    return [100.0 * v for v in values]


def err(values, lo, hi) -> list[list[float]]:
    """Error-bar lengths; an end that is None (no noise estimate) draws no bar (NaN). The
    value is a median and the interval the level's (exp(mean log)): with repeats that agree
    exactly its ends differ from the median by rounding alone, so a length is never below 0
    (matplotlib refuses one)."""
    nan = float("nan")
    return [
        [nan if lo_ is None else max(0.0, v - lo_) for v, lo_ in zip(values, lo, strict=True)],
        [nan if hi_ is None else max(0.0, hi_ - v) for v, hi_ in zip(values, hi, strict=True)],
    ]


def bounds(estimates) -> tuple[list, list]:
    """The interval ends of estimates (scalestudy/uncertainty), None where unjudged: no band."""
    return (
        [e.lo if e.judged else None for e in estimates],
        [e.hi if e.judged else None for e in estimates],
    )


def recorded(data: dict, key: str, record: dict, plot, *args, **style) -> dict:
    """Draw one series (`plot`: ax.plot, ax.errorbar, ax.axhline ... with `args` and `style`)
    and append its figures.json record under `key`: the drawing and the record it leaves are
    written side by side, once. Returns the record."""
    plot(*args, **style)
    data.setdefault(key, []).append(record)
    return record


def comm_of(vp: VariantProjection | None) -> dict:
    """What a step-time projection line says about its communication model (figures.json)."""
    if vp is None or vp.comm is None:
        return {}
    return {"comm_model": vp.comm.description, "comm_fitted": vp.comm.fitted}


def comm_models_drawn(a: Analysis, data: dict) -> list:
    said = {p.get("comm_model") for p in data.get("projection", [])}
    return [m for m in a.comm_models if m.description in said]


def comm_legend(ax, a: Analysis, data: dict) -> None:
    """A legend line naming the communication model of the dashed step-time projection:
    fitted (and from which comm sweep) or the profile's nominal figures."""
    for m in comm_models_drawn(a, data):
        label = f"dashed: {m.short}"
        ax.plot([], [], " ", label=label)
        if label not in data.setdefault("comm_legend", []):
            data["comm_legend"].append(label)


def comm_caption(a: Analysis, data: dict) -> str:
    said = "".join(f" Dashed projection: {m.description}." for m in comm_models_drawn(a, data))
    if said:  # projection/variant.py: the repeats and the model's residuals (docs/report.md)
        said += " Shaded around it: its 95% prediction interval."
    return said


def baselines_text(ss: list[Scaling], common: Variant | None) -> str:
    n0 = sorted({s.n0_nodes for s in ss})
    text = "N0 = " + "/".join(str(n) for n in n0) + " node(s) (own)"
    if common is not None:
        text += f"; common baseline: {common.label} at N0 = {common.n0.nodes} node(s)"
    return text


def measured_scaling(a: Analysis, mode: str, figure: str, quantity: str) -> list | Skipped:
    """The mode's scaling series, or why `figure` is skipped: no such points, or none from
    which `quantity` (an attribute of Scaling: speedup, efficiency) can be computed."""
    ss = a.scaling.get(mode)
    if not ss:
        return Skipped(figure, f"no {mode}-scaling points in the table")
    if not any(getattr(s, quantity) for s in ss):
        why = "; ".join(s.error for s in ss if s.error) or "no completed repeats"
        return Skipped(figure, f"no {quantity} can be computed: {why}")
    return ss


def baseline_series(s: Scaling, kind: str) -> tuple[int, str]:
    """The N0 of one of a scaling's two baselines (own or common), and how its legend says it."""
    n0 = s.n0_nodes if kind == "own" else s.common_n0_nodes
    return n0, f"own N0={n0}" if kind == "own" else f"vs {s.common_label} N0={n0}"


def estimate_bars(ax, est: dict, ws: list[int], nodes: list[int], scale: float, **style) -> dict:
    """An estimate per worker count (median, 95% interval) as error bars over `nodes`, scaled
    (100 for percent); returns the plotted numbers for the figure's data."""
    val = [scale * est[w].value for w in ws]
    lo, hi = bounds([est[w] for w in ws])
    lo = [None if x is None else scale * x for x in lo]
    hi = [None if x is None else scale * x for x in hi]
    ax.errorbar(nodes, val, yerr=err(val, lo, hi), marker="o", capsize=3, **style)
    return {"x": nodes, "workers": ws, "y": val, "lo": lo, "hi": hi}


@dataclass
class Measured:
    """One measured series of a variant's scaling: against its own N0 or the common one."""

    variant: str
    kind: str  # "own" or "common"
    ws: list[int]
    nodes: list[int]
    n0: int
    label: str
    style: dict

    def draw(self, ax, est: dict, scale: float) -> dict:
        """The estimates as error bars; returns the series' figures.json record."""
        bars = estimate_bars(ax, est, self.ws, self.nodes, scale, **self.style, label=self.label)
        return {
            "label": self.label,
            "variant": self.variant,
            "baseline": self.kind,
            "n0_nodes": self.n0,
            **bars,
        }


def measured_series(s: Scaling, color: str, own: dict, common: dict) -> list[Measured]:
    """The variant's series with estimates: against its own N0 (solid, filled markers), then
    against the common baseline (dotted, hollow; none for the common baseline itself). `own`
    and `common` are the estimates that decide whether a series is drawn."""
    out = []
    for kind, est, fmt, face in (
        ("own", own, "-", color),
        ("common", {} if s.is_common else common, ":", "white"),
    ):
        if not est:
            continue
        ws = sorted(est)
        n0, base = baseline_series(s, kind)
        out.append(
            Measured(
                s.variant.label,
                kind,
                ws,
                [s.variant.point_at(w).nodes for w in ws],
                n0,
                f"{s.variant.label} ({base})",
                {"fmt": fmt, "color": color, "mfc": face},
            )
        )
    return out


def prediction_band(ax, band: list, interval, color: str, scale: float = 1.0) -> None:
    """The 95% prediction interval (projection/variant.py) of the projected points `band` as a
    shaded band, scaled (100 for percent); `interval(p)` is a point's interval."""
    if band:
        ax.fill_between(
            [p.nodes for p in band],
            [scale * interval(p).lo for p in band],
            [scale * interval(p).hi for p in band],
            color=color,
            alpha=0.12,
        )


def published_points(ax, a: Analysis, metric: str, data: dict, xs: list[float]) -> None:
    """The published numbers of `metric` the sweep names, as stars (in percent)."""
    for r in (r for r in a.references if r.metric == metric and r.plot):
        published_star(ax, data, {"label": r.label, "x": r.nodes, "y": 100 * r.value}, r.describe())
        xs.append(r.nodes)


def published_star(ax, data: dict, record: dict, says: str) -> None:
    """A published number as a black star at the record's x and y, labelled with what it
    says, and its figures.json record under `references`."""
    recorded(
        data,
        "references",
        record,
        ax.plot,
        [record["x"]],
        [record["y"]],
        marker="*",
        ms=15,
        color="black",
        ls="none",
        label=f"{record['label']}: {says}",
    )
