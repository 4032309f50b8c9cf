"""collect's one writer of results.csv and results.parquet (collect/tables.py, issue #47 item
1): from the declared columns, without pandas. Every awkward value of every kind reads back
the same with pandas (the CSV, the parquet file) and pyarrow, in the contract's types; a later
table is the bytes a fresh write gives, whatever changed since (a cell, a row, a file edited on
disk, a damaged record), formatting only the rows that changed."""

from __future__ import annotations

import dataclasses
import math
import random

import msgspec
import pandas as pd
import pyarrow.parquet as pq
import pytest
from support.rows import results_row

from scalestudy.collect import tables
from scalestudy.collect.cache import ReadCache
from scalestudy.formats import results_columns

FILES = (tables.CSV, tables.PARQUET)
# values each kind's column takes, the awkward ones included (float: repr's switch to exponents
# at 1e16 and 1e-4, -0.0, inf, NaN, the smallest and largest doubles, ints; text: the csv
# module's quoting, non-ASCII, '' beside None, numbers and bools made text)
VALUES = {
    "float": [0.1, 1e16, 1e-05, 0.0001, 123456789.123, -0.0, float("inf"), float("-inf"),
              5e-324, 1.7976931348623157e308, float("nan"), 2**53, 3, -7, 0.30000000000000004,
              None],
    "int": [0, -1, 2**62, 17, None],
    "bool": [True, False, None],
    "text": ["a,b", 'q"uote', "new\nline", "r\rcr", "ünïcode ✓", "", " lead", None, 7, True,
             1.5, float("nan"), "plain"],
}  # fmt: skip


def _rows(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        row = results_row(**{c.name: rng.choice(VALUES[c.kind]) for c in results_columns.columns()})
        out.append(row | {"point_id": f"p{seed}-{i}"})
    return out


def _expected(kind: str, v, csv: bool):
    """A value as the table holds it, by hand: NaN and None are missing (and in a CSV, '' too:
    an empty cell), a number or bool in a text column is its text."""
    if (
        v is None
        or (isinstance(v, float) and math.isnan(v))
        or (csv and v == "" and kind == "text")
    ):
        return None
    if kind == "float":
        return float(v)
    if kind == "text" and not isinstance(v, str):
        return repr(v) if isinstance(v, float) else str(v)
    return v


def _same(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and a == b)


def _missing(v) -> bool:
    return v is None or v is pd.NA or (isinstance(v, float) and math.isnan(v))


def test_every_value_reads_back_the_same_with_pandas_and_pyarrow(tmp_path):
    rows = _rows(60, seed=1)
    tables.write_table(rows, tmp_path)
    dtypes = {c.name: results_columns.PANDAS_DTYPES[c.kind] for c in results_columns.columns()}
    # round_trip: the exact double of each cell (pandas' default parser may miss the last digit)
    from_csv = pd.read_csv(tmp_path / tables.CSV, dtype=dtypes, float_precision="round_trip")
    from_parquet = pd.read_parquet(tmp_path / tables.PARQUET)
    arrow = pq.read_table(tmp_path / tables.PARQUET)
    assert {k: str(v) for k, v in from_parquet.dtypes.items()} == dtypes  # the contract's
    assert list(from_csv.columns) == list(arrow.column_names) == list(dtypes)
    for c in results_columns.columns():
        got_csv = from_csv[c.name].tolist()
        got_parquet = from_parquet[c.name].tolist()
        got_arrow = arrow.column(c.name).to_pylist()
        for i, row in enumerate(rows):
            want = _expected(c.kind, row[c.name], csv=False)
            want_csv = _expected(c.kind, row[c.name], csv=True)
            for got, w, where in (
                (got_csv[i], want_csv, "csv"),
                (got_parquet[i], want, "pandas parquet"),
                (got_arrow[i], want, "pyarrow"),
            ):
                assert (_missing(got) and w is None) or _same(got, w), (c.name, i, where, got, w)
    # no rows at all: the header alone, and an empty parquet table of the same columns
    tables.write_table([], tmp_path / "empty")
    assert (tmp_path / "empty" / tables.CSV).read_text().strip().split(",") == list(dtypes)
    assert pq.read_table(tmp_path / "empty" / tables.PARQUET).column_names == list(dtypes)


def test_the_report_reads_every_float_cell_back_exactly(tmp_path):
    """The report's reader (report/load.read_table) gets the double collect wrote: pandas'
    default CSV parser misses the last digit of some (it read 0.30000000000000004 as 0.3;
    round_trip reads the exact double)."""
    from scalestudy.report.load import read_table

    rows = _rows(60, seed=2)
    tables.write_table(rows, tmp_path)
    (tmp_path / tables.PARQUET).unlink()  # the CSV is what the report reads first
    frame, path = read_table(tmp_path)
    assert path.name == tables.CSV
    for c in results_columns.columns():
        if c.kind != "float":
            continue
        for i, row in enumerate(rows):
            want, got = _expected(c.kind, row[c.name], csv=True), frame[c.name].iloc[i]
            assert (_missing(got) and want is None) or got == want, (c.name, i, got, want)


def test_the_csv_cells_are_written_as_the_kind_says(tmp_path):
    rows = [results_row(point_id="p0", final_loss=1e16, exit_code=3, sparse_as_dense=True)]
    rows.append(results_row(point_id="p,1", final_loss=0.0001, exit_code=None))
    tables.write_table(rows, tmp_path)
    raw = pd.read_csv(tmp_path / tables.CSV, dtype=str, keep_default_na=False)
    assert list(raw["final_loss"]) == ["1e+16", "0.0001"]  # the double's repr
    assert list(raw["exit_code"]) == ["3", ""]  # an int with a gap stays an int
    assert list(raw["sparse_as_dense"][:1]) == ["True"]
    assert '"p,1"' in (tmp_path / tables.CSV).read_text()  # the csv module's quoting


@pytest.fixture
def formatted(monkeypatch) -> list[int]:
    """How many rows' CSV lines each write formatted (the rest: the last table's lines)."""
    calls: list[int] = []
    real = tables.csv_lines

    def counted(kinds, cols, which=None):
        lines = real(kinds, cols, which)
        calls.append(len(lines))
        return lines

    monkeypatch.setattr(tables, "csv_lines", counted)
    return calls


def _files(folder) -> dict[str, bytes]:
    return {n: (folder / n).read_bytes() for n in FILES}


def _collect(rows: list[dict], folder) -> ReadCache:
    """write_table as collect calls it: the record read, the table written, the record saved."""
    cache = ReadCache(folder / ".record", [])
    tables.write_table(rows, folder, cache)
    cache.save()
    return cache


def _fresh(rows: list[dict], folder) -> dict[str, bytes]:
    tables.write_table(rows, folder)  # no record: every line formatted
    return _files(folder)


@pytest.mark.parametrize(
    ("change", "lines"),
    [
        ("nothing", 0),
        ("a cell", 1),
        ("a cell's type", 1),
        ("a new row", 1),
        ("a row gone", 0),
        ("rows reordered", 0),
    ],
)
def test_a_later_table_is_a_fresh_writes_bytes_formatting_only_what_changed(
    tmp_path, formatted, change, lines
):
    rows = _rows(40, seed=2)
    rows[3]["status"] = 1  # text "1"; 1.0 (equal in Python) is "1.0"
    folder = tmp_path / "sweep"
    assert tables.TABLE in _collect(rows, folder).new
    assert formatted == [40]
    before = {n: (folder / n).stat().st_ino for n in FILES}
    if change == "a cell":
        rows[3] = rows[3] | {"final_loss": 1.25, "status": 'completed, "at last"'}
    elif change == "a cell's type":
        rows[3] = rows[3] | {"status": 1.0}
    elif change == "a new row":
        rows.append(_rows(1, seed=3)[0])
    elif change == "a row gone":
        del rows[7]
    elif change == "rows reordered":
        rows.reverse()
    _collect(rows, folder)
    assert formatted[1:] == ([] if change == "nothing" else [lines])
    assert _files(folder) == _fresh(rows, tmp_path / "fresh")
    unchanged = {n: (folder / n).stat().st_ino for n in FILES} == before
    assert unchanged == (change == "nothing")  # the same rows: nothing rewritten


@pytest.mark.parametrize("edit", ["results.csv", "results.parquet"])
def test_a_table_edited_since_is_written_again(tmp_path, formatted, edit):
    """The last CSV's lines are reused only while the file holds what was written (its bytes'
    digest): an edit by hand, the same size, is undone by the next collect."""
    rows = _rows(20, seed=4)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    path = folder / edit
    raw = bytearray(path.read_bytes())
    raw[-5] = raw[-5] ^ 1  # one bit, the same size
    path.write_bytes(bytes(raw))
    rows[0] = rows[0] | {"final_loss": 2.5}
    _collect(rows, folder)
    assert _files(folder) == _fresh(rows, tmp_path / "fresh")
    assert formatted[1] == (20 if edit == "results.csv" else 1)


@pytest.mark.parametrize("damage", ["lengths", "rows", "not a mapping"])
def test_a_damaged_record_entry_is_not_trusted(tmp_path, formatted, damage):
    rows = _rows(10, seed=5)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    record = folder / ".record"
    data = msgspec.msgpack.decode(record.read_bytes())
    entry = data["entries"][tables.TABLE]
    if damage == "lengths":
        entry["value"]["lengths"] = entry["value"]["lengths"][:-1]  # one line fewer than rows
    elif damage == "rows":
        entry["value"]["rows"] = b"x" * 7
    else:
        entry["value"] = [1, 2]
    record.write_bytes(msgspec.msgpack.encode(data))
    rows[1] = rows[1] | {"final_loss": 3.5}
    _collect(rows, folder)
    assert formatted[1] == 10  # every line formatted again
    assert _files(folder) == _fresh(rows, tmp_path / "fresh")


def test_other_columns_are_not_reused(tmp_path, formatted, monkeypatch):
    rows = _rows(10, seed=6)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    other = [
        dataclasses.replace(c, kind="text") if c.name == "final_loss" else c
        for c in results_columns.columns()
    ]
    monkeypatch.setattr(results_columns, "columns", lambda: other)
    _collect(rows, folder)
    assert formatted[1] == 10
    assert _files(folder) == _fresh(rows, tmp_path / "fresh")
