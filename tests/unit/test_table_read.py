"""What the readers of a results folder give back, checked against pandas' and Python's own
readers (issue #47: collect's history entry reads the folder collect has just written, so
these readers were made cheaper; they must read what they read before, value and type)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
from support.rows import point_row, write_results

from scalestudy.report import load


def _same(a, b) -> bool:
    """Equal values of the same type (NaN equal to NaN)."""
    if type(a) is not type(b):
        return False
    return a == b or (isinstance(a, float) and math.isnan(a) and math.isnan(b))


def test_table_rows_are_what_to_dict_records_gives_value_and_type(tmp_path: Path):
    rows = [
        point_row("p1", "s", 1, status="completed", tokens_per_s=1234.5, repeat=0, allocation=0,
                  sparse_as_dense=True, exchange="allreduce", job_id="17", step_s_median=0.25),
        point_row("p2", "s", 2, status="failed", tokens_per_s=None, repeat=1, allocation=1,
                  sparse_as_dense=False, exchange="sparse_reduce", node_list="c[1-2]"),
        point_row("p3", "s", 4, status=None, sparse_as_dense=None),
    ]  # fmt: skip
    write_results(tmp_path, rows)
    frame, _ = load.read_table(tmp_path)
    kinds = {str(t) for t in frame.dtypes}
    assert {"float64", "int64", "object"} <= kinds, kinds  # every kind the table reads as
    want = frame.to_dict("records")
    got = load.table_rows(frame)
    assert len(got) == len(want) == 3
    for g, w in zip(got, want, strict=True):
        assert list(g) == list(w)
        bad = {k: (g[k], w[k]) for k in w if not _same(g[k], w[k])}
        assert not bad, bad


def test_table_rows_of_a_frame_with_extension_and_bool_columns():
    frame = pd.DataFrame(
        {
            "i": pd.array([1, None, 3], dtype="Int64"),
            "b": [True, False, True],
            "s": pd.array(["x", None, "z"], dtype="string"),
            "f": [1.5, float("nan"), 2.0],
        }
    )
    want, got = frame.to_dict("records"), load.table_rows(frame)
    for g, w in zip(got, want, strict=True):
        assert all(_same(g[k], w[k]) for k in w), (g, w)


def test_points_lines_read_as_pythons_json_reads_them_and_the_rest_is_damaged(tmp_path: Path):
    """A line json.dumps wrote with NaN or Infinity in it (JSON has neither; msgspec refuses
    them) is read as json.loads reads it; a line cut short is damaged, named by its point."""
    good = {"point_id": "a", "schema": "scalestudy.point/2", "config": {"steps": 3}}
    nan = {"point_id": "b", "x": float("nan"), "y": float("inf")}
    lines = [json.dumps(good), json.dumps(nan), json.dumps({"point_id": "c", "z": 1})[:-3]]
    (tmp_path / "points.jsonl").write_text("\n".join(lines) + "\n")
    out, damaged = load.read_points(tmp_path)
    assert out["a"] == good
    assert math.isnan(out["b"]["x"]) and out["b"]["y"] == float("inf")
    assert set(out) == {"a", "b"}
    assert list(damaged) == ["c"] and ":3: damaged line" in damaged["c"], damaged
