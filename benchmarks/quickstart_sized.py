"""The quickstart sweep (experiments/quickstart.yaml) at a size the command line chooses: the
options and their one reading, shared by the benchmarks that run it as campaigns
(compare_gate.py, realdata_coverage.py), so their smallest sizes in CI shrink it the same way."""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

# What CI runs (tests/unit/test_benchmarks_in_ci.py): a library, run through a benchmark
CI_SMALLEST = {"needs": "library", "args": [], "run_by": "tests/mpi/test_compare_gate_bench.py"}

QUICKSTART = Path(__file__).resolve().parent.parent / "experiments" / "quickstart.yaml"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--steps", type=int, default=None, help="the trainer's steps")
    parser.add_argument("--warmup", type=int, default=None, help="its untimed steps")
    parser.add_argument("--nodes", default=None, help="node counts, e.g. 1,2 (quickstart's)")


def sized(args: argparse.Namespace) -> dict:
    """The quickstart's sweep as a dict, with the options given applied, and without the
    compute probe: its passes after each run's last step (a second trace, ~3 CPU s a 2-rank
    run) feed the report's overlap figures, which neither benchmark reads."""
    spec = yaml.safe_load(QUICKSTART.read_text())
    spec["trainer"] = {**spec["trainer"], "compute_probe_steps": 0}
    for key, value in (("steps", args.steps), ("timing_warmup_steps", args.warmup)):
        if value is not None:
            spec["trainer"] = {**spec["trainer"], key: value}
    if args.nodes:
        spec["nodes"] = [int(n) for n in args.nodes.split(",")]
    return spec
