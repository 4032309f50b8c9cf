"""Run for test_trainer_kernels.py in a child process (TensorFlow stays out of pytest's:
support/tf_child.py runs main() with the other trainer unit tests' parts): the trainer's
faster kernels compute what the standard ops compute. Each check prints its figure; a failed
check raises.

Usage: python tests/unit/trainer_kernels.py
"""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf

from scalestudy.trainer.model import LayerNorm, smoothing_terms, token_xent_sum
from scalestudy.trainer.optimizer import transformer_adam


def _one_hot_xent_sum(logits, labels, smoothing=0.1):
    confidence, low, floor = smoothing_terms(tf.shape(logits)[-1], smoothing)
    soft = tf.one_hot(labels, tf.shape(logits)[-1], on_value=confidence, off_value=low)
    xent = tf.nn.softmax_cross_entropy_with_logits(labels=soft, logits=logits)
    return tf.reduce_sum(xent - floor)


def loss_without_one_hot_matches_the_one_hot_op_in_value_and_gradient(scale):
    rng = np.random.default_rng(3)
    logits = tf.constant(rng.standard_normal((37, 501)).astype(np.float32) * scale)
    labels = tf.constant(rng.integers(0, 501, 37), tf.int64)
    values, grads = [], []
    for fn in (token_xent_sum, _one_hot_xent_sum):
        with tf.GradientTape() as tape:
            tape.watch(logits)
            loss = 0.37 * fn(logits, labels)  # an upstream gradient other than 1
        values.append(float(loss))
        grads.append(tape.gradient(loss, logits).numpy())
    assert np.isfinite(values).all()
    assert values[0] == pytest.approx(values[1], rel=1e-5)
    err = np.linalg.norm(grads[0] - grads[1]) / np.linalg.norm(grads[1])
    print(
        f"loss at logit scale {scale}: {values[0]:.6g} vs {values[1]:.6g}, gradient rel {err:.2e}"
    )
    assert err < 1e-5, err


def fused_adam_gives_kerass_adam_weights_for_dense_and_sparse_gradients():
    rng = np.random.default_rng(5)
    start = [rng.standard_normal((64, 16)).astype(np.float32) for _ in range(2)]
    ids = tf.constant([3, 9, 3, 40, 63], tf.int64)  # a repeated id: Keras sums squared slices

    def train(optimizer):
        dense, table = (tf.Variable(w) for w in start)
        optimizer.build([dense, table])
        for step in range(1, 8):
            g = tf.constant(rng_steps[step].astype(np.float32))
            rows = tf.IndexedSlices(g[:5], ids, tf.constant([64, 16], tf.int64))
            optimizer.learning_rate.assign(1e-2 * step)
            optimizer.apply_gradients([(g, dense), (rows, table)])
        return dense.numpy(), table.numpy()

    rng_steps = {s: rng.standard_normal((64, 16)) for s in range(1, 8)}
    keras = tf.keras.optimizers.Adam(0.0, beta_1=0.9, beta_2=0.997, epsilon=1e-9)
    ours, theirs = train(transformer_adam()), train(keras)
    for a, b, w0 in zip(ours, theirs, start, strict=True):
        assert np.linalg.norm(b - w0) > 0.1  # the weights moved
        rel = np.linalg.norm(a - b) / np.linalg.norm(b)
        print(f"fused Adam vs Keras Adam: rel {rel:.2e}")
        assert rel < 1e-6


def layer_norm_matches_kerass_in_output_and_gradients(policy, compiled):
    """Same output and gradients (input, gamma, beta) as Keras's LayerNormalization, in fp32 and
    under mixed_bfloat16 (normalised in fp32, output in bf16, fp32 weights), eagerly and inside
    a tf.function as the trainer runs it (there the weights reach the custom gradient as
    variable reads, and must still get their gradients)."""
    tf.keras.mixed_precision.set_global_policy(policy)
    rng = np.random.default_rng(9)
    x = tf.constant(rng.standard_normal((3, 7, 48)).astype(np.float32) * 3 + 1)
    upstream = tf.constant(rng.standard_normal((3, 7, 48)).astype(np.float32))
    gamma = rng.standard_normal(48).astype(np.float32)
    beta = rng.standard_normal(48).astype(np.float32)
    results = []
    for layer in (LayerNorm(epsilon=1e-6), tf.keras.layers.LayerNormalization(epsilon=1e-6)):
        layer.build(x.shape)
        layer.gamma.assign(gamma)
        layer.beta.assign(beta)

        def forward_backward(layer=layer):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = layer(x)
                loss = tf.reduce_sum(tf.cast(y, tf.float32) * upstream)
            return y, tape.gradient(loss, [x, layer.gamma, layer.beta])

        y, grads = (tf.function(forward_backward) if compiled else forward_backward)()
        assert all(g is not None for g in grads)
        results.append([y.dtype, tf.cast(y, tf.float32).numpy(), *(g.numpy() for g in grads)])
    tf.keras.mixed_precision.set_global_policy("float32")
    ours, keras = results
    assert ours[0] == keras[0], (ours[0], keras[0])
    tolerance = 1e-5 if policy == "float32" else 1e-2  # bf16 output: 8-bit mantissa
    for name, a, b in zip(("output", "dx", "dgamma", "dbeta"), ours[1:], keras[1:], strict=True):
        rel = np.linalg.norm(a - b) / np.linalg.norm(b)
        print(f"layer norm {policy} compiled={compiled} {name}: rel {rel:.2e}")
        assert rel < tolerance, (name, rel)


def main() -> None:
    for scale in (1.0, 30.0):  # 30: logits far apart, exp would overflow unshifted
        loss_without_one_hot_matches_the_one_hot_op_in_value_and_gradient(scale)
    fused_adam_gives_kerass_adam_weights_for_dense_and_sparse_gradients()
    for policy in ("float32", "mixed_bfloat16"):
        for compiled in (False, True):
            layer_norm_matches_kerass_in_output_and_gradients(policy, compiled)
    print("all kernel checks passed")


if __name__ == "__main__":
    main()
