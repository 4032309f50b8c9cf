"""The local Slurm cluster and the emulated profile's job script on it (issue #4, first part)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from support.sweeps import two_nodes

from scalestudy.formats import step_log
from scalestudy.plan import make_plan
from scalestudy.submit import point_json, render_all
from scalestudy.sweepfile.sweep import load_sweep

pytestmark = pytest.mark.slurm


def _sacct(cluster, job_id: str) -> list[dict]:
    out = subprocess.run(
        [
            "sacct",
            "-j",
            job_id,
            "--parsable2",
            "--noheader",
            "--format=JobID,State,ExitCode,MaxRSS,MaxRSSNode,NodeList",
        ],
        env=cluster.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    keys = ["JobID", "State", "ExitCode", "MaxRSS", "MaxRSSNode", "NodeList"]
    return [dict(zip(keys, line.split("|"), strict=True)) for line in out.splitlines() if line]


def test_cluster_has_four_idle_nodes(slurm_cluster):
    out = subprocess.run(
        ["sinfo", "-h", "-N", "-o", "%N %t %c"],
        env=slurm_cluster.env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    # -N lists a node once per partition: the site's cluster has two (debug and short)
    nodes = list({line.split()[0]: line.split() for line in out if line.strip()}.values())
    assert [n[0] for n in nodes] == ["n1", "n2", "n3", "n4"]
    assert all(n[1] == "idle" and n[2] == "2" for n in nodes)


def test_rendered_point_runs_across_two_nodes(slurm_cluster, tmp_path):
    sweep = tmp_path / "emu.yaml"
    sweep.write_text(yaml.safe_dump(two_nodes("emu", "emulated")))
    loaded = load_sweep(sweep)
    (point,) = make_plan(loaded)
    results = tmp_path / "results"
    script = render_all(loaded, [point], results)[point.id]
    attempt = results.resolve() / "emu" / point.id / "attempt-1"
    attempt.mkdir(parents=True)
    (attempt / "point.json").write_text(json.dumps(point_json(point, attempt, False)))
    (attempt / "job.sh").write_text(script)
    env = {
        **slurm_cluster.env(),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    job = subprocess.run(
        ["sbatch", "--parsable", str(attempt / "job.sh")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # what Slurm runs is byte for byte what render showed
    written = tmp_path / "batch_script.sh"
    subprocess.run(
        ["scontrol", "write", "batch_script", job, str(written)],
        env=env,
        check=True,
        capture_output=True,
    )
    assert written.read_text() == script
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        rows = _sacct(slurm_cluster, job)
        if rows and rows[0]["State"] not in ("PENDING", "RUNNING"):
            break
        time.sleep(1)
    assert rows[0]["State"] == "COMPLETED", (
        rows,
        (attempt / f"slurm-{job}.out").read_text()[-3000:],
    )
    assert rows[0]["NodeList"] == "n[1-2]"
    step = next(r for r in rows if r["JobID"] == f"{job}.0")
    assert step["MaxRSS"].endswith("K") and int(step["MaxRSS"][:-1]) > 100_000  # per node daemon
    assert (attempt / "exit_code").read_text().strip() == "0"
    for rank in (0, 1):
        steps = step_log.merged_steps(attempt / "logs" / step_log.rank_log_name(rank))
        assert len(steps) == 6
        assert (
            steps[-1]["embedding_grad"]["rows"]
            == 1000 + steps[-1]["slots"]["src"] + steps[-1]["slots"]["tgt"]
        )
    header = step_log.read_segments(attempt / "logs" / "rank00000.jsonl")[0].header
    assert header["size"] == 2 and header["env"]["SLURM_JOB_ID"] == job
