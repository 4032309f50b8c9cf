"""Tokens/s of the `base` Transformer (or --model) at 1 and 2 ranks on this machine (weak
scaling, one intra-op thread per rank, so 1 rank uses 1 core and 2 ranks 2 cores). Each repeat
is a separate mpirun; the samples are the repeats. Prints JSON with medians and spreads.

Usage: .venv/bin/python benchmarks/trainer_throughput.py [--repeats 3] [--steps 12]
       [--ranks 1 2] [--model base] [--sparse-as-dense] [--timing overlapped|phases]
       [--compression none|fp16]"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    # the tiny model: the same code path as base's, without base's 40 CPU s of steps
    "args": ["--repeats", "1", "--steps", "3", "--warmup", "1", "--ranks", "1", "--model", "tiny"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--steps", type=int, default=12)
parser.add_argument("--warmup", type=int, default=4)
parser.add_argument("--tokens", type=int, default=1024)
parser.add_argument("--model", choices=["tiny", "base", "big"], default="base")
parser.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
parser.add_argument("--sparse-as-dense", action="store_true")
parser.add_argument("--timing", choices=["overlapped", "phases"], default="overlapped")
parser.add_argument("--compression", choices=["none", "fp16"], default="none")
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-"))
samples: dict[int, list[dict]] = {n: [] for n in args.ranks}
for rep in range(args.repeats):
    for n in args.ranks:  # interleaved so drift on a shared machine hits both alike
        run = run_point(
            work / f"n{n}-r{rep}",
            n,
            {
                "model": {"preset": args.model},
                "tokens_per_worker": args.tokens,
                "steps": args.steps,
                "timing_warmup_steps": args.warmup,
                "compute_probe_steps": 0,  # the probe: a second trace after the run, unread here
                "accumulation": "tf1",
                "sparse_as_dense": args.sparse_as_dense,
                "timing": args.timing,
                "compression": args.compression,
                "intra_op_threads": 1,
            },
        )
        if run.returncode != 0:
            raise SystemExit(f"{n} ranks failed:\n{run.output[-3000:]}")
        t = run.footer(0)["timing"]
        samples[n].append(
            {
                "tokens_per_s": t["throughput_tokens_per_s"]["total"],
                "step_s_median": t["step_s_max_over_ranks"]["median"],
                # timing: phases only (an overlapped step is timed whole)
                "comm_s_median": (t["this_rank"].get("comm_s") or {}).get("median"),
                "timed_steps": t["timed_steps"],
            }
        )


def spread(values):
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


out = {
    "model": args.model,
    "tokens_per_worker": args.tokens,
    "steps": args.steps,
    "timing_warmup_steps": args.warmup,
    "sparse_as_dense": args.sparse_as_dense,
    "timing": args.timing,
    "compression": args.compression,
    "results": {
        str(n): {
            "tokens_per_s": spread([s["tokens_per_s"] for s in samples[n]]),
            "step_s": spread([s["step_s_median"] for s in samples[n]]),
            "comm_s": spread([s["comm_s_median"] for s in samples[n]])
            if args.timing == "phases"
            else None,
            "samples": samples[n],
        }
        for n in args.ranks
    },
}
if len(args.ranks) == 2:
    a, b = args.ranks
    ratios = [
        y["tokens_per_s"] / x["tokens_per_s"] for x, y in zip(samples[a], samples[b], strict=True)
    ]
    out[f"speedup_{b}_over_{a}"] = spread(ratios)
print(json.dumps(out, indent=1))
