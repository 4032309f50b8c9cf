"""benchmarks/backtest_slurm.py at its declared smallest size (issue #47 point 5), on the
session's 4-node cluster (a site's rules: accounts, QOS, partitions with MaxTime): three
trainer jobs, 1, 2 and 3 nodes x 1 rank, one at a time, collected; then the report's backtest
(3 nodes held out, predicted from 1 and 2) beside Extra-P's fed the same step times (Extra-P's
venv built once by scripts/bench-venv.sh, cached by its pin). What is checked: it runs end to
end, every job completed, and the backtest row names the held-out size with the measured step
and both predictions; how close they come is the benchmark's figure at its default size (six
sizes, docs/report.md), not a test's at two fitted sizes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.benchmarks import option, smallest_args

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
ARGS = smallest_args("backtest_slurm")


def test_backtest_slurm_runs_and_backtests_its_largest_size(slurm_cluster, tmp_path):
    cmd = [sys.executable, str(ROOT / "benchmarks" / "backtest_slurm.py"), *ARGS]
    cmd += ["--work", str(tmp_path / "w")]
    env = {**os.environ, "SLURM_CONF": str(slurm_cluster.conf)}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env=env)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    out = json.loads(proc.stdout)
    print(json.dumps(out, indent=1))
    assert out["states"] == ["completed"], out
    nodes = int(option(ARGS, "--nodes"))
    (row,) = out["backtest"]
    assert row["sizes"] == f"1..{nodes - 1} -> {nodes}", row
    assert row["measured step s"] > 0, row
    assert row["scalestudy predicted"] is not None or row["scalestudy why"], row
    assert row["extrap predicted"] > 0 and row["extrap model"], row
