"""`scalestudy report --check`: every expectation of the sweeps' `expect:` blocks measured on
the report's own analysis, with its interval and a verdict (docs/report.md#expectations).

Each bound is judged on the measured 95% interval (sweepfile/expectations.Bound.judge): it *holds*
when the whole interval lies on the good side of the bound (tolerance included), *fails* when
the whole interval lies on the bad side, and is *inconclusive* when the interval straddles it
(more repeats would settle it). The intervals are the run's noise model's (scalestudy/
uncertainty): a point measured once still has one when other points of the run give the noise
its degrees of freedom; only where no spread can be estimated at all is the figure unjudged,
and its verdict inconclusive ("no noise estimate"), which the policy then counts. What an
inconclusive verdict counts as is a policy: the expectation's `inconclusive:`
key, else `--inconclusive`, else `fail`. A point that has no completed repeat cannot be judged
at all: it is "not measured" and always fails the check. Efficiency and speedup are against
the variant's own smallest size N0, as the report's curves.

The verdicts go to the terminal, summary.md, report.html and check.json, each with its
expectation's file:line, and (`--junit FILE`) to a JUnit XML file CI systems read.
"""

from __future__ import annotations

import math
import socket
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from scalestudy import archive
from scalestudy.formats import references
from scalestudy.formats.metrics import METRICS
from scalestudy.report.analysis import Analysis
from scalestudy.report.load import ReportError
from scalestudy.report.scaling import Variant, column_samples, screened_noise
from scalestudy.report.sweep_results import SweepResults
from scalestudy.sweepfile import baseline, expectations
from scalestudy.sweepfile.expectations import DEFAULT_POLICY, FAILS, HOLDS, INCONCLUSIVE
from scalestudy.sweepfile.schema import Expectation
from scalestudy.uncertainty import model as uncertainty
from scalestudy.uncertainty.model import NO_NOISE, Estimate

NOT_MEASURED = "not measured"
VERDICTS = (HOLDS, FAILS, INCONCLUSIVE, NOT_MEASURED)
# the metrics without a column: the report's scaling (analysis.Scaling's attribute)
SCALING_METRICS = {
    "weak_efficiency": "efficiency",
    "strong_speedup": "speedup",
    "strong_efficiency": "efficiency",
}
HEAD = ("verdict", "metric", "variant", "nodes", "measured [95% CI]", "bound")
HEAD += ("expectation", "note")  # the expectation: its sweep file and line


@dataclass
class Outcome:
    sweep: str
    index: int  # its place in the sweep's expect: list
    expectation: Expectation
    variant: str
    nodes: int
    bound: expectations.Bound
    measured: Estimate | None
    verdict: str  # one of VERDICTS
    note: str = ""
    where: str = ""  # the sweep file and line of its expect: item
    policy: str = DEFAULT_POLICY  # what an inconclusive verdict counts as

    @property
    def counts_as(self) -> str:
        """What the verdict does to the check: "pass", "warn" or "fail"."""
        if self.verdict == HOLDS:
            return "pass"
        if self.verdict == INCONCLUSIVE:
            return self.policy
        return "fail"

    @property
    def ok(self) -> bool:
        return self.counts_as != "fail"

    @property
    def label(self) -> str:
        """The verdict as the table shows it: what fails the check in capitals."""
        if self.verdict == INCONCLUSIVE:
            word = "INCONCLUSIVE" if self.counts_as == "fail" else "inconclusive"
            return f"{word} ({self.policy})"
        return self.verdict if self.verdict == HOLDS else self.verdict.upper()

    def as_dict(self) -> dict:
        e = self.expectation
        file, _, line = self.where.rpartition(":")
        return {
            "sweep": self.sweep,
            "expect": self.index,
            "where": self.where,
            "file": file if line.isdigit() else self.where,
            "line": int(line) if line.isdigit() else None,
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
            "policy": self.policy,
            "counts_as": self.counts_as,
            "note": self.note,
        }


def sweep_file_of(s: SweepResults) -> Path | None:
    """Where its `expect:` block is: the sweep file named, else the results folder's own
    (an archive's packed copy, or the file the manifest recorded: archive.sources)."""
    if s.sweep_file is not None and s.sweep_file.is_file():
        return s.sweep_file
    return archive.sources(s.folder)[0]


def _column(a: Analysis, v: Variant, nodes: int, column: str, scale: float) -> Estimate | None:
    """A column's median at the point with its interval, from the run's noise model of that
    column over the points of every variant of the report, its outlier screen first, as the
    report's own intervals are made (report/scaling.set_noise: judged without the screen, a
    bound the printed interval lay wholly below of was called inconclusive and passed under
    --inconclusive warn). Completed rows only: a row that failed the clock check is
    `inconsistent`, never a sample."""
    points = [(x, w, column_samples(x, w, column, scale)) for x in a.variants for w in x.workers()]
    sizes = [w for _, w, _ in points]
    runs = [x.sweep for x, _, _ in points]
    kept, _, noise = screened_noise([s for _, _, s in points], sizes, runs)
    for (x, w, _), samples in zip(points, kept, strict=True):
        if x is v and x.point_at(w) is not None and x.point_at(w).nodes == nodes and samples:
            return uncertainty.level(samples, noise, w)
    return None


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
        found = _column(a, v, nodes, m.column, m.scale)
        return found, "" if found else f"no {m.column} in its completed rows"
    scaling = next((s for s in a.scaling.get(v.mode, []) if s.variant is v), None)
    if scaling is None or scaling.error:
        return None, scaling.error if scaling else "no scaling computed"
    table = getattr(scaling, SCALING_METRICS[metric])
    found = table.get(point.workers)
    return found, "" if found else f"no {metric} at {nodes} node(s)"


def check(a: Analysis, policy: str | None = None) -> list[Outcome]:
    """Every expectation of every sweep of the report, for every variant and size it names.
    `policy`: what an inconclusive verdict counts as where the expectation does not say."""
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
        stated = expectations.read_stated(path)
        found_any = found_any or bool(stated)
        for i, st in enumerate(stated):
            e = st.expectation
            bound = expectations.bound(e, published)
            modes = METRICS[e.metric].modes
            of_sweep = [v for v in a.variants if v.sweep == s.name and v.mode in modes]
            chosen = [v for v in of_sweep if baseline.record_matches(e.variant, v.record, v.config)]
            if not chosen:
                raise ReportError(
                    f"{st.where}: expect.{i}: no variant of {s.name}'s results is "
                    f"{e.variant or 'measured by ' + e.metric}",
                    "check the block: scalestudy validate " + str(path),
                )
            wanted = expectations.nodes_of(e, published)
            chosen_policy = e.inconclusive or policy or DEFAULT_POLICY
            for v in chosen:
                sizes = [wanted] if wanted is not None else _sizes(v, e.metric)
                judged = [(nodes, *measure(a, v, nodes, e.metric)) for nodes in sizes] or [
                    (
                        v.n0.nodes if v.points else 0,
                        None,
                        f"only N0 was run: {e.metric} needs a second size",
                    )
                ]
                for nodes, measured, why in judged:
                    o = judge(s.name, i, e, v.label, nodes, bound, measured, why)
                    o.where, o.policy = st.where, chosen_policy
                    out.append(o)
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


def judge(sweep, i, e, label, nodes, bound, measured, why) -> Outcome:
    """The verdict of one expectation at one variant and size, from its interval."""
    if measured is None:
        return Outcome(sweep, i, e, label, nodes, bound, None, NOT_MEASURED, why)
    side = "meets" if bound.holds(measured.value) else "misses"
    finite = all(math.isfinite(x) for x in (measured.value, measured.lo, measured.hi))
    if not measured.judged or not finite:
        note = (
            f"{NO_NOISE}: no interval to judge by (no point of the run has two repeats or "
            "allocations)"
            if finite
            else "the interval is not a number: nothing to judge by"
        )
        note += f" (its median {side} the bound); more repeats would give one"
        return Outcome(sweep, i, e, label, nodes, bound, measured, INCONCLUSIVE, note)
    verdict = bound.judge(measured.lo, measured.hi)
    note = ""
    if verdict == INCONCLUSIVE:
        note = (
            f"the interval straddles the bound (its median {side} it): more repeats would settle it"
        )
    return Outcome(sweep, i, e, label, nodes, bound, measured, verdict, note)


def _value(x: float, unit: str) -> str:
    if unit == "":
        return f"{x:.3f}"
    return f"{x:,.4g}" if abs(x) < 1000 else f"{x:,.0f}"


def _measured(o: Outcome) -> str:
    unit = METRICS[o.expectation.metric].unit
    if o.measured is None:
        return "-"
    got = _value(o.measured.value, unit)
    if o.measured.judged:
        return got + f" [{_value(o.measured.lo, unit)}, {_value(o.measured.hi, unit)}]"
    return got + f" ({NO_NOISE})"


def _bound(o: Outcome) -> str:
    unit = METRICS[o.expectation.metric].unit
    b, tol = o.bound, o.expectation.tolerance
    text = (">= " if b.kind == "at_least" else "<= ") + _value(b.limit, unit)
    if tol:
        text += f" ({_value(b.value, unit)} {'-' if b.kind == 'at_least' else '+'} {tol:.0%})"
    return text + (f" ({b.source})" if b.source else "")


def rows(outcomes: list[Outcome]) -> list[list[str]]:
    """One row per expectation, variant and size (columns: HEAD), as every output shows it."""
    return [
        [
            o.label,
            o.expectation.metric,
            o.variant,
            str(o.nodes),
            _measured(o),
            _bound(o),
            o.where,
            o.note,
        ]
        for o in outcomes
    ]


def closing(outcomes: list[Outcome]) -> list[str]:
    """The counts, and the check's own verdict: passed, passed with warnings, or FAILED and
    why (a failure shown, a point not measured, or inconclusive verdicts the policy fails)."""
    n = {v: sum(o.verdict == v for o in outcomes) for v in VERDICTS}
    by = {
        p: sum(o.verdict == INCONCLUSIVE and o.policy == p for o in outcomes)
        for p in expectations.POLICIES
    }
    counts = (
        f"expectations: {n[HOLDS]} of {len(outcomes)} hold, {n[FAILS]} fail, "
        f"{n[INCONCLUSIVE]} inconclusive"
        + (f", {n[NOT_MEASURED]} not measured" if n[NOT_MEASURED] else "")
    )
    failing = []
    if n[FAILS]:
        failing.append(
            f"{n[FAILS]} fail{'s' if n[FAILS] == 1 else ''} (the whole interval past the bound)"
        )
    if n[NOT_MEASURED]:
        failing.append(f"{n[NOT_MEASURED]} not measured (no completed repeat)")
    if by["fail"]:
        failing.append(
            f"{by['fail']} inconclusive counted as failure{'s' if by['fail'] > 1 else ''} "
            "(policy fail: more repeats would settle them; `--inconclusive warn` or the "
            "expectation's `inconclusive: warn` reports them without failing)"
        )
    if failing:
        if not (n[FAILS] or n[NOT_MEASURED]):
            verdict = "check FAILED on inconclusive verdicts only (none is shown to fail): "
        else:
            verdict = "check FAILED: "
        if by["warn"]:
            failing.append(f"{by['warn']} inconclusive warned of (policy warn)")
        return [counts, verdict + "; ".join(failing)]
    if by["warn"]:
        return [
            counts,
            f"check passed with {by['warn']} warning(s): inconclusive verdicts under policy "
            "warn (not shown to hold: more repeats would settle them)",
        ]
    if by["pass"]:
        return [
            counts,
            f"check passed: {by['pass']} inconclusive verdict(s) passed by policy (pass), the "
            "rest hold",
        ]
    return [counts, "check passed: every expectation holds"]


def lines(outcomes: list[Outcome]) -> list[str]:
    """The terminal's table: one line per expectation, variant and size, then the verdict."""
    table = [list(HEAD), *rows(outcomes)]
    widths = [max(len(r[c]) for r in table) for c in range(len(HEAD))]
    text = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table]
    return text + closing(outcomes)


def junit(outcomes: list[Outcome], now: datetime | None = None) -> str:
    """JUnit XML (the Ant/Jenkins schema's subset: tests/unit/data/junit-check.xsd): one
    testsuite per sweep, one testcase per expectation x variant x size; a failure for fails,
    not measured and an inconclusive verdict its policy fails, skipped for one it warns of;
    every message starts with the expectation's file:line."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%dT%H:%M:%S")
    host = socket.gethostname() or "localhost"
    root = ET.Element("testsuites", name="scalestudy report --check")
    totals = {"tests": 0, "failures": 0}
    sweeps = list(dict.fromkeys(o.sweep for o in outcomes))
    for sweep in sweeps:
        mine = [o for o in outcomes if o.sweep == sweep]
        failures = sum(o.counts_as == "fail" for o in mine)
        skipped = sum(o.counts_as == "warn" for o in mine)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=sweep,
            tests=str(len(mine)),
            failures=str(failures),
            errors="0",
            skipped=str(skipped),
            time="0",
            timestamp=stamp,
            hostname=host,
        )
        props = ET.SubElement(suite, "properties")
        files = list(dict.fromkeys(o.where.rpartition(":")[0] or o.where for o in mine))
        for f in files:
            ET.SubElement(props, "property", name="sweep_file", value=f)
        for o in mine:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{sweep}.{o.expectation.metric}",
                name=f"expect.{o.index} {o.variant} at {o.nodes} node(s)",
                time="0",
            )
            message = (
                f"{o.where}: {o.verdict}: {o.expectation.metric} of {o.variant} at {o.nodes} "
                f"node(s): {_measured(o)}, bound {_bound(o)}" + (f"; {o.note}" if o.note else "")
            )
            if o.counts_as == "fail":
                kind = o.verdict if o.verdict != INCONCLUSIVE else "inconclusive (policy fail)"
                ET.SubElement(case, "failure", message=message, type=kind).text = message
            elif o.counts_as == "warn":
                ET.SubElement(case, "skipped", message=message)
            elif o.verdict == INCONCLUSIVE:
                ET.SubElement(case, "system-out").text = message + " (passed by policy: pass)"
        totals["tests"] += len(mine)
        totals["failures"] += failures
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failures"]))
    root.set("errors", "0")
    root.set("time", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def publish(report, outcomes: list[Outcome], junit_file: Path | None = None) -> None:
    """The verdicts into the report already written (summary.md, report.html: their
    Expectations section), check.json beside them and, if asked, the JUnit file: each
    written whole (a reader sees the old file or the new one)."""
    import json

    from scalestudy.fileio import write_atomic
    from scalestudy.report import html, markdown
    from scalestudy.report.summary import Table

    report.summary.checks = Table(list(HEAD), rows(outcomes))
    report.summary.check_notes = closing(outcomes)
    data = {"outcomes": [o.as_dict() for o in outcomes], "ok": all(o.ok for o in outcomes)}
    write_atomic(report.out / "check.json", json.dumps(data, indent=1))
    write_atomic(report.out / "summary.md", markdown.render(report.summary))
    write_atomic(
        report.out / "report.html", html.render(report.summary, report.rendered, report.files)
    )
    if junit_file is not None:
        junit_file.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(junit_file, junit(outcomes))
