"""Shared fixtures (helpers the tests import are in tests/support/). MPI tests skip with a reason
where mpirun/Horovod are missing, except in CI (CI=true), where a missing stack is a failure: CI
must run them."""

from __future__ import annotations

import json

import pytest
from support.cpu_clock import busy_seconds
from support.netns import LINK_RATE, need_netns
from support.skips import require
from support.slurm import running_cluster

from scalestudy.launchers import mpirun_available
from scalestudy.measure.run_local import LocalRun, run_point

# The compute probe (forward + backward passes after an overlapped run's last step, a second
# trace: ~6 of a tiny 2-rank run's ~35 CPU seconds) is off in the tests' runs unless a test asks
# for it by naming compute_probe_steps (test_throughput_clocks does): only the overlap figures
# read it, and their tests use recorded tables.
NO_PROBE = {"compute_probe_steps": 0}


_CPU_AT_SETUP = pytest.StashKey[float | None]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.stash[_CPU_AT_SETUP] = busy_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test's system-wide busy CPU seconds (setup to teardown) as the JUnit property
    `cpu_s` (support/cpu_clock.py): what scripts/test_costs.py reads to tell a waiting test
    from a computing one."""
    start, now = item.stash.get(_CPU_AT_SETUP, None), None
    if call.when == "teardown" and start is not None:
        now = busy_seconds()
    if now is not None:
        item.user_properties.append(("cpu_s", f"{now - start:.1f}"))
    yield


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
        return run_point(folder, ranks, {**NO_PROBE, **config}, mca=mca, timeout=timeout)

    return run


def run_key(ranks: int, config: dict) -> tuple[int, str]:
    """Two configurations that the trainer reads as the same (defaults spelled out or not,
    `exchange: allreduce` or `sparse_as_dense: true`) are one run: the key is the point
    configuration's full view (every field, defaults included)."""
    from scalestudy.formats.point_config import PointConfig

    return ranks, json.dumps(PointConfig.model_validate(config).full(), sort_keys=True)


@pytest.fixture(scope="session")
def shared_runs(tmp_path_factory):
    """run(ranks, config) -> the finished run, made on first use and shared by every test of
    the session that asks for the same ranks and configuration (run_key): each run is mostly
    TensorFlow's start and trace, so making it once keeps CI short (issue #43: test_compression,
    test_trainer_mpi and the exchange modules ask for the same 20-step runs). A failed run
    fails the asking test. A test that changes a run's folder must use run_trainer instead."""
    made: dict[tuple[int, str], LocalRun] = {}

    def run(ranks: int, config: dict) -> LocalRun:
        config = {**NO_PROBE, **config}
        key = run_key(ranks, config)
        if key not in made:
            name = f"{ranks}-{config.get('exchange', 'default')}-{config.get('timing', '')}"
            done = run_point(tmp_path_factory.mktemp(name), ranks, config)
            assert done.returncode == 0, done.output[-3000:]
            print(f"{name}: {done.seconds:.0f} s")
            made[key] = done
        return made[key]

    return run


@pytest.fixture(scope="session")
def slurm_cluster(tmp_path_factory):
    """A 4-node Slurm cluster with accounting, private to this test session, run as a site
    runs it (`localcluster up --site`: accounts and QOS enforced, partitions with MaxTime,
    node features), so every Slurm test submits under a site's rules."""
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
    yield from running_cluster(tmp_path_factory.mktemp("slurm"), nodes=4, site=True)


@pytest.fixture(scope="session")
def slurm_cluster_no_accounting(tmp_path_factory, slurm_cluster):
    """A second, 2-node cluster without slurmdbd: sacct has nothing to say there."""
    yield from running_cluster(tmp_path_factory.mktemp("slurm-noacct"), nodes=2, accounting=False)


@pytest.fixture
def start_cluster(tmp_path_factory):
    """Start extra clusters inside one test (e.g. 64 nodes); each is stopped afterwards."""
    running = []

    def start(nodes: int, accounting: bool = True, task_plugin: str = "none"):
        folder = tmp_path_factory.mktemp(f"slurm{nodes}-")
        gen = running_cluster(folder, nodes, accounting=accounting, task_plugin=task_plugin)
        running.append(gen)
        return next(gen)

    yield start
    for gen in running:
        next(gen, None)


@pytest.fixture(scope="session")
def netns_pair(tmp_path_factory):
    """Two emulated nodes as hosts on links shaped to LINK_RATE (tests/support/netns.py), one
    for the session: the comm and trainer checks of issue #36 each read the counters around
    their own jobs."""
    need_netns()
    yield from running_cluster(
        tmp_path_factory.mktemp("netns2") / "cl", nodes=2, netns=True, link_rate=LINK_RATE
    )
