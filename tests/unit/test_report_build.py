"""End to end on synthetic sweeps: figures' plotted data against the table, failed and
diverged points named and never plotted as throughput, a missing N0 flagged, several sweeps in
one report, the errors of a report with nothing to read."""

import json

import pandas as pd
import pytest
from test_report_support import WEAK, WEAK_STATUS, make_sweep, point_id, weak_and_strong

from scalestudy.cli import main
from scalestudy.report.build import build


def _fig(report, name):
    return json.loads((report.out / "figures.json").read_text())["figures"][name]


def _series(fig, label, baseline="own"):
    return next(s for s in fig["series"] if s["variant"] == label and s["baseline"] == baseline)


@pytest.fixture(scope="module")
def weak(tmp_path_factory):
    root = tmp_path_factory.mktemp("weak")
    make_sweep(root, "synth", samples=WEAK, statuses=WEAK_STATUS, reference="stampede2-weak")
    return build(["synth"], root)


def test_outputs_and_default_folder(weak):
    assert weak.out.parent.name == "synth" and weak.out.name == "report"
    for name in ("weak_efficiency", "throughput", "accumulation", "memory", "loss_lr"):
        assert (weak.out / f"{name}.png").stat().st_size > 1000
        assert (weak.out / f"{name}.svg").read_text().lstrip().startswith("<?xml")
    assert (weak.out / "report.html").exists() and (weak.out / "summary.md").exists()
    skipped = json.loads((weak.out / "figures.json").read_text())["skipped"]
    assert skipped == {
        "strong_scaling": "no strong-scaling points in the table",
        "paired": "no variants measured inside the same allocations (schedule: bundled)",
    }


def test_weak_efficiency_series_are_hand_computed(weak):
    fig = _fig(weak, "weak_efficiency")
    dense = _series(fig, "dense")
    # medians 1000, 1800, 3200: 100%, 1800/(2*1000), 3200/(4*1000)
    assert dense["x"] == [1, 2, 4] and dense["n0_nodes"] == 1
    assert dense["y"] == pytest.approx([100.0, 90.0, 80.0])
    sparse = _series(fig, "sparse")
    # sparse: N0 median 950; N=2 has 1600, 1650 (r2 diverged) -> 1625; N=4 2800, 2900 (r0 failed)
    assert sparse["y"] == pytest.approx([100.0, 1625 / 1900 * 100, 2850 / 3800 * 100])
    common = _series(fig, "sparse", "common")
    assert common["n0_nodes"] == 1
    assert common["y"] == pytest.approx([95.0, 1625 / 2000 * 100, 2850 / 4000 * 100])
    assert fig["ideal"] == {"y": 100.0}
    for s in fig["series"]:
        assert all(lo <= y <= hi for y, lo, hi in zip(s["y"], s["lo"], s["hi"], strict=True))
    # the published 91% at 300 nodes, as context
    (ref,) = fig["references"]
    assert (ref["x"], ref["y"]) == (300, pytest.approx(91.0)) and "context" in ref["label"]
    assert "N0 = 1" in fig["title"] and "synth" in fig["title"] and "local" in fig["title"]


def test_failed_and_diverged_points_are_named_and_not_plotted(weak):
    diverged, failed = point_id(2, False, 2), point_id(4, False, 0)
    md = (weak.out / "summary.md").read_text()
    html = (weak.out / "report.html").read_text()
    for text in (md, html):
        assert f"{diverged} (sparse, 2 node(s)): diverged" in text
        assert f"{failed} (sparse, 4 node(s)): failed" in text
    tput = _fig(weak, "throughput")
    sparse = next(s for s in tput["series"] if s["label"] == "sparse")
    table = pd.read_csv(weak.out.parent / "results.csv")
    ok = table[(table.status == "completed") & (~table.sparse_as_dense)]
    assert sparse["y"] == pytest.approx(list(ok.groupby("nodes")["tokens_per_s"].median()))
    assert sparse["n"] == [3, 2, 2]  # the failed and the diverged repeat are not samples
    loss = _fig(weak, "loss_lr")
    assert [d["point_id"] for d in loss["diverged"]] == [diverged]
    assert {s["status"] for s in loss["loss"] if s["point_id"] == failed} == {"failed"}
    assert "2 of 3 repeats completed" in md


def test_accumulation_measured_equals_formula(weak):
    fig = _fig(weak, "accumulation")
    sparse = next(m for m in fig["measured"] if m["sparse"])
    assert sparse["y"] == sparse["formula_at_points"]
    assert sparse["x"] == [1, 2, 4]
    dense_line = next(m for m in fig["model"] if m["kind"] == "dense")
    assert set(dense_line["y"]) == {4 * 1000 * 64}
    checks = json.loads((weak.out / "figures.json").read_text())["rows_checks"]
    sparse_checks = [c for c in checks.values() if c["form"] == "indexed_slices"]
    assert sparse_checks and all(c["ok"] for c in sparse_checks)
    (ratio,) = fig["ratios"]
    assert ratio["workers"] == 4
    assert ratio["ratio_values"] == pytest.approx(4 * 2950 / 1000)


def test_memory_ceiling_and_loss_lr(weak):
    mem = _fig(weak, "memory")
    assert mem["ceiling"] == [{"node_memory_gb": 24.0, "ppn": 1, "y": 24e9}]
    lr = _fig(weak, "loss_lr")["lr"]
    full = next(s for s in lr if len(s["x"]) == 12)
    assert full["y"] == pytest.approx([1e-3 * s / 100 for s in range(1, 13)])
    # the gradient norm each step logged (the synthetic logs: 2 / step), one curve per run
    norms = _fig(weak, "loss_lr")["grad_norm"]
    assert len(norms) == len(_fig(weak, "loss_lr")["loss"])
    full = next(s for s in norms if len(s["x"]) == 12)
    assert full["y"] == pytest.approx([2.0 / s for s in range(1, 13)])


def test_missing_n0_is_flagged_not_replaced(tmp_path):
    statuses = {**WEAK_STATUS, **{(False, 1, r): "failed" for r in range(3)}}
    make_sweep(tmp_path, "non0", samples=WEAK, statuses=statuses)
    report = build(["non0"], tmp_path)
    fig = _fig(report, "weak_efficiency")
    assert not [s for s in fig["series"] if s["variant"] == "sparse" and s["baseline"] == "own"]
    common = _series(fig, "sparse", "common")  # against dense N0 it is still well defined
    assert common["x"] == [2, 4]
    md = (report.out / "summary.md").read_text()
    assert "baseline N0 = 1 node(s)" in md and "no fallback to a larger N0" in md


def test_strong_and_weak_sweeps_in_one_report(tmp_path):
    report = build(weak_and_strong(tmp_path), tmp_path, project_to=32)
    assert report.out == tmp_path / "report-synth+synth-strong"
    fig = _fig(report, "strong_scaling")
    sp = fig["speedup"][0]
    assert sp["x"] == [2, 4, 8] and sp["n0_nodes"] == 2
    assert sp["y"] == pytest.approx([1.0, 10 / 6, 2.5])
    eff = fig["efficiency"][0]
    assert eff["y"] == pytest.approx([100.0, 10 / 6 * 2 / 4 * 100, 62.5])
    assert fig["ideal"][0]["y"] == pytest.approx([1.0, 2.0, 4.0])
    assert "projection" in fig and fig["projection"][0]["x"] == [16, 32]
    assert "projection" in fig["projection"][0]["label"]
    weak_fig = _fig(report, "weak_efficiency")
    assert {s["variant"] for s in weak_fig["series"]} == {"sparse", "dense [synth]"}
    assert sp["variant"] == "dense [synth-strong]"
    md = (report.out / "summary.md").read_text()
    assert "## Projection (a model, not a measurement)" in md
    assert "Residuals of the step-time model" in md


def test_projection_only_with_the_flag(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    plain = build(["synth"], tmp_path)
    assert all("projection" not in f.data for f in plain.rendered)
    assert "Projection" not in (plain.out / "summary.md").read_text()
    proj = build(["synth"], tmp_path, out=tmp_path / "p", project_to=16)
    fig = _fig(proj, "weak_efficiency")
    lines = {p["label"]: p for p in fig["projection"]}
    assert all("projection" in k for k in lines)
    assert lines["dense: projection (step-time model)"]["x"] == [4, 8, 16]  # from the anchor
    mem = _fig(proj, "memory")["projection"]
    assert all(p["x"][-1] == 16 for p in mem)


def test_table_without_logs_skips_only_what_needs_logs(tmp_path):
    make_sweep(tmp_path, "copied", samples=WEAK, statuses=WEAK_STATUS, logs=False)
    report = build(["copied"], tmp_path)
    skipped = json.loads((report.out / "figures.json").read_text())["skipped"]
    assert set(skipped) == {"strong_scaling", "loss_lr", "paired"}
    assert "no step logs" in skipped["loss_lr"]
    assert "skipped `loss_lr`" in (report.out / "summary.md").read_text()


def test_sweep_file_argument_uses_its_name(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    sweep = tmp_path / "my.yaml"
    sweep.write_text(
        "name: synth\ncluster: local\nmode: weak\nnodes: [1]\nreference: stampede2-weak\n"
    )
    report = build([str(sweep)], tmp_path)
    assert report.out == tmp_path / "synth" / "report"
    assert [r.name for r in report.analysis.references] == ["stampede2-weak"]


def test_cli_prints_the_summary_and_exits_0(tmp_path, capsys):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    assert main(["report", "synth", "--results", str(tmp_path), "--out", str(tmp_path / "o")]) == 0
    out = capsys.readouterr().out
    assert "tokens/s median" in out and "NOT MEASURED" in out
    assert point_id(2, False, 2) in out
    assert f"to {tmp_path / 'o'}" in out


@pytest.mark.parametrize(
    ("args", "message", "hint"),
    [
        (["nosuch"], "nosuch/results.csv: no such file", "scalestudy collect"),
        (["missing.yaml"], "missing.yaml: no such sweep file", "sweep name"),
        (["empty"], "empty/results.csv: no such file", "run `scalestudy collect SWEEP.yaml` first"),
    ],
)
def test_cli_errors_exit_2_with_a_hint(tmp_path, capsys, monkeypatch, args, message, hint):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "results" / "empty").mkdir(parents=True)
    assert main(["report", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and hint in err
    assert "Traceback" not in err


def test_cli_rejects_a_table_that_is_not_one(tmp_path, capsys):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "results.csv").write_text("a,b\n1,2\n")
    assert main(["report", "bad", "--results", str(tmp_path)]) == 2
    assert "missing columns: point_id" in capsys.readouterr().err


def test_unknown_sweep_lists_the_sweeps_that_have_results(tmp_path, capsys):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS, logs=False)
    assert main(["report", "synht", "--results", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "synht/results.csv: no such file" in err and "sweeps with results: synth" in err
