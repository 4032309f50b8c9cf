"""Command lines that start the trainer's ranks on this machine (Open MPI's mpirun).

The local executor, the tests and the benchmarks all launch through here so the flags that make
Open MPI work on a small shared machine live in one place.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Sequence


def mpirun_available() -> str | None:
    """Why mpirun cannot be used here, or None when it can."""
    if shutil.which("mpirun") is None:
        return "mpirun not found (install Debian's openmpi-bin: make system)"
    if importlib.util.find_spec("horovod") is None:
        return "horovod is not installed in this Python (make venv)"
    return None


def mpirun_env(base: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    # Open MPI refuses root without these; CI and containers run as root.
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    # The ranks and TF's thread pools share 2 cores: a rank waiting in a collective yields its
    # core instead of spinning on it (2 tiny-model ranks: 29.4 s -> 22.1 s wall, median of 5).
    env.setdefault("OMPI_MCA_mpi_yield_when_idle", "1")
    return env


def mpirun_command(
    ranks: int,
    args: Sequence[str],
    *,
    python: str | None = None,
    mca: dict[str, str] | None = None,
    bind: str = "none",
) -> list[str]:
    """`mpirun -np N ... python args`. --oversubscribe: more ranks than the 2 cores here."""
    cmd = ["mpirun", "-np", str(ranks), "--oversubscribe", "--bind-to", bind]
    for key, value in (mca or {}).items():
        cmd += ["--mca", key, str(value)]
    return [*cmd, python or sys.executable, *args]


def trainer_command(ranks: int, config: str, **kw) -> list[str]:
    return mpirun_command(ranks, ["-m", "scalestudy.trainer", "--config", config], **kw)
