"""The formulas and models behind the report's model lines and projection."""

from pathlib import Path

import pytest

from scalestudy.cost_models import comm_model
from scalestudy.plan import make_plan
from scalestudy.report import projection
from scalestudy.report.legacy import row_config
from scalestudy.sweepfile.sweep import load_sweep

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def _points(name: str):
    return make_plan(load_sweep(str(EXPERIMENTS / f"{name}.yaml")))


def test_accumulation_64_formula_gives_82x_at_64_nodes():
    """The blog's Figure 1: big model, V = 33,708, 5,000 tokens per worker, 1 ppn, 64 nodes."""
    p = next(
        p
        for p in _points("accumulation-64")
        if p.nodes == 64 and not p.config.sparse_as_dense and p.repeat == 0
    )
    spec = p.config.model.resolved()
    assert (spec["vocab"], spec["hidden"], p.ppn, p.tokens_per_worker) == (33708, 1024, 1, 5000)
    rows = projection.formula_rows(
        int(spec["vocab"]),
        p.tokens_per_worker,
        p.config.micro_batches,
        accumulation=p.config.accumulation,
        tied=bool(spec["tie_embeddings"]),
    )
    assert rows == 33708 + 9500  # V + 95% of the 10,000 padded slots
    bytes_ratio = projection.accumulation_ratio(p.workers, rows, 33708, 1024)
    values_ratio = projection.values_ratio(p.workers, rows, 33708)
    assert bytes_ratio == pytest.approx(82, abs=2)
    assert values_ratio == pytest.approx(82, abs=2)
    # indices add 8 bytes to every 4H-byte row: the byte ratio is a little above the values'
    assert bytes_ratio == pytest.approx(values_ratio * (4 * 1024 + 8) / (4 * 1024))
    # and the dense line is flat in N
    assert projection.dense_accumulation_bytes(33708, 1024) == 4 * 33708 * 1024


def test_exact_rows_from_slots():
    assert comm_model.gradient_rows(1000, 975, 975) == 2950
    assert comm_model.gradient_rows(1000, 500, 400, 2) == 2900  # M x V per backward pass
    assert comm_model.gradient_rows(1000, 500, 400, accumulation="native", tied=False) == 900
    assert projection.sparse_accumulation_bytes([2950, 2948], 64) == 5898 * 264


def test_ring_allreduce_time_by_hand():
    link = projection.Link("test", latency_us=2.0, bandwidth_gbps=8.0)  # 1e9 B/s per node
    # 4 workers, 2 per node: 2*(3/4)*1e6 B / (1e9/2 B/s) = 3e-3 s, + 2*3*2e-6 s
    assert projection.ring_allreduce_s(1e6, 4, 2, link) == pytest.approx(3e-3 + 12e-6)
    assert projection.ring_allreduce_s(1e6, 1, 1, link) == 0.0


def test_ring_allgather_time_by_hand():
    link = projection.Link("test", latency_us=1.0, bandwidth_gbps=8.0)
    # 8 workers, 1 per node: 7 x 1e6 B / 1e9 B/s + 7 x 1e-6 s
    assert projection.ring_allgather_s(1e6, 8, 1, link) == pytest.approx(7e-3 + 7e-6)
    calls = [("allreduce", 1e6), ("allgather", 1e6)]
    both = projection.calls_s(calls, 8, 1, {"allreduce": link, "allgather": link})
    assert both == pytest.approx(
        projection.ring_allreduce_s(1e6, 8, 1, link) + projection.ring_allgather_s(1e6, 8, 1, link)
    )


def test_projected_nodes():
    assert projection.projected_nodes(2, 300) == [4, 8, 16, 32, 64, 128, 256, 300]
    assert projection.projected_nodes(4, 16) == [8, 16]
    assert projection.projected_nodes(8, 8) == []


def test_stampede2_sparse_path_is_predicted_oom_at_64_nodes_dense_is_not():
    """4 ppn, big model, 64 nodes: the sparse buffer alone is ~46 GB per rank (256 workers x
    (V + ~9,500 slots) rows of 4H + 8 bytes); with the rest, 4 such ranks overflow a 192 GB
    node, 4 dense ones do not."""
    spec = projection.model_spec("big", 33708, 1024, True)
    kw = dict(workers=256, tokens_per_worker=5000)
    sparse = projection.predicted_rank_bytes(spec, config=row_config({"sparse_as_dense": 0}), **kw)
    dense = projection.predicted_rank_bytes(spec, config=row_config({"sparse_as_dense": 1}), **kw)
    node = 192e9
    assert sparse * 4 > node > dense * 4
    buffer = 256 * (33708 + 9500) * comm_model.row_bytes(1024)
    assert buffer / 1e9 == pytest.approx(45.4, abs=1.0)


def test_model_spec_needs_a_preset():
    assert projection.model_spec("custom", 1, 1, True) is None
    assert projection.model_spec("tiny", 500.0, 32.0, None)["vocab"] == 500
