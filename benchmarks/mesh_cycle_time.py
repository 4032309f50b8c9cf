"""What Horovod's cycle time costs a data x model mesh (issue #25). A mesh runs many small
blocking allreduces per step (the model group's copy/reduce operators, one per split layer and
pass), and Horovod starts collectives on its background cycle (HOROVOD_CYCLE_TIME, 1 ms by
default in Horovod 0.28): each blocking call can wait up to a cycle. This runs the same
points with each cycle time, interleaved in rounds (A B C, C B A, ...), and prints JSON: the
step time (the slower rank's median over the timed steps) per layout and cycle time, the model
group's allreduces per step (from the step log), and the ratio to the default cycle.

Usage: .venv/bin/python benchmarks/mesh_cycle_time.py [--repeats 3] [--cycles 1 0.1 5]
       [--model tiny] [--tokens 1024] [--steps 30]"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path

from scalestudy.formats import step_log
from scalestudy.measure.run_local import run_point

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--repeats", "1", "--cycles", "1", "--steps", "4", "--warmup", "1"],
    "run_by": "tests/mpi/test_benchmarks_at_smallest.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=3)
parser.add_argument("--cycles", type=float, nargs="+", default=[1.0, 0.1, 5.0])
parser.add_argument("--model", default="tiny")
parser.add_argument("--tokens", type=int, default=1024)
parser.add_argument("--steps", type=int, default=30)
parser.add_argument("--warmup", type=int, default=10)
args = parser.parse_args()
work = Path(tempfile.mkdtemp(prefix="bench-cycle-"))
LAYOUTS = {"data parallel (M = 1)": 1, "mesh M = 2": 2}  # 2 ranks each
RUNS = [(name, cycle) for name in LAYOUTS for cycle in args.cycles]

samples: dict[tuple, list[dict]] = {run: [] for run in RUNS}
for rep in range(args.repeats):
    for name, cycle in RUNS if rep % 2 == 0 else RUNS[::-1]:
        m = LAYOUTS[name]
        os.environ["HOROVOD_CYCLE_TIME"] = f"{cycle:g}"  # mpirun's local ranks inherit it
        config = {
            "model": {"preset": args.model, "tie_embeddings": False},
            "tokens_per_worker": args.tokens,
            "steps": args.steps,
            "timing_warmup_steps": args.warmup,
            "compute_probe_steps": 0,  # the probe: a second trace after the run, unread here
            "accumulation": "native",
            "exchange": "allreduce",
            **({"mesh": {"model": m}} if m > 1 else {}),
        }
        run = run_point(work / f"m{m}-c{cycle:g}-r{rep}", 2, config)
        if run.returncode != 0:
            raise SystemExit(f"{name}, cycle {cycle:g} ms failed:\n{run.output[-3000:]}")
        footer, steps = run.footer(0), run.steps(0)
        header = step_log.read_segments(run.rank_log(0))[0].header
        said = header.get("horovod_settings", {}).get("HOROVOD_CYCLE_TIME")
        mesh = [s["mesh"]["allreduces"] for s in steps if s.get("timed") and s.get("mesh")]
        samples[(name, cycle)].append(
            {
                "step_s": footer["timing"]["step_s_max_over_ranks"]["median"],
                "group_allreduces_per_step": statistics.median(mesh) if mesh else 0,
                "header_cycle_time": said,
            }
        )

out: dict = {"model": args.model, "ranks": 2, "tokens_per_worker": args.tokens, "layouts": {}}
default = 1.0 if 1.0 in args.cycles else args.cycles[0]
for name in LAYOUTS:
    entry = {}
    for cycle in args.cycles:
        got = samples[(name, cycle)]
        ratios = [
            g["step_s"] / d["step_s"] for g, d in zip(got, samples[(name, default)], strict=True)
        ]
        entry[f"{cycle:g} ms"] = {
            "step_s_median": statistics.median(g["step_s"] for g in got),
            "step_s_all": [g["step_s"] for g in got],
            f"paired_ratio_to_{default:g}_ms": ratios,
            "group_allreduces_per_step": got[0]["group_allreduces_per_step"],
            "header_says": got[0]["header_cycle_time"],
        }
    out["layouts"][name] = entry
print(json.dumps(out, indent=1))
