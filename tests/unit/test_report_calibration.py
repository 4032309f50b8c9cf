"""`report --project-to` with and without a comm calibration: the fitted alpha/beta are used and
said to be (summary, HTML, figure caption and legend), or the nominal profile figures are, and
said to be; a calibration of another profile is refused."""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_report_support import WEAK, WEAK_STATUS, H, make_sweep

from scalestudy.cli import main
from scalestudy.cost_models import comm_fit
from scalestudy.report import projection
from scalestudy.report.build import build

ALPHA = {"allreduce": 40e-6, "allgather": 70e-6}
BW = {"allreduce": 0.5e9, "allgather": 0.8e9}  # bytes/s: far from the table's 40 Gb/s nominal
OVERHEAD = {"allreduce": 300e-6, "allgather": 500e-6}  # per call, as Horovod's on one rank
LOCAL = {"allreduce": 1 / 3e9, "allgather": 1 / 5e9}  # s per byte of the result (copies)


def calibration(profile: str = "local", collectives=("allreduce", "allgather")) -> dict:
    """What collect writes, from synthetic timings of the model with 3% noise."""
    rng = np.random.default_rng(3)
    fits = {}
    for c in collectives:
        samples = [
            comm_fit.Sample(
                c,
                n,
                1,
                n,
                b,
                comm_fit.model_s(c, n, 1, b, ALPHA[c], BW[c], OVERHEAD[c], LOCAL[c])
                * rng.lognormal(0, 0.03),
            )
            for n in (1, 2, 4)
            for b in (1024, 16384, 262144, 4194304)
        ]
        fits[c] = comm_fit.fit(samples, c).as_dict()
    return {
        "schema": projection.CALIBRATION_SCHEMA,
        "sweep": "comm-test",
        "profile": profile,
        "when": "2025-01-01T00:00:00+00:00",
        "model": comm_fit.MODEL_TEXT,
        "collectives": fits,
        "errors": {},
    }


def write_cal(folder, cal: dict):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "calibration.json").write_text(json.dumps(cal))
    return folder / "calibration.json"


def _projection_lines(report) -> list[dict]:
    figs = json.loads((report.out / "figures.json").read_text())["figures"]
    return figs["weak_efficiency"]["projection"]


def test_without_calibration_the_nominal_figures_are_used_and_said(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    report = build(["synth"], tmp_path, project_to=16)
    md = (report.out / "summary.md").read_text()
    html = (report.out / "report.html").read_text()
    said = "communication model: nominal profile figures (latency_us=1, bandwidth_gbps=40 of local"
    assert said in md and said in html
    assert "fitted" not in md
    lines = _projection_lines(report)
    assert lines and all(p["comm_fitted"] is False for p in lines)
    fig = next(f for f in report.rendered if f.name == "weak_efficiency")
    assert "nominal profile figures" in fig.caption
    assert fig.data["comm_legend"] == ["dashed: comm model: nominal (local profile)"]
    # the nominal link's numbers in the step-time model
    (dense,) = [vp for vp in report.analysis.projections if vp.variant.strategy.densifies]
    link = projection.Link("test link", 1.0, 40.0)
    p16 = next(p for p in dense.points if p.nodes == 16)
    assert p16.comm_s == pytest.approx(
        projection.ring_allreduce_s(900_000 + 4 * 1000 * H, 16, 1, link)
    )


def test_calibration_found_beside_the_sweep_is_used_and_said(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    cal = calibration()
    path = write_cal(tmp_path / "comm-test", cal)
    write_cal(tmp_path / "comm-other", {**calibration("zenith"), "sweep": "comm-zenith"})
    report = build(["synth"], tmp_path, project_to=16)
    md = (report.out / "summary.md").read_text()
    html = (report.out / "report.html").read_text()
    ar, ag = cal["collectives"]["allreduce"], cal["collectives"]["allgather"]
    for text in (md, html):
        assert "communication model: fitted alpha=" in text
        beta = ar["bandwidth_bytes_per_s"] / 1e9
        assert f"alpha={projection.fmt_us(ar['alpha_s'])} us beta={beta:.4g} GB/s" in text
        assert f"alpha={projection.fmt_us(ag['alpha_s'])} us" in text
        assert "from comm-test (residuals allreduce: RMS" in text
        assert "calibration found automatically" in text
        assert "nominal profile figures" not in text and "comm-zenith" not in text
    assert str(path.resolve()) in md
    lines = _projection_lines(report)
    assert lines and all(p["comm_fitted"] is True for p in lines)
    fig = next(f for f in report.rendered if f.name == "weak_efficiency")
    assert "Dashed projection: communication model: fitted" in fig.caption
    assert fig.data["comm_legend"] == ["dashed: comm model: fitted (comm-test)"]
    # the fitted numbers, per collective, are what the step-time model charges
    a = report.analysis
    (dense,) = [vp for vp in a.projections if vp.variant.strategy.densifies]
    (sparse,) = [vp for vp in a.projections if not vp.variant.strategy.densifies]
    p16 = next(p for p in dense.points if p.nodes == 16)
    b = 900_000 + 4 * 1000 * H
    local = ar["overhead_s"] + ar["local_s_per_byte"] * b
    expect = 2 * 15 / 16 * b / ar["bandwidth_bytes_per_s"] + 30 * ar["alpha_s"] + local
    assert p16.comm_s == pytest.approx(expect, rel=1e-9)
    assert ar["overhead_s"] == pytest.approx(OVERHEAD["allreduce"], rel=0.1)  # it was fitted
    s16 = next(p for p in sparse.points if p.nodes == 16)
    rows = sparse.variant.rows["emb_grad_rows_per_worker"].dropna().median()
    # Horovod's IndexedSlices path: two allgathers, the values (4H per row), then the ids (8)
    expect = (
        2 * 15 / 16 * 900_000 / ar["bandwidth_bytes_per_s"]
        + 30 * ar["alpha_s"]
        + ar["overhead_s"]
        + ar["local_s_per_byte"] * 900_000
    )
    for gather in (rows * 4 * H, rows * 8):
        expect += (
            15 * gather / ag["bandwidth_bytes_per_s"]
            + 15 * ag["alpha_s"]
            + ag["overhead_s"]
            + ag["local_s_per_byte"] * 16 * gather
        )
    assert s16.comm_s == pytest.approx(expect, rel=1e-9)


def test_explicit_calibration_through_the_cli(tmp_path, capsys):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    path = write_cal(tmp_path / "elsewhere", calibration())
    out = tmp_path / "o"
    args = ["synth", "--results", str(tmp_path), "--out", str(out), "--project-to", "8"]
    assert main(["report", *args, "--calibration", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "communication model: fitted alpha=" in printed
    assert f"calibration given with --calibration: {path}" in printed
    # a calibration of another cluster is refused, not silently used or ignored
    other = write_cal(tmp_path / "zen", calibration("zenith"))
    assert main(["report", *args, "--calibration", str(other)]) == 2
    err = capsys.readouterr().err
    assert "measured on profile 'zenith'" in err and "Traceback" not in err
    assert main(["report", *args, "--calibration", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_calibration_without_the_allgather_is_not_mixed_with_nominal(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    cal = calibration(collectives=("allreduce",))
    cal["errors"] = {"allgather": "allgather: only single-node measurements"}
    write_cal(tmp_path / "comm-test", cal)
    report = build(["synth"], tmp_path, project_to=16)
    by = {vp.variant.strategy.densifies: vp for vp in report.analysis.projections}
    assert by[True].comm.fitted  # the dense path needs the allreduce only
    sparse = by[False]
    assert not sparse.comm.fitted  # nominal for BOTH collectives, and said why
    assert sparse.comm.allreduce == sparse.comm.allgather
    notes = " ".join(sparse.notes)
    assert "calibration found but not used" in notes and "no fit of allgather" in notes
    md = (report.out / "summary.md").read_text()
    assert "fitted communication figures for some variants and nominal ones for others" in md
