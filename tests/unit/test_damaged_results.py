"""Results that survive being moved, copied and damaged (issue #26 item 4): every verb names the
damaged file (and line), prints no traceback and goes on with what it can read; a manifest that
cannot be read is rebuilt from the attempt folders and the jobs' recorded identity, so that a
submit after the damage runs nothing twice. The folders are real submits to the Slurm stand-ins
(tests/support/damage.py) or synthetic results folders (tests/support/compare.py)."""

from __future__ import annotations

import json

import fake_slurm
import pandas as pd
import pytest
from support import manifest
from support.compare import make_run
from support.damage import SWEEP, finish, mark_completed, submit_sweep

from scalestudy.cli import main
from scalestudy.formats import step_log

# how the 4 points became jobs: one job each, a job array per shape, a bundle per allocation
SHAPES = {
    "separate": SWEEP,
    "arrays": SWEEP | {"slurm": {"array": True}},
    "bundled": SWEEP | {"schedule": "bundled"},
}


@pytest.fixture(params=["separate"])
def submitted(tmp_path, monkeypatch, request):
    """4 points queued on the stand-ins, the first two completed."""
    fake_slurm.activate(tmp_path, monkeypatch)
    monkeypatch.setenv("SCALESTUDY_SBATCH_RETRY_S", "0.01,0.01,0.01")
    done = submit_sweep(tmp_path, SHAPES[request.param])
    for pid in done.point_ids()[:2]:
        mark_completed(done, pid)
    return done


def _no_traceback(err: str) -> None:
    assert "Traceback" not in err, err


DAMAGE = {"empty": lambda text: "", "truncated": lambda text: text[: len(text) // 2]}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize(
    "verb", [("status",), ("submit", "--dry-run", "--executor", "slurm"), ("collect",)]
)
def test_a_damaged_manifest_is_named_and_rebuilt_by_every_verb(submitted, capsys, damage, verb):
    path = submitted.folder / "manifest.json"
    damaged = DAMAGE[damage](path.read_text())
    path.write_text(damaged)
    capsys.readouterr()
    code = submitted.run(*verb)
    _out, err = capsys.readouterr()
    _no_traceback(err)
    assert code == 0, err
    assert f"{path}: damaged" in err and "rebuilt from 4 attempt folder(s)" in err
    # the damaged bytes are kept beside the rebuilt manifest, never lost
    (kept,) = submitted.folder.glob("manifest.json.damaged-*")
    assert kept.read_text() == damaged
    rebuilt = manifest.read(path.parent)
    states = {pid: a.state for pid, a in manifest.lasts(rebuilt).items()}
    assert sorted(states.values())[:2] == ["completed", "completed"]


@pytest.mark.parametrize("submitted", sorted(SHAPES), indirect=True)
def test_a_submit_after_a_rebuilt_manifest_runs_nothing_twice(submitted, capsys):
    queued = fake_slurm.jobs(submitted.queue)
    before = manifest.read(submitted.folder)
    job_of = {pid: a.job_id for pid, a in manifest.lasts(before).items()}
    (submitted.folder / "manifest.json").write_text('{"version": 1, "points": {"n00')
    capsys.readouterr()
    assert submitted.run("submit", "--executor", "slurm") == 0
    _out, err = capsys.readouterr()
    _no_traceback(err)
    assert "manifest.json: damaged" in err
    # nothing sbatched again: the completed points are completed, the queued ones adopted
    assert fake_slurm.jobs(submitted.queue) == queued
    last = manifest.lasts(manifest.read(submitted.folder))
    pids = submitted.point_ids()
    assert [last[p].state for p in pids[:2]] == ["completed", "completed"]
    # each queued point has its own job back (an array's task, a bundle's job)
    assert {p: last[p].job_id for p in pids[2:]} == {p: job_of[p] for p in pids[2:]}
    assert all(last[p].state in ("submitted", "pending", "running") for p in pids[2:])
    assert all(a.attempt == 1 for a in last.values())


def test_a_corrupt_line_in_a_step_log_marks_its_point_damaged_and_collect_goes_on(
    submitted, capsys
):
    first, second = submitted.point_ids()[:2]
    rank0 = submitted.attempt(first) / "logs" / step_log.rank_log_name(0)
    lines = rank0.read_text().splitlines(keepends=True)
    lines[2] = '{"type": "step", "step": 2, "lo\n'  # a middle line cut short
    rank0.write_text("".join(lines))
    capsys.readouterr()
    assert submitted.run("collect") == 0
    _out, err = capsys.readouterr()
    _no_traceback(err)
    assert f"{rank0}:3: corrupt record" in err
    table = pd.read_csv(submitted.folder / "results.csv").set_index("point_id")
    assert table.loc[first, "status"] == "damaged"
    assert f"{rank0}:3" in table.loc[first, "status_reason"]
    assert table.loc[second, "status"] == "completed"
    assert table.loc[second, "tokens_per_s"] == pytest.approx(900.5)


def test_report_without_an_argument_reads_a_copied_folder_whose_sweep_file_is_gone(
    tmp_path, capsys
):
    root = tmp_path / "results"
    make_run(root, "moved", {(False, 1): [100.0], (False, 2): [190.0]})
    (root / "moved.yaml").unlink()  # copied to another machine without it
    assert main(["report", "--results", str(root)]) == 0
    _out, err = capsys.readouterr()
    _no_traceback(err)
    assert "sweep moved" in err
    assert (root / "moved" / "report" / "report.html").is_file()


def test_a_broken_line_in_points_jsonl_lists_its_point_as_damaged(tmp_path, capsys):
    root = tmp_path / "results"
    make_run(root, "cut", {(False, 1): [100.0, 101.0], (False, 2): [190.0, 191.0]})
    points = root / "cut" / "points.jsonl"
    lines = points.read_text().splitlines(keepends=True)
    broken = json.loads(lines[1])["point_id"]
    lines[1] = lines[1][:120] + "\n"  # cut after its point id
    points.write_text("".join(lines))
    assert main(["report", "cut", "--results", str(root)]) == 0
    out, err = capsys.readouterr()
    _no_traceback(err)
    said = out + err
    assert f"{points}:2: damaged" in said and broken in said
    summary = (root / "cut" / "report" / "summary.md").read_text()
    assert f"{points}:2" in summary


def test_a_results_folder_alone_is_enough_for_archive(tmp_path, capsys):
    root = tmp_path / "results"
    make_run(root, "alone", {(False, 1): [100.0], (False, 2): [190.0]})
    (root / "alone" / "manifest.json").write_text("")  # damaged too: not needed
    (root / "alone.yaml").unlink()
    assert main(["archive", str(root / "alone"), "--results", str(root)]) == 0
    _no_traceback(capsys.readouterr().err)


def test_a_rebuilt_manifest_of_local_runs_reruns_only_what_never_started(tmp_path, capsys):
    """The local executor's attempt folders: one finished, one started and cut off (no exit
    marker), one laid out but never started. Only the last is planned again."""
    from scalestudy.executors.manifest import Manifest
    from scalestudy.plan import make_plan
    from scalestudy.render import render_script
    from scalestudy.submit import decide
    from scalestudy.sweepfile.sweep import load_sweep

    loaded = load_sweep("experiments/quickstart.yaml")
    points = make_plan(loaded)[:3]
    sdir = tmp_path / "quickstart"
    for p in points:
        adir = sdir / p.id / "attempt-1"
        adir.mkdir(parents=True)
        (adir / "point.json").write_text("{}")
        (adir / "job.sh").write_text(render_script(p, loaded.profile, adir, 1))
    finish(sdir / points[0].id / "attempt-1", points[0].workers)
    (sdir / points[1].id / "attempt-1" / "stdout.log").write_text("rank 0: step 2\n")
    (sdir / "manifest.json").write_text("{")
    data = Manifest(sdir).read()
    assert f"{sdir / 'manifest.json'}: damaged" in capsys.readouterr().err
    states = [data.state(p.id) for p in points]
    assert states == ["completed", "interrupted", "not_queued"]
    assert [p.id for p in decide(points, data).run] == [points[2].id]


def test_compare_names_a_broken_line_of_points_jsonl_and_compares_the_rest(tmp_path, capsys):
    samples = {(False, 1): [100.0, 101.0, 99.0], (False, 2): [190.0, 191.0, 189.0]}
    make_run(tmp_path, "a", samples, salt="same")
    make_run(tmp_path, "b", samples, salt="same")
    points = tmp_path / "b" / "points.jsonl"
    lines = points.read_text().splitlines(keepends=True)
    lines[0] = lines[0][:120] + "\n"
    points.write_text("".join(lines))
    assert main(["compare", "a", "b", "--results", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    _no_traceback(err)
    assert f"{points}:1: damaged line (point " in err


def _files(root):
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_submit_dry_run_writes_nothing(submitted, tmp_path, capsys):
    # issue #46 item 6: --dry-run wrote manifest.json (the reconciled states, a new folder)
    before = _files(submitted.results)
    assert submitted.run("submit", "--dry-run", "--executor", "slurm", "--retry-failed") == 0
    assert _files(submitted.results) == before
    fresh = tmp_path / "fresh"
    code = main(["submit", str(submitted.sweep), "--results", str(fresh), "--dry-run"])
    assert code == 0, capsys.readouterr().err
    assert not fresh.exists() or not any(fresh.rglob("*"))
