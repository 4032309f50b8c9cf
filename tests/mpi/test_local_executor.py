"""The harness end to end on this machine: submit -> run -> collect, idempotent."""

from __future__ import annotations

import csv
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from support.manifest import read as read_manifest
from support.skips import require  # skip with the reason here, fail in CI
from support.sweeps import sparse_and_dense

from scalestudy.cli import main

# its runs are its own (the local executor's), shared with no other file: back in the compute
# lane (scripts/heavy_lanes.py), which ended 257 s before the cluster lane with it there (144 s
# of the cluster lane; 7492c6e's CI-like run, 2026-12-01: compute 1,295 s, cluster 1,552 s)
pytestmark = pytest.mark.mpi

SWEEP = sparse_and_dense("mini", "local", ppn=1, repeats=1)


def _rows(path: Path) -> list[dict]:
    with open(path) as fh:
        return list(csv.DictReader(fh))


def test_submit_collect_and_resubmit(mpi_stack, tmp_path, capsys):
    """One node count (2 ranks, the variants' bundle): that each node count is its own bundle
    is tests/unit/test_bundled_plan.py's (two node counts make their own bundles; it was two
    1-rank trainer points more here, CI 58 s for 6 rank starts)."""
    sweep = tmp_path / "mini.yaml"
    # two variants: bundled by default; one pass (allocation) keeps this test short
    sweep.write_text(yaml.safe_dump(dict(SWEEP, nodes=[2], allocations=1)))
    results = tmp_path / "results"
    rendered = tmp_path / "rendered"
    assert main(["render", str(sweep), "--results", str(results), "--out", str(rendered)]) == 0

    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "ran 2 point(s)" in out
    for script in rendered.glob("*.sh"):  # render showed exactly what ran
        archived = results / "mini" / script.stem / "attempt-1" / "job.sh"
        assert archived.read_text() == script.read_text()

    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "ran 0 point(s)" in out and "skipped 2: completed" in out

    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    rows = _rows(results / "mini" / "results.csv")
    assert len(rows) == 2
    for r in rows:
        assert r["status"] == "completed"
        assert float(r["tokens_per_s"]) > 0 and int(float(r["steps_timed"])) == 4
        sparse = r["sparse_as_dense"] == "False"
        workers = int(r["workers"])
        emb = float(r["logical_embedding_bytes_per_step"])
        if sparse:
            assert float(r["logical_allgather_bytes_per_step"]) == emb
            assert float(r["emb_grad_rows_per_worker"]) > 1000
        else:
            assert emb == 4 * 1000 * 64 and float(r["logical_allgather_bytes_per_step"]) == 0
        assert workers == int(r["nodes"])
        assert r["allocation"] == "0" and r["bundle"].startswith(f"b{workers:04d}-")
    # each node count's two variants ran back to back, in the order the bundle recorded
    for bundle in {r["bundle"] for r in rows}:
        members = sorted((r for r in rows if r["bundle"] == bundle), key=lambda r: r["run_order"])
        assert [r["run_order"] for r in members] == ["0", "1"]
        assert {r["sparse_as_dense"] for r in members} == {"False", "True"}
        assert float(members[0]["end"]) <= float(members[1]["start"])
    assert (results / "mini" / "results.parquet").exists()


def test_failed_points_are_kept_and_retried(mpi_stack, tmp_path, capsys):
    """A trainer point that fails after some steps (its partial step logs give no tokens/s) is
    kept as failed, skipped by the next submit, and run again with --retry-failed. One rank:
    the harness's bookkeeping is the same for one rank as for two, and that a rank's failure
    ends its peers is tests/mpi/test_trainer_mpi.py's test_exception_on_one_rank_ends_all_ranks."""
    spec = dict(SWEEP, nodes=[1], matrix={})
    spec["trainer"] = dict(SWEEP["trainer"], inject_failure={"rank": 0, "step": 3})
    sweep = tmp_path / "fail.yaml"
    sweep.write_text(yaml.safe_dump(dict(spec, name="fail")))
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    (row,) = _rows(results / "fail" / "results.csv")
    assert row["status"] == "failed" and row["tokens_per_s"] == ""
    capsys.readouterr()
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    assert "skipped 1: failed (use --retry-failed)" in capsys.readouterr().out
    assert main(["submit", str(sweep), "--results", str(results), "--retry-failed"]) == 0
    assert (results / "fail" / row["point_id"] / "attempt-2" / "job.sh").exists()


def test_ctrl_c_leaves_a_clean_state(mpi_stack, tmp_path):
    import contextlib
    import os
    import signal
    import subprocess
    import sys
    import time

    from scalestudy.formats import step_log

    spec = dict(SWEEP, name="stop", nodes=[1], repeats=2, matrix={})
    spec["trainer"] = dict(SWEEP["trainer"], steps=5000)
    sweep = tmp_path / "stop.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    proc = subprocess.Popen(
        [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep), "--results", str(results)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # Ctrl-C as a terminal delivers it: a suite started in the background (`make test &`)
        # ignores SIGINT, its children inherit that, and Python then never raises
        # KeyboardInterrupt (the submit ran its point to the end: two full runs failed so)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    manifest = results / "stop" / "manifest.json"
    deadline = time.monotonic() + 120
    log0 = None
    while time.monotonic() < deadline:
        if manifest.exists():
            points = read_manifest(manifest.parent).points
            running = [p for p, e in points.items() if e.attempts[-1].state == "running"]
            if running:
                log0 = results / "stop" / running[0] / "attempt-1" / "logs" / "rank00000.jsonl"
                if log0.exists():
                    break
        time.sleep(0.2)
    assert log0 is not None and log0.exists(), "the first point never started"
    time.sleep(2)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        # the executor gives the job 60 s to checkpoint and end after TERM, then kills its
        # process group: a loaded CI host needs that grace and the bookkeeping after it
        out, _ = proc.communicate(timeout=150)
    except subprocess.TimeoutExpired:
        tree = subprocess.run(["ps", "-ef", "--forest"], capture_output=True, text=True).stdout
        job = log0.parent.parent / "stdout.log"
        proc.kill()
        with contextlib.suppress(OSError, IndexError, KeyError):  # the rank must not run on
            os.kill(step_log.read_segments(log0)[0].header["pid"], signal.SIGKILL)
        raise AssertionError(
            f"submit still running 150 s after Ctrl-C\n{job}:\n"
            f"{job.read_text(errors='replace')[-3000:] if job.exists() else '(none)'}\n"
            f"processes:\n{tree[-4000:]}"
        ) from None
    print(f"submit ended {time.monotonic() - sent:.1f} s after Ctrl-C")
    assert proc.returncode == 130, out
    points = read_manifest(manifest.parent).points
    assert [e.attempts[-1].state for e in points.values()] == ["cancelled"]
    assert len(list((results / "stop").glob("n*/attempt-*"))) == 1  # the unstarted one is gone
    pid = step_log.read_segments(log0)[0].header["pid"]
    time.sleep(1)
    try:
        os.kill(pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive, "a trainer rank outlived Ctrl-C"


def test_a_point_past_its_memory_limit_is_out_of_memory_in_status_and_report(
    mpi_stack, tmp_path, capsys
):
    """rank_memory_limit_gb: the job script caps each process's data (ulimit -d). A batch whose
    logits alone (tokens x vocab x 4 bytes, 2 GiB here) do not fit fails at its first large
    allocation, the launcher ends the other rank, and the point is out_of_memory, with the line
    that says so, in the manifest, in `status`, in results.csv and in the report. Which allocation
    fails first varies by machine: inside a TensorFlow kernel (std::bad_alloc, the rank aborts,
    134) or where TensorFlow raises it (the trainer exits 6): both read alike."""
    spec = dict(SWEEP, name="oom", nodes=[2], matrix={}, rank_memory_limit_gb=1.5)
    spec["trainer"] = dict(SWEEP["trainer"], tokens_per_worker=524288, steps=2)
    spec["trainer"]["timing_warmup_steps"] = 1
    sweep = tmp_path / "oom.yaml"
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results)]
    assert main(["submit", *args, "--allow-oom"]) == 0
    capsys.readouterr()
    assert main(["status", *args]) == 0
    assert "out_of_memory: 1" in capsys.readouterr().out
    (point,) = (results / "oom").glob("n*/attempt-1")
    # 134: SIGABRT from C++ (6: the trainer caught a Python-level allocation error)
    assert (point / "exit_code").read_text().strip() in ("134", "6")
    assert "ulimit -d 1572864" in (point / "job.sh").read_text()
    (entry,) = read_manifest(results / "oom").points.values()
    assert entry.attempts[-1].reason.startswith("an allocation failed: ")
    assert main(["collect", *args]) == 0
    (row,) = _rows(results / "oom" / "results.csv")
    assert row["status"] == "out_of_memory"
    assert main(["report", "oom", "--results", str(results)]) == 0
    assert "out_of_memory" in (results / "oom" / "report" / "summary.md").read_text()


PROBES = {
    "name": "progress",
    "cluster": "local",
    "mode": "weak",
    "nodes": [1],  # the local profile does not pin 2 ranks apart: their probe says so
    "ppn": 1,
    "repeats": 3,  # 3 points: the estimate of time left shows from the 2nd on
    "schedule": "separate",
    "workload": "probe",
    "probe_seconds": 1,  # the display is read every 0.5 s: a point still shows running
}


def test_submit_shows_a_live_display_in_a_terminal_and_plain_lines_in_a_pipe(mpi_stack, tmp_path):
    """In tmux (a real terminal): rich's bar with points done / total, elapsed and time left.
    Piped: one plain line per point, no terminal escapes."""
    require(None if shutil.which("tmux") else "tmux missing: run `make system`")
    sweep = tmp_path / "progress.yaml"
    sweep.write_text(yaml.safe_dump(PROBES))
    cmd = [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep)]

    piped = subprocess.run(
        [*cmd, "--results", str(tmp_path / "piped")], capture_output=True, text=True, timeout=300
    )
    assert piped.returncode == 0, piped.stderr
    lines = [ln for ln in piped.stdout.splitlines() if ln.startswith("[")]
    assert [ln[:5] for ln in lines] == ["[1/3]", "[2/3]", "[3/3]"]
    assert all(" completed in " in ln for ln in lines) and "\x1b[" not in piped.stdout

    session = f"ss-progress-{os.getpid()}"
    shell = f"{shlex.join([*cmd, '--results', str(tmp_path / 'tty')])}; sleep 60"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "150", "-y", "30", shell],
        check=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    screens = []
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
            screens.append(screen)
            if "ran 3 point(s)" in screen:
                break
            time.sleep(0.5)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    print(next((s for s in screens if "points" in s and "about" in s), screens[-1]))
    during = [s for s in screens if "points" in s and "elapsed" in s]
    assert during, screens[-1]  # the bar was on screen while points ran
    assert any("/3" in s and "running n000" in s for s in during)
    assert any("about" in s and "left" in s for s in during)  # an estimate once one point ran
    assert "ran 3 point(s)" in screens[-1]
