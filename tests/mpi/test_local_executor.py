"""The harness end to end on this machine: submit -> run -> collect, idempotent."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
import yaml

from scalestudy.cli import main

pytestmark = pytest.mark.mpi

SWEEP = {
    "name": "mini",
    "cluster": "local",
    "mode": "weak",
    "nodes": [1, 2],
    "ppn": 1,
    "repeats": 1,
    "time_limit": "00:05:00",
    "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 6, "timing_warmup_steps": 2},
    "matrix": {"trainer.sparse_as_dense": [False, True]},
}


def _rows(path: Path) -> list[dict]:
    with open(path) as fh:
        return list(csv.DictReader(fh))


def test_submit_collect_and_resubmit(mpi_stack, tmp_path, capsys):
    sweep = tmp_path / "mini.yaml"
    sweep.write_text(yaml.safe_dump(SWEEP))
    results = tmp_path / "results"
    rendered = tmp_path / "rendered"
    assert main(["render", str(sweep), "--results", str(results), "--out", str(rendered)]) == 0

    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "ran 4 point(s)" in out
    for script in rendered.glob("*.sh"):  # render showed exactly what ran
        archived = results / "mini" / script.stem / "attempt-1" / "job.sh"
        assert archived.read_text() == script.read_text()

    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert "ran 0 point(s)" in out and "skipped 4: completed" in out

    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    rows = _rows(results / "mini" / "results.csv")
    assert len(rows) == 4
    for r in rows:
        assert r["status"] == "completed"
        assert float(r["tokens_per_s"]) > 0 and int(float(r["steps_timed"])) == 4
        sparse = r["sparse_as_dense"] == "False"
        workers = int(r["workers"])
        emb = float(r["logical_embedding_bytes_per_step"])
        if sparse:
            assert float(r["logical_allgather_bytes_per_step"]) == emb
            assert float(r["emb_grad_rows_per_worker"]) > 1000
        else:
            assert emb == 4 * 1000 * 64 and float(r["logical_allgather_bytes_per_step"]) == 0
        assert workers == int(r["nodes"])
    assert (results / "mini" / "results.parquet").exists()


def test_failed_points_are_kept_and_retried(mpi_stack, tmp_path, capsys):
    spec = dict(SWEEP, nodes=[2], matrix={})
    spec["trainer"] = dict(SWEEP["trainer"], inject_failure={"rank": 1, "step": 3})
    sweep = tmp_path / "fail.yaml"
    sweep.write_text(yaml.safe_dump(dict(spec, name="fail")))
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    assert main(["collect", str(sweep), "--results", str(results)]) == 0
    (row,) = _rows(results / "fail" / "results.csv")
    assert row["status"] == "failed" and row["tokens_per_s"] == ""
    capsys.readouterr()
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    assert "skipped 1: failed (use --retry-failed)" in capsys.readouterr().out
    assert main(["submit", str(sweep), "--results", str(results), "--retry-failed"]) == 0
    assert (results / "fail" / row["point_id"] / "attempt-2" / "job.sh").exists()
