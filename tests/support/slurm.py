"""The local test clusters: starting one for a test, and waiting on a sweep's Slurm jobs."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from scalestudy import status
from scalestudy.formats.manifest import ManifestFile
from support import manifest

UNKNOWN_GRACE_S = 60
# Between two `status` runs a wait watches the open points' exit_code markers as `status
# --watch` does (status.sleep_until_ended: a fixed 3 s poll cost each wait 1.5 s on average
# after its job had ended), from POLL_S on; a job that ends without one (killed, its node
# lost) is still seen by the `status` run every STATUS_EVERY_S.
POLL_S, STATUS_EVERY_S = status.MARKER_POLL_S, 3.0


def wait_settled(sweep: Path, results: Path, name: str, timeout: float = 900) -> ManifestFile:
    """Run `status` until no point of the sweep is queued or running; the manifest then. A job
    that has just left the queue can be "unknown" for a moment (slurmdbd records it with a lag;
    seen in CI right after scancel): that is waited out for up to UNKNOWN_GRACE_S before it
    counts as the point's final state."""
    from scalestudy.cli import main

    deadline = time.monotonic() + timeout
    unknown_since, states = None, []
    while time.monotonic() < deadline:
        assert main(["status", str(sweep), "--results", str(results)]) == 0
        data = manifest.read(results / name)
        states = manifest.states(data)
        if all(s not in ("submitted", "pending", "running") for s in states):
            if "unknown" not in states:
                return data
            unknown_since = unknown_since or time.monotonic()
            if time.monotonic() - unknown_since > UNKNOWN_GRACE_S:
                return data
            time.sleep(3)  # slurmdbd's lag: no marker to watch for
            continue
        # the next status once every open point's job has written its exit_code
        wait = min(STATUS_EVERY_S, deadline - time.monotonic())
        status.sleep_until_ended(status.exit_markers(results / name, data), wait, POLL_S)
    raise AssertionError(f"jobs did not finish: {states}")


def settled_point(sweep: Path, results: Path, name: str, timeout: float = 900):
    """wait_settled for a sweep of one point: its manifest entry and its last attempt's folder."""
    data = wait_settled(sweep, results, name, timeout)
    ((pid, entry),) = data.points.items()
    return entry, results / name / pid / f"attempt-{len(entry.attempts)}"


def batch_script(cluster, job_id: str, folder: Path) -> str:
    """The script Slurm holds for a job (`scontrol write batch_script`, written in `folder`)."""
    written = folder / f"{job_id}.sh"
    subprocess.run(
        ["scontrol", "write", "batch_script", job_id, str(written)],
        env=cluster.env(),
        check=True,
        capture_output=True,
    )
    return written.read_text()


def running_cluster(folder, nodes: int, **options):
    """Start a LocalCluster (`options`: its accounting, task_plugin, netns, link_rate), fail the
    test (not skip) if it does not come up, stop it after: a generator for fixtures."""
    from scalestudy.localcluster import ClusterError, LocalCluster

    cluster = LocalCluster(folder, nodes=nodes, **options)
    try:
        cluster.up()
    except ClusterError as exc:
        cluster.down()
        pytest.fail(f"the local Slurm cluster ({nodes} nodes, {options}) did not come up: {exc}")
    yield cluster
    cluster.down()
