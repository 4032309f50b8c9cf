"""What a `workload: probe` point measured, read from its attempt folder: every rank's
logs/probe.rank<r>.json (host, Slurm node, rank, CPU affinity, launch time, CPU timing, the
signals it received), rank 0's verdict logs/probe-check.json (problems, slow nodes) and the
point.json it ran with (`expect_disjoint_cpus`: whether the profile binds ranks to cores).

A probe measures placement, binding, start spread and signal delivery, not throughput: the
report shows these (summary.py) and never lists a probe as a training point. Counts per node
are kept for figures.json; the tables show summaries and the worst few nodes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from scalestudy.formats import attempt_files

WORST = 10  # nodes or ranks named in a note; the rest are counted
SIGNALLED = ("interrupted", "timeout", "preempted", "cancelled")  # states a signal may end


@dataclass
class ProbePoint:
    point_id: str
    sweep: str
    nodes: int
    ppn: int
    status: str
    logs: Path
    expected_ranks: int
    # the ranks a node is to hold: the point.json's expect_ranks_per_node, the count the probe
    # checked (emulated nodes: every rank on this one host), else ppn
    expected_per_node: int = 0
    ranks_placed: int = 0  # distinct ranks that wrote a report
    missing_ranks: list[int] = field(default_factory=list)
    nodes_seen: int = 0
    per_node: dict[str, dict] = field(default_factory=dict)  # node -> ranks, start, speed
    wrong_nodes: dict[str, int] = field(default_factory=dict)  # node -> its rank count
    disjoint_expected: bool | None = None  # None: no point.json to say
    shared_nodes: list[str] = field(default_factory=list)  # ranks of one node share CPUs
    start_spread_s: float | None = None
    last_ranks: list[tuple[int, str, float]] = field(default_factory=list)  # rank, node, +s
    signalled: dict[str, int] = field(default_factory=dict)  # signal -> ranks that got it
    without_signal: list[int] = field(default_factory=list)
    check_ok: bool | None = None  # None: no readable probe-check.json
    problems: list[str] = field(default_factory=list)
    slow_nodes: dict[str, float] = field(default_factory=dict)

    @property
    def signal_applies(self) -> bool:
        """A checkpoint signal was sent (some rank got one, or the state says it ended so)."""
        return bool(self.signalled) or self.status in SIGNALLED

    def as_dict(self) -> dict:
        d = {k: v for k, v in self.__dict__.items() if k != "logs"}
        return {**d, "logs": str(self.logs), "signal_applies": self.signal_applies}


def _read(path: Path, warnings: list[str], what: str) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        warnings.append(f"{path}: not readable JSON ({exc}); {what}")
        return None
    if not isinstance(data, dict):
        warnings.append(f"{path}: not a JSON object; {what}")
        return None
    return data


def attempt_logs(folder: Path, row) -> Path | None:
    attempt = row.get("attempt")
    if attempt is None or attempt != attempt:  # NaN: never ran
        return None
    return folder / str(row["point_id"]) / attempt_files.attempt_name(attempt) / "logs"


def has_log_marks(folder: Path, row, marks: tuple[str, ...]) -> bool:
    """Whether the point's latest attempt logs hold one of `marks` (files only one workload's
    job writes: the workloads' table's `log_marks`)."""
    logs = attempt_logs(folder, row) if marks else None
    return logs is not None and any((logs / mark).exists() for mark in marks)


def _rank_reports(logs: Path, warnings: list[str]) -> list[dict]:
    out = []
    for path in sorted(logs.glob("probe.rank*.json")):
        r = _read(path, warnings, "this rank is left out of the probe section")
        if r is None:
            continue
        if not isinstance(r.get("rank"), int) or not isinstance(r.get("affinity"), list):
            warnings.append(f"{path}: no rank or affinity; this rank is left out")
            continue
        out.append(r)
    return out


def read_point(folder: Path, sweep: str, row, warnings: list[str]) -> ProbePoint:
    nodes, ppn = int(row["nodes"]), int(row["ppn"])
    logs = attempt_logs(folder, row)
    p = ProbePoint(
        str(row["point_id"]),
        sweep,
        nodes,
        ppn,
        str(row["status"]),
        logs or folder / str(row["point_id"]),
        expected_ranks=nodes * ppn,
        expected_per_node=ppn,
    )
    if logs is None:
        return p
    cfg = _read(logs.parent / attempt_files.POINT_JSON, warnings, "the binding intended is unknown")
    if cfg is not None:
        # older point.json files lack it; the probe then checked as if bound
        p.disjoint_expected = bool(cfg.get("expect_disjoint_cpus", True))
        p.expected_ranks = int(cfg.get("expect_ranks") or p.expected_ranks)
        p.expected_per_node = int(cfg.get("expect_ranks_per_node") or p.expected_per_node)
    reports = _rank_reports(logs, warnings)
    _placement(p, reports)
    _starts(p, reports)
    _signals(p, reports)
    check = _read(logs / "probe-check.json", warnings, "the probe's verdict is unknown")
    if check is not None:
        p.check_ok = bool(check.get("ok"))
        p.problems = [str(x) for x in check.get("problems") or []]
        p.slow_nodes = {str(k): float(v) for k, v in (check.get("slow_nodes") or {}).items()}
    return p


def _node(r: dict) -> str:
    return str(r.get("slurm_node") or r.get("host") or "?")


def _placement(p: ProbePoint, reports: list[dict]) -> None:
    ranks = {r["rank"] for r in reports}
    p.ranks_placed = len(ranks)
    p.missing_ranks = sorted(set(range(p.expected_ranks)) - ranks)
    by_node: dict[str, list[dict]] = {}
    for r in reports:
        by_node.setdefault(_node(r), []).append(r)
    p.nodes_seen = len(by_node)
    for node, group in sorted(by_node.items()):
        speeds = sorted(r["speed_s"] for r in group if isinstance(r.get("speed_s"), (int, float)))
        starts = [r["launched_at"] for r in group if isinstance(r.get("launched_at"), (int, float))]
        p.per_node[node] = {
            "ranks": len(group),
            "first_start": min(starts, default=None),
            "speed_s": speeds[len(speeds) // 2] if speeds else None,
        }
        if len(group) != p.expected_per_node:
            p.wrong_nodes[node] = len(group)
        # one CPU in two ranks' affinity: a count per CPU, not every pair (hundreds of ranks)
        used = Counter(c for r in group for c in set(r["affinity"]))
        if any(n > 1 for n in used.values()):
            p.shared_nodes.append(node)


def _starts(p: ProbePoint, reports: list[dict]) -> None:
    started = [
        (r["launched_at"], r["rank"], _node(r))
        for r in reports
        if isinstance(r.get("launched_at"), (int, float))
    ]
    first = min((t for t, _, _ in started), default=None)
    for info in p.per_node.values():  # each node's first rank, after the allocation's first
        t = info.pop("first_start")
        info["start_offset_s"] = None if t is None or first is None else t - first
    if first is None:
        return
    p.start_spread_s = max(t for t, _, _ in started) - first
    later = sorted(x for x in started if x[0] > first)  # the first rank is no "last"
    p.last_ranks = [(rank, node, t - first) for t, rank, node in later[-3:][::-1]]


def _signals(p: ProbePoint, reports: list[dict]) -> None:
    got = Counter(s for r in reports for s in set(r.get("received_signals") or []))
    p.signalled = dict(sorted(got.items()))
    if got:
        p.without_signal = sorted(r["rank"] for r in reports if not r.get("received_signals"))


def load(tables: list[tuple[str, Path, pd.DataFrame]], warnings: list[str]) -> list[ProbePoint]:
    """Every probe row's point, by sweep name, results folder and its probe rows."""
    return [
        read_point(folder, name, row, warnings)
        for name, folder, rows in tables
        for _, row in rows.sort_values(["workers", "point_id"]).iterrows()
    ]
