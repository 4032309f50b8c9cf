"""Shared fixtures. MPI tests skip with a reason where mpirun/Horovod are missing, except in CI
(CI=true), where a missing stack is a failure: CI must run them."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from scalestudy.launchers import mpirun_available
from scalestudy.measure.run_local import LocalRun, run_point


def require(reason: str | None) -> None:
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run this test, but: {reason}")
    pytest.skip(reason)


@pytest.fixture
def mpi_stack():
    require(mpirun_available())


@pytest.fixture
def run_trainer(tmp_path, mpi_stack):
    counter = iter(range(1000))

    def run(
        ranks: int,
        config: dict,
        *,
        folder=None,
        mca=None,
        timeout: float = 900,
        name: str | None = None,
    ) -> LocalRun:
        folder = folder or tmp_path / (name or f"run{next(counter)}")
        return run_point(folder, ranks, config, mca=mca, timeout=timeout)

    return run


@pytest.fixture(scope="module")
def shared_runs(tmp_path_factory):
    """run(ranks, config) -> the finished run, made on first use and shared by the module's
    tests that ask for the same ranks and configuration (each run is mostly TensorFlow's start
    and trace: making it once keeps CI short). A failed run fails the asking test."""
    made: dict[tuple[int, str], LocalRun] = {}

    def run(ranks: int, config: dict) -> LocalRun:
        key = (ranks, json.dumps(config, sort_keys=True))
        if key not in made:
            name = f"{ranks}-{config.get('exchange', 'default')}-{config.get('timing', '')}"
            done = run_point(tmp_path_factory.mktemp(name), ranks, config)
            assert done.returncode == 0, done.output[-3000:]
            print(f"{name}: {done.seconds:.0f} s")
            made[key] = done
        return made[key]

    return run


def _running_cluster(folder, nodes: int, accounting: bool = True, task_plugin: str = "none"):
    """Start a LocalCluster, fail the test (not skip) if it does not come up, stop it after."""
    from scalestudy.localcluster import ClusterError, LocalCluster

    cluster = LocalCluster(folder, nodes=nodes, accounting=accounting, task_plugin=task_plugin)
    try:
        cluster.up()
    except ClusterError as exc:
        cluster.down()
        pytest.fail(f"the local Slurm cluster ({nodes} nodes) did not come up: {exc}")
    yield cluster
    cluster.down()


@pytest.fixture(scope="session")
def slurm_cluster(tmp_path_factory):
    """A 4-node Slurm cluster with accounting, private to this test session."""
    import shutil

    missing = [
        t
        for t in ("slurmctld", "slurmd", "slurmdbd", "munged", "mariadbd")
        if shutil.which(t) is None
    ]
    require(
        f"Slurm/munge/MariaDB missing ({', '.join(missing)}): run `make system`"
        if missing
        else None
    )
    yield from _running_cluster(tmp_path_factory.mktemp("slurm"), nodes=4)


@pytest.fixture(scope="session")
def slurm_cluster_no_accounting(tmp_path_factory, slurm_cluster):
    """A second, 2-node cluster without slurmdbd: sacct has nothing to say there."""
    yield from _running_cluster(tmp_path_factory.mktemp("slurm-noacct"), nodes=2, accounting=False)


@pytest.fixture
def start_cluster(tmp_path_factory):
    """Start extra clusters inside one test (e.g. 64 nodes); each is stopped afterwards."""
    running = []

    def start(nodes: int, accounting: bool = True, task_plugin: str = "none"):
        folder = tmp_path_factory.mktemp(f"slurm{nodes}-")
        gen = _running_cluster(folder, nodes, accounting, task_plugin)
        running.append(gen)
        return next(gen)

    yield start
    for gen in running:
        next(gen, None)


def _quickstart_scripts(cluster: str, folder) -> list[str]:
    """The quickstart's job scripts rendered for `cluster`, its results folder as "@"."""
    from pathlib import Path

    from scalestudy.plan import make_plan
    from scalestudy.spec.sweep import load_sweep
    from scalestudy.submit import render_all

    quickstart = (Path(__file__).parents[1] / "experiments" / "quickstart.yaml").read_text()
    folder.mkdir(parents=True)
    sweep = folder / "quickstart.yaml"
    sweep.write_text(quickstart.replace("cluster: local", f"cluster: {cluster}"))
    loaded = load_sweep(sweep)
    scripts = render_all(loaded, make_plan(loaded), folder / "results").values()
    return [s.replace(str(folder.resolve()), "@") for s in scripts]


def check_renders_as_emulated(detected, folder) -> None:
    """A profile detected from the local test cluster (named `emulated`: the name is part of
    every point id) renders the quickstart's job scripts of the hand-written `emulated` profile
    but for one line: slurmd reports each test node (CPUs=2 in slurm.conf) as 2 sockets x 1
    core, which detection writes, where the hand-written profile says 1 socket x 2 cores. One
    rank per node: Open MPI maps it per socket or per node, onto one core alike."""
    hand = _quickstart_scripts("emulated", folder / "hand")
    auto = _quickstart_scripts(str(detected), folder / "auto")
    assert len(hand) == len(auto) == 4
    for h, a in zip(hand, auto, strict=True):
        differ = [(x, y) for x, y in zip(h.splitlines(), a.splitlines(), strict=True) if x != y]
        assert differ and all(x.replace("ppr:1:socket", "ppr:1:node") == y for x, y in differ), (
            differ
        )


UNKNOWN_GRACE_S = 60


def wait_settled(sweep: Path, results: Path, name: str, timeout: float = 900) -> dict:
    """Run `status` until no point of the sweep is queued or running; the manifest then. A job
    that has just left the queue can be "unknown" for a moment (slurmdbd records it with a lag;
    seen in CI right after scancel): that is waited out for up to UNKNOWN_GRACE_S before it
    counts as the point's final state."""
    from scalestudy.cli import main

    deadline = time.monotonic() + timeout
    unknown_since, states = None, []
    while time.monotonic() < deadline:
        assert main(["status", str(sweep), "--results", str(results)]) == 0
        data = json.loads((results / name / "manifest.json").read_text())
        states = [e["attempts"][-1]["state"] for e in data["points"].values()]
        if all(s not in ("submitted", "pending", "running") for s in states):
            if "unknown" not in states:
                return data
            unknown_since = unknown_since or time.monotonic()
            if time.monotonic() - unknown_since > UNKNOWN_GRACE_S:
                return data
        time.sleep(3)
    raise AssertionError(f"jobs did not finish: {states}")
