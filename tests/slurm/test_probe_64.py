"""A 64-node emulated cluster takes a 64-node probe point (ppn 2: 128 ranks)."""

from __future__ import annotations

import json
import subprocess
import time

import hostlist
import pytest
import yaml
from support.manifest import read as read_manifest

from scalestudy.cli import main

pytestmark = pytest.mark.slurm

PROFILE = {
    "name": "emulated-64",
    "description": "64 emulated Slurm nodes on one host",
    "scheduler": "slurm",
    "sockets": 1,
    "cores_per_socket": 2,
    "memory_gb": 4,
    "mpi": "openmpi",
    "launcher": "mpirun",
    "partitions": [{"name": "debug", "max_nodes": 64}],
    "interconnect": {"name": "loopback", "latency_us": 5, "bandwidth_gbps": 10},
    "env": {
        "OMPI_MCA_btl": "self,tcp",
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    },
}


@pytest.fixture
def cluster64(slurm_cluster, start_cluster):
    return start_cluster(64)


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
    import csv

    with open(results / "probe64" / "results.csv") as fh:
        (row,) = list(csv.DictReader(fh))
    assert row["status"] == "interrupted"
    assert len(hostlist.expand_hostlist(row["node_list"])) == 64
    # the report renders what a probe table supports (states; no throughput figures)
    assert main(["report", "probe64", "--results", str(results)]) == 0
    summary = (results / "probe64" / "report" / "summary.md").read_text()
    assert "interrupted" in summary and (results / "probe64" / "report" / "report.html").exists()
