"""The exchange and mesh rules of a sweep are said once (issue #35 item 4): by
sweepfile/consistency.py, on what the file says, at its line and with the variant's label;
the sweep's PointConfig stops at the same rule but marks its error `said`
(point_config.RULES_CHECKED), so validate leaves it out without comparing texts. A
PointConfig made anywhere else says the rule itself."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from support.sweeps import SMALL_TEXT

from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.cost_models import strategies
from scalestudy.formats.point_config import PRESETS, RULES_CHECKED, PointConfig
from scalestudy.sweepfile.sweep import SweepError, load_sweep

SWEEP = SMALL_TEXT
TINY = {**PRESETS["tiny"], "tie_embeddings": True}
SHARDED = strategies.get("sharded_embedding").refusal(True)  # tiny ties its embeddings
MESH3 = mesh_layout.refusal(3, TINY, None)  # tiny has 4 heads
MATRIX = "matrix:\n  trainer.exchange: [allgather, sharded_embedding]\n"

CASES = [
    ("  exchange: sharded_embedding\n", "", 10, "trainer.exchange", SHARDED),
    ("  mesh: {model: 3}\n", "", 10, "trainer.mesh.model", MESH3),
    ("", MATRIX, 11, "trainer.exchange", f"{SHARDED} (with trainer.exchange='sharded_embedding')"),
]


@pytest.mark.parametrize(("trainer", "top", "line", "key", "message"), CASES)
def test_a_rule_is_said_once_at_its_line(tmp_path, trainer, top, line, key, message):
    assert SHARDED and MESH3
    path = tmp_path / "sweep.yaml"
    path.write_text(SWEEP + trainer + top)
    with pytest.raises(SweepError) as caught:
        load_sweep(path)
    rule_text = message.split(" (with ")[0]
    said = [i for i in caught.value.issues if rule_text in i.message]
    assert [(i.line, i.key, i.message) for i in said] == [(line, key, message)]


def test_a_point_config_says_the_rules_itself_but_from_a_sweep():
    raw = {"model": {"preset": "tiny"}, "tokens_per_worker": 512, "exchange": "sharded_embedding"}
    with pytest.raises(ValidationError) as caught:
        PointConfig.model_validate(raw)
    (error,) = caught.value.errors()
    assert error["msg"].removeprefix("Value error, ") == SHARDED
    assert not error["ctx"].get("said")
    with pytest.raises(ValidationError) as caught:
        PointConfig.model_validate(raw, context=RULES_CHECKED)
    (error,) = caught.value.errors()
    assert error["ctx"]["said"] is True
