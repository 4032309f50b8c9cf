"""benchmarks/compare_gate.py at its declared smallest size (issue #47 point 5: a benchmark
nobody runs rots): three campaigns of a one-node quickstart (its densified variant only, 2
allocations x 1 repeat, a few steps) on the local executor, the third with a CPU hog spinning
beside its ranks, then `compare --fail-on-regression` of the base against each. What is
checked: it runs end to end, each gate's exit code agrees with its points (1 exactly when a
point is slower or unjudged, as `compare --help` states), every pair has a ratio (inside its
interval when judged) and a verdict. Whether the gate catches the hog is the benchmark's
figure at its default size (docs/report.md), not a test's at a few steps on one node."""

from __future__ import annotations

import json

import pytest
from support.benchmarks import BENCHMARKS, assert_runs_at_smallest, option, smallest_args

pytestmark = pytest.mark.mpi

ARGS = smallest_args("compare_gate")


def test_compare_gate_runs_and_its_exit_codes_follow_its_verdicts(tmp_path):
    work = ["--work", str(tmp_path / "w")]
    out = assert_runs_at_smallest(BENCHMARKS / "compare_gate.py", tmp_path, 1200, work)
    print(out)
    doc = json.loads(out)
    nodes = {int(n) for n in option(ARGS, "--nodes").split(",")}
    for which in ("quiet", "hog"):
        gate = doc[which]
        points = gate["points"]
        assert {p["nodes"] for p in points} == nodes, gate
        variants = 1 if "--dense-only" in ARGS else 2
        assert len(points) == variants * len(nodes), gate
        for p in points:
            r = p["ratio"]
            assert r["value"] > 0 and (not r["judged"] or r["lo"] <= r["value"] <= r["hi"]), p
            assert p["verdict"], p
        # without --strict or --allow-unjudged, slower and unjudged points fail the gate
        failing = [p for p in points if p["gate"] in ("slower than TOL", "unjudged")]
        assert gate["exit_code"] == (1 if failing else 0), gate
