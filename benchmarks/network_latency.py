"""The comm fit's latency term on shaped against unshaped links, and what Horovod's cycle time
adds (issue #36 item 2 c). A 2-node local cluster, every node in its own network namespace:
once unshaped, once shaped to --rate; on each a comm sweep (allreduce and allgather, 1 KiB to
1 MiB, 1 and 2 nodes) with Horovod's default cycle time and with HOROVOD_CYCLE_TIME=--cycle;
each collected (calibration.json) and the fitted per-call overhead o, latency alpha and
bandwidth printed side by side. About 6 minutes here (4 sweeps of ~80 s).

Usage: .venv/bin/python benchmarks/network_latency.py [--work DIR] [--rate 200mbit] [--cycle 10]
       [--sizes 1024,...] [--iterations 10]
       [--cluster-dir DIR --running]  (a 2-node cluster on shaped namespaces already up, its
       links at --rate: only that link is measured, both cycle times, and the cluster is left up)
       .venv/bin/python benchmarks/network_latency.py --summarise DIR   (a finished run's work)
Needs root (namespaces).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout this file is in
from slurm_cluster import settle  # noqa: E402  (benchmarks/, this script's folder)

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
# At it: three sizes (the fit's least), two iterations, both cycle times, on the test session's
# shaped pair (the test gives --cluster-dir and --running): two comm sweeps of a 1-node and a
# 2-node point, 32 s here.
CI_SMALLEST = {
    "needs": "root",
    "args": ["--sizes", "1024,16384,262144", "--iterations", "2"],
    "run_by": "tests/slurm/test_network_latency_bench.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None)
parser.add_argument("--rate", default="200mbit")
parser.add_argument("--cycle", default="10", help="HOROVOD_CYCLE_TIME (ms) of the second sweep")
parser.add_argument("--summarise", metavar="WORK", help="only print a finished run's fits")
parser.add_argument("--sizes", default="1024,4096,16384,65536,262144,1048576",
                    help="message sizes in bytes, comma-separated")  # fmt: skip
parser.add_argument("--iterations", type=int, default=10, help="timed calls per size")
parser.add_argument("--cluster-dir", type=Path, default=None)
parser.add_argument("--running", action="store_true", help="--cluster-dir is up: not started")
args = parser.parse_args()
if args.running != (args.cluster_dir is not None):
    parser.error("--running and --cluster-dir go together (a cluster already up, used as is)")
if args.running and args.summarise:
    parser.error("--summarise prints a finished run's fits: it runs nothing (no --running)")
SIZES = [int(s) for s in args.sizes.split(",")]
work = Path(args.summarise or args.work or tempfile.mkdtemp(prefix="network-latency-"))
work.mkdir(parents=True, exist_ok=True)
CYCLES = {"default": None, args.cycle: args.cycle}


def run(*argv: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", *argv], capture_output=True, text=True)
    if check and done.returncode != 0:
        sys.exit(f"{' '.join(argv[:2])} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def write_sweep(cycle: str, value: str | None) -> Path:
    base = yaml.safe_load((ROOT / "templates/clusters/emulated-netns.yaml").read_text())
    env = {**base["env"], **({"HOROVOD_CYCLE_TIME": value} if value else {})}
    profile = {**base, "name": f"netns-cycle-{cycle}", "env": env,
               "description": f"2-node netns cluster, HOROVOD_CYCLE_TIME {cycle}"}  # fmt: skip
    (work / f"prof-{cycle}.yaml").write_text(yaml.safe_dump(profile))
    sweep = {
        "name": f"lat-{cycle}", "cluster": f"prof-{cycle}.yaml", "mode": "weak",
        "workload": "comm", "nodes": [1, 2], "ppn": 1, "threads_per_worker": 1,
        "repeats": 1, "time_limit": "00:05:00",
        "trainer": {"model": "tiny", "tokens_per_worker": 512, "accumulation": "tf1"},
        "comm": {"collectives": ["allreduce", "allgather"],
                 "sizes_bytes": SIZES, "iterations": args.iterations, "warmup": 2},
    }  # fmt: skip
    path = work / f"lat-{cycle}.yaml"
    path.write_text(yaml.safe_dump(sweep))
    return path


def measure(link: str, cl: Path) -> None:
    """Every cycle's comm sweep on the cluster of `cl` (up), collected."""
    os.environ["SLURM_CONF"] = str(cl / "etc" / "slurm.conf")
    results = work / f"res-{link}"
    for cycle, value in CYCLES.items():
        sweep = write_sweep(cycle, value)
        start = time.monotonic()
        submit = ["submit", str(sweep), "--results", str(results), "--executor", "slurm"]
        run("scalestudy.cli", *submit)
        settle(sweep, results, f"lat-{cycle}")  # status --watch's wait
        run("scalestudy.cli", "collect", str(sweep), "--results", str(results))
        print(f"{link}, cycle {cycle}: {time.monotonic() - start:.0f} s", file=sys.stderr)


if args.running:
    measure(args.rate, args.cluster_dir)
elif not args.summarise:
    for link in ("unshaped", args.rate):
        cl = work / f"cluster-{link}"
        up = ["scalestudy.localcluster", "up", "--nodes", "2", "--dir", str(cl), "--netns"]
        run(*up, *(["--link-rate", link] if link != "unshaped" else []))
        try:
            measure(link, cl)
        finally:
            run("scalestudy.localcluster", "down", "--dir", str(cl), check=False)

print("link cycle collective | o ms | alpha ms | bandwidth MB/s | r2")
for path in sorted(work.glob("res-*/lat-*/calibration.json")):
    link, cycle = path.parts[-3].removeprefix("res-"), path.parts[-2].removeprefix("lat-")
    for name, f in json.loads(path.read_text())["collectives"].items():
        print(f"{link} {cycle} {name} | {f['overhead_s'] * 1e3:.2f} | {f['alpha_s'] * 1e3:.2f} | "
              f"{f['bandwidth_bytes_per_s'] / 1e6:.1f} | {f['r2']:.2f}")  # fmt: skip
