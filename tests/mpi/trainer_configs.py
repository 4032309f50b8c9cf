"""Trainer configurations the MPI tests share (imported by name, as pytest puts this folder on
the path): the tiny model's batch, its vocabulary and width, and the learnable translate task."""

TINY = {"model": {"preset": "tiny"}, "tokens_per_worker": 512, "timing_warmup_steps": 1}
V, H = 1000, 64  # the tiny preset's vocabulary and hidden width

# the learnable task of the convergence tests: 400 steps of 1,024 tokens per worker
TRANSLATE = {
    **TINY,
    "model": {"preset": "tiny", "dropout": 0.0},
    "data": {"kind": "translate"},
    "tokens_per_worker": 1024,
    "steps": 400,
    "learning_rate": 1e-3,
    "lr_warmup_steps": 50,
}

# the session's 20-step deterministic 2-rank runs (shared_runs) that test_compression compares
# and test_trainer_mpi and test_exchange_sparse_reduce read: one configuration, one home
EXCHANGE_20 = {
    **TINY,
    "steps": 20,
    "deterministic": True,
    "accumulation": "tf1",
    "model": {"preset": "tiny", "dropout": 0.0},
    "dump_final_weights": True,
}
