"""The input embedding split by row over the ranks (trainer `exchange: sharded_embedding`).

Rank r of N holds the rows whose id is r mod N (row id // N of its shard): ownership by id mod N
spreads a Zipfian vocabulary's frequent ids over the ranks, where blocks would put them all on
rank 0. A lookup of a rank's ids, inside the compiled step:
1. de-duplicate the ids (T -> U_r), order them by owner, and send each owner the ids it holds
   (`hvd.alltoall` with uneven splits; Horovod first exchanges the int32 splits);
2. every owner gathers the asked rows from its shard and sends them back (the reverse splits);
3. the backward pass sends each looked-up row's gradient to its owner the same way, so the
   owner's shard gradient is an IndexedSlices of the rows it served, summed over the ranks
   (ShardedEmbeddingExchange divides it by N as Horovod's average would; it is never
   exchanged again).
Per rank and lookup that is U_r ids and 2 x U_r rows of H floats moved, whatever V and N: the
bytes follow tokens x H. Only the input embedding can be split: a tied model's embedding is also
the pre-softmax projection, which every rank needs whole (`validate` refuses the pair), and the
softmax weights stay data-parallel.

The counts each lookup returns ([T, U_r, asked per owner, served per rank]) are what the byte
accounting reads (ShardedEmbeddingExchange.sparse_volume).
"""

from __future__ import annotations

import numpy as np
import tensorflow as tf

from scalestudy.cost_models import comm_model, strategies
from scalestudy.trainer.exchanges.base import GradientExchange, SparseBytes


def shard_rows(vocab: int, rank: int, size: int) -> int:
    """How many of the vocabulary's ids rank `rank` owns (ids rank, rank + N, ...)."""
    return len(range(rank, vocab, size))


class ShardedLookup:
    """The row-split input embedding the model asks (trainer/model.py knows it only through
    these members): the shape and slice of this rank's table, its variable's name, the
    lookup."""

    variable_name = "embedding/shard_weights"

    def __init__(self, hvd, hidden: int):
        self.hvd, self.hidden = hvd, hidden
        self.size, self.rank = hvd.size(), hvd.rank()
        self.observed: list[tf.Tensor] = []  # one count vector per lookup of the current trace

    def rows(self, vocab: int) -> int:
        """This rank's shard's rows."""
        return shard_rows(vocab, self.rank, self.size)

    def shard_of(self, table: tf.Tensor) -> tf.Tensor:
        """This rank's rows of the whole table: ids rank, rank + N, ..."""
        return table[self.rank :: self.size]

    def holds(self, variable) -> bool:
        """The shard (its Adam moments too): this rank's own, never broadcast."""
        return self.variable_name in variable.name

    def start_trace(self) -> None:
        """Called where a step's function begins: lookups are named by their order in the
        step, the same on every rank (Horovod matches collectives by name)."""
        self.observed = []

    def lookup(self, shard: tf.Variable, ids: list[tf.Tensor]) -> list[tf.Tensor]:
        """Rows (float32, [*ids.shape, H]) of every id tensor in `ids`, in one exchange."""
        hvd, n, h = self.hvd, self.size, self.hidden
        k = len(self.observed)
        flat = tf.concat([tf.reshape(t, [-1]) for t in ids], 0)
        unique, where = tf.unique(flat, out_idx=tf.int32)
        owner = tf.cast(unique % n, tf.int32)
        order = tf.argsort(owner, stable=True)
        asked = tf.gather(unique, order)
        splits = tf.math.bincount(owner, minlength=n, maxlength=n, dtype=tf.int32)
        wanted, served = hvd.alltoall(asked, splits=splits, name=f"emb_lookup{k}_ids")
        local = tf.gather(shard, wanted // n)  # its gradient: IndexedSlices of the shard

        @tf.custom_gradient
        def rows_from_owners(rows):
            got, _ = hvd.alltoall(rows, splits=served, name=f"emb_lookup{k}_rows")

            def to_owners(dy):
                back, _ = hvd.alltoall(
                    tf.convert_to_tensor(dy), splits=splits, name=f"emb_lookup{k}_grads"
                )
                return tf.reshape(back, [-1, h])

            return tf.reshape(got, [-1, h]), to_owners

        arrived = rows_from_owners(local)  # row j is asked[j]'s
        by_unique = tf.gather(arrived, tf.math.invert_permutation(order))
        out = tf.gather(by_unique, where)
        self.observed.append(
            tf.concat(
                [
                    tf.shape(flat, out_type=tf.int64),
                    tf.size(unique, out_type=tf.int64)[None],
                    tf.cast(splits, tf.int64),
                    tf.cast(served, tf.int64),
                ],
                0,
            )
        )
        sizes = tf.stack([tf.size(t) for t in ids])
        parts = tf.split(out, sizes, num=len(ids))
        shapes = [tf.concat([tf.shape(t), [h]], 0) for t in ids]
        return [tf.reshape(p, shape) for p, shape in zip(parts, shapes, strict=True)]


class ShardedEmbeddingExchange(GradientExchange):
    strategy = strategies.get("sharded_embedding")

    @classmethod
    def embedding_lookup(cls, hvd, hidden: int) -> ShardedLookup:
        return ShardedLookup(hvd, hidden)

    def local_only(self, i: int) -> bool:
        return i == self.embedding_index

    def sparse(self, i: int, g: tf.IndexedSlices):
        if i != self.embedding_index:
            raise ValueError(f"gradient {i}: only the sharded table's gradient is sparse here")
        # The owner's rows, summed over the ranks by the backward pass's alltoall: averaged as
        # Horovod would (sum / N); nothing left to send.
        r = tf.IndexedSlices(g.values / self.size, g.indices, g.dense_shape)
        entry = ("sharded", g.values.dtype.size, 0, g.values.dtype.name)
        return r, tf.shape(g.values, out_type=tf.int64), entry

    def sparse_volume(self, i, obs, entry, lookups) -> SparseBytes:
        """Logical bytes, the step log's form, and the wire bytes sent and received of the
        lookups (forward ids and rows, backward gradient rows)."""
        size, rank, item = self.size, self.rank, entry[1]
        rows, width = obs
        ids = unique = served_total = logical = 0
        sent = recv = 0.0
        asked_per_owner, served_per_rank = [0] * size, [0] * size
        for counts in lookups:
            counts = [int(x) for x in np.asarray(counts)]
            count, u = counts[0], counts[1]
            asked, served = counts[2 : 2 + size], counts[2 + size : 2 + 2 * size]
            if sum(asked) != u:
                raise RuntimeError(f"sharded lookup: asked {sum(asked)} ids, {u} unique")
            ids, unique, served_total = ids + count, unique + u, served_total + sum(served)
            logical += comm_model.logical_sharded_embedding_bytes(u, sum(served), width, item)
            s, rc = comm_model.sharded_embedding_wire(asked, served, rank, width, item)
            sent, recv = sent + s, recv + rc
            asked_per_owner = [a + b for a, b in zip(asked_per_owner, asked, strict=True)]
            served_per_rank = [a + b for a, b in zip(served_per_rank, served, strict=True)]
        if rows != served_total:
            raise RuntimeError(
                f"gradient {i}: the shard received {rows} gradient rows, it served {served_total}"
            )
        form = {
            "form": "sharded",
            "exchange": self.strategy.name,
            "lookups": len(lookups),
            "ids": ids,
            "rows": ids,
            "width": width,
        }
        return SparseBytes(
            logical,
            form,
            sent_alltoall=sent,
            received=recv,
            counts={
                strategies.UNIQUE_ROWS: unique,
                strategies.SERVED_ROWS: served_total,
                strategies.ALLTOALL_WIRE: sent,
            },
            detail={
                "asked_rows_per_owner": asked_per_owner,
                "served_rows_per_rank": served_per_rank,
            },
        )
