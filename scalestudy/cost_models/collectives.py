"""Horovod's collectives as one table: what each moves, its cost model, its Horovod call and
the shapes the comm workload times it on. A new collective is one entry here (`register`).

Each entry's cost model is the one the report projects with (report/projection/) and the
comm sweep fits (cost_models/comm_fit.py): a call of `bytes` (allreduce: the whole tensor;
allgather: one rank's share; alltoall: its whole send buffer) over N workers costs

    t = o + g x result(N) x bytes + alpha(N) x latency + wire(N) x bytes x ppn / bw

o a per-call overhead, g a local cost per byte of the result, ring algorithms (allreduce,
allgather) or direct exchange after Horovod's exchange of the int32 splits (alltoall), the
node's link shared by its ppn ranks. `own_link`: a process set's collective (a mesh's model
group), fitted on its own link whatever the nodes (shared memory when the group sits on one
node), ppn 1.

The comm workload (workloads/comm.py) times every entry's size sweep from `call` (the Horovod
call, given hvd: nothing here imports TensorFlow or Horovod), `sweep_elements` (the float32
elements of its tensor for a requested size) and `result` (its logical bytes); the trainer's
exact shapes of a collective, where it has them, are that module's (`TRAINER_CASES`, keyed by
the name here).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Collective:
    name: str
    summary: str  # one line, for the docs
    alpha: Callable[[int], float]  # latency terms at N workers
    wire: Callable[[int], float]  # bytes each rank puts on the link per byte of `bytes`, at N
    result: Callable[[int], int]  # bytes of the result per byte of `bytes`, at N
    formula: str  # the model in words (comm_fit.MODEL_TEXT)
    call: Callable  # (hvd, tensor, name, **kw) -> the Horovod call's output tensors
    sweep_elements: Callable[[int, int], int] = lambda elements, size: elements
    own_link: bool = False  # a process set's own link (fit and projection: ppn 1)
    exchange: bool = True  # one of the data-parallel exchange's (a CommModel has its link)

    def local_bytes(self, workers: int, nbytes: float) -> float:
        """Bytes of the result on each rank, which it copies whatever the network."""
        return self.result(max(workers, 1)) * nbytes

    def terms(self, workers: int, ppn: int, nbytes: float) -> tuple[float, float]:
        """(coefficient of alpha, coefficient of 1/bw) of one call."""
        return self.alpha(workers), self.wire(workers) * nbytes * max(ppn, 1)

    def time_s(self, nbytes: float, workers: int, ppn: int, link) -> float:
        """One call's time on a report Link (its latency, bandwidth, overhead, local cost)."""
        if workers <= 1 or nbytes <= 0:
            return 0.0
        local = link.overhead_s + link.local_s_per_byte * self.result(workers) * nbytes
        return (
            local
            + self.wire(workers) * nbytes / link.bytes_per_s(ppn)
            + self.alpha(workers) * link.latency_s
        )


def _ring2(n: int) -> float:
    return 2.0 * (n - 1) / n


def _alpha2(n: int) -> float:
    return 2.0 * (n - 1)


def _one(n: int) -> int:
    return 1


def _allreduce(hvd, tensor, name, **kw):
    return [hvd.allreduce(tensor, op=kw.pop("op", hvd.Average), name=name, **kw)]


def _allgather(hvd, tensor, name, **kw):
    return [hvd.allgather(tensor, name=name, **kw)]


def _alltoall(hvd, tensor, name, **kw):
    if "splits" in kw:  # uneven blocks: the output (and the splits received, not kept)
        return [hvd.alltoall(tensor, name=name, **kw)[0]]
    return [hvd.alltoall(tensor, name=name, **kw)]


TABLE: dict[str, Collective] = {}


def register(c: Collective) -> Collective:
    TABLE[c.name] = c
    return c


def names(*, exchange: bool | None = None) -> tuple[str, ...]:
    """Every collective's name, in the table's order (exchange: only those, or only not)."""
    return tuple(n for n, c in TABLE.items() if exchange is None or c.exchange == exchange)


def get(name: str) -> Collective:
    try:
        return TABLE[name]
    except KeyError:
        raise ValueError(f"unknown collective {name!r}") from None


register(
    Collective(
        "allreduce",
        "ring allreduce of a whole tensor (the dense gradients)",
        alpha=_alpha2,
        wire=_ring2,
        result=_one,
        formula="allreduce t = o + g B + 2(N-1) alpha + 2(N-1)/N x B x ppn / bw (B: the whole "
        "tensor)",
        call=_allreduce,
    )
)
register(
    Collective(
        "allgather",
        "ring allgather of each rank's share (the sparse rows)",
        alpha=lambda n: float(n - 1),
        wire=lambda n: float(n - 1),
        result=lambda n: n,
        formula="allgather t = o + g N b + (N-1) alpha + (N-1) x b x ppn / bw (b: one rank's "
        "bytes)",
        call=_allgather,
    )
)
register(
    Collective(
        "alltoall",
        "direct alltoall of each rank's send buffer, after the int32 splits",
        alpha=_alpha2,
        wire=lambda n: (n - 1) / n,
        result=_one,
        formula="alltoall t = o + g b + 2(N-1) alpha + (N-1)/N x b x ppn / bw (splits, then "
        "the data)",
        call=_alltoall,
        sweep_elements=lambda elements, size: -(-elements // size) * size,  # N equal blocks
    )
)
GROUP = register(
    Collective(
        "group_allreduce",
        "a data x model mesh's allreduce over its model group (a process set of M ranks)",
        alpha=_alpha2,
        wire=_ring2,
        result=_one,
        formula="group_allreduce (a mesh's model group of M ranks, its own link, ppn 1) as "
        "allreduce with N = M",
        call=_allreduce,
        own_link=True,
        exchange=False,
    )
).name
