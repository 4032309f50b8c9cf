import itertools

import numpy as np
import pytest

from scalestudy.formats.point_config import PointConfig
from scalestudy.trainer.data import WorkerBatches, bucket_boundaries, split_rows


def cfg(**kw):
    base = {"model": {"preset": "tiny"}, "tokens_per_worker": 1024}
    base.update(kw)
    return PointConfig.model_validate(base)


def test_bucket_boundaries_follow_official_scale():
    b = bucket_boundaries(64)
    assert b[:4] == [8, 9, 10, 11]
    assert all(y > x for x, y in itertools.pairwise(b)) and b[-1] < 64


def test_batches_respect_token_cap_and_are_int64():
    w = WorkerBatches(cfg(), rank=0, size=1)
    for step in range(1, 40):
        b, scale = w.batch(step)
        assert b.src.dtype == np.int64 and b.tgt.dtype == np.int64
        # sentences x padded length per side stays under tokens_per_worker
        assert b.src_slots < 1024 and b.tgt_slots < 1024
        assert (b.src[:, -1] != 0).any() and (b.tgt[:, -1] != 0).any()  # trimmed padding
        assert scale == pytest.approx(1 / b.tgt_tokens)


def test_batches_are_deterministic_per_seed_rank_step():
    a, b = WorkerBatches(cfg(), 0, 2), WorkerBatches(cfg(), 0, 2)
    other_rank = WorkerBatches(cfg(), 1, 2)
    assert np.array_equal(a.batch(5)[0].src, b.batch(5)[0].src)
    assert not np.array_equal(a.batch(5)[0].src, a.batch(6)[0].src)
    assert not np.array_equal(a.batch(5)[0].src, other_rank.batch(5)[0].src)


def test_strong_scaling_splits_the_same_global_sentences():
    c = cfg(mode="strong", tokens_per_worker=None, global_batch_tokens=2048)
    whole = WorkerBatches(c, 0, 1).batch(3)[0]
    shares = [WorkerBatches(c, r, 4).batch(3)[0] for r in range(4)]
    assert sum(s.sentences for s in shares) == whole.sentences
    assert sum(s.tgt_tokens for s in shares) == whole.tgt_tokens
    got = sorted(tuple(row[row != 0]) for s in shares for row in s.src)
    assert got == sorted(tuple(row[row != 0]) for row in whole.src)
    scales = {WorkerBatches(c, r, 4).batch(3)[1] for r in range(4)}
    assert scales == {4 / whole.tgt_tokens}


def test_micro_batches_partition_a_batch():
    b = WorkerBatches(cfg(), 0, 1).batch(2)[0]
    parts = split_rows(b, 3)
    assert sum(p.sentences for p in parts) == b.sentences
    assert sum(p.src_tokens for p in parts) == b.src_tokens


def test_translate_task_is_a_fixed_dictionary():
    w = WorkerBatches(cfg(data={"kind": "translate"}), 0, 1)
    w2 = WorkerBatches(cfg(data={"kind": "translate"}), 1, 2)
    mapping = {}
    for batch in (w.batch(1)[0], w2.batch(1)[0]):
        for s, t in zip(batch.src, batch.tgt, strict=True):
            for x, y in zip(s[s > 1], t[t > 1], strict=True):
                assert mapping.setdefault(int(x), int(y)) == int(y)
