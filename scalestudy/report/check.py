"""`scalestudy report --check`: every expectation of the sweeps' `expect:` blocks measured on
the report's own analysis, with its interval and a verdict (docs/report.md#expectations).

An expectation holds when the measured median (over the point's completed repeats) meets its
bound after the tolerance; the interval is printed beside it, and a verdict whose interval
reaches across the bound says "within noise" (more repeats would settle it). A point that has
no completed repeat cannot meet a bound: it fails as "not measured". Efficiency and speedup are
against the variant's own smallest size, as the report's curves.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scalestudy import archive
from scalestudy.contract import references
from scalestudy.contract.metrics import METRICS
from scalestudy.report.analysis import Analysis
from scalestudy.report.load import ReportError, SweepResults
from scalestudy.report.scaling import Variant
from scalestudy.report.stats import Estimate, median_ci
from scalestudy.spec import baseline, expectations
from scalestudy.spec.schema import Expectation

PASS, FAIL, NOT_MEASURED = "pass", "FAIL", "not measured"
# the metrics without a column: the report's scaling (analysis.Scaling's attribute)
SCALING_METRICS = {
    "weak_efficiency": "efficiency",
    "strong_speedup": "speedup",
    "strong_efficiency": "efficiency",
}


@dataclass
class Outcome:
    sweep: str
    index: int  # its place in the sweep's expect: list
    expectation: Expectation
    variant: str
    nodes: int
    bound: expectations.Bound
    measured: Estimate | None
    verdict: str
    note: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict == PASS

    def as_dict(self) -> dict:
        e = self.expectation
        return {
            "sweep": self.sweep,
            "expect": self.index,
            "metric": e.metric,
            "unit": METRICS[e.metric].unit,
            "variant": self.variant,
            "nodes": self.nodes,
            "bound": {
                "kind": self.bound.kind,
                "value": self.bound.value,
                "tolerance": e.tolerance,
                "limit": self.bound.limit,
                "source": self.bound.source,
            },
            "measured": self.measured.as_dict() if self.measured else None,
            "verdict": self.verdict,
            "note": self.note,
        }


def sweep_file_of(s: SweepResults) -> Path | None:
    """Where its `expect:` block is: the sweep file named, else the results folder's own
    (an archive's packed copy, or the file the manifest recorded: archive.sources)."""
    if s.sweep_file is not None and s.sweep_file.is_file():
        return s.sweep_file
    return archive.sources(s.folder)[0]


def _column(v: Variant, nodes: int, column: str, scale: float) -> Estimate | None:
    rows = v.rows[(v.rows["nodes"] == nodes) & (v.rows["status"] == "completed")]
    values = [float(x) * scale for x in rows[column] if x == x and x is not None]
    return median_ci(values) if values else None


def measure(a: Analysis, v: Variant, nodes: int, metric: str) -> tuple[Estimate | None, str]:
    """The metric of variant v at `nodes`, or None and why it has no value."""
    m = METRICS[metric]
    point = next((p for p in v.points if p.nodes == nodes), None)
    if point is None:
        return None, f"{v.label} has no point at {nodes} node(s)"
    if not point.completed:
        states = ", ".join(f"{k} x{c}" for k, c in sorted(point.statuses.items()))
        return None, f"no completed repeat ({states})"
    if m.column is not None:
        found = _column(v, nodes, m.column, m.scale)
        return found, "" if found else f"no {m.column} in its completed rows"
    scaling = next((s for s in a.scaling.get(v.mode, []) if s.variant is v), None)
    if scaling is None or scaling.error:
        return None, scaling.error if scaling else "no scaling computed"
    table = getattr(scaling, SCALING_METRICS[metric])
    found = table.get(point.workers)
    return found, "" if found else f"no {metric} at {nodes} node(s)"


def check(a: Analysis) -> list[Outcome]:
    """Every expectation of every sweep of the report, for every variant and size it names."""
    published = references.load()
    out: list[Outcome] = []
    found_any = False
    for s in a.sweeps:
        path = sweep_file_of(s)
        if path is None:
            raise ReportError(
                f"sweep {s.name}: its sweep file (the expect: block) is not found",
                "give the sweep file as the report's argument: scalestudy report --check "
                "SWEEP.yaml",
            )
        expected = expectations.read(path)
        found_any = found_any or bool(expected)
        for i, e in enumerate(expected):
            bound = expectations.bound(e, published)
            modes = METRICS[e.metric].modes
            of_sweep = [v for v in a.variants if v.sweep == s.name and v.mode in modes]
            chosen = [v for v in of_sweep if baseline.record_matches(e.variant, v.record)]
            if not chosen:
                raise ReportError(
                    f"{path}: expect.{i}: no variant of {s.name}'s results is "
                    f"{e.variant or 'measured by ' + e.metric}",
                    "check the block: scalestudy validate " + str(path),
                )
            wanted = expectations.nodes_of(e, published)
            for v in chosen:
                sizes = [wanted] if wanted is not None else _sizes(v, e.metric)
                for nodes in sizes:
                    measured, why = measure(a, v, nodes, e.metric)
                    out.append(_outcome(s.name, i, e, v.label, nodes, bound, measured, why))
    if not found_any:
        raise ReportError(
            "--check: no sweep of this report has an expect: block",
            "add one to the sweep file (docs/report.md#expectations)",
        )
    return out


def _sizes(v: Variant, metric: str) -> list[int]:
    """Every size of the variant; an efficiency or speedup leaves out N0 (1 by definition)."""
    sizes = sorted({p.nodes for p in v.points})
    return sizes if METRICS[metric].column else [n for n in sizes if n != v.n0.nodes]


def _outcome(sweep, i, e, label, nodes, bound, measured, why) -> Outcome:
    if measured is None:
        return Outcome(sweep, i, e, label, nodes, bound, None, NOT_MEASURED, why)
    verdict = PASS if bound.holds(measured.value) else FAIL
    note = ""
    if measured.n == 1:
        note = "1 repeat: no interval"
    elif measured.lo < bound.limit < measured.hi:
        note = "within noise: the interval reaches across the bound"
    return Outcome(sweep, i, e, label, nodes, bound, measured, verdict, note)


def _value(x: float, unit: str) -> str:
    if unit == "":
        return f"{x:.3f}"
    return f"{x:,.4g}" if abs(x) < 1000 else f"{x:,.0f}"


def lines(outcomes: list[Outcome]) -> list[str]:
    """The terminal's table: one line per expectation, variant and size."""
    rows = [("verdict", "metric", "variant", "nodes", "measured [95% CI]", "bound", "note")]
    for o in outcomes:
        unit = METRICS[o.expectation.metric].unit
        if o.measured is None:
            got = "-"
        else:
            got = _value(o.measured.value, unit)
            if o.measured.n > 1:
                got += f" [{_value(o.measured.lo, unit)}, {_value(o.measured.hi, unit)}]"
        b, tol = o.bound, o.expectation.tolerance
        bound = (">= " if b.kind == "at_least" else "<= ") + _value(b.limit, unit)
        if tol:
            bound += f" ({_value(b.value, unit)} {'-' if b.kind == 'at_least' else '+'} {tol:.0%})"
        bound += f" ({b.source})" if b.source else ""
        rows.append((o.verdict, o.expectation.metric, o.variant, str(o.nodes), got, bound, o.note))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    text = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    failed = sum(not o.ok for o in outcomes)
    text.append(
        f"expectations: {len(outcomes) - failed} of {len(outcomes)} hold"
        + (f"; {failed} do not" if failed else "")
    )
    return text
