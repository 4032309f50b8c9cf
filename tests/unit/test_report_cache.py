"""The report's record of what it read of the step logs (report/load.py, collect/cache.py):
a second report reads no log and writes the same files; a changed log is read again; a stale or
foreign record is ignored; a damaged log is named every time, never taken from the record. The
sweep is test_report_support's synthetic one (results.csv and every rank's step log)."""

from __future__ import annotations

import json
import os
import time

import msgspec
import pytest
from support.spy import runs_read
from test_report_support import WEAK, WEAK_STATUS, make_sweep

from scalestudy.formats import step_log
from scalestudy.report import load
from scalestudy.report.build import build

OLD = time.time() - 3600  # past the record's racy window


@pytest.fixture
def swept(tmp_path, monkeypatch):
    """The sweep, its logs an hour old; each run whose logs the report reads is counted."""
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    for path in (tmp_path / "synth").rglob("*.jsonl"):
        os.utime(path, (OLD, OLD))
    return tmp_path, runs_read(monkeypatch, load, "_read_run")


def _report(root) -> dict[str, bytes]:
    out = build(["synth"], root).out
    return {n: (out / n).read_bytes() for n in ("figures.json", "summary.md")}


def _rank0(root) -> list:
    return sorted((root / "synth").rglob(step_log.rank_log_name(0)))


def test_a_second_report_reads_no_log_and_writes_the_same_files(swept):
    root, reads = swept
    cold = _report(root)
    runs = len(_rank0(root))
    assert len(reads) == runs > 0 and (root / "synth" / load.RUNS_CACHE).exists()
    reads.clear()
    assert _report(root) == cold
    assert reads == []
    (root / "synth" / load.RUNS_CACHE).unlink()  # a cache: without it, the same report
    assert _report(root) == cold
    assert len(reads) == runs


def test_a_changed_log_is_read_again(swept):
    root, reads = swept
    cold = _report(root)
    log = _rank0(root)[0]
    lines = log.read_text().splitlines()
    recs = [json.loads(line) for line in lines]
    for r in recs:
        if r["type"] == "step":
            r["loss"] = 3.25  # another curve
    log.write_text("".join(json.dumps(r) + "\n" for r in recs))
    os.utime(log, (OLD + 60, OLD + 60))
    reads.clear()
    warm = _report(root)
    assert reads == [log.parent.parent.parent.name]
    assert warm["figures.json"] != cold["figures.json"]
    losses = json.loads(warm["figures.json"])["figures"]["loss_lr"]["loss"]
    assert any(set(s["y"]) == {3.25} for s in losses)


@pytest.mark.parametrize("how", ["stale entry", "other code", "damaged file"])
def test_a_stale_or_foreign_record_is_ignored(swept, how):
    root, reads = swept
    cold = _report(root)
    path = root / "synth" / load.RUNS_CACHE
    data = msgspec.msgpack.decode(path.read_bytes())
    for entry in data["entries"].values():
        entry["value"]["loss"] = [99.0] * len(entry["value"]["loss"])  # a wrong reuse shows
        if how == "stale entry":  # rank 0's log has changed since (its size)
            entry["files"][0][0] += 1
    if how == "other code":
        data["key"] = "0" * 16
    raw = path.read_bytes()
    path.write_bytes(msgspec.msgpack.encode(data) if how != "damaged file" else raw[:100])
    reads.clear()
    assert _report(root) == cold
    assert len(reads) == len(_rank0(root))


def test_a_damaged_log_is_named_every_time(swept):
    root, _ = swept
    log = _rank0(root)[0]
    log.write_text('{"type": "header", "schema": "nonsense"}\n')
    os.utime(log, (OLD, OLD))
    for _ in range(2):
        said = build(["synth"], root).analysis.warnings
        assert any(str(log) in w and "unreadable step log" in w for w in said), said
