"""Micro-batching, strong scaling and the exchange do not change the mathematics."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from scalestudy.launchers import mpirun_command, mpirun_env

pytestmark = pytest.mark.mpi

BASE = {
    "model": {"preset": "tiny", "dropout": 0.0},
    "steps": 5,
    "timing_warmup_steps": 1,
    "deterministic": True,
    "dump_final_weights": True,
    "accumulation": "tf1",
}


def _weights(run) -> np.ndarray:
    w = np.load(run.logs / "weights.rank0.npz")
    return np.concatenate([w[k].ravel() for k in sorted(w.files)])


def _rel(a, b) -> float:
    return float(np.linalg.norm(a - b) / np.linalg.norm(a))


# Strong scaling's global batch: 1,024 tokens per worker at 2 ranks. Two runs, made once
# (shared_runs) and read by both tests: 1 rank, and 2 ranks x 3 micro-batches. The 2-rank run
# carries both claims at once (strong scaling splits the batch over the workers, micro-batching
# splits each worker's share again): its step equals the 1-rank step only if both hold, and
# each test reads its own fields besides (the tokens split over the ranks; the rows each
# backward pass sends). A 2-rank run of one micro-batch was a third run (CI: 12 s).
STRONG = {**BASE, "mode": "strong", "global_batch_tokens": 2048}
MICRO = {**STRONG, "micro_batches": 3}


def test_micro_batches_sum_to_the_same_step(shared_runs):
    """3 micro-batches on each of 2 ranks against one batch on 1 rank (see STRONG)."""
    one = shared_runs(1, STRONG)
    three = shared_runs(2, MICRO)
    for rank in range(2):
        for rec in three.steps(rank):
            # tf1 sends the pre-softmax rows once per backward pass (TF 1.x concatenated them)
            assert rec["micro_batches"] == 3
            rows = 3 * 1000 + rec["slots"]["src"] + rec["slots"]["tgt"]
            assert rec["embedding_grad"]["rows"] == rows
    rel = _rel(_weights(one), _weights(three))
    print(f"micro_batches 3 on 2 ranks vs 1 on 1 rank: ||a - b|| / ||a|| = {rel:.2e}")
    assert rel <= 1e-5


def test_strong_scaling_is_the_same_step_on_1_and_2_workers(shared_runs):
    """The 2-rank run is MICRO (see STRONG): its ranks' batches together are the 1-rank batch."""
    one = shared_runs(1, STRONG)
    two = shared_runs(2, MICRO)
    tokens_1 = [r["tokens"]["total"] for r in one.steps(0)]
    tokens_2 = [
        a["tokens"]["total"] + b["tokens"]["total"]
        for a, b in zip(two.steps(0), two.steps(1), strict=True)
    ]
    assert tokens_1 == tokens_2  # the same sentences, split
    rel = _rel(_weights(one), _weights(two))
    print(f"strong 2 workers vs 1: ||a - b|| / ||a|| = {rel:.2e}")
    assert rel <= 1e-5


# each form and each compression once (the other two pairs cost CI 90 s and test no path these
# two do not: the compressor casts dense tensors only); both in one mpirun (one TensorFlow start)
TAPE_CASES = [("sparse", "none"), ("dense", "fp16")]
# 8 steps (20 before, CI 46 s): 6 loops of the script run them (3 methods x 2 cases). Any
# difference between the methods shows at step 1 and stays (bit-identical weights compared);
# 8 steps still reach most of the warm-up's rate (the script's lr_at: 10 warm-up steps), and
# training moves the weights by 1.98e-2 (measured; 5.26e-2 after 20), 20x the bound below
TAPE_STEPS = 8


def test_overlapped_phases_and_distributed_gradient_tape_give_the_same_weights(mpi_stack):
    """TAPE_STEPS steps, 2 ranks, deterministic: the trainer's overlapped step, its phased step and
    Horovod's own DistributedGradientTape end with bit-identical weights (np.array_equal, on
    every rank), and training moved them (the initial weights are not what is compared). With
    fp16 the trainer's `compression: fp16` against the tape's `hvd.Compression.fp16`: the
    same casts in the same places, so the same bits. Each case of TAPE_CASES is checked on its
    own lines (the script tags them `[variant/compression]`). Then, in the same start, the
    trainer's broadcast of rank 0's initial state reaches every rank bit for bit (a resumed run's
    rank 0 restores alone, and a broadcast that did nothing is seen nowhere else)."""
    script = Path(__file__).with_name("tape_equivalence.py")
    variants = ",".join(v for v, _ in TAPE_CASES)
    compressions = ",".join(c for _, c in TAPE_CASES)
    proc = subprocess.run(
        mpirun_command(
            2, [str(script), variants, "tf1", str(TAPE_STEPS), compressions], python=sys.executable
        ),
        env=mpirun_env(),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    print(proc.stdout)
    for variant, compression in TAPE_CASES:
        case = re.escape(f"[{variant}/{compression}]")
        # the two ranks print concurrently: a line may hold the end of one rank's print and the
        # start of the other's, so the figures are found by pattern, not by line
        identical = re.findall(rf" {case} identical (True|False)", proc.stdout)
        moved = [
            float(x)
            for x in re.findall(rf" {case} training moved the weights by (\S+) ", proc.stdout)
        ]
        assert len(identical) == 4 and len(moved) == 2, case  # 2 ranks x (overlapped, phases)
        assert identical == ["True"] * 4, case
        assert min(moved) > 1e-3, case
    # the trainer's broadcast of rank 0's initial state (the script's last check)
    assert re.findall(r"\[broadcast\] rank 0's state (True|False)", proc.stdout) == ["True"] * 2


def test_text_source_trains_sentencepiece_and_shards(run_trainer, tmp_path):
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(300)]
    src = [" ".join(rng.choice(words, rng.integers(3, 15))) for _ in range(400)]
    tgt = [" ".join(reversed(s.split())) for s in src]
    (tmp_path / "train.src").write_text("\n".join(src) + "\n")
    (tmp_path / "train.tgt").write_text("\n".join(tgt) + "\n")
    cfg = {
        "model": {"preset": "tiny", "vocab": 512},
        "tokens_per_worker": 256,
        "steps": 4,
        "timing_warmup_steps": 1,
        "data": {
            "kind": "text",
            "source": str(tmp_path / "train.src"),
            "target": str(tmp_path / "train.tgt"),
        },
    }
    run = run_trainer(2, cfg)
    assert run.returncode == 0, run.output[-3000:]
    assert (run.logs / "spm" / "spm512.model").exists()
    for rank in (0, 1):
        assert all(r["tokens"]["src"] > 0 for r in run.steps(rank))
