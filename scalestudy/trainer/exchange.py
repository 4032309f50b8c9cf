"""The gradient exchange through Horovod, with the communication volume read off the tensors.

This is what `hvd.DistributedGradientTape(tape, sparse_as_dense=...)` does, split into phases so
each can be timed and measured: with `sparse_as_dense` every IndexedSlices gradient is converted
to a dense tensor (timed as compute) and allreduced; otherwise Horovod's `allreduce` of an
IndexedSlices runs two allgathers (values and indices). Gradients of several micro-batches are
accumulated first, so there is one exchange per step: dense ones are summed, IndexedSlices are
concatenated (never summed, as TF 1.x did).
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


class GradientExchange:
    def __init__(self, hvd, variables: list, embedding_var, sparse_as_dense: bool):
        self.hvd = hvd
        self.size, self.rank = hvd.size(), hvd.rank()
        self.variables = variables
        self.embedding_index = next(i for i, v in enumerate(variables) if v is embedding_var)
        self.sparse_as_dense = sparse_as_dense
        self.densify = tf.function(self._densify, reduce_retracing=True, autograph=False)
        self._fn = None
        self._sparse: list[bool] = []

    @staticmethod
    def _densify(grads):
        return [tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g for g in grads]

    def _build(self, grads) -> None:
        """One trace with the row dimension left open. Retraces must not happen: a trace with a
        static row count turns the count into a constant, and graph optimisation then runs the
        Horovod op on that rank alone, shifting it one collective ahead of the others."""
        self._sparse = [isinstance(g, tf.IndexedSlices) for g in grads]
        specs = []
        for g in grads:
            if isinstance(g, tf.IndexedSlices):
                width = g.values.shape[1:]
                specs += [
                    tf.TensorSpec([None, *width], g.values.dtype),
                    tf.TensorSpec([None], g.indices.dtype),
                    tf.TensorSpec([2], tf.int64),
                    tf.TensorSpec([1], tf.int64),
                ]
            else:
                specs.append(tf.TensorSpec(g.shape, g.dtype))
        specs.append(tf.TensorSpec([3], tf.float32))
        self._fn = tf.function(self._exchange, input_signature=specs, autograph=False)

    def exchange(self, grads, control):
        if self._fn is None:
            self._build(grads)
        flat = []
        for g in grads:
            if isinstance(g, tf.IndexedSlices):
                flat += [
                    g.values,
                    g.indices,
                    tf.cast(g.dense_shape, tf.int64),
                    tf.constant([g.values.shape[0]], tf.int64),
                ]
            else:
                flat.append(g)
        out = self._fn(*flat, control)
        return out[0], out[1], out[2]

    def _exchange(self, *flat):
        # Horovod matches collectives across ranks by name, and its IndexedSlices path names the
        # allgathers after the input tensors: name everything explicitly.
        hvd = self.hvd
        reduced, rows = [], []
        it = iter(flat)
        for i, sparse in enumerate(self._sparse):
            if sparse:
                values, indices, dense_shape, count = (next(it) for _ in range(4))
                g = tf.IndexedSlices(
                    tf.identity(values, name=f"grad{i}_values"),
                    tf.identity(indices, name=f"grad{i}_indices"),
                    dense_shape,
                )
                reduced.append(hvd.allreduce(g, op=hvd.Average))
                # Each rank's row count: 8 bytes per rank, so the wire model can be exact.
                rows.append(hvd.allgather(count, name=f"grad{i}_rows"))
            else:
                reduced.append(hvd.allreduce(next(it), op=hvd.Average, name=f"grad{i}"))
        control = hvd.allreduce(next(it), op=hvd.Sum, name="control")
        return reduced, rows, control

    def volume(self, sent: list, reduced: list, rows: list) -> ExchangeVolume:
        """Bytes from the tensors handed to and returned by Horovod (shapes and dtypes)."""
        size, rank = self.size, self.rank
        logical_total = 0
        dense_bytes = 0
        wire_sent = wire_recv = 0.0
        rows_iter = iter(rows)
        emb_logical, emb_form, emb_rows = 0, {}, None
        for i, (g, r) in enumerate(zip(sent, reduced, strict=True)):
            if isinstance(r, tf.IndexedSlices):
                per_rank = [int(x) for x in next(rows_iter).numpy()]
                width = int(np.prod(r.values.shape[1:]))
                nbytes = (
                    r.values.dtype.size * r.values.shape.num_elements()
                    + r.indices.dtype.size * r.indices.shape.num_elements()
                )
                # Two ring allgatherv: values (4H bytes a row) and indices (8 bytes a row).
                for item in (r.values.dtype.size * width, r.indices.dtype.size):
                    s, rc = comm_model.ring_allgatherv_wire([n * item for n in per_rank], rank)
                    wire_sent, wire_recv = wire_sent + s, wire_recv + rc
                wire_sent += comm_model.ring_allgatherv_wire([8] * size, rank)[0]
                wire_recv += comm_model.ring_allgatherv_wire([8] * size, rank)[1]
                if i == self.embedding_index:
                    emb_form = {
                        "form": "indexed_slices",
                        "rows": int(g.values.shape[0]),
                        "width": width,
                    }
                    emb_rows = per_rank
            else:
                nbytes = r.dtype.size * r.shape.num_elements()
                dense_bytes += nbytes
                if i == self.embedding_index:
                    emb_form = {"form": "dense", "shape": list(r.shape)}
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
        )
