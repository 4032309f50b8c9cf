"""How often two draws of one distribution give "evidence" of a change when a bundled point's
repeats are taken as independent units, and when the allocations are the units (the noise
model's `Clustered`, scalestudy/uncertainty; judged on the point's own units, as compare's
per-point rule), at a stated 95% level. (Until issue #44 it measured the percentile bootstrap,
in one and two levels: docs/compare.md quotes those figures.) The figures behind compare's
MIN_ALLOCATIONS and the table in docs/compare.md. Each allocation is off the mean by N(0, 5%)
(its placement), each run off its allocation by N(0, 0.5%).
Usage: .venv/bin/python benchmarks/allocation_bootstrap.py [--trials 300]
"""

from __future__ import annotations

import argparse

import numpy as np

from scalestudy.uncertainty.model import Clustered, contrast, own

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {"needs": "harness", "args": ["--trials", "20"]}


def side(seed: int, allocations: int, repeats: int) -> tuple[list[float], list[int]]:
    rng = np.random.default_rng(seed)
    shift = rng.normal(0, 0.05, allocations)
    keys = [a for a in range(allocations) for _ in range(repeats)]
    return [1000 * (1 + shift[a]) * (1 + rng.normal(0, 0.005)) for a in keys], keys


parser = argparse.ArgumentParser()
parser.add_argument("--trials", type=int, default=300)
args = parser.parse_args()
print("allocations x repeats | pooled: false evidence | grouped: false evidence")
for allocations, repeats in ((2, 5), (4, 3), (6, 2)):
    pooled = grouped = 0
    for t in range(args.trials):
        (b, bk), (n, nk) = side(t, allocations, repeats), side(50_000 + t, allocations, repeats)
        flat = contrast([(n, 1.0), (b, -1.0)], own([n, b]))
        gn, gb = Clustered.of(n, nk), Clustered.of(b, bk)
        two = contrast([(gn, 1.0), (gb, -1.0)], own([gn, gb]))
        pooled += not flat.lo <= 1 <= flat.hi
        grouped += not two.lo <= 1 <= two.hi
    print(f"{allocations} x {repeats} | {pooled / args.trials:.1%} | {grouped / args.trials:.1%}")
