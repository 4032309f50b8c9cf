"""Shared fixtures. MPI tests skip with a reason where mpirun/Horovod are missing, except in CI
(CI=true), where a missing stack is a failure: CI must run them."""

from __future__ import annotations

import json
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from scalestudy.contract import step_log
from scalestudy.launchers import mpirun_available, mpirun_env, trainer_command


def require(reason: str | None) -> None:
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run this test, but: {reason}")
    pytest.skip(reason)


@dataclass
class TrainerRun:
    returncode: int
    output: str
    folder: Path
    seconds: float

    @property
    def logs(self) -> Path:
        return self.folder / "logs"

    def rank_log(self, rank: int) -> Path:
        return self.logs / step_log.rank_log_name(rank)

    def steps(self, rank: int) -> list[dict]:
        return step_log.merged_steps(self.rank_log(rank))

    def footer(self, rank: int) -> dict | None:
        return step_log.read_segments(self.rank_log(rank))[-1].footer


@pytest.fixture
def run_trainer(tmp_path):
    require(mpirun_available())
    counter = iter(range(1000))

    def run(
        ranks: int,
        config: dict,
        *,
        folder: Path | None = None,
        mca=None,
        timeout: float = 600,
        name: str | None = None,
    ) -> TrainerRun:
        folder = folder or tmp_path / (name or f"run{next(counter)}")
        folder.mkdir(parents=True, exist_ok=True)
        cfg = {"log_dir": "logs", "expect_ranks": ranks, **config}
        (folder / "point.json").write_text(json.dumps(cfg))
        start = time.monotonic()
        proc = subprocess.run(
            trainer_command(ranks, str(folder / "point.json"), mca=mca),
            env=mpirun_env(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        return TrainerRun(
            proc.returncode, proc.stdout + proc.stderr, folder, time.monotonic() - start
        )

    return run
