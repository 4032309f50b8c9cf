"""Submitting hundreds of separate points to a real Slurm cluster (issue #14, acceptance 2).

A probe sweep of --points separate points (nodes 1 and 2, repeats) on the local test cluster,
submitted by `python -m scalestudy.cli submit --executor slurm` with job arrays (the default:
one sbatch call per shape) and without (`slurm.array: false`: one call per point), in
alternating order for --rounds rounds. A stand-in `sbatch` first on PATH counts the calls
(submissions and --test-only checks apart) and hands each to the real one. After each submit
the submit's own jobs are cancelled, so the next starts from an empty queue (another user's
jobs on a shared cluster are left alone).

Prints JSON: per mode the sbatch calls and the wall seconds of the command (median, min, max),
and the manifest checked (every point has a job id; arrays: ids <array>_<task>).

Usage: python benchmarks/submit_scale.py [--points 200] [--rounds 3]
       [--cluster-dir DIR [--running]]
"""

# ruff: noqa: E402
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "slurm",
    "args": ["--points", "4", "--rounds", "1"],
    "run_by": "tests/slurm/test_submit_scale.py",
}

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scalestudy.localcluster.cluster import LocalCluster

parser = argparse.ArgumentParser()
parser.add_argument("--points", type=int, default=200)
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--cluster-dir", type=Path, default=None, help="default: a fresh temp dir")
parser.add_argument(
    "--running",
    action="store_true",
    help="--cluster-dir is a cluster already up (at least 2 nodes): used, not started or stopped",
)
args = parser.parse_args()
if args.running and args.cluster_dir is None:
    parser.error("--running needs --cluster-dir")
if args.points % 2:
    sys.exit("--points: an even number (two node counts)")

work = Path(tempfile.mkdtemp(prefix="submit-scale-"))
cluster = LocalCluster(args.cluster_dir or work / "cluster", nodes=4)
real_sbatch = shutil.which("sbatch")
if real_sbatch is None:
    sys.exit("sbatch not found: run `make system`")

# the counting stand-in: one line per call, then the real sbatch with the same arguments
shim = work / "bin"
shim.mkdir()
count = work / "sbatch-calls.txt"
(shim / "sbatch").write_text(f'#!/bin/sh\necho "$*" >> {count}\nexec {real_sbatch} "$@"\n')
(shim / "sbatch").chmod(0o755)


def sweep(array: bool) -> Path:
    path = work / f"sweep-{'array' if array else 'separate'}.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "name": f"submit-{'array' if array else 'separate'}",
                "cluster": "emulated-srun",
                "mode": "weak",
                "nodes": [1, 2],
                "ppn": 1,
                "repeats": args.points // 2,
                "schedule": "separate",
                "workload": "probe",
                "probe_seconds": 1,
                "time_limit": "00:02:00",
                "max_jobs_in_queue": args.points + 10,
                "slurm": {"array": array},
            }
        )
    )
    return path


def submit(array: bool, rnd: int) -> dict:
    count.write_text("")
    results = work / f"results-{rnd}"
    env = {**cluster.env(), "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"}
    cmd = [sys.executable, "-m", "scalestudy.cli", "submit", str(sweep(array))]
    cmd += ["--results", str(results), "--executor", "slurm"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"submit failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    calls = count.read_text().splitlines()
    name = f"submit-{'array' if array else 'separate'}"
    manifest = json.loads((results / name / "manifest.json").read_text())
    ids = [e["attempts"][-1]["job_id"] for e in manifest["points"].values()]
    assert len(ids) == args.points and all(ids), "a point without a job id"
    assert len(set(ids)) == len(ids), "two points share a job id"
    if array:
        assert all("_" in i for i in ids), "an array member without a task id"
    # its own jobs only (an array's members by the array's id)
    jobs = sorted({i.split("_")[0] for i in ids})
    subprocess.run(["scancel", *jobs], env=cluster.env())
    left_queue(jobs)
    return {
        "wall_s": wall,
        "sbatch_submissions": sum(1 for c in calls if "--test-only" not in c),
        "sbatch_test_only": sum(1 for c in calls if "--test-only" in c),
        "jobs_in_manifest": len(set(ids)),
    }


def left_queue(jobs: list[str], timeout: float = 120.0) -> None:
    """Wait until squeue no longer lists `jobs`: scancel returns before a job that had started
    leaves the queue (COMPLETING while its node ends it), and the next submit is to start from
    an empty queue (a CI run saw two just-cancelled jobs still listed)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        listed = subprocess.run(
            ["squeue", "--noheader", "--format", "%i", "--jobs", ",".join(jobs)],
            env=cluster.env(),
            capture_output=True,
            text=True,
        )
        if listed.returncode == 0 and not listed.stdout.split():
            return
        if listed.returncode != 0 and "Invalid job id" in listed.stderr:
            return  # every job already purged from the controller
        time.sleep(0.5)
    sys.exit(f"cancelled jobs {', '.join(jobs)} still queued after {timeout:.0f} s")


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


if not args.running:
    cluster.up()
try:
    samples: dict[str, list[dict]] = {"array": [], "separate": []}
    for rnd in range(args.rounds):
        order = [True, False] if rnd % 2 == 0 else [False, True]
        for array in order:
            samples["array" if array else "separate"].append(submit(array, rnd))
            print(f"round {rnd}: {'array' if array else 'separate'} done", file=sys.stderr)
    out = {
        "points": args.points,
        "cluster_nodes": cluster.nodes,
        "rounds": args.rounds,
        **{
            mode: {
                "sbatch_submissions": spread([s["sbatch_submissions"] for s in runs]),
                "sbatch_test_only": spread([s["sbatch_test_only"] for s in runs]),
                "wall_s": spread([s["wall_s"] for s in runs]),
            }
            for mode, runs in samples.items()
        },
        "wall_ratio_array_over_separate": spread(
            [
                a["wall_s"] / b["wall_s"]
                for a, b in zip(samples["array"], samples["separate"], strict=True)
            ]
        ),
    }
    print(json.dumps(out, indent=1))
finally:
    if not args.running:
        cluster.down()
    shutil.rmtree(work, ignore_errors=True)
