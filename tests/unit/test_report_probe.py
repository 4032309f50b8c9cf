"""`report` of a `workload: probe` sweep (issue #26 item 5): no probe point is a trainer point
without throughput; the probe section says what the probe measured (placement per node, the
binding the profile intended, start spread, slow nodes, signal delivery, the check's verdict),
in short tables even at 300 nodes. Also: a comm sweep's failed point is no trainer point
either, and a damaged probe file is a warning naming it, never a traceback."""

from __future__ import annotations

import json

import pandas as pd
from support.compare import make_run
from support.probe import make_probe_run, node_name, rank_reports

from scalestudy.report import markdown
from scalestudy.report.build import build
from scalestudy.report.summary import PROBE_HEAD


def _probe_section(md: str) -> list[str]:
    lines = md.splitlines()
    start = lines.index(next(ln for ln in lines if ln.startswith("## Probe")))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), None)
    return lines[start:end]


def test_a_probe_sweep_at_300_nodes_is_reported_for_what_it_measures(tmp_path):
    nodes, ppn = 300, 4
    reports = rank_reports(nodes, ppn)
    reports[17]["launched_at"] += 4.5  # two late ranks: the spread and who was last
    reports[803]["launched_at"] += 3.0
    slow = {node_name(i): round(1.6 + 0.05 * k, 2) for k, i in enumerate(range(5, 300, 9))}
    assert len(slow) == 33
    check = {"ok": True, "problems": [], "slow_nodes": slow}
    attempt = make_probe_run(tmp_path, "probe300", nodes, ppn, reports, check)
    pid = attempt.parent.name
    report = build(["probe300"], tmp_path)

    # the bug: a probe point counted as a trainer point that failed to measure throughput
    assert report.analysis.variants == []
    assert report.summary.problems == []
    assert report.summary.short_repeats == []
    assert report.summary.baselines == []
    md = (report.out / "summary.md").read_text()
    assert "without a throughput measurement" not in md and "repeats completed" not in md

    # what the probe measured, computed here from the files written above
    starts = [r["launched_at"] for r in reports]
    spread = max(starts) - min(starts)
    worst = max(slow, key=slow.get)
    (row,) = report.summary.probe.rows
    assert report.summary.probe.head == PROBE_HEAD
    cells = dict(zip(PROBE_HEAD, row, strict=True))
    assert cells["point"] == pid and cells["nodes x ppn"] == "300 x 4"
    assert cells["state"] == "completed" and cells["check"] == "ok"
    assert cells["ranks placed"] == "1200/1200 on 300/300 node(s)"
    assert cells["ranks per node"] == "4 (expected 4)"
    assert cells["binding"] == "own CPUs on every node (the profile binds)"
    assert cells["start spread"] == f"{spread:.3f} s (last: rank 17 on c004)"
    assert cells["slow nodes"].startswith("33 (worst: ")
    assert f"{worst} x{slow[worst]:g}" in cells["slow nodes"]
    assert cells["checkpoint signal"] == "not exercised (no rank got a signal)"
    notes = report.summary.probe_notes
    assert any("last to start: rank 17 on c004" in n and "rank 803 on c200" in n for n in notes)
    assert any("slow nodes" in n and "worst 10 of 33" in n for n in notes)

    # short at 300 nodes: summaries and the worst few, not a row per node
    section = _probe_section(md)
    assert len(section) < 25, section
    assert f"| {pid} | 300 x 4 | completed | ok | 1200/1200 on 300/300 node(s) |" in md
    assert 'id="probe"' in (report.out / "report.html").read_text()
    term = markdown.terminal(report.summary)
    assert f"probe {pid}: check ok" in term and "ranks placed: 1200/1200" in term
    data = json.loads((report.out / "figures.json").read_text())
    (p,) = data["probe"]
    assert p["point_id"] == pid and p["ranks_placed"] == 1200 and p["expected_ranks"] == 1200
    assert p["slow_nodes"] == slow and p["check_ok"] is True
    assert len(p["per_node"]) == 300 and p["per_node"]["c004"]["ranks"] == 4


def test_a_broken_launch_is_named_node_by_node(tmp_path):
    nodes, ppn = 8, 4
    reports = rank_reports(nodes, ppn)
    reports[5]["slurm_node"] = reports[5]["host"] = "c000"  # c000: 5 ranks, c001: 3
    reports[4]["affinity"] = reports[5]["affinity"]  # and two ranks share a CPU on c000
    del reports[31]  # rank 31 never reported: c007 has 3
    for r in reports[:20]:
        r["received_signals"] = ["SIGUSR1"]  # the job was signalled; 20 ranks got it
    problems = [f"problem {i}" for i in range(7)]
    check = {"ok": False, "problems": problems, "slow_nodes": {}}
    make_probe_run(tmp_path, "broken", nodes, ppn, reports, check, status="failed")
    report = build(["broken"], tmp_path)
    assert report.analysis.variants == []
    (row,) = report.summary.probe.rows
    cells = dict(zip(PROBE_HEAD, row, strict=True))
    assert cells["state"] == "failed" and cells["check"] == "FAILED: 7 problem(s)"
    assert cells["ranks placed"] == "31/32 on 8/8 node(s)"
    assert cells["ranks per node"] == "3-5 (expected 4); 3 node(s) wrong"
    assert cells["binding"] == "CPUs shared on 1 node(s): wrong (the profile binds)"
    assert cells["checkpoint signal"] == "20/31 ranks got SIGUSR1"
    assert cells["slow nodes"] == "none"
    notes = "\n".join(report.summary.probe_notes)
    assert "missing ranks: 31" in notes
    assert "c000: 5" in notes and "c001: 3" in notes and "c007: 3" in notes
    assert "check problem: problem 0" in notes and "problem 4" in notes
    assert "problem 5" not in notes and "2 more problem(s)" in notes  # the worst few only
    # a failed probe is a failed point, as a probe, not as a trainer point
    (problem,) = report.summary.problems
    assert "(probe, 8 node(s)): failed" in problem


def test_unbound_ranks_are_not_called_wrong_and_no_check_is_said(tmp_path):
    reports = rank_reports(1, 2)
    for r in reports:
        r["affinity"] = [0, 1]  # mpirun-local: every rank may use every core
    make_probe_run(tmp_path, "local", 1, 2, reports, None, disjoint=False)
    report = build(["local"], tmp_path)
    (row,) = report.summary.probe.rows
    cells = dict(zip(PROBE_HEAD, row, strict=True))
    assert cells["binding"] == "not bound (the profile binds none): not checked"
    assert cells["check"] == "no verdict (no probe-check.json)"


def test_a_damaged_probe_file_is_a_warning_naming_it(tmp_path):
    reports = rank_reports(2, 2)
    attempt = make_probe_run(tmp_path, "damaged", 2, 2, reports, {"ok": True, "problems": []})
    (attempt / "logs" / "probe.rank3.json").write_text('{"host": "c001", "ra')
    (attempt / "logs" / "probe-check.json").write_text("[1, 2")
    report = build(["damaged"], tmp_path)
    warnings = "\n".join(report.summary.warnings)
    assert str(attempt / "logs" / "probe.rank3.json") in warnings
    assert str(attempt / "logs" / "probe-check.json") in warnings
    (row,) = report.summary.probe.rows
    cells = dict(zip(PROBE_HEAD, row, strict=True))
    assert cells["ranks placed"] == "3/4 on 2/2 node(s)"
    assert cells["check"].startswith("no verdict")


def test_a_mixed_report_keeps_the_trainer_points(tmp_path):
    make_run(tmp_path, "train", {(False, 1): [100.0], (False, 2): [190.0]})
    make_probe_run(tmp_path, "probe", 2, 2, rank_reports(2, 2), {"ok": True, "problems": []})
    report = build(["train", "probe"], tmp_path)
    assert [v.label for v in report.analysis.variants] == ["sparse"]
    assert [r[2] for r in report.summary.points.rows] == ["1", "2"]
    assert report.summary.problems == [] and len(report.summary.probe.rows) == 1


def test_a_comm_sweeps_failed_point_is_not_a_trainer_point(tmp_path):
    from test_report_comm import make_comm_sweep

    make_comm_sweep(tmp_path)
    folder = tmp_path / "commsyn"
    table = pd.read_csv(folder / "results.csv")
    failed = table.iloc[[0]].copy()
    failed["point_id"], failed["nodes"], failed["workers"] = "n0008-p1-c0ffee0008-r0", 8, 8
    failed["status"], failed["status_reason"], failed["exit_code"] = "failed", None, 1
    pd.concat([table, failed]).to_csv(folder / "results.csv", index=False)
    records = [
        {"point_id": pid, "sweep": "commsyn", "workload": "comm", "mode": "weak", "config": {}}
        for pid in [*table["point_id"], "n0008-p1-c0ffee0008-r0"]
    ]
    (folder / "points.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    report = build(["commsyn"], tmp_path)
    assert report.analysis.variants == [] and report.summary.baselines == []
    assert report.summary.short_repeats == []
    assert report.summary.problems == [
        "n0008-p1-c0ffee0008-r0 (comm, 8 node(s)): failed: exit code 1"
    ]


def test_a_probe_table_copied_without_points_jsonl_is_known_by_its_logs(tmp_path):
    make_probe_run(tmp_path, "copied", 2, 2, rank_reports(2, 2), {"ok": True, "problems": []})
    (tmp_path / "copied" / "points.jsonl").unlink()
    report = build(["copied"], tmp_path)
    assert report.analysis.variants == [] and report.summary.problems == []
    assert len(report.summary.probe.rows) == 1


def test_a_completed_comm_point_without_timings_is_said_so(tmp_path):
    from test_report_comm import make_comm_sweep

    comm = make_comm_sweep(tmp_path)
    folder = tmp_path / "commsyn"
    first = comm["point_id"].iloc[0]
    comm[comm["point_id"] != first].to_csv(folder / "comm.csv", index=False)
    records = [
        {"point_id": pid, "sweep": "commsyn", "workload": "comm", "mode": "weak", "config": {}}
        for pid in comm["point_id"].unique()
    ]
    (folder / "points.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    report = build(["commsyn"], tmp_path)
    assert report.analysis.variants == []
    (problem,) = report.summary.problems
    assert problem.startswith(f"{first} (comm, 1 node(s)): completed: no timing of it in comm.csv")
    assert "without a throughput measurement" not in problem


def test_emulated_nodes_on_one_host_are_checked_against_what_the_probe_expected(tmp_path):
    # issue #46 item 5: on the local profile (2 emulated nodes x 2 ranks, one host) the report
    # printed "check ok" beside "ranks per node: 4 (expected 2); 1 node(s) wrong"
    reports = rank_reports(2, 2)
    for r in reports:
        r["host"] = r["slurm_node"] = "localhost"
        r["affinity"] = [0, 1]
    check = {"ok": True, "problems": [], "slow_nodes": {}}
    make_probe_run(tmp_path, "local", 2, 2, reports, check, disjoint=False, per_node=4)
    (row,) = build(["local"], tmp_path).summary.probe.rows
    cells = dict(zip(PROBE_HEAD, row, strict=True))
    assert cells["check"] == "ok" and cells["ranks per node"] == "4 (expected 4)", cells
