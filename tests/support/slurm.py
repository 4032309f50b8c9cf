"""The local test clusters: starting one for a test, and waiting on a sweep's Slurm jobs."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import ManifestFile
from support import manifest

UNKNOWN_GRACE_S = 60
# Between two `status` runs a wait watches what a job writes last, its attempt's exit_code
# (job.sh's EXIT trap), every POLL_S, and runs `status` as soon as every open point has one (a
# fixed 3 s poll cost each wait 1.5 s on average after its job had ended); a job that ends
# without it (killed, its node lost) is still seen by the `status` run every STATUS_EVERY_S.
POLL_S, STATUS_EVERY_S = 0.4, 3.0


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
        _until_open_points_ended(
            results / name, data, min(time.monotonic() + STATUS_EVERY_S, deadline)
        )
    raise AssertionError(f"jobs did not finish: {states}")


def _until_open_points_ended(sdir: Path, data: ManifestFile, until: float) -> None:
    """Sleep until every queued or running point's attempt has written its exit_code, or until."""
    open_ = [
        a for a in manifest.lasts(data).values() if a.state in ("submitted", "pending", "running")
    ]
    markers = [
        sdir / a.folder / attempt_files.EXIT_CODE for a in open_ if isinstance(a.folder, str)
    ]
    time.sleep(POLL_S)  # a job that wrote its marker may still be leaving the queue
    while time.monotonic() < until and not (
        len(markers) == len(open_) and all(m.exists() for m in markers)
    ):
        time.sleep(POLL_S)


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
