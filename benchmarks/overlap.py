"""Overlapped vs phases step time at 2 ranks on the quickstart's shapes (tiny model, 1,024
tokens per worker, tf1, sparse and dense), interleaved repeats in one run. Prints JSON.

phases times compute, densify, comm and apply apart, so its comm is all exposed; overlapped
times whole steps only, so what the overlap hid is read as phases step - overlapped step
(paired within a round), and the exposed communication of the overlapped step as
overlapped step - (phases compute + densify + apply), floored at 0.

With `--compressions none fp16` every variant also runs with Horovod's fp16 compression, in the
same interleaved rounds, and the paired fp16 / none ratios of step time and phases comm are added.

Usage: .venv/bin/python benchmarks/overlap.py [--repeats 3] [--steps 40] [--model tiny]
       [--compressions none fp16]"""

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
    "args": ["--repeats", "1", "--steps", "4", "--warmup", "1", "--tokens", "256"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--steps", type=int, default=40)
parser.add_argument("--warmup", type=int, default=10)
parser.add_argument("--tokens", type=int, default=1024)
parser.add_argument("--model", default="tiny")
parser.add_argument("--ranks", type=int, default=2)
parser.add_argument("--compressions", nargs="+", choices=("none", "fp16"), default=["none"])
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-overlap-"))
VARIANTS = [
    (c, dense, timing)
    for c in args.compressions
    for dense in (False, True)
    for timing in ("overlapped", "phases")
]


def key(compression: str, grad: str) -> str:
    return grad if args.compressions == ["none"] else f"{compression}/{grad}"


samples: dict[str, list[dict]] = {
    f"{key(c, 'dense' if d else 'sparse')}/{t}": [] for c, d, t in VARIANTS
}
for rep in range(args.repeats):
    for compression, dense, timing in VARIANTS if rep % 2 == 0 else VARIANTS[::-1]:
        name = f"{key(compression, 'dense' if dense else 'sparse')}/{timing}"
        run = run_point(
            work / f"{name.replace('/', '-')}-r{rep}",
            args.ranks,
            {
                "model": {"preset": args.model},
                "tokens_per_worker": args.tokens,
                "steps": args.steps,
                "timing_warmup_steps": args.warmup,
                "compute_probe_steps": 0,  # the probe: a second trace after the run, unread here
                "accumulation": "tf1",
                "sparse_as_dense": dense,
                "timing": timing,
                "compression": compression,
            },
        )
        if run.returncode != 0:
            raise SystemExit(f"{name} failed:\n{run.output[-3000:]}")
        t = run.footer(0)["timing"]
        mine = t["this_rank"]
        samples[name].append(
            {
                "step_s": t["step_s_max_over_ranks"]["median"],
                "tokens_per_s": t["throughput_tokens_per_s"]["total"],
                **{
                    k: mine[k]["median"]
                    for k in ("compute_s", "densify_s", "comm_s", "apply_s")
                    if k in mine
                },
            }
        )


def spread(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


out = {"ranks": args.ranks, "model": args.model, "tokens_per_worker": args.tokens, "results": {}}
for grad in [key(c, g) for c in args.compressions for g in ("sparse", "dense")]:
    ov, ph = samples[f"{grad}/overlapped"], samples[f"{grad}/phases"]
    hidden = [p["step_s"] - o["step_s"] for o, p in zip(ov, ph, strict=True)]
    exposed = [
        max(0.0, o["step_s"] - (p["compute_s"] + p["densify_s"] + p["apply_s"]))
        for o, p in zip(ov, ph, strict=True)
    ]
    out["results"][grad] = {
        "overlapped_step_s": spread([o["step_s"] for o in ov]),
        "phases_step_s": spread([p["step_s"] for p in ph]),
        "phases_comm_s (all exposed)": spread([p["comm_s"] for p in ph]),
        "overlapped_exposed_comm_s (step - phases compute+densify+apply)": spread(exposed),
        "hidden_by_overlap_s (phases step - overlapped step)": spread(hidden),
        "overlapped_tokens_per_s": spread([o["tokens_per_s"] for o in ov]),
        "phases_tokens_per_s": spread([p["tokens_per_s"] for p in ph]),
        "samples": {"overlapped": ov, "phases": ph},
    }
PAIRED = (("overlapped", "step_s"), ("phases", "step_s"), ("phases", "comm_s"))
if len(args.compressions) == 2:  # fp16 over none, paired within each round
    for grad in ("sparse", "dense"):
        out["results"][f"fp16 / none, {grad}"] = {
            f"{timing} {what}": spread(
                [
                    h[what] / n[what]
                    for n, h in zip(
                        samples[f"none/{grad}/{timing}"],
                        samples[f"fp16/{grad}/{timing}"],
                        strict=True,
                    )
                ]
            )
            for timing, what in PAIRED
        }
print(json.dumps(out, indent=1))
