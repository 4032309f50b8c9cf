"""The Slurm backend: sbatch every job (a point, or a bundle of points sharing an allocation),
optionally behind a probe job they wait on (afterok), within the queue's room; states and
accounting from one sacct and one squeue call for a whole sweep (`slurmctl`)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from scalestudy.executors import slurmctl
from scalestudy.executors.base import Executor, Job, Submission
from scalestudy.executors.layout import bundle_script, point_json
from scalestudy.executors.manifest import ACTIVE, all_attempts
from scalestudy.executors.registry import register
from scalestudy.plan import Bundle, Point
from scalestudy.render import render_script
from scalestudy.spec.sweep import LoadedSweep


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

    def queue_room(self, loaded: LoadedSweep, data: dict) -> tuple[int, str] | None:
        """max_jobs_in_queue (the sweep's, else the profile's; counted over this sweep's jobs)
        and the user's association/QOS job limit from sacctmgr (counted over all of the user's
        jobs), whichever leaves less room."""
        rooms: list[tuple[int, int, str]] = []  # (room, limit, where the limit comes from)
        limit = loaded.sweep.max_jobs_in_queue or loaded.profile.max_jobs_in_queue
        if limit is not None:
            source = "sweep" if loaded.sweep.max_jobs_in_queue else f"profile {loaded.profile.name}"
            jobs = {a.get("job_id") for a in all_attempts(data) if a["state"] in ACTIVE}
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
        if sub.loaded.sweep.slurm.gate_on_probe and sub.queued:
            sub.gate_job = _submit_gate(sub, [p for p, _ in sub.queued])
        if sub.bundles:
            run_dirs = {p.id: adir for p, adir in sub.queued}
            for b in sub.bundles:
                _submit_bundle(sub, b, run_dirs)
            return
        for p, adir in sub.queued:
            attempt = sub.data["points"][p.id]["attempts"][-1]
            script = (adir / "job.sh").read_text()
            attempt["job_id"] = slurmctl.submit_script(
                script, sub.sweep_dir / ".submitit", after_ok=sub.gate_job
            )
            attempt["after_ok"] = sub.gate_job
            sub.job_ids[p.id] = attempt["job_id"]

    def reconcile(self, records: list[dict], sweep_dir: Path) -> None:
        slurmctl.reconcile(records, sweep_dir)

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
    record = data.setdefault("bundles", {}).setdefault(b.id, {"attempts": []})
    k = len(record["attempts"]) + 1
    bdir = sdir / "bundles" / b.id / f"attempt-{k}"
    bdir.mkdir(parents=True, exist_ok=True)
    script = bundle_script(b, sub.loaded, bdir, run_dirs, sub.env, k)
    (bdir / "job.sh").write_text(script)
    job = slurmctl.submit_script(script, sdir / ".submitit", after_ok=sub.gate_job)
    record["attempts"].append(
        {
            "job_id": job,
            "executor": SlurmExecutor.name,
            "state": "submitted",
            "folder": str(bdir.relative_to(sdir)),
            "nodes": b.nodes,
            "ppn": b.ppn,
            "allocation": b.allocation,
            "order": [m.id for m in b.members],
            "submitted_at": time.time(),
            "after_ok": sub.gate_job,
        }
    )
    for i, m in enumerate(b.members):
        attempt = data["points"][m.id]["attempts"][-1]
        attempt.update(
            job_id=job, bundle=b.id, bundle_folder=str(bdir.relative_to(sdir)), run_order=i
        )
        attempt["allocation"] = b.allocation
        attempt["after_ok"] = sub.gate_job
        sub.job_ids[m.id] = job


def _submit_gate(sub: Submission, run: list[Point]) -> str:
    """Submit the probe a gated batch waits on: the batch's largest shape, same template,
    profile and binding, no TensorFlow. Recorded under data["gates"]; returns its job id."""
    big = max(run, key=lambda p: p.nodes)
    probe = dataclasses.replace(
        big,
        id=f"gate-probe-n{big.nodes:04d}",
        sweep=big.sweep.model_copy(update={"workload": "probe"}),
    )
    gates = sub.data.setdefault("gates", [])
    adir = sub.sweep_dir / "gate-probe" / f"attempt-{len(gates) + 1}"
    adir.mkdir(parents=True, exist_ok=True)
    (adir / "point.json").write_text(json.dumps(point_json(probe, adir, True), indent=1))
    script = render_script(probe, sub.loaded.profile, adir, len(gates) + 1, sub.env)
    (adir / "job.sh").write_text(script)
    job = slurmctl.submit_script(script, sub.sweep_dir / ".submitit")
    gates.append(
        {
            "job_id": job,
            "executor": SlurmExecutor.name,
            "state": "submitted",
            "folder": str(adir.relative_to(sub.sweep_dir)),
            "nodes": big.nodes,
            "ppn": big.ppn,
            "submitted_at": time.time(),
            "gates": [p.id for p in run],
        }
    )
    return job
