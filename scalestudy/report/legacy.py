"""Tables that lack what the plan writes, upgraded once when they are loaded (report/load.py):
rows without a `variant` (collected before the plan named variants) get one, and points without
a points.jsonl record (a table copied without it, or from before it existed) get a record made
from the table's columns. After this every row has a variant and every point a record, so the
rest of the report reads a variant's configuration from its record alone, never from columns;
and a record's configuration is read as a PointConfig here alone (`point_config`), so the cost
models (strategies, mesh, memory model) take the typed configuration, never a dict or a row.

A record made here says so (`from_table: True`): it holds only what the columns recorded (the
model's preset, vocabulary and width, not every override), and its variant's settings are the
columns it was grouped by. `scalestudy collect` on the sweep rewrites the table and writes the
real points.jsonl.

points.jsonl records of an older schema are upgraded here too, once, when the sweep is loaded
(`upgrade_record`): schema scalestudy.point/1, and a record from before collect wrote a schema,
stored the configuration's identity view (the fields a later version added left out at their
defaults); the current schema (collect/tables.POINTS_SCHEMA, scalestudy.point/2) stores the full
view, every field. After the upgrade every record read from points.jsonl holds the full view.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

import pandas as pd
from pydantic import ValidationError

from scalestudy.collect.tables import POINTS_SCHEMA
from scalestudy.errors import BadInput
from scalestudy.formats import results_columns
from scalestudy.formats.point_config import OWN_FOLDERS, PointConfig

# Tables written before collect named the variants are grouped by these columns, which were
# all that made two rows different experiments then. A matrix key outside this list is not
# seen in such a table. The batch column that follows from the size (weak: the global batch;
# strong: the per-worker share) is left out.
LEGACY_VARIANT_KEYS = (
    "sweep",
    "cluster",
    "model",
    "vocab_size",
    "hidden_size",
    "tie_embeddings",
    "ppn",
    "threads",
    "accumulation",
    "sparse_as_dense",
    "exchange",
    "compression",
    "mesh_model",
    "timing",
    "precision",
    "micro_batches",
    "learning_rate",
    "lr_warmup_steps",
)
BATCH_KEY = {"weak": "tokens_per_worker", "strong": "global_batch_tokens"}
# the trainer configuration keys a results row records (a table from before `exchange` has no
# such column: sparse_as_dense decides)
CONFIG_COLUMNS = (
    "sparse_as_dense",
    "exchange",
    "accumulation",
    "micro_batches",
    "precision",
    "compression",
    "timing",
    "learning_rate",
    "lr_warmup_steps",
    "tokens_per_worker",
    "global_batch_tokens",
)


# What a table without a `timing` cell was timed with: `timing` and its results column came
# in one change, and before it every step was timed in phases. A points.jsonl record always
# says its timing (an identity key, written since before points.jsonl existed), so
# PointConfig's default ("overlapped") is never what a stored record falls back on.
TABLE_TIMING = "phases"


class RecordError(BadInput):
    """A record whose configuration is not one PointConfig accepts (named by point and key)."""

    def __init__(self, message: str, hint: str):
        super().__init__(message)
        self.hint = hint


# points.jsonl's schemas. /1 (and a record without a schema, written before collect wrote one)
# stored the configuration's identity view (PointConfig.identity); the current one,
# POINTS_SCHEMA (/2), its full view (PointConfig.full).
IDENTITY_SCHEMA = "scalestudy.point/1"
READ_SCHEMAS = (None, IDENTITY_SCHEMA, POINTS_SCHEMA)


def _known_schema(record: dict) -> None:
    """A record of a schema this version does not read is refused, never guessed."""
    schema = record.get("schema")
    if schema not in READ_SCHEMAS:
        raise RecordError(
            f"point {record.get('point_id')}: its record is schema {schema}, which this "
            f"version does not read (it reads {IDENTITY_SCHEMA} and {POINTS_SCHEMA})",
            "report it with the scalestudy that collected it, or run `scalestudy collect` "
            "on the sweep with this one",
        )


def upgrade_record(record: dict) -> dict:
    """A points.jsonl record as the current schema (POINTS_SCHEMA, scalestudy.point/2) holds
    it: its `config` the full view of its configuration, every field, defaults included.

    A record of schema scalestudy.point/1, or one without a schema (written before collect
    wrote one), stored the identity view (the dump the point id hashes): `exchange` left out
    where sparse_as_dense says the same, and every field added after the ids were frozen
    (compression, compute_probe_steps, micro_batch_order, mesh, data.zipf_exponent, ...) left
    out at its default. So a field a /1 record leaves out is at PointConfig's default: either
    the run had it at that default, or the run predates the field and ran as its default
    does. Its configuration is read as RECORDED (values checked, the can-it-run rules not) and
    written back full. A /2 record goes the same way: one written before a field was added
    lacks that field, and readers that match configurations as stored (compare, the phases
    twin) must see it at its default, as a record written today holds it. A record of any
    other schema is refused (RecordError: exit 2, naming point and schema); a configuration
    PointConfig refuses, with point and key.
    """
    _known_schema(record)
    config = record.get("config") or {}
    identity = json.dumps(config, sort_keys=True)
    try:
        full = _full_view(identity)
    except ValidationError as exc:
        raise _unreadable(record, exc) from None
    # a record written today holds its full view already: its own config, equal to that JSON
    # parsed again (a third of this at 10,000 records), its keys in the record's order (every
    # reader looks keys up or sorts them: match.canonical, projection's phases twin)
    config = config if full == identity else json.loads(full)
    return {**record, "schema": POINTS_SCHEMA, "config": config}


@lru_cache(maxsize=4096)
def _full_view(identity: str) -> str:
    """The full view of a stored identity view (as sorted JSON; cached: the repeats and
    allocations of one variant at one size share a configuration)."""
    cfg = PointConfig.recorded(json.loads(identity))
    return json.dumps(cfg.full(exclude=set(OWN_FOLDERS)), sort_keys=True)


def point_config(record: dict) -> PointConfig:
    """A record's configuration as the one typed shape, read once when its variant is built:
    points.jsonl's `config` (the full view of the PointConfig the plan validated, schema
    POINTS_SCHEMA; an older record's identity view reads as the same configuration,
    `upgrade_record`), or a record made from a table's columns (`from_table`, below).
    Validated as RECORDED: every value checked, the rules on whether it can run (they were
    checked when it was planned) not. A value PointConfig refuses (an unknown key, a name no
    table has) is said with its point and key, never guessed."""
    _known_schema(record)
    config = dict(record.get("config") or {})
    if record.get("from_table"):
        config = _table_config(record, config)
    try:
        return PointConfig.recorded(config)
    except ValidationError as exc:
        raise _unreadable(record, exc) from None


def _unreadable(record: dict, exc: ValidationError) -> RecordError:
    first = exc.errors()[0]
    key = ".".join(map(str, first["loc"])) or (first.get("ctx") or {}).get("key", "config")
    return RecordError(
        f"point {record.get('point_id')}: its configuration cannot be read ({key}: {first['msg']})",
        "run `scalestudy collect` on the sweep to rewrite points.jsonl",
    )


def _table_config(record: dict, config: dict) -> dict:
    """A from-table record's configuration as PointConfig reads it: its mode, the model's
    preset, tie and the recorded vocabulary and width (the rest of the preset's shape
    assumed), what the columns left empty at the defaults (timing: TABLE_TIMING, set by
    _record). The `exchange` column is how the gradient really went (PointConfig.strategy), kept
    beside the switch as recorded (RECORDED: no contradiction is refused)."""
    out = {k: v for k, v in config.items() if v is not None and k != "model"}
    if record.get("mode") is not None:
        out["mode"] = record["mode"]
    model = {k: v for k, v in (config.get("model") or {}).items() if v is not None}
    spec = record.get("model_spec") or {}
    model.update({k: spec[k] for k in ("vocab", "hidden") if spec.get(k) is not None})
    out["model"] = model
    return out


# a cell as plain Python (None for a gap, ints for integral floats): the results columns' own
value = results_columns.cell_value


def missing(v) -> bool:
    return value(v) is None or v == ""


def _fmt(key: str, v) -> str:
    if key == "sparse_as_dense":
        return "dense" if v else "sparse"
    if key == "learning_rate":
        return f"lr={v:g}"
    return f"{key}={v}"


def grouping_keys(mode: str, frame: pd.DataFrame) -> list[str]:
    return [k for k in (*LEGACY_VARIANT_KEYS, BATCH_KEY.get(str(mode), "")) if k in frame]


def _name_variants(rows: pd.DataFrame) -> pd.DataFrame:
    """`variant` and `variant_label` for rows without them, labelled as the report always
    labelled them: sparse or dense, then what differs between them."""
    rows = rows.copy()
    for mode, of_mode in rows.groupby("mode", sort=True):
        keys = grouping_keys(str(mode), of_mode)
        groups: dict[tuple, list] = {}  # key -> the row labels of that variant
        for idx, r in of_mode.iterrows():
            groups.setdefault(tuple(value(r[k]) for k in keys), []).append(idx)
        differing = [k for i, k in enumerate(keys) if len({key[i] for key in groups}) > 1]
        for key, index in groups.items():
            values = dict(zip(keys, key, strict=True))
            parts = [_fmt("sparse_as_dense", values.get("sparse_as_dense"))]
            for k in differing:
                if k != "sparse_as_dense":
                    parts.append(str(values[k]) if k == "sweep" else _fmt(k, values[k]))
            digest = hashlib.sha256(repr((mode, key)).encode()).hexdigest()[:8]
            rows.loc[index, "variant"] = f"legacy-{digest}"
            rows.loc[index, "variant_label"] = ", ".join(parts)
    return rows


def _record(row: pd.Series, keys: list[str]) -> dict:
    """What the row's columns say about how its point ran, in points.jsonl's shape."""

    def col(name):
        return value(row[name]) if name in row.index else None

    config = _columns_config(col)
    tied = col("tie_embeddings")
    return {
        "point_id": str(row["point_id"]),
        "from_table": True,
        "sweep": col("sweep"),
        "mode": col("mode"),
        "variant": str(row["variant"]),
        "variant_label": str(row["variant_label"]),
        "variant_overrides": {k: col(k) for k in keys if k != "sweep"},
        "config": config,
        "model_spec": {"vocab": col("vocab_size"), "hidden": col("hidden_size")}
        | ({"tie_embeddings": bool(tied)} if tied is not None else {}),
        "tokens_per_worker": col("tokens_per_worker"),
        "global_batch_tokens": col("global_batch_tokens"),
        "nodes": col("nodes"),
        "workers": col("workers"),
        "ppn": col("ppn"),
    }


def _columns_config(col) -> dict:
    """What a row's columns say of its configuration, in points.jsonl's shape (`col(name)`:
    the cell as plain Python, None when empty or absent)."""
    config = {k: col(k) for k in CONFIG_COLUMNS if col(k) is not None}
    # tables from before the `timing` key (its column came with it) were all timed in phases:
    # TABLE_TIMING, not PointConfig's default
    config.setdefault("timing", TABLE_TIMING)
    config.setdefault("micro_batches", 1)
    config["model"] = {"preset": col("model"), "tie_embeddings": col("tie_embeddings")}
    if (col("mesh_model") or 1) > 1:
        config["mesh"] = {"model": col("mesh_model")}
    return config


def row_config(row) -> PointConfig:
    """A results row's configuration (a mapping of its cells), as a record made from the
    table's columns reads it (the same upgrade as `_record`'s, then `point_config`)."""

    def col(name):
        return value(row.get(name))

    return point_config(
        {
            "point_id": col("point_id"),
            "from_table": True,
            "mode": col("mode"),
            "config": _columns_config(col),
            "model_spec": {"vocab": col("vocab_size"), "hidden": col("hidden_size")},
        }
    )


def upgrade(table: pd.DataFrame, points: dict[str, dict]) -> tuple[pd.DataFrame, dict[str, dict]]:
    """The table with every row's variant named and every point's record (points.jsonl's,
    upgraded to the current schema, else one made from its row)."""
    table = table.copy()
    for col in ("variant", "variant_label"):
        if col not in table:
            table[col] = None
        table[col] = table[col].astype(object)
    unnamed = table["variant"].map(missing)
    if unnamed.any():
        table.loc[unnamed, ["variant", "variant_label"]] = _name_variants(table[unnamed])[
            ["variant", "variant_label"]
        ]
    label_gap = table["variant_label"].map(missing)
    table.loc[label_gap, "variant_label"] = table.loc[label_gap, "variant"]
    records = {pid: upgrade_record(record) for pid, record in points.items()}
    for mode, of_mode in table.groupby("mode", sort=True):
        unrecorded = ~of_mode["point_id"].astype(str).isin(records)
        if not unrecorded.any():  # every row has its record (iterrows of 10,000 rows: 1 s)
            continue
        keys = grouping_keys(str(mode), of_mode)
        for _, row in of_mode[unrecorded].iterrows():
            pid = str(row["point_id"])
            if pid not in records:
                records[pid] = _record(row, keys)
    return table, records
