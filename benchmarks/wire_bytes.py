"""Wire bytes measured by Open MPI (pml monitoring) vs the model the trainer logs, for each
exchange of the embedding gradient: the paper's sparse (allgather) and dense (allreduce) paths
and the row-owner sparse reduction. Prints JSON.
With --mesh M the model is split over groups of M ranks and the model counts the group's
activation allreduces too.
Usage: .venv/bin/python benchmarks/wire_bytes.py [--ranks 4] [--exchanges allgather,...] [--out DIR]
       [--mesh M]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from scalestudy.measure.wire_check import measure_wire

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--ranks", "2", "--exchanges", "allreduce"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

NAMES = {
    "allgather": "sparse_allgather",
    "allreduce": "dense_allreduce",
    "sparse_reduce": "sparse_reduce",
}

parser = argparse.ArgumentParser()
parser.add_argument("--ranks", type=int, default=4)
parser.add_argument("--vocab", type=int, default=8000)
parser.add_argument("--exchanges", default=",".join(NAMES), help="comma-separated")
parser.add_argument("--out", type=Path)
parser.add_argument("--mesh", type=int, default=1, help="ranks per model group (issue #25)")
args = parser.parse_args()
work = args.out or Path(tempfile.mkdtemp(prefix="wire-"))
report = {}
for exchange in args.exchanges.split(","):
    cfg = {
        "model": {"preset": "tiny", "vocab": args.vocab},
        "tokens_per_worker": 512,
        "timing_warmup_steps": 1,
        "compute_probe_steps": 0,  # the probe: a second trace after the run, unread here
        "accumulation": "tf1",
        "exchange": exchange,
    }
    if args.mesh > 1:  # an untied model keeps the comparison free of the tied tf1 rows
        cfg["mesh"] = {"model": args.mesh}
    report[NAMES[exchange]] = measure_wire(work / NAMES[exchange], args.ranks, cfg)
print(json.dumps(report, indent=1))
