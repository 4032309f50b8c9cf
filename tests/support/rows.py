"""Synthetic results rows and tables for tests, built on the one home of the columns
(scalestudy/formats/results_columns.py): a row has every column, empty unless a test gives it,
so a new column needs no test edit; a cell the table has no column for is an error here (a
DataFrame built with `columns=` drops it without a word)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path

import pandas as pd

from scalestudy.formats.results_columns import NAMES

COLUMNS: list[str] = list(NAMES)


def results_row(**cells) -> dict:
    """One results row: every column of the table in its order, None but the `cells` given."""
    unknown = [k for k in cells if k not in NAMES]
    if unknown:
        hints = {k: difflib.get_close_matches(k, NAMES, n=1) for k in unknown}
        raise KeyError(f"no results column {unknown} (closest: {hints})")
    out = dict.fromkeys(COLUMNS)
    out.update(cells)
    return out


# the tests' tiny model with TensorFlow 1.x's accumulation (the trainer's default sweep)
TINY = {"model": "tiny", "accumulation": "tf1"}


def point_row(point_id: str, sweep: str, nodes: int, **cells) -> dict:
    """A results row of a point with one rank per node (ppn 1, workers = nodes), weak scaling
    on the local profile unless `cells` say otherwise; `cells` add or replace columns."""
    identity = {"mode": "weak", "cluster": "local", "nodes": nodes, "ppn": 1, "workers": nodes}
    return results_row(point_id=point_id, sweep=sweep, **{**identity, **cells})


def results_table(rows: Iterable[dict]) -> pd.DataFrame:
    """The rows as the results table: the columns in the contract's order, each row checked."""
    return pd.DataFrame([results_row(**r) for r in rows], columns=COLUMNS)


def write_results(folder: Path, rows: Iterable[dict]) -> pd.DataFrame:
    """The table written as collect leaves it (folder/results.csv); returned too."""
    frame = results_table(rows)
    folder.mkdir(parents=True, exist_ok=True)
    frame.to_csv(folder / "results.csv", index=False)
    return frame
