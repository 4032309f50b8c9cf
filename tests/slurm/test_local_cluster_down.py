"""`localcluster down` while a job still runs ends every process the cluster started: its
daemons, the job's slurmstepd (batch and step), the job's tasks, and munged if the cluster
started it (issue #27); with the emulated network (issue #36) also every process inside the
nodes' namespaces, the namespaces, the veths, the bridge and their qdiscs, and a crashed
cluster's leftovers are removed by the next `up`."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from support.skips import require

from scalestudy.localcluster import LocalCluster
from scalestudy.localcluster.cluster import MUNGE_MARK, SLURM_PROGRAMS
from scalestudy.localcluster.network import namespace_pids

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


def _need_netns() -> None:
    missing = [t for t in ("ip", "tc", "nsenter", "unshare") if not shutil.which(t)]
    require(
        f"{', '.join(missing)} missing: run `make system`"
        if missing
        else ("namespaces need root" if os.geteuid() else None)
    )


def _network_left(cluster: LocalCluster) -> list[str]:
    """Namespaces, links and qdiscs of this cluster's network that still exist."""
    prefix = cluster.network.prefix
    left = [f"netns {p.name}" for p in Path("/run/netns").glob(f"{prefix}*")]
    links = subprocess.run(["ip", "-o", "link", "show"], capture_output=True, text=True).stdout
    left += [f"link {w}" for w in links.split() if w.startswith(prefix)]
    qdiscs = subprocess.run(["tc", "qdisc", "show"], capture_output=True, text=True).stdout
    left += [f"qdisc {line}" for line in qdiscs.splitlines() if f"dev {prefix}" in line]
    return left


@pytest.mark.parametrize("netns", [False, True], ids=["loopback", "netns"])
def test_down_with_a_running_job_leaves_no_process_of_the_cluster(tmp_path, netns):
    require(None if psutil.LINUX else "needs /proc")
    if netns:
        _need_netns()
    munge_was_up = subprocess.run(["munge", "-n"], capture_output=True).returncode == 0
    stepds_before = {p.pid for p in psutil.process_iter(["name"]) if p.info["name"] == "slurmstepd"}
    cluster = LocalCluster(
        tmp_path / "cl", nodes=2, netns=netns, link_rate="1gbit" if netns else None
    )
    in_namespaces: list[psutil.Process] = []
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
        if netns:  # the daemons of the nodes and the job's processes run inside them
            names = cluster.network.state()["namespaces"]
            in_namespaces = [psutil.Process(pid) for pid in namespace_pids(names)]
            assert {p.name() for p in in_namespaces} >= {"slurmd", "slurmstepd", "sleep"}
            assert _network_left(cluster), "the network was not made"
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
    left = [f"{p.pid} {p.name()}" for p in [*daemons, *procs, *in_namespaces] if _alive(p)]
    assert not left, f"still running after down: {left}"
    if netns:
        assert not _network_left(cluster), "left after down"
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


def test_up_removes_a_crashed_clusters_network(tmp_path):
    """A netns cluster whose daemons were killed (a crash, a killed session) leaves its
    namespaces with the job's processes inside, its veths, bridge and qdiscs; the next `up` of
    the same folder ends those processes and removes all of it before it builds anew."""
    require(None if psutil.LINUX else "needs /proc")
    _need_netns()
    cluster = LocalCluster(tmp_path / "cl", nodes=2, netns=True, link_rate="1gbit")
    try:
        cluster.up()
        subprocess.run(
            ["sbatch", "--nodes=2", "-o", "/dev/null", "--wrap", "srun sleep 600"],
            env=cluster.env(),
            check=True,
            capture_output=True,
        )
        names = cluster.network.state()["namespaces"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            crashed = [psutil.Process(p) for p in namespace_pids(names)]
            if sum(p.name() == "sleep" for p in crashed) >= 2:
                break
            time.sleep(0.5)
        else:
            pytest.fail(f"the job did not start: {[p.name() for p in crashed]}")
        for proc in cluster._daemons():  # the crash: every daemon killed at once
            proc.send_signal(signal.SIGKILL)
        time.sleep(1)
        still = [p for p in crashed if _alive(p)]
        assert any(p.name() == "sleep" for p in still), "the crash left nothing to find"
        assert _network_left(cluster)
        cluster.up()
        left = [f"{p.pid} {p.name()}" for p in still if _alive(p)]
        assert not left, f"the crashed cluster's processes survived the next up: {left}"
        r = subprocess.run(
            ["srun", "-N2", "hostname"],
            env=cluster.env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert sorted(r.stdout.split()) == ["n1", "n2"], r.stderr
    finally:
        cluster.down()
    assert not _network_left(cluster), "left after down"
