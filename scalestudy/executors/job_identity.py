"""A Slurm job's identity as sbatch records it: its name (#SBATCH --job-name in its script) and
the comment naming sweep, job and attempt. The Slurm backend attaches both to every job; a job
whose id was never written (a submit killed mid-way, a manifest rebuilt) is found by them.

The comment's format and its parse live here, once (`JobIdentity`); the manifest stores the
comment as written (an attempt's `identity`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_COMMENT = re.compile(r"scalestudy sweep=(?P<sweep>\S+) job=(?P<job>\S+) attempt=(?P<attempt>\d+)")


@dataclass(frozen=True)
class JobIdentity:
    """Which sweep, job (point, bundle or array id) and attempt a job is."""

    sweep: str
    job: str
    attempt: int

    @property
    def comment(self) -> str:
        """The comment sbatch attaches to the job (and squeue %k, sacct Comment show)."""
        return f"scalestudy sweep={self.sweep} job={self.job} attempt={self.attempt}"

    @classmethod
    def parse(cls, comment: str | None) -> JobIdentity | None:
        """The identity a comment names; None for any other comment (a job not ours)."""
        m = _COMMENT.fullmatch((comment or "").strip())
        if m is None:
            return None
        return cls(m["sweep"], m["job"], int(m["attempt"]))


def identity(sweep: str, key: str, attempt: int) -> str:
    """The comment sbatch attaches to a job: which sweep, job (point, bundle or array) and
    attempt it is, so that it can be found again without its id (scalestudy.executors.rebuild
    too)."""
    return JobIdentity(sweep, key, attempt).comment


def job_name(script: str) -> str:
    for line in script.splitlines():
        if line.startswith("#SBATCH --job-name="):
            return line.split("=", 1)[1].strip()
    raise ValueError("job script without #SBATCH --job-name")  # render always writes one
