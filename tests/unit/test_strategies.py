"""The exchange strategies' formulas, the Zipf union model and the report's comparison
(issue #13); the trainer's bytes against these formulas are tested under mpirun."""

from __future__ import annotations

import numpy as np
import pytest
from support.report import variants_of
from support.rows import results_row, results_table

from scalestudy.cost_models import comm_model, token_model
from scalestudy.cost_models import strategies as strategy_table
from scalestudy.formats.point_config import PointConfig
from scalestudy.report import strategies
from scalestudy.trainer.data import WorkerBatches


def test_sharded_wire_counts_three_alltoalls_without_own_blocks():
    # rank 1 of 3 asks [2, 5, 1] ids of ranks 0..2 and serves [4, 3, 0]
    sent, received = comm_model.sharded_embedding_wire([2, 5, 1], [4, 3, 0], 1, hidden=10)
    splits = 3 * 4 * 2
    assert sent == splits + 3 * 8 + 4 * 40 + 3 * 40  # ids out, rows back, gradient rows out
    assert received == splits + 4 * 8 + 3 * 40 + 4 * 40
    assert comm_model.sharded_embedding_wire([7], [7], 0, hidden=10) == (0.0, 0.0)


def _bytes(name, n, v, h, r, u, union, item=4):
    return strategy_table.get(name).bytes(strategy_table.Shape(n, v, h, r, u, union, item=item))


def test_strategy_bytes_follow_each_formula():
    n, v, h, r, u, union = 8, 1000, 64, 500, 300, 900
    row = 4 * h + 8
    assert _bytes("allgather", n, v, h, r, u, union)[0] == n * r * row
    assert _bytes("allreduce", n, v, h, r, u, union) == (4 * v * h, 2 * 7 / 8 * 4 * v * h)
    # fp16 compression halves the densified gradient's bytes
    assert _bytes("allreduce", n, v, h, r, u, union, item=2) == (2 * v * h, 2 * 7 / 8 * 2 * v * h)
    assert _bytes("sparse_reduce", n, v, h, r, u, union)[0] == union * row
    logical, wire = _bytes("sharded_embedding", n, v, h, r, u, union)
    assert logical == u * 4 * h + u * (8 + 4 * h)  # independent of V and N
    assert wire == pytest.approx(3 * 4 * 7 + 7 / 8 * u * (8 + 8 * h))
    with pytest.raises(ValueError, match="unknown exchange"):
        strategy_table.get("gossip")


def test_cheapest_moves_from_allgather_to_allreduce_as_the_paper_says():
    # the paper's two alone: allgather grows with N, allreduce does not
    v, h, r = 33708, 1024, 10000

    def two(n):
        return min(
            ("allgather", "allreduce"),
            key=lambda s: _bytes(s, n, v, h, r, r, r)[1],
        )

    assert two(2) == "allgather" and two(64) == "allreduce"


def test_expected_unique_ids_match_the_synthetic_data():
    """The union model's law is the data's: unique ids among a worker's real batches."""
    cfg = PointConfig.model_validate({"model": {"preset": "tiny"}, "tokens_per_worker": 4096})
    batches = WorkerBatches(cfg, rank=0, size=1)
    measured, predicted = [], []
    for step in range(1, 6):
        b, _ = batches.batch(step)
        words = np.concatenate([b.src.ravel(), b.tgt.ravel()])
        words = words[words > 1]  # neither pad nor EOS
        measured.append(len(np.unique(words)))
        predicted.append(token_model.expected_unique(len(words), 1000))
    assert np.median(measured) == pytest.approx(np.median(predicted), rel=0.05)
    # a uniform law (exponent 0) touches more ids than text's (exponent 1)
    assert token_model.expected_unique(2000, 1000, 0.0) > token_model.expected_unique(2000, 1000)


def _row(exchange, workers, logical, unique=None, union=None, status="completed"):
    return results_row(
        point_id=f"{exchange}-{workers}",
        mode="weak",
        status=status,
        exchange=exchange,
        workers=workers,
        nodes=workers,
        vocab_size=1000,
        hidden_size=64,
        logical_embedding_bytes_per_step=logical,
        emb_grad_rows_per_worker=900.0,
        emb_unique_rows_per_worker=unique,
        emb_union_rows=union,
        wire_sent_allgather_bytes_per_step_model=1.0,
        wire_sent_alltoall_bytes_per_step_model=2.0,
        tokens_per_s=1000.0,
    )


def test_the_comparison_needs_a_new_strategy_beside_another():
    paper = results_table([_row("allgather", 2, 1e5), _row("allreduce", 2, 256000)])
    assert strategies.compare(variants_of(paper)) == []
    table = results_table(
        [
            _row("allgather", 2, 1e5),
            _row("allreduce", 2, 256000),
            _row("sparse_reduce", 2, 9e4, unique=370, union=560),
            _row("sharded_embedding", 4, 8e4, unique=370),
            _row("sharded_embedding", 8, 0, unique=370, status="failed"),
        ]
    )
    (s,) = strategies.compare(variants_of(table))
    assert (s.vocab, s.hidden, s.rows, s.unique) == (1000, 64, 900.0, 370.0)
    assert [m.strategy for m in s.measured] == list(strategy_table.NAMES)
    sharded = s.measured[-1]
    assert sharded.workers == [4] and sharded.wire == [2.0]  # the failed point is left out
    assert s.measured[2].wire == [3.0]  # sparse_reduce: its alltoall and its allgather
    assert np.isnan(s.measured[1].wire[0])  # allreduce's share is fused: formula only
    # U(1) is the measured U_r; the union grows with N and never passes V
    assert s.union[0] == pytest.approx(370, rel=1e-6)
    assert s.union[0] < s.union[1] < s.union[2]
    assert all(a <= b for a, b in zip(s.union, s.union[1:], strict=False)) and s.union[-1] <= 998
    assert s.crossover[0][0] == 2
    assert all(best == s.cheapest_at(n) for n, best in s.crossover)


def _table():
    return results_table(
        [
            _row("allgather", 2, 1e5),
            _row("allreduce", 2, 256000),
            _row("sparse_reduce", 2, 9e4, unique=370, union=560),
            _row("sharded_embedding", 4, 8e4, unique=370),
        ]
    )


def test_the_vocab_parallel_softmax_is_a_formula_of_gathers_reductions_and_a_scatter():
    b = comm_model.vocab_parallel_softmax_bytes(4, hidden=64, target_tokens=100)
    states, scalars = 4 * 100 * 4 * 64, 3 * 4 * 100 * 4
    assert b["logical_bytes"] == states + scalars + 100 * 4 * 64
    # ring allgather of the states, ring allreduces of 3 scalars per position, reduce-scatter
    assert b["wire_sent"] == pytest.approx(0.75 * states + 2 * 0.75 * scalars + 0.75 * states)
    assert comm_model.vocab_parallel_softmax_bytes(1, 64, 100)["wire_sent"] == 0.0
    (s,) = strategies.compare(variants_of(_table()))
    assert s.target_tokens == 450.0  # half of R_r = 900 (no slot column in this table)
    _, wire = s.softmax_model
    assert wire[s.grid.index(4)] == comm_model.vocab_parallel_softmax_bytes(4, 64, 450)["wire_sent"]


def test_the_vocabulary_crossover_follows_the_calibrated_law():
    (s,) = strategies.compare(variants_of(_table()))
    assert s.vocab_workers == 4  # the largest N measured
    assert s.vocab_crossover[0][0] == strategies.VOCAB_GRID[0]
    for v, best in s.vocab_crossover:
        assert best == s.cheapest_at_vocab(v, 4)
    # 4VH grows with V while U_r saturates: the dense allreduce is never cheapest at 1M ids
    assert s.cheapest_at_vocab(2**20, 4) != "allreduce"
    assert s.cheapest_at_vocab(1000, 4) == s.cheapest_at(4)  # the measured V: same answer


def test_exchange_times_count_each_strategys_messages():
    from scalestudy.report.projection import Link

    assert strategies.compare(variants_of(_table()))[0].seconds == {}  # no links: no times
    free = Link("bandwidth only", 0.0, 8.0)  # 1 GB/s, no latency
    (s,) = strategies.compare(
        variants_of(_table()), {c: free for c in ("allreduce", "allgather", "alltoall")}
    )
    i = s.grid.index(4)
    assert s.seconds["allreduce"][i] == pytest.approx(2 * 0.75 * 4 * 1000 * 64 / 1e9)
    assert s.seconds["sharded_embedding"][i] == pytest.approx(0.75 * 370 * (8 + 2 * 4 * 64) / 1e9)
    slow = Link("latency bound", 1e6, 8.0)  # 1 s per message: the count of messages decides
    (t,) = strategies.compare(
        variants_of(_table()), {c: slow for c in ("allreduce", "allgather", "alltoall")}
    )
    # sharded: 3 alltoalls of 2 (N-1) messages each (splits, data); allreduce: 2 (N-1)
    assert t.seconds["sharded_embedding"][i] >= 6 * 3 and t.seconds["allreduce"][i] < 2 * 3 + 1
    assert all(best != "sharded_embedding" for _, best in t.time_crossover)
    assert s.time_crossover[0][0] == 2


def test_each_strategy_beats_the_dense_allreduce_from_some_vocabulary():
    (s,) = strategies.compare(variants_of(_table()))
    for k in ("allgather", "sparse_reduce", "sharded_embedding"):
        v = s.beats_dense_from(k, 4)
        assert v is not None and v in strategies.VOCAB_GRID
        args = (4, v, 64, *s.at_vocab(v, 4))
        assert _bytes(k, *args)[1] < _bytes("allreduce", *args)[1]
        if v > strategies.VOCAB_GRID[0]:  # and not at the vocabulary below
            below = strategies.VOCAB_GRID[strategies.VOCAB_GRID.index(v) - 1]
            args = (4, below, 64, *s.at_vocab(below, 4))
            assert _bytes(k, *args)[1] >= _bytes("allreduce", *args)[1]
