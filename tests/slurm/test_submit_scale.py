"""benchmarks/submit_scale.py at its declared smallest size (issue #47 point 5: a benchmark
nobody runs rots), on the session's cluster (`--running`: no cluster of its own): a probe
sweep submitted with job arrays and without, the sbatch calls counted by its stand-in, its
own jobs cancelled after each submit (the session's other jobs left alone)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.benchmarks import option, smallest_args

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]


def test_submit_scale_counts_one_sbatch_per_shape_with_arrays_and_one_per_point_without(
    slurm_cluster,
):
    args = smallest_args("submit_scale")
    points = int(option(args, "--points"))
    cmd = [sys.executable, str(ROOT / "benchmarks" / "submit_scale.py"), *args]
    cmd += ["--cluster-dir", str(slurm_cluster.dir), "--running"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["points"] == points
    # two node counts: one array a shape with arrays, one sbatch a point without
    assert out["array"]["sbatch_submissions"]["median"] == 2
    assert out["separate"]["sbatch_submissions"]["median"] == points
    queued = subprocess.run(
        ["squeue", "--noheader", "--format", "%j"],
        env=slurm_cluster.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    mine = [n for n in queued if n.startswith(("ss-submit-array-", "ss-submit-separate-"))]
    assert mine == [], f"the benchmark's jobs are still queued: {mine}"
