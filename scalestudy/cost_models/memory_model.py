"""Predicted peak memory of one rank (bytes). An estimate for planning, labelled as such: the
trainer's measured RSS is the truth.

- parameters P of the Transformer; weights + Adam's two moments + one gradient copy = 16 P bytes;
- activations kept for the backward pass, per token of a worker micro-batch, counted from the
  trainer's layers (TensorFlow keeps both inputs of a multiply for its gradient): per attention
  sublayer its input and layer-norm output, q, k, v and the context (H each), with dropout also
  the output and its mask; per feed-forward sublayer its input and norm output, the ReLU output
  and, with dropout, its mask and masked copy (F each) and the output and its mask; an
  encoder layer has one attention sublayer, a decoder layer two; attention probabilities
  heads x L per token and attention (with dropout: the softmax output, its mask, the masked
  copy); 4 bytes each in fp32 and 2 in bf16; plus 3 x Ttgt x V fp32 floats at the loss's peak
  (the trainer's token_xent_sum: the fp32 logits, exp(logits - max) kept for the gradient, and
  one temporary of their size; the backward pass holds that exponential and the gradient),
  counted as fp32 in both precisions since the loss casts bf16 logits to fp32;
- the exchanged copies of the gradients outside the embedding's exchange (Horovod's averaged
  output is a new tensor beside its input: 4 bytes per such parameter), and Horovod's fusion
  buffer (HOROVOD_FUSION_THRESHOLD, 64 MiB, allocated once; none with `deterministic`, which
  turns fusion off);
- bf16 also holds a bf16 copy of the weights it computes with (2 P bytes);
- the embedding gradient's exchange buffers: each strategy's own `peak` (cost_models/strategies.py:
  the gathered rows and their averaged copy; the dense [V, H] tensor twice, plus its float16
  copy under fp16 compression; ...), and the input table's rows a rank holds (ceil(V / N) when
  the strategy shards it);
- a data x model mesh of M (cost_models/mesh.py): the split parameters, split activations and
  the vocabulary's logits an M-th each, on the model group's M x tokens_per_worker tokens;
  the exchange over the N / M ranks of the data-parallel set, of the shard's V / M rows;
- with 2+ micro-batches: the activations of the passes alive at once (`live_passes`: one in
  `sequential` order or `timing: phases`, half of them in `dataflow` order, measured), the
  summed gradients of the earlier micro-batches (4 bytes per parameter the rank holds), and,
  in the overlapped step that compiles every micro-batch into one function, each one's ops in
  the runtime's heap (GRAPH_PER_MICRO_BATCH*, fitted here);
- a fixed runtime overhead (TensorFlow + Horovod + Python), measured ~0.6 GB on this machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from scalestudy.cost_models import strategies
from scalestudy.cost_models.comm_model import allreduce_item_bytes


class _Mesh(Protocol):
    model: int


class MemoryConfig(Protocol):
    """What the memory model reads of a point's configuration: a PointConfig
    (formats/point_config.py, a layer above: its validation asks the cost models) has it all."""

    micro_batches: int
    micro_batch_order: str
    timing: str
    precision: str
    accumulation: str
    compression: str
    deterministic: bool
    mesh: _Mesh

    def asked(self) -> strategies.Strategy: ...


RUNTIME_OVERHEAD = 600 * 2**20
# The compiled step holds each micro-batch's forward and backward ops: the runtime's heap grows
# with the micro-batches. Fitted to glibc's heap (footer `memory.heap`) on this machine, one
# run each, 2,048 tokens: tiny (4 layers) +67 MiB per micro-batch after the first, base (12
# layers) +113 MiB (2) and +146 MiB (4): about 40 MiB + 7 MiB per layer.
GRAPH_PER_MICRO_BATCH = 40 * 2**20
GRAPH_PER_MICRO_BATCH_LAYER = 7 * 2**20
FUSION_BUFFER = 64 * 2**20  # Horovod's default HOROVOD_FUSION_THRESHOLD (the trainer keeps it)


def parameter_count(spec: dict, model_ranks: int = 1) -> int:
    """Parameters one rank holds: all of them, or in a mesh of `model_ranks` its part of the
    split ones (vocabulary, attention projections, feed-forward kernels and inner bias) and
    the replicated rest (layer norms, the feed-forward output bias)."""
    h, f, v = int(spec["hidden"]), int(spec["filter"]), int(spec["vocab"])
    enc, dec = int(spec["enc_layers"]), int(spec["dec_layers"])
    m = max(int(model_ranks), 1)
    attention = 4 * h * h // m
    ffn = (h * f + f + f * h) // m + h
    norm = 2 * h
    embeddings = v * h * (1 if spec["tie_embeddings"] else 2) // m
    return (
        embeddings
        + enc * (attention + ffn + 2 * norm)
        + dec * (2 * attention + ffn + 3 * norm)
        + 2 * norm
    )


@dataclass
class MemoryEstimate:
    model_state: int  # weights, Adam moments, gradients
    activations: int
    accumulation: int  # the embedding gradient's exchange buffers
    runtime: int
    exchanged: int = 0  # the averaged copies of the other gradients, and the fusion buffer
    micro_batch_sum: int = 0  # the earlier micro-batches' summed gradients (2+ micro-batches)

    @property
    def per_rank(self) -> int:
        return (
            self.model_state
            + self.activations
            + self.accumulation
            + self.runtime
            + self.exchanged
            + self.micro_batch_sum
        )


# Share of the 2 x tokens_per_worker padded slots the official bucketing fills: ~9,480 of 10,000
# at 5,000 tokens per worker, which with V = 33,708 gives the 82x at 64 workers of the
# `accumulation-64` reference (formats/references.yaml). Its one home: the memory model, the
# report's projection and the comm workload's text-data estimate all read it from here.
SLOT_FRACTION = 0.95


def tf1_rows_estimate(
    spec: dict, tokens_per_worker: int, micro_batches: int, slot_fraction: float = SLOT_FRACTION
) -> int:
    """Rows a worker sends on the tf1 sparse path: M x V + padded slots of both sides (about 95%
    of 2 x tokens_per_worker with the official bucketing)."""
    return micro_batches * int(spec["vocab"]) + int(2 * tokens_per_worker * slot_fraction)


def estimate(
    spec: dict, *, workers: int, tokens_per_worker: int, config: MemoryConfig
) -> MemoryEstimate:
    """Peak bytes of one rank of a point run with `config` on the model `spec` (its resolved
    shape: the plan's `config.model.resolved()`, the report's recorded one), read the same way
    by `plan` and by the report's projection (a record is made a PointConfig where it is read:
    report/legacy.py)."""
    micro_batches = config.micro_batches
    m = config.mesh.model
    # a mesh's model group trains on its M ranks' tokens together
    tokens = max(int(tokens_per_worker), 1) * m
    h, v = int(spec["hidden"]), int(spec["vocab"])
    per_pass = max(tokens // micro_batches, 1) * live_passes(config)
    typical_len = min(int(spec["max_length"]), 64)
    act_bytes = 2 if config.precision == "bf16" else 4
    dropout = float(spec.get("dropout", 0.1)) > 0
    per_token = _activation_values(spec, m, typical_len, dropout=dropout)
    act = int(act_bytes * per_pass * per_token)
    act += int(4 * 3 * per_pass * v / m)
    p = parameter_count(spec, m)
    tied = bool(spec["tie_embeddings"])
    accumulation = config.accumulation
    # the spec's tie decides whether TensorFlow densifies (the model the bytes are counted on)
    dense = strategies.dense_anyway(accumulation, tied)
    strategy = strategies.PAPER_DENSE if dense else config.asked()
    rows = (
        tf1_rows_estimate({**spec, "vocab": v // m}, tokens, micro_batches)
        if tied and accumulation == "tf1"
        else int(2 * tokens * SLOT_FRACTION)
    )
    # a mesh: the exchange runs over the N / M ranks holding the same vocabulary shard
    shape = strategies.Shape(
        workers=max(workers // m, 1),
        vocab=v // m,
        hidden=h,
        rows=rows,
        micro_batches=micro_batches,
        item=allreduce_item_bytes(config.compression),
    )
    acc = int(strategy.peak(shape))
    p -= (v - strategy.table_rows(v, workers)) * h  # a sharded table: ceil(V / N) rows held
    state = 16 * p + (2 * p if config.precision == "bf16" else 0)
    # the input table's gradient travels by the strategy (its buffers are `acc`); the rest is
    # allreduced into new tensors (a tied table's one gradient is the embedding's)
    others = parameter_count(spec, m) - v * h // m
    fusion = 0 if config.deterministic else FUSION_BUFFER
    # 2+ micro-batches: the sum of the earlier ones' gradients lives beside the next one's
    # activations (the step adds each micro-batch's gradients to it after its backward pass)
    held = 4 * parameter_count(spec, m) if micro_batches > 1 else 0
    layers = int(spec["enc_layers"]) + int(spec["dec_layers"])
    compiled = 1 if config.timing == "phases" else micro_batches  # phases: one per call
    graph = (compiled - 1) * (GRAPH_PER_MICRO_BATCH + GRAPH_PER_MICRO_BATCH_LAYER * layers)
    return MemoryEstimate(
        state, act, acc, RUNTIME_OVERHEAD + graph, exchanged=4 * others + fusion,
        micro_batch_sum=held,
    )  # fmt: skip


def live_passes(config: MemoryConfig) -> int:
    """How many micro-batches' activations a rank holds at once. One when each waits for the
    previous one's gradients (`micro_batch_order: sequential`) or is its own call (`timing:
    phases`). In `dataflow` order every micro-batch's forward pass is ready when the step
    starts and the executor interleaves them: measured on base (2 ranks, 2,048 tokens,
    TensorFlow's allocator peak) about one pass's worth with 2 micro-batches and two with 4,
    so half of them, rounded up."""
    if config.micro_batch_order == "sequential" or config.timing == "phases":
        return 1
    return -(-config.micro_batches // 2)


def _activation_values(spec: dict, m: int, length: int, dropout: bool) -> float:
    """Values one token keeps for the backward pass over the whole model, a mesh rank's share
    (the replicated ones whole, the split ones an M-th): see the module's docstring."""
    h, f, heads = int(spec["hidden"]), int(spec["filter"]), int(spec["heads"])
    enc, dec = int(spec["enc_layers"]), int(spec["dec_layers"])
    kept = 4 if dropout else 2  # input, norm output (+ output and its dropout mask)
    attention = kept * h + 4 * h / m  # + q, k, v and the context, split by head
    probabilities = (3 if dropout else 1) * heads / m * length
    ffn = kept * h + (3 if dropout else 1) * f / m  # ReLU output (+ mask, masked copy)
    attentions = enc + 2 * dec
    return attentions * (attention + probabilities) + (enc + dec) * ffn
