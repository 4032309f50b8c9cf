"""Trainer logs (+ the manifest) -> one tidy table, results/<sweep>/results.csv and .parquet.

One row per point and repeat, the latest attempt of each; points that failed, diverged or never
ran appear with their status, never dropped. Throughput is what the trainer measured in its
timed window (global tokens summed over ranks / window time); nothing is extrapolated.

Each row names its variant (`variant`, the plan's id: the report groups by it alone, and
`variant_label`, how legends name it). results/<sweep>/points.jsonl keeps every point's full
configuration beside the table (one JSON object per line, by point_id: the variant's matrix
values, the trainer configuration and the resolved model), so the report never has to rebuild
a run's configuration from columns.

What a workload's job writes beyond step logs is read by its entry's `collect` hook
(scalestudy/workloads/table.py): a sweep of the `comm` workload so gets
results/<sweep>/comm.csv (one row per point x collective x message) and
results/<sweep>/calibration.json: latency and bandwidth fitted per collective
(scalestudy.cost_models.comm_fit), which `scalestudy report --project-to` uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import msgspec

from scalestudy.collect.cache import FILE, AttemptStats, ReadCache, collect_sources, gc_paused
from scalestudy.collect.comm import Calibrated
from scalestudy.collect.rows import COLUMNS, collect_rows
from scalestudy.collect.tables import POINTS_FILE, point_record, write_points, write_table
from scalestudy.executors import registry
from scalestudy.executors.manifest import Manifest
from scalestudy.plan import Point
from scalestudy.sweepfile.sweep import LoadedSweep
from scalestudy.workloads import table as workloads

__all__ = ["COLUMNS", "POINTS_FILE", "Collected", "collect", "point_record"]


@dataclass
class Collected:
    rows: list[dict]
    table: Path  # results.csv
    points_file: Path  # points.jsonl
    records: dict[str, dict]  # points.jsonl's records, by point id, as the file holds them
    stats: dict[str, AttemptStats]  # each latest attempt's files as collect stat-ed them
    calibrated: Calibrated | None  # what the workload's collect hook returned (comm: its fit)


def collect(loaded: LoadedSweep, points: list[Point], sweep_dir: Path) -> Collected:
    """The scheduler's last word on every job, then the table, the points and (comm) the fit
    (the garbage collector paused: a fifth of a 10,000-point collect went to full collections
    of objects that live to its end)."""
    with gc_paused():
        return _collect(loaded, points, sweep_dir)


def _collect(loaded: LoadedSweep, points: list[Point], sweep_dir: Path) -> Collected:
    data = None
    if (sweep_dir / "manifest.json").exists():
        manifest = Manifest(sweep_dir)
        with manifest.lock:  # Manifest.edit, without rewriting what the scheduler left as is
            data = manifest.read()
            before = msgspec.json.encode(data)
            registry.reconcile(sweep_dir, data)
            if msgspec.json.encode(data) != before:
                manifest.flush(data)
    # what the last collect read: only the logs changed since are read
    cache = ReadCache(sweep_dir / FILE, collect_sources())
    stats: dict[str, AttemptStats] = {}
    rows = collect_rows(points, sweep_dir, loaded.profile.name, loaded.profile, cache, data, stats)
    calibrated = None
    # what the workload's job wrote beyond step logs (the workloads' table: comm's comm.csv and
    # its fit); the hook notes its records in the rows
    extra = workloads.get(points[0].sweep.workload).collect if points else None
    if extra:
        calibrated = workloads.hook(extra)(points, rows, sweep_dir, loaded.profile.name)
    table = write_table(rows, sweep_dir, cache)
    cache.save()
    points_file, records = write_points(points, sweep_dir)
    return Collected(rows, table, points_file, records, stats, calibrated)
