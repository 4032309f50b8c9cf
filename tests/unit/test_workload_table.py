"""A new workload is one entry in scalestudy/workloads/table.py and one module (issue #35 item 2):
a test-only workload, `tally`, registered here and nowhere else, is accepted by `validate`,
planned (its own point ids, flags and label), rendered (the job script runs its module with
its point.json extras), run by the local executor's path, collected (its collect hook reads
what its job wrote and notes it in the rows), reported (its figure drawn, no trainer figure
listed) and matched by compare; docgen lists it in the sweep reference."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

from scalestudy.cli import main
from scalestudy.compare import match
from scalestudy.executors import local
from scalestudy.plan import make_plan
from scalestudy.report.build import build
from scalestudy.submit import render_all
from scalestudy.sweepfile import docgen
from scalestudy.sweepfile.sweep import load_sweep
from scalestudy.workloads import table as workloads

# the workload's own module: what its job runs, what collect and the report call
MODULE = '''
import argparse, csv, json
from pathlib import Path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config")
    cfg = json.loads(Path(ap.parse_args().config).read_text())
    logs = Path(cfg["log_dir"])
    logs.mkdir(parents=True, exist_ok=True)
    count = cfg["tally_count"] * cfg["expect_ranks"]
    (logs / "tally.json").write_text(json.dumps({"count": count}))


def collect(points, rows, sweep_dir, cluster):
    """tally.csv: each completed point's count; the rows say it."""
    out = []
    for p, row in zip(points, rows):
        if row["status"] != "completed":
            continue
        logs = sweep_dir / p.id / f"attempt-{row['attempt']}" / "logs"
        count = json.loads((logs / "tally.json").read_text())["count"]
        out.append({"point_id": p.id, "nodes": p.nodes, "count": count})
        row["status_reason"] = f"tally workload: counted {count}"
    with open(sweep_dir / "tally.csv", "w", newline="") as f:
        w = csv.DictWriter(f, ["point_id", "nodes", "count"])
        w.writeheader()
        w.writerows(out)
    return None


def figure(a):
    from matplotlib.figure import Figure

    from scalestudy.report.figures.common import Rendered

    rows = [r for s in a.sweeps for r in csv.DictReader(open(s.folder / "tally.csv"))]
    nodes = [int(r["nodes"]) for r in rows]
    counts = [int(r["count"]) for r in rows]
    fig = Figure()
    fig.add_subplot().bar(nodes, counts)
    return Rendered("tally", "Tally per node count", "", fig, {"x": nodes, "y": counts})


if __name__ == "__main__":
    main()
'''

TALLY = workloads.Workload(
    "tally",
    "a test-only count of ranks",
    "tally_workload",
    job_extras=lambda sweep, binds: {"tally_count": 3},
    collect="tally_workload:collect",
    figures=("tally_workload:figure",),
)


@pytest.fixture
def module(tmp_path, monkeypatch) -> Path:
    mods = tmp_path / "mods"
    mods.mkdir()
    (mods / "tally_workload.py").write_text(textwrap.dedent(MODULE))
    monkeypatch.syspath_prepend(str(mods))
    return mods


@pytest.fixture
def registered(monkeypatch, module):
    monkeypatch.setitem(workloads.TABLE, TALLY.name, TALLY)


def _sweep(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "tally.yaml"
    path.write_text(
        "name: tally\ncluster: local\nmode: weak\nnodes: [1, 2]\nppn: 1\nworkload: tally\n"
        "time_limit: '00:05:00'\ntrainer: {model: tiny}\n" + extra
    )
    return path


def test_validate_accepts_a_registered_workload_and_its_keys_rule(
    tmp_path, capsys, monkeypatch, module
):
    sweep = _sweep(tmp_path)
    assert main(["validate", str(sweep)]) == 2  # not registered yet: an unknown workload
    err = capsys.readouterr().err
    assert "workload" in err and "'trainer', 'probe', 'comm' or 'peak'" in err
    monkeypatch.setitem(workloads.TABLE, TALLY.name, TALLY)
    assert main(["validate", str(sweep)]) == 0, capsys.readouterr().err
    # another workload's key is refused beside it, named by the table
    assert main(["validate", str(_sweep(tmp_path, "probe_seconds: 2\n"))]) == 2
    assert "probe_seconds: only means something with workload: probe (workload is tally)" in (
        capsys.readouterr().err
    )
    # the rule is the table's: a probe entry that no longer claims the key lets it through
    probe = workloads.TABLE["probe"]
    monkeypatch.setitem(workloads.TABLE, "probe", replace(probe, sweep_keys=()))
    assert main(["validate", str(_sweep(tmp_path, "probe_seconds: 2\n"))]) == 0


def test_plan_and_render_run_the_workloads_module_with_its_extras(tmp_path, registered):
    loaded = load_sweep(_sweep(tmp_path))
    plan = make_plan(loaded)
    assert [p.flags for p in plan] == ["tally", "tally"]  # not a trainer's exchange flags
    assert {p.variant_label for p in plan} == {"tally"}
    # the workload is part of the point's identity: the same file as a peak sweep (nothing
    # else differs: no options, the same batch) plans other ids
    peak = tmp_path / "peak"
    peak.mkdir()
    sweep = _sweep(peak)
    sweep.write_text(sweep.read_text().replace("workload: tally", "workload: peak"))
    assert not {p.id for p in make_plan(load_sweep(sweep))} & {p.id for p in plan}
    scripts = render_all(loaded, plan, tmp_path / "results")
    for p in plan:
        launch = _launch(scripts[p.id])
        assert launch[launch.index("-m") + 1] == "tally_workload"


def _launch(script: str) -> list[str]:
    (line,) = [ln for ln in script.replace("\\\n", " ").splitlines() if " --config " in ln]
    return shlex.split(line.rstrip(" &"))


def _run_module(mods: Path):
    """local.run_script as the job would run the workload: the module the script names, on
    the point.json the executor laid out (the launcher, capture and the rest left out)."""

    def run(script: Path, attempt_dir: Path) -> int:
        argv = _launch(script.read_text())
        module = argv[argv.index("-m") + 1]
        config = argv[argv.index("--config") + 1]
        env = {"PYTHONPATH": str(mods), "PATH": "/usr/bin:/bin"}
        code = subprocess.run(
            [sys.executable, "-m", module, "--config", config], env=env
        ).returncode
        (attempt_dir / "exit_code").write_text(f"{code}\n")
        return code

    return run


def test_submit_collect_report_and_compare_carry_the_workload(
    tmp_path, registered, module, monkeypatch, capsys
):
    monkeypatch.setattr(local, "run_script", _run_module(module))
    sweep, results = _sweep(tmp_path), tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    folder = results / "tally"
    for pid in sorted(p.name for p in folder.glob("n*")):
        point_json = json.loads((folder / pid / "attempt-1" / "point.json").read_text())
        assert point_json["tally_count"] == 3  # the entry's extras reached the job
        assert "probe_seconds" not in point_json and "comm" not in point_json
    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    table = pd.read_csv(folder / "results.csv")
    assert list(table["status"]) == ["completed", "completed"]
    assert sorted(table["status_reason"]) == [
        "tally workload: counted 3",
        "tally workload: counted 6",
    ]  # the collect hook's note: 3 x the ranks its job saw
    records = [json.loads(ln) for ln in (folder / "points.jsonl").read_text().splitlines()]
    assert {r["workload"] for r in records} == {"tally"}

    report = build(["tally"], results)
    drawn = {f.name: f for f in report.figures}
    assert list(drawn) == ["tally"]  # its figure; no trainer figure listed as skipped
    assert drawn["tally"].data == {"x": [1, 2], "y": [3, 6]}
    assert report.analysis.variants == [] and report.summary.problems == []

    side = match.measured_points(report.analysis.sweeps[0])
    assert {m.workload for m in side.values()} == {"tally"}
    assert sorted(m.nodes for m in side.values()) == [1, 2]


def test_the_sweep_reference_lists_the_workload_from_the_table(registered):
    text = docgen.sweep_reference()
    (row,) = [ln for ln in text.splitlines() if ln.startswith("| `workload` |")]
    assert "one of `trainer`, `probe`, `comm`, `peak`, `tally` |" in row
    assert "`tally`: a test-only count of ranks. |" in row


def test_every_hook_of_the_table_resolves_in_its_consumers_layer():
    for w in workloads.TABLE.values():
        if w.collect:
            assert w.collect.startswith("scalestudy.collect.") and workloads.hook(w.collect)
        for name in w.figures:
            assert name.startswith("scalestudy.report.") and workloads.hook(name)
