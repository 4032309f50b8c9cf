"""Communication-volume formulas of the embedding gradient, one definition for all (the plan,
the report's figures and projections, the tests).

Two figures, never confused:
- LOGICAL accumulation size: the buffer each rank holds after the collective, its own slice
  included (the paper's Figure 1). Allgather: sum_r rows_r * (4H + 8); allreduce: 4 * V * H;
  sparse reduce: U * (4H + 8), U the union of the ids the ranks touched.
- WIRE bytes one rank sends / receives, which depend on the collective's algorithm. The models here
  are the ring algorithms (Open MPI's tuned `ring` allreduce and allgatherv) and, for the sparse
  reduction's alltoall, direct exchange (each block goes straight to its rank, none to itself).

The sparse reduction by row owner (trainer `exchange: sparse_reduce`), for rank r of N with R_r
rows of width H: de-duplication leaves U_r <= R_r unique ids (R_r * (4H + 8) -> U_r * (4H + 8)
bytes held); an alltoall sends each unique row to its owner (id mod N), after Horovod's
alltoall of the int32 splits (4 bytes to every other rank); each owner sums what it received
into its O_r rows (sum_r O_r = U); an allgather (ring) gives every rank all U reduced rows.

The sharded input embedding (trainer `exchange: sharded_embedding`), for rank r per lookup of
its T ids: U_r unique ids, a_o of them owned by rank o (sum a_o = U_r), and Q_r ids it serves as
owner (s_o asked by rank o). Three alltoalls, each after Horovod's int32 splits: the ids
(8 bytes each) to their owners, the rows (item x H each) back, and in the backward pass the rows'
gradients to the owners again. Logical bytes held: the U_r rows looked up, the Q_r ids served
and the Q_r gradient rows received: U_r x item H + Q_r x (8 + item H) -- tokens x H, whatever V
and N.
"""

from __future__ import annotations

from collections.abc import Sequence

FLOAT32 = 4
INT64 = 8


def row_bytes(hidden: int) -> int:
    """One IndexedSlices row: float32 values of width H plus its int64 index (Horovod's
    compression leaves IndexedSlices as they are)."""
    return FLOAT32 * hidden + INT64


def logical_allgather_bytes(rows_per_rank: Sequence[int], hidden: int) -> int:
    return sum(rows_per_rank) * row_bytes(hidden)


def logical_allreduce_bytes(vocab: int, hidden: int, item: int = FLOAT32) -> int:
    return item * vocab * hidden


def logical_sparse_reduce_bytes(union_rows: int, hidden: int, item: int = FLOAT32) -> int:
    """What every rank holds after the sparse reduction: the U reduced rows, values and id."""
    return union_rows * (item * hidden + INT64)


def sparse_reduce_wire(
    sent_rows: Sequence[int],
    received_rows: Sequence[int],
    owned_rows: Sequence[int],
    rank: int,
    hidden: int,
    item: int = FLOAT32,
) -> tuple[tuple[float, float], tuple[float, float]]:
    """((alltoall sent, received), (allgather sent, received)) of `rank`, exact for the counts
    of one step: rows it sent to / received from each rank (its own block stays local) plus the
    int32 splits Horovod exchanges first, and the ring allgatherv of each owner's rows."""
    size = len(sent_rows)
    if size <= 1:
        return (0.0, 0.0), (0.0, 0.0)
    row = item * hidden + INT64
    splits = 4 * (size - 1)
    a2a_sent = splits + row * (sum(sent_rows) - sent_rows[rank])
    a2a_recv = splits + row * (sum(received_rows) - received_rows[rank])
    gathered = ring_allgatherv_wire([o * row for o in owned_rows], rank)
    return (float(a2a_sent), float(a2a_recv)), gathered


def sparse_reduce_bytes(
    workers: int, hidden: int, rows: int, unique_rows: int, union_rows: int
) -> dict[str, float]:
    """The sparse reduction of one rank in N, H, R_r, U_r, U, float32 values and int64 ids,
    its rows' owners spread evenly over the ranks (ids mod N of Zipfian text come close):
    bytes held before and after de-duplication, after the exchange (logical), and the wire
    bytes sent (alltoall: (N-1)/N of U_r rows + the splits; ring allgather: (N-1)/N of U rows,
    sent and received alike on average)."""
    n, row = workers, row_bytes(hidden)
    if n <= 1:
        alltoall = allgather = 0.0
    else:
        alltoall = 4 * (n - 1) + (n - 1) / n * unique_rows * row
        allgather = (n - 1) / n * union_rows * row
    return {
        "local_rows_bytes": rows * row,
        "deduplicated_bytes": unique_rows * row,
        "logical_bytes": logical_sparse_reduce_bytes(union_rows, hidden),
        "wire_sent_alltoall": alltoall,
        "wire_sent_allgather": allgather,
        "wire_sent": alltoall + allgather,
    }


def logical_sharded_embedding_bytes(
    unique_rows: int, served_rows: int, hidden: int, item: int = FLOAT32
) -> int:
    """What a rank holds after one sharded lookup and its backward pass (see the docstring)."""
    return unique_rows * item * hidden + served_rows * (INT64 + item * hidden)


def sharded_embedding_wire(
    asked: Sequence[int], served: Sequence[int], rank: int, hidden: int, item: int = FLOAT32
) -> tuple[float, float]:
    """(sent, received) by `rank` in one sharded lookup, exact for its counts: ids out and
    rows back in the forward pass, gradient rows out in the backward pass (own blocks stay
    local), plus the splits each of the three alltoalls exchanges first."""
    size = len(asked)
    if size <= 1:
        return 0.0, 0.0
    out_ids = sum(asked) - asked[rank]  # ids (and later gradient rows) this rank sends away
    in_ids = sum(served) - served[rank]  # ids other ranks asked of it (rows it sends back)
    row = item * hidden
    splits = 3 * 4 * (size - 1)
    sent = splits + out_ids * INT64 + in_ids * row + out_ids * row
    received = splits + in_ids * INT64 + out_ids * row + in_ids * row
    return float(sent), float(received)


def sharded_embedding_bytes(workers: int, hidden: int, unique_rows: int) -> dict[str, float]:
    """One rank's sharded lookup in N, H and U_r, float32 rows, its ids' owners spread evenly
    and every rank serving as many ids as it asks (Q_r = U_r): logical bytes and the wire bytes
    sent ((N-1)/N of the ids, of the rows served back and of the gradient rows)."""
    n, u = workers, unique_rows
    logical = logical_sharded_embedding_bytes(u, u, hidden)
    if n <= 1:
        return {"logical_bytes": logical, "wire_sent_alltoall": 0.0, "wire_sent": 0.0}
    wire = 3 * 4 * (n - 1) + (n - 1) / n * u * (INT64 + 2 * FLOAT32 * hidden)
    return {"logical_bytes": logical, "wire_sent_alltoall": wire, "wire_sent": wire}


def sharded_embedding_peak_bytes(workers: int, rows: int, vocab: int, hidden: int) -> int:
    """Memory of the sharded lookup per rank at most (planning): the looked-up rows twice
    (arrived and reordered), the served rows and their gradient, U_r <= min(R, V) and at most
    min(N R, V) rows served (each rank asks each id once)."""
    unique = min(rows, vocab)
    served = min(workers * rows, vocab)
    return (2 * unique + 2 * served) * row_bytes(hidden)


def tf1_rows(vocab: int, src_slots: int, tgt_slots: int, micro_batches: int = 1) -> int:
    """Rows TF 1.x sends for a tied embedding: the dense pre-softmax gradient turned into V rows
    (once per backward pass), concatenated with the encoder and decoder gather rows."""
    return micro_batches * vocab + src_slots + tgt_slots


def gradient_rows(
    vocab: int,
    src_slots: int,
    tgt_slots: int,
    micro_batches: int = 1,
    *,
    accumulation: str = "tf1",
    tied: bool = True,
) -> int:
    """Rows one worker's embedding IndexedSlices holds, from the slots it actually computed
    (the report's projection and collect's rows check both ask here)."""
    if accumulation == "tf1" and tied:
        return tf1_rows(vocab, src_slots, tgt_slots, micro_batches)
    return src_slots + tgt_slots


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


def sparse_reduce_peak_bytes(workers: int, rows: int, vocab: int, hidden: int) -> int:
    """Memory the sparse reduction needs per rank at most (planning): each stage's rows twice
    (the buffer and its reordered, packed or averaged copy): U_r <= min(R, V) unique rows, at
    most one row per sending rank of the ~V/N ids a rank owns received, U <= min(N R, V)
    gathered."""
    unique = min(rows, vocab)
    received = min(workers * unique, vocab + workers)
    union = min(workers * rows, vocab)
    return 2 * (unique + received + union) * row_bytes(hidden)


def vocab_parallel_softmax_bytes(
    workers: int, hidden: int, target_tokens: float
) -> dict[str, float]:
    """A vocabulary-parallel softmax (Mesh-TF style; NOT implemented in the trainer: a formula
    only, drawn "model only"), for T target tokens per rank: each rank keeps V/N rows of the
    output projection, whose gradient then never leaves it. Per step: an allgather of the N x T
    hidden states (4H each), allreduces of the max, the sum of exponentials and the target's
    logit of every one of the N x T positions (4 bytes each), and in the backward pass a
    reduce-scatter of the [N T, H] hidden-state gradient. It replaces the data-parallel
    softmax weights' dense allreduce (4VH), so it saves bandwidth only while N T < V roughly:
    for large-batch Transformers it is mainly a memory saving."""
    n, t = workers, target_tokens
    states = n * t * FLOAT32 * hidden
    scalars = 3 * n * t * FLOAT32
    logical = states + scalars + t * FLOAT32 * hidden  # gathered, reduced, dh slice kept
    if n <= 1:
        return {"logical_bytes": logical, "wire_sent": 0.0}
    share = (n - 1) / n
    wire = share * states + 2 * share * scalars + share * states  # ring allgather, allreduces, RS
    return {"logical_bytes": logical, "wire_sent": wire}


# bytes of one allreduced gradient value, by Horovod compression
ALLREDUCE_ITEM_BYTES = {"none": 4, "fp16": 2}


def allreduce_item_bytes(compression: str) -> int:
    """Bytes an allreduced gradient value travels in (IndexedSlices rows stay float32), by a
    configuration's `compression` (a record's is read as a PointConfig first)."""
    return ALLREDUCE_ITEM_BYTES[compression]
