"""`exchange: sparse_reduce` (issue #13): the row-owner reduction gives the weights the dense
allreduce gives, and its bytes are the formula's, read off the real tensors.

2 ranks, deterministic, the tiny model without dropout, 20 steps. Every run is made once per
module and shared by the tests that read it."""

from __future__ import annotations

import numpy as np
import pytest

from scalestudy.contract import comm_model
from scalestudy.measure.run_local import LocalRun

pytestmark = pytest.mark.mpi

RANKS, STEPS, V, H = 2, 20, 1000, 64
BASE = {
    "tokens_per_worker": 512,
    "steps": STEPS,
    "timing_warmup_steps": 1,
    "deterministic": True,
    "dump_final_weights": True,
}
# untied: the input embedding's IndexedSlices (Tsrc + Ttgt rows, many repeated ids); tied with
# tf1 accumulation: V + Tsrc + Ttgt rows, every id at least once
MODELS = {
    "untied": {"model": {"preset": "tiny", "dropout": 0.0, "tie_embeddings": False}},
    "tied_tf1": {"model": {"preset": "tiny", "dropout": 0.0}, "accumulation": "tf1"},
}


@pytest.fixture
def runs(shared_runs):
    """runs(model, exchange, timing) -> the finished run, made once per module."""

    def get(model: str, exchange: str, timing: str = "overlapped") -> LocalRun:
        return shared_runs(RANKS, {**BASE, **MODELS[model], "exchange": exchange, "timing": timing})

    return get


def _weights(run: LocalRun, rank: int = 0) -> dict[str, np.ndarray]:
    with np.load(run.logs / f"weights.rank{rank}.npz") as w:
        return {k: w[k] for k in w.files}


def _flat(w: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([w[k].ravel() for k in sorted(w)])


# both models overlapped (production timing); phases once (the same ops, run one by one): each
# run is mostly TensorFlow start and trace on 2 cores, so CI runs 5 of them, not 6
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
    run = runs(model, "sparse_reduce", timing)
    per_rank = [run.steps(r) for r in range(RANKS)]
    assert [len(s) for s in per_rank] == [STEPS] * RANKS
    row = 4 * H + 8
    for step in range(STEPS):
        recs = [per_rank[r][step] for r in range(RANKS)]
        forms = [rec["embedding_grad"] for rec in recs]
        union = forms[0]["union_rows"]
        for r, (rec, f) in enumerate(zip(recs, forms, strict=True)):
            assert f["form"] == "indexed_slices" and f["width"] == H
            assert rec["embedding_rows_per_rank"] is None
            # R_r: the rows this rank's backward pass produced (as the allgather path counts)
            slots = rec["slots"]["src"] + rec["slots"]["tgt"]
            assert f["rows"] == (V + slots if model == "tied_tf1" else slots)
            assert 0 < f["unique_rows"] <= min(f["rows"], V)
            if model == "tied_tf1":
                assert f["unique_rows"] == V  # the dense part names every id
            # every rank holds the same U rows: the union, split among the owners
            assert f["union_rows"] == union == sum(f["owned_rows_per_rank"])
            assert f["owned_rows"] == f["owned_rows_per_rank"][r]
            assert sum(f["sent_rows"]) == f["unique_rows"]
            for s in range(RANKS):  # what r got from s is what s sent to r
                assert f["received_rows"][s] == forms[s]["sent_rows"][r]
            # logical bytes: the formula, to the byte
            assert rec["bytes"]["logical_embedding"] == union * row
            assert rec["bytes"]["logical_embedding"] == comm_model.logical_sparse_reduce_bytes(
                union, H
            )
            (a2a_sent, a2a_recv), (ag_sent, _) = comm_model.sparse_reduce_wire(
                f["sent_rows"], f["received_rows"], f["owned_rows_per_rank"], r, H
            )
            other = 1 - r
            assert a2a_sent == 4 + f["sent_rows"][other] * row
            assert a2a_recv == 4 + f["received_rows"][other] * row
            assert rec["bytes"]["wire_sent_alltoall_model"] == a2a_sent
            assert rec["bytes"]["wire_sent_allgather_model"] == ag_sent
            # 2 ranks: the ring sends this rank's own block, receives the other's
            assert ag_sent == f["owned_rows"] * row
        assert union <= sum(f["unique_rows"] for f in forms)
        assert union >= max(f["unique_rows"] for f in forms)
    last = per_rank[0][-1]["embedding_grad"]
    gathered = sum(per_rank[r][-1]["embedding_grad"]["rows"] for r in range(RANKS)) * row
    print(
        f"{model}, {timing}, last step rank 0: R_r {last['rows']}, U_r {last['unique_rows']}, "
        f"U {last['union_rows']}, logical {last['union_rows'] * row} B (allgather would hold "
        f"{gathered} B, allreduce {4 * V * H} B)"
    )
