"""The tests' results-row factory (tests/support/rows.py) follows the contract's columns and
refuses a cell that is no column (a DataFrame built with `columns=` drops it silently)."""

from __future__ import annotations

import pytest
from support.rows import results_row, results_table

from scalestudy.formats.results_columns import NAMES


def test_a_row_has_every_contract_column_in_order_and_refuses_unknown_cells():
    row = results_row(nodes=2, tokens_per_s=10.0)
    assert tuple(row) == NAMES
    assert (row["nodes"], row["tokens_per_s"], row["workers"]) == (2, 10.0, None)
    with pytest.raises(KeyError, match="tokens_per_s"):
        results_row(token_per_s=10.0)  # a typo: the closest column is named
    with pytest.raises(KeyError, match="no results column"):
        results_table([{"nodes": 1, "not_a_column": 3}])
    assert list(results_table([{"nodes": 1}]).columns) == list(NAMES)
