"""Each input's results rows grouped into measured points keyed by what was measured: the
workload, the scaling mode, the variant's configuration (points.jsonl: the trainer
configuration, the resolved model, threads per rank; a comm sweep's options), the node count
and the ranks per node. Never the label, the variant id or the point id: those hash the sweep's
name and its profile, which is what may have changed. The repeats (and allocations) of a point
are its samples. Everything else a record holds (the profile's name, the sweep's env, its name)
is left to the environment comparison."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.formats import attempt_files
from scalestudy.formats.results_columns import cell_value, clock_checked
from scalestudy.inputs import Input
from scalestudy.report.sweep_results import SweepResults
from scalestudy.uncertainty.model import Clustered, Samples, screen
from scalestudy.workloads import table as workloads

# configuration keys that follow from the size, not from the experiment
SIZE_KEYS = ("expect_ranks", "expect_ranks_per_node")
BATCH_BY_SIZE = {"weak": "global_batch_tokens", "strong": "tokens_per_worker"}
# what every record says of its experiment; a workload's options (comm's `comm` block) are
# matched on too: the workloads' table names their keys
RECORD_KEYS = ("workload", "mode", "threads", "model_spec", "config")


@dataclass
class Measured:
    """One point of one input: a variant at one size, over its repeats."""

    key: str
    variant_key: str
    workload: str
    mode: str
    nodes: int
    ppn: int
    workers: int
    label: str
    overrides: dict
    point_ids: list[str] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    tokens: list[float] = field(default_factory=list)  # tokens/s of each completed repeat
    step_s: list[float] = field(default_factory=list)  # median step time of each
    flops: list[float] = field(default_factory=list)  # model FLOP/s per rank of each
    # the allocation of each tokens / step_s sample (bundled sweeps; None: one job per point)
    token_allocations: list = field(default_factory=list)
    step_allocations: list = field(default_factory=list)
    attempts: list[Path] = field(default_factory=list)  # the latest attempt folder of each row
    config: dict = field(default_factory=dict)  # the variant's configuration (the key's)
    from_table: bool = False  # no points.jsonl: the configuration is the table's columns
    # completed trainer repeats whose tokens/s no clock checked (collect/clocks.py): step logs
    # of a trainer whose window held the compute probe, or a table collected before the check
    unclocked: int = 0

    @property
    def completed(self) -> int:
        return len(self.tokens)

    @property
    def token_samples(self) -> Samples:
        """tokens/s as the noise model takes them: grouped by allocation when there are several
        (repeats of one allocation are not independent: scalestudy/uncertainty)."""
        return Clustered.of(self.tokens, self.token_allocations)

    @property
    def step_samples(self) -> Samples:
        return Clustered.of(self.step_s, self.step_allocations)


@dataclass
class Side:
    input: Input
    sweep: SweepResults
    label: str
    points: dict[str, Measured]
    set_aside: list[str] = field(default_factory=list)  # the outlier screen's notes
    rows: list[dict] = field(default_factory=list)  # sweep.table's rows, read once

    @property
    def folder(self) -> Path:
        return self.input.folder

    def variant_points(self, variant_key: str) -> list[Measured]:
        return sorted(
            (p for p in self.points.values() if p.variant_key == variant_key),
            key=lambda p: p.workers,
        )

    def n0(self, variant_key: str) -> Measured | None:
        """The variant's smallest planned size on this side (completed or not, as the
        report's N0)."""
        pts = self.variant_points(variant_key)
        return pts[0] if pts else None


def canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)


def point_key(variant_key: str, nodes: int, ppn: int) -> str:
    """canonical({"variant": what, "nodes": nodes, "ppn": ppn}) from canonical(what), without
    encoding `what` a second time (sorted keys: nodes, ppn, variant)."""
    return f'{{"nodes":{int(nodes)},"ppn":{int(ppn)},"variant":{variant_key}}}'


def variant_configuration(record: dict) -> dict:
    """What makes a point's experiment, without its size: the key's part before nodes x ppn."""
    out = {k: record.get(k) for k in (*RECORD_KEYS, *workloads.options_keys()) if k in record}
    out.setdefault("workload", workloads.DEFAULT)
    config = dict(out.get("config") or {})
    for k in SIZE_KEYS:
        config.pop(k, None)
    config.pop(BATCH_BY_SIZE.get(str(out.get("mode")), ""), None)
    out["config"] = config
    return out


def _number(v) -> float | None:
    v = cell_value(v)
    if v is None or isinstance(v, bool | str):
        return None
    f = float(v)
    return f if math.isfinite(f) and f > 0 else None


def measured_points(sweep: SweepResults, rows: list[dict] | None = None) -> dict[str, Measured]:
    out: dict[str, Measured] = {}
    if rows is None:
        from scalestudy.report import load  # pandas: only for a table read from its file

        rows = load.table_rows(sweep.table)
    for row in rows:
        pid = str(row["point_id"])
        record = sweep.points.get(pid) or {}
        what = variant_configuration(record)
        if not record.get("mode"):
            what["mode"] = row.get("mode")
        vkey = canonical(what)
        nodes = int(cell_value(row.get("nodes")) or record.get("nodes") or 0)
        ppn = int(cell_value(row.get("ppn")) or record.get("ppn") or 1)
        key = point_key(vkey, nodes, ppn)
        m = out.get(key)
        if m is None:
            label = cell_value(row.get("variant_label")) or record.get("variant_label") or ""
            m = out[key] = Measured(
                key=key,
                variant_key=vkey,
                workload=str(what["workload"]),
                mode=str(what.get("mode")),
                nodes=nodes,
                ppn=ppn,
                workers=int(cell_value(row.get("workers")) or nodes * ppn),
                label=str(label),
                overrides=dict(record.get("variant_overrides") or {}),
                config=what,
                from_table=bool(record.get("from_table")),
            )
        m.point_ids.append(pid)
        status = str(row.get("status") or "missing")
        m.statuses[status] = m.statuses.get(status, 0) + 1
        attempt = cell_value(row.get("attempt"))
        if attempt is not None:
            m.attempts.append(sweep.folder / pid / attempt_files.attempt_name(attempt))
        if status == "completed":
            tput, step = _number(row.get("tokens_per_s")), _number(row.get("step_s_median"))
            allocation = cell_value(row.get("allocation"))
            if tput is not None:
                m.tokens.append(tput)
                m.token_allocations.append(allocation)
                m.unclocked += not clock_checked(cell_value(row.get("clock_check")))
            if step is not None:
                m.step_s.append(step)
                m.step_allocations.append(allocation)
            if (rate := _number(row.get("model_flops_per_s_per_rank"))) is not None:
                m.flops.append(rate)
    return out


def load_side(inp: Input, label: str) -> Side:
    from scalestudy.report import load  # pandas: a collect's own side reads no table

    (sweep,) = load.load_sweeps([inp.folder.name], inp.folder.parent)
    return side_of_rows(inp, sweep, load.table_rows(sweep.table), label)


def side_of_rows(inp: Input, sweep: SweepResults, rows: list[dict], label: str) -> Side:
    """The side of `rows` (the table's rows as plain values: load.table_rows', or the rows
    collect just wrote), its points measured and screened."""
    side = Side(inp, sweep, label, measured_points(sweep, rows), rows=rows)
    screen_side(side)
    return side


def screen_side(side: Side) -> None:
    """The noise model's outlier screen (scalestudy/uncertainty: screen) over the side's run,
    tokens/s and time per step each: a set-aside allocation's repeats leave its points'
    samples, and the side's `set_aside` says so."""
    pts = list(side.points.values())
    for values, keys, what in (
        ("tokens", "token_allocations", "tokens/s"),
        ("step_s", "step_allocations", "time per step"),
    ):
        sets = [Clustered.of(getattr(m, values), getattr(m, keys)) for m in pts]
        done = screen(sets, [m.workers for m in pts])
        if done.set_aside is None:
            continue
        side.set_aside.append(done.describe(what))
        for m in pts:
            kept = [
                (v, a)
                for v, a in zip(getattr(m, values), getattr(m, keys), strict=True)
                if a != done.set_aside
            ]
            setattr(m, values, [v for v, _ in kept])
            setattr(m, keys, [a for _, a in kept])


def labels_for(inputs: list[Input]) -> list[str]:
    """Each input's name in tables and legends, unique (a second input of one name: #2)."""
    out: list[str] = []
    for i in inputs:
        label, n = i.label, 2
        while label in out:
            label, n = f"{i.label}#{n}", n + 1
        out.append(label)
    return out


def config_difference(a: dict, b: dict, prefix: str = "") -> list[str]:
    """The dotted keys where two configurations differ (why two points did not match)."""
    keys = sorted(set(a) | set(b))
    out = []
    for k in keys:
        va, vb = a.get(k), b.get(k)
        name = f"{prefix}{k}"
        if isinstance(va, dict) and isinstance(vb, dict):
            out += config_difference(va, vb, f"{name}.")
        elif canonical(va) != canonical(vb):
            out.append(f"{name}: {canonical(va)} -> {canonical(vb)}")
    return out
