"""Run under mpirun: 20 steps of the trainer's overlapped step, of its phased step and of
Horovod's own `hvd.DistributedGradientTape`, each from the same initial weights on the same
batches, end with the same weights. Prints one line per rank and method, and the largest
relative difference.

Then the trainer's broadcast of rank 0's initial state (loop._broadcast_from_rank_0, one
broadcast per dtype of all the variables flattened) on variables of several dtypes and shapes
that differ per rank: every rank ends with rank 0's values, bit for bit (`[broadcast]` lines).

With `fp16` the trainer runs `compression: fp16` and the tape `hvd.Compression.fp16`. Several
cases in one run (one TensorFlow start): comma-separated variants and compressions, paired in
order; each line says its case as `[variant/compression]`.

Usage: mpirun -np 2 python tape_equivalence.py sparse|dense[,...] [tf1|native] [steps]
       [none|fp16[,...]]
"""

import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import horovod.tensorflow as hvd
import tensorflow as tf

from scalestudy.formats.point_config import PointConfig
from scalestudy.trainer import exchanges, schedule
from scalestudy.trainer.data import WorkerBatches
from scalestudy.trainer.loop import _broadcast_from_rank_0
from scalestudy.trainer.model import Transformer
from scalestudy.trainer.optimizer import transformer_adam
from scalestudy.trainer.step import make_step

hvd.init()
tf.config.experimental.enable_op_determinism()
variants = sys.argv[1].split(",")
accumulation = sys.argv[2] if len(sys.argv) > 2 else "tf1"
steps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
compressions = (sys.argv[4] if len(sys.argv) > 4 else "none").split(",")
assert len(variants) == len(compressions), "one compression per variant"


def configure(variant, compression_):
    """The case's globals: the functions below read them."""
    global sparse_as_dense, compression, cfg, spec, batches
    sparse_as_dense, compression = variant == "dense", compression_
    cfg = PointConfig.model_validate(
        {
            "model": {"preset": "tiny", "dropout": 0.0},
            "tokens_per_worker": 512,
            "sparse_as_dense": sparse_as_dense,
            "accumulation": accumulation,
            "compression": compression,
        }
    )
    spec = cfg.model.resolved()
    batches = WorkerBatches(cfg, hvd.rank(), hvd.size())


def fresh():
    tf.keras.utils.set_random_seed(7)
    model = Transformer(spec, accumulation)
    first, _ = batches.batch(1)
    model((first.src[:1], first.tgt[:1]))
    optimizer = transformer_adam()
    optimizer.build(model.trainable_variables)
    hvd.broadcast_variables(model.variables, root_rank=0)
    return model, optimizer


def lr_at(step):
    return schedule.learning_rate(step, 1e-3, int(spec["hidden"]), 10)


def ours(timing):
    model, optimizer = fresh()
    exchange = exchanges.build(
        hvd, model.trainable_variables, model.embedding, cfg.exchange, cfg.compression
    )
    run = make_step(timing, model, optimizer, exchange)
    for step in range(1, steps + 1):
        batch, scale = batches.batch(step)
        result = run([batch], scale, lr_at(step), False, gate=lambda _agreed: True)
        assert result.applied
    return model


def horovods_tape():
    model, optimizer = fresh()
    variables = model.trainable_variables

    @tf.function(
        input_signature=[
            tf.TensorSpec([None, None], tf.int64),
            tf.TensorSpec([None, None], tf.int64),
            tf.TensorSpec([], tf.float32),
            tf.TensorSpec([], tf.float32),
        ]
    )
    def step(src, tgt, scale, lr):
        with tf.GradientTape() as tape:
            loss = model.loss_sum(src, tgt) * scale
        tape = hvd.DistributedGradientTape(
            tape,
            sparse_as_dense=sparse_as_dense,
            compression=hvd.Compression.fp16 if compression == "fp16" else hvd.Compression.none,
        )
        grads = tape.gradient(loss, variables)
        optimizer.learning_rate.assign(lr)
        optimizer.apply_gradients(zip(grads, variables, strict=True))

    for s in range(1, steps + 1):
        batch, scale = batches.batch(s)
        step(batch.src, batch.tgt, np.float32(scale), np.float32(lr_at(s)))
    return model


def flat(model):
    return np.concatenate([v.numpy().ravel() for v in model.variables])


def compare(case):
    initial = flat(fresh()[0])
    results = {"overlapped": flat(ours("overlapped")), "phases": flat(ours("phases"))}
    results["DistributedGradientTape"] = flat(horovods_tape())
    ref = results["DistributedGradientTape"]
    moved = np.linalg.norm(ref - initial) / np.linalg.norm(initial)
    worst = 0.0
    r = hvd.rank()
    for name, w in results.items():
        if name == "DistributedGradientTape":
            continue
        rel = float(np.linalg.norm(w - ref) / np.linalg.norm(ref))
        worst = max(worst, rel)
        print(f"rank {r}: {name} vs DistributedGradientTape: rel diff {rel:.3e}")
        print(f"rank {r}: {name} {case} identical {bool(np.array_equal(w, ref))}")
    print(f"rank {r}: {case} training moved the weights by {moved:.3e} (relative)")
    print(f"rank {r}: worst {worst:.3e}")


for variant, compression_ in zip(variants, compressions, strict=True):
    configure(variant, compression_)
    compare(f"[{variant}/{compression_}]")


def broadcast_check():
    r = hvd.rank()
    values = [  # rank-dependent: a broadcast that did nothing leaves rank 1's
        np.arange(12, dtype=np.float32).reshape(3, 4) * (r + 1) + 0.5,
        np.int64(1000 + r),
        np.linspace(-1, 1, 7).astype(np.float32) - r,
        np.array([[r, -r]], dtype=np.int64),
    ]
    variables = [tf.Variable(v) for v in values]
    expected = [np.asarray(v) for v in values] if r == 0 else None
    expected = hvd.broadcast_object(expected, root_rank=0)
    _broadcast_from_rank_0(hvd, variables)
    same = all(
        v.dtype.as_numpy_dtype == e.dtype and np.array_equal(v.numpy(), e)
        for v, e in zip(variables, expected, strict=True)
    )
    print(f"rank {r}: [broadcast] rank 0's state {same}")


broadcast_check()
