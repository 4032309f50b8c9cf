"""collect's record of what it already read (collect/cache.py): a collect after another reads
only the step logs that changed, and its tables are byte-identical to a collect without the
record (deleted, stale, damaged or from other code). The folder is a real submit to the Slurm
stand-ins (tests/support/damage.py) with two points finished by hand, their step logs carrying
the start and end times the clock check reads."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import fake_slurm
import msgspec
import pytest
from support.damage import mark_completed, step_records, submit_sweep
from support.manifest import read as read_manifest
from support.spy import runs_read

from scalestudy.collect import cache as read_cache
from scalestudy.collect import rows as collect_rows
from scalestudy.formats import step_log

T0 = 1_700_000_000.0
OLD = time.time() - 3600  # the logs' time: an hour ago, past the racy window


def _timed_records(workers: int, loss: float) -> list[dict]:
    """A completed rank's records with start/end times and tokens (the clock check's inputs),
    agreeing with the footer; `loss`: the last step's."""
    recs = step_records(workers)
    steps = [r for r in recs if r["type"] == "step"]
    t = T0
    for r in steps:
        r.update(step_s=0.2, t_start=t, t_end=t + 0.2, tokens={"total": 100})
        t += 0.25
    steps[-1]["loss"] = loss
    # what the rows check reads (collect/rows_check.py): the model, the configuration, and
    # each step's gradient rows and slots
    recs[0].update(
        model={"vocab": 1000, "hidden": 16, "tie_embeddings": True},
        config={"accumulation": "tf1", "sparse_as_dense": False, "micro_batches": 1},
    )
    for r in steps:
        r.update(embedding_grad={"form": "indexed_slices", "rows": 1201})
        r.update(slots={"src": 100, "tgt": 101})
    timed = [r for r in steps if r["timed"]]
    window = timed[-1]["t_end"] - timed[0]["t_start"]
    footer = recs[-1]
    footer["timing"]["window_s"] = window
    footer["timing"]["throughput_tokens_per_s"]["total"] = 100 * len(timed) * workers / window
    return recs


def _write_logs(attempt, workers: int, loss: float = 6.6) -> None:
    text = "".join(json.dumps(r) + "\n" for r in _timed_records(workers, loss))
    for rank in range(workers):
        path = attempt / "logs" / step_log.rank_log_name(rank)
        path.write_text(text)
        os.utime(path, (OLD, OLD))


@pytest.fixture
def swept(tmp_path, monkeypatch):
    """4 points queued on the stand-ins, two completed with timed logs an hour old; every log
    read by collect is counted (points read: `reads`)."""
    fake_slurm.activate(tmp_path, monkeypatch)
    monkeypatch.setenv("SCALESTUDY_SBATCH_RETRY_S", "0.01,0.01,0.01")
    done = submit_sweep(tmp_path)
    data = read_manifest(done.folder)
    for pid in done.point_ids()[:2]:
        mark_completed(done, pid)
        a = data.last(pid)
        _write_logs(done.folder / a.folder, a.nodes * a.ppn)
    done.reads = []
    for name in ("_from_logs", "_clock_records"):
        real = getattr(collect_rows, name)

        def counted(logs, *args, real=real):
            done.reads.append(logs.parent.parent.name)
            return real(logs, *args)

        monkeypatch.setattr(collect_rows, name, counted)
    return done


def _tables(done) -> dict[str, bytes]:
    assert done.run("collect") == 0
    names = ("results.csv", "results.parquet", "points.jsonl")
    return {n: (done.folder / n).read_bytes() for n in names}


def _row(done, pid: str) -> dict:
    import csv

    with open(done.folder / "results.csv", newline="") as fh:
        return next(r for r in csv.DictReader(fh) if r["point_id"] == pid)


def test_a_second_collect_reads_nothing_and_writes_the_same_tables(swept):
    cold = _tables(swept)
    first = swept.point_ids()[:2]
    assert sorted(set(swept.reads)) == swept.point_ids()  # every attempt's logs (if any)
    assert len(swept.reads) == 4 + 2  # and the clocks of the two that finished
    assert (swept.folder / read_cache.FILE).exists()
    swept.reads.clear()
    assert _tables(swept) == cold
    assert swept.reads == []  # every log unchanged: nothing read again
    (swept.folder / read_cache.FILE).unlink()  # a cache: without it, the same tables
    assert _tables(swept) == cold
    assert sorted(set(swept.reads)) == swept.point_ids()
    assert _row(swept, first[0])["clock_check"].startswith("ok")  # windows judged


def test_a_changed_or_new_log_is_read_again(swept):
    pids = swept.point_ids()
    _tables(swept)
    assert _row(swept, pids[0])["final_loss"] == "6.6"
    data = read_manifest(swept.folder)
    attempt = swept.folder / data.last(pids[0]).folder
    log = attempt / "logs" / step_log.rank_log_name(0)
    size = log.stat().st_size
    # the same size, another content, a time a minute later: read again
    _write_logs(attempt, 1, loss=6.5)
    os.utime(log, (OLD + 60, OLD + 60))
    assert log.stat().st_size == size
    # and a point that finished since the last collect
    mark_completed(swept, pids[2])
    a = data.last(pids[2])
    _write_logs(swept.folder / a.folder, a.nodes * a.ppn, loss=6.4)
    swept.reads.clear()
    incremental = _tables(swept)  # the logs read again, the tables written without pandas
    assert sorted(set(swept.reads)) == [pids[0], pids[2]]
    assert _row(swept, pids[0])["final_loss"] == "6.5"
    assert _row(swept, pids[2])["final_loss"] == "6.4"
    assert _row(swept, pids[1])["final_loss"] == "6.6"
    (swept.folder / read_cache.FILE).unlink()  # every log read, pandas writes: the same bytes
    assert _tables(swept) == incremental


def test_a_log_younger_than_the_racy_window_is_not_kept(swept, monkeypatch):
    """A rewrite inside the file system's clock tick keeps size and time: a log that new is
    read again by the next collect, not trusted. The window is widened to 10 min (the other
    logs are an hour old): at 2 s, a collect that started more than 2 s after the touch found
    the log settled (beside the heavy lanes at nice 19, 2026-12-01)."""
    monkeypatch.setattr(read_cache, "RACY_S", 600.0)
    pid = swept.point_ids()[0]
    log = swept.folder / read_manifest(swept.folder).last(pid).folder / "logs"
    os.utime(log / step_log.rank_log_name(0))  # now
    _tables(swept)
    swept.reads.clear()
    _tables(swept)
    assert set(swept.reads) == {pid}


@pytest.mark.parametrize("how", ["stale entry", "other code", "damaged file"])
def test_a_stale_or_foreign_record_is_ignored(swept, how, capsys):
    cold = _tables(swept)
    path = swept.folder / read_cache.FILE
    data = msgspec.msgpack.decode(path.read_bytes())
    for name, entry in data["entries"].items():
        if "exchange=" in name and any(entry["files"]):  # a finished point's
            entry["value"]["final_loss"] = 99.0  # what a wrong reuse would show
            entry["value"]["tokens_per_s"] = 1.0
    if how == "stale entry":  # the files it describes have changed since (their sizes)
        for entry in data["entries"].values():
            entry["files"] = [[f[0] + 1, *f[1:]] if f else f for f in entry["files"]]
    elif how == "other code":
        data["key"] = "0" * 16
    raw = path.read_bytes()
    path.write_bytes(msgspec.msgpack.encode(data) if how != "damaged file" else raw[:100])
    swept.reads.clear()
    capsys.readouterr()
    assert _tables(swept) == cold
    assert set(swept.point_ids()[:2]) <= set(swept.reads)  # the finished ones read again
    said = f"{path} is damaged: ignored" in capsys.readouterr().err
    assert said == (how == "damaged file")  # damage is said; a stale entry is no damage


def test_the_records_key_covers_every_contract_module_the_readers_import():
    """A formula the logs are read with that lives outside the key (a module added to
    formats/ or cost_models/ later, e.g. collectives.py) would let a record outlive the code
    that made it."""
    import subprocess
    import sys

    probe = (
        "import sys, scalestudy.collect.rows, scalestudy.report.load\n"
        "print('\\n'.join(m.__file__ for n, m in sorted(sys.modules.items())"
        " if n.startswith(("
        "'scalestudy.formats.', 'scalestudy.cost_models.', 'scalestudy.collect.')) and m.__file__))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    imported = {Path(p).resolve() for p in out.stdout.split()}
    from scalestudy.collect.cache import collect_sources
    from scalestudy.report.load import _runs_sources

    assert imported <= {p.resolve() for p in collect_sources()}
    contract = {p for p in imported if p.parent.name in ("formats", "cost_models")}
    assert contract and contract <= {p.resolve() for p in _runs_sources()}


def test_the_report_takes_the_rows_check_from_collects_record(swept, monkeypatch, capsys):
    """collect runs the rows check in its pass and keeps it (collect/rows_check.py); the
    report then reads rank 0's curves alone, and reaches the verdicts it reaches reading every
    rank's log itself (no record: it says so)."""
    from scalestudy.collect import rows_check
    from scalestudy.report import load
    from scalestudy.report.build import build

    _tables(swept)
    checks = runs_read(monkeypatch, rows_check, "check_logs")
    capsys.readouterr()

    def report() -> dict[str, bytes]:
        out = build([swept.folder.name], swept.results).out
        return {n: (out / n).read_bytes() for n in ("figures.json", "summary.md")}

    carried = report()
    assert checks == []  # every finished point's check came from collect's record
    assert "rows check" not in capsys.readouterr().err
    verdicts = json.loads(carried["figures.json"])["rows_checks"]
    assert sorted(verdicts) == swept.point_ids()[:2]
    assert all(v["rank_steps"] > 0 for v in verdicts.values())
    # without either record (a table copied without them): the report checks every log itself
    for name in (read_cache.FILE, load.RUNS_CACHE):
        (swept.folder / name).unlink()
    assert report() == carried
    assert sorted(checks) == swept.point_ids()[:2]
    assert "the rows check of 2 run(s) read every rank's log here" in capsys.readouterr().err
