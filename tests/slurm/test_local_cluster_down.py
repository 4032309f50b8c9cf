"""`localcluster down` while a job still runs ends every process the cluster started: its
daemons, the job's slurmstepd (batch and step), the job's tasks, and munged if the cluster
started it (issue #27)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import psutil
import pytest
from support.skips import require

from scalestudy.localcluster import LocalCluster
from scalestudy.localcluster.cluster import MUNGE_MARK, SLURM_PROGRAMS

pytestmark = pytest.mark.slurm


def _job_processes(job: str, before: set[int]) -> list[psutil.Process]:
    """This job's slurmstepd (new since `before`, their title names the job) and their
    descendants (srun's tasks: the sleeps)."""
    stepds = []
    for proc in psutil.process_iter(["name", "cmdline"]):
        if proc.pid in before or proc.info["name"] != "slurmstepd":
            continue
        if f"[{job}." in " ".join(proc.info["cmdline"] or []):
            stepds.append(proc)
    return [*stepds, *(c for s in stepds for c in s.children(recursive=True))]


def _alive(proc: psutil.Process) -> bool:
    try:  # is_running also checks the start time: a reused pid is not this process
        return proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def test_down_with_a_running_job_leaves_no_process_of_the_cluster(tmp_path):
    require(None if psutil.LINUX else "needs /proc")
    munge_was_up = subprocess.run(["munge", "-n"], capture_output=True).returncode == 0
    stepds_before = {p.pid for p in psutil.process_iter(["name"]) if p.info["name"] == "slurmstepd"}
    cluster = LocalCluster(tmp_path / "cl", nodes=2)
    try:
        cluster.up()
        env = cluster.env()
        job = subprocess.run(
            [
                *("sbatch", "--parsable", "--nodes=2", "--ntasks-per-node=1", "-o", "/dev/null"),
                *("--wrap", "srun sleep 600"),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        # the batch step on n1, step 0 on n1 and n2, and a sleep under each step's stepd
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            procs = _job_processes(job, stepds_before)
            stepds = [p for p in procs if p.name() == "slurmstepd"]
            if len(stepds) >= 3 and sum(p.name() == "sleep" for p in procs) >= 2:
                break
            time.sleep(0.5)
        else:
            pytest.fail(f"job {job} did not start its step: {[p.name() for p in procs]}")
        titles = sorted(" ".join(p.cmdline()) for p in stepds)
        assert any(".batch]" in t for t in titles) and any(f"[{job}.0]" in t for t in titles)
        daemons = []
        for pidfile in (cluster.dir / "run").glob("*.pid"):
            daemons.append(psutil.Process(int(pidfile.read_text())))
        assert {d.name() for d in daemons} >= {"slurmctld", "slurmd", "slurmdbd", "mariadbd"}
        munged = None
        if not munge_was_up:  # the cluster started munged and said so
            munged = psutil.Process(int(MUNGE_MARK.read_text()))
            assert munged.name() == "munged"
    finally:
        # as a user would: the command line, from a shell that exported the cluster's conf
        subprocess.run(
            [sys.executable, "-m", "scalestudy.localcluster", "down", "--dir", str(cluster.dir)],
            env={**os.environ, "SLURM_CONF": str(cluster.conf)},
            check=True,
            timeout=120,
        )
    left = [f"{p.pid} {p.name()}" for p in [*daemons, *procs] if _alive(p)]
    assert not left, f"still running after down: {left}"
    under = []
    for proc in psutil.process_iter():
        try:
            if proc.cwd().startswith(str(cluster.dir)):
                under.append(f"{proc.pid} {proc.name()}")
        except psutil.Error:
            continue
    assert not under, f"processes still working in the cluster's folder: {under}"
    if munged is not None:
        # munged stays only while another Slurm (a cluster of another test session) needs it
        others = [
            p
            for p in psutil.process_iter(["name"])
            if p.info["name"] in SLURM_PROGRAMS and _alive(p)
        ]
        assert _alive(munged) == bool(others), (
            f"munged started by the cluster: alive={_alive(munged)}, other Slurm: {others}"
        )
