"""Where a rank finds its place in the job, read from the environment its launcher set: one list
per quantity, first variable set wins (Open MPI's mpirun, Hydra's PMI, srun --mpi=pmix / pmi2,
then Slurm's own task ids). The probe and peak workloads and the trainer (the world size it
needs before Horovod starts) all read them here."""

from __future__ import annotations

import os
from collections.abc import Mapping

RANK = ("OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID")
SIZE = ("OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "SLURM_NTASKS")
LOCAL_RANK = ("OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID")
LOCAL_SIZE = ("OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS")


def first(names: tuple[str, ...], env: Mapping[str, str] | None = None) -> int | None:
    """The first of `names` set to a whole number, else None."""
    env = os.environ if env is None else env
    for name in names:
        if env.get(name, "").isdigit():
            return int(env[name])
    return None


def rank(env: Mapping[str, str] | None = None) -> int | None:
    return first(RANK, env)
