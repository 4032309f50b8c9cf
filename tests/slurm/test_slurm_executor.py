"""`scalestudy submit --executor slurm` on the local multi-node cluster (issue #4)."""

from __future__ import annotations

import csv
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import hostlist
import pytest
import yaml
from support.manifest import read as read_manifest
from support.slurm import (
    batch_script,
    wait_settled,  # "unknown" right after a job leaves the queue waited out
)
from support.sweeps import RUNS

from scalestudy.cli import main
from scalestudy.formats import step_log
from scalestudy.formats.manifest import Attempt, ManifestFile

pytestmark = pytest.mark.slurm

SWEEP = {
    "name": "emuweak",
    # unpinned: pinned, every emulated node's rank is bound to the same core 0 of this host
    # (doctor and test_local_cluster run the pinned profile)
    "cluster": "emulated-unbound",
    "mode": "weak",
    "nodes": [1, 2, 4],
    "ppn": 1,
    "repeats": 1,
    "time_limit": "00:10:00",
    "trainer": dict(RUNS),
    "matrix": {"trainer.sparse_as_dense": [False, True]},
    # a job per point (one job array per shape); test_bundled covers the default
    "schedule": "separate",
}
# The same sweep on the probe workload (no TensorFlow, no MPI initialisation: a job is the
# environment capture and a second of probing), for the tests whose claims are the harness's
# (arrays, states, retries, scancel, watch, gates, accounting), not the trainer's outputs. The
# trainer's own outputs under Slurm are checked on trainer jobs: here (a time limit's checkpoint
# and the resumed attempt) and in test_bundled (1 and 2 nodes, both variants).
PROBE = {
    **{k: v for k, v in SWEEP.items() if k != "trainer"},
    "workload": "probe",
    "probe_seconds": 1,
}


@pytest.fixture
def in_cluster(slurm_cluster, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    return slurm_cluster


def _manifest(results: Path, name: str) -> ManifestFile:
    return read_manifest(results / name)


def _wait_done(sweep: Path, results: Path, name: str, timeout: float = 900) -> ManifestFile:
    data = wait_settled(sweep, results, name, timeout)
    for entry in data.points.values():
        _assert_environment_captured(results / name, entry.attempts[-1])
    return data


ENV_FILES = {
    "capture.json",
    "modules.txt",
    "scontrol-job.txt",
    "slurm-version.txt",
    "slurm-config.txt",
    "mpi.txt",
    "pip-freeze.txt",
    "lscpu.txt",
    "numa.txt",
    "kernel.txt",
}


def _assert_environment_captured(sdir: Path, attempt: Attempt) -> None:
    """Every attempt whose script ran holds the allocation's environment in env/."""
    if attempt.state not in ("completed", "failed", "diverged", "interrupted", "timeout"):
        return  # cancelled or lost before (or while) the script started
    env = sdir / attempt.folder / "env"
    assert {f.name for f in env.iterdir()} >= ENV_FILES, sorted(env.iterdir())
    array, _, task = attempt.job_id.partition("_")  # a job array's task: <array>_<task>
    job_line = f"ArrayJobId={array} ArrayTaskId={task} " if task else f"JobId={array} "
    assert job_line in (env / "scontrol-job.txt").read_text()
    assert re.match(r"slurm(-wlm)? \d+\.\d+", (env / "slurm-version.txt").read_text())
    assert "Open MPI" in (env / "mpi.txt").read_text()
    assert "horovod" in (env / "pip-freeze.txt").read_text().lower()
    index = json.loads((env / "capture.json").read_text())
    assert index["harness"]["slurm_job_id"] == attempt.job_id
    assert len(index["harness"]["commit"]) == 40 and isinstance(index["harness"]["dirty"], bool)


def _sacct_jobs(
    cluster, name: str, known: frozenset[str] | set[str] = frozenset(), timeout: float = 60
) -> list[str]:
    """The job ids accounting holds for this sweep, once it holds every id in `known`: slurmctld
    sends records to slurmdbd through a queue, so a job the controller already shows COMPLETED
    can be missing from sacct for a while (seen in CI: 0 jobs right after status said COMPLETED).
    Jobs submitted before the known ones went through the same queue first."""
    deadline = time.monotonic() + timeout
    while True:
        out = subprocess.run(
            ["sacct", "-X", "-n", "-P", "--starttime=now-1days", "-o", "JobID,JobName"],
            env=cluster.env(),
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        ids = [line.split("|")[0] for line in out.splitlines() if f"ss-{name}-" in line]
        missing = known - {i.split("_")[0] for i in ids} - set(ids)
        if not missing:
            return ids
        assert time.monotonic() < deadline, f"accounting never recorded job(s) {sorted(missing)}"
        time.sleep(1)


def _job_ids(data: ManifestFile) -> set[str]:
    return {e.attempts[-1].job_id.split("_")[0] for e in data.points.values()}


def _collected(sweep: Path, results: Path, name: str) -> list[dict]:
    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    with open(results / name / "results.csv") as fh:
        return list(csv.DictReader(fh))


def test_weak_sweep_on_emulated_nodes(in_cluster, tmp_path, capsys):
    """A weak sweep of 1, 2 and 4 nodes x 2 variants, a job array per node count, on the probe
    (the claims are the harness's: arrays, archived scripts, environment capture, no job twice,
    collect's Slurm columns). The trainer's rows and every rank's step logs under Slurm are
    checked in test_bundled, at 1 and 2 nodes, both variants (a 4-node trainer point here
    checked the same fields on 4 ranks: 4 rank starts for no check of its own)."""
    results = tmp_path / "results"
    sweep = tmp_path / "emuweak.yaml"
    # 3 s: longer than the cluster's JobAcctGatherFrequency (2 s), so sacct has a MaxRSS sample
    # of every job (a 1 s probe could end before the first: an empty MaxRSS, seen in CI)
    sweep.write_text(yaml.safe_dump(dict(PROBE, name="emuweak", probe_seconds=3)))
    rendered = tmp_path / "rendered"
    assert main(["render", str(sweep), "--results", str(results), "--out", str(rendered)]) == 0
    capsys.readouterr()
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    data = _manifest(results, "emuweak")
    # one job array per node count
    assert "submitted 6 job(s) in 3 submission(s)" in capsys.readouterr().out
    for pid, entry in data.points.items():
        attempt = entry.attempts[-1]
        written = batch_script(in_cluster, attempt.job_id, tmp_path)
        archived = results / "emuweak" / pid / "attempt-1" / "job.sh"
        assert archived.read_text() == (rendered / f"{pid}.sh").read_text()
        # Slurm holds the array's script; its task for this point execs the archived job.sh
        array_script = results / "emuweak" / attempt.array_folder / "job.sh"
        assert written == array_script.read_text()
        task = f"  {attempt.array_index}) run_dir={shlex.quote(str(archived.parent))} ;;"
        assert task in written

    data = _wait_done(sweep, results, "emuweak")
    assert {e.attempts[-1].state for e in data.points.values()} == {"completed"}
    jobs_before = _sacct_jobs(in_cluster, "emuweak", _job_ids(data))
    assert len(jobs_before) == 6

    capsys.readouterr()
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    assert "submitted 0 job(s)" in capsys.readouterr().out
    assert _sacct_jobs(in_cluster, "emuweak") == jobs_before

    rows = _collected(sweep, results, "emuweak")
    assert len(rows) == 6
    for r in rows:
        assert r["status"] == "completed" and r["slurm_state"] == "COMPLETED"
        assert float(r["sacct_maxrss_per_node_daemon"]) > 0
        assert len(hostlist.expand_hostlist(r["node_list"])) == int(r["nodes"])


@pytest.mark.usefixtures("time_limited")  # submitted here: it trains while these tests run
def test_two_concurrent_submits_make_one_set_of_jobs(in_cluster, tmp_path):
    spec = dict(PROBE, name="emurace", nodes=[1], matrix={})
    sweep = tmp_path / "emurace.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    cmd = [
        sys.executable,
        "-m",
        "scalestudy.cli",
        "submit",
        str(sweep),
        "--results",
        str(results),
        "--executor",
        "slurm",
    ]
    env = {**os.environ, "SLURM_CONF": str(in_cluster.conf)}
    procs = [
        subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert sorted("submitted 1 job(s)" in o for o in outs) == [False, True], outs
    data = _manifest(results, "emurace")
    assert [len(e.attempts) for e in data.points.values()] == [1]
    data = _wait_done(sweep, results, "emurace")
    assert len(_sacct_jobs(in_cluster, "emurace", _job_ids(data))) == 1


def test_without_accounting_status_is_never_wrong(
    slurm_cluster_no_accounting, tmp_path, monkeypatch
):
    cluster = slurm_cluster_no_accounting
    monkeypatch.setenv("SLURM_CONF", str(cluster.conf))
    # 6 s of probing: a running job that status polls (each second) several times
    spec = dict(PROBE, name="noacct", nodes=[1], matrix={}, probe_seconds=6)
    sweep = tmp_path / "noacct.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    seen = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        assert main(["status", str(sweep), "--results", str(results)]) == 0
        (entry,) = _manifest(results, "noacct").points.values()
        attempt = entry.attempts[-1]
        seen.append(attempt.state)
        queue = subprocess.run(
            ["squeue", "-h", "-o", "%T", "-j", attempt.job_id],
            env=cluster.env(),
            capture_output=True,
            text=True,
        ).stdout.strip()
        marker = results / "noacct" / attempt.folder / "exit_code"
        # whatever status said, it agrees with the queue or the exit marker, or admits UNKNOWN
        if attempt.state == "running":
            assert queue in ("RUNNING", "COMPLETING", "") and "squeue" in attempt.slurm_state
        elif attempt.state == "completed":
            assert marker.read_text().strip() == "0"
            break
        else:
            assert attempt.state in ("pending", "unknown", "submitted"), attempt
        time.sleep(1)
    assert seen[-1] == "completed" and "running" in seen


def _attempt(results: Path, name: str) -> Attempt:
    (entry,) = _manifest(results, name).points.values()
    return entry.attempts[-1]


def _wait_for(cond, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(1)
    raise AssertionError(f"timed out waiting for {what}")


def _submitted(tmp_path: Path, spec: dict) -> tuple[Path, Path, list[str]]:
    """`spec` written to tmp_path/NAME.yaml and submitted to Slurm: the sweep file, the results
    folder and the arguments the verbs take for them."""
    sweep = tmp_path / f"{spec['name']}.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results)]
    assert main(["submit", *args, "--executor", "slurm"]) == 0
    return sweep, results, args


def _retries_probe(sweep: Path, spec: dict, seconds: float) -> None:
    """The sweep file rewritten with `probe_seconds: seconds` before a --retry-failed: a
    probe's seconds are not part of its point's id (its attempts stay the same points), and a
    retry has no first job to be crashed or cancelled in flight, so it need not probe long."""
    sweep.write_text(yaml.safe_dump(dict(spec, probe_seconds=seconds)))


def _probed_seconds(results: Path, name: str, pid: str, attempt: int) -> float:
    point = results / name / pid / f"attempt-{attempt}" / "point.json"
    return json.loads(point.read_text())["probe_seconds"]


def test_scancelled_point_is_shown_and_retried(in_cluster, tmp_path, capsys):
    # cancelled right after submit: 5 s of probing (beside the job's environment capture) that
    # it cannot finish first; the retry probes 1 s (5 s before: nothing to cancel in flight)
    spec = dict(PROBE, name="emucancel", nodes=[1], matrix={}, probe_seconds=5)
    sweep, results, args = _submitted(tmp_path, spec)
    job = _attempt(results, "emucancel").job_id
    subprocess.run(["scancel", job], env=in_cluster.env(), check=True)
    _wait_done(sweep, results, "emucancel")
    assert _attempt(results, "emucancel").state == "cancelled"
    capsys.readouterr()
    assert main(["status", *args]) == 0
    assert "cancelled" in capsys.readouterr().out
    assert main(["submit", *args, "--executor", "slurm"]) == 0
    assert "use --retry-failed" in capsys.readouterr().out
    _retries_probe(sweep, spec, 1)
    assert main(["submit", *args, "--executor", "slurm", "--retry-failed"]) == 0
    assert _attempt(results, "emucancel").attempt == 2
    (pid,) = _manifest(results, "emucancel").points
    assert _probed_seconds(results, "emucancel", pid, 2) == 1
    _wait_done(sweep, results, "emucancel")
    assert _attempt(results, "emucancel").state == "completed"


def test_an_array_task_cancelled_while_pending_reads_cancelled(in_cluster, tmp_path):
    """Two exclusive 4-node points on 4 nodes: the second waits in the array's pending range
    until the first ends, and is scancelled there. Slurm keeps no record of such a task (22.05:
    sacct -j A_1 empty); status read it "unknown" for good (CI: a wait ran out on it)."""
    spec = dict(PROBE, name="emupend", nodes=[4], repeats=2, matrix={}, probe_seconds=1)
    sweep, results, _ = _submitted(tmp_path, spec)
    points = _manifest(results, "emupend").points
    job = {pid: e.attempts[-1].job_id for pid, e in points.items()}
    first, second = sorted(job, key=lambda pid: int(job[pid].split("_")[1]))
    subprocess.run(["scancel", job[second]], env=in_cluster.env(), check=True)
    data = _wait_done(sweep, results, "emupend")
    last = {pid: e.attempts[-1] for pid, e in data.points.items()}
    assert last[first].state == "completed"
    assert last[second].state == "cancelled", (last[second], _sacct(in_cluster, job[second]))


def test_test_only_refuses_a_sweep_before_the_first_job(in_cluster, tmp_path, capsys):
    # valid to scalestudy (which cannot know a site's node features), refused by this controller
    spec = dict(SWEEP, name="emubadpart", nodes=[1, 2], matrix={}, slurm={"constraint": "nosuch"})
    sweep = tmp_path / "emubadpart.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results), "--executor", "slurm"]
    for extra in ([], ["--dry-run"]):
        assert main(["submit", *args, *extra]) == 2
        err = capsys.readouterr().err
        assert "nothing submitted" in err and "Slurm would refuse point n0001-" in err
        assert "--constraint=nosuch" in err and "invalid feature" in err.lower()
        assert "hint:" in err
    from scalestudy.executors.manifest import Manifest

    assert Manifest(results / "emubadpart").read().points == {}
    assert _sacct_jobs(in_cluster, "emubadpart") == []


def test_points_wait_on_a_passing_probe_and_are_cancelled_by_a_failing_one(
    in_cluster, tmp_path, capsys
):
    """A gated sweep's points (probes: what is checked is when they run) wait on the gate's
    probe job and start after it ends; a trainer sweep whose gate fails runs no point, and its
    gate was a probe job, not the trainer."""
    spec = dict(PROBE, name="emugate", nodes=[1, 2], matrix={}, slurm={"gate_on_probe": True})
    sweep = tmp_path / "emugate.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results), "--executor", "slurm"]
    assert main(["submit", *args]) == 0
    data = _wait_done(sweep, results, "emugate")
    (gate,) = data.gates
    capsys.readouterr()
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    assert f"gate: probe job {gate.job_id} on 2 node(s) x 1: completed" in capsys.readouterr().out
    assert gate.nodes == 2 and sorted(gate.gates) == sorted(data.points)
    check = json.loads(
        (results / "emugate" / gate.folder / "logs" / "probe-check.json").read_text()
    )
    assert check["ok"] and check["problems"] == []
    for entry in data.points.values():
        attempt = entry.attempts[-1]
        assert attempt.after_ok == gate.job_id and attempt.state == "completed"
    # every point started only after the probe had ended (accounting says when)
    jobs = [gate.job_id, *(e.attempts[-1].job_id for e in data.points.values())]
    deadline = time.monotonic() + 60  # accounting's records lag the controller's
    while True:
        times = {}
        for line in subprocess.run(
            ["sacct", "-X", "-n", "-P", "-o", "JobID,Start,End", "-j", ",".join(jobs)],
            env=in_cluster.env(),
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines():
            job, start, end = line.split("|")
            times[job] = (start, end)
        if all(times.get(j, ("", "Unknown"))[1] != "Unknown" for j in jobs):
            break
        assert time.monotonic() < deadline, times
        time.sleep(1)
    assert all(times[j][0] >= times[gate.job_id][1] for j in jobs[1:]), times

    # a probe whose rank fails: no point of the sweep runs (trainer points: none starts)
    spec = dict(SWEEP, name="emugatefail", nodes=[1, 2], matrix={}, slurm={"gate_on_probe": True})
    spec["trainer"] = dict(SWEEP["trainer"], inject_failure={"rank": 1, "step": 1})
    sweep = tmp_path / "emugatefail.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    args = [str(sweep), "--results", str(results), "--executor", "slurm"]
    assert main(["submit", *args]) == 0
    data = _wait_done(sweep, results, "emugatefail")
    assert {e.attempts[-1].state for e in data.points.values()} == {"cancelled"}
    # the trainer sweep's gate ran the probe (its rank 0 started), not the trainer
    (gate,) = data.gates
    gate_logs = results / "emugatefail" / gate.folder / "logs"
    assert (gate_logs / "probe.rank0.started").exists(), sorted(gate_logs.iterdir())
    assert not (gate_logs / step_log.rank_log_name(0)).exists()
    for entry in data.points.values():
        assert not (results / "emugatefail" / entry.attempts[-1].folder / "logs").exists()


@pytest.fixture(scope="module")
def time_limited(slurm_cluster, tmp_path_factory) -> tuple[Path, Path, list[str]]:
    """The time-limit test's trainer point, submitted when first asked for: by the tests before
    it (test_two_concurrent_submits_make_one_set_of_jobs asks), so the ~60 s it trains until
    Slurm's USR1 (sent with the granularity of the controller's time-limit check) overlap
    theirs instead of adding to them (the test-only and gate tests were moved before it for
    that: ~27 s more of overlap). One exclusive node of 4: the tests in between never need
    more than 3 (the gate test: a 2-node gate, then a 1- and a 2-node point), and none counts
    the user's jobs in the queue (test_watch_tops_up_to_the_association_limit, after it, does:
    MaxSubmitJobs=2)."""
    spec = dict(
        SWEEP,
        name="emutime",
        nodes=[1],
        matrix={},
        time_limit="00:02:00",
        slurm={"exclusive": True, "signal_margin_s": 60},
    )
    spec["trainer"] = dict(SWEEP["trainer"], steps=100000, log_flush_every=10)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLURM_CONF", str(slurm_cluster.conf))
        return _submitted(tmp_path_factory.mktemp("emutime"), spec)


def test_time_limit_checkpoints_and_resubmission_resumes(in_cluster, time_limited):
    sweep, results, args = time_limited
    _wait_done(sweep, results, "emutime", timeout=300)
    first = _attempt(results, "emutime")
    assert first.state == "interrupted", first  # USR1 before the limit -> checkpoint, exit 4
    log1 = results / "emutime" / first.folder / "logs" / "rank00000.jsonl"
    footer = step_log.read_segments(log1)[-1].footer
    last = footer["last_step"]
    ckpt = json.loads(
        (results / "emutime" / first.folder)
        .parent.joinpath("checkpoints", "latest.json")
        .read_text()
    )
    assert ckpt["step"] == last and footer["status"] == "interrupted"

    # the resumed attempt has 10 minutes (a sweep's time_limit is not in its points' ids): on
    # the first's 2, Slurm's USR1 (up to a minute early) met it after 1 step at load 15-55
    # (TensorFlow's start and first step took 45 s there) and it never trained 3
    spec = yaml.safe_load(sweep.read_text())
    sweep.write_text(yaml.safe_dump(dict(spec, time_limit="00:10:00")))
    assert main(["submit", *args, "--executor", "slurm", "--retry-failed"]) == 0
    second = _attempt(results, "emutime")
    assert second.attempt == 2  # the same point, resubmitted
    log2 = results / "emutime" / second.folder / "logs" / "rank00000.jsonl"

    def resumed() -> bool:
        return log2.exists() and len(step_log.merged_steps(log2)) >= 3

    _wait_for(resumed, 240, "the resubmitted point to train")
    subprocess.run(["scancel", second.job_id], env=in_cluster.env(), check=True)
    steps2 = [r["step"] for r in step_log.merged_steps(log2)]
    assert step_log.read_segments(log2)[0].header["segment_start_step"] == last + 1
    assert steps2[0] == last + 1 and steps2 == list(range(last + 1, last + 1 + len(steps2)))
    steps1 = [r["step"] for r in step_log.merged_steps(log1)]
    assert steps1 == list(range(1, last + 1))  # nothing lost, nothing repeated


def _job_processes(cluster, job: str) -> list[int]:
    """Processes of this cluster still carrying the job `job` (the manifest's id) in their
    environment: an array task's SLURM_ARRAY_JOB_ID and SLURM_ARRAY_TASK_ID (every process of a
    task inherits them: the batch script, its steps, the ranks), else SLURM_JOB_ID. Slurm's own
    id for the task is not needed: `scontrol show job <array>_<task>` of a pending task that
    was cancelled answered nothing for 60 s (exit 1) in a CI-like run of 11ead0a."""
    ours = f"SLURM_CONF={cluster.conf}\0".encode()
    array, _, task = job.partition("_")
    assert array.isdigit() and (not task or task.isdigit()), job
    if task:
        tags = [f"SLURM_ARRAY_JOB_ID={array}\0".encode(), f"SLURM_ARRAY_TASK_ID={task}\0".encode()]
    else:
        tags = [f"SLURM_JOB_ID={job}\0".encode()]
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            env = (proc / "environ").read_bytes()
        except OSError:
            continue
        if ours in env and all(tag in env for tag in tags):
            pids.append(int(proc.name))
    return pids


def _job_field(cluster, job: str, key: str, patience: float = 60) -> str:
    """One field of `scontrol show job`. Asked again while the controller does not answer (a
    busy slurmctld, e.g. handling a lost node on a loaded machine, times the client out: CI
    once got an empty answer here right after crash_node)."""
    give_up = time.monotonic() + patience
    while True:
        done = subprocess.run(
            ["scontrol", "show", "job", job], env=cluster.env(), capture_output=True, text=True
        )
        if f"{key}=" in done.stdout:
            return done.stdout.split(f"{key}=")[1].split()[0]
        assert time.monotonic() < give_up, (
            f"scontrol show job {job} gave no {key}= for {patience:.0f} s "
            f"(exit {done.returncode}): {done.stderr.strip()!r}"
        )
        time.sleep(1)


def _batch_host(cluster, job: str) -> str:
    return _job_field(cluster, job, "BatchHost")


def test_node_failure_and_scancel_then_retry_exactly_those(in_cluster, tmp_path, capsys):
    """Three 2-node points on the probe (the claims are Slurm's and the harness's: a lost node's
    job killed on every node, the states status shows, what --retry-failed resubmits): the
    first loses its batch node (slurmd, steps and ranks killed at once), the second is
    scancelled, the third completes; --retry-failed reruns the two."""
    # 15 s of probing: seen started on both nodes, the first point is crashed within a poll
    # (1 s) and the second cancelled, ~12 s before either could end (the node is marked DOWN
    # after SlurmdTimeout, 10 s: the ranks on the other node are long gone by then); the third
    # probes 15 s, both retries 3 s (15 s before: a retry is crashed or cancelled by no one)
    spec = dict(PROBE, name="emufail", nodes=[2], repeats=3, matrix={}, probe_seconds=15)
    sweep, results, args = _submitted(tmp_path, spec)
    points = _manifest(results, "emufail").points
    (crashed, cancelled, untouched) = sorted(points)
    job = {pid: points[pid].attempts[-1].job_id for pid in points}
    logs = {pid: results / "emufail" / pid / "attempt-1" / "logs" for pid in points}

    def started(pid: str) -> bool:  # both ranks (one per node) have started
        return (logs[pid] / "probe.rank1.started").exists()

    _wait_for(lambda: started(crashed), 240, "the first point to start on both nodes")
    node = _batch_host(in_cluster, job[crashed])
    # the check below finds the running job's processes (else "none left" would prove nothing)
    assert _job_processes(in_cluster, job[crashed])
    subprocess.run(["scancel", job[cancelled]], env=in_cluster.env(), check=True)
    try:
        assert in_cluster.crash_node(node) > 0
        _wait_for(
            lambda: (
                main(["status", *args]) == 0
                and _manifest(results, "emufail").points[crashed].attempts[-1].state == "node_fail"
            ),
            180,
            "status to show the node failure",
        )
        # nothing of the failed job is left running or writing, on any node
        sizes = {f: f.stat().st_size for f in logs[crashed].iterdir()}
        time.sleep(5)
        assert {f: f.stat().st_size for f in logs[crashed].iterdir()} == sizes
        assert _job_processes(in_cluster, job[crashed]) == []
        assert _job_processes(in_cluster, job[cancelled]) == []
    finally:
        in_cluster.revive_node(node)
    data = _wait_done(sweep, results, "emufail")
    capsys.readouterr()
    assert main(["status", *args]) == 0
    shown = capsys.readouterr().out
    for pid, state in ((crashed, "node_fail"), (cancelled, "cancelled"), (untouched, "completed")):
        last = data.points[pid].attempts[-1]
        assert last.state == state, (last, _sacct(in_cluster, last.job_id), shown)
        assert f"{pid}" in shown and state in shown.split(pid)[1].splitlines()[0]
    assert data.points[crashed].attempts[-1].slurm_state == "NODE_FAIL"

    capsys.readouterr()
    _retries_probe(sweep, spec, 3)
    assert main(["submit", *args, "--executor", "slurm", "--retry-failed"]) == 0
    assert "submitted 2 job(s)" in capsys.readouterr().out
    data = _wait_done(sweep, results, "emufail")
    attempts = {pid: len(e.attempts) for pid, e in data.points.items()}
    assert attempts == {crashed: 2, cancelled: 2, untouched: 1}
    assert {_probed_seconds(results, "emufail", p, 2) for p in (crashed, cancelled)} == {3}
    assert {e.attempts[-1].state for e in data.points.values()} == {"completed"}
    assert (results / "emufail" / crashed / "attempt-2" / "logs").is_dir()


def _sacct(cluster, job_id) -> str:
    """What accounting says of a job (for an assertion's message)."""
    cmd = ["sacct", "-X", "-P", "-o", "JobID,State,Start,End,NodeList", "-j", str(job_id)]
    return subprocess.run(cmd, env=cluster.env(), capture_output=True, text=True).stdout


def _sacctmgr(cluster, *args: str) -> None:
    subprocess.run(
        ["sacctmgr", "-i", *args], env=cluster.env(), check=True, capture_output=True, text=True
    )


def test_watch_tops_up_to_the_association_limit(in_cluster, tmp_path, capsys):
    """No max_jobs_in_queue in sweep or profile: the user's MaxSubmitJobs (sacctmgr) caps the
    queue, and `submit --watch` tops it up until every point is in."""
    spec = dict(PROBE, name="emuwatch", nodes=[1], repeats=3, matrix={})
    sweep = tmp_path / "emuwatch.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results), "--executor", "slurm"]
    import getpass

    _sacctmgr(in_cluster, "modify", "user", getpass.getuser(), "set", "MaxSubmitJobs=2")
    try:
        assert main(["submit", *args, "--watch", "--interval", "5"]) == 0
    finally:
        _sacctmgr(in_cluster, "modify", "user", getpass.getuser(), "set", "MaxSubmitJobs=-1")
    out = capsys.readouterr().out
    assert "queue limit: 2 jobs (MaxSubmit of association" in out and "from sacctmgr" in out
    passes = [
        line for line in out.splitlines() if line.startswith("submitted ") and "job(s)" in line
    ]
    assert passes[0].startswith("submitted 2 job(s)") and "1 point(s) wait for room" in out
    assert sum(int(line.split()[1]) for line in passes) == 3
    data = _wait_done(sweep, results, "emuwatch")
    assert [len(e.attempts) for e in data.points.values()] == [1, 1, 1]
    assert {e.attempts[-1].state for e in data.points.values()} == {"completed"}
