"""Wire bytes measured by Open MPI (pml monitoring) vs the ring model, sparse and dense paths.
Prints JSON. Usage: .venv/bin/python benchmarks/wire_bytes.py [--ranks 4] [--out DIR]"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from scalestudy.measure.wire_check import measure_wire

parser = argparse.ArgumentParser()
parser.add_argument("--ranks", type=int, default=4)
parser.add_argument("--vocab", type=int, default=8000)
parser.add_argument("--out", type=Path)
args = parser.parse_args()
work = args.out or Path(tempfile.mkdtemp(prefix="wire-"))
report = {}
for name, dense in (("sparse_allgather", False), ("dense_allreduce", True)):
    cfg = {
        "model": {"preset": "tiny", "vocab": args.vocab},
        "tokens_per_worker": 512,
        "timing_warmup_steps": 1,
        "accumulation": "tf1",
        "sparse_as_dense": dense,
    }
    report[name] = measure_wire(work / name, args.ranks, cfg)
print(json.dumps(report, indent=1))
