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
# the convergence tests' second run (shared_runs, 2 ranks): bf16 compute AND the fp16 exchange
# at once. test_trainer_mpi's bf16 claim and test_compression's fp16-exchange claim each hold if
# this run converges (the two options touch different tensors: the model's compute dtype, the
# allreduced gradients' wire dtype), and each test reads its own fields of it; the fp32 run with
# the fp32 exchange is test_trainer_mpi's TRANSLATE run. Its weights are dumped: fp32 master
# weights are read off them (the float16 wire hides the gradients' own dtype)
TRANSLATE_BF16_FP16 = {
    **TRANSLATE,
    "precision": "bf16",
    "compression": "fp16",
    "dump_final_weights": True,
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
