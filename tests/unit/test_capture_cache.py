"""compare.envdiff.gather keeps what it read of each attempt in the results folder's
.capture-cache.msgpack (issue #47: every collect adds its run to the history through gather, and
a collect after one new point of a 10,000-point sweep must not read 10,000 env/ folders again).
A record is a cache, never a source: the same Capture with it as without it, a changed file read
again, and a damaged capture's note said every time."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from support.compare import make_run

from scalestudy.compare import envdiff
from scalestudy.compare.match import load_side
from scalestudy.inputs import resolve

SAMPLES = {(dense, nodes): [1000.0, 1010.0] for dense in (False, True) for nodes in (1, 2)}


def _aged(folder: Path, seconds: float = 60.0) -> None:
    """Every file and folder written `seconds` ago: old enough to be recorded (cache.RACY_S)."""
    past = time.time() - seconds
    for path in [folder, *folder.rglob("*")]:
        os.utime(path, (past, past))


def _gather(root: Path, name: str) -> envdiff.Capture:
    return envdiff.gather(load_side(resolve(name, root), name))


def _plain(cap: envdiff.Capture) -> tuple:
    return cap.values, cap.attempts, cap.captured, sorted(cap.notes)


@pytest.fixture
def run(tmp_path) -> Path:
    make_run(tmp_path, "base", SAMPLES, exports={"HOROVOD_CYCLE_TIME": "5"})
    _aged(tmp_path / "base")
    return tmp_path


def test_a_second_gather_reads_the_record_and_gives_the_same_capture(run, monkeypatch):
    first = _gather(run, "base")
    record = run / "base" / envdiff.CACHE_FILE
    assert record.exists()
    assert first.attempts == 8 and first.captured == 8
    assert first.values[("software", "tensorflow-cpu")] == {"2.15.1"}
    assert first.values[("environment variables", "HOROVOD_CYCLE_TIME")] == {"5"}
    read = []
    real = envdiff.attempt_capture
    monkeypatch.setattr(envdiff, "attempt_capture", lambda *a: read.append(a) or real(*a))
    second = _gather(run, "base")
    assert read == []  # every attempt from the record
    assert _plain(second) == _plain(first)
    monkeypatch.undo()
    record.unlink()  # without the record: the same again
    assert _plain(_gather(run, "base")) == _plain(first)


def test_a_changed_file_is_read_again(run):
    _gather(run, "base")
    freeze = sorted((run / "base").rglob("env/pip-freeze.txt"))[0]
    text = freeze.read_text()
    freeze.write_text(text.replace("tensorflow-cpu==2.15.1", "tensorflow-cpu==2.16.2"))
    _aged(freeze.parent, 30.0)  # same age class as the rest; its size and time changed
    values = _gather(run, "base").values[("software", "tensorflow-cpu")]
    assert values == {"2.15.1", "2.16.2"}


def test_a_file_rewritten_in_place_is_read_again_though_its_folder_is_unchanged(run):
    """A rewrite in place changes the file, not its folder's entries (nor the folder's time):
    the record must look at every file, not only at the folders."""
    _gather(run, "base")
    freeze = sorted((run / "base").rglob("env/pip-freeze.txt"))[0]
    folder_times = freeze.parent.stat()
    freeze.write_text(freeze.read_text().replace("tensorflow-cpu==2.15.1", "tensorflow-cpu==2.99"))
    past = time.time() - 30.0  # the file old enough to be recorded, its folder as it was
    os.utime(freeze, (past, past))
    os.utime(freeze.parent, ns=(folder_times.st_atime_ns, folder_times.st_mtime_ns))
    values = _gather(run, "base").values[("software", "tensorflow-cpu")]
    assert values == {"2.15.1", "2.99"}


def test_a_damaged_capture_is_said_on_every_gather(run):
    capture = sorted((run / "base").rglob("env/capture.json"))[0]
    capture.write_text("{ not json")
    _aged(capture.parent)
    first = _gather(run, "base")
    second = _gather(run, "base")
    said = [n for n in first.notes if "capture.json" in n]
    assert said and [n for n in second.notes if "capture.json" in n] == said


def test_a_value_list_shared_by_attempts_is_stored_once_and_a_lost_one_read_again(run, monkeypatch):
    """The attempts of a run mostly capture the same fields: the record holds each distinct
    list once, named by the attempts' entries (by its digest); an entry whose list is not in the
    record (a record trimmed or written by hand) is read again, never taken as empty."""
    import msgspec

    first = _gather(run, "base")
    record = run / "base" / envdiff.CACHE_FILE
    data = msgspec.msgpack.decode(record.read_bytes())
    shared = {k for k in data["entries"] if k.startswith("values:")}
    attempts = [e["value"] for k, e in data["entries"].items() if k not in shared]
    assert len(attempts) == first.attempts
    assert {a["values"] for a in attempts} == shared and len(shared) < first.attempts
    data["entries"] = {k: e for k, e in data["entries"].items() if k not in shared}
    record.write_bytes(msgspec.msgpack.encode(data))
    read = []
    real = envdiff.attempt_capture
    monkeypatch.setattr(envdiff, "attempt_capture", lambda *a: read.append(a) or real(*a))
    assert _plain(_gather(run, "base")) == _plain(first)
    # one attempt per lost list is read again: its list, named by its digest, is the others'
    assert len(read) == len(shared)
    read.clear()  # and the record holds them again, with that attempt's own entry
    assert _plain(_gather(run, "base")) == _plain(first) and read == []


def test_a_bundled_points_job_script_is_its_bundles_last_attempts(run, monkeypatch):
    """A point run in a bundle has no job.sh of its own: its row's `bundle` names the bundle,
    whose last attempt's job.sh says what the job exported. Each bundle's script is read once
    however many points ran in it (a search of the table per attempt was quadratic)."""
    import pandas as pd

    folder = run / "base"
    table = pd.read_csv(folder / "results.csv")
    members = list(table["point_id"][:3])
    table["bundle"] = [("b1" if pid in members else None) for pid in table["point_id"]]
    table.to_csv(folder / "results.csv", index=False)
    for pid in members:
        (folder / pid / "attempt-1" / "job.sh").unlink()
    for attempt, mark in ((1, "first"), (2, "second"), (10, "tenth")):
        script = folder / "bundles" / "b1" / f"attempt-{attempt}" / "job.sh"
        script.parent.mkdir(parents=True)
        script.write_text(f"#!/bin/bash\nexport BUNDLE_MARK={mark}\n")
    _aged(folder)
    reads = []
    real = envdiff._read
    monkeypatch.setattr(envdiff, "_read", lambda p: reads.append(Path(p)) or real(p))
    values = _gather(run, "base").values
    assert values[("environment variables", "BUNDLE_MARK")] == {"tenth"}  # not attempt-2's
    assert [p for p in reads if "bundles" in p.parts] == [
        folder / "bundles" / "b1" / "attempt-10" / "job.sh"
    ]


def test_a_value_no_record_can_hold_is_read_every_time_not_a_crash(run, monkeypatch):
    """A capture holding a string MessagePack cannot write (a lone surrogate: a non-UTF-8 byte
    json.dumps escaped) is not kept in the record: gather gives it, and the record is written
    without it, every time."""
    real = envdiff.attempt_capture

    def odd(*a):
        one = real(*a)
        one["values"].append(["machine", "host", "node\udc80"])
        return one

    monkeypatch.setattr(envdiff, "attempt_capture", odd)
    for _ in range(2):
        assert "node\udc80" in _gather(run, "base").values[("machine", "host")]
