"""collect writes results.csv and results.parquet without pandas once pandas' bytes were
reproduced (collect/plain_table.py): the files are byte-identical to pandas' for the same rows,
whatever changed since the last table (a cell, a new row, a row gone, a file edited on disk),
and an entry that cannot be trusted is not (damaged: said; other libraries; a format it did not
reproduce)."""

from __future__ import annotations

import dataclasses
import os
import random

import msgspec
import pytest
from support.rows import results_row

from scalestudy.collect import plain_table, tables
from scalestudy.collect.cache import ReadCache
from scalestudy.formats import results_columns

FILES = (plain_table.CSV, plain_table.PARQUET)
# values each kind's column takes, the awkward ones included: what pandas writes of them is
# the reference (float: repr's switch to exponents at 1e16 and 1e-4, -0.0, inf, NaN, the
# smallest and largest doubles, ints; text: the csv module's quoting, non-ASCII, '' beside
# None, numbers and bools made text)
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


@pytest.fixture
def pandas_writes(monkeypatch) -> list[int]:
    """How many tables pandas wrote (tables.typed_frame counted)."""
    calls: list[int] = []
    real = tables.typed_frame

    def counted(rows):
        calls.append(len(rows))
        return real(rows)

    counted.real = real
    monkeypatch.setattr(tables, "typed_frame", counted)
    return calls


def _by_pandas(rows: list[dict], folder) -> dict[str, bytes]:
    """What pandas writes of these rows (no record; not counted in `pandas_writes`)."""
    real = getattr(tables.typed_frame, "real", tables.typed_frame)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tables, "typed_frame", real)
        tables.write_table(rows, folder)
    return _files(folder)


def _files(folder) -> dict[str, bytes]:
    return {n: (folder / n).read_bytes() for n in FILES}


def _collect(rows: list[dict], folder) -> ReadCache:
    """write_table as collect calls it: the record read, the table written, the record saved."""
    cache = ReadCache(folder / ".record", [])
    tables.write_table(rows, folder, cache)
    cache.save()
    return cache


def test_every_value_as_pandas_writes_it(tmp_path):
    import pyarrow.parquet as pq

    rows = _rows(60, seed=1)
    want = _by_pandas(rows, tmp_path / "pandas")
    declared = list(results_columns.columns())
    cols = plain_table.columns_of(rows)
    assert cols is not None
    text = plain_table.header(declared) + b"".join(plain_table.csv_lines(declared, cols))
    assert text == want[plain_table.CSV]
    schema = pq.read_schema(tmp_path / "pandas" / plain_table.PARQUET)
    assert plain_table.parquet_bytes(declared, cols, schema) == want[plain_table.PARQUET]
    # no rows at all: the header alone, and an empty parquet table
    empty = _by_pandas([], tmp_path / "empty")
    cols = plain_table.columns_of([])
    assert plain_table.header(declared) == empty[plain_table.CSV]
    assert plain_table.parquet_bytes(declared, cols, schema) == empty[plain_table.PARQUET]


@pytest.mark.parametrize(
    "change", ["nothing", "a cell", "a cell's type", "a new row", "a row gone", "rows reordered"]
)
def test_a_later_table_is_pandas_bytes_without_pandas(tmp_path, pandas_writes, change):
    rows = _rows(40, seed=2)
    rows[3]["status"] = 1  # text "1"; 1.0 (equal in Python) is "1.0"
    folder = tmp_path / "sweep"
    cache = _collect(rows, folder)
    assert pandas_writes == [40] and plain_table.TABLE in cache.new  # checked, then kept
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
    assert pandas_writes == [40]  # the second table: without pandas
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")
    unchanged = {n: (folder / n).stat().st_ino for n in FILES} == before
    assert unchanged == (change == "nothing")  # the same rows: nothing rewritten


@pytest.mark.parametrize("edit", ["results.csv", "results.parquet"])
def test_a_table_edited_since_is_written_again(tmp_path, pandas_writes, edit):
    """The last files are trusted only while they hold what was written (their bytes'
    digest): an edit by hand, the same size, is undone by the next collect."""
    rows = _rows(20, seed=4)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    path = folder / edit
    raw = bytearray(path.read_bytes())
    raw[-5] = raw[-5] ^ 1  # one bit, the same size
    path.write_bytes(bytes(raw))
    rows[0] = rows[0] | {"final_loss": 2.5}  # and one row changed: lines are reused or not
    _collect(rows, folder)
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")
    path.write_bytes(bytes(raw))  # edited, rows unchanged
    _collect(rows, folder)
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")
    assert pandas_writes == [20]


def test_a_damaged_entry_is_said_and_pandas_writes(tmp_path, pandas_writes, capsys):
    rows = _rows(10, seed=5)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    record = folder / ".record"
    data = msgspec.msgpack.decode(record.read_bytes())
    entry = data["entries"][plain_table.TABLE]["value"]
    entry["lengths"] = entry["lengths"][:-1]  # one line fewer than rows
    record.write_bytes(msgspec.msgpack.encode(data))
    rows[1] = rows[1] | {"final_loss": 3.5}
    _collect(rows, folder)
    assert f"{plain_table.TABLE!r} entry is damaged: ignored" in capsys.readouterr().err
    assert len(pandas_writes) == 2
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")


def test_an_entry_whose_schema_is_not_one_is_said_and_pandas_writes(
    tmp_path, pandas_writes, capsys
):
    rows = _rows(10, seed=5)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    record = folder / ".record"
    data = msgspec.msgpack.decode(record.read_bytes())
    data["entries"][plain_table.TABLE]["value"]["schema"] = b"not an arrow schema"
    record.write_bytes(msgspec.msgpack.encode(data))
    rows[1] = rows[1] | {"final_loss": 3.5}
    _collect(rows, folder)
    err = capsys.readouterr().err
    assert f"{plain_table.TABLE!r} entry is damaged: ignored" in err and "Traceback" not in err
    assert len(pandas_writes) == 2
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")


def test_other_libraries_or_columns_are_not_trusted(tmp_path, pandas_writes, monkeypatch):
    """pandas' metadata names its version: after an upgrade (its files' signature) pandas
    writes again; so for a column of another kind."""
    rows = _rows(10, seed=6)
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    real = plain_table._libraries
    monkeypatch.setattr(plain_table, "_libraries", lambda: [[1, 2, 3], *real()[1:]])
    _collect(rows, folder)
    assert len(pandas_writes) == 2
    monkeypatch.setattr(plain_table, "_libraries", real)  # and back: pandas, then not
    _collect(rows, folder)
    _collect(rows, folder)
    assert len(pandas_writes) == 3
    other = [
        dataclasses.replace(c, kind="text") if c.name == "final_loss" else c
        for c in results_columns.columns()
    ]
    monkeypatch.setattr(plain_table, "_declared", lambda: other)
    assert not plain_table.write(rows, folder, ReadCache(folder / ".record", []))


def test_what_was_not_reproduced_is_not_kept(tmp_path, pandas_writes, monkeypatch):
    """The entry is kept only when this module's bytes equal pandas' (here its float cells
    made wrong on purpose): the next table is pandas' again, not a wrong one."""
    real = plain_table._cells

    def wrong(kind, values):
        cells = real(kind, values)
        return [c[:6] for c in cells] if kind == "float" else cells

    monkeypatch.setattr(plain_table, "_cells", wrong)
    rows = _rows(10, seed=7)
    folder = tmp_path / "sweep"
    assert plain_table.TABLE not in _collect(rows, folder).new
    rows[0] = rows[0] | {"final_loss": 4.5}
    _collect(rows, folder)
    assert len(pandas_writes) == 2
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")


def test_a_value_of_another_type_goes_to_pandas(tmp_path, pandas_writes, capsys):
    rows = [r | {"nodes": 2} for r in _rows(10, seed=8)]
    folder = tmp_path / "sweep"
    _collect(rows, folder)
    rows[2] = rows[2] | {"nodes": 1.5}
    _collect(rows, folder)
    assert len(pandas_writes) == 2
    assert "note: results column nodes is not all int" in capsys.readouterr().err
    assert _files(folder) == _by_pandas(rows, tmp_path / "reference")
    assert os.path.exists(folder / ".record")
