"""The gradient exchange through Horovod, with the communication volume read off the tensors.

This is what `hvd.DistributedGradientTape(tape, sparse_as_dense=...)` does: with
`sparse_as_dense` every IndexedSlices gradient is converted to a dense tensor and allreduced;
otherwise Horovod's `allreduce` of an IndexedSlices runs two allgathers (values and indices).
`collectives()` builds those ops inside the caller's graph: the overlapped step calls it in the
same compiled function as the backward pass, so each collective is enqueued as soon as its
gradient exists and Horovod's background thread fuses and runs them while the rest of the
backward pass computes. `phased()` runs the same ops as a function of their own, for the
`timing: phases` diagnosis. Gradients of several micro-batches are accumulated first, so there is
one exchange per step: dense ones are summed, IndexedSlices are concatenated (never summed, as
TF 1.x did).

What goes into the byte figures is returned by the collectives themselves: every rank's row count
(allgathered, 8 bytes a rank) and the shape of every reduced tensor.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import tensorflow as tf

from scalestudy.contract import comm_model


def accumulate(acc: list | None, grads: list) -> list:
    if acc is None:
        return list(grads)
    out = []
    for a, g in zip(acc, grads, strict=True):
        if isinstance(a, tf.IndexedSlices):
            out.append(
                tf.IndexedSlices(
                    tf.concat([a.values, g.values], 0),
                    tf.concat([a.indices, g.indices], 0),
                    a.dense_shape,
                )
            )
        else:
            out.append(a + g)
    return out


def densify(grads: list) -> list:
    """sparse_as_dense, as Horovod does it: IndexedSlices -> dense tensors."""
    return [tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g for g in grads]


@dataclass
class ExchangeVolume:
    """Bytes of one step's exchange, for this rank."""

    logical_total: int  # every gradient's buffer after its collective
    logical_embedding: int
    embedding_form: dict  # {"form": "indexed_slices", "rows": R, "width": H} or dense shape
    rows_per_rank: list[int] | None  # embedding rows each rank contributed (sparse path)
    wire_sent: float  # ring-algorithm model, all collectives
    wire_recv: float
    wire_sent_allgather: float  # of which the IndexedSlices allgathers (values, indices, counts)
    wire_sent_allreduce: float  # of which the (fused) dense allreduces
    grad_dtypes: list[str]  # dtypes of the exchanged tensors (values for IndexedSlices)


class GradientExchange:
    def __init__(self, hvd, variables: list, embedding_var, sparse_as_dense: bool):
        self.hvd = hvd
        self.size, self.rank = hvd.size(), hvd.rank()
        self.variables = variables
        self.embedding_index = next(i for i, v in enumerate(variables) if v is embedding_var)
        self.sparse_as_dense = sparse_as_dense
        self.densify = tf.function(densify, reduce_retracing=True, autograph=False)
        self._phased_fn = None
        # Filled while tracing (static facts of the exchanged tensors): per gradient,
        # (sparse?, item bytes of values or of the dense tensor, item bytes of indices, dtype)
        self.layout: list[tuple[bool, int, int, str]] = []

    # -- the collectives, in the caller's graph --------------------------------------------

    def collectives(self, grads: list, control: tf.Tensor):
        """Hand every gradient to Horovod. Returns (reduced, observed, agreed): the averaged
        gradients, per gradient the figures the byte accounting reads (every rank's row count
        and the reduced values' shape for IndexedSlices, the reduced shape for dense tensors),
        and the summed control vector."""
        hvd = self.hvd
        reduced, observed, layout = [], [], []
        for i, g in enumerate(grads):
            # Horovod matches collectives across ranks by name, and its IndexedSlices path names
            # the allgathers after the input tensors: name everything explicitly.
            if isinstance(g, tf.IndexedSlices):
                values = tf.identity(g.values, name=f"grad{i}_values")
                indices = tf.identity(g.indices, name=f"grad{i}_indices")
                r = hvd.allreduce(tf.IndexedSlices(values, indices, g.dense_shape), op=hvd.Average)
                # 8 bytes a rank, so the wire model can be exact. The count is a tensor of the
                # step (never a traced constant: a constant lets graph optimisation run the op
                # on one rank alone, shifting it one collective ahead of the others).
                count = tf.shape(values, out_type=tf.int64)[:1]
                rows = hvd.allgather(count, name=f"grad{i}_rows")
                observed.append(tf.concat([rows, tf.shape(r.values, out_type=tf.int64)], 0))
                layout.append(
                    (True, g.values.dtype.size, g.indices.dtype.size, g.values.dtype.name)
                )
            else:
                r = hvd.allreduce(g, op=hvd.Average, name=f"grad{i}")
                observed.append(tf.shape(r, out_type=tf.int64))
                layout.append((False, g.dtype.size, 0, g.dtype.name))
            reduced.append(r)
        self.layout = layout
        agreed = hvd.allreduce(control, op=hvd.Sum, name="control")
        return reduced, observed, agreed

    # -- the same, as a function of its own (timing: phases) -------------------------------

    def phased(self, grads: list, control: tf.Tensor):
        if self._phased_fn is None:
            self._phased_fn = self._build_phased(grads)
        flat = []
        for g in grads:
            if isinstance(g, tf.IndexedSlices):
                flat += [g.values, g.indices, tf.cast(g.dense_shape, tf.int64)]
            else:
                flat.append(g)
        return self._phased_fn(*flat, control)

    def _build_phased(self, grads):
        """One trace with the row dimension left open: a retrace with a static row count would
        turn the count into a constant (see `collectives`)."""
        sparse = [isinstance(g, tf.IndexedSlices) for g in grads]
        specs = []
        for g in grads:
            if isinstance(g, tf.IndexedSlices):
                specs += [
                    tf.TensorSpec([None, *g.values.shape[1:]], g.values.dtype),
                    tf.TensorSpec([None], g.indices.dtype),
                    tf.TensorSpec([2], tf.int64),
                ]
            else:
                specs.append(tf.TensorSpec(g.shape, g.dtype))
        specs.append(tf.TensorSpec([3], tf.float32))

        def run(*flat):
            it = iter(flat)
            rebuilt = [
                tf.IndexedSlices(next(it), next(it), next(it)) if s else next(it) for s in sparse
            ]
            return self.collectives(rebuilt, next(it))

        return tf.function(run, input_signature=specs, autograph=False)

    # -- bytes -------------------------------------------------------------------------------

    def volume(self, observed: list) -> ExchangeVolume:
        """Bytes from what the collectives returned (row counts, shapes) and the dtypes of the
        tensors handed to them."""
        size, rank = self.size, self.rank
        logical_total = dense_bytes = 0
        wire_sent = wire_recv = 0.0
        emb_logical, emb_form, emb_rows = 0, {}, None
        for i, (obs, (sparse, item, index_item, _)) in enumerate(
            zip(observed, self.layout, strict=True)
        ):
            obs = [int(x) for x in np.asarray(obs)]
            if sparse:
                per_rank, (rows, width) = obs[:size], obs[size:]
                if rows != sum(per_rank):
                    raise RuntimeError(
                        f"gradient {i}: Horovod returned {rows} rows, the ranks sent "
                        f"{sum(per_rank)} ({per_rank})"
                    )
                nbytes = rows * (item * width + index_item)
                # Two ring allgatherv (values, indices) and the row counts' own allgather.
                for per_row in (item * width, index_item):
                    s, rc = comm_model.ring_allgatherv_wire([n * per_row for n in per_rank], rank)
                    wire_sent, wire_recv = wire_sent + s, wire_recv + rc
                s, rc = comm_model.ring_allgatherv_wire([8] * size, rank)
                wire_sent, wire_recv = wire_sent + s, wire_recv + rc
                if i == self.embedding_index:
                    emb_form = {"form": "indexed_slices", "rows": per_rank[rank], "width": width}
                    emb_rows = per_rank
            else:
                nbytes = item * int(np.prod(obs))
                dense_bytes += nbytes
                if i == self.embedding_index:
                    emb_form = {"form": "dense", "shape": obs}
            logical_total += nbytes
            if i == self.embedding_index:
                emb_logical = nbytes
        # Horovod fuses the dense allreduces into buffers; a ring moves 2(N-1)/N of them.
        s, rc = comm_model.ring_allreduce_wire(dense_bytes + 12, size)  # + the control vector
        return ExchangeVolume(
            logical_total,
            emb_logical,
            emb_form,
            emb_rows,
            wire_sent + s,
            wire_recv + rc,
            wire_sent_allgather=wire_sent,
            wire_sent_allreduce=s,
            grad_dtypes=sorted({layout[3] for layout in self.layout}),
        )
