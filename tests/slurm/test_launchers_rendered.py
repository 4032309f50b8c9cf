"""The Hydra launch lines the launchers table renders (tests/golden/launch/hydra-*.sh), run as
`scalestudy submit` writes them on 2 emulated nodes of the local Slurm cluster: the probe
workload under MPICH's and Intel MPI's mpiexec.hydra, each named by path (launcher_path), its
proxies started through Slurm. Rank 0's placement check must pass: 2 ranks on each node, one
world of 4, each rank on its own node's Slurm environment (with no -genv* option Intel MPI
sends mpiexec's whole environment, and every rank read the batch step's node, n1)."""

from __future__ import annotations

import json

import pytest
import yaml
from support.skips import require
from support.slurm import settled_point

from scalestudy.cli import main
from scalestudy.workloads import mpi_probe

pytestmark = pytest.mark.slurm

NODES, PPN = 2, 2
BOOTSTRAP = {"mpich": "-launcher slurm", "intelmpi": "-bootstrap slurm"}


@pytest.mark.parametrize("family", ["mpich", "intelmpi"])
def test_a_rendered_hydra_line_places_the_probe_on_both_nodes(
    slurm_cluster, tmp_path, monkeypatch, family
):
    try:
        tc = mpi_probe.toolchain(family)  # its mpiexec.hydra and what its ranks need
    except mpi_probe.ProbeError as exc:
        require(str(exc))
        raise
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    profile = {
        "name": f"emulated-hydra-{family}",
        "description": f"emulated nodes, {family} under its Hydra",
        "scheduler": "slurm",
        "sockets": 1,
        "cores_per_socket": 2,
        "memory_gb": 4,
        "mpi": family,
        "launcher": "hydra",
        "launcher_path": tc["hydra"],
        "partitions": [{"name": "debug", "max_nodes": 4}],
        "interconnect": {"name": "loopback", "latency_us": 5, "bandwidth_gbps": 10},
        "env": tc["env"],
    }
    (tmp_path / "hydra.yaml").write_text(yaml.safe_dump(profile, sort_keys=False))
    name = f"hydra{family}"
    sweep = tmp_path / f"{name}.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": name,
                "cluster": "hydra.yaml",
                "mode": "weak",
                "nodes": [NODES],
                "ppn": PPN,
                "threads_per_worker": 1,
                "time_limit": "00:05:00",
                "slurm": {"exclusive": False},
                "workload": "probe",
                "probe_seconds": 1,
            }
        )
    )
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    entry, attempt = settled_point(sweep, results, name, timeout=300)
    script = (attempt / "job.sh").read_text()
    assert f"{tc['hydra']} {BOOTSTRAP[family]} -n {NODES * PPN} -ppn {PPN}" in script
    out = "\n".join(p.read_text()[-3000:] for p in attempt.glob("slurm-*.out"))
    assert entry.attempts[-1].state == "completed", out
    verdict = json.loads((attempt / "logs" / "probe-check.json").read_text())
    assert verdict["ok"], verdict["problems"]
    reports = [json.loads(p.read_text()) for p in (attempt / "logs").glob("probe.rank*.json")]
    assert sorted(r["rank"] for r in reports) == list(range(NODES * PPN))
    assert {r["size"] for r in reports} == {NODES * PPN}
    per_node: dict[str, list[int]] = {}
    for r in reports:
        per_node.setdefault(r["slurm_node"], []).append(r["rank"])
    assert sorted(len(v) for v in per_node.values()) == [PPN] * NODES, per_node
