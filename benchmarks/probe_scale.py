"""The paper's scale through the product (issue #14): a probe point of --nodes x --ppn ranks
(default 300 x 4 = 1,200, as on Stampede2) on the local Slurm cluster started with the paper's
node shape (`localcluster up --shape skx`), submitted behind the probe gate like a real sweep,
then `status`, `collect` and `report`, each as the command a user types.

Measured and printed as JSON: the cluster's start time, its daemons' memory and sinfo's
summary; submit-to-done time; the host's lowest available memory while the ranks ran; the gate's
and the point's probe checks (every rank accounted for, ranks per node, problems, slow nodes);
the results.csv row (state, compressed node list, sacct's elapsed time and MaxRSS); the report's
lines on the point's state. Asserts nothing about speed; exits 1 if the run did not complete as
a user would need (a rank missing, a wrong placement, a state not completed).

The test suite runs it at a size CI can hold (tests/slurm/test_probe_scale.py).

Usage: python benchmarks/probe_scale.py [--nodes 300] [--ppn 4] [--probe-seconds 60]
       [--cluster-dir DIR [--running]] [--keep]
"""

# ruff: noqa: E402
from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "slurm",
    "args": ["--nodes", "64", "--ppn", "4", "--probe-seconds", "10"],
    "run_by": "tests/slurm/test_probe_scale.py",
}

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scalestudy.executors import states as attempt_states
from scalestudy.localcluster.cluster import LocalCluster

parser = argparse.ArgumentParser()
parser.add_argument("--nodes", type=int, default=300)
parser.add_argument("--ppn", type=int, default=4)
parser.add_argument(
    "--probe-seconds",
    type=float,
    default=60,
    help="each rank's lifetime: longer than the spread of the ranks' start on this host",
)
parser.add_argument("--cluster-dir", type=Path, default=None, help="default: a fresh temp dir")
parser.add_argument("--keep", action="store_true", help="leave the cluster and results in place")
parser.add_argument(
    "--running",
    action="store_true",
    help="--cluster-dir is a cluster of this shape already up (at least --nodes nodes): used, "
    "neither started nor stopped here",
)
args = parser.parse_args()

if args.running and args.cluster_dir is None:
    parser.error("--running needs --cluster-dir")
work = Path(tempfile.mkdtemp(prefix="probe-scale-"))
cluster = LocalCluster(args.cluster_dir or work / "cluster", nodes=args.nodes, shape="skx")
name = f"probe{args.nodes}x{args.ppn}"
ranks = args.nodes * args.ppn


def cli(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "scalestudy.cli", *argv]
    return subprocess.run(cmd, env=cluster.env(), capture_output=True, text=True, timeout=timeout)


def available_memory() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return 0


class LowestMemory(threading.Thread):
    """The host's lowest MemAvailable, sampled every second until stopped."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.lowest, self.stop = available_memory(), threading.Event()

    def run(self) -> None:
        while not self.stop.wait(1.0):
            self.lowest = min(self.lowest, available_memory())


out: dict = {"nodes": args.nodes, "ppn": args.ppn, "ranks": ranks}
failures: list[str] = []
start = time.monotonic()
try:  # the daemons are stopped whatever happens, a failed start included
    if not args.running:
        cluster.up()
    out["cluster"] = {
        "start_s": round(time.monotonic() - start, 1),
        "daemons_pss_mib": round(cluster.daemon_memory() / 2**20),
        "sinfo": cluster.status().splitlines(),
    }
    sweep = work / f"{name}.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": name,
                "cluster": "emulated-skx",
                "mode": "weak",
                "nodes": [args.nodes],
                "ppn": args.ppn,
                "workload": "probe",
                "probe_seconds": args.probe_seconds,
                "time_limit": "00:30:00",
                "slurm": {"gate_on_probe": True},
            }
        )
    )
    results = work / "results"
    where = [str(sweep), "--results", str(results)]
    memory = LowestMemory()
    memory.start()
    t0 = time.monotonic()
    submitted = cli("submit", *where, "--executor", "slurm")
    out["submit"] = {"exit": submitted.returncode, "s": round(time.monotonic() - t0, 2)}
    if submitted.returncode != 0:
        sys.exit(f"submit failed:\n{submitted.stdout}\n{submitted.stderr}")
    manifest = results / name / "manifest.json"
    polls, deadline = 0, time.monotonic() + 3600
    while time.monotonic() < deadline:
        status = cli("status", *where)
        polls += 1
        data = json.loads(manifest.read_text())
        states = [e["attempts"][-1]["state"] for e in data["points"].values()]
        if all(s not in attempt_states.OPEN for s in states):
            break
        time.sleep(5)
    memory.stop.set()
    out["submit_to_done_s"] = round(time.monotonic() - t0, 1)
    out["status_polls"] = polls
    out["host_memory"] = {
        "total_gib": round(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**30, 1),
        "lowest_available_gib": round(memory.lowest / 2**30, 2),
    }
    out["status"] = status.stdout.splitlines()

    (gate,) = data["gates"]
    (entry,) = data["points"].values()
    attempt = entry["attempts"][-1]
    out["gate"] = {"state": gate["state"], "job": gate["job_id"]}
    out["point"] = {"state": attempt["state"], "job": attempt["job_id"]}
    for what, folder in (("gate", gate["folder"]), ("point", attempt["folder"])):
        logs = results / name / folder / "logs"
        check_file = logs / "probe-check.json"
        check = json.loads(check_file.read_text()) if check_file.exists() else None
        reports = [json.loads(p.read_text()) for p in logs.glob("probe.rank*.json")]
        per_node: dict[str, int] = {}
        for r in reports:
            per_node[r["slurm_node"]] = per_node.get(r["slurm_node"], 0) + 1
        out[what].update(
            check=check,
            reports=len(reports),
            distinct_ranks=len({r["rank"] for r in reports}),
            nodes_reporting=len(per_node),
            ranks_per_node=sorted(set(per_node.values())),
        )
        if check is None or not check["ok"] or len(reports) != ranks:
            failures.append(f"{what}: check {check}, {len(reports)} of {ranks} reports")
    if {gate["state"], attempt["state"]} != {"completed"}:
        failures.append(f"states: gate {gate['state']}, point {attempt['state']}")

    t = time.monotonic()
    collected = cli("collect", *where)
    out["collect"] = {"exit": collected.returncode, "s": round(time.monotonic() - t, 2)}
    with open(results / name / "results.csv") as fh:
        (row,) = list(csv.DictReader(fh))
    keep = ("status", "nodes", "workers", "job_id", "node_list", "elapsed", "slurm_state")
    out["results_row"] = {k: row.get(k) for k in keep} | {
        k: v for k, v in row.items() if k.startswith("sacct_")
    }
    t = time.monotonic()
    reported = cli("report", name, "--results", str(results))
    out["report"] = {"exit": reported.returncode, "s": round(time.monotonic() - t, 2)}
    summary = results / name / "report" / "summary.md"
    text = summary.read_text() if summary.exists() else ""
    out["report"]["state_lines"] = [ln for ln in text.splitlines() if attempt["state"] in ln][:5]
    out["report"]["html"] = (results / name / "report" / "report.html").exists()
    if collected.returncode or reported.returncode:
        failures.append(f"collect exit {collected.returncode}, report exit {reported.returncode}")
    out["failures"] = failures
    print(json.dumps(out, indent=1))
finally:
    if not args.keep:
        if not args.running:
            cluster.down()
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"kept: {work} (SLURM_CONF={cluster.conf})", file=sys.stderr)
sys.exit(1 if failures else 0)
