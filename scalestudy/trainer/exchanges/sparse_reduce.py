"""`sparse_reduce`, a reduction by row owner. Each rank de-duplicates its rows (R_r -> U_r),
sends each row to the rank that owns its id (id mod N) in one `hvd.alltoall` with uneven splits
(values and the int64 id packed into one float tensor), each owner sums what it received per
id, and the owners' reduced rows are allgathered, so every rank holds the same U rows (the union
of the ids) and applies the same update. Averaged as Horovod averages IndexedSlices: summed,
then divided by N. The counts it returns: [R_r, U_r, O_r, U, H], the rows sent to each rank,
the rows received from each rank, the rows each rank owned (counted in the gathered result)."""

from __future__ import annotations

import tensorflow as tf

from scalestudy.cost_models import comm_model, strategies
from scalestudy.trainer.exchanges.base import GradientExchange, SparseBytes


def _ids_as_values(ids: tf.Tensor, dtype: tf.DType) -> tf.Tensor:
    """int64 ids [n] -> [n, 8 / itemsize] columns of `dtype` holding the same bytes (a bitcast:
    only copied, never computed with, until `_values_as_ids` turns them back)."""
    per = 8 // dtype.size
    return tf.reshape(tf.bitcast(ids, dtype), [-1, per])


def _values_as_ids(columns: tf.Tensor) -> tf.Tensor:
    if columns.dtype.size == 8:
        columns = columns[:, 0]
    return tf.bitcast(columns, tf.int64)


class SparseReduceExchange(GradientExchange):
    strategy = strategies.get("sparse_reduce")

    def sparse(self, i: int, g: tf.IndexedSlices):
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
        entry = ("sparse_reduce", dtype.size, 8, dtype.name)
        return tf.IndexedSlices(averaged, shared_ids, g.dense_shape), observed, entry

    def sparse_volume(self, i, obs, entry, lookups) -> SparseBytes:
        size, rank = self.size, self.rank
        _, item, index_item, _ = entry
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
        nbytes = comm_model.logical_sparse_reduce_bytes(union, width, item)
        if (item * width + index_item) * union != nbytes:  # a packed row: values and the id
            raise RuntimeError(f"gradient {i}: {union} rows are not {nbytes} bytes")
        a2a, ag = comm_model.sparse_reduce_wire(sent, received, owners, rank, width, item)
        return SparseBytes(
            nbytes,
            {
                "form": "indexed_slices",
                "exchange": self.strategy.name,
                "rows": rows,
                "width": width,
            },
            sent_allgather=ag[0],
            sent_alltoall=a2a[0],
            received=ag[1] + a2a[1],
            counts={
                strategies.UNIQUE_ROWS: unique,
                strategies.UNION_ROWS: union,
                strategies.ALLTOALL_WIRE: a2a[0],
            },
            detail={
                "owned_rows": owned,
                "sent_rows": sent,
                "received_rows": received,
                "owned_rows_per_rank": owners,
            },
        )
