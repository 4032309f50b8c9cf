"""The Slurm backend: sbatch every job (a point, a job array of points of one shape, or a bundle
of points sharing an allocation), optionally behind a probe job they wait on (afterok), within
the queue's room; states and accounting from one sacct and one squeue call for a whole sweep
(`slurmctl`)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from scalestudy.errors import SchedulerRefused
from scalestudy.executors import slurmctl
from scalestudy.executors.base import Executor, Job, Submission
from scalestudy.executors.job_identity import identity, job_name
from scalestudy.executors.layout import bundle_script, point_json
from scalestudy.executors.manifest import ACTIVE, Attempt, ManifestFile
from scalestudy.executors.registry import register
from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import UNSET, known
from scalestudy.plan import Bundle, Point
from scalestudy.render import render_array, render_script
from scalestudy.sweepfile.sweep import LoadedSweep


@register
class SlurmExecutor(Executor):
    name = "slurm"
    bundles_are_jobs = True
    queues_jobs = True
    delivers_signals = True

    def preflight(self, jobs: list[Job], script_of: Callable[[Job], str]) -> None:
        # Ask the controller whether it would accept each distinct job shape before the first
        # real submission: a bad partition, account or size fails here, not later.
        slurmctl.test_only({j.id: script_of(j) for j in jobs})

    def queue_room(self, loaded: LoadedSweep, data: ManifestFile) -> tuple[int, str] | None:
        """max_jobs_in_queue (the sweep's, else the profile's; counted over this sweep's jobs)
        and the user's association/QOS job limit from sacctmgr (counted over all of the user's
        jobs), whichever leaves less room."""
        rooms: list[tuple[int, int, str]] = []  # (room, limit, where the limit comes from)
        limit = loaded.sweep.max_jobs_in_queue or loaded.profile.max_jobs_in_queue
        if limit is not None:
            source = "sweep" if loaded.sweep.max_jobs_in_queue else f"profile {loaded.profile.name}"
            jobs = {known(a.job_id) for a in data.point_attempts() if a.state in ACTIVE}
            in_queue = len(jobs)  # a bundle's points share one job
            rooms.append((limit - in_queue, limit, f"{source}; {in_queue} of this sweep queued"))
        site = slurmctl.association_limit()
        if site is not None:
            in_queue = slurmctl.jobs_in_queue()
            rooms.append((site[0] - in_queue, site[0], f"{site[1]}; {in_queue} of yours queued"))
        if not rooms:
            return None
        room, limit, source = min(rooms)
        return max(room, 0), f"{limit} jobs ({source})"

    def submit(self, sub: Submission) -> None:
        try:
            if sub.loaded.sweep.slurm.gate_on_probe and sub.queued:
                sub.gate_job = _submit_gate(sub, [p for p, _ in sub.queued])
            if sub.bundles:
                run_dirs = {p.id: adir for p, adir in sub.queued}
                for b in sub.bundles:
                    _submit_bundle(sub, b, run_dirs)
                return
            for group in _array_groups(sub):
                if len(group) > 1:
                    _submit_array(sub, group)
                    continue
                p, adir = group[0]
                attempt = sub.data.points[p.id].attempts[-1]
                script = (adir / attempt_files.JOB_SCRIPT).read_text()
                attempt.after_ok = sub.gate_job
                job = _sbatch(sub, [attempt], script, p.id, attempt.attempt)
                sub.job_ids[p.id] = job
        except _Failed as failed:
            _forget_unsent(sub, failed)
            raise SchedulerRefused(_refusal(sub, failed)) from failed.cause

    def reconcile(self, records: list[Attempt], sweep_dir: Path) -> list[str]:
        slurmctl.find_submitted(records, sweep_dir)
        return slurmctl.reconcile(records, sweep_dir)

    def accounting(self, job_ids: list[str]) -> dict[str, dict]:
        return slurmctl.accounting(job_ids)

    def signal_job(self, job_id: str, signal: str) -> bool:
        # as Slurm does before a time limit: to the batch shell, which forwards it
        out = subprocess.run(
            ["scancel", "--batch", f"--signal={signal}", job_id], capture_output=True
        )
        return out.returncode == 0


def _submit_bundle(sub: Submission, b: Bundle, run_dirs: dict[str, Path]) -> None:
    """One job for the bundle's points; each point's attempt records the job, the bundle and
    its place in the bundle's (random, recorded) order."""
    sdir, data = sub.sweep_dir, sub.data
    record = data.job_attempts("bundles", b.id)
    k = len(record.attempts) + 1
    bdir = sdir / "bundles" / b.id / attempt_files.attempt_name(k)
    bdir.mkdir(parents=True, exist_ok=True)
    script = bundle_script(b, sub.loaded, bdir, run_dirs, sub.env, k)
    (bdir / attempt_files.JOB_SCRIPT).write_text(script)
    bundle_attempt = Attempt(
        executor=SlurmExecutor.name,
        state="submitting",
        folder=str(bdir.relative_to(sdir)),
        nodes=b.nodes,
        ppn=b.ppn,
        allocation=b.allocation,
        order=[m.id for m in b.members],
        submitted_at=time.time(),
        after_ok=sub.gate_job,
    )
    record.attempts.append(bundle_attempt)
    members = []
    for i, m in enumerate(b.members):
        attempt = data.points[m.id].attempts[-1]
        attempt.update(bundle=b.id, bundle_folder=str(bdir.relative_to(sdir)), run_order=i)
        attempt.allocation = b.allocation
        attempt.after_ok = sub.gate_job
        members.append(attempt)
    job = _sbatch(sub, [bundle_attempt, *members], script, b.id, k)
    for m in b.members:
        sub.job_ids[m.id] = job


def _array_groups(sub: Submission) -> list[list[tuple[Point, Path]]]:
    """The queued points in groups that can share one job array: equal #SBATCH lines (but for
    name and output), in submission order, at most the cluster's MaxArraySize each. Every
    point alone when the sweep says `slurm.array: false` or the cluster takes no arrays."""
    limit = slurmctl.max_array_size() if sub.loaded.sweep.slurm.array else 1
    if limit <= 1:
        return [[q] for q in sub.queued]
    shapes: dict[tuple[str, ...], list[tuple[Point, Path]]] = {}
    for p, adir in sub.queued:
        shapes.setdefault(
            slurmctl.directives((adir / attempt_files.JOB_SCRIPT).read_text()), []
        ).append((p, adir))
    return [g[i : i + limit] for g in shapes.values() for i in range(0, len(g), limit)]


def _submit_array(sub: Submission, members: list[tuple[Point, Path]]) -> None:
    """One sbatch call for several points of one shape; task i runs member i's job.sh, and
    member i's attempt records the job `<array job>_<i>`."""
    ids = sorted(p.id for p, _ in members)
    first = members[0][0]
    digest = hashlib.sha256("|".join(ids).encode()).hexdigest()[:8]
    aid = f"a{first.nodes:04d}-p{first.ppn}-{digest}"
    record = sub.data.job_attempts("arrays", aid)
    k = len(record.attempts) + 1
    adir = sub.sweep_dir / "arrays" / aid / attempt_files.attempt_name(k)
    adir.mkdir(parents=True, exist_ok=True)
    script = render_array(members, aid, sub.loaded.profile, adir, k, sub.env)
    (adir / attempt_files.JOB_SCRIPT).write_text(script)
    array_attempt = Attempt(
        folder=str(adir.relative_to(sub.sweep_dir)),
        order=[p.id for p, _ in members],
        submitted_at=time.time(),
        after_ok=sub.gate_job,
    )
    record.attempts.append(array_attempt)
    attempts = []
    for i, (p, _) in enumerate(members):
        attempt = sub.data.points[p.id].attempts[-1]
        attempt.update(array=aid, array_folder=array_attempt.folder, array_index=i)
        attempt.after_ok = sub.gate_job
        attempts.append(attempt)
    _sbatch(sub, [array_attempt, *attempts], script, aid, k)
    for (p, _), attempt in zip(members, attempts, strict=True):
        sub.job_ids[p.id] = attempt.job_id  # <array job>_<i>, as _sbatch recorded it


def _submit_gate(sub: Submission, run: list[Point]) -> str:
    """Submit the probe a gated batch waits on: the batch's largest shape, same template,
    profile and binding, no TensorFlow. Recorded under the manifest's gates; returns its job
    id."""
    big = max(run, key=lambda p: p.nodes)
    probe = dataclasses.replace(
        big,
        id=f"gate-probe-n{big.nodes:04d}",
        sweep=big.sweep.model_copy(update={"workload": "probe"}),
    )
    gates = sub.data.gate_list()
    adir = sub.sweep_dir / "gate-probe" / attempt_files.attempt_name(len(gates) + 1)
    adir.mkdir(parents=True, exist_ok=True)
    cfg = point_json(probe, adir, True, binds=sub.loaded.profile.bind != "none")
    (adir / attempt_files.POINT_JSON).write_text(json.dumps(cfg, indent=1))
    script = render_script(probe, sub.loaded.profile, adir, len(gates) + 1, sub.env)
    (adir / attempt_files.JOB_SCRIPT).write_text(script)
    gate = Attempt(
        executor=SlurmExecutor.name,
        state="submitting",
        folder=str(adir.relative_to(sub.sweep_dir)),
        nodes=big.nodes,
        ppn=big.ppn,
        submitted_at=time.time(),
        gates=[p.id for p in run],
    )
    gates.append(gate)
    return _sbatch(sub, [gate], script, probe.id, len(gates), gate=True)


class _Failed(Exception):
    """sbatch gave no job id for `records` (one job's records) after `sent` jobs of this submit
    were queued."""

    def __init__(self, cause: slurmctl.SubmitFailed, records: list[Attempt], key: str):
        super().__init__(cause.reason)
        self.cause, self.records, self.key = cause, records, key


def _sbatch(
    sub: Submission, records: list[Attempt], script: str, key: str, k: int, gate: bool = False
) -> str:
    """Hand one job to sbatch, write-ahead: the records say "submitting" with the job's
    identity (its name, and a comment naming sweep, job and attempt, which sbatch attaches
    to the job) on disk before sbatch runs, and carry its id on disk right after."""
    comment = identity(sub.loaded.sweep.name, key, k)
    for r in records:
        r.update(state="submitting", job_name=job_name(script), identity=comment)
        r.intent_at = time.time()
    sub.save()
    sub.calls += 1
    try:
        job = slurmctl.submit_script(
            script,
            sub.sweep_dir / ".submissions",
            after_ok=None if gate else sub.gate_job,
            comment=comment,
        )
    except slurmctl.SubmitFailed as exc:
        raise _Failed(exc, records, key) from exc
    for r in records:  # an array's task i is job <array job>_<i> to squeue, sacct, scancel
        task = job if r.array_index is UNSET else f"{job}_{r.array_index}"
        r.update(job_id=task, state="submitted")
    sub.save()
    return job


def _forget_unsent(sub: Submission, failed: _Failed) -> None:
    """After sbatch failed: records of jobs never handed to sbatch are removed (with their
    attempt folders: nothing ran there); the failed job's records too, unless the controller
    may have queued it (then they stay "submitting", to be looked up by identity)."""
    keep = {id(r) for r in failed.records} if failed.cause.maybe_queued else set()
    data, sdir = sub.data, sub.sweep_dir

    def unsent(r: Attempt) -> bool:
        return r.state == "submitting" and not r.job_id and id(r) not in keep

    for pid in list(data.points):
        attempts = data.points[pid].attempts
        if attempts and unsent(attempts[-1]):
            _remove_folder(sdir / attempts.pop().folder)
            if not attempts:
                del data.points[pid]
    for kind in ("bundles", "arrays"):
        for record in data.jobs(kind).values():
            for r in [r for r in record.attempts if unsent(r)]:
                record.attempts.remove(r)
                _remove_folder(sdir / r.folder)
        # kept as written before: both keys present (empty too) after a failed submit
        setattr(data, kind, {k: v for k, v in data.jobs(kind).items() if v.attempts})
    if data.gates is not UNSET:
        for r in [g for g in data.gates if unsent(g)]:
            data.gates.remove(r)
            _remove_folder(sdir / r.folder)
    sub.save()


def _remove_folder(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def _refusal(sub: Submission, failed: _Failed) -> str:
    queued = sorted(set(sub.job_ids.values()) | ({sub.gate_job} if sub.gate_job else set()))
    what = (
        "its answer was lost, so it may be queued: `scalestudy status` looks it up by name"
        if failed.cause.maybe_queued
        else "not queued"
    )
    return (
        f"sbatch failed for {failed.key} ({what}): {failed.cause.reason}\n"
        f"{len(queued)} job(s) of this submit were queued before it and are in the manifest"
        + (f" ({', '.join(queued[:8])}{', ...' if len(queued) > 8 else ''})" if queued else "")
        + "; the rest were not submitted.\nhint: fix the cause (partition, QOS limits, "
        "`sacctmgr show assoc`, the controller) and run `scalestudy submit` again: it submits "
        "only what is not queued"
    )
