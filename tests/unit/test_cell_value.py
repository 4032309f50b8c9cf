"""formats/results_columns.cell_value: a table's cell as plain Python, whether it came from
pandas (NaN, pd.NA, numpy scalars) or from collect's own rows (Python values), with neither
pandas nor numpy imported by it. Expected values written by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from scalestudy.formats.results_columns import cell_value

CASES = [
    (None, None),
    (float("nan"), None),
    (pd.NA, None),
    (np.float64("nan"), None),
    (2.0, 2),
    (np.float64(2.0), 2),
    (2.5, 2.5),
    (np.float32(0.5), 0.5),
    (np.int64(3), 3),
    (7, 7),
    (True, True),
    (np.bool_(False), False),
    ("a0", "a0"),
    ("", ""),
    (-0.0, 0),
    (1e300, int(1e300)),
]


@pytest.mark.parametrize(("cell", "want"), CASES, ids=[repr(c) for c, _ in CASES])
def test_a_cell_as_plain_python(cell, want):
    got = cell_value(cell)
    assert got == want and type(got) is type(want)


def test_infinity_stays_a_float():
    assert cell_value(float("inf")) == math.inf  # not integral: is_integer() is False
