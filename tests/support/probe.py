"""Synthetic `workload: probe` results folders for the report's tests, laid out as a real probe
sweep leaves them (docs/results-layout.md): results.csv with the collect columns (a probe row
has no throughput), points.jsonl with `workload: probe`, a manifest, and per point an attempt
folder with point.json (`expect_disjoint_cpus`), logs/probe.rank<r>.json per rank and rank 0's
logs/probe-check.json. The rank reports are built by `rank_reports` and may be edited before
they are written, so a test knows every number the report should find."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from scalestudy.formats.manifest import Attempt
from support import manifest
from support.compare import BASE_CONFIG
from support.rows import results_row, results_table

T0 = 1_800_000_000.0  # launch time of the first rank


def node_name(i: int) -> str:
    return f"c{i:03d}"


def rank_reports(nodes: int, ppn: int, *, cpus_per_rank: int = 1) -> list[dict]:
    """Every rank's probe report, as the probe writes it: ranks placed node by node, each on
    its own CPUs, launched 1 ms apart, 0.02 s of CPU timing, no signal."""
    out = []
    for r in range(nodes * ppn):
        local = r % ppn
        out.append(
            {
                "host": node_name(r // ppn),
                "slurm_node": node_name(r // ppn),
                "rank": r,
                "size": nodes * ppn,
                "local_rank": local,
                "local_size": ppn,
                "pid": 1000 + r,
                "affinity": list(range(local * cpus_per_rank, (local + 1) * cpus_per_rank)),
                "launched_at": T0 + 0.001 * r,
                "env": {"SLURM_PROCID": str(r)},
                "speed_s": 0.02,
                "received_signals": [],
                "ended_at": T0 + 5.0,
            }
        )
    return out


def make_probe_run(
    root: Path,
    name: str,
    nodes: int,
    ppn: int,
    reports: list[dict],
    check: dict | None,
    *,
    status: str = "completed",
    disjoint: bool = True,
    cluster: str = "emulated",
    per_node: int | None = None,
) -> Path:
    """root/name, one probe point of `nodes` x `ppn` whose ranks wrote `reports` and whose rank
    0 wrote `check` (None: no probe-check.json); `per_node`: the point.json's
    expect_ranks_per_node (default ppn; emulated nodes on one host: every rank)."""
    folder = root / name
    pid = f"n{nodes:04d}-p{ppn}-0b5e{nodes:06d}-r0"
    attempt = folder / pid / "attempt-1"
    logs = attempt / "logs"
    logs.mkdir(parents=True)
    config = copy.deepcopy(BASE_CONFIG)
    config.update(expect_ranks=nodes * ppn, expect_ranks_per_node=per_node or ppn)
    point_json = {
        **config,
        "log_dir": str(logs),
        "probe_seconds": 3.0,
        "expect_disjoint_cpus": disjoint,
    }
    (attempt / "point.json").write_text(json.dumps(point_json))
    (attempt / "exit_code").write_text("0\n" if status == "completed" else "1\n")
    for r in reports:
        (logs / f"probe.rank{r['rank']}.json").write_text(json.dumps(r))
    if check is not None:
        (logs / "probe-check.json").write_text(json.dumps(check))
    record = {
        "schema": "scalestudy.point/1",
        "point_id": pid,
        "sweep": name,
        "variant": "vprobe001",
        "variant_label": "probe",
        "variant_overrides": {},
        "baseline": False,
        "baseline_keys": [],
        "workload": "probe",
        "cluster": cluster,
        "mode": "weak",
        "nodes": nodes,
        "ppn": ppn,
        "workers": nodes * ppn,
        "threads": 1,
        "repeat": 0,
        "allocation": None,
        "tokens_per_worker": 1024,
        "global_batch_tokens": 1024 * nodes * ppn,
        "env": {},
        "model_spec": {"vocab": 1000, "hidden": 64, "tie_embeddings": True},
        "config": config,
    }
    row = results_row(
        point_id=pid, sweep=name, variant="vprobe001", variant_label="probe", mode="weak",
        cluster=cluster, nodes=nodes, ppn=ppn, workers=nodes * ppn, threads=1, model="tiny",
        accumulation="tf1", sparse_as_dense=False, tokens_per_worker=1024, repeat=0,
        status=status, exit_code=0 if status == "completed" else 1, attempt=1,
    )  # fmt: skip
    results_table([row]).to_csv(folder / "results.csv", index=False)
    (folder / "points.jsonl").write_text(json.dumps(record) + "\n")
    made = manifest.made({pid: [Attempt(attempt=1, state=status, folder=str(attempt))]})
    manifest.write(folder, made)
    return attempt
