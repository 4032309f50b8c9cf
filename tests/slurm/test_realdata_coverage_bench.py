"""benchmarks/realdata_coverage.py at its declared smallest size (issue #47 point 5: a
benchmark nobody runs rots), on the session's 4-node cluster: three runs of a one-node
quickstart (sparse vs dense, 2 allocations x 1 repeat, a few steps), each collected and
reported, each run's intervals checked against the median of the other two runs. What is
checked: it runs end to end, every job completed, every judged interval holds its own value and
is checked against the others' median, and the covered fraction is the checks' own count. The
coverage itself (at least 0.85) is the benchmark's figure at its default size, 6 runs of the
quickstart (docs/report.md), not a test's over three runs."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from support.benchmarks import option, smallest_args

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
ARGS = smallest_args("realdata_coverage")


def test_realdata_coverage_runs_and_checks_each_interval_against_the_other_runs(
    slurm_cluster, tmp_path
):
    cmd = [sys.executable, str(ROOT / "benchmarks" / "realdata_coverage.py"), *ARGS]
    cmd += ["--work", str(tmp_path / "w")]
    env = {**os.environ, "SLURM_CONF": str(slurm_cluster.conf), "MPLBACKEND": "Agg"}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    out = json.loads(proc.stdout)
    print(json.dumps({k: v for k, v in out.items() if k != "checks"}, indent=1))
    runs = int(option(ARGS, "--runs"))
    assert out["runs"] == runs and len(out["log"]) == runs, out["log"]
    assert all(r["states"] == ["completed"] for r in out["log"]), out["log"]
    judged = [c for c in out["checks"] if c["covered"] is not None]
    assert judged and out["intervals"] == len(judged), out["intervals"]
    for c in judged:
        others = [
            d["value"]
            for d in out["checks"]
            if d["figure"] == c["figure"] and d["run"] != c["run"] and "value" in d
        ]
        assert c["lo"] <= c["value"] <= c["hi"], c
        if len(others) == runs - 1:  # every other run judged this figure too
            assert c["reference"] == pytest.approx(statistics.median(others)), c
        assert c["covered"] == (c["lo"] <= c["reference"] <= c["hi"]), c
    assert out["covered"] == pytest.approx(sum(c["covered"] for c in judged) / len(judged))
