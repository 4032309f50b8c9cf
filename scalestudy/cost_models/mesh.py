"""The data x model mesh (issue #25), declared once: which models and exchanges it can split,
how ranks map onto it, and the bytes of its model-parallel collectives per step (TF-free: the
plan, the trainer's header and the report ask here).

N ranks form N / M model groups of M consecutive ranks (a group on one node when the ranks per
node are a multiple of M: model-parallel traffic on the fast link) and M data-parallel sets,
the ranks with the same position in their group (i, i + M, i + 2M, ...). Inside a group,
Megatron-style: attention heads and the feed-forward width split M ways (column-parallel in,
row-parallel out), the vocabulary split M ways (contiguous id ranges) for the input embedding
and the pre-softmax projection, with a vocabulary-parallel cross entropy. Two conjugate
operators carry the activations: "copy" (identity forward, allreduce of the gradient backward)
on every replicated input of a split layer, "reduce" (allreduce forward, identity backward) on
every row-parallel output and on the embedding's partial rows.

Batch sizes keep their meaning per rank: a group of M ranks trains on M x tokens_per_worker
(weak), so a mesh point has the global batch of the data-parallel point with the same ranks.
"""

from __future__ import annotations

from dataclasses import dataclass

from scalestudy.cost_models import strategies

# the split dimensions: each must divide evenly by M
SPLIT = ("heads", "filter", "vocab")
# what the cross entropy allreduces per target token: the row max (under stop_gradient), the
# sum of exponentials, the target logit and the sum of the logits (label smoothing)
XENT_TERMS = 4
# the activations' allreduces carry float32 (Horovod 0.28's TensorFlow ops take no bfloat16)
ACTIVATION_ITEM = 4


def refusal(model_ranks: int, spec: dict, exchange: str | None) -> str | None:
    """Why a mesh of `model_ranks` cannot split this model or run this exchange, else None
    (the one rule, for `validate` and the point configuration alike)."""
    m = int(model_ranks)
    if m == 1:
        return None
    for key in SPLIT:
        if int(spec[key]) % m:
            return (
                f"mesh.model {m} does not divide the model's {key} ({spec[key]}): a mesh "
                f"splits {key} evenly over a model group's ranks"
            )
    if exchange is not None and not strategies.get(exchange).with_mesh:
        ok = " or ".join(s.name for s in strategies.STRATEGIES.values() if s.with_mesh)
        return (
            f"mesh.model {m} with exchange {exchange}: not defined (a mesh already splits the "
            f"vocabulary over its model group; its gradients go by {ok} over the data-parallel "
            "set)"
        )
    return None


@dataclass(frozen=True)
class Position:
    """Where a rank sits: its model group and its place in it."""

    group: int  # which model group (= which data-parallel replica)
    place: int  # its position in the group (= which data-parallel set)
    model: int  # M
    groups: int  # N / M

    @classmethod
    def of(cls, rank: int, size: int, model: int) -> Position:
        if size % model:
            raise ValueError(f"mesh.model {model} does not divide the {size} ranks")
        return cls(rank // model, rank % model, model, size // model)

    def model_ranks(self) -> list[int]:
        return [self.group * self.model + i for i in range(self.model)]

    def data_ranks(self) -> list[int]:
        return [g * self.model + self.place for g in range(self.groups)]


@dataclass(frozen=True)
class Slots:
    """One micro-batch's token slots as the model sees them: padded source and target
    positions, and the real (non-pad) target tokens the loss projects."""

    src: int
    tgt: int
    real: int


def activation_elements(s: Slots, hidden: int, enc_layers: int, dec_layers: int) -> dict:
    """Elements a model rank allreduces over its group for one micro-batch, by operator:
    forward "reduce" (the embedding's two lookups, each attention's and feed-forward's
    row-parallel output), backward "copy" (every replicated input of a split layer: attention
    and feed-forward inputs, the cross-attention's queries and its keys/values from the
    encoder output, the projection's input) and the cross entropy's per-token terms."""
    h = hidden
    forward = (s.src + s.tgt) * h + enc_layers * 2 * s.src * h + dec_layers * 3 * s.tgt * h
    backward = enc_layers * 2 * s.src * h + dec_layers * (3 * s.tgt + s.src) * h + s.real * h
    return {"forward": forward, "backward": backward, "xent": XENT_TERMS * s.real}


def activation_bytes(s: Slots, hidden: int, enc_layers: int, dec_layers: int) -> int:
    """Logical bytes of one micro-batch's model-parallel allreduces, per rank."""
    return ACTIVATION_ITEM * sum(activation_elements(s, hidden, enc_layers, dec_layers).values())


def ring_wire(logical: float, model: int) -> float:
    """Bytes a rank sends for allreduces of `logical` bytes over a group of `model` ranks
    (ring: 2 (M - 1) / M of each)."""
    return 2.0 * (model - 1) / model * logical
