"""Run under mpirun: our phased exchange gives what hvd.DistributedGradientTape gives."""

import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import horovod.tensorflow as hvd
import tensorflow as tf

from scalestudy.contract.point_config import PointConfig
from scalestudy.trainer.data import WorkerBatches
from scalestudy.trainer.exchange import GradientExchange
from scalestudy.trainer.model import Transformer, smoothed_xent_sum

hvd.init()
sparse_as_dense = sys.argv[1] == "dense"
cfg = PointConfig.model_validate(
    {
        "model": {"preset": "tiny", "dropout": 0.0},
        "tokens_per_worker": 512,
        "sparse_as_dense": sparse_as_dense,
    }
)
tf.keras.utils.set_random_seed(7)
model = Transformer(cfg.model.resolved(), "tf1")
batch, scale = WorkerBatches(cfg, hvd.rank(), hvd.size()).batch(1)
model((batch.src[:1], batch.tgt[:1]))
hvd.broadcast_variables(model.variables, root_rank=0)
variables = model.trainable_variables

with tf.GradientTape() as tape:
    loss = smoothed_xent_sum(model((batch.src, batch.tgt), training=True), batch.tgt) * scale
local = tape.gradient(loss, variables)
ours = GradientExchange(hvd, variables, model.embedding, sparse_as_dense)
sent = ours.densify(local) if sparse_as_dense else local
ours_reduced, _, _ = ours.exchange(sent, tf.zeros([3]))

with tf.GradientTape() as tape:
    loss = smoothed_xent_sum(model((batch.src, batch.tgt), training=True), batch.tgt) * scale
theirs = hvd.DistributedGradientTape(tape, sparse_as_dense=sparse_as_dense).gradient(
    loss, variables
)

for a, b in zip(ours_reduced, theirs, strict=True):
    assert type(a) is type(b), (type(a), type(b))
    np.testing.assert_allclose(
        tf.convert_to_tensor(a).numpy(), tf.convert_to_tensor(b).numpy(), rtol=1e-6, atol=1e-7
    )
print(f"rank {hvd.rank()}: {len(theirs)} gradients identical, embedding {type(theirs[0]).__name__}")
