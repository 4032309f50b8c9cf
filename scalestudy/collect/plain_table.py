"""results.csv and results.parquet without pandas, byte for byte what pandas writes of the
same rows (collect/tables.py: the typed frame, `to_csv(index=False)`, `to_parquet(index=False)`).

Why: importing pandas and building a 10,000-row frame was a third of a collect after one new
point. So once pandas has written a table, collect writes the next one itself:
- CSV: each cell as pandas formats its column's type (float: the float's repr, int: its digits,
  bool: True/False, text: the string; empty for None and NaN), through the csv module as pandas
  calls it. A row whose values are those of a row of the last table (a digest of its values,
  their types included) keeps that row's line from the results.csv written then, when the file
  still holds exactly what was written (a digest of its bytes): one new point formats one line.
- Parquet: pyarrow's arrays of the columns, in the schema pandas gave the last table (arrow
  types and pandas' metadata, which names pandas' version).

What it reuses is kept in collect's record (collect/cache.py, entry TABLE) and is trusted only
as far as it was checked: after each pandas write (`remember`), collect formats the same rows
itself and keeps the entry only when its CSV and its parquet bytes equal pandas' files; the
entry names the columns (names and kinds) and the signature of pandas' and pyarrow's installed
files (the metadata names their versions: an upgrade writes other bytes). A table it cannot write
this way (a value not of its column's plain type, a key no column declares, no checked entry)
is written by pandas (`write` returns False); an entry that is not what this module writes is
ignored and said.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import io
import operator
import sys
from pathlib import Path

import msgspec

from scalestudy.collect.cache import ReadCache, signature
from scalestudy.fileio import replacing
from scalestudy.formats import results_columns

TABLE = "results tables"  # the record's entry: what the last table was and how it was written
CSV, PARQUET = "results.csv", "results.parquet"
_NONE = type(None)
# each kind's values as the typed frame takes them without a note, which this module formats
# as pandas does (float: ints only where a double holds them exactly)
PLAIN = {
    "float": {float, int, _NONE},
    "int": {int, _NONE},
    "bool": {bool, _NONE},
    "text": {str, int, float, bool, _NONE},
}
_NAN = float("nan")
_EXACT = 2**53  # ints a double holds exactly
_INT64 = 2**63


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _declared() -> list:
    return list(results_columns.columns())  # the typed frame's columns, in its order


def columns_of(rows: list[dict]) -> list[tuple] | None:
    """The rows' values column by column (the declared columns' order), or None when a value
    is not of its column's plain type or a row has a key no column declares (pandas writes
    those: the first with a note, the second stops it)."""
    declared = _declared()
    names = [c.name for c in declared]
    known = set(names)
    if not all(r.keys() <= known for r in rows):
        return None
    get = operator.itemgetter(*names)
    table = [get(r) if len(r) == len(names) else tuple(map(r.get, names)) for r in rows]
    cols = list(zip(*table, strict=True)) or [() for _ in names]
    for c, values in zip(declared, cols, strict=True):
        types = set(map(type, values))
        if not types <= PLAIN[c.kind]:
            return None
        if int in types and c.kind in ("float", "int"):
            low, high = (-_EXACT, _EXACT) if c.kind == "float" else (-_INT64, _INT64 - 1)
            ints = [v for v in values if type(v) is int]
            if min(ints) < low or max(ints) > high:
                return None
    return cols


def _cells(kind: str, values: tuple) -> list[str]:
    """A column's CSV cells as pandas writes them (float64: numpy's repr of the double, the
    same digits as Python's; Int64 and boolean: str; string: the text; NA: empty)."""
    if kind == "float":
        return ["" if v is None or v != v else repr(float(v)) for v in values]
    if kind == "text":
        return _text(values, "")
    return ["" if v is None else str(v) for v in values]


def _text(values, missing):
    """A text column's strings as the typed frame makes them (tables._typed: str, NaN missing)."""
    return [v if type(v) is str else missing if v is None or v != v else str(v) for v in values]


class _Lines(list):
    """The csv writer's output, one string per row (it writes each row in one call)."""

    write = list.append


def csv_lines(declared: list, cols: list[tuple], which: list[int] | None = None) -> list[bytes]:
    """Each row's CSV line (of the rows `which`, default all), UTF-8 as pandas writes it."""
    if which is not None:
        cols = [tuple(v[i] for i in which) for v in cols]
    cells = [_cells(c.kind, v) for c, v in zip(declared, cols, strict=True)]
    out = _Lines()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerows(zip(*cells, strict=True))
    return [line.encode("utf-8") for line in out]


def header(declared: list) -> bytes:
    out = _Lines()
    csv.writer(out, lineterminator="\n").writerow([c.name for c in declared])
    return out[0].encode("utf-8")


def row_digests(cols: list[tuple]) -> bytes | None:
    """One 16-byte digest per row of its values, their types included (1 and 1.0 and True are
    written differently); None when a value cannot be encoded."""
    encode = msgspec.msgpack.Encoder().encode
    try:
        return b"".join(_digest(encode(row)) for row in zip(*cols, strict=True))
    except (TypeError, OverflowError, msgspec.EncodeError):
        return None


def parquet_bytes(declared: list, cols: list[tuple], schema) -> bytes | None:
    """The table's parquet file as pandas writes it, in `schema` (pyarrow's, with pandas'
    metadata), or None for a column type this module does not build. The arrays are built
    from their buffers: pyarrow.array() would import pandas to ask whether a list is one."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    arrays = []
    for c, values, field in zip(declared, cols, schema, strict=True):
        array = _arrow_array(pa, c.kind, values, field.type)
        if array is None:
            return None
        arrays.append(array)
    buf = io.BytesIO()
    pq.write_table(pa.Table.from_arrays(arrays, schema=schema), buf, compression="snappy")
    return buf.getvalue()


def _arrow_array(pa, kind: str, values: tuple, typ):
    """One column as pyarrow holds what pandas hands it: float64 with NaN and None as null,
    int64 and bool with None as null, (large_)string of the typed frame's text."""
    import numpy as np

    n = len(values)
    if kind == "float" and typ == pa.float64():
        data = np.array([_NAN if v is None else v for v in values], dtype=np.float64)
        valid = ~np.isnan(data)
        buffers = [pa.py_buffer(data)]
    elif kind == "int" and typ == pa.int64():
        valid = np.array([v is not None for v in values], dtype=bool)
        data = np.array([0 if v is None else v for v in values], dtype=np.int64)
        buffers = [pa.py_buffer(data)]
    elif kind == "bool" and typ == pa.bool_():
        valid = np.array([v is not None for v in values], dtype=bool)
        bits = np.array([v is True for v in values], dtype=bool)
        buffers = [pa.py_buffer(np.packbits(bits, bitorder="little"))]
    elif kind == "text" and typ in (pa.large_string(), pa.string()):
        text = _text(values, None)
        valid = np.array([t is not None for t in text], dtype=bool)
        encoded = [t.encode("utf-8") if t is not None else b"" for t in text]
        offsets = np.zeros(n + 1, dtype=np.int64 if typ == pa.large_string() else np.int32)
        np.cumsum([len(e) for e in encoded], out=offsets[1:])
        buffers = [pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))]
    else:
        return None
    nulls = n - int(valid.sum())
    mask = pa.py_buffer(np.packbits(valid, bitorder="little")) if nulls else None
    return pa.Array.from_buffers(typ, n, [mask, *buffers], null_count=nulls)


def _libraries() -> list:
    """The signature of pandas', pyarrow's and numpy's installed packages (their
    __init__.py): the schema's metadata names pandas' and pyarrow's versions, pandas formats
    floats with numpy, and an upgrade rewrites these files."""
    found = [importlib.util.find_spec(name) for name in ("pandas", "pyarrow", "numpy")]
    return signature([s.origin if s and s.origin else "" for s in found])[0]


def _ident(declared: list) -> dict:
    return {"columns": [[c.name, c.kind] for c in declared], "libraries": _libraries()}


def _entry(cache: ReadCache) -> dict | None:
    """The last table's entry, when it is one this module wrote (else said, and ignored)."""
    found, entry = cache.peek(TABLE, ([], True))
    if not found:
        return None
    shape = {
        "columns": list,
        "libraries": list,
        "schema": bytes,
        "rows": bytes,
        "lengths": list,
        "csv": bytes,
        "parquet": bytes,
    }
    if (
        isinstance(entry, dict)
        and all(isinstance(entry.get(k), t) for k, t in shape.items())
        and len(entry["rows"]) == 16 * len(entry["lengths"])
        and all(type(n) is int and n > 0 for n in entry["lengths"])
    ):
        return entry
    print(f"note: {cache.path}: its {TABLE!r} entry is damaged: ignored", file=sys.stderr)
    return None


def _file_digest(path: Path) -> tuple[bytes | None, bytes | None]:
    try:
        raw = path.read_bytes()
    except OSError:
        return None, None
    return raw, _digest(raw)


def _old_lines(entry: dict, raw: bytes, head: bytes) -> dict[bytes, bytes]:
    """The last results.csv's lines by their row's digest (empty when the file does not
    split as the entry says)."""
    if not raw.startswith(head) or len(raw) != len(head) + sum(entry["lengths"]):
        return {}
    out, pos, rows = {}, len(head), entry["rows"]
    for i, n in enumerate(entry["lengths"]):
        out[rows[16 * i : 16 * i + 16]] = raw[pos : pos + n]
        pos += n
    return out


def write(rows: list[dict], sweep_dir: Path, cache: ReadCache) -> bool:
    """results.csv and results.parquet of `rows` written here (True), or not at all (False:
    pandas must write them, then `remember`). Files that already hold these rows as this
    module would write them are left as they are."""
    if not cache.enabled:
        return False
    entry = _entry(cache)
    cols = columns_of(rows) if entry else None
    if cols is None:
        return False
    declared = _declared()
    digests = row_digests(cols)
    ident = _ident(declared)
    if digests is None or any(entry[k] != v for k, v in ident.items()):
        return False
    raw_csv, csv_digest = _file_digest(sweep_dir / CSV)
    _, parquet_digest = _file_digest(sweep_dir / PARQUET)
    as_written = (csv_digest, parquet_digest) == (entry["csv"], entry["parquet"])
    if digests == entry["rows"] and as_written:
        cache.put(TABLE, entry)  # the same rows, the files as written: nothing to write
        return True
    import pyarrow as pa

    head = header(declared)
    old = _old_lines(entry, raw_csv, head) if csv_digest == entry["csv"] else {}
    keys = [digests[16 * i : 16 * i + 16] for i in range(len(digests) // 16)]
    lines: list[bytes | None] = [old.get(k) for k in keys]
    missing = [i for i, line in enumerate(lines) if line is None]
    for i, line in zip(missing, csv_lines(declared, cols, missing), strict=True):
        lines[i] = line
    text = head + b"".join(lines)  # type: ignore[arg-type]
    try:
        schema = pa.ipc.read_schema(pa.py_buffer(entry["schema"]))
    except (pa.ArrowException, ValueError):  # decoded, but not a schema: pandas writes
        print(f"note: {cache.path}: its {TABLE!r} entry is damaged: ignored", file=sys.stderr)
        return False
    parquet = parquet_bytes(declared, cols, schema)
    if parquet is None:
        return False
    sweep_dir.mkdir(parents=True, exist_ok=True)
    with replacing(sweep_dir / CSV) as tmp:
        tmp.write_bytes(text)
    with replacing(sweep_dir / PARQUET) as tmp:
        tmp.write_bytes(parquet)
    lengths = [len(line) for line in lines]  # type: ignore[arg-type]
    entry = {**entry, "rows": digests, "lengths": lengths}
    cache.put(TABLE, {**entry, "csv": _digest(text), "parquet": _digest(parquet)})
    return True


def remember(rows: list[dict], sweep_dir: Path, cache: ReadCache) -> None:
    """After pandas wrote the table: format the same rows here, and keep what the next
    collect reuses only if both files come out byte-identical to pandas' (else nothing is
    kept, and pandas writes the next table too)."""
    if not cache.enabled:
        return
    cols = columns_of(rows)
    if cols is None:
        return
    try:
        import pyarrow.parquet as pq
    except ImportError:  # no parquet at all (tables.write_table said so)
        return
    declared = _declared()
    digests = row_digests(cols)
    raw_csv, csv_digest = _file_digest(sweep_dir / CSV)
    raw_parquet, parquet_digest = _file_digest(sweep_dir / PARQUET)
    if digests is None or raw_csv is None or raw_parquet is None:
        return
    lines = csv_lines(declared, cols)
    if header(declared) + b"".join(lines) != raw_csv:
        return
    schema = pq.read_schema(io.BytesIO(raw_parquet))
    if parquet_bytes(declared, cols, schema) != raw_parquet:
        return
    entry = _ident(declared)
    entry.update(
        schema=schema.serialize().to_pybytes(),
        rows=digests,
        lengths=[len(line) for line in lines],
        csv=csv_digest,
        parquet=parquet_digest,
    )
    if None not in entry["libraries"]:  # both found where they were imported from
        cache.put(TABLE, entry)
