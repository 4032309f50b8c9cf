"""What the benchmarks that drive the emulated Slurm cluster share: the `scalestudy` verbs run
in this process (no interpreter start per `status` poll), and the cluster: the one that answers,
else one brought up for the benchmark and down after it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from scalestudy import status
from scalestudy.executors import states
from scalestudy.formats import manifest

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {"needs": "library", "args": [], "run_by": "tests/slurm/test_history_slurm.py"}


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def scalestudy(*argv: str, check: bool = True) -> Done:
    """`scalestudy ARGV` in this process, its output kept; exits with it when it fails and
    `check`."""
    from scalestudy.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    done = Done(code, out.getvalue(), err.getvalue())
    if check and code != 0:
        sys.exit(
            f"scalestudy {' '.join(argv)}: exit {code}\n"
            f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return done


def localcluster(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scalestudy.localcluster", *argv], capture_output=True, text=True
    )


def answering() -> bool:
    """A cluster answers when sinfo does (`status` prints sinfo's error and still exits 0)."""
    return subprocess.run(["sinfo", "-h"], capture_output=True).returncode == 0


@contextlib.contextmanager
def cluster_for_benchmark(nodes: int) -> Iterator[bool]:
    """The cluster $SLURM_CONF names, else the local one's: used when it answers, else brought
    up with `nodes` nodes and down again after; yields whether it was started here."""
    if not os.environ.get("SLURM_CONF"):
        for line in localcluster("env").stdout.splitlines():  # export SLURM_CONF=...
            if "SLURM_CONF=" in line:
                os.environ["SLURM_CONF"] = line.split("SLURM_CONF=", 1)[1].strip().strip("'\"")
    started = not answering()
    if started:
        up = localcluster("up", "--nodes", str(nodes))
        if up.returncode != 0:
            sys.exit(f"the local cluster did not come up:\n{up.stdout}\n{up.stderr}")
    try:
        yield started
    finally:
        if started:
            localcluster("down")


def settle(
    sweep: Path,
    results: Path,
    name: str,
    poll: float = 0.4,
    status_every: float = 15.0,
    timeout: float = 3600,
) -> dict:
    """`status` until no point of the sweep is queued or running; its manifest.json then.
    Between two `status` runs (each a squeue and an sacct call and a manifest edit) it waits as
    `status --watch` does (status.sleep_until_ended: the open points' exit markers watched
    every `poll` s, from `poll` s on), at most `status_every` s."""
    deadline = time.monotonic() + timeout
    sdir = results / name
    while time.monotonic() < deadline:
        scalestudy("status", str(sweep), "--results", str(results))
        raw = (sdir / "manifest.json").read_bytes()
        data = json.loads(raw)
        attempts = [e["attempts"][-1] for e in data["points"].values()]
        if not any(a["state"] in states.OPEN for a in attempts):
            return data
        markers = status.exit_markers(sdir, manifest.decode(raw, sdir / "manifest.json"))
        wait = min(status_every, deadline - time.monotonic())
        status.sleep_until_ended(markers, wait, poll, poll)
    sys.exit(f"{sweep}: jobs did not finish in {timeout:.0f} s")
