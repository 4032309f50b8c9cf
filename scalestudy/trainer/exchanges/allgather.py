"""`allgather`, the paper's sparse path: Horovod's `allreduce` of an IndexedSlices runs two
allgathers (values and indices), what `hvd.DistributedGradientTape(tape)` does: every rank
receives every rank's rows, N x R_r x (4H + 8) bytes."""

from __future__ import annotations

import tensorflow as tf

from scalestudy.cost_models import comm_model, strategies
from scalestudy.trainer.exchanges.base import GradientExchange, SparseBytes


class AllgatherExchange(GradientExchange):
    strategy = strategies.get("allgather")

    def sparse(self, i: int, g: tf.IndexedSlices):
        entry = ("allgather", g.values.dtype.size, g.indices.dtype.size, g.values.dtype.name)
        if self.alone:
            # one rank: the average over one is the gradient itself (see `alone`)
            count = tf.shape(g.values, out_type=tf.int64)[:1]
            return g, tf.concat([count, tf.shape(g.values, out_type=tf.int64)], 0), entry
        hvd = self.hvd
        values = tf.identity(g.values, name=f"grad{i}_values")
        indices = tf.identity(g.indices, name=f"grad{i}_indices")
        r = hvd.allreduce(
            tf.IndexedSlices(values, indices, g.dense_shape),
            op=hvd.Average,
            process_set=self.process_set,
        )
        # 8 bytes a rank, so the wire model can be exact. The count is a tensor of the step
        # (never a traced constant: a constant lets graph optimisation run the op on one rank
        # alone, shifting it one collective ahead of the others).
        count = tf.shape(values, out_type=tf.int64)[:1]
        rows = hvd.allgather(count, name=f"grad{i}_rows", process_set=self.process_set)
        return r, tf.concat([rows, tf.shape(r.values, out_type=tf.int64)], 0), entry

    def sparse_volume(self, i, obs, entry, lookups) -> SparseBytes:
        size, rank = self.size, self.rank
        _, item, index_item, _ = entry
        per_rank, (rows, width) = obs[:size], obs[size:]
        if rows != sum(per_rank):
            raise RuntimeError(
                f"gradient {i}: Horovod returned {rows} rows, the ranks sent "
                f"{sum(per_rank)} ({per_rank})"
            )
        out = SparseBytes(
            rows * (item * width + index_item),
            {"form": "indexed_slices", "rows": per_rank[rank], "width": width},
            rows_per_rank=per_rank,
        )
        # Two ring allgatherv (values, indices) and the row counts' own allgather.
        for per_row in (item * width, index_item):
            s, rc = comm_model.ring_allgatherv_wire([n * per_row for n in per_rank], rank)
            out.sent_allgather, out.received = out.sent_allgather + s, out.received + rc
        s, rc = comm_model.ring_allgatherv_wire([8] * size, rank)
        out.sent_allgather, out.received = out.sent_allgather + s, out.received + rc
        return out
