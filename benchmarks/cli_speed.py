"""Harness speed: `scalestudy --help` / `validate` / `plan` start-up, and plan + render of a
1,000-point sweep (10 node counts x 2 x 2 x 5 matrix x 5 repeats on stampede2-skx).
Prints JSON with the median of --runs (default 5) runs of each."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {"needs": "harness", "args": ["--runs", "1"]}
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--runs", type=int, default=5, help="runs of each command (the median)")
RUNS = parser.parse_args().runs
work = Path(tempfile.mkdtemp(prefix="cli-speed-"))
sweep = work / "big.yaml"
sweep.write_text(
    yaml.safe_dump(
        {
            "name": "thousand",
            "cluster": "stampede2-skx",
            "mode": "weak",
            "nodes": {"from": 1, "to": 512, "factor": 2},
            "ppn": 4,
            "threads_per_worker": 11,
            "repeats": 5,
            # one job per point: 20 variants x 5 repeats bundled would ask for 100 x 30 min,
            # beyond skx-normal's MaxTime (plan refuses it since the MaxTime check)
            "schedule": "separate",
            "slurm": {"account": "A"},
            "trainer": {"model": "big", "tokens_per_worker": 5000, "steps": 100},
            "matrix": {
                "trainer.sparse_as_dense": [False, True],
                "trainer.accumulation": ["tf1", "native"],
                "trainer.learning_rate": [1e-4, 3e-4, 1e-3, 3e-3, 1e-2],
            },
        }
    )
)


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=work)
    return time.perf_counter() - start


cli = [sys.executable, "-m", "scalestudy.cli"]
runs = {
    "help_s": [timed([*cli, "--help"]) for _ in range(RUNS)],
    "validate_quickstart_s": [
        timed([*cli, "validate", str(ROOT / "experiments/quickstart.yaml")]) for _ in range(RUNS)
    ],
    "plan_1000_points_s": [timed([*cli, "plan", str(sweep)]) for _ in range(RUNS)],
    "plan_and_render_1000_points_s": [
        timed([*cli, "plan", str(sweep)])
        + timed([*cli, "render", str(sweep), "--out", str(work / "out")])
        for _ in range(RUNS)
    ],
}
points = len(list((work / "out").glob("*.sh")))
print(
    json.dumps(
        {
            "points": points,
            **{
                k: {"median": statistics.median(v), "min": min(v), "max": max(v)}
                for k, v in runs.items()
            },
        },
        indent=1,
    )
)
