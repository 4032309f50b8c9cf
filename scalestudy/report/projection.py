"""Formulas and the stated models behind every line the report draws beyond its measurements.

Everything here is labelled "projection" wherever it is shown and drawn dashed; nothing here
is ever mixed into the measured series.

- Accumulation size (exact, MISSION §2): sparse sum_r R_r x (4H + 8), dense 4VH; the rows of a
  worker are R = M x V + Tsrc + Ttgt on the tf1 path with a tied embedding, Tsrc + Ttgt otherwise.
- Memory per rank: the measured peak RSS of the largest measured point plus the growth the
  memory model (scalestudy.contract.memory_model) predicts from there; against node memory / ppn.
- Step time: the measured compute (+ apply) time plus a communication model with the profile's
  interconnect: ring allreduce 2(N-1)/N x B / bw + 2(N-1) x latency for the dense gradients,
  ring allgather (N-1) x b / bw + (N-1) x latency for the IndexedSlices (b: one rank's slice),
  the ranks of a node sharing its one link (bw per rank = link / ppn).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scalestudy.contract import comm_model, memory_model
from scalestudy.contract.point_config import PRESETS

# Share of the 2 x tokens_per_worker padded slots the official bucketing fills (MISSION §2:
# ~9,480 of 10,000 at 5,000 tokens per worker); memory_model uses the same figure.
SLOT_FRACTION = 0.95


def formula_rows_exact(
    vocab: int,
    src_slots: int,
    tgt_slots: int,
    micro_batches: int = 1,
    *,
    accumulation: str = "tf1",
    tied: bool = True,
) -> int:
    """Rows one worker's embedding IndexedSlices holds, from the slots it actually computed."""
    if accumulation == "tf1" and tied:
        return comm_model.tf1_rows(vocab, src_slots, tgt_slots, micro_batches)
    return src_slots + tgt_slots


def formula_rows(
    vocab: int,
    tokens_per_worker: int,
    micro_batches: int = 1,
    *,
    accumulation: str = "tf1",
    tied: bool = True,
    slot_fraction: float = SLOT_FRACTION,
) -> int:
    """Rows per worker before a run: the padded slots estimated as slot_fraction of 2 x
    tokens_per_worker (source and target each cap at tokens_per_worker)."""
    slots = int(2 * tokens_per_worker * slot_fraction)
    return formula_rows_exact(
        vocab, slots // 2, slots - slots // 2, micro_batches, accumulation=accumulation, tied=tied
    )


def sparse_accumulation_bytes(rows_per_rank: Sequence[float], hidden: int) -> int:
    """Logical allgather size one rank holds: every rank's rows x (4H + 8)."""
    return round(sum(rows_per_rank) * comm_model.row_bytes(hidden))


def dense_accumulation_bytes(vocab: int, hidden: int) -> int:
    return comm_model.logical_allreduce_bytes(vocab, hidden)


def accumulation_ratio(workers: int, rows_per_worker: float, vocab: int, hidden: int) -> float:
    """Sparse over dense logical size (indices included): N x R x (4H + 8) / (4VH)."""
    sparse = sparse_accumulation_bytes([rows_per_worker] * workers, hidden)
    return sparse / dense_accumulation_bytes(vocab, hidden)


def values_ratio(workers: int, rows_per_worker: float, vocab: int) -> float:
    """The same ratio over the float32 values only: N x R / V (MISSION §2's 82x)."""
    return workers * rows_per_worker / vocab


@dataclass(frozen=True)
class Link:
    name: str
    latency_us: float
    bandwidth_gbps: float  # gigabits per second, as the cluster profiles give it

    def bytes_per_s(self, ppn: int) -> float:
        """What one rank gets when the node's ppn ranks share the link."""
        return self.bandwidth_gbps * 1e9 / 8.0 / max(ppn, 1)

    @property
    def latency_s(self) -> float:
        return self.latency_us * 1e-6


def ring_allreduce_s(nbytes: float, workers: int, ppn: int, link: Link) -> float:
    if workers <= 1 or nbytes <= 0:
        return 0.0
    moved = 2.0 * (workers - 1) / workers * nbytes
    return moved / link.bytes_per_s(ppn) + 2 * (workers - 1) * link.latency_s


def ring_allgather_s(rank_bytes: float, workers: int, ppn: int, link: Link) -> float:
    if workers <= 1 or rank_bytes <= 0:
        return 0.0
    return (workers - 1) * rank_bytes / link.bytes_per_s(ppn) + (workers - 1) * link.latency_s


def comm_model_s(
    workers: int, ppn: int, link: Link, allreduce_bytes: float, allgather_rank_bytes: float
) -> float:
    """Modelled exchange time of one step: the dense allreduce plus the sparse allgather."""
    return ring_allreduce_s(allreduce_bytes, workers, ppn, link) + ring_allgather_s(
        allgather_rank_bytes, workers, ppn, link
    )


def projected_nodes(measured_max: int, project_to: int) -> list[int]:
    """Node counts beyond the measured ones: doubling from the largest measured, and the
    target itself."""
    out, n = [], measured_max * 2
    while n < project_to:
        out.append(n)
        n *= 2
    if project_to > measured_max:
        out.append(project_to)
    return out


def model_spec(model: str | None, vocab: float | None, hidden: float | None, tied) -> dict | None:
    """The memory model's spec from the table: the preset's shape with the recorded vocabulary
    and width (a sweep's other overrides are not in the table)."""
    if model not in PRESETS:
        return None
    spec: dict = dict(PRESETS[model])
    if vocab is not None and math.isfinite(vocab):
        spec["vocab"] = int(vocab)
    if hidden is not None and math.isfinite(hidden):
        spec["hidden"] = int(hidden)
    spec["tie_embeddings"] = True if tied is None else bool(tied)
    return spec


def predicted_rank_bytes(
    spec: dict,
    *,
    workers: int,
    tokens_per_worker: int,
    micro_batches: int,
    accumulation: str,
    sparse_as_dense: bool,
) -> int:
    return memory_model.estimate(
        spec,
        workers=workers,
        tokens_per_worker=max(int(tokens_per_worker), 1),
        micro_batches=max(int(micro_batches), 1),
        accumulation=accumulation,
        sparse_as_dense=sparse_as_dense,
    ).per_rank
