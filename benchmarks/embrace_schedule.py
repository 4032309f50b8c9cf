"""EmbRace's scheduling, measured (issue #25): a sharded embedding's lookups for every
micro-batch issued when the step starts (`micro_batch_order: dataflow`, the trainer's default)
against each micro-batch's lookups waiting for the previous micro-batch's backward pass
(`sequential`), on 2 ranks with 2 micro-batches. Prints JSON.

Two kinds of run, interleaved in rounds (A B B A ...), so the machine's drift falls on both:
- timeline off: the step time (the slower rank's median over the timed steps) of
  sharded_embedding and, as a control, allreduce (no lookups: what ordering the micro-batches
  costs by itself, so the lookups' own share is the difference of the two differences);
- timeline on (diagnosis, slower): from Horovod's timeline, per micro-batch k, the seconds after
  the step's start at which its ids were handed to Horovod and its rows had arrived (from
  there its forward pass can go on), and the footer's exposed communication (gradient
  collectives still running after the last gradient was handed over).

Usage: .venv/bin/python benchmarks/embrace_schedule.py [--repeats 3] [--steps 30] [--model tiny]
       [--tokens 2048]"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
# At it: the six runs of one round, 4 steps (1 untimed) of 256 tokens: 114 s, 216 CPU s here.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--repeats", "1", "--steps", "4", "--warmup", "1", "--tokens", "256"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--steps", type=int, default=30)
parser.add_argument("--warmup", type=int, default=6)
parser.add_argument("--tokens", type=int, default=2048)
parser.add_argument("--model", default="tiny")
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-embrace-"))
ORDERS = ("dataflow", "sequential")
RUNS = [(ex, order, False) for ex in ("sharded_embedding", "allreduce") for order in ORDERS]
RUNS += [("sharded_embedding", order, True) for order in ORDERS]


def config(exchange: str, order: str, timeline: bool) -> dict:
    return {
        "model": {"preset": args.model, "tie_embeddings": False},
        "tokens_per_worker": args.tokens,
        "micro_batches": 2,
        "accumulation": "native",
        "exchange": exchange,
        "steps": args.steps,
        "timing_warmup_steps": args.warmup,
        "micro_batch_order": order,
        "timeline": timeline,
        "compute_probe_steps": 0,  # the probe: a second trace after the run, unread here
    }


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


samples: dict[tuple, list[dict]] = {run: [] for run in RUNS}
for rep in range(args.repeats):
    for exchange, order, timeline in RUNS if rep % 2 == 0 else RUNS[::-1]:
        name = f"{exchange}-{order}-{'timeline' if timeline else 'plain'}-r{rep}"
        run = run_point(work / name, 2, config(exchange, order, timeline))
        if run.returncode != 0:
            raise SystemExit(f"{name} failed:\n{run.output[-3000:]}")
        footer = run.footer(0)
        sample = {"step_s": footer["timing"]["step_s_max_over_ranks"]["median"]}
        if timeline:
            steps = [s for s in footer["timeline"]["per_step"] if "lookups" in s]
            sample["exposed_comm_s"] = median(s.get("exposed_comm_s") for s in steps)
            sample["lookups"] = [
                {
                    part: median(s["lookups"][k].get(part) for s in steps if len(s["lookups"]) > k)
                    for part in ("ids_ready_s", "rows_done_s", "grads_done_s")
                }
                for k in range(2)
            ]
        samples[(exchange, order, timeline)].append(sample)

out: dict = {"ranks": 2, "micro_batches": 2, "model": args.model, "tokens_per_worker": args.tokens}
plain = {}
for exchange in ("sharded_embedding", "allreduce"):
    a, b = (samples[(exchange, o, False)] for o in ORDERS)
    diffs = [s["step_s"] - d["step_s"] for d, s in zip(a, b, strict=True)]
    plain[exchange] = {
        "dataflow_step_s": median(d["step_s"] for d in a),
        "sequential_step_s": median(s["step_s"] for s in b),
        "sequential_minus_dataflow_s": median(diffs),
        "paired_diffs_s": diffs,
    }
lookup_share = [
    (s - d) - (sa - da)
    for d, s, da, sa in zip(
        *(
            [x["step_s"] for x in samples[(ex, o, False)]]
            for ex in ("sharded_embedding", "allreduce")
            for o in ORDERS
        ),
        strict=True,
    )
]
out["timeline_off"] = plain
out["lookups_share_of_the_difference_s"] = {"median": median(lookup_share), "all": lookup_share}
out["timeline_on_sharded_embedding"] = {
    order: {
        "step_s": median(x["step_s"] for x in samples[("sharded_embedding", order, True)]),
        "exposed_comm_s": median(
            x["exposed_comm_s"] for x in samples[("sharded_embedding", order, True)]
        ),
        "lookups": [
            {
                part: median(
                    x["lookups"][k][part] for x in samples[("sharded_embedding", order, True)]
                )
                for part in ("ids_ready_s", "rows_done_s", "grads_done_s")
            }
            for k in range(2)
        ],
    }
    for order in ORDERS
}
# how long each micro-batch's lookup took from its ids to its rows (rows_done - ids_ready):
# under sequential, lookup k >= 1 starts when micro-batch k - 1's backward has ended, so its
# forward pass waits all of it; under dataflow it runs while micro-batch 0 computes
for entry in out["timeline_on_sharded_embedding"].values():
    entry["lookup_ids_to_rows_s"] = [
        lk["rows_done_s"] - lk["ids_ready_s"] for lk in entry["lookups"]
    ]
print(json.dumps(out, indent=1))
