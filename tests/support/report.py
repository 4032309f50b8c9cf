"""The report's variants of a table built in a test, loaded as `scalestudy report` loads a
results folder: upgraded once (report/legacy.py), then grouped (report/scaling.py)."""

from __future__ import annotations

import pandas as pd

from scalestudy.report import legacy, load
from scalestudy.report.scaling import Variant, variants


def variants_of(table: pd.DataFrame, records: dict[str, dict] | None = None) -> list[Variant]:
    table, records = legacy.upgrade(load.normalise(table), records or {})
    return variants(table, records)
