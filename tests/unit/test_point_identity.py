"""The point id's view of a configuration (issue #35, build point 1): the keys the first studies
wrote are frozen, and a field added later enters the dump, so the id, only when it differs from
its default, by one rule in PointConfig rather than one `if` per field."""

from __future__ import annotations

import hashlib
import json

from pydantic import BaseModel

from scalestudy.formats.point_config import PointConfig

WEAK = {"tokens_per_worker": 512}

# the keys of a default weak configuration's dump, written out by hand: they are what every
# point id hashed before any field was added, so this list changes only by mistake
FROZEN_DUMP_KEYS = {
    "model", "mode", "tokens_per_worker", "global_batch_tokens", "micro_batches", "steps",
    "timing_warmup_steps", "learning_rate", "lr_warmup_steps", "lr_scaling",
    "lr_reference_batch_tokens", "accumulation", "sparse_as_dense", "timing", "precision",
    "timeline", "onednn", "data", "seed", "deterministic", "expect_ranks",
    "expect_ranks_per_node", "intra_op_threads", "inter_op_threads", "log_dir",
    "log_flush_every", "checkpoint_dir", "checkpoint_every", "divergence", "inject_failure",
    "dump_final_weights",
}  # fmt: skip


def _digest(cfg: BaseModel) -> str:
    return hashlib.sha256(
        json.dumps(cfg.model_dump(mode="json"), sort_keys=True).encode()
    ).hexdigest()


def test_a_default_configuration_dumps_only_the_frozen_keys():
    assert set(PointConfig(**WEAK).model_dump(mode="json")) == FROZEN_DUMP_KEYS


def test_the_later_fields_enter_only_away_from_their_defaults():
    base = PointConfig(**WEAK).model_dump(mode="json")
    for key, value in {
        "compression": "fp16",
        "compute_probe_steps": 0,
        "micro_batch_order": "sequential",
        "dump_gradients_step": 3,
        "inject_stall": {"step": 2, "seconds": 1.0},
    }.items():
        dump = PointConfig(**WEAK, **{key: value}).model_dump(mode="json")
        assert set(dump) - set(base) == {key}, key
    # exchange: left out where sparse_as_dense says the same, in where it is another method
    assert "exchange" not in PointConfig(**WEAK, exchange="allgather").model_dump()
    assert PointConfig(**WEAK, exchange="sparse_reduce").model_dump()["exchange"] == "sparse_reduce"


class _Later(BaseModel):
    depth: int = 2


class WithLaterFields(PointConfig):
    """PointConfig as it would be after a release that adds two fields, with no other change."""

    later_flag: bool = False
    later_block: _Later = _Later()


def test_a_field_added_later_keeps_old_ids_and_separates_new_ones():
    old = PointConfig(**WEAK)
    assert _digest(WithLaterFields(**WEAK)) == _digest(old)
    assert _digest(WithLaterFields(**WEAK, later_block={"depth": 2})) == _digest(old)
    changed = [
        WithLaterFields(**WEAK, later_flag=True),
        WithLaterFields(**WEAK, later_block={"depth": 3}),
    ]
    assert len({_digest(c) for c in changed} | {_digest(old)}) == 3
    assert WithLaterFields(**WEAK, later_block={"depth": 3}).model_dump()["later_block"] == {
        "depth": 3
    }
