"""A comparison written out: the terminal table (rich), compare.md, compare.html (one
self-contained page, figures embedded as PNGs as report.html does) and compare.json, and the
overlay figures (one per metric: tokens/s and efficiency against nodes, BASE solid, each NEW
dashed, with 95% intervals; and the NEW/BASE ratios with their intervals)."""

from __future__ import annotations

import base64
import json
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure

from scalestudy.compare.analysis import (
    INCONCLUSIVE,
    POOLED,
    UNJUDGED,
    Comparison,
    Pair,
    Ratio,
    noise_models,
    settle_text,
    side_efficiency,
)
from scalestudy.compare.envdiff import Field
from scalestudy.compare.match import Measured, Side
from scalestudy.fileio import write_atomic
from scalestudy.profiles import TEMPLATES
from scalestudy.report.figures.common import COLORS, err, log2_x
from scalestudy.templating import html_environment
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import CONFIDENCE

MARKERS = ("o", "s", "^", "D", "v", "P")
STYLES = ("-", "--", ":", "-.")


@dataclass
class Settings:
    confidence: float
    min_samples: int
    tolerance: float | None
    strict: bool = False
    allow_unjudged: bool = False


def _num(v: float | None, digits: int = 4) -> str:
    if v is None or not math.isfinite(v):
        return "-"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.{digits}g}"


def _est(e) -> str:
    return "-" if e is None else _num(e.value)


def _ratio(e) -> str:
    if e is None:
        return "-"
    if e.lo == e.hi:
        return f"{e.value:.3f}"
    return f"{e.value:.3f} [{e.lo:.3f}, {e.hi:.3f}]"


def _verdict(r: Ratio | None) -> str:
    """The verdict against 1 and what judged it: the point's own repeats (its own spread) or the
    runs' pooled noise (t); unjudged with its reason."""
    if r is None:
        return "-"
    if r.verdict == UNJUDGED:
        return f"{UNJUDGED}: no noise estimate (df = 0)"
    if r.method == POOLED:
        return f"{r.verdict} (pooled noise)"
    return r.verdict


def _gate(r: Ratio, tolerance: float | None) -> str:
    """The outcome against the tolerance, TOL spelled out."""
    if tolerance is None or not r.gate:
        return "-"
    word = r.gate.replace("TOL", f"{tolerance:.1%}")
    if r.gate == INCONCLUSIVE:
        return f"{word}: {settle_text(r)}"
    if r.gate == UNJUDGED:
        return f"{word}: {r.why}" if r.verdict != UNJUDGED else word
    return word


def _size(m: Measured) -> str:
    return f"{m.nodes} x {m.ppn}"


def _variant(m: Measured) -> str:
    label = m.label or m.workload
    return label if m.mode in ("weak", "") else f"{label} [{m.mode}]"


POINT_HEAD = [
    "variant",
    "nodes x ppn",
    "BASE tokens/s",
    "NEW tokens/s",
    "NEW/BASE",
    "verdict",
    "vs tolerance",
    "efficiency NEW/BASE",
    "verdict (efficiency)",
    "GFLOP/s per rank BASE -> NEW",
    "repeats",
]


def _gflops(p: Pair) -> str:
    """The model FLOP/s per rank of each side (medians; the report gives the share of peak)."""
    sides = [statistics.median(m.flops) / 1e9 if m.flops else None for m in (p.base, p.new)]
    return " -> ".join("-" if x is None else f"{x:.1f}" for x in sides)


def point_rows(c: Comparison, tolerance: float | None) -> list[list[str]]:
    rows = []
    for p in c.pairs:
        t, e = p.tokens, p.efficiency
        verdict = _verdict(t) + ("  REGRESSION" if p.regression else "")
        rows.append(
            [
                _variant(p.base),
                _size(p.base),
                _est(t.base),
                _est(t.new),
                _ratio(t.ratio),
                verdict,
                _gate(t, tolerance),
                _ratio(e.ratio) if e else "-",
                _verdict(e) if e else "-",
                _gflops(p),
                f"{t.n_base} / {t.n_new}",
            ]
        )
    return rows


def unmatched_rows(items) -> list[list[str]]:
    return [
        [
            _variant(u.point),
            _size(u.point),
            ", ".join(f"{k}={json.dumps(v)}" for k, v in u.point.overrides.items()) or "-",
            "; ".join(u.nearest) or "-",
        ]
        for u in items
    ]


UNMATCHED_HEAD = ["variant", "nodes x ppn", "settings", "nearest on the other side differs in"]


def _values(values: list[str], limit: int = 3, width: int = 60) -> str:
    def cut(s: str) -> str:
        return s if len(s) <= width else s[: width - 1] + "…"

    shown = [cut(v) for v in values[:limit]]
    more = len(values) - limit
    return " | ".join(shown) + (f" (+{more} more)" if more > 0 else "")


def field_row(f: Field, width: int = 60) -> list[str]:
    if f.detail:
        return [f.section, f.name, "(see change)", "(see change)", f.detail]
    return [f.section, f.name, _values(f.base, width=width), _values(f.new, width=width), ""]


ENV_HEAD = ["section", "field", "BASE", "NEW", "change"]


def unchanged_summary(c: Comparison) -> str:
    keep = [
        f
        for f in c.environment
        if not f.changed and f.section in ("software", "machine", "site") and len(f.base) == 1
    ]
    return "; ".join(
        f"{f.name} {f.base[0].split(' (')[0][:40]}" for f in keep if f.name != "CPU flags"
    )


def headline(c: Comparison, s: Settings) -> str:
    return (
        f"{c.base.label} (BASE) vs {c.new.label} (NEW): {len(c.pairs)} matched point(s), "
        f"{len(c.only_base)} only in BASE, {len(c.only_new)} only in NEW; "
        f"{len(c.changed)} environment field(s) changed"
    )


def noise_line(c: Comparison) -> str:
    """The pooled noise model of the two runs, as the verdicts used it."""
    model = c.noise.get("tokens_per_s")
    if model is None:
        return ""
    judged = {p.tokens.method for p in c.pairs}
    pooled = sum(p.tokens.method == POOLED for p in c.pairs)
    used = (
        f"; {pooled} of {len(c.pairs)} point(s) judged on it"
        if POOLED in judged
        else "; every point judged on its own repeats"
        if judged == {"per point"}
        else ""
    )
    return f"Noise: {model.describe()}{used}."


def gate_summary(c: Comparison, s: Settings) -> str:
    """One line: the points against the tolerance, by outcome ('' without a tolerance)."""
    if s.tolerance is None:
        return ""
    from scalestudy.compare.analysis import SLOWER_THAN_TOL, WITHIN_TOL

    counts = [
        (f"slower than {s.tolerance:.1%}", len(c.gated(SLOWER_THAN_TOL))),
        (f"within {s.tolerance:.1%}", len(c.gated(WITHIN_TOL))),
        (INCONCLUSIVE, len(c.gated(INCONCLUSIVE))),
        (UNJUDGED, len(c.gated(UNJUDGED))),
    ]
    fails = [INCONCLUSIVE] if s.strict else []
    fails += [] if s.allow_unjudged else [UNJUDGED]
    rule = f"slower{''.join(f' or {f}' for f in fails)} fails the gate"
    missing = (
        f"; {len(c.only_base)} BASE point(s) not in NEW, which fail it too"
        if c.only_base and not s.allow_unjudged
        else ""
    )
    return (
        f"Gate at {s.tolerance:.1%}: "
        + ", ".join(f"{n} {what}" for what, n in counts)
        + f" of {len(c.pairs)} matched point(s) ({rule}{missing})."
    )


def method(s: Settings) -> str:
    tol = (
        f" Against the tolerance {s.tolerance:.1%}: slower than it when the interval's upper "
        f"end is below {1 - s.tolerance:.3f}, within it when its lower end is at or above, "
        "else inconclusive (with the repeats a side that would settle it)."
        if s.tolerance is not None
        else ""
    )
    return (
        f"Ratios NEW/BASE with {s.confidence:.0%} intervals. A point with at least "
        f"{s.min_samples} completed repeats on each side (and 4 allocations when grouped by "
        "allocation) is judged on its own: the ratio of medians, a Student-t "
        "interval from that point's own units' spread. Every other point is judged on the "
        "runs' pooled noise: the ratio of geometric means, Student-t interval from the spread of "
        "the logs of every point's repeats (allocations) in both runs; with one repeat "
        "everywhere nothing can be judged (unjudged). Faster/slower (higher/lower) when the "
        f"interval excludes 1.{tol} Points matched by workload, mode, configuration, nodes "
        "and ranks per node."
    )


# -- terminal ----------------------------------------------------------------------------------


def terminal(comparisons: list[Comparison], s: Settings, width: int | None = None) -> str:
    import io

    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    console = Console(file=buf, width=width or 160, highlight=False, soft_wrap=False)
    for c in comparisons:
        console.print(headline(c, s))
        t = Table(*POINT_HEAD, show_lines=False)
        for row in point_rows(c, s.tolerance):
            t.add_row(*row)
        if c.pairs:
            console.print(t)
        for what, items in (("only in BASE", c.only_base), ("only in NEW", c.only_new)):
            if items:
                u = Table(*UNMATCHED_HEAD, title=f"{what} ({len(items)})")
                for row in unmatched_rows(items):
                    u.add_row(*row)
                console.print(u)
        if c.changed:
            e = Table(*ENV_HEAD, title=f"what changed ({len(c.changed)} field(s))")
            for f in c.changed:
                e.add_row(*field_row(f, width=50))
            console.print(e)
        else:
            console.print(
                "what changed: nothing the captures, job scripts, profile and sweep file record"
            )
        same = unchanged_summary(c)
        if same:
            console.print(f"unchanged: {same}")
        for n in dict.fromkeys(c.notes):
            console.print(f"note: {n}")
        for line in (noise_line(c), gate_summary(c, s)):
            if line:
                console.print(line)
        console.print()
    console.print(method(s))
    return buf.getvalue()


# -- markdown ----------------------------------------------------------------------------------


def _md_table(head: list[str], rows: list[list[str]]) -> list[str]:
    def cell(x: str) -> str:
        return str(x).replace("|", "\\|").replace("\n", " ")

    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    out += ["| " + " | ".join(cell(x) for x in r) + " |" for r in rows]
    return out


def markdown(comparisons: list[Comparison], s: Settings, figures: list[dict]) -> str:
    lines = [
        f"# Comparison: {comparisons[0].base.label} against "
        f"{', '.join(c.new.label for c in comparisons)}",
        "",
        method(s),
        "",
    ]
    for c in comparisons:
        lines += [f"## {c.new.label} against {c.base.label}", "", headline(c, s), ""]
        lines += [f"{x}\n" for x in (gate_summary(c, s), noise_line(c)) if x]
        if c.pairs:
            lines += [*_md_table(POINT_HEAD, point_rows(c, s.tolerance)), ""]
        for what, items in (("Only in BASE", c.only_base), ("Only in NEW", c.only_new)):
            if items:
                lines += [f"### {what}", "", *_md_table(UNMATCHED_HEAD, unmatched_rows(items))]
                lines += [""]
        lines += ["### What changed", ""]
        if c.changed:
            lines += [*_md_table(ENV_HEAD, [field_row(f, 200) for f in c.changed]), ""]
        else:
            lines += ["Nothing the captures, job scripts, profile and sweep file record.", ""]
        same = unchanged_summary(c)
        if same:
            lines += [f"Unchanged: {same}.", ""]
        lines += [f"- note: {n}" for n in dict.fromkeys(c.notes)] + [""]
    for f in figures:
        lines += [f"![{f['title']}]({f['name']}.png)", "", f"*{f['caption']}*", ""]
    return "\n".join(lines)


# -- figures -----------------------------------------------------------------------------------


def _series_tokens(side: Side, m: Measured) -> tuple[float, float, float] | None:
    if not m.tokens:
        return None
    e = uncertainty.level(m.token_samples, noise_models(side)["tokens_per_s"], m.workers)
    return (e.value, e.lo, e.hi) if e is not None else None


def _series_eff(side: Side, m: Measured) -> tuple[float, float, float] | None:
    n0 = side.n0(m.variant_key)
    if n0 is not None and n0.workers == m.workers:
        return (1.0, 1.0, 1.0) if (m.tokens if m.mode != "strong" else m.step_s) else None
    e = side_efficiency(side, m, CONFIDENCE, noise_models(side))
    return None if e is None else (e.value, e.lo, e.hi)


def _overlay(base: Side, news: list[Side], metric: str) -> tuple[Figure, dict] | None:
    value = _series_tokens if metric == "tokens_per_s" else _series_eff
    sides = [base, *news]
    variants: list[str] = []
    for side in sides:
        for m in side.points.values():
            if m.variant_key not in variants:
                variants.append(m.variant_key)
    fig = Figure(figsize=(8, 5), layout="constrained")
    ax = fig.add_subplot(1, 1, 1)
    data: dict = {"metric": metric, "series": []}
    xs: list[float] = []
    for si, side in enumerate(sides):
        for vi, vkey in enumerate(variants):
            pts = [(m, value(side, m)) for m in side.variant_points(vkey)]
            pts = [(m, v) for m, v in pts if v is not None]
            if not pts:
                continue
            x = [m.nodes for m, _ in pts]
            shift = 1.03**si  # each NEW a little to the right, so intervals do not hide
            y = [v[0] for _, v in pts]
            lo, hi = [v[1] for _, v in pts], [v[2] for _, v in pts]
            label = f"{_variant(pts[0][0])}: {side.label}{' (BASE)' if si == 0 else ''}"
            ax.errorbar(
                [v * shift for v in x],
                y,
                yerr=err(y, lo, hi),
                fmt=MARKERS[si % len(MARKERS)],
                linestyle=STYLES[min(si, 1) if si < 2 else si % len(STYLES)],
                color=COLORS[vi % len(COLORS)],
                capsize=3,
                label=label,
                alpha=1.0 if si == 0 else 0.85,
            )
            xs += x
            data["series"].append(
                {
                    "side": side.label,
                    "variant": _variant(pts[0][0]),
                    "x": x,
                    "y": y,
                    "lo": lo,
                    "hi": hi,
                }
            )
    if not data["series"]:
        return None
    log2_x(ax, xs, "nodes")
    if metric == "tokens_per_s":
        ax.set_ylabel("global tokens/s (median of repeats, 95% interval)")
    else:
        ax.set_ylabel("efficiency against the side's own N0")
        ax.axhline(1.0, color="#999", linewidth=0.8)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    return fig, data


def _ratios(comparisons: list[Comparison], tolerance: float | None) -> tuple[Figure, dict] | None:
    rows: list[tuple[str, Pair, int]] = []
    for ci, c in enumerate(comparisons):
        for p in c.pairs:
            if p.tokens.ratio is not None and p.tokens.judged:
                rows.append((f"{c.new.label}: {_variant(p.base)} @ {_size(p.base)}", p, ci))
    if not rows:
        return None
    fig = Figure(figsize=(8, 1.2 + 0.35 * len(rows)), layout="constrained")
    ax = fig.add_subplot(1, 1, 1)
    data: dict = {"metric": "tokens_per_s ratio", "rows": []}
    for i, (label, p, _) in enumerate(rows):
        r = p.tokens.ratio
        color = (
            "#d62728"
            if p.tokens.verdict == "slower"
            else ("#2ca02c" if p.tokens.verdict == "faster" else "#555555")
        )
        ax.errorbar(
            [r.value],
            [i],
            xerr=[[r.value - r.lo], [r.hi - r.value]],
            fmt="o",
            color=color,
            capsize=3,
        )
        data["rows"].append(
            {
                "label": label,
                "value": r.value,
                "lo": r.lo,
                "hi": r.hi,
                "verdict": p.tokens.verdict,
                "gate": p.tokens.gate or None,
                "judged_on": p.tokens.method,
            }
        )
    ax.axvline(1.0, color="black", linewidth=0.8)
    if tolerance is not None:
        ax.axvline(
            1.0 - tolerance,
            color="#d62728",
            linestyle="--",
            linewidth=0.8,
            label=f"regression threshold ({1 - tolerance:.3f})",
        )
        ax.legend(fontsize=7)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("NEW / BASE tokens/s (95% interval)")
    ax.grid(True, axis="x", alpha=0.3)
    return fig, data


def figures(
    base: Side, news: list[Side], comparisons: list[Comparison], s: Settings, out: Path
) -> list[dict]:
    made = []
    specs = [
        (
            "tokens_per_s",
            "Global tokens/s, BASE and NEW",
            "Medians of the completed repeats with 95% intervals (the runs' noise model); "
            "BASE solid, NEW dashed and drawn a little to the right; one colour per variant.",
            lambda: _overlay(base, news, "tokens_per_s"),
        ),
        (
            "efficiency",
            "Scaling efficiency, BASE and NEW",
            "Weak: T(N) / ((N/N0) T(N0)); strong: the speedup t(N0)/t(N) x N0/N; each side "
            "against its own smallest size N0.",
            lambda: _overlay(base, news, "efficiency"),
        ),
        (
            "ratio",
            "NEW / BASE tokens/s per matched point",
            "Red: slower with evidence; green: faster; grey: no evidence (the verdict's "
            "interval: the point's own spread, or the runs' pooled noise); unjudged points "
            "are not drawn.",
            lambda: _ratios(comparisons, s.tolerance),
        ),
    ]
    for name, title, caption, draw in specs:
        drawn = draw()
        if drawn is None:
            continue
        fig, data = drawn
        fig.suptitle(title, fontsize=10)
        png, svg = out / f"{name}.png", out / f"{name}.svg"
        fig.savefig(png, dpi=110, metadata={"Software": None})
        fig.set_layout_engine("none")
        fig.savefig(svg, metadata={"Date": None})
        made.append({"name": name, "title": title, "caption": caption, "png": png, "data": data})
    return made


# -- html / json -------------------------------------------------------------------------------


def html(comparisons: list[Comparison], s: Settings, figs: list[dict]) -> str:
    env = html_environment(TEMPLATES / "compare")
    sections = []
    for c in comparisons:
        sections.append(
            {
                "title": f"{c.new.label} against {c.base.label}",
                "headline": " ".join(
                    x for x in (headline(c, s) + ".", gate_summary(c, s), noise_line(c)) if x
                ),
                "points": {"head": POINT_HEAD, "rows": point_rows(c, s.tolerance)},
                "regressions": [f"{_variant(p.base)} @ {_size(p.base)}" for p in c.regressions],
                "only_base": unmatched_rows(c.only_base),
                "only_new": unmatched_rows(c.only_new),
                "unmatched_head": UNMATCHED_HEAD,
                "changed": [field_row(f, 400) for f in c.changed],
                "unchanged": [field_row(f, 400) for f in c.environment if not f.changed],
                "env_head": ENV_HEAD,
                "notes": list(dict.fromkeys(c.notes)),
            }
        )
    embedded = [
        {
            "name": f["name"],
            "title": f["title"],
            "caption": f["caption"],
            "png": base64.b64encode(Path(f["png"]).read_bytes()).decode("ascii"),
        }
        for f in figs
    ]
    title = f"{comparisons[0].base.label} against {', '.join(c.new.label for c in comparisons)}"
    return env.get_template("compare.html.j2").render(
        title=title, method=method(s), sections=sections, figures=embedded
    )


def as_json(comparisons: list[Comparison], s: Settings, figs: list[dict]) -> str:
    data = {
        "confidence": s.confidence,
        "min_samples": s.min_samples,
        "tolerance": s.tolerance,
        "strict": s.strict,
        "allow_unjudged": s.allow_unjudged,
        "base": comparisons[0].base.label,
        "comparisons": [
            {
                "new": c.new.label,
                "noise": {k: v.as_dict() for k, v in c.noise.items()},
                "gate": gate_summary(c, s) or None,
                "pairs": [p.as_dict() for p in c.pairs],
                "only_base": [u.as_dict() for u in c.only_base],
                "only_new": [u.as_dict() for u in c.only_new],
                "environment": [f.as_dict() for f in c.environment],
                "notes": list(dict.fromkeys(c.notes)),
            }
            for c in comparisons
        ],
        "figures": {f["name"]: f["data"] for f in figs},
    }
    return json.dumps(data, indent=1, default=str)


def write_all(
    base: Side, news: list[Side], comparisons: list[Comparison], s: Settings, out: Path
) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    figs = figures(base, news, comparisons, s, out)
    write_atomic(out / "compare.md", markdown(comparisons, s, figs))
    write_atomic(out / "compare.html", html(comparisons, s, figs))
    write_atomic(out / "compare.json", as_json(comparisons, s, figs))
    return [out / "compare.md", out / "compare.html", out / "compare.json"]
