"""The trainer under mpirun: the paper's effect measured from the real tensors (issue #2)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from trainer_configs import EXCHANGE_20, TINY, TRANSLATE, TRANSLATE_BF16_FP16, H, V

from scalestudy.formats import step_log
from scalestudy.launchers import mpirun_env, trainer_command
from scalestudy.measure.wire_check import measure_wire

pytestmark = pytest.mark.mpi


# The session's 20-step deterministic runs on 2 ranks (shared_runs): test_compression's
# uncompressed allgather and allreduce runs and test_exchange_sparse_reduce's tied tf1 ones are
# these configurations, so the tests below that read them start no trainer of their own.
SHARED_20 = EXCHANGE_20


def test_tf1_rows_and_logical_bytes(shared_runs):
    """Every step of every rank: tf1's IndexedSlices hold V + Tsrc + Ttgt rows, every rank logs
    every rank's count alike, and the logical bytes are the rows' (4H + 8 each); densified, the
    gradient is V x H. The session's 20-step runs on 2 ranks (shared_runs; it was two 4-rank
    runs of its own): every check is per rank and per step, and the list of every rank's count
    is compared across the ranks; at 3 ranks the counts are what
    test_wire_bytes_match_ring_model's allgather case measures on the wire (its ring
    allgatherv model is built on them: embedding_rows_per_rank)."""
    ranks = 2
    sparse = shared_runs(ranks, {**SHARED_20, "sparse_as_dense": False})
    rows_by_step: dict[int, list[int]] = {}
    for rank in range(ranks):
        for rec in sparse.steps(rank):
            form = rec["embedding_grad"]
            assert form["form"] == "indexed_slices" and form["width"] == H
            # exactly V + Tsrc + Ttgt rows: the padded slots of the batch this rank drew
            assert form["rows"] == V + rec["slots"]["src"] + rec["slots"]["tgt"]
            rows_by_step.setdefault(rec["step"], []).append(form["rows"])
            assert rec["embedding_rows_per_rank"][rank] == form["rows"]
    for rank in range(ranks):
        for rec in sparse.steps(rank):
            rows = rows_by_step[rec["step"]]
            assert rec["embedding_rows_per_rank"] == rows
            assert rec["bytes"]["logical_embedding"] == sum(rows) * (4 * H + 8)

    dense = shared_runs(ranks, {**SHARED_20, "sparse_as_dense": True})
    for rank in range(ranks):
        for rec in dense.steps(rank):
            assert rec["embedding_grad"] == {"form": "dense", "shape": [V, H]}
            assert rec["bytes"]["logical_embedding"] == 4 * V * H
            assert rec["embedding_rows_per_rank"] is None


WIRE_RANKS = 3  # the fewest ranks where the ring's factor shows (docstring below)


@pytest.mark.parametrize(
    ("exchange", "tied", "compression"),
    [
        # allgather uncompressed is not its own case: the fp16 case below also carries its
        # IndexedSlices uncompressed through the same allgatherv (CI: 95 s)
        ("sparse_reduce", True, "none"),
        ("sharded_embedding", False, "none"),
        ("allgather", True, "fp16"),
    ],
)
def test_wire_bytes_match_ring_model(mpi_stack, tmp_path, exchange, tied, compression):
    """Open MPI's own counters (pml monitoring) against the wire model (ring allreduce and
    allgatherv, direct alltoall), over the steps that a 6-step run has beyond a 2-step run
    (same seed: start-up traffic cancels). fp16: the dense gradients really left each rank as
    float16, the IndexedSlices rows as float32, as the step log claims. WIRE_RANKS = 3: at 2
    ranks a ring allreduce's 2(n-1)/n of the buffer is the buffer once, what a direct or a
    recursive-doubling exchange sends too, so a model that drops the ring's factor still
    passes; at 3 it is 4/3 (and the successor's block an allgatherv ring skips is not the
    predecessor's). A 4-rank run costs 4/3 of a 3-rank one on this 2-core machine."""
    model = {"preset": "tiny", "vocab": 8000, "tie_embeddings": tied}
    cfg = {**TINY, "model": model, "accumulation": "tf1", "exchange": exchange}
    cfg["compression"] = compression
    # no compute probe (measure_wire runs the trainer itself, without the fixtures' NO_PROBE):
    # its passes and lockstep barriers came after the last step in both runs alike, so they
    # cancelled in the difference, at a second trace in each of the 6 runs' 3 ranks
    cfg["compute_probe_steps"] = 0
    result = measure_wire(tmp_path, WIRE_RANKS, cfg)
    for r in result["per_rank"]:
        print(
            f"rank {r['rank']}: measured {r['measured_sent_bytes']} B, ring model "
            f"{r['model_sent_bytes']:.0f} B, ratio {r['ratio']:.4f}"
        )
        assert abs(r["ratio"] - 1) < 0.05


def test_sparse_and_dense_give_the_same_weights(shared_runs):
    """The two runs are the session's (shared_runs, SHARED_20): test_compression's uncompressed
    allgather and allreduce runs are these configurations."""
    cfg = SHARED_20
    a = shared_runs(2, {**cfg, "sparse_as_dense": False})
    b = shared_runs(2, {**cfg, "sparse_as_dense": True})
    wa = np.load(a.logs / "weights.rank0.npz")
    wb = np.load(b.logs / "weights.rank0.npz")
    flat_a = np.concatenate([wa[k].ravel() for k in sorted(wa.files)])
    flat_b = np.concatenate([wb[k].ravel() for k in sorted(wb.files)])
    rel = np.linalg.norm(flat_a - flat_b) / np.linalg.norm(flat_a)
    print(f"||a - b|| / ||a|| = {rel:.3e}")
    assert rel <= 1e-5
    # the exchange kept the ranks' replicas identical
    w1 = np.load(a.logs / "weights.rank1.npz")
    assert all(np.array_equal(wa[k], w1[k]) for k in wa.files)
    # and training moved them: the initial weights are not what we compare
    assert a.steps(0)[-1]["loss"] < a.steps(0)[0]["loss"]


SEEDS = (1234,)  # more seeds: benchmarks/bf16_convergence.py (CI: 40 s a run)


def test_learnable_task_converges_in_fp32_and_bf16(shared_runs):
    """Peak lr 1e-3: the smoothed loss (0 = perfect) falls from ~6.4 to below 0.5 (mean of the
    last 20 steps) within 400 steps of 1,024 tokens per worker on 2 ranks, in fp32 and in bf16
    (bf16 compute, fp32 weights), for the seed tested: what is robust. The bf16 run also sends
    its gradients as float16 (TRANSLATE_BF16_FP16: test_compression's convergence test reads the
    same run, shared_runs): both claims hold if it converges, and the header checked below says
    the run did compute in bf16. How far bf16 lands from fp32 is a statistic over seeds, not a
    test: benchmarks/bf16_convergence.py measures the paired difference with its 95% interval
    (one seed's last-20 loss ranged 0.194-0.250 in fp32, and bf16 against fp32 per seed from
    -8.7% to +21%, so no fixed bound on a few seeds holds)."""
    for seed in SEEDS:
        for precision in ("fp32", "bf16"):
            base = {**TRANSLATE, "dump_final_weights": True}
            if precision == "bf16":
                base = TRANSLATE_BF16_FP16
            run = shared_runs(2, {**base, "precision": precision, "seed": seed})
            losses = [r["loss"] for r in run.steps(0)]
            last = float(np.mean(losses[-20:]))
            print(f"{precision} seed {seed}: first {losses[0]:.3f}, last-20 {last:.4f}")
            assert losses[0] > 5
            assert last < 0.5
            foot = run.footer(0)
            assert foot["status"] == "completed"
            # where the peak RSS goes: TensorFlow's allocator peak (oneDNN's allocator, the
            # default here) and glibc's heap, each a part of the whole
            memory = foot["memory"]
            assert 0 < memory["allocator_peak"] < foot["peak_rss"]
            assert 0 < memory["heap_in_use"] <= memory["heap"] < foot["peak_rss"]
            header = step_log.read_segments(run.rank_log(0))[0].header
            assert header["precision"]["compute_dtype"] == (
                "bfloat16" if precision == "bf16" else "float32"
            )
            # fp32 master weights: the embedding's gradient rows are float32 (the bf16 run's
            # dense gradients travel as float16: test_compression's), and so is every weight
            assert run.steps(0)[0]["grad_dtypes"] == (
                ["float32"] if precision == "fp32" else ["float16", "float32"]
            )
            weights = np.load(run.logs / "weights.rank0.npz")
            assert {weights[k].dtype.name for k in weights.files} == {"float32"}


# each timing once and each precision once: the divergence check is the loop's (the same for
# both timings and precisions: its logic is tests/unit/test_schedule_divergence.py's), what
# differs is where the step applies the update (timing) and the loss's dtype path (precision);
# the third case, overlapped fp32, crossed no path these two do not (CI: 14 s)
@pytest.mark.parametrize(("timing", "precision"), [("phases", "fp32"), ("overlapped", "bf16")])
def test_absurd_learning_rate_diverges_on_every_rank_at_once(run_trainer, timing, precision):
    cfg = {
        **TINY,
        "model": {"preset": "tiny", "dropout": 0.0},
        "data": {"kind": "translate"},
        "steps": 200,
        "learning_rate": 5.0,
        "lr_warmup_steps": 10,
        "divergence": {"patience": 5},
        "timing": timing,
        "precision": precision,
    }
    run = run_trainer(2, cfg)
    assert run.returncode == step_log.EXIT_DIVERGED, run.output[-3000:]
    feet = [run.footer(r) for r in range(2)]
    assert {f["status"] for f in feet} == {"diverged"}
    assert feet[0]["last_step"] == feet[1]["last_step"] < 200
    last = run.steps(0)[-1]
    assert last["diverged"]
    # phases knows the agreed loss before the optimizer runs and refuses the update; the
    # overlapped step has applied it already (the run stops there, the log says which)
    assert last["applied"] == (timing == "overlapped")


def test_exception_on_one_rank_ends_all_ranks(run_trainer):
    cfg = {**TINY, "steps": 500, "inject_failure": {"rank": 1, "step": 4}}
    run = run_trainer(2, cfg, timeout=120)
    assert run.returncode != 0
    failed = run.footer(1)
    assert failed["status"] == "failed" and "injected failure" in failed["reason"]
    # the surviving rank was ended too (no footer: it was killed in its collective) and fast
    assert run.footer(0) is None or run.footer(0)["status"] != "completed"
    ended_after = time.time() - failed["t"]
    print(f"all ranks ended {ended_after:.1f} s after the exception")
    assert ended_after < 15


def test_killed_run_resumes_from_checkpoint_without_gap_or_repeat(run_trainer, tmp_path):
    folder = tmp_path / "resume"
    # 60 steps: killed after its step-10 checkpoint, the run has 50 steps (10 checkpoints) left
    # against the 0.5 s below (it had 140 at 150 steps: CI 36 s)
    cfg = {**TINY, "steps": 60, "checkpoint_every": 5, "log_flush_every": 3}
    folder.mkdir()
    (folder / "point.json").write_text(json.dumps({"log_dir": "logs", "expect_ranks": 2, **cfg}))
    proc = subprocess.Popen(
        trainer_command(2, str(folder / "point.json")),
        env=mpirun_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    latest = folder / "logs" / "checkpoints" / "latest.json"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if latest.exists() and json.loads(latest.read_text())["step"] >= 10:
            break
        time.sleep(0.2)
    assert proc.poll() is None, "the run ended before it could be killed"
    time.sleep(0.5)  # let it run past the checkpoint, then kill without warning
    # Like a node crash: the ranks and mpirun at once (the ranks have their own process group).
    for rank in range(2):
        os.kill(
            step_log.read_segments(folder / "logs" / step_log.rank_log_name(rank))[0].header["pid"],
            signal.SIGKILL,
        )
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    resumed_from = json.loads(latest.read_text())["step"] + 1

    run = run_trainer(2, cfg, folder=folder)
    assert run.returncode == 0, run.output[-3000:]
    for rank in range(2):
        segments = step_log.read_segments(run.rank_log(rank))
        assert len(segments) == 2
        assert segments[1].start_step == resumed_from
        assert [r["step"] for r in run.steps(rank)] == list(range(1, cfg["steps"] + 1))
        # the killed segment had logged past its checkpoint: those steps were redone
        assert segments[0].steps[-1]["step"] >= resumed_from - 1


def test_signal_checkpoints_and_exits_interrupted(run_trainer, tmp_path):
    folder = tmp_path / "sig"
    folder.mkdir()
    cfg = {**TINY, "steps": 400, "log_dir": "logs", "expect_ranks": 2}
    (folder / "point.json").write_text(json.dumps(cfg))
    proc = subprocess.Popen(
        trainer_command(2, str(folder / "point.json")),
        env=mpirun_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log0 = folder / "logs" / "rank00000.jsonl"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not log0.exists():
        time.sleep(0.2)
    time.sleep(3)
    proc.send_signal(signal.SIGUSR1)  # mpirun forwards it to every rank
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == step_log.EXIT_INTERRUPTED, out[-3000:]
    foot = step_log.read_segments(log0)[-1].footer
    assert foot["status"] == "interrupted"
    ckpt = json.loads((folder / "logs" / "checkpoints" / "latest.json").read_text())
    assert ckpt["step"] == foot["last_step"] < 400


def test_two_singletons_fail_with_launcher_mismatch(mpi_stack, tmp_path):
    cfg = {**TINY, "steps": 3, "log_dir": "logs", "expect_ranks": 2}
    procs = []
    for i in range(2):
        d = tmp_path / f"s{i}"
        d.mkdir()
        (d / "point.json").write_text(json.dumps(cfg))
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "scalestudy.trainer", "--config", str(d / "point.json")],
                env=mpirun_env(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == step_log.EXIT_LAUNCH_MISMATCH, out + err
        assert "launcher mismatch" in err and "singletons" in err
