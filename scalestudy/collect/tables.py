"""The files collect writes, each replaced whole: results.csv (+ .parquet) and points.jsonl
(every point's full configuration, one JSON object per line, by point_id)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import scalestudy.collect.plain_table as plain_table
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


def typed_frame(rows: list[dict]):
    """The rows as a frame with the contract's columns, each of its declared type, so the CSV
    and the parquet file hold the same values. A key the contract does not declare is an error
    (it would be dropped silently); a column whose values do not fit its type is written as
    found, with a note."""
    import pandas as pd  # the table writers only; imported late to keep the CLI fast

    declared = results_columns.columns()  # a strategy registered later: its counters' too
    names = [c.name for c in declared]
    undeclared = sorted({k for r in rows for k in r} - set(names))
    if undeclared:
        raise ValueError(
            f"results rows have undeclared columns {undeclared}: declare them in "
            "scalestudy/formats/results_columns.py"
        )
    columns = {}
    for c in declared:
        # from the rows' own values, not a column pandas inferred (job id 123 beside an
        # empty one would be the float 123.0, then the text "123.0")
        values = [r.get(c.name) for r in rows]
        try:
            columns[c.name] = _typed(values, c.kind)
        except (TypeError, ValueError) as exc:
            print(f"note: results column {c.name} is not all {c.kind} ({exc})", file=sys.stderr)
            columns[c.name] = pd.Series(values, dtype=object)
    return pd.DataFrame(columns, columns=names)


def _typed(values: list, kind: str):
    import pandas as pd

    dtype = results_columns.PANDAS_DTYPES[kind]
    if kind == "text":
        values = [None if v is None or v != v else str(v) for v in values]  # v != v: NaN
    elif kind == "float":
        return pd.Series(pd.to_numeric(pd.Series(values, dtype=object)), dtype=dtype)
    return pd.Series(pd.array(values, dtype=dtype))


def write_table(rows: list[dict], sweep_dir: Path, cache: ReadCache | None = None) -> Path:
    """results.csv and results.parquet; `cache`: collect's record, with which the table is
    written without pandas once pandas' bytes were reproduced (collect/plain_table.py)."""
    csv = sweep_dir / "results.csv"
    if cache is not None and plain_table.write(rows, sweep_dir, cache):
        return csv
    frame = typed_frame(rows)
    sweep_dir.mkdir(parents=True, exist_ok=True)
    with replacing(csv) as tmp:
        frame.to_csv(tmp, index=False)
    try:
        with replacing(sweep_dir / "results.parquet") as tmp:
            frame.to_parquet(tmp, index=False)
    except ImportError as exc:  # the CSV is the table of record; say why parquet is missing
        print(f"note: results.parquet not written ({exc})", file=sys.stderr)
        return csv
    if cache is not None:
        plain_table.remember(rows, sweep_dir, cache)
    return csv


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


def write_points(points: list[Point], sweep_dir: Path) -> Path:
    """results/<sweep>/points.jsonl, one point's record per line (written atomically)."""
    sweep_dir.mkdir(parents=True, exist_ok=True)
    path = sweep_dir / POINTS_FILE
    views: dict = {}
    encode = json.JSONEncoder(sort_keys=True, default=json_default).encode  # json.dumps's
    lines = [encode(point_record(p, views)) for p in points]
    text = "".join(line + "\n" for line in lines).encode("utf-8")
    try:
        same = path.stat().st_size == len(text) and path.read_bytes() == text
    except OSError:
        same = False
    if not same:  # the same plan: the file already says it (reading costs less than writing)
        with replacing(path) as tmp:
            tmp.write_bytes(text)
    return path
