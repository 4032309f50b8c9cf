"""A manifest rebuilt from what a sweep's folder still holds, when manifest.json cannot be read
(cut short by a partial copy or a full disk, hand-edited): Manifest.read calls it.

Every attempt folder (<point>/attempt-<k>/ with its point.json) becomes an attempt record:

- the trainer's footer in rank 0's step log, else the job's exit marker: that final state;
- else, a Slurm job (its script has #SBATCH lines) with an output file slurm-<id>.out: that
  job id, "submitted", and the scheduler says the rest at the next reconcile;
- else, a Slurm job without output: "submitting" with the job's recorded identity (its name
  and the comment sbatch attached), so it is looked up in squeue and sacct before anything is
  resubmitted, as after a submit that died between sbatch and writing the job id;
- else a local run that started (stdout.log) but left no exit marker: "interrupted"
  (resubmitted with --retry-failed only), and one that never started: "not_queued".

A point's job may be its bundle's or its job array's (bundles/<id>/attempt-<k>/job.sh,
arrays/<id>/attempt-<k>/job.sh name the attempt folders they run). So a submit after the rebuild
plans neither a completed point nor one whose job is still queued or running.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import msgspec

from scalestudy.executors import job_identity
from scalestudy.executors.states import NOT_QUEUED
from scalestudy.formats import attempt_files, step_log
from scalestudy.formats.manifest import ManifestFile

# an array script's task line: `  3) run_dir='/…/<point>/attempt-1' ;;  # point <point>`
ARRAY_TASK = re.compile(r"^\s*(\d+)\) run_dir=(.*?) ;;", re.MULTILINE)
JOB_FOLDERS = ("bundles", "arrays")  # a job of several points: its own attempt folders
SLURM = "slurm"  # the backend's registered name (executors/slurm.py)
NOT_POINTS = {*JOB_FOLDERS, "gate-probe", "rendered", "report", "archive"}


def _final_state(adir: Path) -> dict:
    """What the attempt's own files say about its end: the trainer's footer, else the job's
    exit marker; empty when it has not ended (or never started)."""
    rank0 = adir / "logs" / step_log.rank_log_name(0)
    last = step_log.last_record(rank0) if rank0.is_file() else None
    if isinstance(last, dict) and last.get("type") == "footer" and last.get("status"):
        return {"state": last["status"], "exit_code": last.get("exit_code")}
    try:
        code = int((adir / attempt_files.EXIT_CODE).read_text().strip())
    except (OSError, ValueError):
        return {}
    return {"state": step_log.STATUS_BY_EXIT.get(code, "failed"), "exit_code": code}


def _shared_jobs(sweep_dir: Path) -> dict[str, tuple[str, Path, int, int | None]]:
    """Attempt folder (resolved) -> (kind, job folder, attempt, array index) for every point
    run by a bundle's or an array's job."""
    out: dict[str, tuple[str, Path, int, int | None]] = {}
    for kind in JOB_FOLDERS:
        for script in sorted(
            sweep_dir.glob(f"{kind}/*/{attempt_files.ATTEMPT_GLOB}/{attempt_files.JOB_SCRIPT}")
        ):
            k = attempt_files.attempt_number(script.parent)
            text = script.read_text(errors="replace")
            if kind == "arrays":
                for index, run_dir in ARRAY_TASK.findall(text):
                    out[_unquoted(run_dir)] = (kind, script.parent, k or 1, int(index))
                continue
            for line in text.splitlines():
                if line.strip().startswith("run_dir="):
                    out[_unquoted(line.split("=", 1)[1])] = (kind, script.parent, k or 1, None)
    return out


def _unquoted(word: str) -> str:
    parts = shlex.split(word.strip(), comments=True)
    return str(Path(parts[0]).resolve()) if parts else ""


def _slurm_job(sweep_dir: Path, adir: Path, shared: dict) -> dict | None:
    """The attempt's Slurm job as far as its files say (None: not a Slurm job)."""
    found = shared.get(str(adir.resolve()))
    job_dir = found[1] if found else adir
    script = job_dir / attempt_files.JOB_SCRIPT
    if not script.is_file():
        return None
    text = script.read_text(errors="replace")
    if "#SBATCH" not in text:
        return None
    record: dict = {"executor": SLURM}
    if found:
        kind, _, k, index = found
        key = job_dir.parent.name
        folder = str(job_dir.relative_to(sweep_dir))
        if kind == "bundles":
            record.update(bundle=key, bundle_folder=folder)
        else:
            record.update(array=key, array_folder=folder, array_index=index)
    else:
        key, k = adir.parent.name, attempt_files.attempt_number(adir) or 1
    outputs = sorted([*adir.glob("slurm-*.out"), *(job_dir.glob("slurm-*.out") if found else [])])
    if outputs:  # the job started: its output file is named after its id
        return record | {"state": "submitted", "job_id": outputs[-1].stem.removeprefix("slurm-")}
    try:
        name = job_identity.job_name(text)
    except ValueError:
        return record | {"state": "unknown", "reason": "rebuilt: its job script names no job"}
    return record | {
        "state": "submitting",
        "job_name": name,
        "identity": job_identity.identity(sweep_dir.name, key, k),
        "intent_at": script.stat().st_mtime,  # the script is written just before sbatch
        "reason": "rebuilt: its job is looked up by its recorded identity",
    }


def attempt_record(sweep_dir: Path, adir: Path, k: int, shared: dict) -> dict:
    record = {
        "attempt": k,
        "folder": str(adir.relative_to(sweep_dir)),
        "submitted_at": (adir / attempt_files.POINT_JSON).stat().st_mtime,
        "rebuilt": True,
    }
    job = _slurm_job(sweep_dir, adir, shared)
    ended = _final_state(adir)
    if job is not None:
        record |= job
    else:
        record["executor"] = "local"
        if not ended:
            started = (adir / "stdout.log").exists()
            record.update(
                state="interrupted" if started else NOT_QUEUED,
                reason="rebuilt: it started here and left no exit marker"
                if started
                else "rebuilt: it never started",
            )
    if ended:  # its own files know how it ended: nothing to look up
        record.update(ended)
        record.pop("reason", None)
    return record


def from_attempt_folders(sweep_dir: Path) -> ManifestFile:
    """The manifest's points (and bundles' and arrays' attempt counts) from the folders, as
    the typed records manifest.json holds (the same keys a submit writes)."""
    shared = _shared_jobs(sweep_dir)
    points: dict[str, dict] = {}
    for point in sorted(p for p in sweep_dir.iterdir() if p.is_dir()):
        if point.name in NOT_POINTS or point.name.startswith("."):
            continue
        found = {}
        for adir in point.glob(attempt_files.ATTEMPT_GLOB):
            k = attempt_files.attempt_number(adir)
            if k is not None and (adir / attempt_files.POINT_JSON).is_file():
                found[k] = attempt_record(sweep_dir, adir, k, shared)
        if not found:
            continue
        # a missing attempt keeps its number taken, so the next attempt never reuses a folder
        points[point.name] = {
            "attempts": [
                found.get(k)
                or {
                    "attempt": k,
                    "state": NOT_QUEUED,
                    "folder": f"{point.name}/{attempt_files.attempt_name(k)}",
                    "reason": "rebuilt: its folder is missing",
                }
                for k in range(1, max(found) + 1)
            ]
        }
    data: dict = {"version": 1, "points": points, "rebuilt_from": "attempt folders"}
    for kind in JOB_FOLDERS:
        # their attempt counts number the next job's folder: keep them taken
        jobs = {}
        for job in sorted(sweep_dir.glob(f"{kind}/*")):
            ks = [
                k
                for a in job.glob(attempt_files.ATTEMPT_GLOB)
                if (k := attempt_files.attempt_number(a))
            ]
            if ks:
                jobs[job.name] = {
                    "attempts": [
                        {
                            "folder": f"{kind}/{job.name}/{attempt_files.attempt_name(k)}",
                            "rebuilt": True,
                        }
                        for k in range(1, max(ks) + 1)
                    ]
                }
        if jobs:
            data[kind] = jobs
    return msgspec.convert(data, ManifestFile, strict=True)
