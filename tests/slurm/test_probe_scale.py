"""The paper's scale, at the size CI holds: a probe point of 64 nodes x 4 ranks (256) on a
cluster started with the paper's node shape (`--shape skx`), behind the probe gate, through
submit -> status -> collect -> report, by `benchmarks/probe_scale.py` (which runs the same path
at 300 x 4 = 1,200 ranks as a benchmark; SCALESTUDY_SCALE_NODES sets the size here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]


def test_a_probe_point_at_scale_is_placed_accounted_and_reported(slurm_cluster, tmp_path):
    nodes, ppn = int(os.environ.get("SCALESTUDY_SCALE_NODES", "64")), 4
    cmd = [sys.executable, str(ROOT / "benchmarks" / "probe_scale.py"), "--nodes", str(nodes)]
    cmd += ["--ppn", str(ppn), "--probe-seconds", "20", "--cluster-dir", str(tmp_path / "c")]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    out = json.loads(proc.stdout)
    print(json.dumps({k: out[k] for k in ("cluster", "submit_to_done_s", "host_memory")}))
    assert out["failures"] == []
    summary = "\n".join(out["cluster"]["sinfo"])
    assert f"n[1-{nodes}]" in summary and "skx-normal" in summary and "skx-large" in summary
    for what in ("gate", "point"):
        got = out[what]
        assert got["state"] == "completed"
        assert got["check"]["ok"] and got["check"]["problems"] == []
        assert got["reports"] == got["distinct_ranks"] == nodes * ppn  # every rank, once
        assert got["nodes_reporting"] == nodes and got["ranks_per_node"] == [ppn]
    row = out["results_row"]
    assert row["status"] == "completed" and row["slurm_state"] == "COMPLETED"
    assert row["node_list"] == f"n[1-{nodes}]"  # compressed, as sacct gives it
    assert row["elapsed"] and int(row["workers"]) == nodes * ppn
    assert out["report"]["html"] and out["report"]["state_lines"]
