"""The report of a real quickstart run (tiny model, 1 and 2 nodes, sparse vs dense, bundled):
every figure the data supports, and the plotted series equal to the table.

An `mpi` test: it runs the quickstart itself into a temporary folder, so it never depends on
what a developer's results/ holds (and never skips in CI). It runs a copy of
experiments/quickstart.yaml that differs in the trainer's steps (STEPS: 6 with 2 of warm-up,
where a user's runs 40 with 10) and in its allocations (ALLOCATIONS: 1, where a user's has the
default 2): 4 runs (2 node counts x 2 variants, every one the report's figures read, 6 rank
starts) where a user's has 8, each with timed steps, at a fifth of the steps (a 2-rank step of
the quickstart costs ~0.5 s on 2 cores, its start-up ~10 s). A second allocation would only
repeat the 4 runs: the paired figure's ratio per allocation is still checked against the
table, and its median over several allocations by tests/unit/test_report_paired.py (median of
three hand-made allocations, and a table of two)."""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from scalestudy.cost_models import comm_model
from scalestudy.report.build import Report, build
from scalestudy.trainer import schedule

REPO = Path(__file__).resolve().parents[2]
# the copy's trainer keys that differ from experiments/quickstart.yaml (RUNS' in tests/support)
STEPS = {"steps": 6, "timing_warmup_steps": 2}
ALLOCATIONS = 1  # the copy's one other difference (the quickstart's default: 2)


def quickstart_copy(folder: Path) -> Path:
    """experiments/quickstart.yaml with the trainer's STEPS and ALLOCATIONS, nothing else
    changed."""
    import yaml

    original = (REPO / "experiments" / "quickstart.yaml").read_text()
    text = original
    for key, value in STEPS.items():
        line = re.search(rf"^  {key}: .*$", text, re.M)
        assert line, key
        text = text.replace(line.group(0), f"  {key}: {value}")
    assert "allocations:" not in text
    text += f"allocations: {ALLOCATIONS}\n"
    ours, theirs = yaml.safe_load(text), yaml.safe_load(original)
    assert ours == {**theirs, "trainer": {**theirs["trainer"], **STEPS}, "allocations": ALLOCATIONS}
    path = folder / "quickstart.yaml"
    path.write_text(text)
    return path


def check_quickstart_report(report: Report, table: pd.DataFrame) -> None:
    figs = {f.name: f.data for f in report.rendered}
    skipped = {f.name for f in report.figures if f not in report.rendered}
    assert set(figs) == {
        "weak_efficiency",
        "throughput",
        "accumulation",
        "memory",
        "loss_lr",
        "paired",
    }
    assert skipped == {"strong_scaling"}  # a weak-only sweep supports no strong figure

    done = table[table.status == "completed"]
    med = done.groupby(["sparse_as_dense", "nodes"])["tokens_per_s"].median()
    label = {False: "sparse", True: "dense"}
    for dense in (False, True):
        own = next(
            s
            for s in figs["weak_efficiency"]["series"]
            if s["variant"] == label[dense] and s["baseline"] == "own"
        )
        assert own["x"] == [1, 2] and own["n0_nodes"] == 1
        want = [100 * med[(dense, n)] / (n * med[(dense, 1)]) for n in (1, 2)]
        assert own["y"] == pytest.approx(want)
        tput = next(s for s in figs["throughput"]["series"] if s["label"] == label[dense])
        assert tput["y"] == pytest.approx([med[(dense, 1)], med[(dense, 2)]])
    # paired (bundled by default): per allocation, one variant's tokens/s over the other's
    allocations = sorted(int(k) for k in done.allocation.unique())
    assert allocations == list(range(ALLOCATIONS))
    (pair,) = figs["paired"]["series"]
    b_name, a_name = pair["label"].split(" (")[0].split(" / ")
    dense_of = {v: k for k, v in label.items()}
    by = done.set_index(["sparse_as_dense", "nodes", "allocation"])["tokens_per_s"]
    assert pair["x"] == [1, 2]
    for n, per_alloc, y in zip(pair["x"], pair["per_allocation"], pair["y"], strict=True):
        want = {k: by[(dense_of[b_name], n, k)] / by[(dense_of[a_name], n, k)] for k in allocations}
        assert {int(k): v for k, v in per_alloc.items()} == pytest.approx(want)
        assert y == pytest.approx(statistics.median(want.values()))  # over the allocations
    common = next(s for s in figs["weak_efficiency"]["series"] if s["baseline"] == "common")
    assert common["variant"] == "sparse"
    assert common["y"][1] == pytest.approx(100 * med[(False, 2)] / (2 * med[(True, 1)]))
    assert figs["weak_efficiency"]["ideal"] == {"y": 100.0}

    # accumulation: measured = formula, from the table and from every rank's every step
    acc = figs["accumulation"]
    h, v = int(table.hidden_size.iloc[0]), int(table.vocab_size.iloc[0])
    sparse = next(m for m in acc["measured"] if m["sparse"])
    rows = done[~done.sparse_as_dense].groupby("workers")["emb_grad_rows_per_worker"].median()
    assert sparse["y"] == [w * rows[w] * comm_model.row_bytes(h) for w in sparse["x"]]
    assert sparse["y"] == sparse["formula_at_points"]
    dense = next(m for m in acc["measured"] if not m["sparse"])
    assert set(dense["y"]) == {4 * v * h}
    checks = [r.rows for r in report.analysis.runs.values()]
    assert len(checks) == len(table) and all(c is not None and c.ok for c in checks)
    assert sum(c.rank_steps for c in checks) > 0  # the sparse runs' rows were compared

    mem = next(s for s in figs["memory"]["series"] if s["label"] == "sparse")
    assert mem["y"] == list(done[~done.sparse_as_dense].groupby("nodes")["peak_rss_max"].median())
    assert figs["memory"]["ceiling"][0]["node_memory_gb"] == table.node_memory_gb.iloc[0]

    # the learning rate the trainer logged is the schedule's (peak rate, warm-up)
    (lr,) = figs["loss_lr"]["lr"]  # every run was given the same rates
    peak, warm = float(table.learning_rate.iloc[0]), int(table.lr_warmup_steps.iloc[0])
    assert lr["y"] == pytest.approx([schedule.learning_rate(s, peak, h, warm) for s in lr["x"]])
    assert len(figs["loss_lr"]["loss"]) == len(table)


# its runs are its own: in the cluster lane (scripts/heavy_lanes.py), where the compute lane
# ended ~3.5 min after the cluster lane with warm caches (2026-11-30's runs)
@pytest.mark.mpi
@pytest.mark.cluster_lane
def test_report_of_a_fresh_quickstart(tmp_path, mpi_stack):
    sweep = quickstart_copy(tmp_path)
    for verb in ("submit", "collect"):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "scalestudy.cli",
                verb,
                str(sweep),
                "--results",
                str(tmp_path),
            ],
            cwd=REPO,
            check=True,
            timeout=1800,
        )
    table = pd.read_csv(tmp_path / "quickstart" / "results.csv")
    check_quickstart_report(build(["quickstart"], tmp_path), table)
    # every run's events also in MLPerf's format, read by the mlperf-logging package's parser
    import yaml
    from mlperf_logging.compliance_checker.mlp_parser import parse_file

    steps = yaml.safe_load(sweep.read_text())["trainer"]["steps"]
    mllogs = sorted((tmp_path / "quickstart").glob("*/attempt-*/logs/mllog.log"))
    assert len(mllogs) == len(table)
    for path in mllogs:
        lines, errors = parse_file(str(path), ruleset="6.1.0")
        assert errors == [], (path, errors)
        keys = [line.key for line in lines]
        assert keys[:2] == ["submission_benchmark", "init_start"] and keys[-1] == "run_stop"
        assert keys.count("tracked_stats") == steps  # one per step of the quickstart
        stop = lines[-1].value["metadata"]
        assert stop["status"] == "success", stop
