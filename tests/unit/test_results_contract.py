"""The results table is declared once, in formats/results_columns.py: a row collect builds has
exactly its columns in its order, the CSV and the parquet file collect writes hold the declared
types, and the report reads either back typed as declared. Fast: a planned sweep, a manifest
and one synthetic step log; nothing runs."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from support import manifest

from scalestudy.collect import COLUMNS, tables
from scalestudy.collect.rows import collect_rows
from scalestudy.executors.manifest import Attempt, Manifest
from scalestudy.formats import results_columns, step_log
from scalestudy.formats.results_columns import PANDAS_DTYPES
from scalestudy.plan import make_plan
from scalestudy.report import load
from scalestudy.sweepfile.sweep import load_sweep

QUICKSTART = "experiments/quickstart.yaml"


def _write_log(folder: Path, workers: int) -> None:
    """Every rank's log of a completed 4-step run, the fields collect reads (trainer.md)."""
    folder.mkdir(parents=True)
    q = {"median": 0.2, "p10": 0.19, "p90": 0.25}
    for rank in range(workers):
        recs = [{"type": "header", "schema": step_log.SCHEMA, "segment_start_step": 1}]
        for s in range(1, 5):
            recs.append(
                {
                    "type": "step",
                    "step": s,
                    "timed": s > 1,
                    "loss": 7.0 - 0.1 * s,
                    "grad_norm": 1.0 / s,
                    "slots": {"src": 100, "tgt": 101},
                    "embedding_grad": {"form": "indexed_slices", "rows": 1201},
                    "embedding_rows_per_rank": [1201] * workers,
                    "bytes": {
                        "logical_embedding": 5000,
                        "logical_total": 9000,
                        "wire_sent_model": 7000,
                        "wire_recv_model": 7000,
                        "wire_sent_allgather_model": 3000,
                        "wire_sent_allreduce_model": 4000,
                    },
                    "peak_rss": 800_000_000 + rank,
                }
            )
        timing = {
            "timed_steps": 3,
            "throughput_tokens_per_s": {"total": 900.5, "src": 450.0, "tgt": 450.5, "slots": 1e3},
            "step_s_max_over_ranks": q,
            "this_rank": {"step_s": q},
        }
        footer = {"status": "completed", "exit_code": 0, "reason": "", "last_step": 4}
        recs.append({"type": "footer", **footer, "timing": timing})
        text = "".join(json.dumps(r) + "\n" for r in recs)
        (folder / step_log.rank_log_name(rank)).write_text(text)


@pytest.fixture
def collected(tmp_path):
    """quickstart planned: its first point completed (logs), its second failed without logs,
    the rest never submitted."""
    loaded = load_sweep(QUICKSTART)
    points = make_plan(loaded)
    sdir = tmp_path / "quickstart"
    attempts = {}
    for p, state in zip(points[:2], ("completed", "failed"), strict=True):
        folder = f"{p.id}/attempt-1"
        attempts[p.id] = [
            Attempt(
                attempt=1,
                state=state,
                folder=folder,
                executor="local",
                exit_code=0 if state == "completed" else 1,
                started_at=1.7e9,
                ended_at=1.7e9 + 60.5,
                allocation=p.allocation,
                run_order=0,
                bundle="b1",
            )
        ]
        if state == "completed":
            _write_log(sdir / folder / "logs", p.workers)
    sdir.mkdir(parents=True, exist_ok=True)
    Manifest(sdir).flush(manifest.made(attempts))
    rows = collect_rows(points, sdir, loaded.profile.name, profile=loaded.profile)
    return rows, sdir


def test_a_row_collect_builds_has_exactly_the_contract_columns(collected):
    rows, _ = collected
    assert list(COLUMNS) == list(results_columns.NAMES)
    assert len(set(COLUMNS)) == len(COLUMNS)
    for row in rows:
        assert list(row) == list(results_columns.NAMES)
    done = rows[0]
    assert done["status"] == "completed" and done["tokens_per_s"] == 900.5  # the log was read
    assert rows[1]["status"] == "failed" and rows[2]["status"] == "planned"


def test_a_key_the_contract_does_not_declare_stops_the_writer(collected, tmp_path):
    rows, _ = collected
    rows[0]["brand_new_column"] = 1.0
    with pytest.raises(ValueError, match=r"brand_new_column.*results_columns\.py"):
        tables.write_table(rows, tmp_path / "out")


def _assert_typed(frame: pd.DataFrame) -> None:
    """The report's view of the contract's types: numbers numeric (no pd.NA), ints integral,
    bools True/False/None, text str/None."""
    for c in results_columns.COLUMNS:
        col = frame[c.name]
        values = [v for v in col if not pd.isna(v)]
        if c.kind in ("int", "float"):
            assert pd.api.types.is_numeric_dtype(col) and not isinstance(
                col.dtype, pd.api.extensions.ExtensionDtype
            ), (c.name, col.dtype)
            if c.kind == "int":
                assert all(float(v).is_integer() for v in values), c.name
        elif c.kind == "bool":
            assert all(isinstance(v, bool | np.bool_) for v in values), (c.name, values)
        else:
            assert all(isinstance(v, str) for v in values), (c.name, values)


def test_collect_writes_the_declared_types_and_the_report_reads_them_back(collected, capsys):
    rows, sdir = collected
    rows[2]["tie_embeddings"] = None  # an empty bool must read back empty, not False
    tables.write_table(rows, sdir)
    assert "note:" not in capsys.readouterr().err  # every column fitted its type
    parquet = pd.read_parquet(sdir / "results.parquet")
    want = {c.name: PANDAS_DTYPES[c.kind] for c in results_columns.COLUMNS}
    assert {k: str(v) for k, v in parquet.dtypes.items()} == want

    # an int column with gaps is written as ints ("0", ""), not floats ("0.0")
    raw = pd.read_csv(sdir / "results.csv", dtype=str, keep_default_na=False)
    assert list(raw.columns) == list(results_columns.NAMES)
    assert list(raw["exit_code"][:3]) == ["0", "1", ""]
    assert list(raw["run_order"][:3]) == ["0", "0", ""]

    from_csv, path = load.read_table(sdir)
    assert path.name == "results.csv"
    _assert_typed(from_csv)
    (sdir / "results.csv").unlink()
    from_parquet, path = load.read_table(sdir)
    assert path.name == "results.parquet"
    _assert_typed(from_parquet)
    # the CSV and the parquet file say the same
    pd.testing.assert_frame_equal(from_csv, from_parquet, check_dtype=False)
    assert from_csv["tie_embeddings"][2] is None and from_parquet["tie_embeddings"][2] is None
    done = from_csv.iloc[0]
    assert done["sparse_as_dense"] in (True, False) and done["exit_code"] == 0
    assert done["start"] == 1.7e9 and math.isclose(done["end"] - done["start"], 60.5)


def test_a_value_that_does_not_fit_its_type_is_written_as_found_with_a_note(collected, capsys):
    import pyarrow.parquet as pq

    rows, sdir = collected
    rows[0]["nodes"] = 1.5
    tables.write_table(rows, sdir)
    assert "note: results column nodes is not all int (1.5): written as text" in (
        capsys.readouterr().err
    )
    raw = pd.read_csv(sdir / "results.csv", dtype=str, keep_default_na=False)
    assert list(raw["nodes"][:2]) == ["1.5", str(rows[1]["nodes"])]
    parquet = pq.read_table(sdir / "results.parquet")
    assert parquet.column("nodes").to_pylist()[:2] == ["1.5", str(rows[1]["nodes"])]


def test_an_old_table_without_the_newer_columns_still_loads(tmp_path):
    old = [c for c in results_columns.NAMES if not c.startswith(("emb_", "grad_norm"))]
    rows = [{c: None for c in old} | {"point_id": "a", "mode": "weak", "nodes": 1.0}]
    rows[0] |= {"workers": 1, "status": "completed", "sparse_as_dense": "True"}
    (tmp_path / "old").mkdir()
    pd.DataFrame(rows, columns=old).to_csv(tmp_path / "old" / "results.csv", index=False)
    frame, _ = load.read_table(tmp_path / "old")
    assert set(results_columns.NAMES) <= set(frame.columns)
    assert frame["emb_union_rows"].isna().all() and frame["sparse_as_dense"].tolist() == [True]
    _assert_typed(frame)


def test_the_contract_imports_without_pandas():
    import subprocess

    code = (
        "import sys\nimport scalestudy.formats.results_columns\n"
        "assert 'pandas' not in sys.modules and 'tensorflow' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
