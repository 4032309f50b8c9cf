"""Checkpoints written atomically by rank 0 and restored on rank 0 then broadcast, and the
SIGUSR1/SIGTERM request flag (acted on at a step boundary, agreed across ranks).

A sharded embedding (each rank holds other rows) checkpoints on every rank, in `rank<r>/`:
the run resumes from the newest step every rank has (the trainer agrees on it)."""

from __future__ import annotations

import json
import os
import shutil
import signal
from pathlib import Path

import tensorflow as tf


class StopRequest:
    """Set by SIGUSR1 (Slurm's --signal before the time limit) or SIGTERM."""

    def __init__(self) -> None:
        self.signal: int | None = None
        for sig in (signal.SIGUSR1, signal.SIGTERM):
            signal.signal(sig, self._handle)

    def _handle(self, signum, _frame) -> None:
        self.signal = signum

    @property
    def requested(self) -> bool:
        return self.signal is not None


def optimizer_variables(optimizer) -> list:
    v = optimizer.variables
    return list(v() if callable(v) else v)


class Checkpointer:
    KEEP = 2

    def __init__(self, directory: str, model, optimizer, rank: int, per_rank: bool = False):
        self.dir = Path(directory) / f"rank{rank}" if per_rank else Path(directory)
        self.rank, self.per_rank = rank, per_rank
        self.ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer)

    def latest(self) -> tuple[int, Path] | None:
        pointer = self.dir / "latest.json"
        if not pointer.exists():
            return None
        meta = json.loads(pointer.read_text())
        return int(meta["step"]), self.dir / meta["path"]

    def at(self, step: int) -> Path | None:
        """The checkpoint of `step`, if this rank still keeps it."""
        path = self.dir / f"step-{step:08d}" / "ckpt"
        return path if path.parent.is_dir() else None

    def save(self, step: int) -> None:
        if self.rank != 0 and not self.per_rank:
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        name = f"step-{step:08d}"
        tmp = self.dir / f".tmp-{name}"
        shutil.rmtree(tmp, ignore_errors=True)
        self.ckpt.write(str(tmp / "ckpt"))
        final = self.dir / name
        shutil.rmtree(final, ignore_errors=True)
        os.replace(tmp, final)
        pointer_tmp = self.dir / ".latest.json.tmp"
        pointer_tmp.write_text(json.dumps({"step": step, "path": f"{name}/ckpt"}))
        os.replace(pointer_tmp, self.dir / "latest.json")  # the commit point
        for old in sorted(self.dir.glob("step-*"))[: -self.KEEP]:
            shutil.rmtree(old, ignore_errors=True)

    def restore(self, path: Path) -> None:
        self.ckpt.read(str(path)).assert_existing_objects_matched()
