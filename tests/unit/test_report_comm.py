"""`report` of a `workload: comm` sweep: the time-vs-size figure with the fitted model over it,
the calibration table, and no comm point listed as an unmeasured training run."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from support.rows import results_row, results_table

from scalestudy.cost_models import comm_fit
from scalestudy.report import markdown
from scalestudy.report.build import build

ALPHA, BW = 20e-6, 1e9  # the synthetic network: 20 us per hop, 1 GB/s per node link
OVERHEAD = 100e-6  # per call, what one rank alone takes
LOCAL = 1 / 4e9  # s per byte of the result: local copies at 4 GB/s
SIZES = [4096, 65536, 1048576, 4194304]


def _model(coll: str, workers: int, nbytes: int) -> float:
    return comm_fit.model_s(coll, workers, 1, nbytes, ALPHA, BW, OVERHEAD, LOCAL)


CROWDED = "oversubscribed: 8 ranks on 2 CPU(s) [0, 1] of host h"


def make_comm_sweep(
    root: Path, name: str = "commsyn", calibrate: bool = True, crowded: int | None = None
) -> pd.DataFrame:
    """A collected comm sweep on 1, 2, 4 (and `crowded`, oversubscribed: not fitted) nodes."""
    folder = root / name
    folder.mkdir(parents=True)
    results, comm_rows, samples = [], [], []
    for n in (1, 2, 4, *([crowded] if crowded else [])):
        pid = f"n{n:04d}-p1-c0ffee{n:04d}-r0"
        row = results_row(
            point_id=pid, sweep=name, mode="weak", cluster="emulated", nodes=n, ppn=1,
            workers=n, threads=1, model="tiny", accumulation="tf1", sparse_as_dense=False,
            repeat=0, status="completed", attempt=1,
            status_reason="comm workload: 8 collective timing(s) in comm.csv",
        )  # fmt: skip
        results.append(row)
        for coll in comm_fit.COLLECTIVES:
            for b in SIZES:
                t = _model(coll, n, b) * (10 if n == crowded else 1)
                comm_rows.append(
                    dict(
                        point_id=pid, sweep=name, cluster="emulated", nodes=n, ppn=1, workers=n,
                        repeat=0, collective=coll, kind="sweep", label=f"{b} B", bytes=b,
                        logical_bytes=None, rows=None, median_s=t, p10_s=0.9 * t,
                        p90_s=1.2 * t, iterations=8, status="completed",
                        not_fitted=CROWDED if n == crowded else "",
                    )
                )  # fmt: skip
                if n != crowded:
                    samples.append(comm_fit.Sample(coll, n, 1, n, b, t))
    results_table(results).to_csv(folder / "results.csv", index=False)
    comm = pd.DataFrame(comm_rows)
    comm.to_csv(folder / "comm.csv", index=False)
    if calibrate:
        fits, errors = comm_fit.fit_all(samples)
        cal = {
            "schema": "scalestudy.calibration/1",
            "sweep": name,
            "profile": "emulated",
            "when": "2026-11-22T00:00:00+00:00",
            "model": comm_fit.MODEL_TEXT,
            "collectives": {c: f.as_dict() for c, f in fits.items()},
            "errors": errors,
            "excluded": [f"n{crowded:04d}: not fitted: {CROWDED}"] if crowded else [],
            "trainer_shape_checks": [],
        }
        (folder / "calibration.json").write_text(json.dumps(cal))
    return comm


def test_comm_report_draws_the_measurements_and_the_fitted_model(tmp_path):
    comm = make_comm_sweep(tmp_path)
    report = build(["commsyn"], tmp_path)
    fig = next(f for f in report.rendered if f.name == "comm")
    panels = {p["collective"]: p for p in fig.data["panels"]}
    assert set(panels) == set(comm_fit.COLLECTIVES) and all(p["fit"] for p in panels.values())
    for coll, panel in panels.items():
        by_nodes = {s["nodes"]: s for s in panel["series"]}
        assert set(by_nodes) == {1, 2, 4}
        for n, s in by_nodes.items():
            rows = comm[(comm.collective == coll) & (comm.nodes == n)].sort_values("bytes")
            assert s["measured"]["x"] == list(map(float, rows["bytes"]))
            assert s["measured"]["y"] == pytest.approx(list(rows["median_s"]))
            assert s["measured"]["hi"] == pytest.approx(list(rows["p90_s"]))
            # the data is the model's, so the fit and its line give it back (one rank alone:
            # the overhead)
            assert s["model_s"] == pytest.approx(s["measured"]["y"], rel=1e-6)
    # the table says what the projection would use; comm points are not "not measured"
    (ar,) = [r for r in report.summary.calibration.rows if r[1] == "allreduce"]
    assert ar[2:7] == ["100 us", "4 GB/s", "20 us", "1 GB/s", "1.000"]
    assert report.summary.problems == []
    assert report.analysis.variants == []  # no training throughput in a comm sweep
    md = (report.out / "summary.md").read_text()
    assert (
        "## Communication calibration" in md
        and "| commsyn | allgather | 100 us | 4 GB/s | 20 us |" in md
    )
    assert 'id="calibration"' in (report.out / "report.html").read_text()
    assert "communication calibration:" in markdown.terminal(report.summary)
    assert any("used for the per-call overhead" in n for n in report.summary.calibration_notes)


def test_comm_report_without_a_calibration_says_why_nothing_is_fitted(tmp_path):
    make_comm_sweep(tmp_path, calibrate=False)
    report = build(["commsyn"], tmp_path)
    fig = next(f for f in report.rendered if f.name == "comm")
    assert all(not p["fit"] for p in fig.data["panels"])
    assert all("model_s" not in s for p in fig.data["panels"] for s in p["series"])
    assert "calibration.json: missing" in fig.data["panels"][0]["subtitle"]
    assert any("calibration.json: missing" in n for n in report.summary.calibration_notes)


def test_a_trainer_report_has_no_comm_figure_nor_calibration(tmp_path):
    from test_report_support import make_sweep

    make_sweep(tmp_path, "t", samples={(False, 1): [1.0] * 3, (True, 1): [1.0] * 3}, nodes=(1,))
    report = build(["t"], tmp_path)
    assert "comm" not in {f.name for f in report.figures}
    assert report.summary.calibration is None


def test_an_oversubscribed_point_is_drawn_but_not_modelled(tmp_path):
    make_comm_sweep(tmp_path, crowded=8)
    report = build(["commsyn"], tmp_path)
    fig = next(f for f in report.rendered if f.name == "comm")
    for panel in fig.data["panels"]:
        (s8,) = [s for s in panel["series"] if s["nodes"] == 8]
        assert "model_s" not in s8 and s8["not_fitted"] == CROWDED
        assert all("model_s" in s for s in panel["series"] if s["nodes"] != 8)
    assert any("n0008: not fitted: oversubscribed" in n for n in report.summary.calibration_notes)


def test_oversubscribed_hosts_are_named_from_every_ranks_affinity():
    from scalestudy.workloads.comm import oversubscribed

    # 4 emulated nodes on one 2-CPU host, unpinned: 4 ranks may use CPUs {0, 1}
    assert oversubscribed([("h", [0, 1])] * 4) == {"h": {"ranks": 4, "cpus": [0, 1]}}
    # pinned onto the same core: 2 ranks, 1 CPU
    assert oversubscribed([("h", [0]), ("h", [0])]) == {"h": {"ranks": 2, "cpus": [0]}}
    # a real cluster: one rank per node, or ranks on their own cores
    assert oversubscribed([("a", [0]), ("b", [0])]) == {}
    assert oversubscribed([("a", [0]), ("a", [1]), ("b", [0, 1])]) == {}


def test_a_comm_sweep_without_a_size_sweep_still_reports(tmp_path):
    """`comm.sizes_bytes: []` leaves only the trainer's shapes: drawn as stars, no model line
    (even beside a calibration), no traceback."""
    comm = make_comm_sweep(tmp_path)
    comm["kind"] = "trainer"
    comm.to_csv(tmp_path / "commsyn" / "comm.csv", index=False)
    report = build(["commsyn"], tmp_path)
    fig = next(f for f in report.rendered if f.name == "comm")
    for panel in fig.data["panels"]:
        assert panel["fit"]
        for s in panel["series"]:
            assert s["measured"]["x"] == [] and "trainer_shapes" in s and "model_s" not in s
