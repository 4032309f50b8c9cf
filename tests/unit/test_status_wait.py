"""`status --watch` (and the Slurm tests' and benchmarks' waits) refresh as soon as every queued
or running point's job has written its exit marker, not at the end of a fixed interval, and
never before the least wait the controller is owed. The waits' upper bounds are half of
intervals of 120 s: `make test` runs these at nice 19 beside the heavy lanes, where a process
can wait seconds for a core (docs/development.md)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from support.manifest import made

from scalestudy import status
from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import Attempt


def _attempt(pid: str, state: str) -> Attempt:
    return Attempt(attempt=1, state=state, folder=f"{pid}/attempt-1", executor="slurm")


def test_the_markers_are_the_queued_and_running_points_exit_codes(tmp_path):
    data = made(
        {
            "a": [_attempt("a", "completed"), _attempt("a", "running")],
            "b": [_attempt("b", "pending")],
            "c": [_attempt("c", "submitted")],
            "d": [_attempt("d", "completed")],
            "e": [_attempt("e", "unknown")],  # no marker may ever come: not waited on
        }
    )
    got = status.exit_markers(tmp_path, data)
    want = [tmp_path / p / "attempt-1" / attempt_files.EXIT_CODE for p in "abc"]
    assert sorted(got) == sorted(want)


def _write_later(path: Path, after: float) -> threading.Thread:
    def write() -> None:
        time.sleep(after)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("0\n")

    t = threading.Thread(target=write)
    t.start()
    return t


def _timed(*args, **kw) -> float:
    start = time.monotonic()
    status.sleep_until_ended(*args, **kw)
    return time.monotonic() - start


def test_a_wait_ends_when_the_last_marker_is_written(tmp_path):
    markers = [tmp_path / "a" / "exit_code", tmp_path / "b" / "exit_code"]
    writers = [_write_later(markers[0], 0.2), _write_later(markers[1], 0.6)]
    took = _timed(markers, 120.0, 0.1, poll=0.05)
    for w in writers:
        w.join()
    assert 0.6 <= took < 60.0, took  # after the second marker, not at the 120 s


def test_a_wait_is_never_shorter_than_its_least_nor_longer_than_its_interval(tmp_path):
    written = tmp_path / "exit_code"
    written.write_text("0\n")  # all ended already (the scheduler not caught up yet)
    assert 0.5 <= _timed([written], 120.0, 0.5, poll=0.05) < 60.0
    assert 0.4 <= _timed([], 0.4, 0.1, poll=0.05) < 60.0  # nothing to watch: the interval
    missing = tmp_path / "never" / "exit_code"  # a job killed before its EXIT trap
    assert 0.4 <= _timed([missing], 0.4, 0.1, poll=0.05) < 60.0


def test_watch_refreshes_when_the_jobs_have_ended(tmp_path, monkeypatch, capsys):
    marker = tmp_path / "p" / "attempt-1" / attempt_files.EXIT_CODE
    running = status.Snapshot(markers=[marker])
    running.counts["running"] = 1
    done = status.Snapshot()
    done.counts["completed"] = 1
    snaps = iter([running, done])
    monkeypatch.setattr(status, "refresh", lambda sdir, points: next(snaps))
    writer = _write_later(marker, 0.3)
    start = time.monotonic()
    status.watch(tmp_path, [], 120.0, "t", 0.1)  # a pipe: plain blocks
    took = time.monotonic() - start
    writer.join()
    assert took < 60.0, took  # not the 120 s interval
    assert capsys.readouterr().out.count("--- ") == 2


def test_watch_backs_off_while_the_scheduler_lags_behind_the_markers(tmp_path, monkeypatch):
    """Every job has written its exit marker but the snapshot is not settled (accounting lags,
    up to minutes): the least wait doubles each such refresh, up to the interval, instead of
    asking the shared controller every 5 s meanwhile (a review's finding); a marker not yet
    written brings it back to the least."""
    ended = tmp_path / "p" / "attempt-1" / attempt_files.EXIT_CODE
    ended.parent.mkdir(parents=True)
    ended.write_text("0\n")
    lagging = status.Snapshot(markers=[ended])
    lagging.counts["running"] = 1
    waiting = status.Snapshot(markers=[tmp_path / "q" / "attempt-1" / attempt_files.EXIT_CODE])
    waiting.counts["running"] = 1
    done = status.Snapshot()
    done.counts["completed"] = 1
    snaps = iter([lagging, lagging, lagging, lagging, waiting, done])
    monkeypatch.setattr(status, "refresh", lambda sdir, points: next(snaps))
    least: list[float] = []
    monkeypatch.setattr(status, "sleep_until_ended", lambda m, s, a, *_: least.append(a))
    status.watch(tmp_path, [], 30.0, "t", 5.0)
    assert least == [10.0, 20.0, 30.0, 30.0, 5.0]
