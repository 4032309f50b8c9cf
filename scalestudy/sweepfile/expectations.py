"""A sweep's `expect:` block beside the rest of the sweep: each expectation names a metric the
sweep's mode has, a node count the sweep runs, variants the matrix makes and a bound (its own or
a published reference's). `validate` reports what cannot be checked with file:line:key; the
report (report/check.py) reads the block again from the sweep file and measures it.

A bound is judged on the measured interval, not on the median alone (Bound.judge): it holds
when the whole interval lies on the good side of the bound (the tolerance applied), fails when
the whole interval lies on the bad side, and is inconclusive when the interval straddles it.
What an inconclusive verdict counts as is a policy (POLICIES): the expectation's own
`inconclusive:` key, else `report --check --inconclusive`, else DEFAULT_POLICY.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from scalestudy.formats import references
from scalestudy.formats.metrics import METRICS
from scalestudy.sweepfile import baseline
from scalestudy.sweepfile.issues import Issue, SweepError, pydantic_issues
from scalestudy.sweepfile.issues import located as read_located
from scalestudy.sweepfile.schema import Expectation, SweepModel
from scalestudy.workloads import table as workloads
from scalestudy.yamlfile.loader import Located

HOLDS, FAILS, INCONCLUSIVE = "holds", "fails", "inconclusive"
# what an inconclusive verdict counts as: a failure (exit 1), a warning (exit 0, said) or a pass
POLICIES = ("fail", "warn", "pass")
DEFAULT_POLICY = "fail"  # a CI gate passes only what the measurement shows


@dataclass(frozen=True)
class Bound:
    kind: str  # "at_least" or "at_most"
    value: float  # as written (or published)
    limit: float  # after the tolerance: what the median is held to
    source: str  # "" or the published reference's label

    def holds(self, measured: float) -> bool:
        return measured >= self.limit if self.kind == "at_least" else measured <= self.limit

    def judge(self, lo: float, hi: float) -> str:
        """HOLDS when the interval [lo, hi] lies entirely on the good side of the limit (touching
        it included), FAILS when it lies entirely on the bad side, INCONCLUSIVE when it
        straddles the limit (or is not a number)."""
        if self.kind == "at_least":
            if lo >= self.limit:
                return HOLDS
            if hi < self.limit:
                return FAILS
        else:
            if hi <= self.limit:
                return HOLDS
            if lo > self.limit:
                return FAILS
        return INCONCLUSIVE


def bound(e: Expectation, published: dict[str, list[references.Reference]]) -> Bound:
    """The bound an expectation holds its metric to (a reference: its published figure, at
    least or at most as the metric is better higher or lower), loosened by the tolerance."""
    source = ""
    if e.reference is not None:
        ref = _reference(e, published)
        kind = "at_least" if METRICS[e.metric].better == "higher" else "at_most"
        value, source = ref.value, ref.label
    elif e.at_least is not None:
        kind, value = "at_least", e.at_least
    else:
        kind, value = "at_most", float(e.at_most)  # type: ignore[arg-type]
    limit = value * (1 - e.tolerance) if kind == "at_least" else value * (1 + e.tolerance)
    return Bound(kind, value, limit, source)


def _reference(e: Expectation, published: dict) -> references.Reference:
    return next(r for r in published[e.reference] if r.metric == e.metric)


def nodes_of(e: Expectation, published: dict) -> int | None:
    """The node count it applies to: its own, else its reference's, else every one (None)."""
    if e.nodes is None and e.reference is not None and e.reference in published:
        found = [r for r in published[e.reference] if r.metric == e.metric]
        return found[0].nodes if found else None
    return e.nodes


def issues(sw: SweepModel, variants: list, located: Located) -> list[Issue]:
    """What in `expect:` cannot be measured by this sweep (variants: spec.sweep.Variant)."""
    out: list[Issue] = []
    if not sw.expect:
        return out
    if not workloads.get(sw.workload).trains:
        out.append(
            Issue(
                located.line_of(("expect",)),
                "expect",
                f"a {sw.workload} sweep measures no training metric: expectations need "
                f"workload: {' or '.join(w.name for w in workloads.TABLE.values() if w.trains)}",
            )
        )
        return out
    published = references.load()
    sizes = sw.node_list()
    for i, e in enumerate(sw.expect):

        def issue(key: str, message: str, i: int = i) -> None:
            path = ("expect", i, key) if key else ("expect", i)
            out.append(Issue(located.line_of(path), ".".join(map(str, path)), message))

        metric = METRICS[e.metric]
        if sw.mode not in metric.modes:
            other = [m for m in METRICS if sw.mode in METRICS[m].modes and "efficiency" in m]
            issue(
                "metric",
                f"{e.metric} is measured by {' or '.join(metric.modes)} sweeps; this one is "
                f"{sw.mode}" + (f" (its efficiency is {other[0]})" if other else ""),
            )
        if e.reference is not None:
            if e.reference not in published:
                issue(
                    "reference",
                    f"no published reference {e.reference!r}; known: {', '.join(published)}",
                )
                continue
            if not any(r.metric == e.metric for r in published[e.reference]):
                have = sorted({r.metric for r in published[e.reference]})
                issue("reference", f"{e.reference} publishes {', '.join(have)}, not {e.metric}")
                continue
        nodes = nodes_of(e, published)
        if nodes is not None and nodes not in sizes:
            why = "" if e.nodes is not None else " (the published figure's; give nodes:)"
            issue(
                "nodes" if e.nodes is not None else "reference",
                f"{nodes} nodes{why} is not a size of this sweep ({', '.join(map(str, sizes))})",
            )
        if e.variant and not any(_selects(e.variant, v) for v in variants):
            issue(
                "variant",
                f"{e.variant} matches no variant of the sweep: give matrix keys and values "
                "one of its variants has (e.g. trainer.exchange: allreduce)",
            )
    return out


def _selects(selector: dict[str, Any], v) -> bool:
    configs = list(v.point_configs.values())
    return bool(configs) and baseline.matches(selector, v.sweep, configs[0])


@dataclass(frozen=True)
class Stated:
    """An expectation and where the sweep file states it."""

    expectation: Expectation
    path: Path
    line: int | None  # of its `- ...` item in the expect: list

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else str(self.path)


def read_stated(path: Path) -> list[Stated]:
    """The `expect:` block of a sweep file, validated alone (the report reads it where the
    rest of the sweep, its profile say, may not resolve: results copied elsewhere), each
    expectation with its file:line."""
    located = read_located(path)
    raw = located.data.get("expect", []) if isinstance(located.data, dict) else []
    try:
        found = TypeAdapter(list[Expectation]).validate_python(raw or [])
    except ValidationError as exc:
        raise SweepError(path, pydantic_issues(exc, located, Expectation, ("expect",))) from None
    return [Stated(e, path, located.line_of(("expect", i))) for i, e in enumerate(found)]


def read(path: Path) -> list[Expectation]:
    """The `expect:` block of a sweep file (read_stated without the lines)."""
    return [s.expectation for s in read_stated(path)]
