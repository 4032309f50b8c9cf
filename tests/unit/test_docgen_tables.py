"""docgen lists names from the tables that own them (issue #35 item 5): a strategy registered in
cost_models/strategies.py appears in the generated reference with its summary, and the mesh's
allowed exchanges are the table's `with_mesh` ones."""

from __future__ import annotations

import dataclasses
import re

from scalestudy.cost_models import strategies
from scalestudy.formats.point_config import PointConfig
from scalestudy.sweepfile import docgen


def _texts() -> dict[str, str]:
    return {row.key: row.text for _prefix, _model, row in docgen.rows(PointConfig)}


def _mesh_names(text: str) -> set[str]:
    listed = re.search(r"exchange ((?:`\w+`(?: or )?)+)\.", text)
    assert listed, text
    return set(re.findall(r"`(\w+)`", listed.group(1)))


def test_the_exchange_and_mesh_texts_name_the_strategy_table():
    texts = _texts()
    for s in strategies.STRATEGIES.values():
        assert f"`{s.name}`: {s.summary}" in texts["exchange"]
    assert _mesh_names(texts["mesh"]) == {
        s.name for s in strategies.STRATEGIES.values() if s.with_mesh
    }


def test_a_strategy_registered_in_the_table_is_documented(monkeypatch):
    extra = dataclasses.replace(
        strategies.ALLGATHER, name="test_only", summary="a test-only exchange", with_mesh=True
    )
    monkeypatch.setitem(strategies.STRATEGIES, extra.name, extra)
    texts = _texts()
    assert "`test_only`: a test-only exchange." in texts["exchange"]
    assert "test_only" in _mesh_names(texts["mesh"])
    monkeypatch.setitem(
        strategies.STRATEGIES, extra.name, dataclasses.replace(extra, with_mesh=False)
    )
    assert "test_only" not in _mesh_names(_texts()["mesh"])
