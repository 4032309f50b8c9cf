"""`exchange: sparse_reduce` (issue #13): the row-owner reduction gives the weights the dense
allreduce gives, and its bytes are the formula's, read off the real tensors.

Deterministic, the tiny model without dropout, 20 steps. Every run is the session's
(shared_runs) and read by several tests; this module starts none of its own. The untied runs
are test_gradient_equivalence.py's (run_config() there: Zipf 1.3 ids, 2 native micro-batches;
its 2-rank dense run is also test_exchange_sharded_embedding's): at 2 ranks the dense run and
the sparse_reduce run in phases timing, at 3 ranks the overlapped sparse_reduce run (1,000
rows over 3 owners: uneven ownership, every rank sends to two others). The tied tf1 runs (2
ranks) are test_compression.py's uncompressed ones."""

from __future__ import annotations

import numpy as np
import pytest
from support import embedding_ids
from test_gradient_equivalence import run_config as equivalence_config

from scalestudy.measure.run_local import LocalRun

pytestmark = pytest.mark.mpi

STEPS, V, H = 20, 1000, 64
# tied with tf1 accumulation: test_compression's 20-step runs (weak, 512 tokens a rank)
TIED_TF1 = {
    "model": {"preset": "tiny", "dropout": 0.0},
    "accumulation": "tf1",
    "tokens_per_worker": 512,
    "steps": STEPS,
    "timing_warmup_steps": 1,
    "deterministic": True,
    "dump_final_weights": True,
}


def _config(model: str, exchange: str, timing: str = "overlapped", ranks: int = 2) -> dict:
    """untied: the input embedding's IndexedSlices (Tsrc + Ttgt rows of both micro-batches,
    many repeated ids); tied with tf1 accumulation: V + Tsrc + Ttgt rows, every id at least
    once. The untied runs are test_gradient_equivalence's as it makes them (its 2-rank
    sparse_reduce run in phases timing)."""
    if model == "tied_tf1":
        return {**TIED_TF1, "exchange": exchange, "timing": timing}
    cfg = equivalence_config(exchange, ranks)
    assert cfg.get("timing", "overlapped") == timing, (exchange, ranks, cfg.get("timing"))
    return cfg


@pytest.fixture
def runs(shared_runs):
    """runs(model, exchange, timing, ranks) -> the finished run, made once per session."""

    def get(model: str, exchange: str, timing: str = "overlapped", ranks: int = 2) -> LocalRun:
        return shared_runs(ranks, _config(model, exchange, timing, ranks))

    return get


def _weights(run: LocalRun, rank: int = 0) -> dict[str, np.ndarray]:
    with np.load(run.logs / f"weights.rank{rank}.npz") as w:
        return {k: w[k] for k in w.files}


def _flat(w: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([w[k].ravel() for k in sorted(w)])


# both models overlapped (production timing); phases once (the same ops, run one by one). The
# untied model's overlapped run is the 3-rank one (test_gradient_equivalence's; there is no
# 3-rank dense run: that module compares its exchanged gradients and its weights with one
# rank's), its phases run the 2-rank one: each run is mostly TensorFlow's start and trace on 2
# cores, and none of the 5 is this module's own.
CASES = [("untied", "overlapped", 3), ("tied_tf1", "overlapped", 2), ("untied", "phases", 2)]


@pytest.mark.parametrize(("model", "timing", "ranks"), CASES)
def test_sparse_reduce_gives_the_allreduce_weights(mpi_stack, runs, model, timing, ranks):
    reduced = runs(model, "sparse_reduce", timing, ranks)
    if ranks == 2:  # at 3 ranks: test_gradient_equivalence's comparison with one rank
        dense = runs(model, "allreduce")
        a, b = _flat(_weights(dense)), _flat(_weights(reduced))
        rel = float(np.linalg.norm(a - b) / np.linalg.norm(a))
        print(f"{model}, {timing}: ||allreduce - sparse_reduce|| / ||allreduce|| = {rel:.3e}")
        assert rel <= 1e-5
        assert dense.steps(0)[0]["embedding_grad"] == {"form": "dense", "shape": [V, H]}
    # every replica applied the same update
    w0 = _weights(reduced, 0)
    for r in range(1, ranks):
        wr = _weights(reduced, r)
        assert all(np.array_equal(w0[k], wr[k]) for k in w0), r
    # the embedding went by the reduction, the loss fell: trained weights are compared
    steps = reduced.steps(0)
    assert all(s["embedding_grad"].get("exchange") == "sparse_reduce" for s in steps)
    assert steps[-1]["loss"] < steps[0]["loss"]


@pytest.mark.parametrize(("model", "timing", "ranks"), CASES)
def test_sparse_reduce_bytes_are_the_formula_on_real_tensors(mpi_stack, runs, model, timing, ranks):
    """Every count and byte figure against numpy on the same data stream (support/
    embedding_ids.py), never against the trainer's own counts."""
    run = runs(model, "sparse_reduce", timing, ranks)
    config = _config(model, "sparse_reduce", timing, ranks)
    per_rank = [run.steps(r) for r in range(ranks)]
    assert [len(s) for s in per_rank] == [STEPS] * ranks
    row = 4 * H + 8
    tied = model == "tied_tf1"
    for step in range(STEPS):
        ids = [embedding_ids.step_ids(config, r, ranks, step + 1) for r in range(ranks)]
        # tied with tf1: the pre-softmax gradient names every id once more
        unique = [np.arange(V) if tied else np.unique(i) for i in ids]
        union = np.unique(np.concatenate(unique))
        sent = [np.bincount(u % ranks, minlength=ranks) for u in unique]  # sent[r][o]
        owned = np.bincount(union % ranks, minlength=ranks)
        for r in range(ranks):
            rec = per_rank[r][step]
            f = rec["embedding_grad"]
            assert f["form"] == "indexed_slices" and f["width"] == H
            assert rec["embedding_rows_per_rank"] is None
            assert f["rows"] == ids[r].size + (V if tied else 0)  # R_r, before de-duplication
            assert f["unique_rows"] == unique[r].size
            assert f["union_rows"] == union.size
            assert f["sent_rows"] == sent[r].tolist()
            assert f["received_rows"] == [int(sent[s][r]) for s in range(ranks)]
            assert f["owned_rows_per_rank"] == owned.tolist()
            # logical: every rank holds the U reduced rows, values and id
            assert rec["bytes"]["logical_embedding"] == union.size * row
            # wire: the int32 splits to the other rank, then the rows it owns; the ring
            # allgather sends every owner's rows but its successor's
            others = [o for o in range(ranks) if o != r]
            assert rec["bytes"]["wire_sent_alltoall_model"] == sum(
                4 + sent[r][o] * row for o in others
            )
            successor = (r + 1) % ranks
            assert rec["bytes"]["wire_sent_allgather_model"] == (
                (owned.sum() - owned[successor]) * row
            )
    last = per_rank[0][-1]["embedding_grad"]
    gathered = sum(per_rank[r][-1]["embedding_grad"]["rows"] for r in range(ranks)) * row
    print(
        f"{model}, {timing}, {ranks} ranks, last step rank 0: R_r {last['rows']}, "
        f"U_r {last['unique_rows']}, U {last['union_rows']}, logical "
        f"{last['union_rows'] * row} B (allgather would hold {gathered} B, allreduce {4 * V * H} B)"
    )
