"""One sweep's results as the report and compare read them (report/load.py reads them from the
folder; a collect's history entry makes one of the rows it just wrote). Imports no pandas: a
collect adds its history entry without it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class SweepResults:
    name: str
    folder: Path
    table: pd.DataFrame | None  # None: rows in hand instead (a collect's history entry)
    table_path: Path
    reference: str | None = None
    sweep_file: Path | None = None
    points: dict[str, dict] = field(default_factory=dict)  # points.jsonl: point id -> record
    damage: list[str] = field(default_factory=list)  # damaged lines of points.jsonl, said
