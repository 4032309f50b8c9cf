"""`report --project-to` for every exchange strategy (issue #24): a synthetic table per strategy
with a given latency and bandwidth, whose projected exchange time, step time, accumulation
bytes and memory equal a hand computation written here from the collectives each strategy
calls (not from cost_models/strategies.py). And the plan's memory model and the report's
projection agree for every strategy x precision x compression."""

from __future__ import annotations

import itertools

import pandas as pd
import pytest
from support.report import variants_of
from support.rows import TINY, point_row, results_table

from scalestudy.cost_models import memory_model, strategies
from scalestudy.formats.point_config import PointConfig
from scalestudy.report import legacy, projection
from scalestudy.report.projection.variant import project

V, H, T = 1000, 64, 1024  # vocabulary, width, tokens per worker
LAT_US, BW_GBPS = 5.0, 8.0  # the table's nominal link: 1e9 bytes/s
BW = BW_GBPS * 1e9 / 8
DENSE_OTHER = 900_000.0  # the other dense gradients' bytes (allreduced with the embedding's)
ROWS = 1900  # R_r: untied, the padded slots
UNIQUE = 600  # U_r measured


def _ring_allreduce(b, n):
    return 2 * (n - 1) / n * b / BW + 2 * (n - 1) * LAT_US * 1e-6


def _ring_allgather(b, n):
    return (n - 1) * b / BW + (n - 1) * LAT_US * 1e-6


def _alltoall(b, n):
    return (n - 1) / n * b / BW + 2 * (n - 1) * LAT_US * 1e-6


def _table(exchange: str, timing: str, *, tied: bool) -> pd.DataFrame:
    """Weak scaling at 1, 2, 4 nodes (1 rank each), one completed repeat per size."""
    rows = []
    for n in (1, 2, 4):
        step = 0.5 + 0.01 * n
        rows_r = V + ROWS if tied else ROWS
        emb = {
            "allgather": n * rows_r * (4 * H + 8),
            "allreduce": 4 * V * H,
            "sparse_reduce": V * (4 * H + 8),
            "sharded_embedding": UNIQUE * 4 * H + UNIQUE * (8 + 4 * H),
        }[exchange]
        row = point_row(
            f"p{n}-r0",
            "s",
            n,
            variant="v1",
            variant_label=exchange,
            **TINY,
            exchange=exchange,
            sparse_as_dense=exchange == "allreduce",
            timing=timing,
            precision="fp32",
            compression="none",
            status="completed",
            tokens_per_worker=T,
            global_batch_tokens=T * n,
            repeat=0,
            steps_timed=10,
            tokens_per_s=T * n / step,
            step_s_median=step,
            compute_s_median=0.3,  # phases: measured; overlapped: the compute probe
            apply_s_median=0.02 if timing == "phases" else None,
            emb_grad_rows_per_worker=rows_r,
            emb_unique_rows_per_worker=V if tied else UNIQUE,
            logical_embedding_bytes_per_step=emb,
            logical_allreduce_bytes_per_step=DENSE_OTHER + (emb if exchange == "allreduce" else 0),
            peak_rss_max=8e8,
            vocab_size=V,
            hidden_size=H,
            tie_embeddings=tied,
            micro_batches=1,
            node_memory_gb=24.0,
            interconnect="test link",
            interconnect_latency_us=LAT_US,
            interconnect_bandwidth_gbps=BW_GBPS,
        )
        rows.append(row)
    return results_table(rows)


def _hand_exchange_s(exchange: str, n: int, *, tied: bool) -> float:
    row = 4 * H + 8
    rows_r = V + ROWS if tied else ROWS
    if exchange == "allgather":  # values, then ids: two allgathers
        return (
            _ring_allreduce(DENSE_OTHER, n)
            + _ring_allgather(rows_r * 4 * H, n)
            + _ring_allgather(rows_r * 8, n)
        )
    if exchange == "allreduce":  # fused with the dense gradients
        return _ring_allreduce(DENSE_OTHER + 4 * V * H, n)
    if exchange == "sparse_reduce":  # tied tf1: every id named, U_r = U = V
        return (
            _ring_allreduce(DENSE_OTHER, n)
            + _alltoall(V * row, n)
            + _ring_allgather(V / n * row, n)
        )
    # sharded: ids (8 bytes) out, rows back, gradient rows out
    return (
        _ring_allreduce(DENSE_OTHER, n)
        + _alltoall(UNIQUE * 8, n)
        + 2 * _alltoall(UNIQUE * 4 * H, n)
    )


def _hand_accumulation(exchange: str, n: int, *, tied: bool) -> float:
    rows_r = V + ROWS if tied else ROWS
    return {
        "allgather": n * rows_r * (4 * H + 8),
        "allreduce": 4 * V * H,
        "sparse_reduce": V * (4 * H + 8),
        "sharded_embedding": UNIQUE * 4 * H + UNIQUE * (8 + 4 * H),
    }[exchange]


CASES = [
    ("allgather", True),
    ("allreduce", True),
    ("sparse_reduce", True),
    ("sharded_embedding", False),
]


@pytest.mark.parametrize(("exchange", "tied"), CASES)
@pytest.mark.parametrize("timing", ["phases", "overlapped"])
def test_projected_step_bytes_and_memory_by_hand(exchange, tied, timing):
    (v,) = variants_of(_table(exchange, timing, tied=tied))
    assert v.strategy.name == exchange
    vp = project(v, None, 16, {"explicit": None, "roots": [], "variants": [v]})
    assert [p.nodes for p in vp.points] == [8, 16]
    step_m = 0.5 + 0.01 * 4  # the anchor: 4 workers
    comm_m = _hand_exchange_s(exchange, 4, tied=tied)
    if timing == "phases":
        apply, hidden = 0.02, 0.0
    else:  # what the backward pass hid at the anchor: compute + comm - step, within [0, comm]
        apply, hidden = 0.0, min(comm_m, max(0.0, 0.3 + comm_m - step_m))
    model_m = 0.3 + apply + max(0.0, comm_m - hidden)
    for p in vp.points:
        comm = _hand_exchange_s(exchange, p.workers, tied=tied)
        assert p.comm_s == pytest.approx(comm, rel=1e-5), (exchange, p.workers)
        model = 0.3 + apply + max(0.0, comm - hidden)
        assert p.step_s == pytest.approx(step_m * model / model_m, rel=1e-5)
        assert p.accumulation_bytes == pytest.approx(
            _hand_accumulation(exchange, p.workers, tied=tied), rel=1e-5
        )
        assert p.rank_bytes is not None and p.rank_bytes > 0
    # the alltoall strategies are charged their alltoalls: more than the dense part alone
    dense_only = _ring_allreduce(DENSE_OTHER, 16)
    assert vp.points[-1].comm_s > dense_only


def test_a_mesh_projects_its_exchange_over_its_data_set_with_its_vocabulary_shard():
    """M = 2: each rank allreduces its V / 2 shard's gradient (fused with its other dense
    gradients) over the N / 2 ranks of its data-parallel set; the model group's allreduces
    are in the measured compute."""
    m = 2
    table = _table("allreduce", "phases", tied=False)
    table = table[table["workers"] >= m].copy()
    table["mesh_model"] = m
    table["logical_embedding_bytes_per_step"] = 4 * V // m * H
    table["logical_allreduce_bytes_per_step"] = DENSE_OTHER + 4 * V // m * H
    (v,) = variants_of(table)
    assert v.mesh_model == m
    vp = project(v, None, 16, {"explicit": None, "roots": [], "variants": [v]})
    assert any("data x model mesh (M = 2)" in n for n in vp.notes)
    assert [p.nodes for p in vp.points] == [8, 16]
    for p in vp.points:
        want = _ring_allreduce(DENSE_OTHER + 4 * V // m * H, p.workers // m)
        assert p.comm_s == pytest.approx(want, rel=1e-5)
        assert p.accumulation_bytes == pytest.approx(4 * V // m * H)
        assert p.rank_bytes is not None


def test_sharded_memory_projection_is_the_plans():
    """The report's memory growth uses the plan's model on the variant's configuration: the
    sharded table's ceil(V / N) rows show (the old projection passed sparse_as_dense only and
    charged every rank the whole table)."""
    (v,) = variants_of(_table("sharded_embedding", "phases", tied=False))
    vp = project(v, None, 16, {"explicit": None, "roots": [], "variants": [v]})
    spec = dict(projection.model_spec("tiny", V, H, False))
    config = legacy.row_config(
        {"exchange": "sharded_embedding", "tie_embeddings": False, "accumulation": "tf1"}
    )

    def plan(w):
        return memory_model.estimate(spec, workers=w, tokens_per_worker=T, config=config).per_rank

    for p in vp.points:
        assert p.rank_bytes == pytest.approx(8e8 + plan(p.workers) - plan(4))
    # the table a rank holds shrinks with N: 16 ranks hold less than 4 (the activations equal)
    assert plan(16) < plan(4)


@pytest.mark.parametrize(
    ("exchange", "precision", "compression"),
    list(itertools.product(strategies.NAMES, ["fp32", "bf16"], ["none", "fp16"])),
)
def test_plan_and_report_memory_agree(exchange, precision, compression):
    tied = not strategies.get(exchange).shards_table
    cfg = PointConfig.model_validate(
        {
            "model": {"preset": "tiny", "tie_embeddings": tied},
            "tokens_per_worker": T,
            "exchange": exchange,
            "precision": precision,
            "compression": compression,
        }
    )
    spec = cfg.model.resolved()
    plan = memory_model.estimate(spec, workers=8, tokens_per_worker=T, config=cfg).per_rank
    as_json = cfg.model_dump(mode="json")  # what points.jsonl holds and the report reads
    stored = legacy.point_config({"point_id": "p", "config": as_json})
    report = projection.predicted_rank_bytes(spec, workers=8, tokens_per_worker=T, config=stored)
    assert report == plan
    # and a table without points.jsonl: the same from the results columns
    row = {
        "exchange": exchange,
        "sparse_as_dense": exchange == "allreduce",
        "accumulation": "tf1",
        "tie_embeddings": tied,
        "micro_batches": 1,
        "precision": precision,
        "compression": compression,
    }
    from_row = legacy.row_config(row)
    assert (
        projection.predicted_rank_bytes(spec, workers=8, tokens_per_worker=T, config=from_row)
        == plan
    )


def test_compression_and_precision_change_memory_where_they_should():
    def est(**kw):
        cfg = PointConfig.model_validate(
            {"model": {"preset": "tiny"}, "tokens_per_worker": T, "exchange": "allreduce", **kw}
        )
        return memory_model.estimate(
            cfg.model.resolved(), workers=8, tokens_per_worker=T, config=cfg
        )

    base, fp16, bf16 = est(), est(compression="fp16"), est(precision="bf16")
    assert fp16.accumulation - base.accumulation == 2 * V * H  # the float16 copy of [V, H]
    assert bf16.activations < base.activations and bf16.model_state > base.model_state
