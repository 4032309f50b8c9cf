"""Communication-volume formulas of the embedding gradient (MISSION §2), one definition for all.

Two figures, never confused:
- LOGICAL accumulation size: the buffer each rank holds after the collective, its own slice
  included (the paper's Figure 1). Allgather: sum_r rows_r * (4H + 8); allreduce: 4 * V * H.
- WIRE bytes one rank sends / receives, which depend on the collective's algorithm. The models here
  are the ring algorithms (Open MPI's tuned `ring` allreduce and allgatherv).
"""

from __future__ import annotations

from collections.abc import Sequence

FLOAT32 = 4
INT64 = 8


def row_bytes(hidden: int) -> int:
    """One IndexedSlices row: float32 values of width H plus its int64 index."""
    return FLOAT32 * hidden + INT64


def logical_allgather_bytes(rows_per_rank: Sequence[int], hidden: int) -> int:
    return sum(rows_per_rank) * row_bytes(hidden)


def logical_allreduce_bytes(vocab: int, hidden: int) -> int:
    return FLOAT32 * vocab * hidden


def tf1_rows(vocab: int, src_slots: int, tgt_slots: int, micro_batches: int = 1) -> int:
    """Rows TF 1.x sends for a tied embedding: the dense pre-softmax gradient turned into V rows
    (once per backward pass), concatenated with the encoder and decoder gather rows."""
    return micro_batches * vocab + src_slots + tgt_slots


def ring_allreduce_wire(nbytes: int, size: int) -> tuple[float, float]:
    """(sent, received) by one rank: reduce-scatter + allgather, each (N-1)/N of the buffer."""
    if size <= 1:
        return 0.0, 0.0
    moved = 2.0 * (size - 1) / size * nbytes
    return moved, moved


def ring_allgatherv_wire(block_bytes: Sequence[int], rank: int) -> tuple[float, float]:
    """(sent, received) by `rank` in a ring allgatherv: it forwards every block but the one of
    its successor (which the successor already holds) and receives every block but its own."""
    size = len(block_bytes)
    if size <= 1:
        return 0.0, 0.0
    total = sum(block_bytes)
    successor = (rank + 1) % size
    return float(total - block_bytes[successor]), float(total - block_bytes[rank])


def sparse_accumulation_peak_bytes(workers: int, rows: int, hidden: int) -> int:
    """Memory the sparse path needs per rank for the gathered buffer, doubled because the
    averaged copy (values / N) is materialised beside the gathered one."""
    return 2 * workers * rows * row_bytes(hidden)
