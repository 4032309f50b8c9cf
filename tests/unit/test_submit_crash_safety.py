"""Submission keeps its promise when it goes wrong: nothing queued twice, nothing lost. Slurm's
commands are stand-ins (tests/unit/fake_slurm.py) that refuse, time out or kill the submit at
a chosen sbatch; the real-cluster path is tests/slurm."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import fake_slurm
import pytest
import yaml
from support.manifest import lasts
from support.manifest import read as read_manifest
from support.sweeps import separate_jobs

from scalestudy.cli import main
from scalestudy.executors import slurmctl
from scalestudy.formats.manifest import Attempt, ManifestFile

SWEEP = separate_jobs("crash")  # one job per point; job arrays: the tests at the end


@pytest.fixture
def slurm(tmp_path, monkeypatch):
    fake_slurm.activate(tmp_path, monkeypatch)
    monkeypatch.setenv("SCALESTUDY_SBATCH_RETRY_S", "0.01,0.01,0.01")
    sweep = tmp_path / "crash.yaml"
    sweep.write_text(yaml.safe_dump(SWEEP))
    return sweep, tmp_path / "results", tmp_path / "queue.json"


def _submit(sweep: Path, results: Path) -> int:
    return main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"])


def _submit_killed_at(sweep: Path, results: Path, n: int) -> None:
    """`submit` in its own process, SIGKILLed by the stand-in right after its n-th sbatch."""
    env = dict(os.environ, FAKE_SBATCH_KILL_AT=str(n))
    cmd = [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep)]
    cmd += ["--results", str(results), "--executor", "slurm"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -9, proc.stderr


def _manifest(results: Path) -> ManifestFile:
    return read_manifest(results / "crash")


def _last_attempts(results: Path) -> dict[str, Attempt]:
    return lasts(_manifest(results))


def test_a_refusal_midway_keeps_what_was_queued_and_the_next_submit_sends_only_the_rest(
    slurm, monkeypatch, capsys
):
    sweep, results, queue = slurm
    monkeypatch.setenv("FAKE_SBATCH_REFUSE_AT", "3")
    assert _submit(sweep, results) == 2
    err = capsys.readouterr().err
    assert "sbatch failed for n000" in err and "QOS" in err and "2 job(s)" in err
    assert "Traceback" not in err
    queued = fake_slurm.jobs(queue)
    assert len(queued) == 2
    last = _last_attempts(results)
    assert sorted(a.job_id for a in last.values()) == sorted(j["id"] for j in queued)
    assert all(a.state == "submitted" and a.identity for a in last.values())
    # the refused and the never-sent points left no attempt folder behind
    assert len(list((results / "crash").glob("n*/attempt-*"))) == 2

    monkeypatch.delenv("FAKE_SBATCH_REFUSE_AT")
    assert _submit(sweep, results) == 0
    queued = fake_slurm.jobs(queue)
    assert len(queued) == 4 and len({j["name"] for j in queued}) == 4  # one job per point
    assert {a.state for a in _last_attempts(results).values()} <= {"submitted", "pending"}


def test_a_submit_killed_after_sbatch_is_adopted_not_resubmitted(slurm, monkeypatch, capsys):
    sweep, results, queue = slurm
    _submit_killed_at(sweep, results, 2)
    # on disk: job 1 with its id; job 2 queued but its id never written ("submitting", with
    # its identity); the other two never handed to sbatch
    states = sorted((a.state, bool(a.job_id)) for a in _last_attempts(results).values())
    assert states == [("submitted", True), *[("submitting", False)] * 3]
    assert len(fake_slurm.jobs(queue)) == 2

    monkeypatch.setenv("FAKE_SQUEUE_DOWN", "1")  # cannot look it up: it is not resubmitted
    assert _submit(sweep, results) == 0
    capsys.readouterr()
    assert len(fake_slurm.jobs(queue)) == 4  # the two never sent, sent now
    waiting = [a for a in _last_attempts(results).values() if a.state == "submitting"]
    assert len(waiting) == 1 and "unreachable" in waiting[0].reason

    monkeypatch.delenv("FAKE_SQUEUE_DOWN")
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    queued = fake_slurm.jobs(queue)
    assert len(queued) == 4 and len({j["name"] for j in queued}) == 4  # nothing twice
    last = _last_attempts(results)
    assert sorted(a.job_id for a in last.values()) == sorted(j["id"] for j in queued)
    adopted = [a for a in last.values() if a.adopted_from]
    assert [a.adopted_from for a in adopted] == ["squeue"]
    assert _submit(sweep, results) == 0 and len(fake_slurm.jobs(queue)) == 4


def test_an_unreachable_controller_is_retried_then_reported(slurm, monkeypatch, capsys):
    sweep, results, queue = slurm
    monkeypatch.setenv("FAKE_SBATCH_UNREACHABLE", "2")
    assert _submit(sweep, results) == 0
    assert "slurmctld unreachable" in capsys.readouterr().err
    assert len(fake_slurm.jobs(queue)) == 4

    monkeypatch.setenv("FAKE_SBATCH_UNREACHABLE", "99")
    assert main(["submit", str(sweep), "--results", str(results / "b"), "--executor", "slurm"]) == 2
    err = capsys.readouterr().err
    assert "Unable to contact slurm controller" in err and "0 job(s)" in err
    assert "Traceback" not in err
    assert read_manifest(results / "b" / "crash").points == {}


def test_a_full_disk_while_recording_a_submission_is_said_and_the_manifest_kept(
    slurm, monkeypatch, capsys
):
    """ENOSPC on the manifest's second write (the intent is on disk, the first job id is not):
    a clear error, exit 3, the manifest on disk as last written whole, no temporary file."""
    import errno

    from scalestudy import fileio

    sweep, results, _queue = slurm
    real_fsync, calls = fileio.os.fsync, []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 5:  # manifest written twice (file + folder each), then the disk fills
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(fileio.os, "fsync", fsync)
    assert _submit(sweep, results) == 3
    err = capsys.readouterr().err
    assert "cannot write" in err and "manifest.json" in err and "No space left" in err
    assert "Traceback" not in err
    assert not list((results / "crash").glob(".manifest*.tmp"))
    states = [a.state for a in _last_attempts(results).values()]
    assert states and set(states) == {"submitting"}  # intact, and looked up before any resubmit


def _as_arrays(sweep: Path) -> None:
    """The same sweep with job arrays: 2 shapes (1 and 2 nodes), each an array of 2 points."""
    data = yaml.safe_load(sweep.read_text())
    data["slurm"] = {"array": True}
    sweep.write_text(yaml.safe_dump(data))


def test_points_of_one_shape_are_one_job_array_and_each_point_is_its_task(slurm, monkeypatch):
    sweep, results, queue = slurm
    _as_arrays(sweep)
    assert _submit(sweep, results) == 0
    queued = fake_slurm.jobs(queue)
    assert [j["tasks"] for j in queued] == [2, 2]  # 4 points, 2 sbatch calls
    manifest = _manifest(results)
    by_job = {j["id"]: j for j in queued}
    for record in manifest.arrays.values():
        attempt = record.attempts[-1]
        script = (results / "crash" / attempt.folder / "job.sh").read_text()
        assert "#SBATCH --array=0-1" in script
        for i, pid in enumerate(attempt.order):
            point = manifest.last(pid)
            assert point.job_id == f"{attempt.job_id}_{i}" and point.array_index == i
            assert attempt.job_id in by_job
            # task i runs point i's own script, in its own folder
            assert f"{results / 'crash' / point.folder}" in script
    # a cluster whose arrays hold 1 task: one job per point
    monkeypatch.setenv("FAKE_MAX_ARRAY_SIZE", "1")
    slurmctl._config.cache_clear()  # as a new process would ask scontrol again
    assert _submit(sweep, results / "b") == 0
    assert [j["tasks"] for j in fake_slurm.jobs(queue)][2:] == [None] * 4


def test_an_array_whose_submit_was_killed_is_adopted_task_by_task(slurm, monkeypatch, capsys):
    sweep, results, queue = slurm
    _as_arrays(sweep)
    _submit_killed_at(sweep, results, 2)
    states = sorted((a.state, bool(a.job_id)) for a in _last_attempts(results).values())
    assert states == [("submitted", True)] * 2 + [("submitting", False)] * 2
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    capsys.readouterr()
    queued = fake_slurm.jobs(queue)
    assert len(queued) == 2  # nothing twice
    second = queued[1]["id"]
    adopted = sorted(a.job_id for a in _last_attempts(results).values() if a.adopted_from)
    assert adopted == [f"{second}_0", f"{second}_1"]
    assert _submit(sweep, results) == 0 and len(fake_slurm.jobs(queue)) == 2


def test_a_refused_array_keeps_the_arrays_queued_before_it(slurm, monkeypatch, capsys):
    sweep, results, queue = slurm
    _as_arrays(sweep)
    monkeypatch.setenv("FAKE_SBATCH_REFUSE_AT", "2")
    assert _submit(sweep, results) == 2
    err = capsys.readouterr().err
    assert "sbatch failed for a" in err and "2 job(s)" in err and "Traceback" not in err
    manifest = _manifest(results)
    assert len(manifest.points) == 2 and len(manifest.arrays) == 1
    assert len(list((results / "crash").glob("arrays/*/attempt-*"))) == 1
    monkeypatch.delenv("FAKE_SBATCH_REFUSE_AT")
    assert _submit(sweep, results) == 0
    assert [j["tasks"] for j in fake_slurm.jobs(queue)] == [2, 2]


def test_status_says_which_scheduler_service_did_not_answer(slurm, monkeypatch, capsys):
    sweep, results, _queue = slurm
    assert _submit(sweep, results) == 0
    capsys.readouterr()
    monkeypatch.setenv("FAKE_SQUEUE_DOWN", "1")
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "note: the controller did not answer (squeue failed: is slurmctld down?)" in out
    assert "accounting did not answer" not in out
    monkeypatch.delenv("FAKE_SQUEUE_DOWN")
    monkeypatch.setenv("FAKE_SACCT_DOWN", "1")
    slurmctl._config.cache_clear()  # a cluster with accounting, as a new process would see
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "note: accounting did not answer (sacct failed: is slurmdbd down?)" in out
    assert "controller did not answer" not in out
    # nothing is guessed: the queue still says pending, and no point was resubmitted
    assert {a.state for a in _last_attempts(results).values()} == {"pending"}
    assert "Traceback" not in capsys.readouterr().err


def test_a_slurm_point_whose_output_reports_a_failed_allocation_is_out_of_memory(slurm, capsys):
    """A rank that died of std::bad_alloc (exit 134, as under `rank_memory_limit_gb`): status
    reads the job's output and says out_of_memory, with the line as the reason."""
    sweep, results, _queue = slurm
    assert _submit(sweep, results) == 0
    pid, attempt = sorted(_last_attempts(results).items())[0]
    folder = results / "crash" / attempt.folder
    (folder / "exit_code").write_text("134\n")
    (folder / f"slurm-{attempt.job_id}.out").write_text(
        "terminate called after throwing an instance of 'std::bad_alloc'\n"
        "  what():  std::bad_alloc\n"
    )
    assert main(["status", str(sweep), "--results", str(results)]) == 0
    assert "out_of_memory: 1" in capsys.readouterr().out
    attempt = _last_attempts(results)[pid]
    assert attempt.state == "out_of_memory"
    assert attempt.reason.startswith("an allocation failed: terminate called")
    assert {a.state for p, a in _last_attempts(results).items() if p != pid} == {"pending"}
