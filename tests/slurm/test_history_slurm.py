"""A real history (issue #45, point 5 and acceptance 3): 8 campaigns of a small sweep on the
emulated Slurm cluster (the tiny trainer densified, 1 and 2 nodes x 1 rank), the site's profile
exporting HOROVOD_CYCLE_TIME=250 from the 6th on, a real change that slows the 2-node point (its
every step waits for Horovod's background loop) and not the 1-node one (nothing to exchange).
`history` finds the change at run 6 on the 2-node point only and names the setting that changed;
its gate calls the 2-node point slower. Run by benchmarks/history_real.py at its smallest size
(the benchmark's default is 16 runs of 62 steps): 8 runs of 32 steps (30 timed), a change of
x0.2-0.25 against a run-to-run scatter of ~1.6x, so fewer steps leave it far outside the noise
while the 3 slow runs' steps (250 ms each) cost half."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scalestudy.compare.analysis import SLOWER_THAN_TOL

pytestmark = pytest.mark.slurm

ROOT = Path(__file__).resolve().parents[2]
RUNS, CHANGE_AT, STEPS = 8, 6, 32


def test_a_real_slowdown_is_found_at_its_run_on_its_point_with_its_cause(slurm_cluster, tmp_path):
    cmd = [sys.executable, str(ROOT / "benchmarks" / "history_real.py"), "--runs", str(RUNS)]
    cmd += ["--change-at", str(CHANGE_AT), "--steps", str(STEPS), "--work", str(tmp_path / "h")]
    env = {**os.environ, "SLURM_CONF": str(slurm_cluster.conf)}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    out = json.loads(proc.stdout)
    print(json.dumps({k: out[k] for k in ("campaign_wall_s", "minutes", "points")}, indent=1))
    data = json.loads((tmp_path / "h" / "report" / "history.json").read_text())
    for p in data["points"]:  # the measured series, for the record
        print(p["point"], [round(s["value"]) for s in p["series"]])
    points = out["points"]
    assert set(points) == {"dense@1x1", "dense@2x1"}
    assert all(p["runs"] == RUNS for p in points.values())
    assert points["dense@1x1"]["changes"] == []  # nothing to exchange: not slowed
    (change,) = points["dense@2x1"]["changes"]
    assert change["run"] == CHANGE_AT
    # Horovod's 250 ms cycle against 1 ms: each 2-node step waits for a cycle
    assert change["ratio"]["hi"] < 0.9, change
    fields = {f["field"]: (f["base"], f["new"]) for f in change["provenance"]}
    assert "HOROVOD_CYCLE_TIME" in fields, fields
    assert fields["HOROVOD_CYCLE_TIME"][1] == ["250"], fields
    # the gate: the 2-node point slower than 10%, exit 1; the 1-node point not
    assert out["exit_code"] == 1, out["stdout"]
    assert points["dense@2x1"]["gate"]["outcome"] == SLOWER_THAN_TOL, points
    assert points["dense@1x1"]["gate"]["outcome"] != SLOWER_THAN_TOL, points
