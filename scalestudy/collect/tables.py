"""The files collect writes, each replaced whole: results.csv (+ .parquet), written from the
declared columns without pandas, and points.jsonl (every point's full configuration, one JSON
object per line, by point_id)."""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import json
import operator
import re
import sys
from pathlib import Path

import msgspec

from scalestudy.collect.cache import ReadCache
from scalestudy.fileio import replacing
from scalestudy.formats import results_columns
from scalestudy.formats.point_config import OWN_FOLDERS
from scalestudy.plan import Point, variant_overrides
from scalestudy.sweepfile import baseline
from scalestudy.workloads import table as workloads


def json_default(obj):
    if hasattr(obj, "item"):
        return obj.item()
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


# -- results.csv and results.parquet: one writer, from the declared columns -------------------
#
# Each column's kind (formats/results_columns.py) says how its cells are written: the CSV's as
# pandas formats that type (float: the double's repr, int: its digits, bool: True/False, text:
# the string, empty for None and NaN) through the csv module, and the parquet file's as arrow
# arrays of the declared type (float64, int64, bool, large_string) with the pandas metadata
# that makes pandas read them as float64, Int64, boolean and string. No pandas is imported.
# A row whose values the last table already held keeps that table's CSV line (collect's
# record, entry TABLE: each row's digest and line length, and the file's digest; reused only
# while the file is as written): a collect after one new point formats one line.

TABLE = "results tables"
CSV, PARQUET = "results.csv", "results.parquet"
_NONE = type(None)
# the values each kind's column holds as that kind; anything else makes the column text
PLAIN = {
    "float": {float, int, _NONE},
    "int": {int, _NONE},
    "bool": {bool, _NONE},
    "text": {str, int, float, bool, _NONE},
}
_NAN = float("nan")
# the ints a double holds exactly; int64's range (both ends included)
_RANGE = {"float": (-(2**53), 2**53), "int": (-(2**63), 2**63 - 1)}
# the parquet (arrow) type and the pandas dtype of each kind
ARROW_TYPES = {"float": "float64", "int": "int64", "bool": "bool_", "text": "large_string"}


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def columns_of(rows: list[dict]) -> tuple[list, list[tuple], list[str]]:
    """The declared columns, the rows' values column by column, and each column's kind as
    written: its declared kind, or text (with a note) when a value does not fit it. A key the
    contract does not declare is an error (it would be dropped silently)."""
    declared = list(results_columns.columns())  # a strategy registered later: its counters too
    names = [c.name for c in declared]
    undeclared = sorted({k for r in rows for k in r} - set(names))
    if undeclared:
        raise ValueError(
            f"results rows have undeclared columns {undeclared}: declare them in "
            "scalestudy/formats/results_columns.py"
        )
    get = operator.itemgetter(*names)
    table = [get(r) if len(r) == len(names) else tuple(map(r.get, names)) for r in rows]
    cols = list(zip(*table, strict=True)) or [() for _ in names]
    kinds = []
    for c, values in zip(declared, cols, strict=True):
        kinds.append(c.kind if _fits(c.kind, values) else "text")
        if kinds[-1] != c.kind:
            odd = next(v for v in values if not _fits(c.kind, (v,)))
            print(
                f"note: results column {c.name} is not all {c.kind} ({odd!r}): written as text",
                file=sys.stderr,
            )
    return declared, cols, kinds


def _fits(kind: str, values) -> bool:
    types = set(map(type, values))
    if not types <= PLAIN[kind]:
        return False
    if int in types and kind in _RANGE:
        ints = [v for v in values if type(v) is int]
        low, high = _RANGE[kind]
        return low <= min(ints) and max(ints) <= high
    return True


def _text(values, missing):
    """A text column's strings (NaN and None: `missing`)."""
    return [v if type(v) is str else missing if v is None or v != v else _str(v) for v in values]


def _str(v) -> str:
    return repr(v) if type(v) is float else str(v)


def _cells(kind: str, values: tuple) -> list[str]:
    """A column's CSV cells: float as the double's repr, int and bool as str, text as is and
    quoted where it must be; empty for None and NaN."""
    if kind == "float":
        return ["" if v is None or v != v else repr(float(v)) for v in values]
    if kind == "text":
        return [_quoted(t) for t in _text(values, "")]
    return ["" if v is None else str(v) for v in values]


_SPECIAL = re.compile(r'[,"\r\n]')


def _quoted(cell: str) -> str:
    """A text cell as RFC 4180 has it: in quotes (its quotes doubled) when it holds a comma,
    a quote or a line break, a lone CR too. (The csv module with "\\n" line ends, as pandas
    writes, leaves a lone CR unquoted: such a value broke the row for every reader.)"""
    return f'"{cell.replace(chr(34), chr(34) * 2)}"' if _SPECIAL.search(cell) else cell


def csv_lines(kinds: list[str], cols: list[tuple], which: list[int] | None = None) -> list[bytes]:
    """Each row's CSV line (of the rows `which`, default all), UTF-8."""
    if which is not None:
        cols = [tuple(v[i] for i in which) for v in cols]
    cells = [_cells(k, v) for k, v in zip(kinds, cols, strict=True)]
    return [(",".join(row) + "\n").encode("utf-8") for row in zip(*cells, strict=True)]


def header(declared: list) -> bytes:
    return (",".join(_quoted(c.name) for c in declared) + "\n").encode("utf-8")


def row_digests(cols: list[tuple]) -> list[bytes] | None:
    """One 16-byte digest per row of its values, their types included (1 and 1.0 and True are
    written differently); None when a value cannot be encoded."""
    encode = msgspec.msgpack.Encoder().encode
    try:
        return [_digest(encode(row)) for row in zip(*cols, strict=True)]
    except (TypeError, OverflowError, msgspec.EncodeError):
        return None


def parquet_bytes(declared: list, kinds: list[str], cols: list[tuple]) -> bytes:
    """The table as a parquet file: each column an arrow array of its kind's type, and the
    pandas metadata that gives pandas the contract's dtypes when it reads the file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    fields, arrays = [], []
    for c, kind, values in zip(declared, kinds, cols, strict=True):
        typ = getattr(pa, ARROW_TYPES[kind])()
        fields.append(pa.field(c.name, typ))
        arrays.append(_arrow_array(pa, kind, values, typ))
    meta = {b"pandas": json.dumps(_pandas_metadata(declared, kinds, len(cols[0]) if cols else 0))}
    schema = pa.schema(fields, metadata=meta)
    buf = io.BytesIO()
    pq.write_table(pa.Table.from_arrays(arrays, schema=schema), buf, compression="snappy")
    return buf.getvalue()


def _pandas_metadata(declared: list, kinds: list[str], rows: int) -> dict:
    """What pandas reads back dtypes from (its "pandas" schema metadata): the nullable dtype of
    each column's kind, a range index."""
    dtypes = results_columns.PANDAS_DTYPES
    pandas_type = {"float": "float64", "int": "int64", "bool": "bool", "text": "unicode"}
    try:
        version = importlib.metadata.version("pandas")
    except importlib.metadata.PackageNotFoundError:
        version = "2.0.0"
    return {
        "index_columns": [{"kind": "range", "name": None, "start": 0, "stop": rows, "step": 1}],
        "column_indexes": [
            {
                "name": None,
                "field_name": None,
                "pandas_type": "unicode",
                "numpy_type": "object",
                "metadata": {"encoding": "UTF-8"},
            }
        ],
        "columns": [
            {
                "name": c.name,
                "field_name": c.name,
                "pandas_type": pandas_type[kind],
                "numpy_type": dtypes[kind],
                "metadata": None,
            }
            for c, kind in zip(declared, kinds, strict=True)
        ],
        "creator": {"library": "scalestudy", "version": "results/1"},
        "pandas_version": version,
    }


def _arrow_array(pa, kind: str, values: tuple, typ):
    """One column as an arrow array, built from its buffers (pyarrow.array() of a list would
    import pandas to ask whether it is one): float64 with NaN and None as null, int64 and bool
    with None as null, large_string of the text."""
    import numpy as np

    n = len(values)
    if kind == "float":
        data = np.array([_NAN if v is None else v for v in values], dtype=np.float64)
        valid = ~np.isnan(data)
        buffers = [pa.py_buffer(data)]
    elif kind == "int":
        valid = np.array([v is not None for v in values], dtype=bool)
        data = np.array([0 if v is None else v for v in values], dtype=np.int64)
        buffers = [pa.py_buffer(data)]
    elif kind == "bool":
        valid = np.array([v is not None for v in values], dtype=bool)
        bits = np.array([v is True for v in values], dtype=bool)
        buffers = [pa.py_buffer(np.packbits(bits, bitorder="little"))]
    else:
        text = _text(values, None)
        valid = np.array([t is not None for t in text], dtype=bool)
        encoded = [t.encode("utf-8") if t is not None else b"" for t in text]
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum([len(e) for e in encoded], out=offsets[1:])
        buffers = [pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))]
    nulls = n - int(valid.sum())
    mask = pa.py_buffer(np.packbits(valid, bitorder="little")) if nulls else None
    return pa.Array.from_buffers(typ, n, [mask, *buffers], null_count=nulls)


def _entry(cache: ReadCache | None, ident: list) -> dict | None:
    """The record's entry of the last table, when it is one this writer kept for these columns
    (anything else: None, and every line is formatted)."""
    if cache is None or not cache.enabled:
        return None
    found, entry = cache.peek(TABLE, ([], True))
    shape = {"columns": list, "rows": bytes, "lengths": list, "csv": bytes, "parquet": bytes}
    ok = (
        found
        and isinstance(entry, dict)
        and all(isinstance(entry.get(k), t) for k, t in shape.items())
        and entry["columns"] == ident
        and len(entry["rows"]) == 16 * len(entry["lengths"])
        and all(type(n) is int and n > 0 for n in entry["lengths"])
    )
    return entry if ok else None


def _old_lines(entry: dict, raw: bytes, head: bytes) -> dict[bytes, bytes]:
    """The last results.csv's lines by their row's digest (the file as written: checked)."""
    if not raw.startswith(head) or len(raw) != len(head) + sum(entry["lengths"]):
        return {}
    out, pos, rows = {}, len(head), entry["rows"]
    for i, n in enumerate(entry["lengths"]):
        out[rows[16 * i : 16 * i + 16]] = raw[pos : pos + n]
        pos += n
    return out


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def write_table(rows: list[dict], sweep_dir: Path, cache: ReadCache | None = None) -> Path:
    """results.csv and results.parquet of the rows, each replaced whole; `cache`: collect's
    record, whose entry lets unchanged rows keep their CSV lines and files that already hold
    these rows stay as they are (nothing written: a full disk does not matter)."""
    declared, cols, kinds = columns_of(rows)
    head = header(declared)
    digests = row_digests(cols)
    ident = [[c.name, k] for c, k in zip(declared, kinds, strict=True)]
    csv_path, parquet_path = sweep_dir / CSV, sweep_dir / PARQUET
    entry = _entry(cache, ident) if digests is not None else None
    raw = _read(csv_path) if entry else None
    csv_as_written = raw is not None and _digest(raw) == entry["csv"]  # type: ignore[index]
    same_rows = entry is not None and b"".join(digests or []) == entry["rows"]
    if same_rows and csv_as_written:
        parquet = _read(parquet_path)
        if parquet is not None and _digest(parquet) == entry["parquet"]:  # type: ignore[index]
            cache.put(TABLE, entry)  # type: ignore[union-attr]
            return csv_path
    old = _old_lines(entry, raw, head) if csv_as_written else {}  # type: ignore[arg-type]
    lines: list[bytes | None] = [old.get(d) for d in digests] if digests else [None] * len(rows)
    missing = [i for i, line in enumerate(lines) if line is None]
    for i, line in zip(missing, csv_lines(kinds, cols, missing), strict=True):
        lines[i] = line
    text = head + b"".join(lines)  # type: ignore[arg-type]
    sweep_dir.mkdir(parents=True, exist_ok=True)
    if text != raw:
        with replacing(csv_path) as tmp:
            tmp.write_bytes(text)
    try:
        parquet = parquet_bytes(declared, kinds, cols)
    except ImportError as exc:  # the CSV is the table of record; say why parquet is missing
        print(f"note: results.parquet not written ({exc})", file=sys.stderr)
        parquet = b""
    else:
        with replacing(parquet_path) as tmp:
            tmp.write_bytes(parquet)
    if cache is not None and digests is not None and parquet:
        cache.put(
            TABLE,
            {
                "columns": ident,
                "rows": b"".join(digests),
                "lengths": [len(line) for line in lines],  # type: ignore[arg-type]
                "csv": _digest(text),
                "parquet": _digest(parquet),
            },
        )
    return csv_path


POINTS_FILE = "points.jsonl"
# /2: `config` is the full view of the point's configuration (PointConfig.full, every field);
# /1 held its identity view (report/legacy.upgrade_record reads it)
POINTS_SCHEMA = "scalestudy.point/2"


def point_record(p: Point, views: dict | None = None) -> dict:
    """A point's full configuration as the report reads it from points.jsonl: who it is (id,
    variant, size, repeat), what its variant changed (the matrix values), and everything the
    run was configured with (the trainer configuration without its paths, the resolved model,
    the environment). `views`: the configurations' dumps already made, by the configuration
    object (write_points: the plan shares one between a variant's repeats)."""
    sw = p.sweep
    spec, config = _views(p, {} if views is None else views)
    record = {
        "schema": POINTS_SCHEMA,
        "point_id": p.id,
        "sweep": sw.name,
        "variant": p.variant,
        "variant_label": p.variant_label,
        "variant_overrides": variant_overrides(p.overrides),
        # the report's baseline, chosen by configuration (sweepfile/baseline.py), and the keys a
        # variant may differ in from the baseline it is compared with
        "baseline": p.baseline,
        "baseline_keys": list(baseline.keys(sw.baseline)),
        "workload": sw.workload,
        "cluster": sw.cluster,
        "mode": p.config.mode,
        "nodes": p.nodes,
        "ppn": p.ppn,
        "workers": p.workers,
        "threads": sw.threads_per_worker,
        "repeat": p.repeat,
        "allocation": p.allocation,
        "tokens_per_worker": p.tokens_per_worker,
        "global_batch_tokens": p.global_batch_tokens,
        "env": dict(sw.env),
        "model_spec": spec,
        "config": config,
    }
    record.update(workloads.get(sw.workload).options_of(sw))  # comm: its `comm` block
    return record


def _views(p: Point, views: dict) -> tuple[dict, dict]:
    """The point's resolved model and full configuration, each dumped once per configuration
    object (the points that share it are alive in the caller's list: their ids are theirs)."""
    key = id(p.config)
    if key not in views:
        full = p.config.full(exclude=set(OWN_FOLDERS))
        views[key] = (p.config.model.resolved(), full)
    return views[key]


# what a record's two views stand in as while the rest of it is encoded (a string no sweep holds:
# checked, line by line)
_VIEWS = ("\x00model_spec\x00", "\x00config\x00")


def _point_line(p: Point, views: dict, encoded: dict, encode, marks: list[str]) -> str:
    """encode(point_record(p)), the views' JSON encoded once per configuration object: the
    record without them, their encodings put in (JSON without indent encodes a value the same
    wherever it is; two-thirds of 10,000 records' encoding was their views again). `marks`:
    the stand-ins as encoded."""
    record = point_record(p, views)
    key = id(p.config)  # as _views keys them
    if key not in encoded:
        encoded[key] = (encode(record["model_spec"]), encode(record["config"]))
    line = encode({**record, "model_spec": _VIEWS[0], "config": _VIEWS[1]})
    if any(line.count(m) != 1 for m in marks):  # a value that is a stand-in: encoded whole
        return encode(record)
    for mark, view in zip(marks, encoded[key], strict=True):
        line = line.replace(mark, view, 1)
    return line


def write_points(points: list[Point], sweep_dir: Path) -> tuple[Path, dict[str, dict]]:
    """results/<sweep>/points.jsonl, one point's record per line (written atomically), and the
    records as the file holds them (decoded from its lines: JSON's types, not the plan's), by
    point id."""
    sweep_dir.mkdir(parents=True, exist_ok=True)
    path = sweep_dir / POINTS_FILE
    views: dict = {}
    encode = json.JSONEncoder(sort_keys=True, default=json_default).encode  # json.dumps's
    encoded: dict = {}
    marks = [encode(m) for m in _VIEWS]
    lines = [_point_line(p, views, encoded, encode, marks) for p in points]
    text = "".join(line + "\n" for line in lines).encode("utf-8")
    try:
        same = path.stat().st_size == len(text) and path.read_bytes() == text
    except OSError:
        same = False
    if not same:  # the same plan: the file already says it (reading costs less than writing)
        with replacing(path) as tmp:
            tmp.write_bytes(text)
    try:  # msgspec reads JSON in half json's time; json.dumps may write NaN, which it refuses
        held = msgspec.json.decode("[" + ",".join(lines) + "]")
    except msgspec.DecodeError:
        held = [json.loads(line) for line in lines]
    return path, {r["point_id"]: r for r in held}
