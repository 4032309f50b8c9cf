"""Backends by name. Built-in backends are imported on first use, so the CLI starts without
submitit; any other backend registers itself with `register` (a test does, for one)."""

from __future__ import annotations

import importlib
from pathlib import Path

from scalestudy.executors.base import Executor
from scalestudy.formats.manifest import QUEUES_JOBS, Attempt, ManifestFile, known

# name -> the module that registers it when imported
BUILTIN = {"local": "scalestudy.executors.local", "slurm": "scalestudy.executors.slurm"}
_BACKENDS: dict[str, type[Executor]] = {}


def register(cls: type[Executor]) -> type[Executor]:
    """Class decorator: make `cls` the backend called `cls.name`. A backend the manifest's
    readers know by name (formats/manifest.QUEUES_JOBS: whether its jobs are queued) must
    say the same of itself."""
    said = QUEUES_JOBS.get(cls.name)
    if said is not None and said != cls.queues_jobs:
        raise TypeError(
            f"executor {cls.name!r}: queues_jobs={cls.queues_jobs} but "
            f"formats/manifest.QUEUES_JOBS says {said}"
        )
    _BACKENDS[cls.name] = cls
    return cls


def names() -> list[str]:
    return sorted({*BUILTIN, *_BACKENDS})


def get(name: str) -> Executor:
    if name not in _BACKENDS and name in BUILTIN:
        importlib.import_module(BUILTIN[name])
    try:
        return _BACKENDS[name]()
    except KeyError:
        raise KeyError(f"no executor {name!r} (known: {', '.join(names())})") from None


def _by_backend(records: list[Attempt]) -> dict[str, list[Attempt]]:
    """Records grouped by the executor that made them; a name no backend claims (a manifest
    from elsewhere) is left alone."""
    out: dict[str, list[Attempt]] = {}
    for r in records:
        name = known(r.executor)
        if name in _BACKENDS or name in BUILTIN:
            out.setdefault(name, []).append(r)
    return out


def reconcile(sweep_dir: Path, data: ManifestFile) -> list[str]:
    """Bring every attempt of a sweep's manifest up to date, each through the backend that
    made it: points' attempts, bundles' jobs and probe gates alike. Returns the backends'
    notices (a scheduler service that did not answer, and what the states rest on instead)."""
    notices: list[str] = []
    for name, records in _by_backend(data.records()).items():
        notices += get(name).reconcile(records, sweep_dir) or []
    return notices


def accounting(attempts: list[Attempt]) -> dict[str, dict]:
    """The scheduler's accounting of these attempts' jobs, by job id."""
    out: dict[str, dict] = {}
    for name, records in _by_backend([a for a in attempts if known(a.job_id)]).items():
        out.update(get(name).accounting([r.job_id for r in records]))
    return out


def alive(attempt: Attempt) -> bool:
    name = known(attempt.executor)
    return get(name).alive(attempt) if name in names() else True
