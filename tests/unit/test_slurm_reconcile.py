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
    [
        "accounting knows no task of the array yet",
        "the task started",
        "the array's output of the task was opened",
        "the queue did not answer",
    ],
)
def test_a_vanished_task_stays_unknown_without_all_the_evidence(slurm, tmp_path, why):
    slurm["sacct"] = {} if why.startswith("accounting") else {"41_0": "RUNNING"}
    if why == "the queue did not answer":
        slurm["squeue"] = None
    a = _pending_task(tmp_path)
    if why == "the task started":
        (tmp_path / a.folder / "slurm-41_1.out").write_text("")
    if why.startswith("the array's output"):  # Slurm's --output, in the array's own folder
        a.array_folder = "arrays/a1/attempt-1"
        (tmp_path / a.array_folder).mkdir(parents=True)
        (tmp_path / a.array_folder / "slurm-41_1.out").write_text("")
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "unknown", why


def test_a_task_that_wrote_its_marker_is_not_cancelled_on_a_stale_pending_range(slurm, tmp_path):
    """Accounting still says PENDING (its range not updated), the queue has forgotten the task:
    but the task wrote its exit marker, so it ran; never "cancelled before it started"."""
    slurm["sacct"] = {"41_0": "PENDING", "41_1": "PENDING"}
    a = _pending_task(tmp_path)
    (tmp_path / a.folder / attempt_files.EXIT_CODE).write_text("0\n")
    slurmctl.reconcile([a], tmp_path)
    assert a.state != "cancelled", a.slurm_state


def test_tasks_cancelled_before_accounting_recorded_their_array_are_cancelled(slurm, tmp_path):
    """Every task scancelled seconds after submit: accounting keeps one record of the bare
    array id (`43|CANCELLED by 0`, reproduced on the local cluster by a review) and none of
    the tasks': they read unknown for good, and were never resubmitted."""
    slurm["sacct"] = {"41": "CANCELLED by 0"}
    a = _pending_task(tmp_path)
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "cancelled" and a.slurm_state.startswith("GONE")


@pytest.mark.parametrize("queue", ["lists it", "did not answer", "does not list it"])
def test_a_task_accountings_stale_range_calls_pending_is_pending_only_while_queued(
    slurm, tmp_path, queue
):
    """A scancel reaches accounting's pending range late (`41_[0-3]|PENDING` for 6 s to 3 min
    after `scancel 41_1`, reproduced by a review): while the queue lists the task it waits;
    once the queue, asked, no longer does and it never started, it was cancelled."""
    slurm["sacct"] = {"41_0": "PENDING", "41_1": "PENDING"}
    slurm["squeue"] = {
        "lists it": {"41_1": ("PENDING", "Resources")},
        "did not answer": None,
        "does not list it": {"41_0": ("PENDING", "Resources")},
    }[queue]
    a = _pending_task(tmp_path)
    slurmctl.reconcile([a], tmp_path)
    assert a.state == ("cancelled" if queue == "does not list it" else "pending")


@pytest.mark.parametrize("said", ["COMPLETED", "SPECIAL_EXIT"])
def test_a_task_accounting_records_without_its_marker_is_unknown_not_cancelled(
    slurm, tmp_path, said
):
    """Accounting has the task's own record (completed; or a state this code does not map),
    its script's last write is not there (a file system's lag, a folder removed): it ran, so
    not "cancelled before it started" (a review's reproduction); unknown (looked at again)
    until the marker says how."""
    slurm["sacct"] = {"41_0": "COMPLETED", "41_1": said}
    a = _pending_task(tmp_path)
    slurmctl.reconcile([a], tmp_path)
    assert a.state == "unknown", a.slurm_state
    if said == "COMPLETED":
        assert a.slurm_state == "COMPLETED (no exit marker yet)"


def _bundle_member(tmp_path, started: bool, state: str, job: str) -> Attempt:
    """The second run of bundle b1 (job `job`), its start marker written when `started`."""
    folder = tmp_path / "p-r1" / "attempt-1"
    folder.mkdir(parents=True)
    if started:
        (folder / attempt_files.STARTED_AT).write_text("1.0\n")
    return Attempt(
        attempt=1, state=state, folder="p-r1/attempt-1", executor="slurm", job_id=job,
        bundle="b1", run_order=1,
    )  # fmt: skip


@pytest.mark.parametrize(("started", "state"), [(False, "pending"), (True, "running")])
def test_a_bundle_member_waits_while_its_bundle_is_suspended(slurm, tmp_path, started, state):
    """`scontrol suspend` on a bundle's job (or gang scheduling): a member not started read
    cancelled, and stayed so after the bundle resumed and ran it (a review's reproduction)."""
    a = _bundle_member(tmp_path, started, "pending", "21")
    slurm["sacct"] = {"21": "SUSPENDED"}
    slurm["squeue"] = {"21": ("SUSPENDED", "None")}
    slurmctl.reconcile([a], tmp_path)
    assert a.state == state
    if state == "pending":  # not Slurm's "None"
        assert a.reason == "waiting in its bundle (run 2); the bundle's job is suspended"


@pytest.mark.parametrize(
    ("started", "word", "state"),
    [
        (False, "COMPLETED", "cancelled"),
        (False, "FAILED", "cancelled"),
        (False, "TIMEOUT", "cancelled"),
        (True, "FAILED", "failed"),
        (True, "COMPLETED", "unknown"),
    ],
)
def test_a_bundle_member_that_started_is_never_read_as_cancelled(
    slurm, tmp_path, started, word, state
):
    """A member with no exit marker of a bundle whose job has ended: not started, the bundle
    ended before it (cancelled); started, it ran (a review's finding: it read cancelled): the
    bundle's job failed before the member's end (failed), or completed and the member's last
    write is not there yet (unknown, looked at again, as an array task's)."""
    a = _bundle_member(tmp_path, started, "running", "22")
    slurm["sacct"] = {"22": word}
    slurmctl.reconcile([a], tmp_path)
    assert a.state == state, a.slurm_state
