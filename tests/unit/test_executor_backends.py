"""The executor interface is the only place that knows a backend: a backend defined here, in
the tests, registered from the test, runs a sweep through the public `submit`, `status` and
`collect` (and the CLI) with no change anywhere else."""

from __future__ import annotations

import ast
import csv
from pathlib import Path
from typing import ClassVar

import pytest

from scalestudy.cli import main
from scalestudy.executors import registry
from scalestudy.executors.base import Executor, Submission
from scalestudy.executors.manifest import Attempt, Manifest
from scalestudy.plan import make_plan
from scalestudy.status import refresh
from scalestudy.submit import submit, sweep_dir
from scalestudy.sweepfile.sweep import load_sweep

QUICKSTART = "experiments/quickstart.yaml"
PACKAGE = Path(__file__).resolve().parents[2] / "scalestudy"


class Recorder(Executor):
    """A scheduler that queues jobs and runs them when the test says so: it records every job
    it is given (a bundle is one job) and reports them finished once `finish` was called."""

    name = "recorder"
    bundles_are_jobs = True
    queues_jobs = True
    jobs: ClassVar[dict[str, list[str]]] = {}  # job id -> the points it runs
    finished: ClassVar[set[str]] = set()

    def submit(self, sub: Submission) -> None:
        units = [(b.id, [m.id for m in b.members]) for b in sub.bundles]
        units += [(p.id, [p.id]) for p, _ in sub.queued if not sub.bundles]
        for _, members in units:
            job = f"rec{len(self.jobs) + 1}"
            self.jobs[job] = members
            for pid in members:
                sub.data.last(pid).job_id = job
                sub.job_ids[pid] = job

    def reconcile(self, records: list[Attempt], sweep_dir: Path) -> None:
        for r in records:
            if r.job_id in self.finished:
                r.update(state="completed", exit_code=0)

    def accounting(self, job_ids: list[str]) -> dict[str, dict]:
        return {j: {"slurm_state": "COMPLETED", "elapsed": "00:00:07"} for j in job_ids}

    @classmethod
    def finish(cls) -> None:
        cls.finished.update(cls.jobs)


@pytest.fixture
def recorder(monkeypatch):
    monkeypatch.setattr(registry, "_BACKENDS", dict(registry._BACKENDS))
    monkeypatch.setattr(Recorder, "jobs", {})
    monkeypatch.setattr(Recorder, "finished", set())
    registry.register(Recorder)
    return Recorder


def test_a_backend_from_the_tests_runs_a_sweep_through_the_public_functions(recorder, tmp_path):
    loaded = load_sweep(QUICKSTART)
    points = make_plan(loaded)
    decision = submit(loaded, points, tmp_path, executor="recorder")
    # quickstart is bundled (sparse vs dense): one job per node count and allocation
    assert decision.jobs == len(recorder.jobs) == 4
    assert sorted(p for members in recorder.jobs.values() for p in members) == sorted(
        p.id for p in points
    )
    sdir = sweep_dir(tmp_path, loaded).resolve()
    data = Manifest(sdir).read()
    last = [e.attempts[-1] for e in data.points.values()]
    assert {a.executor for a in last} == {"recorder"}
    assert all((sdir / a.folder / "point.json").exists() for a in last)
    nodes = {p.id: p.nodes for p in points}
    assert all(len({nodes[m] for m in members}) == 1 for members in recorder.jobs.values())

    assert refresh(sdir, points).counts == {"submitted": 8}
    again = submit(loaded, points, tmp_path, executor="recorder")  # idempotent
    assert again.run == [] and len(recorder.jobs) == 4
    recorder.finish()
    assert refresh(sdir, points).counts == {"completed": 8}  # reconciled by the backend


def test_the_cli_offers_and_drives_a_registered_backend(recorder, tmp_path, capsys):
    args = [QUICKSTART, "--results", str(tmp_path)]
    assert main(["submit", *args, "--executor", "recorder"]) == 0
    out = capsys.readouterr().out
    assert "submitted 4 job(s) (8 points)" in out and "as job rec1" in out
    recorder.finish()
    assert main(["status", *args]) == 0
    assert "completed: 8" in capsys.readouterr().out
    assert main(["collect", *args]) == 0
    with open(tmp_path / "quickstart" / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert {r["elapsed"] for r in rows} == {"00:00:07"}  # the backend's accounting
    assert {r["status"] for r in rows} == {"completed"}


def test_the_built_in_backends_are_found_by_name():
    assert {"local", "slurm"} <= set(registry.names())
    local, slurm = registry.get("local"), registry.get("slurm")
    assert (local.name, slurm.name) == ("local", "slurm")
    assert slurm.bundles_are_jobs and slurm.queues_jobs and not local.queues_jobs
    with pytest.raises(KeyError, match="no executor 'pbs'"):
        registry.get("pbs")


def _compares_to_a_backend_name(node: ast.AST) -> bool:
    if not isinstance(node, ast.Compare):
        return False
    if not all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
        return False
    sides = [node.left, *node.comparators]
    return any(isinstance(s, ast.Constant) and s.value in ("local", "slurm") for s in sides)


def test_only_the_executors_package_compares_backend_names():
    """No `== "slurm"` / `!= "local"` outside scalestudy/executors/: the rest asks the
    backend what it can do."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "executors" in path.relative_to(PACKAGE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if _compares_to_a_backend_name(node):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert found == []
