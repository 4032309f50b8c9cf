"""Run the trainer on this machine under mpirun and read its logs (benchmarks and tests)."""

from __future__ import annotations

import json
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from scalestudy.formats import step_log
from scalestudy.launchers import mpirun_env, trainer_command


@dataclass
class LocalRun:
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


def run_point(
    folder: Path, ranks: int, config: dict, *, mca: dict | None = None, timeout: float = 900
) -> LocalRun:
    folder.mkdir(parents=True, exist_ok=True)
    cfg = {"log_dir": "logs", "expect_ranks": ranks, **config}
    (folder / "point.json").write_text(json.dumps(cfg, indent=1))
    start = time.monotonic()
    proc = subprocess.run(
        trainer_command(ranks, str(folder / "point.json"), mca=mca),
        env=mpirun_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return LocalRun(proc.returncode, proc.stdout + proc.stderr, folder, time.monotonic() - start)
