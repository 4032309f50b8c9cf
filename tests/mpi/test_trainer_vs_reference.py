"""The trainer against TF Model Garden's Transformer at its smallest size (issue #47 point 5: a
benchmark nobody runs rots, and one that needs a reference venv builds it cached by its pins and
runs in CI too). TF Model Garden's venv comes from scripts/bench-venv.sh (built once from PyPI,
147 s here; a fraction of a second after); the benchmark runs at the CI_SMALLEST its own file
declares: one reference run and one trainer run of one timed step. Its tokens/s at that size
are not figures (docs/benchmarks.md has the default size's): what is checked is that both sides
ran the same batch to the end, the reference's step was read back, and the trainer's footer
agrees with its own step records, so a broken reference venv, driver or clock check fails here."""

from __future__ import annotations

import json
import math
import os

import pytest
from support.benchmarks import (
    BENCHMARKS,
    assert_runs_at_smallest,
    declared,
    option,
    reference_python,
)

# the reference venv and an mpirun'd trainer; in the cluster lane (scripts/heavy_lanes.py),
# beside the Slurm tests, which mostly wait
pytestmark = [pytest.mark.reference, pytest.mark.mpi, pytest.mark.cluster_lane]

NAME = "trainer_vs_reference.py"  # a file name in the code: test_benchmarks_in_ci's run_by check


def test_the_trainer_and_model_gardens_transformer_run_side_by_side_at_the_smallest_size(tmp_path):
    path = BENCHMARKS / NAME
    spec = declared(path)
    assert spec is not None and spec.get("run_by") == f"tests/mpi/{os.path.basename(__file__)}"
    reference = reference_python("reference")
    extra = ["--reference-python", reference]
    out = json.loads(assert_runs_at_smallest(path, tmp_path, timeout=1200, extra=extra))
    args = spec["args"]
    assert out["batch"]["sentences"] == int(option(args, "--sentences"))
    assert out["batch"]["length"] == int(option(args, "--length"))
    ran = set(option(args, "--only").split(","))
    assert set(out["tokens_per_s"]) == ran, out["tokens_per_s"]
    for name in ran:
        value = out["tokens_per_s"][name]["median"]
        assert math.isfinite(value) and value > 0, (name, value)
    # the benchmark stops past 1%; this says the check ran on the trainer's run at all
    clocks = out["trainer_footer_over_records"]
    assert clocks is not None and clocks["n"] == 1, clocks
    assert abs(clocks["median"] - 1) <= 0.01, clocks
    (ratio,) = out["ratios"].values()
    assert math.isfinite(ratio["median"]) and ratio["median"] > 0, out["ratios"]
