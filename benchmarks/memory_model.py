"""The plan's memory model (cost_models/memory_model.py) against the trainer's measured peak RSS
per rank, for a data x model mesh at each M (issue #25: within 10% on `base`). Prints JSON.

Each case runs the trainer under mpirun on this machine for a few steps and reads every rank's
footer peak_rss (the largest RSS the process reached, from getrusage); the model's estimate
is computed from the same configuration and split into its parts. Several token counts per M
separate the part that grows with the batch (activations) from the fixed part (model state,
runtime): the fitted slope and intercept are printed beside the model's.

Usage: .venv/bin/python benchmarks/memory_model.py [--model base] [--cases 1:1:1024 2:2:1024 ...]
(case = ranks:M:tokens_per_worker)"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from scalestudy.cost_models import memory_model
from scalestudy.formats.point_config import PointConfig
from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--model", "tiny", "--steps", "2", "--cases", "1:1:256"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="base")
parser.add_argument("--steps", type=int, default=4)
parser.add_argument("--exchange", default="allreduce")
parser.add_argument("--dropout", type=float, default=None, help="override the preset's")
parser.add_argument("--micro-batches", type=int, default=1)
parser.add_argument("--order", default="dataflow", choices=("dataflow", "sequential"))
parser.add_argument(
    "--cases",
    nargs="+",
    default=["2:1:512", "2:1:2048", "2:2:512", "2:2:2048", "4:4:512", "4:4:2048"],
)
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-memory-"))
GiB = 2**30

results = []
for case in args.cases:
    ranks, m, tokens = (int(x) for x in case.split(":"))
    cfg = {
        "model": {"preset": args.model}
        | ({} if args.dropout is None else {"dropout": args.dropout}),
        "micro_batches": args.micro_batches,
        "micro_batch_order": args.order,
        "tokens_per_worker": tokens,
        "steps": args.steps,
        "timing_warmup_steps": 1,
        "compute_probe_steps": 0,
        "exchange": args.exchange,
        "accumulation": "native",
        "mesh": {"model": m},
    }
    run = run_point(work / case.replace(":", "-"), ranks, cfg, timeout=1800)
    if run.returncode != 0:
        raise SystemExit(f"{case} failed:\n{run.output[-3000:]}")
    peaks = [run.footer(r)["peak_rss"] for r in range(ranks)]
    # where the RSS goes (footer `memory`): TensorFlow's allocator peak, glibc's heap
    parts = [run.footer(r).get("memory") or {} for r in range(ranks)]
    config = PointConfig.model_validate({**cfg, "expect_ranks": ranks})
    est = memory_model.estimate(
        config.model.resolved(), workers=ranks, tokens_per_worker=tokens, config=config
    )
    results.append(
        {
            "case": {"ranks": ranks, "M": m, "tokens_per_worker": tokens},
            "measured_peak_rss_gib": [p / GiB for p in peaks],
            "predicted_gib": est.per_rank / GiB,
            "predicted_over_measured": est.per_rank / max(peaks),
            "parts_gib": {
                "model_state": est.model_state / GiB,
                "activations": est.activations / GiB,
                "accumulation": est.accumulation / GiB,
                "exchanged": est.exchanged / GiB,
                "micro_batch_sum": est.micro_batch_sum / GiB,
                "runtime": est.runtime / GiB,
            },
            "measured_parts_gib": {
                key: [p[key] / GiB if p.get(key) is not None else None for p in parts]
                for key in ("allocator_peak", "heap", "heap_in_use")
            },
        }
    )
    print(json.dumps(results[-1]), flush=True)

# per M, the measured and predicted growth per token and the fixed part
fits = {}
for m in sorted({r["case"]["M"] for r in results}):
    rows = sorted(
        (r for r in results if r["case"]["M"] == m), key=lambda r: r["case"]["tokens_per_worker"]
    )
    if len(rows) < 2:
        continue
    lo, hi = rows[0], rows[-1]
    dt = hi["case"]["tokens_per_worker"] - lo["case"]["tokens_per_worker"]
    meas = (max(hi["measured_peak_rss_gib"]) - max(lo["measured_peak_rss_gib"])) * GiB / dt
    pred = (hi["predicted_gib"] - lo["predicted_gib"]) * GiB / dt
    fits[m] = {
        "measured_bytes_per_token": meas,
        "predicted_bytes_per_token": pred,
        "measured_fixed_gib": max(lo["measured_peak_rss_gib"])
        - meas * lo["case"]["tokens_per_worker"] / GiB,
        "predicted_fixed_gib": lo["predicted_gib"] - pred * lo["case"]["tokens_per_worker"] / GiB,
    }
print(
    json.dumps(
        {
            "model": args.model,
            "exchange": args.exchange,
            "dropout": args.dropout,
            "micro_batches": args.micro_batches,
            "micro_batch_order": args.order,
            "results": results,
            "fits": fits,
        },
        indent=1,
    )
)
