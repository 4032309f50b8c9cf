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

from scalestudy.trainer import mesh as mp


def positional_encoding(length: tf.Tensor, hidden: int) -> tf.Tensor:
    position = tf.cast(tf.range(length), tf.float32)
    num_timescales = hidden // 2
    log_increment = math.log(1.0e4) / max(num_timescales - 1, 1)
    inv = tf.exp(tf.cast(tf.range(num_timescales), tf.float32) * -log_increment)
    scaled = tf.expand_dims(position, 1) * tf.expand_dims(inv, 0)
    return tf.concat([tf.sin(scaled), tf.cos(scaled)], axis=1)


class Dropout:
    """Inverted dropout whose keep mask costs half of `tf.nn.dropout`'s random numbers: each 32-bit
    Philox draw gives two 16-bit decisions (keep probability exact to 1/65536, i.e. 0.1 is
    0.100006). Kept out of Keras's variable tracking: the generator's state is not a weight and
    must not be broadcast or checkpointed with the model."""

    def __init__(self, seed: int):
        self.generator = tf.random.Generator.from_seed(seed)

    def __call__(self, x: tf.Tensor, rate: float) -> tf.Tensor:
        n = tf.size(x)
        bits = self.generator.uniform_full_int([(n + 1) // 2], dtype=tf.uint32)
        halves = tf.reshape(tf.bitcast(bits, tf.uint16), [-1])[:n]
        keep = tf.reshape(halves >= round(rate * 65536), tf.shape(x))
        # one multiply by a {0, 1/(1-rate)} mask each way, not a select and a multiply: in bf16,
        # where each element-wise op converts, forward + backward of 6.3 M elements took 12.7 ms
        # against 16.0 ms (fp32: level). The same mask, the same numbers.
        return x * (tf.cast(keep, x.dtype) * (1.0 / (1.0 - rate)))


class _Untracked:
    """Holds an object Keras must not track (see Dropout)."""

    def __init__(self, value):
        self.value = value


def _glorot(fan_in: int, fan_out: int) -> tf.keras.initializers.Initializer:
    # A fused [H, k*H] projection initialised as k separate [H, H] ones would be.
    limit = math.sqrt(6.0 / (fan_in + fan_out))
    return tf.keras.initializers.RandomUniform(-limit, limit)


class LayerNorm(tf.keras.layers.Layer):
    """Layer normalisation over the last axis, as Keras's `LayerNormalization` computes it
    (epsilon inside the square root; bf16 inputs normalised in fp32, the output in the input's
    dtype), with its gradient written out: Keras's version (epsilon below 1.001e-5 rules out
    its fused kernel) runs ~24 small ops per norm forward and backward. On base, 25 norms of
    [2048, 512] forward + backward took 52.7 ms against 92.2 ms (gradients equal to 7e-7)."""

    def __init__(self, epsilon: float = 1e-6, **kw):
        super().__init__(**kw)
        self.epsilon = epsilon

    def build(self, input_shape):
        width = int(input_shape[-1])
        # fp32 reads in bf16 runs too (no cast to the compute dtype), as Keras's norm does
        self.gamma = self.add_weight(
            "gamma", [width], initializer="ones", experimental_autocast=False
        )
        self.beta = self.add_weight(
            "beta", [width], initializer="zeros", experimental_autocast=False
        )
        super().build(input_shape)

    def call(self, x):
        @tf.custom_gradient
        def norm(x, gamma, beta):
            mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
            inv = tf.math.rsqrt(var + self.epsilon)
            xhat = (x - mean) * inv

            def grad(dy):
                dxhat = dy * gamma
                centred = dxhat - tf.reduce_mean(dxhat, -1, keepdims=True)
                dx = inv * (centred - xhat * tf.reduce_mean(dxhat * xhat, -1, keepdims=True))
                rows = tf.range(tf.rank(x) - 1)
                return dx, tf.reduce_sum(dy * xhat, rows), tf.reduce_sum(dy, rows)

            return xhat * gamma + beta, grad

        dtype = x.dtype
        return tf.cast(norm(tf.cast(x, tf.float32), self.gamma, self.beta), dtype)


class _SplitSublayer(tf.keras.layers.Layer):
    """A sublayer a mesh splits over its model group. Its masks on split activations (attention
    weights, the feed-forward's hidden units) differ by shard, so they come from the per-rank
    generator the model sets in `split_drop`; masks on replicated activations stay the
    group's (the `drop` the caller passes)."""

    split_drop: _Untracked | None = None  # a mesh: the per-rank Dropout, set by the model

    def split_mask(self, drop):
        """The Dropout for this sublayer's split activations."""
        return drop if self.split_drop is None else self.split_drop.value


class Attention(_SplitSublayer):
    """Multi-head attention with fused projections: one [H, 3H] matmul for self-attention's
    query, key and value, one [H, 2H] for encoder-decoder attention's key and value (fewer, larger
    matmuls run nearer the CPU's peak than three [H, H] ones; the maths is unchanged)."""

    def __init__(
        self,
        hidden: int,
        heads: int,
        dropout: float,
        self_attention: bool,
        group: mp.ModelGroup | None = None,
        **kw,
    ):
        """`group`: a mesh's model group; this rank then holds heads / M of the heads (its
        columns of the fused projections, its rows of the output transform)."""
        super().__init__(**kw)
        self.hidden, self.dropout = hidden, dropout
        self.self_attention = self_attention
        self.group = group
        m = 1 if group is None else group.model
        self.heads, self.width = heads // m, hidden // m  # this rank's heads and their width
        dense = tf.keras.layers.Dense

        def cols(parts: int):
            init = _glorot(hidden, hidden)
            if group is None:
                return init
            index = mp.head_columns(parts, hidden, heads, group)
            return mp.SliceOf(init, [hidden, parts * hidden], 1, index)

        if self_attention:
            self.qkv = dense(3 * self.width, use_bias=False, kernel_initializer=cols(3))
        else:
            self.q = dense(self.width, use_bias=False, kernel_initializer=cols(1))
            self.kv = dense(2 * self.width, use_bias=False, kernel_initializer=cols(2))
        if group is None:
            self.o = dense(hidden, use_bias=False, name="output_transform")
        else:
            rows = mp.head_columns(1, hidden, heads, group)
            init = mp.SliceOf(tf.keras.initializers.GlorotUniform(), [hidden, hidden], 0, rows)
            self.o = RowParallel(group, hidden, use_bias=False, kernel_initializer=init,
                                 name="output_transform")  # fmt: skip

    def _heads(self, x, parts: int):
        """[b, n, parts * H] -> parts x [b, heads, n, H / heads]."""
        b, n = tf.shape(x)[0], tf.shape(x)[1]
        x = tf.reshape(x, [b, n, parts, self.heads, self.width // self.heads])
        return tf.unstack(tf.transpose(x, [2, 0, 3, 1, 4]), num=parts)

    def call(self, x, y, bias, training, drop=None):
        if self.group is not None:
            # replicated inputs of split projections (their gradients summed over the group)
            x = self.group.copy(x)
            y = x if self.self_attention else self.group.copy(y)
            drop = self.split_mask(drop)
        if self.self_attention:
            q, k, v = self._heads(self.qkv(x), 3)
        else:
            (q,) = self._heads(self.q(x), 1)
            k, v = self._heads(self.kv(y), 2)
        q *= (self.width // self.heads) ** -0.5
        logits = tf.matmul(q, k, transpose_b=True) + tf.cast(bias, q.dtype)
        weights = tf.nn.softmax(logits)
        if training and self.dropout:
            weights = drop(weights, self.dropout)
        out = tf.transpose(tf.matmul(weights, v), [0, 2, 1, 3])
        out = tf.reshape(out, [tf.shape(out)[0], tf.shape(out)[1], self.width])
        return self.o(out)


class RowParallel(tf.keras.layers.Dense):
    """A Dense layer whose input features are split over a mesh's model group: each rank
    multiplies its rows of the kernel, the group sums the partial outputs, then the (whole,
    replicated) bias is added once."""

    def __init__(self, group: mp.ModelGroup, units: int, **kw):
        super().__init__(units, **kw)
        self.group = group

    def call(self, x):
        y = tf.tensordot(x, self.kernel, [[x.shape.rank - 1], [0]])
        y = self.group.reduce(y)
        if self.use_bias:
            y = tf.nn.bias_add(y, self.bias)
        return y


class FeedForward(_SplitSublayer):
    def __init__(
        self,
        hidden: int,
        filter_size: int,
        dropout: float,
        group: mp.ModelGroup | None = None,
        **kw,
    ):
        """`group`: a mesh's model group; this rank then holds filter / M of the width."""
        super().__init__(**kw)
        self.dropout, self.group = dropout, group
        dense = tf.keras.layers.Dense
        if group is None:
            self.inner = dense(filter_size, activation="relu", name="filter_layer")
            self.outer = dense(hidden, name="output_layer")
        else:
            part = mp.block(filter_size, group)
            glorot = tf.keras.initializers.GlorotUniform
            self.inner = dense(
                len(part),
                activation="relu",
                name="filter_layer",
                kernel_initializer=mp.SliceOf(glorot(), [hidden, filter_size], 1, part),
            )
            self.outer = RowParallel(
                group,
                hidden,
                name="output_layer",
                kernel_initializer=mp.SliceOf(glorot(), [filter_size, hidden], 0, part),
            )

    def call(self, x, training, drop=None):
        if self.group is not None:
            x = self.group.copy(x)
            drop = self.split_mask(drop)
        h = self.inner(x)
        if training and self.dropout:
            h = drop(h, self.dropout)
        return self.outer(h)


class Residual(tf.keras.layers.Layer):
    """layer_norm -> sublayer -> dropout -> + input (the official pre/post-processing wrapper)."""

    def __init__(self, sublayer, dropout: float, **kw):
        super().__init__(**kw)
        self.sublayer, self.dropout = sublayer, dropout
        self.norm = LayerNorm(epsilon=1e-6)

    def call(self, x, *args, training=False, drop=None, **kwargs):
        y = self.sublayer(self.norm(x), *args, training=training, drop=drop, **kwargs)
        if training and self.dropout:
            y = drop(y, self.dropout)
        return x + y


class SelfAttention(Attention):
    def __init__(self, hidden: int, heads: int, dropout: float, group=None, **kw):
        super().__init__(hidden, heads, dropout, self_attention=True, group=group, **kw)

    def call(self, x, bias, training, drop=None):
        return super().call(x, x, bias, training, drop)


class CrossAttention(Attention):
    def __init__(self, hidden: int, heads: int, dropout: float, group=None, **kw):
        super().__init__(hidden, heads, dropout, self_attention=False, group=group, **kw)


class Transformer(tf.keras.Model):
    def __init__(
        self,
        spec: dict,
        accumulation: str,
        seed: int = 0,
        table_seed: int = 0,
        sharded=None,
        group: mp.ModelGroup | None = None,
        split_seed: int = 0,
        **kw,
    ):
        """`seed` draws dropout (per rank; in a mesh per model group: the masks of replicated
        activations must agree inside a group); `table_seed` the input embedding (the same on
        every rank, so a sharded run's shards are rows of the table an unsharded run starts
        from); `sharded`: the input embedding split by row over the ranks (untied models
        only), the exchange's lookup (GradientExchange.embedding_lookup); `group`: a mesh's
        model group (heads, feed-forward width and vocabulary split over it), whose split
        activations draw their masks from `split_seed` (per rank)."""
        super().__init__(name="transformer", **kw)
        self.hidden = int(spec["hidden"])
        self.vocab = int(spec["vocab"])
        self.tied = bool(spec["tie_embeddings"])
        self.emulate_tf1 = accumulation == "tf1"
        self.dropout = float(spec["dropout"])
        self._drop = _Untracked(Dropout(seed))
        h, heads, f, d = self.hidden, int(spec["heads"]), int(spec["filter"]), self.dropout
        init = tf.keras.initializers.RandomNormal(0.0, h**-0.5)
        self.sharded, self.group = sharded, group
        if sharded is not None and self.tied:
            raise ValueError("a sharded embedding needs an untied model")
        if sharded is not None and group is not None:
            raise ValueError("a sharded embedding is not defined on a mesh")
        # a mesh: this rank's contiguous ids [first, first + rows) of the vocabulary
        self.first, rows = 0, self.vocab
        if group is not None:
            self.first, end = group.vocab_range(self.vocab)
            rows = end - self.first
        elif sharded is not None:
            rows = sharded.rows(self.vocab)

        def table(shape, dtype=None):
            whole = tf.random.stateless_normal([self.vocab, h], [table_seed, 0]) * h**-0.5
            if sharded is not None:
                return sharded.shard_of(whole)
            return whole[self.first : self.first + rows]

        name = "embedding/shared_weights" if sharded is None else sharded.variable_name
        self.embedding = self.add_weight(name, [rows, h], initializer=table)
        self.softmax_weights = None
        if not self.tied:
            # the whole vocabulary, or a mesh rank's range of it (a row-sharded input table
            # leaves the projection whole)
            softmax_rows, softmax_init = self.vocab, init
            if group is not None:
                softmax_rows = rows
                part = list(range(self.first, self.first + rows))
                softmax_init = mp.SliceOf(init, [self.vocab, h], 0, part)
            self.softmax_weights = self.add_weight(
                "softmax/weights", [softmax_rows, h], initializer=softmax_init
            )
        g = group
        self.encoder = [
            (
                Residual(SelfAttention(h, heads, d, g), d, name=f"enc{i}_self"),
                Residual(FeedForward(h, f, d, g), d, name=f"enc{i}_ffn"),
            )
            for i in range(int(spec["enc_layers"]))
        ]
        self.decoder = [
            (
                Residual(SelfAttention(h, heads, d, g), d, name=f"dec{i}_self"),
                Residual(CrossAttention(h, heads, d, g), d, name=f"dec{i}_encdec"),
                Residual(FeedForward(h, f, d, g), d, name=f"dec{i}_ffn"),
            )
            for i in range(int(spec["dec_layers"]))
        ]
        if group is not None:
            split = _Untracked(Dropout(split_seed))
            for layer in [*self.encoder, *self.decoder]:
                for residual in layer:
                    residual.sublayer.split_drop = split
        self.enc_norm = LayerNorm(epsilon=1e-6, name="enc_norm")
        self.dec_norm = LayerNorm(epsilon=1e-6, name="dec_norm")

    def split_variables(self) -> list:
        """The weights a mesh splits over the model group (each rank holds its part): the
        vocabulary shards, each attention's projections and the feed-forward kernels (and
        the inner bias). Empty without a mesh."""
        if self.group is None:
            return []
        out = [self.embedding] + ([] if self.tied else [self.softmax_weights])
        for layer in [*self.encoder, *self.decoder]:
            for residual in layer:
                sub = residual.sublayer
                if isinstance(sub, FeedForward):
                    out += [sub.inner.kernel, sub.inner.bias, sub.outer.kernel]
                else:
                    parts = [sub.qkv] if sub.self_attention else [sub.q, sub.kv]
                    out += [p.kernel for p in parts] + [sub.o.kernel]
        return out

    def input_rows(self, src, shifted):
        """The input embedding's fp32 rows of both sides' ids: local gathers, or one exchange
        with the rows' owners when the table is sharded."""
        if self.sharded is not None:
            return self.sharded.lookup(self.embedding, [src, shifted])
        if self.group is not None:
            return self._vocab_parallel_rows(src), self._vocab_parallel_rows(shifted)
        return tf.gather(self.embedding, src), tf.gather(self.embedding, shifted)

    def _vocab_parallel_rows(self, ids):
        """Each rank gathers the ids its vocabulary shard holds (zeros for the others), the
        group sums: every rank gets every row. The gradient goes back to each rank's own rows
        (IndexedSlices of all the slots, zero where another rank owns the id)."""
        rows = int(self.embedding.shape[0])
        local, inside = mp.local_ids(ids, self.first, rows)
        found = tf.gather(self.embedding, local)
        # the table reads as fp32 in loss_sum and in the compute dtype inside a Keras call
        # (mixed_bfloat16 autocasts there: the model's first, building call)
        return self.group.reduce(found * tf.cast(inside, found.dtype)[..., None])

    def embed(self, rows, ids):
        # The gather read the fp32 variable, so its gradient stays IndexedSlices (of fp32
        # rows); the cast gives the compute dtype (bf16 under mixed_bfloat16). Explicit casts:
        # Keras's automatic ones act only inside a layer's __call__, and loss_sum is not one.
        x = tf.cast(rows, self.compute_dtype)
        mask = tf.cast(tf.not_equal(ids, 0), x.dtype)
        return x * tf.expand_dims(mask, -1) * tf.cast(self.hidden**0.5, x.dtype)

    def projection_weights(self):
        w = self.embedding if self.tied else self.softmax_weights
        if self.tied and self.emulate_tf1:
            # TF 1.x turned this dense gradient into IndexedSlices over every row: read the
            # weights through a gather of all row ids so TF 2 produces exactly that.
            w = tf.gather(w, tf.range(int(w.shape[0]), dtype=tf.int64))
        return tf.cast(w, self.compute_dtype)

    def decode(self, src, tgt, training=False):
        """The decoder's final states [b, Lt, H] (before the pre-softmax projection)."""
        drop = self._drop.value
        pad_bias = tf.cast(tf.equal(src, 0), tf.float32)[:, None, None, :] * -1e9
        # Decoder input: targets shifted right by one (pad in front).
        shifted = tf.pad(tgt, [[0, 0], [1, 0]])[:, :-1]
        src_rows, tgt_rows = self.input_rows(src, shifted)
        x = self.embed(src_rows, src)
        x += tf.cast(positional_encoding(tf.shape(src)[1], self.hidden), x.dtype)
        if training and self.dropout:
            x = drop(x, self.dropout)
        for attn, ffn in self.encoder:
            x = attn(x, pad_bias, training=training, drop=drop)
            x = ffn(x, training=training, drop=drop)
        memory = self.enc_norm(x)

        y = self.embed(tgt_rows, shifted)
        length = tf.shape(tgt)[1]
        y += tf.cast(positional_encoding(length, self.hidden), y.dtype)
        if training and self.dropout:
            y = drop(y, self.dropout)
        causal = tf.linalg.band_part(tf.ones([length, length]), -1, 0)
        causal_bias = (1.0 - causal)[None, None] * -1e9
        for self_attn, encdec, ffn in self.decoder:
            y = self_attn(y, causal_bias, training=training, drop=drop)
            y = encdec(y, memory, pad_bias, training=training, drop=drop)
            y = ffn(y, training=training, drop=drop)
        return self.dec_norm(y)

    def call(self, inputs, training=False):
        """Logits [b, Lt, V] of every target slot, pads included (float32)."""
        src, tgt = inputs
        y = self.decode(src, tgt, training)
        flat = tf.reshape(y, [-1, self.hidden])
        if self.group is not None:  # this rank's vocabulary columns
            flat = self.group.copy(flat)
        w = self.projection_weights()
        logits = tf.matmul(flat, w, transpose_b=True)
        return tf.reshape(tf.cast(logits, tf.float32), [tf.shape(tgt)[0], -1, int(w.shape[0])])

    def loss_sum(self, src, tgt, training=True):
        """Sum of the label-smoothed cross entropy over non-pad target tokens of
        `self((src, tgt))`'s logits, without the pre-softmax projection of pad slots: the loss
        weighs them 0, so they add nothing to the loss or to any gradient, and at ~10% pads
        they cost ~3% of the step's FLOPs. The tf1 emulation still reads every vocabulary row
        (its V-row IndexedSlices does not depend on the positions)."""
        y = self.decode(src, tgt, training)
        flat = tf.reshape(y, [-1, self.hidden])
        labels = tf.reshape(tgt, [-1])
        real = tf.reshape(tf.where(tf.not_equal(labels, 0)), [-1])
        # The projection in the compute dtype (bf16 under mixed_bfloat16: oneDNN accumulates
        # in fp32 and rounds each logit once), the softmax and loss in fp32, as Keras's mixed
        # precision and the Model Garden Transformer do. An fp32 projection made bf16's step on
        # base 14-27% longer (1.87-2.08 s against 1.60-1.65 s); bf16 logits did not hold the
        # translate task's loss up (test_trainer_mpi.py; 2 seeds x oneDNN on/off: bf16 at most
        # 0.4% above fp32).
        hidden = tf.gather(flat, real)
        if self.group is not None:
            # the group's vocabulary-parallel projection and cross entropy: logits never
            # gathered (trainer/mesh.py)
            hidden = self.group.copy(hidden)
        logits = tf.matmul(hidden, self.projection_weights(), transpose_b=True)
        logits = tf.cast(logits, tf.float32)
        if self.group is not None:
            return parallel_xent_sum(logits, tf.gather(labels, real), self.group, self.vocab)
        return token_xent_sum(logits, tf.gather(labels, real))


def smoothing_terms(vocab, smoothing: float):
    """(confidence, low, floor) of label smoothing over the WHOLE vocabulary (a mesh's
    shard passes V, not its V / M)."""
    vocab_f = tf.cast(vocab, tf.float32)
    confidence = 1.0 - smoothing
    low = smoothing / (vocab_f - 1.0)
    floor = -(confidence * math.log(confidence) + (vocab_f - 1.0) * low * tf.math.log(low + 1e-20))
    return confidence, low, floor


def token_xent_sum(logits, labels, smoothing: float = 0.1):
    """Sum over the given tokens (logits [T, V], labels [T], none of them pads) of the
    label-smoothed cross entropy minus its minimum: the value and gradient of
    `softmax_cross_entropy_with_logits` on one-hot labels (confidence 1 - s, s / (V - 1)
    elsewhere), without building the [T, V] label tensor. With q the smoothed labels,
    xent = logsumexp(z) - (conf - low) z_label - low sum(z), and d xent / dz = softmax(z) - q.
    Fewer passes over the [T, V] logits (each 276 MB on `base` at 2,048 tokens): on that batch
    the projection, loss and their gradients took 0.52 s against 0.62 s with the one-hot op."""
    confidence, low, floor = smoothing_terms(tf.shape(logits)[-1], smoothing)

    @tf.custom_gradient
    def xent_sum(z):
        top = tf.reduce_max(z, axis=1, keepdims=True)
        e = tf.exp(z - top)
        total = tf.reduce_sum(e, axis=1, keepdims=True)
        lse = top[:, 0] + tf.math.log(total[:, 0])
        label_logit = tf.gather(z, labels, batch_dims=1)
        xent = lse - (confidence - low) * label_logit - low * tf.reduce_sum(z, axis=1)
        # the label positions, built now so the backward pass keeps e, not z
        at = tf.stack([tf.range(tf.shape(z, out_type=labels.dtype)[0]), labels], axis=1)

        def grad(upstream):
            dz = e * (upstream / total) - upstream * low
            step = tf.fill(tf.shape(labels), upstream * (confidence - low))
            return tf.tensor_scatter_nd_sub(dz, at, step)

        return tf.reduce_sum(xent - floor), grad

    return xent_sum(logits)


def parallel_xent_sum(logits, labels, group: mp.ModelGroup, vocab: int, smoothing: float = 0.1):
    """model.token_xent_sum over a vocabulary split across the group: logits [T, V/M] are
    this rank's columns and are never gathered. The group allreduces the row max (no gradient
    flows through it), then in one call the sum of exponentials, the target logit (each rank
    contributes the labels it owns) and the sum of the logits (label smoothing). The smoothing
    constants use the whole vocabulary V. Every rank of the group gets the whole loss; each
    backpropagates into its own columns only (softmax - smoothed labels, no collective)."""
    confidence, low, floor = smoothing_terms(vocab, smoothing)
    first, _ = group.vocab_range(vocab)
    count = vocab // group.model
    local, inside = mp.local_ids(labels, first, count)

    @tf.custom_gradient
    def xent_sum(z):
        top = group.max(tf.reduce_max(z, axis=1))
        e = tf.exp(z - top[:, None])
        picked = tf.gather(z, local, batch_dims=1) * tf.cast(inside, z.dtype)
        sums = group.sum(tf.stack([tf.reduce_sum(e, axis=1), picked, tf.reduce_sum(z, axis=1)]))
        total, label_logit, zsum = sums[0], sums[1], sums[2]
        lse = top + tf.math.log(total)
        xent = lse - (confidence - low) * label_logit - low * zsum
        at = tf.stack([tf.range(tf.shape(z, out_type=labels.dtype)[0]), local], axis=1)

        def grad(upstream):
            dz = e * (upstream / total[:, None]) - upstream * low
            step = tf.where(inside, upstream * (confidence - low), 0.0)
            return tf.tensor_scatter_nd_sub(dz, at, step)

        return tf.reduce_sum(xent - floor), grad

    return xent_sum(logits)


def parameter_count(model: tf.keras.Model) -> int:
    return int(sum(np.prod(v.shape) for v in model.trainable_variables))
