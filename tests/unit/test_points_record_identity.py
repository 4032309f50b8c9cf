"""A configuration's two views (issue #35, build point 1): the identity view the point id
hashes (`PointConfig.identity()`, frozen: the ids below are literal, taken from the code before
the full view existed, at 78f2400) and the full view points.jsonl stores (`PointConfig.full()`:
every field, defaults included)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scalestudy.formats.point_config import PointConfig
from scalestudy.plan import make_plan
from scalestudy.sweepfile.sweep import load_sweep

PATHS = {"log_dir", "checkpoint_dir"}
WEAK = {"tokens_per_worker": 512}

# every field added after the ids were frozen, each away from its default
LATER = {
    "exchange": "sparse_reduce",
    "compression": "fp16",
    "micro_batch_order": "sequential",
    "compute_probe_steps": 0,
    "data": {"zipf_exponent": 0.5},
    "model": {"tie_embeddings": False},
    "dump_gradients_step": 3,
    "inject_stall": {"step": 2, "seconds": 1.0},
}


def _digest(view: dict) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ({}, "3885d477d3176cfa"),
        ({"exchange": "allgather"}, "3885d477d3176cfa"),  # the switch says the same
        (LATER, "0cd2bac685b4392a"),
        ({"mesh": {"model": 2}}, "f7632b7f2d8041f6"),
    ],
)
def test_the_identity_view_hashes_as_before(keys, expected):
    cfg = PointConfig(**WEAK, **keys)
    assert _digest(cfg.identity(exclude=PATHS)) == expected
    # a plain dump (point.json, the trainer's header) is the identity view too
    assert cfg.model_dump(mode="json") == cfg.identity()


SWEEP = """name: ids
cluster: local
mode: weak
nodes: [1, 2]
ppn: 1
threads_per_worker: 1
repeats: 1
time_limit: "00:10:00"
trainer:
  model: tiny
  tokens_per_worker: 1024
  steps: 40
  timing_warmup_steps: 10
  data: {kind: synthetic}
"""

# the ids the plan gave each sweep at 78f2400 (before the full view), written out by hand
PLANNED = {
    "": ["n0001-p1-aa42116523-r0", "n0002-p1-392afd64bf-r0"],
    "  exchange: allgather\n": ["n0001-p1-aa42116523-r0", "n0002-p1-392afd64bf-r0"],
    "  exchange: sparse_reduce\n": ["n0001-p1-900b48026d-r0", "n0002-p1-7c88b3717c-r0"],
    "  compression: fp16\n": ["n0001-p1-fed4ea750c-r0", "n0002-p1-722f16d342-r0"],
    "  micro_batches: 2\n  micro_batch_order: sequential\n": [
        "n0001-p1-5b40a7efe4-r0",
        "n0002-p1-a4189017f1-r0",
    ],
    "  compute_probe_steps: 0\n": ["n0001-p1-c30810cc2a-r0", "n0002-p1-60c29917b6-r0"],
    "  mesh: {model: 2}\n": ["n0002-p1-ba6f05834a-r0"],
}


@pytest.mark.parametrize("extra", list(PLANNED))
def test_planned_point_ids_are_unchanged(tmp_path: Path, extra: str):
    path = tmp_path / "ids.yaml"
    path.write_text(SWEEP + extra)
    assert [p.id for p in make_plan(load_sweep(path))] == PLANNED[extra]


def test_a_later_field_away_from_its_default_is_in_both_views():
    cfg = PointConfig(**WEAK, **LATER)
    identity, full = cfg.identity(), cfg.full()
    for key, value in LATER.items():
        if isinstance(value, dict):
            for inner, v in value.items():
                assert identity[key][inner] == full[key][inner] == v, (key, inner)
        else:
            assert identity[key] == full[key] == value, key


def test_a_later_field_at_its_default_is_in_the_full_view_only():
    cfg = PointConfig(**WEAK)
    identity, full = cfg.identity(), cfg.full()
    later_defaults = {
        "exchange": "allgather",
        "compression": "none",
        "micro_batch_order": "dataflow",
        "compute_probe_steps": 5,
        "dump_gradients_step": None,
        "inject_stall": None,
        "mesh": {"model": 1},
    }
    for key, default in later_defaults.items():
        assert key not in identity, key
        assert full[key] == default, key
    assert "zipf_exponent" not in identity["data"]
    assert full["data"]["zipf_exponent"] == 1.0
    # every field is in the full view; the paths only where not excluded
    assert set(full) == set(PointConfig.model_fields)
    assert set(cfg.full(exclude=PATHS)) == set(PointConfig.model_fields) - PATHS


@pytest.mark.parametrize("keys", [{}, LATER, {"mesh": {"model": 2}, "micro_batches": 4}])
def test_both_views_read_back_as_the_same_configuration(keys):
    cfg = PointConfig(**WEAK, **keys)
    assert PointConfig.recorded(cfg.full()) == cfg
    assert PointConfig.recorded(cfg.identity()) == cfg
