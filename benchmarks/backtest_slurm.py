"""A sweep of six sizes on the emulated Slurm cluster for the projection's backtest (issue #32,
acceptance 3): the tiny trainer, weak scaling, 1 to 6 emulated nodes x 1 rank, 2 repeats, run
one point at a time (the sweep file grows by one size, then one repeat, per submit, so no two
points share the host's cores at once), then collected; `benchmarks/projection_backtest.py
--sweep` then puts the report's held-out prediction of 6 nodes beside Extra-P's. About 12
minutes here.

The emulated nodes share this host's 2 cores: the series measures CPU sharing as much as the
network (the sizes above 2 oversubscribe the cores), which the projection's link model does not
have. That is what a backtest is for: it says whether the model holds here, and here it may not.

Usage: .venv/bin/python benchmarks/backtest_slurm.py [--work DIR] [--nodes 6]
(brings the local cluster up with --nodes when none answers, and down again after; its
profile is emulated-unbound with a partition of --nodes nodes, written beside the sweep.)
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

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "slurm",
    "args": ["--nodes", "3", "--repeats", "1"],  # 3 sizes: the backtest holds the largest out
    "not_in_ci": "trainer jobs one at a time (minutes); CI over 40 min (#43)",
}

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout this file is in

from scalestudy.executors import states as attempt_states  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None)
parser.add_argument("--nodes", type=int, default=6)
parser.add_argument("--repeats", type=int, default=2)
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
    "trainer": {
        "model": "tiny",
        "tokens_per_worker": 512,
        "steps": 40,
        "timing_warmup_steps": 10,
        "sparse_as_dense": True,
    },
}


def cli(*argv: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "scalestudy.cli", *argv], capture_output=True, text=True
    )
    if check and done.returncode != 0:
        sys.exit(f"scalestudy {argv[0]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def cluster(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scalestudy.localcluster", *argv], capture_output=True, text=True
    )


def settled(sweep: Path) -> dict:
    while True:
        cli("status", str(sweep), "--results", str(results))
        data = json.loads((results / SWEEP["name"] / "manifest.json").read_text())
        states = [e["attempts"][-1]["state"] for e in data["points"].values()]
        if all(s not in attempt_states.OPEN for s in states):
            return data
        time.sleep(5)


env = cluster("env").stdout
for line in env.splitlines():  # export SLURM_CONF=...
    if "SLURM_CONF=" in line:
        os.environ["SLURM_CONF"] = line.split("SLURM_CONF=", 1)[1].strip().strip("'\"")
# a cluster answers when sinfo does (`status` prints sinfo's error and still exits 0)
answering = subprocess.run(["sinfo", "-h"], capture_output=True).returncode == 0
started_here = not answering
if started_here:
    up = cluster("up", "--nodes", str(args.nodes))
    if up.returncode != 0:
        sys.exit(f"the local cluster did not come up:\n{up.stdout}\n{up.stderr}")
sweep = work / "backtest-slurm.yaml"
start = time.monotonic()
try:
    # one new point per submit: repeat r of n nodes is the only point of (nodes 1..n, r
    # repeats) not done yet, so no two points ever share the host's cores
    for r in range(1, args.repeats + 1):
        for n in range(1, args.nodes + 1):
            spec = {**SWEEP, "nodes": list(range(1, n + 1)), "repeats": r}
            sweep.write_text(yaml.safe_dump(spec))
            cli("submit", str(sweep), "--results", str(results), "--executor", "slurm")
            data = settled(sweep)
            done = f"repeat {r}, {n} node(s): {time.monotonic() - start:.0f} s"
            print(done, file=sys.stderr, flush=True)
    sweep.write_text(yaml.safe_dump({**SWEEP, "nodes": list(range(1, args.nodes + 1))}))
    states = {e["attempts"][-1]["state"] for e in data["points"].values()}
    cli("collect", str(sweep), "--results", str(results))
finally:
    if started_here:
        cluster("down")
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
