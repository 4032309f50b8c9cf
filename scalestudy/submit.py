"""Submission: decide which points run (idempotent), lay out attempt folders, hand the rendered
scripts to an executor, and keep the manifest true.

results/<sweep>/<point-id>/attempt-<k>/ holds point.json, job.sh (the exact script), logs/ and
exit_code; results/<sweep>/<point-id>/checkpoints/ is shared by the attempts so a retry resumes.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.executors import local
from scalestudy.executors.manifest import (
    ACTIVE,
    DONE,
    FAILED,
    UNKNOWN,
    Manifest,
    all_attempts,
    new_attempt,
    point_state,
)
from scalestudy.plan import Bundle, Point, make_bundles
from scalestudy.render import (
    environment,
    harness_commit,
    render_bundle,
    render_script,
    template_hash,
)
from scalestudy.spec.sweep import LoadedSweep


@dataclass
class Decision:
    run: list[Point] = field(default_factory=list)
    skipped: dict[str, list[str]] = field(default_factory=dict)  # reason -> point ids
    template_changed: str | None = None
    job_ids: dict[str, str] = field(default_factory=dict)  # point id -> Slurm job id
    waiting: list[str] = field(default_factory=list)  # for room in the queue (max_jobs_in_queue)
    queue_limit: str | None = None  # the limit applied and where it came from
    gate_job: str | None = None  # the probe job every point of this submit waits on (afterok)
    jobs: int = 0  # jobs this submit makes (a bundle is one job for many points)

    def skip(self, reason: str, point: Point) -> None:
        self.skipped.setdefault(reason, []).append(point.id)


def sweep_dir(results: Path, loaded: LoadedSweep) -> Path:
    return results / loaded.sweep.name


def _alive(attempt: dict) -> bool:
    if attempt.get("executor") != "local":
        return True  # the scheduler knows; reconciled by the Slurm executor
    if attempt.get("host") != socket.gethostname():
        return True
    try:
        os.kill(int(attempt["submitter_pid"]), 0)
    except (OSError, KeyError, ValueError):
        return False
    return True


def decide(
    points: list[Point], manifest: dict, *, allow_oom=False, retry_failed=False, force=False
) -> Decision:
    d = Decision()
    for p in points:
        entry = manifest["points"].get(p.id)
        state = point_state(entry)
        if state in ACTIVE and entry and not _alive(entry["attempts"][-1]):
            entry["attempts"][-1]["state"] = state = "cancelled"  # its submitter is gone
        if state in ACTIVE:
            d.skip("already submitted or running", p)
        elif state in DONE and not force:
            d.skip("completed (use --force to run again)", p)
        elif state in FAILED and not (retry_failed or force):
            d.skip(f"{state} (use --retry-failed)", p)
        elif state in UNKNOWN:
            d.skip("state unknown (not resubmitted: it may still be running)", p)
        elif not p.fits and not allow_oom:
            d.skip("predicted not to fit in memory (use --allow-oom)", p)
        else:
            d.run.append(p)
    return d


def next_attempt_dir(sdir: Path, manifest: dict, point: Point) -> tuple[int, Path]:
    entry = manifest["points"].get(point.id, {"attempts": []})
    k = len(entry["attempts"]) + 1
    return k, sdir / point.id / f"attempt-{k}"


def point_json(point: Point, attempt_dir: Path, fresh_checkpoints: bool) -> dict:
    cfg = point.config.model_dump(mode="json")
    cfg["log_dir"] = str(attempt_dir / "logs")
    ckpt = attempt_dir / "checkpoints" if fresh_checkpoints else attempt_dir.parent / "checkpoints"
    cfg["checkpoint_dir"] = str(ckpt)
    if point.sweep.workload == "probe":
        cfg["probe_seconds"] = point.sweep.probe_seconds
    if point.sweep.workload == "comm":
        cfg["comm"] = point.sweep.comm.model_dump(mode="json")
    return cfg


def render_all(loaded: LoadedSweep, points: list[Point], results: Path) -> dict[str, str]:
    """The script each point's next attempt will run, exactly; for schedule: bundled on a
    Slurm profile, the script of each bundle the next `submit` would make (of the points it
    would run), by id."""
    sdir = sweep_dir(results, loaded)
    data = Manifest(sdir).read()
    env = environment()
    out = {}
    if bundles_are_jobs(loaded):
        sdir = sdir.resolve()
        run = decide(points, data).run
        salt = f"{len(data.get('bundles', {}))}"  # as submit draws it
        run_dirs = {p.id: next_attempt_dir(sdir, data, p)[1] for p in run}
        for b in make_bundles(run, salt):
            k = len(data.get("bundles", {}).get(b.id, {"attempts": []})["attempts"]) + 1
            bdir = sdir / "bundles" / b.id / f"attempt-{k}"
            out[b.id] = _job_script(b, loaded, bdir, run_dirs, env, k)
        return out
    for p in points:
        k, adir = next_attempt_dir(sdir, data, p)
        out[p.id] = render_script(p, loaded.profile, adir.resolve(), k, env)
    return out


def bundles_are_jobs(loaded: LoadedSweep) -> bool:
    """Whether a bundle is one job script (bundled on Slurm) or its points' own scripts run in
    the bundle's order (bundled on this machine, or separate)."""
    return loaded.sweep.schedule == "bundled" and loaded.profile.scheduler == "slurm"


def reconcile(sdir: Path, data: dict) -> None:
    """Bring Slurm attempts' states up to date (one sacct call for the whole sweep)."""
    if any(a.get("executor") == "slurm" for a in all_attempts(data)):
        from scalestudy.executors import slurm

        bundles = [a for b in data.get("bundles", {}).values() for a in b["attempts"]]
        slurm.reconcile([*all_attempts(data), *data.get("gates", []), *bundles], sdir)


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
    sdir = sweep_dir(results, loaded).resolve()
    manifest = Manifest(sdir)
    thash = template_hash(loaded.profile)
    env, commit = environment(), harness_commit()
    # Everything from reading the state to recording the job ids happens under the lock:
    # two submits at once produce one set of jobs.
    with manifest.edit() as data:
        reconcile(sdir, data)
        decision = decide(points, data, allow_oom=allow_oom, retry_failed=retry_failed, force=force)
        bundled = loaded.sweep.schedule == "bundled"
        salt = f"{len(data.get('bundles', {}))}"  # a new submission draws a new order
        bundles = make_bundles(decision.run, salt) if bundled else []
        if bundled and executor == "local":
            # No allocation to share on this machine: each bundle's runs go one after another in
            # its recorded order, and the allocations are passes over the machine, one after
            # the other, so that slow drift separates samples rather than variants.
            bundles.sort(key=lambda b: (b.allocation, b.nodes, b.id))
            decision.run = [m for b in bundles for m in b.members]
        jobs: list = bundles if bundled and executor == "slurm" else list(decision.run)
        if executor == "slurm":
            jobs = _throttle(loaded, data, decision, jobs)
        decision.jobs = len(jobs)
        old = data.get("template_hash")
        if old and old != thash:
            decision.template_changed = old
        if executor == "slurm" and decision.run:
            from scalestudy.executors import slurm

            # Ask the controller whether it would accept each distinct job shape before the
            # first real submission: a bad partition, account or size fails here, not later.
            scripts = {
                j.id: _job_script(j, loaded, sdir / j.id, {}, env)
                if isinstance(j, Bundle)
                else render_script(j, loaded.profile, sdir / j.id, 1, env)
                for j in jobs
            }
            slurm.test_only(scripts)
        if dry_run:
            return decision
        data["template_hash"] = thash
        data["sweep_file"] = str(loaded.path.resolve())
        if executor == "slurm" and loaded.sweep.slurm.gate_on_probe and decision.run:
            decision.gate_job = _submit_gate(loaded, decision.run, sdir, data, env)
        queued = []
        for p in decision.run:
            k, adir = next_attempt_dir(sdir, data, p)
            adir.mkdir(parents=True, exist_ok=True)
            fresh = force and point_state(data["points"].get(p.id)) in DONE
            (adir / "point.json").write_text(json.dumps(point_json(p, adir, fresh), indent=1))
            if not (bundled and executor == "slurm"):
                script = render_script(p, loaded.profile, adir, k, env)
                (adir / "job.sh").write_text(script)
            attempt = new_attempt(
                data,
                p.id,
                folder=str(adir.relative_to(sdir)),
                executor=executor,
                host=socket.gethostname(),
                submitter_pid=os.getpid(),
                template_hash=thash,
                harness_commit=commit,
                nodes=p.nodes,
                ppn=p.ppn,
                repeat=p.repeat,
            )
            if executor == "slurm" and not bundled:
                from scalestudy.executors import slurm

                attempt["job_id"] = slurm.submit_script(
                    script, sdir / ".submitit", after_ok=decision.gate_job
                )
                attempt["after_ok"] = decision.gate_job
                decision.job_ids[p.id] = attempt["job_id"]
            queued.append((p, adir))
        if bundled and executor == "slurm":
            run_dirs = {p.id: adir for p, adir in queued}
            for b in jobs:
                _submit_bundle(b, loaded, sdir, data, run_dirs, env, decision)
            queued = []
        elif bundled:
            for b in bundles:
                _record_local_bundle(b, data)
    if executor == "local":
        _run_local(manifest, queued, progress)
    return decision


def _job_script(
    b: Bundle, loaded: LoadedSweep, bdir: Path, run_dirs: dict[str, Path], env, attempt: int = 1
) -> str:
    dirs = {m.id: run_dirs.get(m.id, bdir / m.id) for m in b.members}
    return render_bundle(b, loaded.profile, bdir, attempt, dirs, env)


def _submit_bundle(
    b: Bundle,
    loaded: LoadedSweep,
    sdir: Path,
    data: dict,
    run_dirs: dict[str, Path],
    env,
    decision: Decision,
) -> None:
    """One job for the bundle's points; each point's attempt records the job, the bundle and
    its place in the bundle's (random, recorded) order."""
    from scalestudy.executors import slurm

    bundles = data.setdefault("bundles", {})
    record = bundles.setdefault(b.id, {"attempts": []})
    k = len(record["attempts"]) + 1
    bdir = sdir / "bundles" / b.id / f"attempt-{k}"
    bdir.mkdir(parents=True, exist_ok=True)
    script = _job_script(b, loaded, bdir, run_dirs, env, k)
    (bdir / "job.sh").write_text(script)
    job = slurm.submit_script(script, sdir / ".submitit", after_ok=decision.gate_job)
    record["attempts"].append(
        {
            "job_id": job,
            "executor": "slurm",
            "state": "submitted",
            "folder": str(bdir.relative_to(sdir)),
            "nodes": b.nodes,
            "ppn": b.ppn,
            "allocation": b.allocation,
            "order": [m.id for m in b.members],
            "submitted_at": time.time(),
            "after_ok": decision.gate_job,
        }
    )
    for i, m in enumerate(b.members):
        attempt = data["points"][m.id]["attempts"][-1]
        attempt.update(
            job_id=job, bundle=b.id, bundle_folder=str(bdir.relative_to(sdir)), run_order=i
        )
        attempt["allocation"] = b.allocation
        attempt["after_ok"] = decision.gate_job
        decision.job_ids[m.id] = job


def _record_local_bundle(b: Bundle, data: dict) -> None:
    """A bundle run by the local executor: no job, just its recorded order; each point's
    attempt names its bundle, allocation (pass) and place in the order, as on Slurm."""
    record = data.setdefault("bundles", {}).setdefault(b.id, {"attempts": []})
    record["attempts"].append(
        {
            "executor": "local",
            "nodes": b.nodes,
            "ppn": b.ppn,
            "allocation": b.allocation,
            "order": [m.id for m in b.members],
            "submitted_at": time.time(),
        }
    )
    for i, m in enumerate(b.members):
        attempt = data["points"][m.id]["attempts"][-1]
        attempt.update(bundle=b.id, run_order=i, allocation=b.allocation)


def _submit_gate(loaded: LoadedSweep, run: list[Point], sdir: Path, data: dict, env) -> str:
    """Submit the probe a gated batch waits on: the batch's largest shape, same template,
    profile and binding, no TensorFlow. Recorded under data["gates"]; returns its job id."""
    from scalestudy.executors import slurm

    big = max(run, key=lambda p: p.nodes)
    probe = dataclasses.replace(
        big,
        id=f"gate-probe-n{big.nodes:04d}",
        sweep=big.sweep.model_copy(update={"workload": "probe"}),
    )
    gates = data.setdefault("gates", [])
    adir = sdir / "gate-probe" / f"attempt-{len(gates) + 1}"
    adir.mkdir(parents=True, exist_ok=True)
    (adir / "point.json").write_text(json.dumps(point_json(probe, adir, True), indent=1))
    script = render_script(probe, loaded.profile, adir, len(gates) + 1, env)
    (adir / "job.sh").write_text(script)
    job = slurm.submit_script(script, sdir / ".submitit")
    gates.append(
        {
            "job_id": job,
            "executor": "slurm",
            "state": "submitted",
            "folder": str(adir.relative_to(sdir)),
            "nodes": big.nodes,
            "ppn": big.ppn,
            "submitted_at": time.time(),
            "gates": [p.id for p in run],
        }
    )
    return job


def _queue_room(loaded: LoadedSweep, data: dict) -> tuple[int, str] | None:
    """How many more jobs may be queued: max_jobs_in_queue (the sweep's, else the profile's;
    counted over this sweep's jobs) and the user's association/QOS job limit from sacctmgr
    (counted over all of the user's jobs), whichever leaves less room."""
    from scalestudy.executors import slurm

    rooms: list[tuple[int, int, str]] = []  # (room, limit, where the limit comes from)
    limit = loaded.sweep.max_jobs_in_queue or loaded.profile.max_jobs_in_queue
    if limit is not None:
        source = "sweep" if loaded.sweep.max_jobs_in_queue else f"profile {loaded.profile.name}"
        jobs = {a.get("job_id") for a in all_attempts(data) if a["state"] in ACTIVE}
        in_queue = len(jobs)  # a bundle's points share one job
        rooms.append((limit - in_queue, limit, f"{source}; {in_queue} of this sweep queued"))
    site = slurm.association_limit()
    if site is not None:
        in_queue = slurm.jobs_in_queue()
        rooms.append((site[0] - in_queue, site[0], f"{site[1]}; {in_queue} of yours queued"))
    if not rooms:
        return None
    room, limit, source = min(rooms)
    return max(room, 0), f"{limit} jobs ({source})"


def _throttle(loaded: LoadedSweep, data: dict, decision: Decision, jobs: list) -> list:
    """Keep the jobs (points, or bundles of points) that fit in the queue; the points of the
    others wait for a later submit."""
    found = _queue_room(loaded, data)
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


def _set_state(manifest: Manifest, point_id: str, **fields) -> None:
    with manifest.edit() as data:
        data["points"][point_id]["attempts"][-1].update(fields)


def _run_local(manifest: Manifest, queued: list, progress) -> None:
    remaining = list(queued)
    try:
        while remaining:
            p, adir = remaining[0]
            _set_state(manifest, p.id, state="running", started_at=time.time())
            if progress:
                progress.start(p)
            code = local.run_script(adir / "job.sh", adir)
            state = local.state_from_exit(code)
            _set_state(manifest, p.id, state=state, exit_code=code, ended_at=time.time())
            remaining.pop(0)
            if progress:
                progress.done(p, state)
    except KeyboardInterrupt:
        # Leave a clean state: the interrupted point is cancelled, the unstarted ones vanish.
        if remaining:
            p, _ = remaining[0]
            _set_state(manifest, p.id, state="cancelled", ended_at=time.time())
        with manifest.edit() as data:
            for p, adir in remaining[1:]:
                data["points"][p.id]["attempts"].pop()
                if not data["points"][p.id]["attempts"]:
                    del data["points"][p.id]
                shutil.rmtree(adir, ignore_errors=True)
        raise
