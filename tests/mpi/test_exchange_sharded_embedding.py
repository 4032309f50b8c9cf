"""`exchange: sharded_embedding` (issue #13): the input embedding split by row over the ranks
gives the weights the dense allreduce gives at 2 ranks (3 ranks: the gradients themselves, in
test_gradient_equivalence.py), and its bytes are the formula's on the real lookups' counts at
2 and 3 ranks (3: one micro-batch and two); `sparse_reduce`'s row ownership at 3 ranks too (its
2-rank tests are in test_exchange_sparse_reduce.py).

The runs are test_gradient_equivalence.py's (run_config() there: deterministic, the untied tiny
model without dropout, Zipf 1.3 ids, 2 native micro-batches, 20 steps; the 2-rank sharded run
with Horovod's timeline on and a checkpoint at step 10 on every rank), shared through the
session's shared_runs: the 2-rank dense and sharded runs, the 3-rank sharded and sparse_reduce
runs and the 3-rank run of one micro-batch are each made once for both modules. This module
adds two runs of its own at 2 ranks: the resumed run (the 2-rank sharded run's step-10
checkpoints, steps 11-20 in phases timing: the resume test's run and the phases case of the
allreduce-weights test) and the sequential micro_batch_order run (its dataflow partner is the
2-rank sharded run)."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from support import embedding_ids
from test_gradient_equivalence import RESUME_FROM, run_config

from scalestudy.measure.run_local import LocalRun, run_point

pytestmark = pytest.mark.mpi

STEPS, V, H = 20, 1000, 64


def _config(exchange: str, ranks: int, timing: str = "overlapped", micro: int = 2, **extra) -> dict:
    """test_gradient_equivalence's run at `ranks`; a phases run does not dump step 1's
    gradients (no test reads them, and the dump costs a second trace)."""
    if timing != "overlapped":
        extra = {"dump_gradients_step": None, **extra}
    return run_config(exchange, ranks, micro, timing=timing, **extra)


@pytest.fixture
def runs(shared_runs):
    """runs(ranks, exchange, timing, micro) -> the finished run, made once per session."""

    def get(ranks: int, exchange: str, timing: str = "overlapped", micro: int = 2) -> LocalRun:
        return shared_runs(ranks, _config(exchange, ranks, timing, micro))

    return get


@pytest.fixture(scope="module")
def resumed_phases(tmp_path_factory):
    """resumed_phases(straight) -> the run, made once: a fresh folder given the step-10
    checkpoints `straight` (the session's 2-rank sharded run) wrote on every rank, asked for
    the same point's 20 steps in phases timing, so it runs steps 11-20 one phase after the
    other. Phases timing runs the same operations as overlapped (the same weights to the bit
    after 20 steps at 2 ranks, measured), so the run's final weights are the straight run's
    (the resume test) and the dense run's (the allreduce-weights test's phases case)."""
    made: list[LocalRun] = []

    def get(straight: LocalRun) -> LocalRun:
        if not made:
            folder = tmp_path_factory.mktemp("2-sharded_embedding-resumed-phases")
            for rank in range(2):
                shutil.copytree(
                    straight.logs / "checkpoints" / f"rank{rank}",
                    folder / "logs" / "checkpoints" / f"rank{rank}",
                )
            run = run_point(folder, 2, _config("sharded_embedding", 2, "phases"))
            assert run.returncode == 0, run.output[-3000:]
            print(f"2-sharded_embedding-resumed-phases: {run.seconds:.0f} s")
            made.append(run)
        return made[0]

    return get


def _weights(run: LocalRun, rank: int) -> dict[str, np.ndarray]:
    with np.load(run.logs / f"weights.rank{rank}.npz") as w:
        return {k: w[k] for k in w.files}


def _shard_key(w: dict) -> str:
    (key,) = [k for k in w if "embedding/shard_weights" in k]
    return key


def _whole(run: LocalRun, ranks: int) -> dict[str, np.ndarray]:
    """Rank 0's weights with the input table put together from every rank's shard, under the
    key an unsharded run gives it (the same position among the variables)."""
    out = _weights(run, 0)
    key = _shard_key(out)
    table = np.empty((V, H), np.float32)
    for r in range(ranks):
        table[r::ranks] = _weights(run, r)[key]  # rank r holds ids r, r + N, ...
    del out[key]
    out[key.replace("shard_weights", "shared_weights")] = table
    return out


def _flat(w: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([w[k].ravel() for k in sorted(w)])


# 3 ranks: test_gradient_equivalence.py compares the exchanged gradients themselves there (a
# stronger test than the weights: Adam hides a constant factor), so no 3-rank allreduce run here.
# phases: the resumed run (steps 1-10 overlapped, from the shared run's checkpoint, then 11-20
# in phases timing): ten phases steps from the same state, against the same dense weights
@pytest.mark.parametrize(("ranks", "timing"), [(2, "overlapped"), (2, "phases")])
def test_sharded_embedding_gives_the_allreduce_weights(
    mpi_stack, runs, resumed_phases, ranks, timing
):
    dense, sharded = runs(ranks, "allreduce"), runs(ranks, "sharded_embedding")
    if timing == "phases":
        sharded = resumed_phases(sharded)
        assert {s["step"] for s in sharded.steps(0)} == set(range(RESUME_FROM + 1, STEPS + 1))
    a, b = _flat(_weights(dense, 0)), _flat(_whole(sharded, ranks))
    rel = float(np.linalg.norm(a - b) / np.linalg.norm(a))
    print(f"{ranks} ranks, {timing}: ||allreduce - sharded|| / ||allreduce|| = {rel:.3e}")
    assert rel <= 1e-5
    # the replicated weights are the same on every rank; each shard is its own rows
    w0, wl = _weights(sharded, 0), _weights(sharded, ranks - 1)
    shard = _shard_key(w0)
    assert all(np.array_equal(w0[k], wl[k]) for k in w0 if k != shard)
    assert w0[shard].shape == (len(range(0, V, ranks)), H)
    assert set(_whole(sharded, ranks)) == set(_weights(dense, 0))
    steps = sharded.steps(0)
    assert all(s["embedding_grad"]["form"] == "sharded" for s in steps)
    assert steps[-1]["loss"] < steps[0]["loss"]


# (ranks, micro-batches): 2 micro-batches sum two lookups' figures in a step's record; the
# 3-rank run of one micro-batch (test_gradient_equivalence's issue #24 case) has one lookup a
# step; 1,000 ids split unevenly over 3 ranks, and each rank asks two others
@pytest.mark.parametrize(("ranks", "micro"), [(2, 2), (3, 1), (3, 2)])
def test_sharded_embedding_bytes_are_the_formula_on_real_lookups(mpi_stack, runs, ranks, micro):
    """Every count and byte figure against numpy on the same data stream (support/
    embedding_ids.py), never against the trainer's own counts: per lookup (one a micro-batch),
    summed over the step's lookups."""
    run = runs(ranks, "sharded_embedding", micro=micro)
    config = _config("sharded_embedding", ranks, micro=micro)
    per_rank = [run.steps(r) for r in range(ranks)]
    assert [len(s) for s in per_rank] == [STEPS] * ranks
    for step in range(STEPS):
        # looked[r][m]: rank r's lookup of micro-batch m
        looked = [embedding_ids.lookups(config, r, ranks, step + 1) for r in range(ranks)]
        assert [len(lk) for lk in looked] == [micro] * ranks
        asked = [[lk.per_owner(ranks) for lk in mine] for mine in looked]  # asked[r][m][o]
        for r in range(ranks):
            rec = per_rank[r][step]
            f = rec["embedding_grad"]
            u = [lk.unique.size for lk in looked[r]]
            served = [[asked[s][m][r] for s in range(ranks)] for m in range(micro)]  # of r
            q = [sum(x) for x in served]
            assert f["lookups"] == micro and f["width"] == H
            assert f["ids"] == sum(lk.ids.size for lk in looked[r]) and f["unique_rows"] == sum(u)
            assert f["asked_rows_per_owner"] == np.sum(asked[r], axis=0).tolist()
            assert f["served_rows_per_rank"] == np.sum(served, axis=0).tolist()
            assert f["served_rows"] == sum(q)
            # held: the U_r rows looked up, the Q_r ids served and their Q_r gradient rows
            held = [u[m] * 4 * H + q[m] * (8 + 4 * H) for m in range(micro)]
            assert rec["bytes"]["logical_embedding"] == sum(held)
            # sent: three alltoalls' int32 splits, the ids asked of others (8 B), the rows
            # served to others (4H) and the gradient rows sent back to owners (4H)
            want = 0
            for m in range(micro):
                out_ids, in_ids = u[m] - asked[r][m][r], q[m] - served[m][r]
                want += 3 * 4 * (ranks - 1) + out_ids * (8 + 4 * H) + in_ids * 4 * H
            assert rec["bytes"]["wire_sent_alltoall_model"] == want
    f = per_rank[0][-1]["embedding_grad"]
    print(
        f"{ranks} ranks, last step rank 0: T {f['ids']}, U_r {f['unique_rows']}, served "
        f"{f['served_rows']}, logical {per_rank[0][-1]['bytes']['logical_embedding']} B "
        f"(allreduce {4 * V * H} B)"
    )


def test_sparse_reduce_at_3_ranks_owns_every_row_once(mpi_stack, runs):
    # its gradient at 3 ranks against one rank's: test_gradient_equivalence.py (the same run);
    # 1,000 rows over 3 owners: uneven ownership
    reduced = runs(3, "sparse_reduce")
    for rec in reduced.steps(2):
        f = rec["embedding_grad"]
        assert f["union_rows"] == sum(f["owned_rows_per_rank"])
        assert rec["bytes"]["logical_embedding"] == f["union_rows"] * (4 * H + 8)


def test_sharded_run_resumes_from_every_ranks_own_checkpoint(mpi_stack, runs, resumed_phases):
    """The shared 20-step run wrote a checkpoint at step 10 on every rank (checkpoint_every:
    10, test_gradient_equivalence's run_config; none at its last step); a fresh folder given
    those checkpoints and asked for the same point's 20 steps resumes at 11 on both ranks
    (resumed_phases: steps 11-20 in phases timing, the same operations as overlapped): its
    final weights, shards and Adam's state through them included, are those of the shared
    run's 20 uninterrupted steps."""
    straight = runs(2, "sharded_embedding")
    for rank in range(2):
        own = straight.logs / "checkpoints" / f"rank{rank}"
        assert (own / "latest.json").exists()
        assert sorted(p.name for p in own.glob("step-*")) == [f"step-{RESUME_FROM:08d}"]
    resumed = resumed_phases(straight)
    for rank in range(2):
        assert [r["step"] for r in resumed.steps(rank)] == list(range(RESUME_FROM + 1, STEPS + 1))
        assert all("comm_s" in r for r in resumed.steps(rank))  # phases timing's records
    for rank in range(2):
        a, b = _weights(straight, rank), _weights(resumed, rank)
        assert set(a) == set(b)
        for key in a:
            np.testing.assert_allclose(b[key], a[key], rtol=1e-6, atol=1e-7, err_msg=key)


def test_every_micro_batchs_lookup_starts_with_the_step_unless_sequential(
    mpi_stack, runs, shared_runs
):
    """micro_batch_order (EmbRace's scheduling): by default the compiled step hands every
    micro-batch's lookup ids to Horovod when the step starts; `sequential` makes micro-batch 2's
    lookup wait for micro-batch 1's gradients (lookup 1 after lookup 0's gradient alltoall on
    every step, by the control dependency). Same maths either way: the same weights.
    Horovod's timeline, rank 0's view, the timed steps. The dataflow run is the session's
    2-rank sharded run (its timeline on: test_gradient_equivalence's run_config), the
    sequential one the same configuration with micro_batch_order: sequential."""
    dataflow = runs(2, "sharded_embedding")
    sequential = shared_runs(2, _config("sharded_embedding", 2, micro_batch_order="sequential"))
    for run in (dataflow, sequential):
        assert run.returncode == 0, run.output[-3000:]
    a, b = _flat(_weights(dataflow, 0)), _flat(_weights(sequential, 0))
    rel = float(np.linalg.norm(a - b) / np.linalg.norm(a))
    print(f"||dataflow - sequential|| / ||dataflow|| = {rel:.3e}")
    assert rel <= 1e-6

    def lookups(run):
        """Steps whose two lookups' times all fall inside the step: an event within about a
        millisecond of the step's start can land before it on the timeline's clock (the clocks
        are matched by one paired reading) and is then left out of that step."""
        steps = run.footer(0)["timeline"]["per_step"]
        want = ("ids_ready_s", "grads_done_s")
        return [
            s["lookups"]
            for s in steps
            if len(s.get("lookups", [])) == 2 and all(k in lk for lk in s["lookups"] for k in want)
        ]

    seq, flow = lookups(sequential), lookups(dataflow)
    assert len(seq) >= 3 and len(flow) >= 3, (seq, flow)
    assert all(second["ids_ready_s"] >= first["grads_done_s"] for first, second in seq)
    # dataflow: micro-batch 2's ids go out before micro-batch 1's backward pass has ended
    early = [second["ids_ready_s"] < first["grads_done_s"] for first, second in flow]
    assert sum(early) > len(early) / 2, flow
