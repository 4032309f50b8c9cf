"""The executor interface: what `submit`, `status`, `collect` and `doctor` need from a place
that runs points. A backend is one module with one subclass, registered by name
(`registry.register`); nothing outside `scalestudy/executors/` asks which backend it is, only
what it can do (the class attributes below).

A submission happens in two steps: `submit` under the manifest lock (hand the laid-out
attempts to the scheduler, record job ids), then `execute` after the lock is released (a
backend that runs the points itself does it there, so `status` can read the manifest meanwhile).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from scalestudy.plan import Bundle, Point

if TYPE_CHECKING:
    import jinja2

    from scalestudy.executors.manifest import Manifest
    from scalestudy.formats.manifest import Attempt, ManifestFile
    from scalestudy.sweepfile.sweep import LoadedSweep

Job = Point | Bundle  # what becomes one scheduler job


@dataclass
class Submission:
    """One submit's laid-out work, handed to `Executor.submit` under the manifest lock.

    `queued` are the points whose attempt folders, point.json and manifest records exist (and,
    unless their bundle is the job, their job.sh); `bundles` are the jobs to make of them when
    the backend runs a bundle as one job. The backend fills in `job_ids` and `gate_job`."""

    loaded: LoadedSweep
    sweep_dir: Path
    data: ManifestFile  # the manifest, being edited under its lock
    env: jinja2.Environment
    queued: list[tuple[Point, Path]]  # (point, its new attempt folder)
    bundles: list[Bundle] = field(default_factory=list)
    job_ids: dict[str, str] = field(default_factory=dict)  # point id -> job id
    gate_job: str | None = None  # the job every point of this submit waits on
    calls: int = 0  # submissions made to the scheduler (a job array of many points is one)
    # writes `data` to disk now (atomic, synced): a backend calls it before each job it hands
    # to the scheduler (its intent) and right after (its job id), so a crash loses nothing
    save: Callable[[], None] = lambda: None


class Progress(Protocol):
    """What a foreground backend reports while it runs points (the CLI prints it)."""

    def start(self, point: Point) -> None: ...

    def done(self, point: Point, state: str) -> None: ...


class Executor(ABC):
    name: ClassVar[str]
    # A bundle (schedule: bundled) is one job on shared nodes; otherwise its points run as
    # their own scripts, bundle by bundle in the recorded order.
    bundles_are_jobs: ClassVar[bool] = False
    # Jobs wait in a scheduler's queue and `submit` returns once they are queued (so `--watch`
    # can top the queue up); otherwise `submit` returns after the points ran.
    queues_jobs: ClassVar[bool] = False
    # `signal_job` can deliver a signal as the scheduler does before a time limit.
    delivers_signals: ClassVar[bool] = False

    def preflight(self, jobs: list[Job], script_of: Callable[[Job], str]) -> None:
        """Before anything is submitted: ask the scheduler whether it would accept these jobs;
        raise SchedulerRefused if not. Runs with --dry-run too."""
        return None  # nothing to ask by default

    def queue_room(self, loaded: LoadedSweep, data: ManifestFile) -> tuple[int, str] | None:
        """How many more jobs may be queued and a sentence saying which limit applies; None
        when nothing limits it."""
        return None

    @abstractmethod
    def submit(self, sub: Submission) -> None:
        """Hand the laid-out attempts to the scheduler (under the manifest lock)."""

    def execute(
        self, manifest: Manifest, queued: list[tuple[Point, Path]], progress: Progress | None
    ) -> None:
        """After the lock is released: run what this backend runs in the foreground."""
        return None  # a scheduler runs them; nothing to do here by default

    @abstractmethod
    def reconcile(self, records: list[Attempt], sweep_dir: Path) -> list[str] | None:
        """Bring the states of this backend's attempt records (points, bundles, gates) up to
        date in place, as cheaply as the scheduler allows (one query for all of them). Returns
        notices for the user: what could not be asked, and what the states rest on instead."""

    def alive(self, attempt: Attempt) -> bool:
        """Whether an active attempt may still be running (False: its runner is gone)."""
        return True

    def accounting(self, job_ids: list[str]) -> dict[str, dict]:
        """Per job id: the scheduler's accounting columns of results.csv (empty: none)."""
        return {}

    def signal_job(self, job_id: str, signal: str) -> bool:
        """Send `signal` (e.g. USR1) to a job's batch shell; False when this backend cannot."""
        return False
