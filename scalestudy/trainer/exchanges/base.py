"""What every exchange strategy shares: the dense gradients' allreduce, Horovod's compression,
the control vector, the phased function, the gradient norm and the byte accounting's frame.

A strategy (one subclass per entry of cost_models/strategies.py) says only how its IndexedSlices
gradient goes (`sparse`) and what that costs (`sparse_volume`); dense gradients are always
averaged by allreduce. `collectives()` builds the ops inside the caller's graph: the overlapped
step calls it in the same compiled function as the backward pass, so each collective is enqueued
as soon as its gradient exists and Horovod's background thread fuses and runs them while the
rest of the backward pass computes. `phased()` runs the same ops as a function of their own, for
the `timing: phases` diagnosis. Gradients of several micro-batches are accumulated first, so
there is one exchange per step: dense ones are summed, IndexedSlices concatenated (never summed,
as TF 1.x did).

`compression: fp16` is Horovod's `Compression.fp16` as `hvd.allreduce` applies it: every
allreduced floating tensor is cast to float16 for its collective and back after it; rows that
travel by allgather or alltoall stay in their dtype, as Horovod leaves IndexedSlices
uncompressed. The byte figures read the tensors handed to Horovod, so they follow with no
formula changed.

The gradient norm: the global L2 norm of the averaged gradients the optimizer receives, as one
dense tensor per variable would give it (an IndexedSlices' duplicate ids summed first). A
gradient only its rank holds (a shard) adds its squared norm to the control vector, which is
summed over the ranks anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import tensorflow as tf

from scalestudy.cost_models import comm_model, strategies


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


def squared_norm(g) -> tf.Tensor:
    """||g||^2 of the dense tensor `g` stands for (IndexedSlices: duplicate ids summed)."""
    if isinstance(g, tf.IndexedSlices):
        ids, where = tf.unique(tf.cast(g.indices, tf.int64), out_idx=tf.int32)
        rows = tf.math.unsorted_segment_sum(tf.cast(g.values, tf.float32), where, tf.size(ids))
        return tf.reduce_sum(tf.square(rows))
    return tf.reduce_sum(tf.square(tf.cast(g, tf.float32)))


@dataclass
class ExchangeVolume:
    """Bytes of one step's exchange, for this rank."""

    logical_total: int  # every gradient's buffer after its collective
    logical_embedding: int
    # {"form": "indexed_slices", "rows": R, "width": H} (strategies add their counts) or
    # {"form": "dense", "shape": [V, H]}
    embedding_form: dict
    rows_per_rank: list[int] | None  # embedding rows each rank contributed (allgather path)
    wire_sent: float  # ring-algorithm model, all collectives
    wire_recv: float
    wire_sent_allgather: float  # of which the IndexedSlices allgathers (values, indices, counts)
    wire_sent_allreduce: float  # of which the (fused) dense allreduces
    grad_dtypes: list[str]  # dtypes of the exchanged tensors (values for IndexedSlices)
    # of which the alltoalls (splits and rows), for the strategies that call them
    wire_sent_alltoall: float = 0.0
    # the strategy's declared `bytes` counters (cost_models/strategies.py), summed over the
    # step's sparse exchanges; its `embedding_grad` counters are in embedding_form
    counted_bytes: dict[strategies.Counter, float] = field(default_factory=dict)

    def step_fields(self) -> dict:
        """What a step record holds of the exchange (trainer/loop.py writes them in order):
        every counter the strategy declares is in its record under its field."""
        return {
            "embedding_grad": self.embedding_form,
            "embedding_rows_per_rank": self.rows_per_rank,
            "grad_dtypes": self.grad_dtypes,
            "bytes": {
                # the fields every record holds, named once (strategies.FIXED_FIELDS, which no
                # counter may take), then the strategy's declared bytes counters
                **dict(
                    zip(
                        strategies.FIXED_FIELDS["bytes"],
                        (
                            self.logical_embedding,
                            self.logical_total,
                            self.wire_sent,
                            self.wire_recv,
                            self.wire_sent_allgather,
                            self.wire_sent_allreduce,
                        ),
                        strict=True,
                    )
                ),
                **{c.field: value for c, value in self.counted_bytes.items()},
            },
        }


@dataclass
class SparseBytes:
    """What one IndexedSlices gradient's exchange cost this rank (`sparse_volume`). The step
    log's form of it is `form`, then the strategy's `embedding_grad` counters, then `detail`."""

    logical: int
    form: dict
    sent_allgather: float = 0.0
    sent_alltoall: float = 0.0
    received: float = 0.0
    rows_per_rank: list[int] | None = None
    # every counter its strategy declares (cost_models/strategies.py), by its declaration
    counts: dict[strategies.Counter, float] = field(default_factory=dict)
    detail: dict = field(default_factory=dict)


class GradientExchange:
    strategy: strategies.Strategy  # the subclass's entry of the table

    @classmethod
    def embedding_lookup(cls, hvd, hidden: int):
        """The input embedding's own lookup when this strategy owns it (a row-split table:
        sharded_embedding.ShardedLookup), else None: the model's plain gather."""
        return None

    def __init__(
        self,
        hvd,
        variables: list,
        embedding_var,
        compression: str = "none",
        group=None,
        split: list = (),
    ):
        """`group`: a mesh's model group (trainer/mesh.py): gradients are then averaged over
        its data-parallel set (the ranks holding the same part), `split` its split weights."""
        if compression not in ("none", "fp16"):
            raise ValueError(f"unknown compression {compression!r}")
        # the dtype allreduced floating gradients travel in (None: their own)
        self.wire_dtype = tf.float16 if compression == "fp16" else None
        self.hvd = hvd
        self.size, self.rank = hvd.size(), hvd.rank()
        self.process_set = hvd.global_process_set
        self.group = group
        if group is not None:
            # the data-parallel set: N / M ranks, this rank the group-th of them
            self.size, self.rank = group.data_size, group.position.group
            self.process_set = group.data_set
        split_names = {v.name for v in split}
        self.split = [v.name in split_names for v in variables]
        # One rank alone: the paper's two exchanges call no collective, as Horovod's own
        # DistributedOptimizer and DistributedGradientTape skip them at size 1
        # (`_allreduce_cond`); the figures are those a collective over one rank returns.
        self.alone = self.size == 1
        self.variables = variables
        self.embedding_index = next(i for i, v in enumerate(variables) if v is embedding_var)
        self.densifies = self.strategy.densifies  # sparse_as_dense: densify before the exchange
        self.densify = tf.function(densify, reduce_retracing=True, autograph=False)
        self._phased_fn = None
        # Filled while tracing (static facts of the exchanged tensors): per gradient,
        # (how it went: a strategy's own kind | dense, item bytes of values or of the dense
        # tensor, item bytes of indices, dtype)
        self.layout: list[tuple[str, int, int, str]] = []

    # -- the collectives, in the caller's graph --------------------------------------------

    def _wire(self, t: tf.Tensor) -> tf.Tensor:
        """An allreduced tensor as it travels: compressed when it is floating and compression
        is on (Horovod's compression acts on allreduces only)."""
        if self.wire_dtype is None or not t.dtype.is_floating or t.dtype == self.wire_dtype:
            return t
        return tf.cast(t, self.wire_dtype)

    def sparse(self, i: int, g: tf.IndexedSlices):
        """(averaged gradient, observed counts, layout entry) of IndexedSlices gradient i."""
        raise NotImplementedError(f"{self.strategy.name} exchanges no IndexedSlices")

    def local_only(self, i: int) -> bool:
        """Whether gradient i's averaged value is this rank's alone (a shard): its norm is
        summed over the ranks."""
        return self.split[i]

    def collectives(self, grads: list, control: tf.Tensor):
        """Hand every gradient to Horovod. Returns (reduced, observed, agreed, squared): the
        averaged gradients, per gradient the figures the byte accounting reads, the summed
        control vector ([losses, stops, shards' squared norms]) and the squared norm of the
        gradients every rank holds alike (grad_norm = sqrt(squared + agreed[2]))."""
        hvd = self.hvd
        reduced, observed, layout = [], [], []
        replicated, local = tf.constant(0.0), tf.constant(0.0)
        for i, g in enumerate(grads):
            # Horovod matches collectives across ranks by name, and its IndexedSlices path names
            # the allgathers after the input tensors: name everything explicitly.
            if isinstance(g, tf.IndexedSlices):
                r, obs, entry = self.sparse(i, g)
            elif self.alone:
                # see `alone`; Horovod skips the compression with the collective, the bytes
                # count the dtype the collective would move
                r = g
                obs = tf.shape(r, out_type=tf.int64)
                wire = self.wire_dtype if g.dtype.is_floating and self.wire_dtype else g.dtype
                entry = ("dense", wire.size, 0, wire.name)
            else:
                sent = self._wire(g)
                r = hvd.allreduce(
                    sent, op=hvd.Average, name=f"grad{i}", process_set=self.process_set
                )
                r = tf.cast(r, g.dtype) if r.dtype != g.dtype else r
                obs = tf.shape(r, out_type=tf.int64)
                entry = ("dense", sent.dtype.size, 0, sent.dtype.name)
            if self.local_only(i):
                local += squared_norm(r)
            else:
                replicated += squared_norm(r)
            reduced.append(r)
            observed.append(obs)
            layout.append(entry)
        self.layout = layout
        # a mesh's split part is held alike by its data set's N / M ranks: counted once
        local = local / float(self.size) if self.group is not None else local
        control = control + tf.stack([0.0, 0.0, local])
        # over every rank (a mesh's data set holds only some)
        alone = hvd.size() == 1
        agreed = control if alone else hvd.allreduce(control, op=hvd.Sum, name="control")
        return reduced, observed, agreed, replicated

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
        turn the count into a constant (see the allgather strategy)."""
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

    def sparse_volume(self, i: int, obs: list[int], entry, lookups: list) -> SparseBytes:
        raise NotImplementedError

    def check_lookups(self, lookups: list) -> None:
        if lookups:
            raise RuntimeError("embedding lookups were exchanged but no shard gradient was seen")

    def counted(self, i: int, b: SparseBytes) -> dict:
        """Gradient i's step-log form: `b.form`, its strategy's declared `embedding_grad`
        counters, `b.detail`. A counter declared and not counted, or counted and not declared,
        is an error here, not an empty results column later."""
        declared = self.strategy.counters
        if set(b.counts) != set(declared):
            missing = [f"{c.record}.{c.field}" for c in declared if c not in b.counts]
            extra = [f"{c.record}.{c.field}" for c in b.counts if c not in declared]
            raise RuntimeError(
                f"exchange {self.strategy.name}: gradient {i}'s counts are not its strategy's "
                f"declared counters (cost_models/strategies.py): missing {missing}, "
                f"undeclared {extra}"
            )
        counts = {c.field: b.counts[c] for c in declared if c.record == "embedding_grad"}
        return {**b.form, **counts, **b.detail}

    def volume(self, observed: list, lookups: list = ()) -> ExchangeVolume:
        """Bytes from what the collectives returned (row counts, shapes) and the dtypes of the
        tensors handed to them; `lookups`: a sharded embedding's counts, one per lookup."""
        size = self.size
        logical_total = dense_bytes = 0
        gather_sent = alltoall_sent = wire_recv = 0.0
        emb_logical, emb_form, emb_rows = 0, {}, None
        counted_bytes = {c: 0.0 for c in self.strategy.counters if c.record == "bytes"}
        for i, (obs, entry) in enumerate(zip(observed, self.layout, strict=True)):
            obs = [int(x) for x in np.asarray(obs)]
            if entry[0] == "dense":
                nbytes = entry[1] * int(np.prod(obs))
                dense_bytes += nbytes
                form: dict = {"form": "dense", "shape": obs}
                rows = None
            else:
                b = self.sparse_volume(i, obs, entry, list(lookups))
                nbytes, form, rows = b.logical, self.counted(i, b), b.rows_per_rank
                gather_sent += b.sent_allgather
                alltoall_sent += b.sent_alltoall
                wire_recv += b.received
                for c in counted_bytes:
                    counted_bytes[c] += b.counts[c]
            logical_total += nbytes
            if i == self.embedding_index:
                emb_logical, emb_form, emb_rows = nbytes, form, rows
        if emb_form.get("form") != "sharded":
            self.check_lookups(list(lookups))
        # Horovod fuses the dense allreduces into buffers; a ring moves 2(N-1)/N of them.
        s, rc = comm_model.ring_allreduce_wire(dense_bytes + 12, size)  # + the control vector
        return ExchangeVolume(
            logical_total,
            emb_logical,
            emb_form,
            emb_rows,
            gather_sent + alltoall_sent + s,
            wire_recv + rc,
            wire_sent_allgather=gather_sent,
            wire_sent_allreduce=s,
            grad_dtypes=sorted({entry[3] for entry in self.layout}),
            wire_sent_alltoall=alltoall_sent,
            counted_bytes=counted_bytes,
        )
