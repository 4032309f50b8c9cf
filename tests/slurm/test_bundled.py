"""schedule: bundled (issue #6, acceptance 1): every variant and repeat of a node count in one
allocation, in a recorded random order; `allocations: 2` independent allocations. One repeat here
(each run is a TF start on shared cores); the plan of several repeats per bundle is checked in
tests/unit/test_bundled_plan.py. Its 8 trainer points are also where the trainer's rows and step
logs under Slurm are checked, at 1 and 2 nodes, both variants (test_slurm_executor's weak sweep
runs the probe)."""

from __future__ import annotations

import csv
import json

import hostlist
import pytest
import yaml
from support.manifest import read as read_manifest
from support.slurm import batch_script, wait_settled
from support.sweeps import sparse_and_dense

from scalestudy.cli import main
from scalestudy.formats import step_log

pytestmark = pytest.mark.slurm

SWEEP = sparse_and_dense(
    "emubundle",
    # unpinned: pinned, every emulated node's rank is bound to the same core 0 of this host
    # (doctor and test_local_cluster run the pinned profile)
    "emulated-unbound",
    ppn=1,
    repeats=1,  # 2 runs per bundle (one per variant): each run is mostly TF start + trace
    # no schedule and no allocations: comparing two variants makes it bundled, 2 allocations
    slurm={"exclusive": False},
)


def test_bundled_sweep_runs_as_four_jobs_in_a_recorded_order(
    slurm_cluster, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    sweep = tmp_path / "emubundle.yaml"
    sweep.write_text(yaml.safe_dump(SWEEP))
    results = tmp_path / "results"
    args = [str(sweep), "--results", str(results)]
    rendered = tmp_path / "rendered"
    assert main(["render", *args, "--out", str(rendered)]) == 0
    assert len(list(rendered.glob("b*.sh"))) == 4  # one script per bundle
    capsys.readouterr()
    assert main(["submit", *args]) == 0  # the profile's scheduler is the default executor
    assert "submitted 4 job(s) (8 points)" in capsys.readouterr().out
    data = read_manifest(results / "emubundle")
    assert len(data.points) == 8  # 2 variants x 2 node counts x 2 allocations
    bundles = data.bundles
    assert len(bundles) == 4
    jobs = {b.attempts[-1].job_id for b in bundles.values()}
    assert len(jobs) == 4
    for bid, b in bundles.items():
        rec = b.attempts[-1]
        members = [pid for pid, e in data.points.items() if e.attempts[-1].bundle == bid]
        assert sorted(rec.order) == sorted(members) and len(members) == 2
        # the archived script is the one Slurm runs, and runs the points in the recorded order
        written = batch_script(slurm_cluster, rec.job_id, tmp_path)
        script = (results / "emubundle" / rec.folder / "job.sh").read_text()
        assert written == script == (rendered / f"{bid}.sh").read_text()
        ran = [line.split("point ")[1] for line in script.splitlines() if line.startswith("# run ")]
        assert ran == rec.order
        variants = [pid.split("-")[2] for pid in rec.order]
        assert len(set(variants)) == 2  # both variants share the allocation

    # 4 bundles at once on 2 shared cores; each member's exit_code file seen as it is written
    data = wait_settled(sweep, results, "emubundle", timeout=1500)
    states = [e.attempts[-1].state for e in data.points.values()]
    assert set(states) == {"completed"}, states
    # the order recorded is the order the runs started in
    for b in data.bundles.values():
        rec = b.attempts[-1]
        starts = [
            float((results / "emubundle" / data.points[pid].attempts[-1].folder)
                  .joinpath("started_at").read_text())
            for pid in rec.order
        ]  # fmt: skip
        assert starts == sorted(starts)
        for pid in rec.order:
            env = results / "emubundle" / data.points[pid].attempts[-1].folder / "env"
            assert (env / "scontrol-job.txt").read_text().count(f"JobId={rec.job_id} ") == 1

    assert main(["collect", *args]) == 0
    with open(results / "emubundle" / "results.csv") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 8 and all(float(r["tokens_per_s"]) > 0 for r in rows)
    # every point's three clocks agree (an inconsistent one would drop out of the pairing)
    assert {r["status"] for r in rows} == {"completed"}, [
        (r["point_id"], r["status"], r.get("status_reason")) for r in rows
    ]
    assert {(r["allocation"], r["bundle"] != "") for r in rows} == {("0", True), ("1", True)}
    # the trainer's rows and step logs at 1 and 2 nodes, both variants (test_slurm_executor's
    # weak sweep runs the probe)
    for r in rows:
        assert r["slurm_state"] == "COMPLETED" and float(r["peak_rss_max"]) > 0
        assert float(r["sacct_maxrss_per_node_daemon"]) > 0
        assert len(hostlist.expand_hostlist(r["node_list"])) == int(r["nodes"])
        if r["sparse_as_dense"] == "False":
            assert float(r["emb_grad_rows_per_worker"]) > 1000
            # every rank logs V + its padded slots, and the logical size sums all ranks' rows
            logs = results / "emubundle" / data.points[r["point_id"]].attempts[-1].folder / "logs"
            for rank in range(int(r["workers"])):
                for rec in step_log.merged_steps(logs / step_log.rank_log_name(rank)):
                    form = rec["embedding_grad"]
                    assert form["rows"] == 1000 + rec["slots"]["src"] + rec["slots"]["tgt"]
                    assert rec["bytes"]["logical_embedding"] == sum(
                        rec["embedding_rows_per_rank"]
                    ) * (4 * 64 + 8)
    assert {(r["nodes"], r["sparse_as_dense"]) for r in rows} == {
        (n, v) for n in ("1", "2") for v in ("False", "True")
    }
    assert sorted({r["run_order"] for r in rows}) == ["0", "1"]

    # the report pairs the variants inside each allocation
    assert main(["report", "emubundle", "--results", str(results)]) == 0
    figs = json.loads((results / "emubundle" / "report" / "figures.json").read_text())
    (series,) = figs["figures"]["paired"]["series"]
    assert series["x"] == [1, 2]
    bounds = zip(series["y"], series["lo"], series["hi"], strict=True)
    assert all(lo <= y <= hi for y, lo, hi in bounds)
    assert [sorted(p) for p in series["per_allocation"]] == [["0", "1"], ["0", "1"]]
