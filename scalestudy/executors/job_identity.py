"""A Slurm job's identity as sbatch records it: its name (#SBATCH --job-name in its script) and
the comment naming sweep, job and attempt. The Slurm backend attaches both to every job; a job
whose id was never written (a submit killed mid-way, a manifest rebuilt) is found by them."""

from __future__ import annotations


def identity(sweep: str, key: str, attempt: int) -> str:
    """The comment sbatch attaches to a job: which sweep, job (point, bundle or array) and
    attempt it is, so that it can be found again without its id (scalestudy.executors.rebuild
    too)."""
    return f"scalestudy sweep={sweep} job={key} attempt={attempt}"


def job_name(script: str) -> str:
    for line in script.splitlines():
        if line.startswith("#SBATCH --job-name="):
            return line.split("=", 1)[1].strip()
    raise ValueError("job script without #SBATCH --job-name")  # render always writes one
