"""The Transformer's arithmetic per training step, declared once (TF-free): the matmul FLOPs of
the forward and backward passes for a batch shape, per rank of a layout (a mesh of M splits
every matmul M ways: heads, feed-forward width and vocabulary). The report scales measured
compute per FLOP by it to project models and vocabularies never run here.

Forward, per encoder layer: the fused query/key/value 2·Ts·H·3H, the output transform
2·Ts·H², the attention scores and their product with the values 2 x 2·b·Ls²·H, the
feed-forward 2 x 2·Ts·H·F. Per decoder layer the same on Tt and Lt, plus the encoder-decoder
attention: queries and output 2 x 2·Tt·H², keys and values 2·Ts·H·2H, scores and values
2 x 2·b·Lt·Ls·H. The pre-softmax projection of the real target tokens 2·Tr·H·V (pads are
not projected). The backward pass computes two products per forward one (the input's gradient
and the weights' or the other operand's): 2x the forward. Element-wise work (norms, softmax,
dropout, the loss) is not counted: under 5% of the matmuls on `base`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BatchShape:
    """One micro-batch as the model computes it: sentences and padded lengths, and the real
    (non-pad) target tokens the loss projects."""

    sentences: int
    src_len: int
    tgt_len: int
    real_tgt: int

    @property
    def src_slots(self) -> int:
        return self.sentences * self.src_len

    @property
    def tgt_slots(self) -> int:
        return self.sentences * self.tgt_len


def forward(spec: dict, b: BatchShape) -> float:
    """Matmul FLOPs of one forward pass of the whole (unsplit) model."""
    h, f, v = int(spec["hidden"]), int(spec["filter"]), int(spec["vocab"])
    ts, tt, n = b.src_slots, b.tgt_slots, b.sentences
    ls, lt = b.src_len, b.tgt_len
    enc = 2 * ts * h * 3 * h + 2 * ts * h * h + 2 * 2 * n * ls * ls * h + 2 * 2 * ts * h * f
    self_attn = 2 * tt * h * 3 * h + 2 * tt * h * h + 2 * 2 * n * lt * lt * h
    cross = 2 * 2 * tt * h * h + 2 * ts * h * 2 * h + 2 * 2 * n * lt * ls * h
    dec = self_attn + cross + 2 * 2 * tt * h * f
    projection = 2 * b.real_tgt * h * v
    return float(int(spec["enc_layers"]) * enc + int(spec["dec_layers"]) * dec + projection)


def step(spec: dict, b: BatchShape, model_ranks: int = 1) -> dict[str, float]:
    """Forward, backward and total matmul FLOPs one rank computes for micro-batch `b` (a mesh
    rank: an M-th of the group's)."""
    fwd = forward(spec, b) / max(int(model_ranks), 1)
    return {"forward": fwd, "backward": 2 * fwd, "total": 3 * fwd}


def micro_batches(spec: dict, shapes: list[BatchShape], model_ranks: int = 1) -> float:
    """Model FLOPs one rank computes in a step of these micro-batches (each padded to its own
    longest sentence, so the attention terms are per micro-batch, not of their sum)."""
    return sum(step(spec, b, model_ranks)["total"] for b in shapes)
