"""The paper's scale, at the size CI holds, on ONE cluster of 64 nodes of the paper's node shape
(`--shape skx`), started once for this module's two tests (a 64-node cluster start is ~13 s;
test_probe_64 had its own until 2026-11-29):

- a probe point of 64 nodes x 4 ranks (256) behind the probe gate, through submit -> status ->
  collect -> report, by `benchmarks/probe_scale.py` (which runs the same path at 300 x 4 =
  1,200 ranks as a benchmark; SCALESTUDY_SCALE_NODES sets the size here);
- a 64-node probe point under mpirun (ppn 2: 128 ranks; the benchmark's ranks are srun's)
  reports its placement, and the checkpoint signal reaches every rank.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import hostlist
import pytest
import yaml
from support.benchmarks import option, smallest_args
from support.manifest import read as read_manifest
from support.slurm import running_cluster

from scalestudy.cli import main

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
SCALE_NODES = int(os.environ.get("SCALESTUDY_SCALE_NODES", "64"))
CLUSTER_NODES = max(SCALE_NODES, 64)


@pytest.fixture(scope="module")
def cluster64(slurm_cluster, tmp_path_factory):
    """The module's cluster of the paper's node shape (at least 64 nodes), stopped after it."""
    yield from running_cluster(tmp_path_factory.mktemp("slurm-skx"), CLUSTER_NODES, shape="skx")


def test_a_probe_point_at_scale_is_placed_accounted_and_reported(cluster64):
    # the benchmark's declared smallest size (its CI_SMALLEST): 64 nodes x 4, each rank probing
    # 10 s (20 before: 2 x 10 s of this test): rank 0 waits that long, then up to as long again
    # + 30 s for every rank's report, so the ranks' start may spread over 40 s; it spread over
    # 16-22 s at load 100 on 2 cores (a 5 s probe passed there too)
    args = smallest_args("probe_scale")
    nodes, ppn = int(option(args, "--nodes")), int(option(args, "--ppn"))
    assert nodes == SCALE_NODES
    cmd = [sys.executable, str(ROOT / "benchmarks" / "probe_scale.py"), *args]
    cmd += ["--cluster-dir", str(cluster64.dir), "--running"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    out = json.loads(proc.stdout)
    print(json.dumps({k: out[k] for k in ("cluster", "submit_to_done_s", "host_memory")}))
    assert out["failures"] == []
    summary = "\n".join(out["cluster"]["sinfo"])
    assert f"n[1-{CLUSTER_NODES}]" in summary
    assert "skx-normal" in summary and "skx-large" in summary
    for what in ("gate", "point"):
        got = out[what]
        assert got["state"] == "completed"
        assert got["check"]["ok"] and got["check"]["problems"] == []
        assert got["reports"] == got["distinct_ranks"] == nodes * ppn  # every rank, once
        assert got["nodes_reporting"] == nodes and got["ranks_per_node"] == [ppn]
    row = out["results_row"]
    assert row["status"] == "completed" and row["slurm_state"] == "COMPLETED"
    assert row["node_list"] == f"n[1-{nodes}]"  # compressed, as sacct gives it
    assert row["elapsed"] and int(row["workers"]) == nodes * ppn
    assert out["report"]["html"] and out["report"]["state_lines"]


# a profile of the real host's cores (mpirun binds nothing beyond them) on the skx cluster
PROFILE = {
    "name": "emulated-64",
    "description": "64 emulated Slurm nodes on one host, mpirun",
    "scheduler": "slurm",
    "sockets": 1,
    "cores_per_socket": 2,
    "memory_gb": 4,
    "mpi": "openmpi",
    "launcher": "mpirun",
    "partitions": [{"name": "skx-normal", "max_nodes": 128}],  # the skx cluster's
    "interconnect": {"name": "loopback", "latency_us": 5, "bandwidth_gbps": 10},
    "env": {
        "OMPI_MCA_btl": "self,tcp",
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    },
}


def test_probe_on_64_nodes_reports_placement_and_signal(cluster64, tmp_path, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(cluster64.conf))
    (tmp_path / "emulated-64.yaml").write_text(yaml.safe_dump(PROFILE))
    sweep = tmp_path / "probe64.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": "probe64",
                "cluster": "emulated-64.yaml",
                "mode": "weak",
                "nodes": [64],
                "ppn": 2,
                "time_limit": "00:05:00",
                "workload": "probe",
                "probe_seconds": 120,
            }
        )
    )
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results)]
    start = time.monotonic()
    assert main(["submit", *args, "--executor", "slurm"]) == 0
    (entry,) = read_manifest(results / "probe64").points.values()
    job = entry.attempts[-1].job_id
    out = results / "probe64" / entry.attempts[-1].folder

    def ranks_started() -> int:
        log = out / f"slurm-{job}.out"
        return log.read_text().count("MCW rank") if log.exists() else 0

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and ranks_started() < 128:
        time.sleep(1)
    assert ranks_started() == 128

    def handlers_ready() -> int:  # each rank marks when its signal handler is in place
        return len(list((out / "logs").glob("probe.rank*.started")))

    while time.monotonic() < deadline and handlers_ready() < 128:
        time.sleep(1)
    assert handlers_ready() == 128
    # the checkpoint signal, as Slurm sends it before a time limit: to the batch shell
    subprocess.run(["scancel", "--batch", "--signal=USR1", job], env=cluster64.env(), check=True)
    while time.monotonic() < deadline and not (out / "exit_code").exists():
        time.sleep(1)
    elapsed = time.monotonic() - start
    print(f"64-node probe: submitted to done in {elapsed:.1f} s")
    reports = [json.loads(p.read_text()) for p in (out / "logs").glob("probe.rank*.json")]
    assert len(reports) == 128
    assert sorted(r["rank"] for r in reports) == list(range(128))
    nodes = {r["slurm_node"] for r in reports}
    assert nodes == set(hostlist.expand_hostlist("n[1-64]"))
    assert all(r["size"] == 128 and r["local_size"] == 2 for r in reports)
    # the checkpoint signal reached every rank, and every rank wrote its report before the job
    # ended (only rank 0 exits non-zero, after it has gathered the others)
    assert all(r["received_signals"][:1] == ["SIGUSR1"] for r in reports)
    assert (out / "exit_code").read_text().strip() == "4"

    time.sleep(3)
    assert main(["status", *args]) == 0
    assert main(["collect", *args]) == 0
    with open(results / "probe64" / "results.csv") as fh:
        (row,) = list(csv.DictReader(fh))
    assert row["status"] == "interrupted"
    assert len(hostlist.expand_hostlist(row["node_list"])) == 64
    # the report renders what a probe table supports (states; no throughput figures)
    assert main(["report", "probe64", "--results", str(results)]) == 0
    summary = (results / "probe64" / "report" / "summary.md").read_text()
    assert "interrupted" in summary and (results / "probe64" / "report" / "report.html").exists()
