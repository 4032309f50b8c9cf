"""A `submit` SIGKILLed right after its 3rd sbatch, on the local Slurm cluster: the next `submit`
adopts the job whose id never reached the manifest and queues only the rest, so the sweep's 6
points are 6 jobs in the controller, each in the manifest once (the stand-in tests in
tests/unit/test_submit_crash_safety.py cover refusals, squeue down and a full disk)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
import yaml

from scalestudy.cli import main

pytestmark = pytest.mark.slurm

SWEEP = {
    "name": "crashsafe",
    "cluster": "emulated",
    "mode": "weak",
    "nodes": [1, 2, 4],
    "ppn": 1,
    "schedule": "separate",
    "time_limit": "00:05:00",
    "workload": "probe",
    "probe_seconds": 1,
    "matrix": {"trainer.sparse_as_dense": [False, True]},
}

# sbatch that kills its caller (the submit) once the KILL_AT-th real submission is queued,
# before the caller can read the job id
WRAPPER = """#!/bin/bash
for a in "$@"; do [ "$a" = "--test-only" ] && exec {real} "$@"; done
n=$(( $(cat {count} 2>/dev/null || echo 0) + 1 )); echo "$n" > {count}
out=$({real} "$@"); rc=$?
if [ "$n" = "{kill_at}" ]; then kill -9 "$PPID"; sleep 1; fi
echo "$out"; exit $rc
"""


def _jobs_of(sweep: str, env: dict) -> list[str]:
    out = subprocess.run(
        ["squeue", "-h", "--states=all", "-o", "%i %j"], env=env, capture_output=True, text=True
    ).stdout.split("\n")
    return sorted(line.split()[0] for line in out if f"ss-{sweep}-" in line)


def test_a_submit_killed_after_its_third_sbatch_queues_each_point_once(
    slurm_cluster, tmp_path, monkeypatch
):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    sweep = tmp_path / "crashsafe.yaml"
    sweep.write_text(yaml.safe_dump(SWEEP))
    results = tmp_path / "results"
    bindir = tmp_path / "bin"
    bindir.mkdir()
    wrapper = bindir / "sbatch"
    wrapper.write_text(
        WRAPPER.format(real=shutil.which("sbatch"), count=tmp_path / "count", kill_at=3)
    )
    wrapper.chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")
    cmd = [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep)]
    cmd += ["--results", str(results), "--executor", "slurm"]
    killed = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert killed.returncode == -9, killed.stderr
    assert len(_jobs_of("crashsafe", os.environ)) == 3

    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    data = json.loads((results / "crashsafe" / "manifest.json").read_text())
    last = [e["attempts"][-1] for e in data["points"].values()]
    ids = sorted(a["job_id"] for a in last)
    assert len(last) == 6 and len(set(ids)) == 6
    assert [a.get("adopted_from") for a in last].count("squeue") == 1
    # the 3 never handed to sbatch keep their first attempt as not_queued, run in a second
    earlier = [a["state"] for e in data["points"].values() for a in e["attempts"][:-1]]
    assert earlier == ["not_queued"] * 3
    assert _jobs_of("crashsafe", os.environ) == ids  # exactly the 6 jobs, nothing twice

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        assert main(["status", str(sweep), "--results", str(results)]) == 0
        data = json.loads((results / "crashsafe" / "manifest.json").read_text())
        states = {e["attempts"][-1]["state"] for e in data["points"].values()}
        if states <= {"completed", "failed", "interrupted", "cancelled"}:
            break
        time.sleep(3)
    assert states == {"completed"}, states
