"""One training step over a rank's micro-batches, in one of two timings.

- `OverlappedStep` (timing: overlapped, the default): forward, backward, Horovod's collectives
  and the optimizer in ONE compiled function per micro-batch count. Each gradient is handed to
  Horovod as soon as the backward pass produces it (graph data flow, no host round trip), so
  Horovod's background thread negotiates, fuses (HOROVOD_FUSION_THRESHOLD) and runs the
  collectives every cycle (HOROVOD_CYCLE_TIME) while the rest of the backward pass computes:
  what `hvd.DistributedGradientTape` training measures. Only the whole step is timed.
- `PhasedStep` (timing: phases, for diagnosis): compute, densify, exchange and apply run one
  after the other, each ending on the host, so each can be timed: every byte of communication
  is exposed, and the step is slower than production training by the overlap it forgoes.

Both run the same operations on the same tensors and give the same weights (tests/mpi).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import tensorflow as tf

from scalestudy.trainer.exchanges import ExchangeVolume, GradientExchange, accumulate, densify

pc = time.perf_counter


@dataclass
class StepResult:
    loss_local: float  # this rank's mean token loss (before averaging over ranks)
    agreed: np.ndarray  # the control vector summed over ranks: [sum of losses, stops, 0]
    volume: ExchangeVolume
    applied: bool  # whether the optimizer update ran
    grad_norm: float  # global L2 norm of the averaged gradients the optimizer received
    phases: dict[str, float] = field(default_factory=dict)  # seconds (timing: phases only)
    gradients: list | None = None  # the averaged gradients, when asked (dump_gradients_step)
    # a mesh: the model group's allreduces this step (count, elements), forward and backward
    mesh: tuple[int, int] = (0, 0)


# Consulted with the agreed control vector; False refuses the step's update (a diverged loss).
Gate = Callable[[np.ndarray], bool]


def _micro_spec(count: int) -> list[tf.TensorSpec]:
    # Sentence and length dimensions left open: one trace serves every batch shape.
    return [tf.TensorSpec([None, None], tf.int64) for _ in range(2 * count)]


class _Step:
    def __init__(self, model, optimizer, exchange: GradientExchange, sequential: bool = False):
        self.model, self.optimizer, self.exchange = model, optimizer, exchange
        self.variables = model.trainable_variables
        self.sequential = sequential  # micro_batch_order: sequential
        self._compute_only = None

    def _gradients(self, pairs, scale):
        """Summed token loss and accumulated gradients of `scale` x that loss. In a compiled
        step the micro-batches are independent subgraphs: TensorFlow runs each op when its
        inputs are ready, so every micro-batch's lookups start with the step. `sequential`
        makes a micro-batch's forward pass wait for the previous one's gradients."""
        if self.model.sharded is not None:
            self.model.sharded.start_trace()
        if self.model.group is not None:
            self.model.group.start_trace()
        grads, xent, previous = None, tf.constant(0.0), []
        for src, tgt in pairs:
            with tf.control_dependencies(previous), tf.GradientTape() as tape:
                x = self.model.loss_sum(src, tgt, training=True)
                loss = x * scale
            g = tape.gradient(loss, self.variables)
            if self.sequential:
                # one barrier: every op that starts the next micro-batch gets a control input
                # on it alone (a list of gradients gave each op one per gradient, and the
                # runtime's copy of the graph grew by GiBs on base: tests/unit/test_step_graph)
                done = (t.values if isinstance(t, tf.IndexedSlices) else t for t in g)
                previous = [tf.group(*(t for t in done if t is not None))]
            grads = accumulate(grads, g)
            xent += x
        return xent, grads

    def _mesh(self) -> tf.Tensor:
        """[count, elements] of the model group's allreduces in the trace (zeros without a
        mesh): read from the tensors handed to Horovod."""
        seen = [] if self.model.group is None else self.model.group.observed
        if not seen:
            return tf.zeros([2], tf.int64)
        return tf.stack([tf.constant(len(seen), tf.int64), tf.add_n(seen)])

    def _lookups(self) -> list:
        """The sharded embedding's lookup counts of the step being traced (none unsharded)."""
        return [] if self.model.sharded is None else list(self.model.sharded.observed)

    def compute_only(self, micro, scale: float) -> float:
        """Seconds of the forward and backward passes of `micro` alone: no gradient exchange,
        no update (the weights do not change). Times what an overlapped step cannot time
        apart, for the report's projection; a sharded embedding's lookups still exchange."""
        if self._compute_only is None:

            def grads(*args):
                *ids, s = args
                return self._gradients(list(zip(ids[0::2], ids[1::2], strict=True)), s)

            spec = [*_micro_spec(len(micro)), tf.TensorSpec([], tf.float32)]
            self._compute_only = tf.function(grads, input_signature=spec, autograph=False)
        ids = [t for mb in micro for t in (mb.src, mb.tgt)]
        t0 = pc()
        # the gradients are returned, not reduced to one scalar: a function with a scalar
        # output ran its forward pass alone ~2x slower than the whole step here (tiny, 1 rank:
        # 0.095 s against 0.044 s); returned, the passes take what the step's do (0.043 s)
        xent, _ = self._compute_only(*ids, np.float32(scale))
        xent.numpy()
        return pc() - t0


def _norm(squared, agreed) -> float:
    return float(np.sqrt(float(squared) + float(agreed[2])))


class OverlappedStep(_Step):
    # a run that dumps the gradients of one step (dump_gradients_step, a diagnosis) compiles
    # its one step with them among the outputs, every step: a second trace for the dump step
    # alone cost 5-15 s a run at 1-4 ranks; the outputs kept on the other steps cost memory
    # and a little time, which the dump's docs say
    returns_gradients = False

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self._fns: dict[tuple[int, bool], tf.types.experimental.GenericFunction] = {}

    def _function(self, count: int, dump: bool = False):
        """The compiled step of `count` micro-batches; `dump`: it also returns the averaged
        gradients (holding them costs memory: diagnosis only)."""
        if (count, dump) not in self._fns:

            def step(*args):
                *ids, scale, lr, stop = args
                pairs = list(zip(ids[0::2], ids[1::2], strict=True))
                xent, grads = self._gradients(pairs, scale)
                sent = densify(grads) if self.exchange.densifies else grads
                tgt_tokens = tf.add_n(
                    [tf.math.count_nonzero(t, dtype=tf.float32) for t in ids[1::2]]
                )
                local = xent / tf.maximum(tgt_tokens, 1.0)
                control = tf.stack([local, stop, 0.0])
                reduced, observed, agreed, squared = self.exchange.collectives(sent, control)
                self.optimizer.learning_rate.assign(lr)
                self.optimizer.apply_gradients(zip(reduced, self.variables, strict=True))
                out = (local, agreed, observed, self._lookups(), squared, self._mesh())
                return (*out, reduced) if dump else out

            spec = [*_micro_spec(count), *(tf.TensorSpec([], tf.float32) for _ in range(3))]
            self._fns[(count, dump)] = tf.function(step, input_signature=spec, autograph=False)
        return self._fns[(count, dump)]

    def __call__(
        self, micro, scale: float, lr: float, stop: bool, gate: Gate, dump: bool = False
    ) -> StepResult:
        """The update runs inside the step, before the agreed loss reaches the host: `gate`
        is consulted afterwards (its verdict stops the run, it cannot undo the update)."""
        ids = [t for mb in micro for t in (mb.src, mb.tgt)]
        local, agreed, observed, lookups, squared, mesh, *reduced = self._function(
            len(micro), dump or self.returns_gradients
        )(*ids, np.float32(scale), np.float32(lr), np.float32(1.0 if stop else 0.0))
        agreed = agreed.numpy()
        gate(agreed)
        volume = self.exchange.volume(observed, lookups)
        result = StepResult(float(local), agreed, volume, True, _norm(squared, agreed))
        result.gradients = reduced[0] if dump else None
        result.mesh = tuple(int(x) for x in mesh.numpy())
        return result


class PhasedStep(_Step):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        specs = [tf.TensorSpec([None, None], tf.int64)] * 2 + [tf.TensorSpec([], tf.float32)]
        self._compute = tf.function(self._compute_fn, input_signature=specs, autograph=False)
        self._apply = tf.function(self._apply_fn, reduce_retracing=True, autograph=False)

    def _compute_fn(self, src, tgt, scale):
        xent, grads = self._gradients([(src, tgt)], scale)
        return xent, grads, self._lookups(), self._mesh()

    def _apply_fn(self, grads, lr):
        self.optimizer.learning_rate.assign(lr)
        self.optimizer.apply_gradients(zip(grads, self.variables, strict=True))

    def __call__(
        self, micro, scale: float, lr: float, stop: bool, gate: Gate, dump: bool = False
    ) -> StepResult:
        """The agreed loss is on the host before the optimizer runs: a False from `gate`
        skips the update."""
        t0 = pc()
        grads, xent, tgt_tokens, lookups, mesh = None, 0.0, 0, [], np.zeros(2, np.int64)
        for mb in micro:
            x, g, seen, m = self._compute(mb.src, mb.tgt, np.float32(scale))
            mesh += m.numpy()
            grads, xent, lookups = accumulate(grads, g), xent + float(x), lookups + list(seen)
            tgt_tokens += mb.tgt_tokens
        t1 = pc()
        sent = self.exchange.densify(grads) if self.exchange.densifies else grads
        t2 = pc()
        local = xent / max(tgt_tokens, 1)
        control = tf.constant([local, 1.0 if stop else 0.0, 0.0], tf.float32)
        reduced, observed, agreed, squared = self.exchange.phased(sent, control)
        agreed = agreed.numpy()
        t3 = pc()
        applied = gate(agreed)
        if applied:
            self._apply(reduced, np.float32(lr))
        t4 = pc()
        phases = {"compute_s": t1 - t0, "densify_s": t2 - t1, "comm_s": t3 - t2, "apply_s": t4 - t3}
        volume = self.exchange.volume(observed, lookups)
        result = StepResult(local, agreed, volume, applied, _norm(squared, agreed), phases)
        result.gradients = list(reduced) if dump else None
        result.mesh = (int(mesh[0]), int(mesh[1]))
        return result


def make_step(
    timing: str,
    model,
    optimizer,
    exchange: GradientExchange,
    order: str = "dataflow",
    dumps_gradients: bool = False,
) -> _Step:
    cls = {"overlapped": OverlappedStep, "phases": PhasedStep}[timing]
    step = cls(model, optimizer, exchange, sequential=order == "sequential")
    step.returns_gradients = dumps_gradients
    return step
