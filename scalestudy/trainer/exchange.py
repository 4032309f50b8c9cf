"""The gradient exchange through Horovod, with the communication volume read off the tensors.

Three methods for IndexedSlices gradients (the trainer key `exchange`; dense gradients are
always allreduced):
- `allgather`: Horovod's `allreduce` of an IndexedSlices runs two allgathers (values and
  indices), what `hvd.DistributedGradientTape(tape)` does: every rank receives every rank's rows.
- `allreduce`: `sparse_as_dense`, every IndexedSlices gradient is converted to a dense tensor
  and allreduced.
- `sparse_reduce`: a reduction by row owner. Each rank de-duplicates its rows (R_r -> U_r),
  sends each row to the rank that owns its id (id mod N) in one `hvd.alltoall` with uneven
  splits (values and the int64 index packed into one float tensor), each owner sums what it
  received per id, and the owners' reduced rows are allgathered, so every rank holds the same
  U rows (the union of the ids) and applies the same update. Averaged as Horovod averages
  IndexedSlices: summed, then divided by N.
- `sharded_embedding`: the input embedding is split by row over the ranks (sharded_embedding.py);
  its collectives run in the forward and backward passes, and the shard's gradient, already
  summed by its owner, is only divided by N here.
`collectives()` builds those ops inside the caller's graph: the overlapped step calls it in the
same compiled function as the backward pass, so each collective is enqueued as soon as its
gradient exists and Horovod's background thread fuses and runs them while the rest of the
backward pass computes. `phased()` runs the same ops as a function of their own, for the
`timing: phases` diagnosis. Gradients of several micro-batches are accumulated first, so there is
one exchange per step: dense ones are summed, IndexedSlices are concatenated (never summed, as
TF 1.x did).

`compression: fp16` is Horovod's `Compression.fp16`, as `hvd.allreduce` applies it: every
allreduced floating tensor (the dense gradients, the densified embedding) is cast to float16 for
its collective and back to its own dtype after it. Rows that travel by allgather or alltoall (the
paper's sparse path, sparse_reduce, the sharded embedding) stay in their dtype, as Horovod leaves
IndexedSlices uncompressed. The byte figures read the tensors handed to Horovod, so they follow
with no formula changed.

What goes into the byte figures is returned by the collectives themselves: every rank's row count
(allgathered, 8 bytes a rank) and the shape of every reduced tensor; for `sparse_reduce` the
rows before and after de-duplication, the splits sent and received by the alltoall and the
owners' row counts, counted in the gathered result.
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


def _ids_as_values(ids: tf.Tensor, dtype: tf.DType) -> tf.Tensor:
    """int64 ids [n] -> [n, 8 / itemsize] columns of `dtype` holding the same bytes (a bitcast:
    only copied, never computed with, until `_values_as_ids` turns them back)."""
    per = 8 // dtype.size
    return tf.reshape(tf.bitcast(ids, dtype), [-1, per])


def _values_as_ids(columns: tf.Tensor) -> tf.Tensor:
    if columns.dtype.size == 8:
        columns = columns[:, 0]
    return tf.bitcast(columns, tf.int64)


@dataclass
class ExchangeVolume:
    """Bytes of one step's exchange, for this rank."""

    logical_total: int  # every gradient's buffer after its collective
    logical_embedding: int
    # {"form": "indexed_slices", "rows": R, "width": H} (sparse_reduce adds its row counts) or
    # {"form": "dense", "shape": [V, H]}
    embedding_form: dict
    rows_per_rank: list[int] | None  # embedding rows each rank contributed (allgather path)
    wire_sent: float  # ring-algorithm model, all collectives
    wire_recv: float
    wire_sent_allgather: float  # of which the IndexedSlices allgathers (values, indices, counts)
    wire_sent_allreduce: float  # of which the (fused) dense allreduces
    grad_dtypes: list[str]  # dtypes of the exchanged tensors (values for IndexedSlices)
    # of which the alltoalls (splits and rows) of sparse_reduce or the sharded embedding
    wire_sent_alltoall: float = 0.0


class GradientExchange:
    def __init__(self, hvd, variables: list, embedding_var, method: str, compression: str = "none"):
        if method not in ("allgather", "allreduce", "sparse_reduce", "sharded_embedding"):
            raise ValueError(f"unknown exchange {method!r}")
        if compression not in ("none", "fp16"):
            raise ValueError(f"unknown compression {compression!r}")
        # the dtype allreduced floating gradients travel in (None: their own)
        self.wire_dtype = tf.float16 if compression == "fp16" else None
        self.hvd = hvd
        self.size, self.rank = hvd.size(), hvd.rank()
        # One rank alone: the paper's two exchanges call no collective, as Horovod's own
        # DistributedOptimizer and DistributedGradientTape skip them at size 1
        # (`_allreduce_cond`); the figures are those a collective over one rank returns.
        self.alone = self.size == 1
        self.variables = variables
        self.embedding_index = next(i for i, v in enumerate(variables) if v is embedding_var)
        self.method = method
        self.densifies = method == "allreduce"  # sparse_as_dense: densify before the exchange
        self.densify = tf.function(densify, reduce_retracing=True, autograph=False)
        self._phased_fn = None
        # Filled while tracing (static facts of the exchanged tensors): per gradient,
        # (how it went: allgather | sparse_reduce | dense, item bytes of values or of the dense
        # tensor, item bytes of indices, dtype)
        self.layout: list[tuple[str, int, int, str]] = []

    # -- the collectives, in the caller's graph --------------------------------------------

    def _wire(self, t: tf.Tensor) -> tf.Tensor:
        """An allreduced tensor as it travels: compressed when it is floating and compression
        is on (Horovod's compression acts on allreduces only)."""
        if self.wire_dtype is None or not t.dtype.is_floating or t.dtype == self.wire_dtype:
            return t
        return tf.cast(t, self.wire_dtype)

    def collectives(self, grads: list, control: tf.Tensor):
        """Hand every gradient to Horovod. Returns (reduced, observed, agreed): the averaged
        gradients, per gradient the figures the byte accounting reads (every rank's row count
        and the reduced values' shape for allgathered IndexedSlices, `_sparse_reduce`'s counts,
        the reduced shape for dense tensors), and the summed control vector."""
        hvd = self.hvd
        reduced, observed, layout = [], [], []
        for i, g in enumerate(grads):
            # Horovod matches collectives across ranks by name, and its IndexedSlices path names
            # the allgathers after the input tensors: name everything explicitly.
            if i == self.embedding_index and self.method == "sharded_embedding":
                # The owner's rows, summed over the ranks by the backward pass's alltoall:
                # averaged as Horovod would (sum / N); nothing left to send.
                r = tf.IndexedSlices(g.values / self.size, g.indices, g.dense_shape)
                observed.append(tf.shape(g.values, out_type=tf.int64))
                layout.append(("sharded", g.values.dtype.size, 0, g.values.dtype.name))
            elif isinstance(g, tf.IndexedSlices) and self.method == "sparse_reduce":
                r, obs = self._sparse_reduce(i, g)
                observed.append(obs)
                layout.append(("sparse_reduce", g.values.dtype.size, 8, g.values.dtype.name))
            elif isinstance(g, tf.IndexedSlices) and self.alone:
                # one rank: the average over one is the gradient itself (see `alone`)
                r = g
                count = tf.shape(g.values, out_type=tf.int64)[:1]
                observed.append(tf.concat([count, tf.shape(g.values, out_type=tf.int64)], 0))
                layout.append(
                    ("allgather", g.values.dtype.size, g.indices.dtype.size, g.values.dtype.name)
                )
            elif isinstance(g, tf.IndexedSlices):
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
                    ("allgather", g.values.dtype.size, g.indices.dtype.size, g.values.dtype.name)
                )
            elif self.alone:
                # see `alone`; Horovod skips the compression with the collective, the bytes
                # count the dtype the collective would move
                r = g
                observed.append(tf.shape(r, out_type=tf.int64))
                wire = self.wire_dtype if g.dtype.is_floating and self.wire_dtype else g.dtype
                layout.append(("dense", wire.size, 0, wire.name))
            else:
                sent = self._wire(g)
                r = hvd.allreduce(sent, op=hvd.Average, name=f"grad{i}")
                r = tf.cast(r, g.dtype) if r.dtype != g.dtype else r
                observed.append(tf.shape(r, out_type=tf.int64))
                layout.append(("dense", sent.dtype.size, 0, sent.dtype.name))
            reduced.append(r)
        self.layout = layout
        agreed = control if self.alone else hvd.allreduce(control, op=hvd.Sum, name="control")
        return reduced, observed, agreed

    def _sparse_reduce(self, i: int, g: tf.IndexedSlices):
        """Row-owner reduction of one IndexedSlices gradient (see the module's docstring).
        Returns the averaged IndexedSlices (U rows, each id once, in the same order on every
        rank) and the counts the byte accounting reads: [R_r, U_r, O_r, U, H], the rows sent
        to each rank, the rows received from each rank, the rows each rank owned (counted in
        the gathered result)."""
        hvd, n = self.hvd, self.size
        values, dtype = g.values, g.values.dtype
        width = values.shape[1]
        ids = tf.cast(g.indices, tf.int64)
        # 1. de-duplicate: R_r rows -> U_r unique ids (first-occurrence order), summed per id
        unique, where = tf.unique(ids, out_idx=tf.int32)
        local = tf.math.unsorted_segment_sum(values, where, tf.size(unique))
        # 2. to the owners: rows ordered by owner rank, values and id in one float tensor
        owner = tf.cast(unique % n, tf.int32)
        order = tf.argsort(owner, stable=True)
        splits = tf.math.bincount(owner, minlength=n, maxlength=n, dtype=tf.int32)
        packed = tf.concat(
            [tf.gather(local, order), _ids_as_values(tf.gather(unique, order), dtype)], 1
        )
        received, received_splits = hvd.alltoall(
            packed, splits=splits, name=f"grad{i}_sparse_reduce_to_owners"
        )
        # 3. each owner sums the rows it received per id (at most one per sending rank)
        got = _values_as_ids(received[:, width:])
        owned_ids, slot = tf.unique(got, out_idx=tf.int32)
        owned = tf.math.unsorted_segment_sum(received[:, :width], slot, tf.size(owned_ids))
        # 4. the owners' reduced rows to every rank
        shared = hvd.allgather(
            tf.concat([owned, _ids_as_values(owned_ids, dtype)], 1),
            name=f"grad{i}_sparse_reduce_from_owners",
        )
        shared_ids = _values_as_ids(shared[:, width:])
        # Horovod's average of IndexedSlices: the sum divided by the world size
        averaged = shared[:, :width] / tf.cast(n, dtype)
        owners = tf.math.bincount(
            tf.cast(shared_ids % n, tf.int32), minlength=n, maxlength=n, dtype=tf.int64
        )
        counts = tf.stack(
            [
                tf.shape(ids, out_type=tf.int64)[0],
                tf.size(unique, out_type=tf.int64),
                tf.size(owned_ids, out_type=tf.int64),
                tf.shape(shared, out_type=tf.int64)[0],
                tf.constant(width, tf.int64),
            ]
        )
        observed = tf.concat(
            [counts, tf.cast(splits, tf.int64), tf.cast(received_splits, tf.int64), owners], 0
        )
        return tf.IndexedSlices(averaged, shared_ids, g.dense_shape), observed

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

    def _sharded_volume(self, lookups: list, width: int, item: int):
        """Logical bytes, the step log's form, and the wire bytes sent and received of the
        sharded embedding's lookups (forward ids and rows, backward gradient rows)."""
        size, rank = self.size, self.rank
        ids = unique = served_total = logical = 0
        sent = recv = 0.0
        asked_per_owner, served_per_rank = [0] * size, [0] * size
        for obs in lookups:
            obs = [int(x) for x in np.asarray(obs)]
            count, u = obs[0], obs[1]
            asked, served = obs[2 : 2 + size], obs[2 + size : 2 + 2 * size]
            if sum(asked) != u:
                raise RuntimeError(f"sharded lookup: asked {sum(asked)} ids, {u} unique")
            ids, unique, served_total = ids + count, unique + u, served_total + sum(served)
            logical += comm_model.logical_sharded_embedding_bytes(u, sum(served), width, item)
            s, rc = comm_model.sharded_embedding_wire(asked, served, rank, width, item)
            sent, recv = sent + s, recv + rc
            asked_per_owner = [a + b for a, b in zip(asked_per_owner, asked, strict=True)]
            served_per_rank = [a + b for a, b in zip(served_per_rank, served, strict=True)]
        form = {
            "form": "sharded",
            "exchange": "sharded_embedding",
            "lookups": len(lookups),
            "ids": ids,
            "rows": ids,
            "width": width,
            "unique_rows": unique,
            "served_rows": served_total,
            "asked_rows_per_owner": asked_per_owner,
            "served_rows_per_rank": served_per_rank,
        }
        return logical, form, sent, recv

    def volume(self, observed: list, lookups: list = ()) -> ExchangeVolume:
        """Bytes from what the collectives returned (row counts, shapes) and the dtypes of the
        tensors handed to them; `lookups`: a sharded embedding's counts, one per lookup."""
        size, rank = self.size, self.rank
        logical_total = dense_bytes = 0
        wire_sent = wire_recv = alltoall_sent = 0.0
        emb_logical, emb_form, emb_rows = 0, {}, None
        for i, (obs, (kind, item, index_item, _)) in enumerate(
            zip(observed, self.layout, strict=True)
        ):
            obs = [int(x) for x in np.asarray(obs)]
            if kind == "allgather":
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
            elif kind == "sparse_reduce":
                (rows, unique, owned, union, width), rest = obs[:5], obs[5:]
                sent, received, owners = rest[:size], rest[size : 2 * size], rest[2 * size :]
                problems = [
                    f"{what} ({a} != {b})"
                    for what, a, b in (
                        ("rows sent vs unique rows", sum(sent), unique),
                        ("rows this rank owns vs its count in the result", owners[rank], owned),
                        ("gathered rows vs owners' rows", sum(owners), union),
                    )
                    if a != b
                ]
                if problems or owned > sum(received):
                    raise RuntimeError(f"gradient {i}: sparse_reduce counts disagree: {problems}")
                row = item * width + index_item  # a packed row: values and the 8-byte id
                nbytes = comm_model.logical_sparse_reduce_bytes(union, width, item)
                a2a, ag = comm_model.sparse_reduce_wire(sent, received, owners, rank, width, item)
                wire_sent, wire_recv = wire_sent + ag[0], wire_recv + ag[1]
                alltoall_sent += a2a[0]
                wire_recv += a2a[1]
                if row * union != nbytes:
                    raise RuntimeError(f"gradient {i}: {union} rows are not {nbytes} bytes")
                if i == self.embedding_index:
                    emb_form = {
                        "form": "indexed_slices",
                        "exchange": "sparse_reduce",
                        "rows": rows,
                        "width": width,
                        "unique_rows": unique,
                        "union_rows": union,
                        "owned_rows": owned,
                        "sent_rows": sent,
                        "received_rows": received,
                        "owned_rows_per_rank": owners,
                    }
            elif kind == "sharded":
                rows, width = obs
                nbytes, form, sent, recv = self._sharded_volume(lookups, width, item)
                if rows != form["served_rows"]:
                    raise RuntimeError(
                        f"gradient {i}: the shard received {rows} gradient rows, it served "
                        f"{form['served_rows']}"
                    )
                alltoall_sent += sent
                wire_recv += recv
                emb_form = form
            else:
                nbytes = item * int(np.prod(obs))
                dense_bytes += nbytes
                if i == self.embedding_index:
                    emb_form = {"form": "dense", "shape": obs}
            logical_total += nbytes
            if i == self.embedding_index:
                emb_logical = nbytes
        if emb_form.get("form") != "sharded" and lookups:
            raise RuntimeError("embedding lookups were exchanged but no shard gradient was seen")
        # Horovod fuses the dense allreduces into buffers; a ring moves 2(N-1)/N of them.
        s, rc = comm_model.ring_allreduce_wire(dense_bytes + 12, size)  # + the control vector
        return ExchangeVolume(
            logical_total,
            emb_logical,
            emb_form,
            emb_rows,
            wire_sent + alltoall_sent + s,
            wire_recv + rc,
            wire_sent_allgather=wire_sent,
            wire_sent_allreduce=s,
            grad_dtypes=sorted({layout[3] for layout in self.layout}),
            wire_sent_alltoall=alltoall_sent,
        )
