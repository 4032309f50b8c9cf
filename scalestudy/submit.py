"""Submission: decide which points run (idempotent), lay out attempt folders, hand them to an
executor backend (`scalestudy.executors`), and keep the manifest true.

The folder layout is `scalestudy.executors.layout`'s; what a backend does with the laid-out
attempts (run them here, sbatch them, ...) is the backend's.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.executors import registry
from scalestudy.executors.base import Job, Submission
from scalestudy.executors.layout import (
    bundle_script,
    next_attempt_dir,
    point_json,
    sweep_dir,
)
from scalestudy.executors.manifest import (
    ACTIVE,
    DONE,
    FAILED,
    UNKNOWN,
    Attempt,
    Manifest,
    ManifestFile,
    new_attempt,
)
from scalestudy.formats import attempt_files
from scalestudy.plan import Bundle, Point, make_bundles, submitted
from scalestudy.render import (
    environment,
    harness_commit,
    render_script,
    template_hash,
)
from scalestudy.sweepfile.sweep import LoadedSweep

__all__ = ["Decision", "decide", "point_json", "render_all", "submit", "sweep_dir"]


@dataclass
class Decision:
    run: list[Point] = field(default_factory=list)
    skipped: dict[str, list[str]] = field(default_factory=dict)  # reason -> point ids
    template_changed: str | None = None
    job_ids: dict[str, str] = field(default_factory=dict)  # point id -> scheduler job id
    waiting: list[str] = field(default_factory=list)  # for room in the queue (max_jobs_in_queue)
    queue_limit: str | None = None  # the limit applied and where it came from
    gate_job: str | None = None  # the probe job every point of this submit waits on (afterok)
    jobs: int = 0  # jobs this submit makes (a bundle is one job for many points)
    calls: int = 0  # submissions made to the scheduler (a job array of many jobs is one)

    def skip(self, reason: str, point: Point) -> None:
        self.skipped.setdefault(reason, []).append(point.id)


def decide(
    points: list[Point],
    manifest: ManifestFile,
    *,
    allow_oom=False,
    retry_failed=False,
    force=False,
) -> Decision:
    d = Decision()
    for p in points:
        last = manifest.last(p.id)
        state = manifest.state(p.id)
        if state in ACTIVE and last and not registry.alive(last):
            last.state = state = "cancelled"  # its submitter is gone
        if state in ACTIVE:
            d.skip("already submitted or running", p)
        elif state in DONE and not force:
            d.skip("completed (use --force to run again)", p)
        elif state in FAILED and not (retry_failed or force):
            d.skip(f"{state} (use --retry-failed)", p)
        elif state == "submitting":
            d.skip("submission interrupted: its job is looked up by name before any resubmit", p)
        elif state in UNKNOWN:
            d.skip("state unknown (not resubmitted: it may still be running)", p)
        elif not submitted(p, allow_oom):
            d.skip("predicted not to fit in memory (use --allow-oom)", p)
        else:
            d.run.append(p)
    return d


def render_all(
    loaded: LoadedSweep, points: list[Point], results: Path, *, allow_oom: bool = False
) -> dict[str, str]:
    """The scripts the next `submit` (with the same `allow_oom`) would run, exactly, by id:
    the points `decide` runs (not those done, queued or failed, nor, without allow_oom, those
    predicted not to fit), one script each; for schedule: bundled on a profile whose
    scheduler runs a bundle as one job, the script of each bundle it would make of them."""
    sdir = sweep_dir(results, loaded)
    data = Manifest(sdir).read()
    env = environment()
    out = {}
    run = decide(points, data, allow_oom=allow_oom).run
    if bundles_are_jobs(loaded):
        sdir = sdir.resolve()
        salt = f"{_count(data.bundles)}"  # as submit draws it
        run_dirs = {p.id: next_attempt_dir(sdir, data, p)[1] for p in run}
        for b in make_bundles(run, salt):
            record = data.bundles.get(b.id) if data.bundles else None
            k = _count(record.attempts if record else None) + 1
            bdir = sdir / "bundles" / b.id / attempt_files.attempt_name(k)
            out[b.id] = bundle_script(b, loaded, bdir, run_dirs, env, k)
        return out
    for p in run:
        k, adir = next_attempt_dir(sdir, data, p)
        out[p.id] = render_script(p, loaded.profile, adir.resolve(), k, env)
    return out


def bundles_are_jobs(loaded: LoadedSweep, executor: str | None = None) -> bool:
    """Whether a bundle is one job script (bundled, on a backend that runs a bundle as one
    job) or its points' own scripts run in the bundle's order (any other backend, or
    separate)."""
    backend = registry.get(executor or loaded.profile.scheduler)
    return loaded.sweep.schedule == "bundled" and backend.bundles_are_jobs


def submit(
    loaded: LoadedSweep,
    points: list[Point],
    results: Path,
    *,
    dry_run=False,
    allow_oom=False,
    retry_failed=False,
    force=False,
    progress=None,
    executor: str = "local",
) -> Decision:
    backend = registry.get(executor)
    sdir = sweep_dir(results, loaded).resolve()
    manifest = Manifest(sdir)
    thash = template_hash(loaded.profile)
    env, commit = environment(), harness_commit()
    # Everything from reading the state to recording the job ids happens under the lock:
    # two submits at once produce one set of jobs. A dry run writes no manifest and makes no
    # folder: it reads the state and brings it up to date in memory only.
    with _reading(manifest) if dry_run else manifest.edit() as data:
        registry.reconcile(sdir, data)
        decision = decide(points, data, allow_oom=allow_oom, retry_failed=retry_failed, force=force)
        bundled = loaded.sweep.schedule == "bundled"
        as_jobs = bundled and backend.bundles_are_jobs
        salt = f"{_count(data.bundles)}"  # a new submission draws a new order
        bundles = make_bundles(decision.run, salt) if bundled else []
        if bundled and not as_jobs:
            # No allocation to share: each bundle's runs go one after another in its recorded
            # order, and the allocations are passes over the machine, one after the other, so
            # that slow drift separates samples rather than variants.
            bundles.sort(key=lambda b: (b.allocation, b.nodes, b.id))
            decision.run = [m for b in bundles for m in b.members]
        jobs: list[Job] = list(bundles) if as_jobs else list(decision.run)
        jobs = _within_room(decision, jobs, backend.queue_room(loaded, data))
        decision.jobs = len(jobs)
        old = data.template_hash
        if old and old != thash:
            decision.template_changed = old
        if decision.run:

            def script_of(j: Job) -> str:  # at a placeholder folder: only the shape matters
                if isinstance(j, Bundle):
                    return bundle_script(j, loaded, sdir / j.id, {}, env)
                return render_script(j, loaded.profile, sdir / j.id, 1, env)

            backend.preflight(jobs, script_of)
        if dry_run:
            return decision
        data.template_hash = thash
        data.sweep_file = str(loaded.path.resolve())
        queued = []
        for p in decision.run:
            k, adir = next_attempt_dir(sdir, data, p)
            adir.mkdir(parents=True, exist_ok=True)
            fresh = force and data.state(p.id) in DONE
            cfg = point_json(p, adir, fresh, binds=loaded.profile.bind != "none")
            (adir / attempt_files.POINT_JSON).write_text(json.dumps(cfg, indent=1))
            if not as_jobs:
                script = render_script(p, loaded.profile, adir, k, env)
                (adir / attempt_files.JOB_SCRIPT).write_text(script)
            new_attempt(
                data,
                p.id,
                folder=str(adir.relative_to(sdir)),
                executor=backend.name,
                # a queueing backend moves it to "submitted" once the job id is on disk
                state="submitting" if backend.queues_jobs else "submitted",
                host=socket.gethostname(),
                submitter_pid=os.getpid(),
                template_hash=thash,
                harness_commit=commit,
                nodes=p.nodes,
                ppn=p.ppn,
                repeat=p.repeat,
            )
            queued.append((p, adir))
        if bundled and not as_jobs:
            for b in bundles:
                _record_bundle_order(b, data, backend.name)
        sub = Submission(loaded, sdir, data, env, queued, bundles=jobs if as_jobs else [])
        sub.save = lambda: manifest.flush(data)
        sub.save()  # write-ahead: every attempt about to be handed over is on disk first
        backend.submit(sub)
        for p, _ in queued:  # a backend need not say "submitted": a job id says it
            attempt = data.points[p.id].attempts[-1]
            if attempt.state == "submitting" and attempt.job_id:
                attempt.state = "submitted"
        decision.job_ids, decision.gate_job = sub.job_ids, sub.gate_job
        decision.calls = sub.calls
    backend.execute(manifest, [] if as_jobs else queued, progress)
    return decision


@contextmanager
def _reading(manifest: Manifest) -> Iterator[ManifestFile]:
    """The manifest's records, to decide on and never written back (submit --dry-run): read
    under the folder's lock when the folder exists (as `status` reads it), none made when not."""
    if not manifest.dir.is_dir():
        yield manifest.read()
        return
    with manifest.lock:
        yield manifest.read()


def _within_room(decision: Decision, jobs: list[Job], found: tuple[int, str] | None) -> list:
    """Keep the jobs (points, or bundles of points) that fit in the queue; the points of the
    others wait for a later submit."""
    if found is None:
        return jobs
    room, decision.queue_limit = found
    for job in jobs[room:]:
        for p in job.members if isinstance(job, Bundle) else [job]:
            decision.skip(
                f"waiting: max_jobs_in_queue {decision.queue_limit.split()[0]} reached", p
            )
            decision.waiting.append(p.id)
            decision.run.remove(p)
    return jobs[:room]


def _count(records) -> int:
    """How many records (a manifest's bundles, a bundle's attempts) are there, none if unset."""
    return len(records) if records else 0


def _record_bundle_order(b: Bundle, data: ManifestFile, executor: str) -> None:
    """A bundle whose points run as their own scripts: no job, just its recorded order; each
    point's attempt names its bundle, allocation (pass) and place in the order, as when the
    bundle is one job."""
    data.job_attempts("bundles", b.id).attempts.append(
        Attempt(
            executor=executor,
            nodes=b.nodes,
            ppn=b.ppn,
            allocation=b.allocation,
            order=[m.id for m in b.members],
            submitted_at=time.time(),
        )
    )
    for i, m in enumerate(b.members):
        attempt = data.points[m.id].attempts[-1]
        attempt.update(bundle=b.id, run_order=i, allocation=b.allocation)
