"""bf16 against fp32 on the learnable translate task: the paired difference of the converged
loss (mean of the last 20 steps) over seeds, with its 95% interval. Prints JSON.

The test (tests/mpi/test_trainer_mpi.py) asserts only what is robust: every seed converges in
both precisions. How far bf16 lands from fp32 is a statistic over seeds, measured here: per
seed the relative difference (bf16 - fp32) / fp32 of the same seed's runs (paired: the same
data and initial weights), their mean and a 95% bootstrap interval of that mean over the seeds
(10,000 resamples of the seeds, seeded), and the ratio of the seed means.

Usage: .venv/bin/python benchmarks/bf16_convergence.py [--seeds 1234 7 99 2024 5 11 42 314]
       [--ranks 2] [--steps 400]"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mpi"))
from trainer_configs import TRANSLATE

from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--seeds", "1234", "--steps", "5"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--seeds", type=int, nargs="+", default=[1234, 7, 99, 2024, 5, 11, 42, 314])
parser.add_argument("--ranks", type=int, default=2)
parser.add_argument("--steps", type=int, default=TRANSLATE["steps"])
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-bf16-"))

last: dict[str, list[float]] = {"fp32": [], "bf16": []}
for seed in args.seeds:
    for precision in last:
        cfg = {**TRANSLATE, "steps": args.steps, "precision": precision, "seed": seed}
        cfg["compute_probe_steps"] = 0  # the probe: a second trace after the run, unread here
        run = run_point(work / f"{precision}-{seed}", args.ranks, cfg)
        if run.returncode != 0:
            raise SystemExit(f"{precision} seed {seed} failed:\n{run.output[-2000:]}")
        losses = [r["loss"] for r in run.steps(0)]
        last[precision].append(statistics.fmean(losses[-20:]))
        print(f"{precision} seed {seed}: last-20 loss {last[precision][-1]:.4f}", file=sys.stderr)

diffs = [(b - f) / f for f, b in zip(last["fp32"], last["bf16"], strict=True)]
mean = statistics.fmean(diffs)
rng = np.random.default_rng(0)
boot = np.asarray(diffs)[rng.integers(0, len(diffs), (10_000, len(diffs)))].mean(axis=1)
low, high = np.percentile(boot, [2.5, 97.5])
print(
    json.dumps(
        {
            "seeds": args.seeds,
            "ranks": args.ranks,
            "steps": args.steps,
            "last20_loss": last,
            "paired_relative_difference": diffs,
            "mean_relative_difference": mean,
            "ci95_bootstrap": [float(low), float(high)],
            "ratio_of_means": statistics.fmean(last["bf16"]) / statistics.fmean(last["fp32"]),
            "every_seed_converged": all(x < 0.5 for xs in last.values() for x in xs),
        },
        indent=1,
    )
)
