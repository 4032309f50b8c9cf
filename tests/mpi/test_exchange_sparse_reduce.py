"""`exchange: sparse_reduce` (issue #13): the row-owner reduction gives the weights the dense
allreduce gives, and its bytes are the formula's, read off the real tensors.

2 ranks, deterministic, the tiny model without dropout, 20 steps. Every run is the session's
(shared_runs) and read by several tests: the untied runs are test_gradient_equivalence.py's
(config() there: Zipf 1.3 ids, 2 native micro-batches; also test_exchange_sharded_embedding's
dense run), the tied tf1 runs test_compression.py's uncompressed ones."""

from __future__ import annotations

import numpy as np
import pytest
from support import embedding_ids
from test_gradient_equivalence import config as equivalence_config

from scalestudy.measure.run_local import LocalRun

pytestmark = pytest.mark.mpi

RANKS, STEPS, V, H = 2, 20, 1000, 64
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


def _config(model: str, exchange: str, timing: str = "overlapped") -> dict:
    """untied: the input embedding's IndexedSlices (Tsrc + Ttgt rows of both micro-batches,
    many repeated ids); tied with tf1 accumulation: V + Tsrc + Ttgt rows, every id at least
    once. A phases run does not dump step 1's gradients (no test reads them; the dump costs a
    second trace)."""
    if model == "tied_tf1":
        return {**TIED_TF1, "exchange": exchange, "timing": timing}
    extra = {"dump_gradients_step": None} if timing != "overlapped" else {}
    return equivalence_config(exchange, 2, timing=timing, **extra)


@pytest.fixture
def runs(shared_runs):
    """runs(model, exchange, timing) -> the finished run, made once per session."""

    def get(model: str, exchange: str, timing: str = "overlapped") -> LocalRun:
        return shared_runs(RANKS, _config(model, exchange, timing))

    return get


def _weights(run: LocalRun, rank: int = 0) -> dict[str, np.ndarray]:
    with np.load(run.logs / f"weights.rank{rank}.npz") as w:
        return {k: w[k] for k in w.files}


def _flat(w: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([w[k].ravel() for k in sorted(w)])


# both models overlapped (production timing); phases once (the same ops, run one by one): each
# run is mostly TensorFlow start and trace on 2 cores, so CI runs 5 of them, not 6, and only
# the phases run is this module's own (the other four are made for other modules too)
CASES = [("untied", "overlapped"), ("tied_tf1", "overlapped"), ("untied", "phases")]


@pytest.mark.parametrize(("model", "timing"), CASES)
def test_sparse_reduce_gives_the_allreduce_weights(mpi_stack, runs, model, timing):
    dense = runs(model, "allreduce")
    reduced = runs(model, "sparse_reduce", timing)
    a, b = _flat(_weights(dense)), _flat(_weights(reduced))
    rel = float(np.linalg.norm(a - b) / np.linalg.norm(a))
    print(f"{model}, {timing}: ||allreduce - sparse_reduce|| / ||allreduce|| = {rel:.3e}")
    assert rel <= 1e-5
    # every replica applied the same update
    w0, w1 = _weights(reduced, 0), _weights(reduced, 1)
    assert all(np.array_equal(w0[k], w1[k]) for k in w0)
    # the embedding went by the reduction, the loss fell: trained weights are compared
    steps = reduced.steps(0)
    assert all(s["embedding_grad"].get("exchange") == "sparse_reduce" for s in steps)
    assert dense.steps(0)[0]["embedding_grad"] == {"form": "dense", "shape": [V, H]}
    assert steps[-1]["loss"] < steps[0]["loss"]


@pytest.mark.parametrize(("model", "timing"), CASES)
def test_sparse_reduce_bytes_are_the_formula_on_real_tensors(mpi_stack, runs, model, timing):
    """Every count and byte figure against numpy on the same data stream (support/
    embedding_ids.py), never against the trainer's own counts."""
    run = runs(model, "sparse_reduce", timing)
    config = _config(model, "sparse_reduce", timing)
    per_rank = [run.steps(r) for r in range(RANKS)]
    assert [len(s) for s in per_rank] == [STEPS] * RANKS
    row = 4 * H + 8
    tied = model == "tied_tf1"
    for step in range(STEPS):
        ids = [embedding_ids.step_ids(config, r, RANKS, step + 1) for r in range(RANKS)]
        # tied with tf1: the pre-softmax gradient names every id once more
        unique = [np.arange(V) if tied else np.unique(i) for i in ids]
        union = np.unique(np.concatenate(unique))
        sent = [np.bincount(u % RANKS, minlength=RANKS) for u in unique]  # sent[r][o]
        owned = np.bincount(union % RANKS, minlength=RANKS)
        for r in range(RANKS):
            rec = per_rank[r][step]
            f = rec["embedding_grad"]
            assert f["form"] == "indexed_slices" and f["width"] == H
            assert rec["embedding_rows_per_rank"] is None
            assert f["rows"] == ids[r].size + (V if tied else 0)  # R_r, before de-duplication
            assert f["unique_rows"] == unique[r].size
            assert f["union_rows"] == union.size
            assert f["sent_rows"] == sent[r].tolist()
            assert f["received_rows"] == [int(sent[s][r]) for s in range(RANKS)]
            assert f["owned_rows_per_rank"] == owned.tolist()
            # logical: every rank holds the U reduced rows, values and id
            assert rec["bytes"]["logical_embedding"] == union.size * row
            # wire: the int32 splits to the other rank, then the rows it owns; the ring
            # allgather sends every owner's rows but its successor's
            others = [o for o in range(RANKS) if o != r]
            assert rec["bytes"]["wire_sent_alltoall_model"] == sum(
                4 + sent[r][o] * row for o in others
            )
            successor = (r + 1) % RANKS
            assert rec["bytes"]["wire_sent_allgather_model"] == (
                (owned.sum() - owned[successor]) * row
            )
    last = per_rank[0][-1]["embedding_grad"]
    gathered = sum(per_rank[r][-1]["embedding_grad"]["rows"] for r in range(RANKS)) * row
    print(
        f"{model}, {timing}, last step rank 0: R_r {last['rows']}, U_r {last['unique_rows']}, "
        f"U {last['union_rows']}, logical {last['union_rows'] * row} B (allgather would hold "
        f"{gathered} B, allreduce {4 * V * H} B)"
    )
