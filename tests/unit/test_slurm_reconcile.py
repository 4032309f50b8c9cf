"""How `status` decides a Slurm job's state when its sources disagree in time: slurmdbd records a
job after slurmctld has forgotten it from the queue (asynchronously; over 16 s on a loaded CI
machine), while the job script's exit marker is already written. Seen in CI: a job scancelled
during its setup left a marker, sacct had no record yet, and the marker alone made it
"completed" for good."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from scalestudy.executors import slurmctl
from scalestudy.executors.manifest import Attempt
from scalestudy.formats import attempt_files


def _running(sweep: Path, marker: str | None, age_s: float = 0.0) -> Attempt:
    folder = sweep / "p-r0" / "attempt-1"
    folder.mkdir(parents=True)
    if marker is not None:
        path = folder / attempt_files.EXIT_CODE
        path.write_text(marker + "\n")
        then = time.time() - age_s
        os.utime(path, (then, then))
    return Attempt(
        attempt=1, state="running", folder="p-r0/attempt-1", executor="slurm", job_id="41_0"
    )


@pytest.fixture
def slurm(monkeypatch):
    """sacct and squeue as this test says they answer: {job: State} or None (down)."""
    said: dict[str, dict | None] = {"sacct": {}, "squeue": {}}
    monkeypatch.setattr(slurmctl, "accounting_enabled", lambda: said["sacct"] is not None)
    monkeypatch.setattr(slurmctl, "sacct_states", lambda jobs: said["sacct"])
    monkeypatch.setattr(slurmctl, "_queue", lambda jobs: said["squeue"])
    return said


def test_an_ended_job_accounting_does_not_know_yet_stays_unknown(slurm, tmp_path):
    a = _running(tmp_path, "143")  # a scancel during the setup
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "unknown" and a.slurm_state == "ENDED (not in accounting yet)"
    assert a.exit_code == 143  # the marker is kept; the state waits for Slurm's word
    slurm["sacct"] = {"41_0": "CANCELLED by 0"}  # the record arrives
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "cancelled" and a.slurm_state == "CANCELLED"


def test_a_marker_decides_where_no_record_will_come(slurm, tmp_path):
    slurm["sacct"] = None  # no accounting kept (or slurmdbd down): the marker is all there is
    a = _running(tmp_path, "0")
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "completed"


def test_a_record_long_overdue_is_taken_as_lost(slurm, tmp_path):
    a = _running(tmp_path, "0", age_s=slurmctl.ACCOUNTING_LAG_S + 5)
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "completed" and a.exit_code == 0


def _pending_task(sweep: Path) -> Attempt:
    """Task 1 of array 41, never started (no output file), as submit left it."""
    (sweep / "p-r1" / "attempt-1").mkdir(parents=True)
    return Attempt(
        attempt=1, state="submitted", folder="p-r1/attempt-1", executor="slurm", job_id="41_1"
    )


def test_an_array_task_cancelled_while_pending_is_cancelled_not_unknown(
    slurm, tmp_path, monkeypatch
):
    """Slurm 22.05 keeps no record of an array task scancelled inside the array's pending range
    (reproduced on the local cluster: `sacct -j 41_1` empty, `sacct -j 41` lists the others):
    it was "unknown" for good, and a CI wait ran out on it."""
    asked = []
    slurm["sacct"] = {"41_0": "RUNNING", "41_2": "PENDING"}
    monkeypatch.setattr(slurmctl, "sacct_states", lambda jobs: asked.append(jobs) or slurm["sacct"])
    a = _pending_task(tmp_path)
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "cancelled" and a.slurm_state.startswith("GONE")
    assert asked == [["41_1", "41"]]  # the array asked whole: its other tasks are the evidence


@pytest.mark.parametrize(
    "why",
    ["accounting knows no task of the array yet", "the task started", "the queue did not answer"],
)
def test_a_vanished_task_stays_unknown_without_all_the_evidence(slurm, tmp_path, why):
    slurm["sacct"] = {} if why.startswith("accounting") else {"41_0": "RUNNING"}
    if why == "the queue did not answer":
        slurm["squeue"] = None
    a = _pending_task(tmp_path)
    if why == "the task started":
        (tmp_path / a.folder / "slurm-41_1.out").write_text("")
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "unknown", why
