"""A sweep of six sizes on the emulated Slurm cluster for the projection's backtest (issue #32,
acceptance 3): the tiny trainer, weak scaling, 1 to 6 emulated nodes x 1 rank, 2 repeats, run
one point at a time (the sweep file grows by one size, then one repeat, per submit, so no two
points share the host's cores at once), then collected; `benchmarks/projection_backtest.py
--sweep` then puts the report's held-out prediction of 6 nodes beside Extra-P's. About 12
minutes here.

The emulated nodes share this host's 2 cores: the series measures CPU sharing as much as the
network (the sizes above 2 oversubscribe the cores), which the projection's link model does not
have. That is what a backtest is for: it says whether the model holds here, and here it may not.

Usage: .venv/bin/python benchmarks/backtest_slurm.py [--work DIR] [--nodes 6] [--repeats 2]
       [--steps 40] [--warmup 10]
(uses the cluster $SLURM_CONF names, else the local one, brought up with --nodes when it does
not answer and down again after; the profile is emulated-unbound with a partition of --nodes
nodes, written beside the sweep.)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
# At it: 3 sizes (the backtest holds the largest out), one repeat, 12 steps (2 untimed): three
# trainer jobs one after another, then the report's backtest beside Extra-P's.
CI_SMALLEST = {
    "needs": "slurm",
    "args": ["--nodes", "3", "--repeats", "1", "--steps", "12", "--warmup", "2"],
    "run_by": "tests/slurm/test_backtest_slurm_bench.py",
}

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout this file is in
sys.path.insert(0, str(ROOT / "benchmarks"))
from slurm_cluster import cluster_for_benchmark, scalestudy, settle  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None)
parser.add_argument("--nodes", type=int, default=6)
parser.add_argument("--repeats", type=int, default=2)
parser.add_argument("--steps", type=int, default=40, help="the trainer's steps a point")
parser.add_argument("--warmup", type=int, default=10, help="of them, untimed")
args = parser.parse_args()
if args.nodes < 3:
    parser.error("--nodes: at least 3 (the backtest holds the largest size out of three or more)")
work = Path(args.work or tempfile.mkdtemp(prefix="backtest-slurm-"))
work.mkdir(parents=True, exist_ok=True)
results = work / "results"
# emulated-unbound with a partition as large as the cluster this script brings up
PROFILE = yaml.safe_load((ROOT / "templates" / "clusters" / "emulated-unbound.yaml").read_text())
PROFILE.update(
    name="emulated-unbound-wide", partitions=[{"name": "debug", "max_nodes": args.nodes}]
)
(work / "emulated-unbound-wide.yaml").write_text(yaml.safe_dump(PROFILE))
SWEEP = {
    "name": "backtest-slurm",
    "cluster": "emulated-unbound-wide.yaml",
    "mode": "weak",
    "ppn": 1,
    "repeats": args.repeats,  # grown one at a time below
    "schedule": "separate",
    "time_limit": "00:10:00",
    # a shared cluster's other jobs may run beside (the points themselves run one at a time)
    "slurm": {"exclusive": False},
    "trainer": {
        "model": "tiny",
        "tokens_per_worker": 512,
        "steps": args.steps,
        "timing_warmup_steps": args.warmup,
        "sparse_as_dense": True,
    },
}


sweep = work / "backtest-slurm.yaml"
start = time.monotonic()
with cluster_for_benchmark(args.nodes):
    # one new point per submit: repeat r of n nodes is the only point of (nodes 1..n, r
    # repeats) not done yet, so no two points ever share the host's cores
    for r in range(1, args.repeats + 1):
        for n in range(1, args.nodes + 1):
            spec = {**SWEEP, "nodes": list(range(1, n + 1)), "repeats": r}
            sweep.write_text(yaml.safe_dump(spec))
            scalestudy("submit", str(sweep), "--results", str(results), "--executor", "slurm")
            data = settle(sweep, results, SWEEP["name"], timeout=900)
            done = f"repeat {r}, {n} node(s): {time.monotonic() - start:.0f} s"
            print(done, file=sys.stderr, flush=True)
    sweep.write_text(yaml.safe_dump({**SWEEP, "nodes": list(range(1, args.nodes + 1))}))
    states = {e["attempts"][-1]["state"] for e in data["points"].values()}
    scalestudy("collect", str(sweep), "--results", str(results))
bt = subprocess.run(
    [
        sys.executable,
        str(ROOT / "benchmarks" / "projection_backtest.py"),
        "--sweep",
        SWEEP["name"],
        "--results",
        str(results),
    ],
    capture_output=True,
    text=True,
)
print(
    json.dumps(
        {
            "work": str(work),
            "states": sorted(states),
            "minutes": (time.monotonic() - start) / 60,
            "backtest": json.loads(bt.stdout) if bt.returncode == 0 else bt.stderr[-3000:],
        },
        indent=1,
    )
)
if bt.returncode != 0:  # a measurement that could not be made is not a result
    sys.exit(f"the backtest failed ({bt.returncode}): see 'backtest' above")
