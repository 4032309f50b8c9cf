"""The comm workload on 1, 2 and 4 emulated Slurm nodes (issue #6, acceptance 2): collect fits
alpha/beta per collective with stated residuals, and `report --project-to` of a trainer table of
the same profile uses the fitted values and says so."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pandas as pd
import pytest
import yaml
from support.rows import TINY, point_row
from support.slurm import wait_settled  # "unknown" right after a job leaves the queue waited out

from scalestudy.cli import main
from scalestudy.collect import COLUMNS
from scalestudy.report import projection

pytestmark = [pytest.mark.slurm, pytest.mark.timing]  # scripts/heavy_lanes.py: run alone

V, H = 1000, 64
ITERATIONS = 20
SIZES = [4096, 65536, 1048576, 4194304, 16777216]
SWEEP = {
    "name": "commemu",
    "cluster": "emulated-unbound",  # timings: ranks of the emulated nodes not pinned
    "mode": "weak",
    "workload": "comm",
    "nodes": [1, 2, 4],
    "ppn": 1,
    "repeats": 1,
    "time_limit": "00:05:00",
    "trainer": {"model": "tiny", "tokens_per_worker": 256},
    "comm": {
        "collectives": ["allreduce", "allgather", "alltoall"],
        "sizes_bytes": SIZES,
        # 20 timed iterations: with 6, one CI run's 2-node allgather medians scattered so far
        # (fit R^2 0.44) that the trainer shape's model came out 2.05x its measured time
        "iterations": ITERATIONS,
        "warmup": 2,
    },
}
COLLECTIVES = ("allreduce", "allgather", "alltoall")
RESIDUAL_MAX, RESIDUAL_RMS, TRAINER_SHAPE_FACTOR = 1.5, 0.6, 2.0  # see check_collected


@pytest.fixture
def in_cluster(slurm_cluster, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    return slurm_cluster


def _wait_done(sweep: Path, results: Path, name: str, timeout: float = 900) -> list[str]:
    data = wait_settled(sweep, results, name, timeout)
    return [e.attempts[-1].state for e in data.points.values()]


def _trainer_table(results: Path, name: str) -> None:
    """A small measured-looking trainer table of the emulated profile (dense, 1 and 2 nodes)."""
    rows = []
    for n in (1, 2):
        for r in range(2):
            step = 0.5 + 0.02 * n + 0.01 * r
            row = point_row(
                f"n{n:04d}-p1-d-r{r}",
                name,
                n,
                cluster="emulated-unbound",
                threads=1,
                **TINY,
                sparse_as_dense=True,
                tokens_per_worker=512,
                repeat=r,
                status="completed",
                steps_timed=10,
                tokens_per_s=480 * n / step,
                step_s_median=step,
                compute_s_median=0.45,
                apply_s_median=0.02,
                logical_allreduce_bytes_per_step=4 * V * H + 900_000,
                logical_embedding_bytes_per_step=4 * V * H,
                vocab_size=V,
                hidden_size=H,
                tie_embeddings=True,
                micro_batches=1,
                node_memory_gb=4,
                interconnect="loopback",
                interconnect_latency_us=5.0,
                interconnect_bandwidth_gbps=10,
            )
            rows.append(row)
    (results / name).mkdir(parents=True)
    pd.DataFrame(rows, columns=COLUMNS).to_csv(results / name / "results.csv", index=False)


def test_comm_sweep_calibrates_the_projection(in_cluster, tmp_path, capsys):
    sweep = tmp_path / "commemu.yaml"
    sweep.write_text(yaml.safe_dump(SWEEP))
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    assert "submitted 3 job(s)" in capsys.readouterr().out
    assert set(_wait_done(sweep, results, "commemu")) == {"completed"}

    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert all(f"calibration {c}: alpha=" in out for c in COLLECTIVES)
    sdir = results / "commemu"
    cal = check_collected(sdir)
    check_comm_report(results, cal)
    check_report(results, sdir, cal)
    check_strategies(results, sdir)


def check_comm_report(results: Path, cal: dict) -> None:
    """`report` of the comm sweep itself: the time-vs-size figure with the fitted lines, the
    calibration table; its points are not listed as unmeasured training runs."""
    assert main(["report", "commemu", "--results", str(results)]) == 0
    out = results / "commemu" / "report"
    figs = json.loads((out / "figures.json").read_text())
    panels = {p["collective"]: p for p in figs["figures"]["comm"]["panels"]}
    assert set(panels) == set(COLLECTIVES)
    for c, panel in panels.items():
        assert [s["nodes"] for s in panel["series"]] == [1, 2, 4]
        for s in panel["series"]:  # a fitted point has its model line, an excluded one not
            assert ("model_s" in s) == ("not_fitted" not in s)
            assert len(s.get("model_s", SIZES)) == len(SIZES)
        ar = cal["collectives"][c]
        assert f"alpha {projection.fmt_us(ar['alpha_s'])} us" in panel["subtitle"]
    md = (out / "summary.md").read_text()
    assert "## Communication calibration" in md and "Not measured" in md
    assert "none: every planned repeat completed" in md


def check_collected(sdir: Path) -> dict:
    """results.csv, comm.csv and calibration.json of the collected comm sweep."""
    with open(sdir / "results.csv") as fh:
        table = list(csv.DictReader(fh))
    assert len(table) == 3 and {r["status"] for r in table} == {"completed"}
    assert all("comm.csv" in r["status_reason"] for r in table)

    with open(sdir / "comm.csv") as fh:
        comm = list(csv.DictReader(fh))
    assert len(comm) == 3 * (3 + 3 * len(SIZES))  # per point: 3 trainer shapes, 3 sweeps
    for r in comm:
        assert r["status"] == "completed" and int(r["iterations"]) == ITERATIONS
        assert 0 < float(r["p10_s"]) <= float(r["median_s"]) <= float(r["p90_s"])
        if r["kind"] == "trainer" and r["collective"] == "allreduce":
            assert int(r["bytes"]) == 4 * V * H
        if r["kind"] == "trainer" and r["collective"] == "allgather":
            assert int(r["bytes"]) == int(r["rows"]) * (4 * H + 8)
            assert int(r["rows"]) > V  # tf1: V + the padded slots
        if r["kind"] == "trainer" and r["collective"] == "alltoall":  # sparse_reduce's rows
            assert int(r["bytes"]) == int(r["rows"]) * (4 * H + 8)
            assert int(r["rows"]) == V  # tied tf1: its IndexedSlices name every id
    assert {(r["nodes"], r["workers"]) for r in comm} == {("1", "1"), ("2", "2"), ("4", "4")}

    crowded = len(os.sched_getaffinity(0)) < 4  # the 4 emulated nodes share this host's CPUs
    cal = json.loads((sdir / "calibration.json").read_text())
    assert cal["profile"] == "emulated-unbound" and cal["sweep"] == "commemu" and cal["when"]
    assert cal["errors"] == {}
    for c in COLLECTIVES:
        f = cal["collectives"][c]
        print(
            f"emulated {c}: overhead {f['overhead_s'] * 1e6:.1f} us/call, alpha "
            f"{f['alpha_s'] * 1e6:.1f} us, bandwidth "
            f"{f['bandwidth_bytes_per_s'] / 1e9:.3f} GB/s, residuals RMS "
            f"{f['rms_relative_residual']:.1%} max {f['max_abs_relative_residual']:.1%}, "
            f"R^2 {f['r2']:.3f}"
        )
        assert f["alpha_s"] >= 0 and f["overhead_s"] >= 0 and f["bandwidth_bytes_per_s"] > 0
        # one rank alone (1 node, ppn 1) measures the per-call overhead; 2 and 4 the network,
        # unless more emulated nodes than this host has CPUs: then 4 is oversubscribed
        assert f["node_counts"] == [1, 2] if crowded else [1, 2, 4]
        assert f["n_points"] == len(f["residuals"]) == (2 if crowded else 3) * len(SIZES)
        # the spread this fit shows on this emulated cluster (2 cores shared with other work),
        # 7 runs of this test: per-point residuals at most 62.8%, RMS at most 27.3% (median
        # run: 34% and 14%); the bounds are ~2.3x the worst seen: a model off by a term
        # misses the sizes where that term dominates by more
        assert all(abs(r["relative"]) <= RESIDUAL_MAX for r in f["residuals"])
        assert f["rms_relative_residual"] <= RESIDUAL_RMS
        assert "one rank (no network) used for the per-call overhead" in " ".join(f["notes"])
    if crowded:
        (why,) = cal["excluded"]
        assert why.startswith("n0004-") and "4 ranks on 2 CPU(s)" in why and "oversubscribed" in why
        assert {r["not_fitted"] != "" for r in comm if r["nodes"] == "4"} == {True}
    else:
        assert cal["excluded"] == []
    print(f"excluded from the fit: {cal['excluded']}")
    # the trainer's own shapes (not in the fit) against the fitted model: -43% to +37% over
    # the same 7 runs (|relative| median 20%), a model within a factor 1.59 of the time either
    # way. The bound is a factor 2 either way: `relative` = 1 - model/measured is at most 1
    # whatever the model, so a bound on it alone would pass a model that predicts nothing
    assert {c["collective"] for c in cal["trainer_shape_checks"]} == set(COLLECTIVES)
    for chk in cal["trainer_shape_checks"]:
        print(f"trainer shape {chk['collective']} at {chk['nodes']} nodes: {chk}")
        assert chk["relative"] == pytest.approx(1 - chk["model_s"] / chk["measured_s"]), chk
        ratio = chk["model_s"] / chk["measured_s"]
        assert 1 / TRAINER_SHAPE_FACTOR <= ratio <= TRAINER_SHAPE_FACTOR, chk
    return cal


def check_report(results: Path, sdir: Path, cal: dict) -> None:
    """A trainer table of the same profile: its projection uses the fitted figures, says so."""
    import contextlib
    import io

    _trainer_table(results, "trainemu")
    args = ["report", "trainemu", "--results", str(results), "--project-to", "8"]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(args) == 0
    printed = buf.getvalue()
    ar = cal["collectives"]["allreduce"]
    said = f"communication model: fitted alpha={projection.fmt_us(ar['alpha_s'])} us"
    assert said in printed and "from commemu (residuals" in printed
    assert "calibration found automatically" in printed
    assert "nominal profile figures" not in printed
    md = (results / "trainemu" / "report" / "summary.md").read_text()
    assert said in md and str((sdir / "calibration.json").resolve()) in md


def check_strategies(results: Path, sdir: Path) -> None:
    """A strategies table of the same profile: each strategy's exchange time is projected
    with the fitted latency and bandwidth of allreduce, allgather and alltoall."""
    rows = []
    for exchange in ("allreduce", "sparse_reduce", "sharded_embedding"):
        for n in (1, 2):
            row = point_row(
                f"n{n:04d}-p1-{exchange}-r0", "stratemu", n,
                cluster="emulated-unbound", threads=1, **TINY, exchange=exchange, repeat=0,
                status="completed", steps_timed=10, tokens_per_s=900.0 * n,
                logical_embedding_bytes_per_step=4 * V * H, vocab_size=V, hidden_size=H,
                emb_grad_rows_per_worker=900.0, emb_unique_rows_per_worker=370.0,
                padded_slots_per_worker=900.0, tie_embeddings=False,
            )  # fmt: skip
            rows.append(row)
    (results / "stratemu").mkdir(parents=True)
    pd.DataFrame(rows, columns=COLUMNS).to_csv(results / "stratemu" / "results.csv", index=False)
    assert main(["report", "stratemu", "--results", str(results)]) == 0
    figs = json.loads((results / "stratemu" / "report" / "figures.json").read_text())
    fig = figs["figures"]["strategies"]
    assert "fitted per collective by comm sweep commemu" in fig["time_model"]
    assert str((sdir / "calibration.json").resolve()) in fig["time_model"]
    (vocab,) = fig["vocabularies"]
    assert set(vocab["seconds"]) == {"allgather", "allreduce", "sparse_reduce", "sharded_embedding"}
    assert all(t > 0 for ts in vocab["seconds"].values() for t in ts[1:])
