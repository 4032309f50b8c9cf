"""The encoder-decoder Transformer of "Attention Is All You Need" (official TF model layout:
pre-layer-norm residual blocks, shared embedding scaled by sqrt(H), sinusoidal positions).

Embedding gradients, the subject of the study:
- tied (default): one [V, H] matrix feeds the encoder input gather, the decoder input gather and
  the pre-softmax projection. With `accumulation: tf1` the projection reads the matrix through
  `tf.gather(w, range(V))`, so its gradient is IndexedSlices with V rows and TensorFlow
  concatenates the three (V + Tsrc + Ttgt rows), exactly TF 1.x's aggregation. With `native`,
  TF 2.15 sums the mixed dense + sparse gradients into one dense [V, H] tensor.
- untied: the input embedding (shared by encoder and decoder inputs) gets IndexedSlices with
  Tsrc + Ttgt rows; the softmax matrix a dense gradient.
"""

from __future__ import annotations

import math

import numpy as np
import tensorflow as tf


def positional_encoding(length: tf.Tensor, hidden: int) -> tf.Tensor:
    position = tf.cast(tf.range(length), tf.float32)
    num_timescales = hidden // 2
    log_increment = math.log(1.0e4) / max(num_timescales - 1, 1)
    inv = tf.exp(tf.cast(tf.range(num_timescales), tf.float32) * -log_increment)
    scaled = tf.expand_dims(position, 1) * tf.expand_dims(inv, 0)
    return tf.concat([tf.sin(scaled), tf.cos(scaled)], axis=1)


class Attention(tf.keras.layers.Layer):
    def __init__(self, hidden: int, heads: int, dropout: float, **kw):
        super().__init__(**kw)
        self.hidden, self.heads, self.dropout = hidden, heads, dropout
        dense = tf.keras.layers.Dense
        self.q = dense(hidden, use_bias=False, name="q")
        self.k = dense(hidden, use_bias=False, name="k")
        self.v = dense(hidden, use_bias=False, name="v")
        self.o = dense(hidden, use_bias=False, name="output_transform")

    def _split(self, x):
        b, n = tf.shape(x)[0], tf.shape(x)[1]
        x = tf.reshape(x, [b, n, self.heads, self.hidden // self.heads])
        return tf.transpose(x, [0, 2, 1, 3])

    def call(self, x, y, bias, training):
        q, k, v = self._split(self.q(x)), self._split(self.k(y)), self._split(self.v(y))
        q *= (self.hidden // self.heads) ** -0.5
        logits = tf.matmul(q, k, transpose_b=True) + bias
        weights = tf.nn.softmax(logits)
        if training and self.dropout:
            weights = tf.nn.dropout(weights, self.dropout)
        out = tf.transpose(tf.matmul(weights, v), [0, 2, 1, 3])
        out = tf.reshape(out, [tf.shape(out)[0], tf.shape(out)[1], self.hidden])
        return self.o(out)


class FeedForward(tf.keras.layers.Layer):
    def __init__(self, hidden: int, filter_size: int, dropout: float, **kw):
        super().__init__(**kw)
        self.dropout = dropout
        self.inner = tf.keras.layers.Dense(filter_size, activation="relu", name="filter_layer")
        self.outer = tf.keras.layers.Dense(hidden, name="output_layer")

    def call(self, x, training):
        h = self.inner(x)
        if training and self.dropout:
            h = tf.nn.dropout(h, self.dropout)
        return self.outer(h)


class Residual(tf.keras.layers.Layer):
    """layer_norm -> sublayer -> dropout -> + input (the official pre/post-processing wrapper)."""

    def __init__(self, sublayer, dropout: float, **kw):
        super().__init__(**kw)
        self.sublayer, self.dropout = sublayer, dropout
        self.norm = tf.keras.layers.LayerNormalization(epsilon=1e-6)

    def call(self, x, *args, training=False, **kwargs):
        y = self.sublayer(self.norm(x), *args, training=training, **kwargs)
        if training and self.dropout:
            y = tf.nn.dropout(y, self.dropout)
        return x + y


class SelfAttention(Attention):
    def call(self, x, bias, training):
        return super().call(x, x, bias, training)


class Transformer(tf.keras.Model):
    def __init__(self, spec: dict, accumulation: str, **kw):
        super().__init__(name="transformer", **kw)
        self.hidden = int(spec["hidden"])
        self.vocab = int(spec["vocab"])
        self.tied = bool(spec["tie_embeddings"])
        self.emulate_tf1 = accumulation == "tf1"
        self.dropout = float(spec["dropout"])
        h, heads, f, d = self.hidden, int(spec["heads"]), int(spec["filter"]), self.dropout
        init = tf.keras.initializers.RandomNormal(0.0, h**-0.5)
        self.embedding = self.add_weight(
            "embedding/shared_weights", [self.vocab, h], initializer=init
        )
        self.softmax_weights = None
        if not self.tied:
            self.softmax_weights = self.add_weight(
                "softmax/weights", [self.vocab, h], initializer=init
            )
        self.encoder = [
            (
                Residual(SelfAttention(h, heads, d), d, name=f"enc{i}_self"),
                Residual(FeedForward(h, f, d), d, name=f"enc{i}_ffn"),
            )
            for i in range(int(spec["enc_layers"]))
        ]
        self.decoder = [
            (
                Residual(SelfAttention(h, heads, d), d, name=f"dec{i}_self"),
                Residual(Attention(h, heads, d), d, name=f"dec{i}_encdec"),
                Residual(FeedForward(h, f, d), d, name=f"dec{i}_ffn"),
            )
            for i in range(int(spec["dec_layers"]))
        ]
        self.enc_norm = tf.keras.layers.LayerNormalization(epsilon=1e-6, name="enc_norm")
        self.dec_norm = tf.keras.layers.LayerNormalization(epsilon=1e-6, name="dec_norm")

    def embed(self, ids):
        x = tf.gather(self.embedding, ids)
        mask = tf.cast(tf.not_equal(ids, 0), x.dtype)
        return x * tf.expand_dims(mask, -1) * self.hidden**0.5

    def projection_weights(self):
        w = self.embedding if self.tied else self.softmax_weights
        if self.tied and self.emulate_tf1:
            # TF 1.x turned this dense gradient into IndexedSlices over every row: read the
            # weights through a gather of all row ids so TF 2 produces exactly that.
            w = tf.gather(w, tf.range(self.vocab, dtype=tf.int64))
        return w

    def call(self, inputs, training=False):
        src, tgt = inputs
        pad_bias = tf.cast(tf.equal(src, 0), tf.float32)[:, None, None, :] * -1e9
        x = self.embed(src)
        x += positional_encoding(tf.shape(src)[1], self.hidden)
        if training and self.dropout:
            x = tf.nn.dropout(x, self.dropout)
        for attn, ffn in self.encoder:
            x = attn(x, pad_bias, training=training)
            x = ffn(x, training=training)
        memory = self.enc_norm(x)

        # Decoder input: targets shifted right by one (pad in front).
        shifted = tf.pad(tgt, [[0, 0], [1, 0]])[:, :-1]
        y = self.embed(shifted)
        length = tf.shape(tgt)[1]
        y += positional_encoding(length, self.hidden)
        if training and self.dropout:
            y = tf.nn.dropout(y, self.dropout)
        causal = tf.linalg.band_part(tf.ones([length, length]), -1, 0)
        causal_bias = (1.0 - causal)[None, None] * -1e9
        for self_attn, encdec, ffn in self.decoder:
            y = self_attn(y, causal_bias, training=training)
            y = encdec(y, memory, pad_bias, training=training)
            y = ffn(y, training=training)
        y = self.dec_norm(y)
        w = self.projection_weights()
        flat = tf.reshape(y, [-1, self.hidden])
        logits = tf.matmul(flat, w, transpose_b=True)
        return tf.reshape(logits, [tf.shape(tgt)[0], length, self.vocab])


def smoothed_xent_sum(logits, labels, smoothing: float = 0.1):
    """Sum over non-pad target tokens of the label-smoothed cross entropy, minus its minimum
    (the official model's normalising constant), so a perfect model has loss 0."""
    vocab = tf.shape(logits)[-1]
    vocab_f = tf.cast(vocab, tf.float32)
    confidence = 1.0 - smoothing
    low = smoothing / (vocab_f - 1.0)
    soft = tf.one_hot(labels, vocab, on_value=confidence, off_value=low)
    xent = tf.nn.softmax_cross_entropy_with_logits(labels=soft, logits=logits)
    floor = -(confidence * math.log(confidence) + (vocab_f - 1.0) * low * tf.math.log(low + 1e-20))
    weights = tf.cast(tf.not_equal(labels, 0), tf.float32)
    return tf.reduce_sum((xent - floor) * weights)


def parameter_count(model: tf.keras.Model) -> int:
    return int(sum(np.prod(v.shape) for v in model.trainable_variables))
