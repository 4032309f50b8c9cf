"""Every exchange strategy hands the optimizer the gradient of the global batch (issue #24).

The reference is independent of every exchange: ONE rank trains on the whole global batch
(strong scaling: N ranks split the same sentences, and each rank's loss is scaled by
N / global target tokens, so Horovod's average over N ranks is the same gradient). One rank
calls no collective at all, so a missing 1/N, a Sum for an Average, a row sent to the wrong
owner or a shard row mapped to the wrong id shows as a gradient that differs, whatever Adam
would later make of it (Adam's update hides a constant factor: only the gradients show it).

Cases: untied tiny model (a sharded table needs one), no dropout (the reference's one rank
cannot draw N ranks' masks), Zipf 1.3 ids (many repeated rows), native accumulation, 2
micro-batches, 2 and 3 ranks (1,000 ids split evenly over 2 ranks, not over 3; 3 is also more
than a pair: every rank sends to and serves two others), plus the 3-rank case with 1
micro-batch: the case issue #24 reported. No 4-rank case: on 2 cores a 4-rank run costs 4
trainer starts and shows no property that 2 (even split) and 3 (uneven, more than a pair) do
not. The dense allreduce at 2 ranks (its averaging is the same at any N; 3 ranks would be a
run of its own): that run is also the 2-rank reference of test_exchange_sharded_embedding.py,
test_exchange_sparse_reduce.py and test_mesh.py's M2x2 case, and those modules read this
module's runs (run_config() below), so the session makes each once (tests/conftest.py's
shared_runs). The 2-rank sharded run also records Horovod's timeline (a trace the runtime
writes, no op of the step changes) and writes a checkpoint at step 10 (between steps):
test_exchange_sharded_embedding's micro_batch_order test reads it as its dataflow run, and its
resume test restarts from that checkpoint. The 2-rank sparse_reduce run is made in phases
timing (PHASES_RUNS): the gradient comparison holds for that step too, and
test_exchange_sparse_reduce reads it as its phases run.

The statistics (fp32, deterministic runs):
- step 1, from the same initial weights, per variable: ||g - g_ref|| / ||g_ref|| <= 1e-5, and
  over all gradients together <= 1e-6. The floor is summation order alone: the reference's own
  batch split into 1 or 2 micro-batches on one rank differs by 1.0e-6 on its worst variable
  (an FFN bias, whose gradient is a sum over every token with cancellation); the strategies
  measured 5.1e-7 at 3 ranks. A missing 1/N is an error of N - 1 >= 1. One reference serves
  every case, the one-rank run of 2 micro-batches (REFERENCE_MICRO; the 1-micro-batch case
  had a one-rank run of its own before): the reference's split is within that floor, and the
  3-rank 1-micro-batch sharded case measured 6.7e-7 worst, 1.9e-7 overall against it (1.1e-6
  and 2.0e-7 against a 1-micro-batch reference; 20-step weights 1.7e-7 against either).
- after 20 steps, per variable: ||w - w_ref|| / ||w_ref|| <= 1e-3. Adam amplifies rounding:
  the same one-rank micro-batch split (no exchange at all) ends 1.0e-4 apart after 20 steps
  (zipf 1.0, tf1) and 7.1e-5 (zipf 1.3, native), so a tighter bound would test the rounding,
  not the exchange. A wrong row or shard mapping moves weights by O(1).
"""

from __future__ import annotations

import numpy as np
import pytest
from support.gradients import overall, relative

from scalestudy.measure.run_local import LocalRun

pytestmark = pytest.mark.mpi

V = 1000
BASE = {
    "model": {"preset": "tiny", "dropout": 0.0, "tie_embeddings": False},
    "mode": "strong",
    "global_batch_tokens": 3072,  # 1,536 / 1,024 / 768 tokens per rank at 2 / 3 / 4 ranks
    "steps": 20,
    "timing_warmup_steps": 1,
    "deterministic": True,
    "accumulation": "native",
    "data": {"kind": "synthetic", "zipf_exponent": 1.3},
    "dump_final_weights": True,
    "dump_gradients_step": 1,
    "compute_probe_steps": 0,
}
CASES = [
    ("sharded_embedding", 2, 2),
    ("sharded_embedding", 3, 2),
    ("sharded_embedding", 3, 1),
    ("sparse_reduce", 2, 2),
    ("sparse_reduce", 3, 2),
    ("allgather", 3, 2),
    ("allreduce", 2, 2),
]
# The runs made in timing: phases (compute, densify, exchange and apply one after the other:
# the same exchange code, called from a step of its own; the same weights to the bit at 2
# ranks). The 2-rank sparse_reduce run is also test_exchange_sparse_reduce's phases run, so
# that module starts none of its own (its overlapped untied case reads the 3-rank run).
PHASES_RUNS = {("sparse_reduce", 2, 2)}
REFERENCE_MICRO = 2  # the one-rank reference's micro-batches, whatever the case's (docstring)


def config(exchange: str, micro: int = 2, **extra) -> dict:
    """This module's run of `exchange` (other modules ask for the same to share it)."""
    return {**BASE, "exchange": exchange, "micro_batches": micro, **extra}


def run_config(exchange: str, ranks: int, micro: int = 2, **extra) -> dict:
    """config() as this module runs it at `ranks`: the 2-rank sharded run (overlapped, 2
    micro-batches) with Horovod's timeline on and a checkpoint at step 10, so that
    test_exchange_sharded_embedding's micro_batch_order and resume tests read it instead of
    starting runs of their own; the runs of PHASES_RUNS in phases timing."""
    cfg = config(exchange, micro, **extra)
    if (exchange, ranks, micro) in PHASES_RUNS:
        cfg.setdefault("timing", "phases")
    if (exchange, ranks, micro, cfg.get("timing", "overlapped")) == TIMELINE_RUN:
        cfg.setdefault("timeline", True)
        # test_exchange_sharded_embedding's resume test restarts from this run's step-10
        # checkpoint on every rank (a checkpoint is written between steps: no op of a step
        # changes) instead of a stopped run of its own
        cfg.setdefault("checkpoint_every", RESUME_FROM)
    return cfg


TIMELINE_RUN = ("sharded_embedding", 2, 2, "overlapped")
RESUME_FROM = 10


def _run(shared_runs, exchange: str, ranks: int, micro: int) -> LocalRun:
    return shared_runs(ranks, run_config(exchange, ranks, micro))


def _dumped(run: LocalRun, ranks: int, stem: str) -> dict[str, np.ndarray]:
    """Rank 0's arrays, the sharded table put together from every rank's shard (rank r holds
    ids r, r + N, ...) under the unsharded table's name."""
    parts = []
    for r in range(ranks):
        with np.load(run.logs / f"{stem.format(rank=r)}.npz") as f:
            parts.append({k: np.asarray(f[k], np.float64) for k in f.files})
    out = {}
    for key, value in parts[0].items():
        if "embedding/shard_weights" in key:
            table = np.zeros((V, value.shape[1]))
            for r in range(ranks):
                table[r::ranks] = parts[r][key]
            out[key.replace("shard_weights", "shared_weights")] = table
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(("exchange", "ranks", "micro"), CASES)
def test_the_exchanged_gradient_is_the_global_batchs(
    shared_runs, mpi_stack, exchange, ranks, micro
):
    reference = _run(shared_runs, "allreduce", 1, REFERENCE_MICRO)
    run = _run(shared_runs, exchange, ranks, micro)
    want = _dumped(reference, 1, "grads.rank{rank}.step1")
    got = _dumped(run, ranks, "grads.rank{rank}.step1")
    per_variable = relative(got, want)
    worst = max(per_variable, key=per_variable.get)
    together = overall(got, want)
    print(f"{exchange} x{ranks} micro {micro}: worst {worst} {per_variable[worst]:.2e}, "
          f"overall {together:.2e}")  # fmt: skip
    assert per_variable[worst] <= 1e-5, (worst, per_variable[worst])
    assert together <= 1e-6
    # every rank logged the same global norm, that of the reference's gradient
    norms = [run.steps(r)[0]["grad_norm"] for r in range(ranks)]
    ref_norm = reference.steps(0)[0]["grad_norm"]
    assert norms == pytest.approx([ref_norm] * ranks, rel=1e-6)
    assert ref_norm == pytest.approx(np.sqrt(sum(np.sum(g**2) for g in want.values())), rel=1e-6)


@pytest.mark.parametrize(("exchange", "ranks", "micro"), CASES)
def test_after_20_steps_the_weights_are_the_global_batchs(
    shared_runs, mpi_stack, exchange, ranks, micro
):
    reference = _run(shared_runs, "allreduce", 1, REFERENCE_MICRO)
    run = _run(shared_runs, exchange, ranks, micro)
    per_variable = relative(
        _dumped(run, ranks, "weights.rank{rank}"), _dumped(reference, 1, "weights.rank{rank}")
    )
    worst = max(per_variable, key=per_variable.get)
    print(f"{exchange} x{ranks} micro {micro}: weights worst {worst} {per_variable[worst]:.2e}")
    assert per_variable[worst] <= 1e-3, (worst, per_variable[worst])


def test_a_deterministic_rerun_is_bit_identical(shared_runs, mpi_stack):
    """`deterministic: true` at 3 ranks, overlapped: the rerun ends with the same bits on every
    rank. Without HOROVOD_FUSION_THRESHOLD=0 it does not: fusion packs gradients in the order
    they become ready, and Open MPI's 3-rank allreduce then sums the buffer in another order."""
    first = _run(shared_runs, "sharded_embedding", 3, 2)
    # log_flush_every only changes when the step log is flushed: a second, separate run
    again = shared_runs(3, run_config("sharded_embedding", 3, 2, log_flush_every=49))
    for r in range(3):
        with (
            np.load(first.logs / f"weights.rank{r}.npz") as a,
            np.load(again.logs / f"weights.rank{r}.npz") as b,
        ):
            assert sorted(a.files) == sorted(b.files)
            differ = [k for k in a.files if not np.array_equal(a[k], b[k])]
            assert not differ, (r, differ)
