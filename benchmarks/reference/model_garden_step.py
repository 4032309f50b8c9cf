"""One process: TF Model Garden's `official.legacy.transformer` (BASE_PARAMS), its bare training
step on a fixed batch, timed. Runs in the reference venv (`make bench-reference`), never in the
product's; `benchmarks/trainer_vs_reference.py` starts it and reads the JSON it prints.

The step is the one `transformer_main.py` runs per replica: logits = model([src, tgt]),
`metrics.transformer_loss` (label-smoothed, pad-weighted mean), tape.gradient, Adam
(beta 0.9/0.997, eps 1e-9) apply_gradients, all inside one tf.function.
"""

from __future__ import annotations

import argparse
import json
import os
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

parser = argparse.ArgumentParser()
parser.add_argument("--sentences", type=int, default=32)
parser.add_argument("--length", type=int, default=64)
parser.add_argument("--steps", type=int, default=6, help="timed steps")
parser.add_argument("--warmup", type=int, default=2, help="untimed steps (tracing, allocation)")
parser.add_argument("--intra", type=int, default=2)
parser.add_argument("--inter", type=int, default=1)
parser.add_argument("--seed", type=int, default=1234)
args = parser.parse_args()

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from official.legacy.transformer import metrics, model_params  # noqa: E402
from official.legacy.transformer.transformer import Transformer  # noqa: E402

tf.config.threading.set_intra_op_parallelism_threads(args.intra)
tf.config.threading.set_inter_op_parallelism_threads(args.inter)
tf.keras.utils.set_random_seed(args.seed)

params = dict(model_params.BASE_PARAMS)
params.update(dtype=tf.float32, padded_decode=False, decode_batch_size=1, decode_max_length=0)
vocab = params["vocab_size"]
# The same ids the trainer's fixed-shape data draws: uniform over [2, V), no padding.
rng = np.random.default_rng([args.seed, 0])
src = tf.constant(rng.integers(2, vocab, (args.sentences, args.length)), tf.int64)
tgt = tf.constant(rng.integers(2, vocab, (args.sentences, args.length)), tf.int64)

model = Transformer(params, name="transformer_v2")
opt = tf.keras.optimizers.Adam(
    1e-4,
    params["optimizer_adam_beta1"],
    params["optimizer_adam_beta2"],
    epsilon=params["optimizer_adam_epsilon"],
)


@tf.function
def step(inputs, targets):
    with tf.GradientTape() as tape:
        logits = model([inputs, targets], training=True)
        loss = metrics.transformer_loss(logits, targets, params["label_smoothing"], vocab)
    tvars = list({id(v): v for v in model.trainable_variables}.values())
    grads = tape.gradient(loss, tvars)
    opt.apply_gradients(zip(grads, tvars, strict=True))
    return loss


for _ in range(args.warmup):
    step(src, tgt).numpy()
times = []
for _ in range(args.steps):
    t = time.perf_counter()
    step(src, tgt).numpy()
    times.append(time.perf_counter() - t)
tokens = 2 * args.sentences * args.length  # source + target, no padding
print(
    json.dumps(
        {
            "model": "official.legacy.transformer BASE_PARAMS",
            "tf": tf.__version__,
            "step_s": times,
            "tokens_per_step": tokens,
            "tokens_per_s": tokens / float(np.median(times)),
            "parameters": int(sum(np.prod(v.shape) for v in model.trainable_variables)),
        }
    )
)
