"""Shared fixtures. MPI tests skip with a reason where mpirun/Horovod are missing, except in CI
(CI=true), where a missing stack is a failure: CI must run them."""

from __future__ import annotations

import os

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
