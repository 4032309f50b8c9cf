"""A `submit` SIGKILLed right after an sbatch, on the local Slurm cluster: the next `submit`
adopts what was queued but never reached the manifest and queues only the rest, so the sweep's
6 points are 6 jobs in the controller, each in the manifest once. Once with one job per point
(killed after the 3rd sbatch), once with job arrays (3 arrays of 2; killed after the 2nd). The
stand-in tests in tests/unit/test_submit_crash_safety.py cover refusals, squeue down and a full
disk."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from support.manifest import read as read_manifest

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
    "slurm": {"array": False},  # one job per point; the array test below sets it
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
    out = subprocess.run(  # -r: one line per array task
        ["squeue", "-h", "-r", "--states=all", "-o", "%i %j"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    return sorted(line.split()[0] for line in out if f"ss-{sweep}-" in line)


def _killed_submit(tmp_path: Path, spec: dict, kill_at: int) -> tuple[Path, Path]:
    """Write the sweep, run `submit` with an sbatch that kills it after the kill_at-th real
    submission; the sweep file and the results folder."""
    sweep = tmp_path / f"{spec['name']}.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    bindir = tmp_path / "bin"
    bindir.mkdir()
    wrapper = bindir / "sbatch"
    wrapper.write_text(
        WRAPPER.format(real=shutil.which("sbatch"), count=tmp_path / "count", kill_at=kill_at)
    )
    wrapper.chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")
    cmd = [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep)]
    cmd += ["--results", str(results), "--executor", "slurm"]
    killed = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert killed.returncode == -9, killed.stderr
    return sweep, results


def test_a_submit_killed_after_its_third_sbatch_queues_each_point_once(
    slurm_cluster, tmp_path, monkeypatch
):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    sweep, results = _killed_submit(tmp_path, SWEEP, kill_at=3)
    assert len(_jobs_of("crashsafe", os.environ)) == 3

    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    data = read_manifest(results / "crashsafe")
    last = [e.attempts[-1] for e in data.points.values()]
    ids = sorted(a.job_id for a in last)
    assert len(last) == 6 and len(set(ids)) == 6
    assert [a.adopted_from for a in last].count("squeue") == 1
    # the 3 never handed to sbatch keep their first attempt as not_queued, run in a second
    earlier = [a.state for e in data.points.values() for a in e.attempts[:-1]]
    assert earlier == ["not_queued"] * 3
    assert _jobs_of("crashsafe", os.environ) == ids  # exactly the 6 jobs, nothing twice

    _wait_completed(sweep, results, "crashsafe")


def _wait_completed(sweep, results, name: str) -> None:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        assert main(["status", str(sweep), "--results", str(results)]) == 0
        data = read_manifest(results / name)
        states = {e.attempts[-1].state for e in data.points.values()}
        if states <= {"completed", "failed", "interrupted", "cancelled"}:
            break
        time.sleep(3)
    assert states == {"completed"}, states


def test_a_submit_killed_after_its_second_job_array_queues_each_point_once(
    slurm_cluster, tmp_path, monkeypatch
):
    """3 shapes (1, 2, 4 nodes) x 2 variants: 3 job arrays of 2. Killed after the 2nd sbatch:
    array 1 recorded, array 2 queued without its id on disk, array 3 never sent."""
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    spec = dict(SWEEP, name="crasharray", slurm={"array": True})
    sweep, results = _killed_submit(tmp_path, spec, kill_at=2)
    assert len(_jobs_of("crasharray", os.environ)) == 4  # 2 arrays of 2 tasks

    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    data = read_manifest(results / "crasharray")
    last = [e.attempts[-1] for e in data.points.values()]
    ids = sorted(a.job_id for a in last)
    assert len(last) == 6 and len(set(ids)) == 6
    assert all("_" in i for i in ids)  # each point is one task of an array
    # found in squeue, or by its output file if a task already started
    adopted = [a.job_id for a in last if a.adopted_from]
    assert len(adopted) == 2 and len({i.split("_")[0] for i in adopted}) == 1
    # the 2 never handed to sbatch keep their first attempt as not_queued, run in a second
    earlier = [a.state for e in data.points.values() for a in e.attempts[:-1]]
    assert earlier == ["not_queued"] * 2
    assert _jobs_of("crasharray", os.environ) == ids  # exactly the 6 tasks, nothing twice
    _wait_completed(sweep, results, "crasharray")
