"""The probe checks binding on a real allocation: the same srun launch line passes on a cluster
with task/affinity and fails, naming the shared CPUs, on one that binds nothing (task/none)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import yaml
from support.manifest import read as read_manifest

from scalestudy.cli import main
from scalestudy.formats.manifest import Attempt

pytestmark = pytest.mark.slurm


def _probe_sweep(tmp_path: Path, name: str) -> Path:
    sweep = tmp_path / f"{name}.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": name,
                "cluster": "emulated-srun",
                "workload": "probe",
                "probe_seconds": 1,
                "mode": "weak",
                "nodes": [2],
                "ppn": 2,
                "time_limit": "00:05:00",
                "slurm": {"exclusive": False},
                "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 3},
            }
        )
    )
    return sweep


def _run_probe(cluster, tmp_path: Path, name: str, monkeypatch) -> tuple[Attempt, dict]:
    monkeypatch.setenv("SLURM_CONF", str(cluster.conf))
    sweep = _probe_sweep(tmp_path, name)
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results)]
    assert main(["submit", *args, "--executor", "slurm"]) == 0
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        assert main(["status", *args]) == 0
        data = read_manifest(results / name)
        (entry,) = data.points.values()
        attempt = entry.attempts[-1]
        if attempt.state not in ("submitted", "pending", "running"):
            break
        time.sleep(2)
    logs = results / name / attempt.folder / "logs"
    return attempt, json.loads((logs / "probe-check.json").read_text())


def _detected(capsys) -> tuple[str, dict]:
    """`scalestudy profile detect` on the live cluster (SLURM_CONF set by _run_probe)."""
    capsys.readouterr()
    assert main(["profile", "detect"]) == 0
    text = capsys.readouterr().out
    return text, yaml.safe_load(text)


def test_srun_binds_with_task_affinity(start_cluster, tmp_path, monkeypatch, capsys):
    cluster = start_cluster(2, accounting=False, task_plugin="affinity")
    attempt, check = _run_probe(cluster, tmp_path, "bindaffinity", monkeypatch)
    assert check["ok"] and check["problems"] == []
    assert attempt.state == "completed"
    # detection reads the task plugin of this variant of the test cluster
    text, profile = _detected(capsys)
    assert "# Slurm's TaskPlugin=task/affinity: srun binds each rank to its CPUs" in text
    assert profile["partitions"][0]["max_nodes"] == 2


def test_probe_names_shared_cpus_without_a_task_plugin(
    slurm_cluster_no_accounting, tmp_path, monkeypatch, capsys
):
    # the session's 2-node cluster without accounting is this variant (task/none, the default):
    # one cluster start fewer (issue #43)
    cluster = slurm_cluster_no_accounting
    assert cluster.task_plugin == "none" and cluster.nodes == 2
    attempt, check = _run_probe(cluster, tmp_path, "bindnone", monkeypatch)
    assert not check["ok"] and attempt.state == "failed"
    assert sorted(p.split(":")[0] for p in check["problems"]) == ["n1", "n2"]
    assert all("ranks" in p and "share CPUs [0, 1]" in p for p in check["problems"])
    text, _ = _detected(capsys)
    assert "# Slurm's TaskPlugin=task/none: srun binds nothing" in text
