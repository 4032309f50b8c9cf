"""A new workload is one entry in scalestudy/workloads/table.py and one module (issue #35 item 2):
a test-only workload, `tally`, registered here and nowhere else, with an options block of its
own (`tally:`, its module's model) and a sweep key (`tally_factor`), is accepted by `validate`
(its keys checked, refused under another workload), planned (its own point ids, its options in
them, flags and label), rendered (the job script runs its module with its point.json extras),
run by the local executor's path, collected (its collect hook reads what its job wrote and
notes it in the rows), reported (its figure drawn, no trainer figure listed) and matched by
compare (its options tell variants apart); docgen documents its keys from the table and its
model. sweepfile/schema.py and docgen.py are not edited for it."""

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
from pydantic import BaseModel, ConfigDict, Field

from scalestudy.cli import main
from scalestudy.compare import match
from scalestudy.executors import local
from scalestudy.plan import make_plan
from scalestudy.report.build import build
from scalestudy.submit import render_all
from scalestudy.sweepfile import docgen, schema
from scalestudy.sweepfile.sweep import load_sweep
from scalestudy.workloads import table as workloads


class TallyOptions(BaseModel):
    """The workload's options model, in the table's entry (the sweep validates with it)."""

    model_config = ConfigDict(extra="forbid")
    count: int = Field(3, ge=1, le=100, description="What each rank counts.")
    unit: str = Field("ranks", description="what is counted")


# the workload's own module: what its job runs (its options as the sweep validated them), what
# collect and the report call
MODULE = '''
import argparse, csv, json
from pathlib import Path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config")
    cfg = json.loads(Path(ap.parse_args().config).read_text())
    options = cfg["tally"]
    logs = Path(cfg["log_dir"])
    logs.mkdir(parents=True, exist_ok=True)
    count = options["count"] * cfg["tally_factor"] * cfg["expect_ranks"]
    (logs / "tally.json").write_text(json.dumps({"count": count, "unit": options["unit"]}))


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
    options="tally",
    options_model=TallyOptions,
    sweep_keys=(
        workloads.SweepKey(
            "tally_factor",
            int,
            1,
            "`workload: tally`: each rank's count times this.",
            bounds=(("ge", 1), ("le", 10)),
        ),
    ),
    job_extras=lambda sweep, binds: {"tally_factor": sweep.tally_factor},
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


def _sweep(tmp_path: Path, extra: str = "", name: str = "tally") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(
        f"name: {name}\ncluster: local\nmode: weak\nnodes: [1, 2]\nppn: 1\nworkload: tally\n"
        "time_limit: '00:05:00'\ntrainer: {model: tiny}\n" + extra
    )
    return path


def _validate(capsys, path: Path) -> tuple[int, str]:
    code = main(["validate", str(path)])
    return code, capsys.readouterr().err


def test_the_sweep_model_is_built_from_the_table_as_it_is(monkeypatch, module):
    """The sweep's model has each workload's keys after `workload`, in the table's order; it
    is built again when the table changed after import (a registration, a replaced entry,
    the test's entry gone), else the same model is kept."""
    before = schema.sweep_model()
    assert schema.sweep_model() is before and schema.Sweep is before  # kept while unchanged
    keys = list(before.model_fields)
    at = keys.index("workload")
    assert keys[at + 1 : at + 4] == ["probe_seconds", "comm", "peak_seconds"]
    assert "tally" not in keys
    with monkeypatch.context() as m:
        m.setitem(workloads.TABLE, TALLY.name, TALLY)
        grown = schema.sweep_model()
        keys = list(grown.model_fields)
        assert keys[at + 1 : at + 6] == [
            "probe_seconds",
            "comm",
            "peak_seconds",
            "tally_factor",
            "tally",
        ]
        assert grown.model_validate({**_MINIMAL, "tally": {"count": 5}}).tally.count == 5
        assert grown.model_validate(_MINIMAL).tally.unit == "ranks"  # the model's defaults
        clash = replace(TALLY, sweep_keys=(replace(TALLY.sweep_keys[0], name="ppn"),))
        m.setitem(workloads.TABLE, TALLY.name, clash)
        with pytest.raises(ValueError, match="workload tally: 'ppn' is already a sweep key"):
            schema.sweep_model()
    assert "tally" not in schema.sweep_model().model_fields


_MINIMAL = {"name": "m", "cluster": "local", "mode": "weak", "nodes": [1], "workload": "tally"}


def test_validate_accepts_a_registered_workload_and_checks_its_keys(
    tmp_path, capsys, monkeypatch, module
):
    options = "tally: {count: 4, unit: nodes}\ntally_factor: 2\n"
    sweep = _sweep(tmp_path, options)
    code, err = _validate(capsys, sweep)  # not registered yet: an unknown workload, and keys
    assert code == 2
    assert "workload" in err and "'trainer', 'probe', 'comm' or 'peak'" in err
    assert f"{sweep}:9: tally: unknown key" in err and f"{sweep}:10: tally_factor: unknown" in err
    monkeypatch.setitem(workloads.TABLE, TALLY.name, TALLY)
    code, err = _validate(capsys, sweep)
    assert code == 0 and "error" not in err, err
    # its options model and its key's bounds, at the file's line, no traceback
    for extra, line, said in (
        ("tally: {count: 0}\n", 9, "tally.count: Input should be greater than or equal to 1"),
        ("tally: {cout: 2}\n", 9, "tally.cout: unknown key; did you mean 'count'?"),
        ("tally_factor: 11\n", 9, "tally_factor: Input should be less than or equal to 10"),
        ("matrix: {tally: [{count: 1}, {count: 0}]}\n", 9, "tally.count: Input should be"),
    ):
        code, err = _validate(capsys, _sweep(tmp_path, extra))
        assert code == 2 and f"tally.yaml:{line}: {said}" in err, err
        assert "Traceback" not in err
    # its keys under another workload, and another workload's key beside it, named by the
    # table
    peak = _sweep(tmp_path, options).read_text().replace("workload: tally", "workload: peak")
    (tmp_path / "tally.yaml").write_text(peak)
    code, err = _validate(capsys, tmp_path / "tally.yaml")
    assert code == 2
    for key in ("tally", "tally_factor"):
        assert f"{key}: only means something with workload: tally (workload is peak)" in err
    code, err = _validate(capsys, _sweep(tmp_path, "probe_seconds: 2\n"))
    assert code == 2
    assert "probe_seconds: only means something with workload: probe (workload is tally)" in err
    # the schema is the table's as it is now: a probe entry without its key no longer has it
    probe = workloads.TABLE["probe"]
    monkeypatch.setitem(workloads.TABLE, "probe", replace(probe, sweep_keys=()))
    code, err = _validate(capsys, _sweep(tmp_path, "probe_seconds: 2\n"))
    assert code == 2 and "tally.yaml:9: probe_seconds: unknown key" in err


def _ids(path: Path) -> set[str]:
    return {p.id for p in make_plan(load_sweep(path))}


def test_plan_and_render_run_the_workloads_module_with_its_options(tmp_path, registered):
    loaded = load_sweep(_sweep(tmp_path))
    plan = make_plan(loaded)
    assert [p.flags for p in plan] == ["tally", "tally"]  # not a trainer's exchange flags
    assert {p.variant_label for p in plan} == {"tally"}
    # the workload is part of the point's identity: the same file as a peak sweep (nothing
    # else differs: the same batch) plans other ids
    peak = tmp_path / "peak"
    peak.mkdir()
    sweep = _sweep(peak)
    sweep.write_text(sweep.read_text().replace("workload: tally", "workload: peak"))
    assert not _ids(sweep) & {p.id for p in plan}
    # so are its options, by their values: the defaults written out are the same points
    assert _ids(_sweep(tmp_path, "tally: {count: 3, unit: ranks}\n", "same")) == {
        p.id for p in plan
    }
    assert not _ids(_sweep(tmp_path, "tally: {count: 4}\n", "other")) & {p.id for p in plan}
    # a matrix over them makes variants, labelled by them
    varied = load_sweep(_sweep(tmp_path, "matrix: {tally: [{count: 4}, {count: 5}]}\n", "m"))
    labels = {p.variant_label for p in make_plan(varied)}
    assert labels == {'tally={"count":4}', 'tally={"count":5}'}
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
    extra = "tally_factor: 2\nschedule: separate\nmatrix: {tally: [{count: 4}, {count: 5}]}\n"
    sweep, results = _sweep(tmp_path, extra), tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    folder = results / "tally"
    counts = set()
    for pid in sorted(p.name for p in folder.glob("n*")):
        point_json = json.loads((folder / pid / "attempt-1" / "point.json").read_text())
        assert point_json["tally_factor"] == 2  # the entry's key reached the job
        counts.add(point_json["tally"]["count"])  # and its options, the variant's
        assert point_json["tally"]["unit"] == "ranks"  # with the model's defaults
        assert "probe_seconds" not in point_json and "comm" not in point_json
    assert counts == {4, 5}
    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    table = pd.read_csv(folder / "results.csv")
    assert list(table["status"]) == ["completed"] * 4
    assert sorted(table["status_reason"], key=lambda r: int(r.split()[-1])) == [
        f"tally workload: counted {n}" for n in (8, 10, 16, 20)
    ]  # the collect hook's note: count x factor x the ranks its job saw
    records = [json.loads(ln) for ln in (folder / "points.jsonl").read_text().splitlines()]
    assert {r["workload"] for r in records} == {"tally"}
    assert sorted(r["tally"]["count"] for r in records) == [4, 4, 5, 5]

    report = build(["tally"], results)
    drawn = {f.name: f for f in report.figures}
    assert list(drawn) == ["tally"]  # its figure; no trainer figure listed as skipped
    data = drawn["tally"].data
    assert sorted(zip(data["x"], data["y"], strict=True)) == [(1, 8), (1, 10), (2, 16), (2, 20)]
    assert report.analysis.variants == [] and report.summary.problems == []

    # compare matches on its options: two variants, each at 1 and 2 nodes
    side = match.measured_points(report.analysis.sweeps[0])
    assert {m.workload for m in side.values()} == {"tally"}
    by_variant: dict[int, list[int]] = {}
    for m in side.values():
        count = json.loads(m.variant_key)["tally"]["count"]
        by_variant.setdefault(count, []).append(m.nodes)
    assert {k: sorted(v) for k, v in by_variant.items()} == {4: [1, 2], 5: [1, 2]}


def test_the_sweep_reference_documents_the_workload_from_the_table(registered):
    text = docgen.sweep_reference()
    lines = text.splitlines()
    (row,) = [ln for ln in lines if ln.startswith("| `workload` |")]
    assert "one of `trainer`, `probe`, `comm`, `peak`, `tally` |" in row
    assert "`tally`: a test-only count of ranks. |" in row
    # its keys: the entry's sentence and bounds, its options block's section from its model
    assert "| `tally_factor` | integer | `1` | ≥ 1, ≤ 10 | `workload: tally`: each rank's " in text
    assert "| `tally` | mapping | see below |  | `workload: tally` options (below). |" in lines
    section = lines[lines.index("## `tally`") :]
    assert "| `tally.count` | integer | `3` | ≥ 1, ≤ 100 | What each rank counts. |" in section
    assert '| `tally.unit` | string | `"ranks"` |  | What is counted. |' in section
    assert docgen.sweep_reference() != (docgen.DOCS / "sweep-reference.md").read_text()


def test_every_hook_of_the_table_resolves_in_its_consumers_layer():
    for w in workloads.TABLE.values():
        if w.collect:
            assert w.collect.startswith("scalestudy.collect.") and workloads.hook(w.collect)
        for name in w.figures:
            assert name.startswith("scalestudy.report.") and workloads.hook(name)
