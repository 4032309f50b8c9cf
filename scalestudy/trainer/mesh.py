"""A rank's model group in a data x model mesh (cost_models/mesh.py says what the mesh is): the
Horovod process sets, the conjugate operators that carry activations across the group, the
vocabulary-parallel cross entropy and the initial values of split weights.

Horovod's registered gradient of `hvd.allreduce` is the same allreduce of the gradient, right
for neither operator of the pair, so both are written with `tf.custom_gradient`. Every
collective gets a name from a counter that restarts with each trace: the ranks of a group trace
the same layers in the same order, so their names match.
"""

from __future__ import annotations

import math

import tensorflow as tf

from scalestudy.cost_models import mesh as layout

# the process sets this process gave hvd.init (runtime.init_horovod)
REGISTERED: list = []


def process_sets(hvd, size: int, model: int) -> list:
    """The process sets `hvd.init` must be given on every rank (the same list, in the same
    order): the model groups and the data-parallel sets. A set of every rank would duplicate
    the global set (Horovod refuses it) and a set of one rank needs no collective: neither is
    made."""
    if model == 1:
        return []
    groups, out = size // model, []
    if model < size:
        out += [hvd.ProcessSet([g * model + i for i in range(model)]) for g in range(groups)]
    if groups > 1:
        out += [hvd.ProcessSet([g * model + p for g in range(groups)]) for p in range(model)]
    return out


def _set_of(hvd, sets: list, ranks: list[int]):
    if len(ranks) == hvd.size():
        return hvd.global_process_set
    return next(s for s in sets if sorted(s.ranks) == sorted(ranks))


class ModelGroup:
    """This rank's group: its position, the group's and the data set's process sets, and the
    model-parallel collectives with the elements each moved (read by the byte accounting)."""

    def __init__(self, hvd, sets: list, model: int):
        self.hvd = hvd
        self.position = layout.Position.of(hvd.rank(), hvd.size(), model)
        self.model, self.place = model, self.position.place
        self.model_set = _set_of(hvd, sets, self.position.model_ranks())
        data = self.position.data_ranks()
        # a data set of one rank (M = N): its gradients need no collective
        self.data_set = _set_of(hvd, sets, data) if len(data) > 1 else None
        self.data_size = len(data)
        self._count = 0
        self.observed: list[tf.Tensor] = []  # elements of each allreduce, this trace

    def start_trace(self) -> None:
        self._count, self.observed = 0, []

    def _name(self, what: str) -> str:
        self._count += 1
        return f"mp{self._count}_{what}"

    def _allreduce(self, x: tf.Tensor, name: str, op=None) -> tf.Tensor:
        hvd = self.hvd
        # Horovod 0.28's TensorFlow collectives take no bfloat16: bf16 activations go as fp32
        wire = tf.cast(x, tf.float32) if x.dtype == tf.bfloat16 else x
        self.observed.append(tf.size(wire, out_type=tf.int64))
        out = hvd.allreduce(
            wire, op=op if op is not None else hvd.Sum, name=name, process_set=self.model_set
        )
        return tf.cast(out, x.dtype)

    def copy(self, x: tf.Tensor) -> tf.Tensor:
        """Identity forward, the gradient summed over the group backward: a replicated input
        entering a split layer (each rank's layer sees part of the weights)."""
        name = self._name("copy")

        @tf.custom_gradient
        def op(x):
            return tf.identity(x), lambda dy: self._allreduce(dy, name)

        return op(x)

    def reduce(self, x: tf.Tensor) -> tf.Tensor:
        """Summed over the group forward, identity backward: a row-parallel layer's partial
        output (or the embedding's partial rows) made whole."""
        name = self._name("reduce")

        @tf.custom_gradient
        def op(x):
            return self._allreduce(x, name), lambda dy: dy

        return op(x)

    def sum(self, x: tf.Tensor) -> tf.Tensor:
        """A plain sum over the group, no gradient (inside a custom gradient's forward)."""
        return self._allreduce(x, self._name("sum"))

    def max(self, x: tf.Tensor) -> tf.Tensor:
        return self._allreduce(x, self._name("max"), op=self.hvd.Max)

    def vocab_range(self, vocab: int) -> tuple[int, int]:
        """[first, end) of the contiguous ids this rank's vocabulary shard holds."""
        per = vocab // self.model
        return self.place * per, (self.place + 1) * per


def local_ids(ids: tf.Tensor, first: int, count: int) -> tuple[tf.Tensor, tf.Tensor]:
    """(ids shifted into the shard, clipped to 0 outside it; whether each id is inside)."""
    shifted = ids - tf.cast(first, ids.dtype)
    inside = tf.logical_and(shifted >= 0, shifted < count)
    return tf.where(inside, shifted, tf.zeros_like(shifted)), inside


class SliceOf(tf.keras.initializers.Initializer):
    """The initial value of a split weight: the unsplit weight drawn as the unsplit model
    draws it (the same initializer, the whole shape, in the same order), then this rank's
    part. The shards of a mesh are then slices of the weights one rank would start from."""

    def __init__(self, base, whole: list[int], axis: int, index: list[int]):
        self.base, self.whole, self.axis, self.index = base, whole, axis, index

    def __call__(self, shape, dtype=None, **kw):
        full = self.base(self.whole, dtype=dtype)
        return tf.gather(full, self.index, axis=self.axis)


def head_columns(parts: int, hidden: int, heads: int, group: ModelGroup) -> list[int]:
    """Columns of a fused [H, parts x H] projection (query, key, value: laid out
    [parts, heads, H / heads]) that hold this rank's heads of every part: split by head, not
    by contiguous columns."""
    per = heads // group.model
    width = hidden // heads
    cols = []
    for part in range(parts):
        for h in range(group.place * per, (group.place + 1) * per):
            start = part * hidden + h * width
            cols += list(range(start, start + width))
    return cols


def block(total: int, group: ModelGroup) -> list[int]:
    """This rank's contiguous M-th of `total` (feed-forward width, vocabulary ids)."""
    per = total // group.model
    return list(range(group.place * per, (group.place + 1) * per))


def glorot_limit(fan_in: int, fan_out: int) -> float:
    return math.sqrt(6.0 / (fan_in + fan_out))
