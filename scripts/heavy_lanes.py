"""The heavy tests (trainer, MPI, Slurm, wheel) in two lanes at once, then the timing tests alone
(issue #43: CI under 40 minutes). Run one after the other they kept the machine's two cores 71%
busy: the Slurm tests mostly wait (a node's SlurmdTimeout, a status poll, a probe that sleeps),
the trainer tests compute. So one pytest runs the trainers under mpirun (the compute lane) while
another runs the Slurm tests and the single-process ones (the cluster lane),
and the tests marked `timing` (their assertion is a time or a rate measured on this machine: a
change found in a history of step times, a link rate fitted from collective times) run last with
nothing beside them.

    python scripts/heavy_lanes.py --heavy "mpi or slurm or trainer or wheel or reference" \\
        --junit .pytest-junit [--beside "SHELL COMMAND"] [-- PYTEST_ARGS...]

--beside: a command (the harness's fast tests, `make test`) run at the lowest CPU priority
(nice 19) while the two lanes run, so it takes the cycles they leave idle (the lanes kept the
two cores 91% busy in 29c9bc3's CI-like run, ~490 CPU s idle, about half the fast tests'
CPU), not theirs; it is waited for before the timing lane starts, which runs with nothing
beside it. Its output is kept in PREFIX-beside.log and printed with the cluster lane's.

The compute lane prints as it goes; the cluster lane's output is kept in PREFIX-cluster.log and
printed when both have ended; each lane writes PREFIX-<lane>.xml (scripts/test_costs.py reads
them together). Exit 0 when every lane passed, else 1; the failed tests of every lane are
listed at the end, where a CI log's tail shows them."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

# lane -> the marker expression it adds to the heavy set; every heavy test is in exactly one
# (tests/unit/test_heavy_lanes.py). The two first run at once: trainers under mpirun beside the
# Slurm tests and the single-process ones (TensorFlow in one process, the wheel's builds), which
# share the session's wheel (support/wheel.py) and balance the lanes (in a run of 018a75c the
# Slurm tests alone ended 7 min before the mpirun ones). An mpirun file that shares no trainer
# run with the others may be marked `cluster_lane` to run in the cluster lane instead: with warm
# caches the compute lane still ended ~3.5 min after the cluster lane on both machines measured.
TOGETHER = {
    "compute": "mpi and not slurm and not cluster_lane and not timing",
    "cluster": "(slurm or cluster_lane or not mpi) and not timing",
}
ALONE = {"timing": "timing"}


def pytest_cmd(heavy: str, lane_expr: str, junit: Path, extra: list[str]) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        "-m",
        f"({heavy}) and ({lane_expr})",
        "--durations=30",
        f"--junitxml={junit}",
        *extra,
    ]


def failed_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("FAILED ", "ERROR "))]


def streamed(cmd: list[str]) -> tuple[int, str]:
    """Run cmd, its output shown as it comes and kept: (exit code, output)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    shown = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        shown.append(line)
    return proc.wait(), "".join(shown)


def start_beside(command: str, log: Path) -> subprocess.Popen:
    """`command` (a shell line) at nice 19, its output into log."""
    print(f"[beside the lanes, at nice 19: {command}]\n[its output in {log}]", flush=True)
    with log.open("w") as out:
        return subprocess.Popen(
            ["bash", "-c", command],
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: os.nice(19),  # only the cycles the lanes leave idle
        )


def run_together(
    heavy: str, prefix: str, extra: list[str], beside: str | None = None
) -> dict[str, tuple[int, float, str]]:
    """Both lanes of TOGETHER at once: the first's output live, the second's kept in a log;
    `beside` (a shell line) niced beside them and waited for. {lane: (exit code, seconds,
    output)}."""
    (live, live_expr), (quiet, quiet_expr) = TOGETHER.items()
    log = Path(f"{prefix}-{quiet}.log")
    start = time.monotonic()
    side_log = Path(f"{prefix}-beside.log")
    side = start_beside(beside, side_log) if beside else None
    with log.open("w") as out:
        background = subprocess.Popen(
            pytest_cmd(heavy, quiet_expr, Path(f"{prefix}-{quiet}.xml"), extra),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        print(f"[{quiet} lane: pid {background.pid}, output in {log}]", flush=True)
        ended: dict[str, tuple[int, float]] = {}  # its exit code and when, seen by a thread
        watcher = threading.Thread(
            target=lambda: ended.setdefault(quiet, (background.wait(), time.monotonic()))
        )
        watcher.start()
        live_code, shown = streamed(
            pytest_cmd(heavy, live_expr, Path(f"{prefix}-{live}.xml"), extra)
        )
        live_s = time.monotonic() - start
        watcher.join()
        quiet_code, quiet_s = ended[quiet][0], ended[quiet][1] - start
    text = log.read_text(errors="replace")
    print(f"\n===== the {quiet} lane's output ({log}) =====\n{text}", flush=True)
    done = {
        live: (live_code, live_s, shown),
        quiet: (quiet_code, quiet_s, text),
    }
    if side is not None:
        if side.poll() is None:
            print("\n[the lanes are done; waiting for the command beside them]", flush=True)
        side_code = side.wait()
        side_text = side_log.read_text(errors="replace")
        print(f"\n===== beside the lanes ({side_log}) =====\n{side_text}", flush=True)
        done["beside"] = (side_code, time.monotonic() - start, side_text)
    return done


def run_alone(heavy: str, prefix: str, extra: list[str]) -> dict[str, tuple[int, float, str]]:
    done = {}
    for lane, expr in ALONE.items():
        print(f"\n===== the {lane} lane, alone =====", flush=True)
        start = time.monotonic()
        code, shown = streamed(pytest_cmd(heavy, expr, Path(f"{prefix}-{lane}.xml"), extra))
        done[lane] = (code, time.monotonic() - start, shown)
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heavy", required=True, help="the marker expression of the heavy tests")
    ap.add_argument("--junit", default=".pytest-junit", help="prefix of each lane's files")
    ap.add_argument("--beside", help="a shell command run at nice 19 beside the two lanes")
    ap.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = ap.parse_args(argv)
    lanes = run_together(args.heavy, args.junit, args.pytest_args, args.beside)
    lanes |= run_alone(args.heavy, args.junit, args.pytest_args)
    print("\n===== lanes =====")
    failed = []
    for lane, (code, seconds, text) in lanes.items():
        # 5: the lane selected no test (a -k that matches none of its files)
        verdict = {0: "passed", 5: "no tests selected"}.get(code, f"FAILED (exit {code})")
        print(f"{lane:8s} {seconds:7.0f} s  {verdict}")
        if code not in (0, 5):
            failed += failed_lines(text) or [f"the {lane} lane exited {code}"]
    for line in failed:
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
