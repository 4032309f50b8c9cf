"""The input embedding split by row over the ranks (trainer `exchange: sharded_embedding`).

Rank r of N holds the rows whose id is r mod N (row id // N of its shard): ownership by id mod N
spreads a Zipfian vocabulary's frequent ids over the ranks, where blocks would put them all on
rank 0. A lookup of a rank's ids, inside the compiled step:
1. de-duplicate the ids (T -> U_r), order them by owner, and send each owner the ids it holds
   (`hvd.alltoall` with uneven splits; Horovod first exchanges the int32 splits);
2. every owner gathers the asked rows from its shard and sends them back (the reverse splits);
3. the backward pass sends each looked-up row's gradient to its owner the same way, so the
   owner's shard gradient is an IndexedSlices of the rows it served, summed over the ranks
   (GradientExchange divides it by N as Horovod's average would; it is never exchanged again).
Per rank and lookup that is U_r ids and 2 x U_r rows of H floats moved, whatever V and N: the
bytes follow tokens x H. Only the input embedding can be split: a tied model's embedding is also
the pre-softmax projection, which every rank needs whole (`validate` refuses the pair), and the
softmax weights stay data-parallel.

The counts each lookup returns ([T, U_r, asked per owner, served per rank]) are what the byte
accounting reads (GradientExchange.volume).
"""

from __future__ import annotations

import tensorflow as tf


def shard_rows(vocab: int, rank: int, size: int) -> int:
    """How many of the vocabulary's ids rank `rank` owns (ids rank, rank + N, ...)."""
    return len(range(rank, vocab, size))


class ShardedLookup:
    def __init__(self, hvd, hidden: int):
        self.hvd, self.hidden = hvd, hidden
        self.size, self.rank = hvd.size(), hvd.rank()
        self.observed: list[tf.Tensor] = []  # one count vector per lookup of the current trace

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
