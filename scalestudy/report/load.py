"""Find and read what `scalestudy collect` wrote: results/<sweep>/results.csv (or .parquet), the
per-rank step logs where a figure needs them, and a comm sweep's comm.csv and calibration.json.
A table copied from a cluster without its logs still reports: the figures that need logs are
skipped and the summary says so."""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pandas as pd

from scalestudy import progress
from scalestudy.collect import cache as collect_record
from scalestudy.collect import rows_check
from scalestudy.collect.cache import ReadCache, package_sources, signature
from scalestudy.collect.rows_check import RowsCheck
from scalestudy.errors import BadInput, DamagedFile
from scalestudy.formats import attempt_files, results_columns, step_log
from scalestudy.inputs import sweep_argument
from scalestudy.report import legacy
from scalestudy.report.sweep_results import SweepResults

__all__ = ["RowsCheck"]  # the rows check is collect's (collect/rows_check.py); its verdicts here


class ReportError(BadInput):
    """Bad input for the report: the message names the file, the hint says what to do."""

    def __init__(self, message: str, hint: str | None = None):
        self.message, self.hint = message, hint
        super().__init__(message)


# Columns without which no report makes sense; every other column is optional (older tables,
# tables from other tools) and its figure is skipped when it is missing.
REQUIRED = ("point_id", "mode", "nodes", "workers", "status")


def column_kinds() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(bool, numeric, text) columns, typed as formats/results_columns.py declares them when
    a table is read (a strategy registered after import: its counters' columns too)."""
    return (
        results_columns.of_kind("bool"),
        results_columns.of_kind("int", "float"),
        results_columns.of_kind("text"),
    )


@dataclass
class RunLog:
    """One point-repeat's curves from rank 0's log (the loss there is the average over ranks,
    the learning rate is every rank's)."""

    point_id: str
    status: str
    steps: list[int] = field(default_factory=list)
    loss: list[float] = field(default_factory=list)
    lr: list[float | None] = field(default_factory=list)
    applied: list[bool] = field(default_factory=list)
    grad_norm: list[float | None] = field(default_factory=list)  # logs before it: None
    reason: str = ""
    rows: RowsCheck | None = None


def clean_text(v) -> str | None:
    if v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA:
        return None
    return str(v)


def _numbers(col: pd.Series) -> pd.Series:
    """Numbers as a CSV reads them: a parquet file's nullable Int64 (collect writes ints so)
    becomes float64 with NaN where empty, as the report expects, never pd.NA."""
    col = pd.to_numeric(col, errors="coerce")
    if isinstance(col.dtype, pd.api.extensions.ExtensionDtype):
        col = col.astype("float64") if col.isna().any() else col.astype(col.dtype.numpy_dtype)
    return col


def normalise(frame: pd.DataFrame) -> pd.DataFrame:
    frame = frame.copy()
    bool_columns, numeric_columns, text_columns = column_kinds()
    for col in numeric_columns:
        if col not in frame:
            frame[col] = float("nan")
        frame[col] = _numbers(frame[col])
    for col in text_columns:
        if col not in frame:
            frame[col] = None
        frame[col] = frame[col].map(clean_text).astype(object)
    for col in bool_columns:
        if col not in frame:
            frame[col] = None
        frame[col] = frame[col].map(
            lambda v: None if pd.isna(v) else str(v).strip().lower() in ("true", "1", "yes")
        )
    frame["status"] = frame["status"].fillna("missing").astype(str)
    return frame


def table_rows(frame: pd.DataFrame) -> list[dict]:
    """The table's rows as dicts of plain Python values, as `frame.to_dict("records")` gives
    them (NaN kept), built from each column's `tolist()`: half its time at 10,000 rows
    (0.12 against 0.27 s), whose per-value boxing `collect`'s history entry paid each run."""
    names = list(frame.columns)
    columns = [_plain_values(frame[c]) for c in names]
    return [dict(zip(names, values, strict=True)) for values in zip(*columns, strict=True)]


def _plain_values(col: pd.Series) -> list:
    """A column's values as to_dict gives them: an extension array's missing value (pd.NA)
    as None (normalise leaves none in a results table; a caller's frame may have them)."""
    values = col.tolist()
    if isinstance(col.dtype, pd.api.extensions.ExtensionDtype):
        return [None if v is pd.NA else v for v in values]
    return values


def read_table(folder: Path, sweep_file: Path | None = None) -> tuple[pd.DataFrame, Path]:
    csv, parquet = folder / "results.csv", folder / "results.parquet"
    collect = f"scalestudy collect {sweep_file or 'SWEEP.yaml'}"
    if csv.exists():
        try:
            frame, path = pd.read_csv(csv, float_precision="round_trip"), csv
        except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
            raise ReportError(
                f"{csv}: cannot read the table ({exc})", f"run `{collect}` again"
            ) from None
    elif parquet.exists():
        try:
            frame, path = pd.read_parquet(parquet), parquet
        except (ImportError, OSError, ValueError) as exc:
            raise ReportError(
                f"{parquet}: cannot read the table ({exc})", f"run `{collect}`"
            ) from None
    else:
        if not folder.exists():
            root = folder.parent
            known = sorted(p.parent.name for p in root.glob("*/results.csv"))
            raise ReportError(
                f"{csv}: no such file (no results for this sweep under {root})",
                f"run `scalestudy submit` and `{collect}` first"
                + (f"; sweeps with results: {', '.join(known)}" if known else ""),
            )
        raise ReportError(f"{csv}: no such file", f"run `{collect}` first")
    missing = [c for c in REQUIRED if c not in frame.columns]
    if missing:
        raise ReportError(
            f"{path}: not a results table (missing columns: {', '.join(missing)})",
            f"run `{collect}` to rewrite it",
        )
    if frame.empty:
        raise ReportError(f"{path}: the table has no rows", f"run `{collect}` after `submit`")
    return normalise(frame), path


# a broken line's point id, when the id itself survived
POINT_ID = re.compile(r'"point_id"\s*:\s*"([^"]+)"')


def read_points(folder: Path) -> tuple[dict[str, dict], dict[str, str]]:
    """points.jsonl beside the table (each point's full configuration, by point id, as stored:
    load_sweeps has legacy.upgrade bring a record of an older schema to the current one); empty
    when the table has none (collected before it existed, or copied without it): load then
    makes each point's record from its row (report/legacy.py). Also the damaged lines: point
    id (or "line N" when the id is lost too) -> what is wrong, naming file and line. A damaged
    point's configuration is unknown, never re-guessed from its row."""
    path = folder / "points.jsonl"
    out: dict[str, dict] = {}
    damaged: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out, damaged
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        record = _json_line(line)
        if isinstance(record, dict) and "point_id" in record:
            out[str(record["point_id"])] = record
            continue
        found = POINT_ID.search(line)
        key = found.group(1) if found else f"line {number}"
        point = f"point {key}" if found else "its point id is lost too"
        damaged[key] = f"{DamagedFile(path, 'damaged line', number)} ({point})"
    return out, damaged


def _json_line(line: str):
    """A line's JSON value, None when it is not JSON. msgspec decodes what json.loads does in
    half the time (0.19 against 0.34 s for 10,000 records); json.loads reads what msgspec
    refuses but Python's json writes (NaN, Infinity) and says the rest is damaged."""
    try:
        return msgspec.json.decode(line)
    except msgspec.DecodeError:
        pass
    try:
        return json.loads(line)
    except ValueError:
        return None


def load_sweeps(args: list[str], results_root: Path) -> list[SweepResults]:
    out: list[SweepResults] = []
    for arg in args:
        name, sweep_file, ref = sweep_argument(arg)
        folder = results_root / name
        table, path = read_table(folder, sweep_file)
        if "sweep" in table and table["sweep"].isna().all():
            table["sweep"] = name
        table["sweep"] = table["sweep"].fillna(name)
        if ref is None:  # the table records the sweep's reference since #5
            refs = sorted({r for r in table["reference"] if r})
            ref = refs[0] if refs else None
        if any(s.name == name for s in out):
            raise ReportError(f"sweep {name!r} given twice")
        records, damaged = read_points(folder)
        if damaged:  # their configuration is unknown: left out, not re-guessed from the row
            table = table[~table["point_id"].astype(str).isin(damaged)].reset_index(drop=True)
        # the one upgrade of a table that lacks what the plan writes (report/legacy.py)
        table, points = legacy.upgrade(table, records)
        notes = [
            f"{what}: its configuration is unknown, so its rows are left out (run "
            f"`scalestudy collect {name}` where the sweep file is to rewrite points.jsonl)"
            for what in damaged.values()
        ]
        out.append(SweepResults(name, folder, table, path, ref, sweep_file, points, notes))
    return out


def _finite(v) -> float | None:
    if v is None:
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


# what the last report read of each attempt's logs (collect/cache.py: the same record as
# collect's, for the curves and the rows check)
RUNS_CACHE = ".report-cache.msgpack"


def _runs_sources() -> list[Path]:
    """The code whose reading the record stores: this module, collect's (the rows check:
    collect/rows_check.py) and every file format and cost model (step log, strategies, mesh,
    item bytes)."""
    return [Path(__file__), *package_sources("collect", "formats", "cost_models")]


def load_runs(sweep: SweepResults, warnings: list[str]) -> dict[str, RunLog]:
    """Rank 0's loss and learning rate per step, and the rows check over every rank, for each
    row of the table whose logs are on disk; the logs unchanged since the last report are not
    read again (their record: results/<sweep>/.report-cache.msgpack), nor those whose rows
    check collect ran (its record, .collect-cache.msgpack: rank 0's curves alone are read)."""
    runs: dict[str, RunLog] = {}
    cache = ReadCache(sweep.folder / RUNS_CACHE, _runs_sources())
    # read only: what collect found of the same logs, valid while their signature holds
    collected = ReadCache(sweep.folder / collect_record.FILE, collect_record.collect_sources())
    checked: list[str] = []  # the runs whose every rank log the report read for the check
    with progress.work(f"reading {sweep.name}'s logs", len(sweep.table)) as shown:
        for row in sweep.table.itertuples(index=False):
            run = _load_run(sweep, row, warnings, cache, collected, checked)
            if run is not None:
                runs[run.point_id] = run
            shown.advance(str(row.point_id))
    cache.save()
    if checked:
        print(
            f"note: {sweep.name}: the rows check of {len(checked)} run(s) read every rank's "
            f"log here: collect's record ({collect_record.FILE}) has none for them (a table "
            "without it, or logs changed since the last collect); `scalestudy collect` runs "
            "it in its pass",
            file=sys.stderr,
        )
    return runs


def _load_run(
    sweep: SweepResults,
    row,
    warnings: list[str],
    cache: ReadCache,
    collected: ReadCache,
    checked: list[str],
) -> RunLog | None:
    """One row's run: rank 0's curves and every rank's rows check; None without logs."""
    attempt = _finite(getattr(row, "attempt", None))
    if attempt is None:
        return None
    logs = sweep.folder / str(row.point_id) / attempt_files.attempt_name(attempt) / "logs"
    rank0 = logs / step_log.rank_log_name(0)
    if not rank0.exists():
        return None
    workers = int(_finite(row.workers) or 1)
    files = signature([logs / step_log.rank_log_name(r) for r in range(workers)])
    name = f"{logs.relative_to(sweep.folder)} workers={workers}"
    folder = logs.parent.relative_to(sweep.folder).as_posix()
    said: list[str] = []

    def fresh() -> dict | None:
        found, rows = collected.peek(rows_check.entry_name(folder, workers), files)
        if not found:
            checked.append(folder)
            rows = rows_check.check_logs(logs, workers, said)
        return _read_run(logs, workers, said, rows)

    read = cache.use(name, files, fresh)
    if said:  # what went wrong is said each time, never taken from the record
        warnings += said
        cache.forget(name)
    if read is None:
        return None
    run = RunLog(point_id=str(row.point_id), status=str(row.status), reason=read["reason"])
    run.steps, run.lr = read["steps"], read["lr"]
    run.loss = [float("nan") if v is None else v for v in read["loss"]]  # see _read_run
    run.applied, run.grad_norm = read["applied"], read["grad_norm"]
    run.rows = RowsCheck(**read["rows"]) if read["rows"] is not None else None
    return run


class _CurveView(msgspec.Struct):
    """What rank 0's curves read of a record (header, step or footer), typed as the plain
    decoding gives it (Any: a value is judged below, as before); the rest of each line is
    skipped without being built (2.3 x faster than whole records)."""

    type: Any = None
    schema: Any = None
    segment_start_step: Any = None
    step: Any = None
    loss: Any = None
    lr: Any = None
    applied: Any = True
    grad_norm: Any = None
    reason: Any = None


_CURVES = step_log.Decoder(_CurveView)


def _read_run(logs: Path, workers: int, warnings: list[str], rows: dict | None) -> dict | None:
    """What a run's logs say, as plain values: rank 0's curves, with `rows`, every rank's rows
    check (collect/rows_check.check_logs: collect's or the report's); None: rank 0's log cannot
    be read."""
    rank0 = logs / step_log.rank_log_name(0)
    try:
        segments = step_log.read_segments(rank0, _CURVES)
        steps = step_log.merge(segments)
        if any(s.step is None for s in steps):
            raise KeyError("step")  # a step record without its number
    except (ValueError, OSError, KeyError) as exc:
        warnings.append(f"{rank0}: unreadable step log ({exc}); its curves are left out")
        return None
    footer = segments[-1].footer if segments else None
    run = RunLog(point_id="", status="", reason=(footer.reason if footer else "") or "")
    for s in steps:
        run.steps.append(int(s.step))
        loss = _finite(s.loss)
        run.loss.append(loss if loss is not None else float("nan"))
        run.lr.append(_finite(s.lr))
        run.applied.append(bool(s.applied))
        run.grad_norm.append(_finite(s.grad_norm))
    curves = {k: getattr(run, k) for k in ("steps", "lr", "applied", "grad_norm")}
    # a loss is a number or NaN, never None: NaN is kept as JSON's null (a diverged run's)
    curves["loss"] = [None if v != v else v for v in run.loss]
    return curves | {"reason": run.reason, "rows": rows}


@dataclass
class CommResults:
    """A `workload: comm` sweep's comm.csv (one row per point x collective x message) and
    calibration.json (scalestudy.cost_models.comm_fit's fits). Nothing is refitted in the report:
    it shows the calibration the projection would use."""

    sweep: str
    table: pd.DataFrame  # comm.csv
    calibration: dict | None  # calibration.json, None when absent or unreadable
    calibration_path: Path
    problem: str | None = None  # why the calibration could not be read

    def fit(self, collective: str) -> dict | None:
        return ((self.calibration or {}).get("collectives") or {}).get(collective)

    def error(self, collective: str) -> str | None:
        return ((self.calibration or {}).get("errors") or {}).get(collective)


def load_comm(folders: dict[str, Path], warnings: list[str]) -> list[CommResults]:
    """The comm results of the sweeps that have them (by sweep name -> its results folder)."""
    out = []
    for name, folder in folders.items():
        csv = folder / "comm.csv"
        if not csv.exists():
            continue
        try:
            table = pd.read_csv(csv, float_precision="round_trip")
        except (OSError, ValueError) as exc:
            warnings.append(f"{csv}: not readable ({exc}); its comm figure is left out")
            continue
        cal_path = folder / "calibration.json"
        cal, problem = None, None
        try:
            cal = json.loads(cal_path.read_text())
        except FileNotFoundError:
            problem = f"{cal_path}: missing (run `scalestudy collect` on the sweep)"
        except (OSError, ValueError) as exc:
            problem = f"{cal_path}: not readable ({exc})"
        out.append(CommResults(name, table, cal, cal_path, problem))
    return out
