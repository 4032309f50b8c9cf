"""The `comm` workload's options (a sweep's `comm:` block, then point.json's): below both the
sweep file that validates them and the workload that reads them (scalestudy/workloads/comm.py).
The collectives a sweep may ask for are the exchange collectives of cost_models/collectives.py,
read when a file is validated. The workloads' table names this model as comm's options
(scalestudy/workloads/table.py); the fields' descriptions are their sentences in the sweep
reference (docgen fills `{collectives}` from the collectives' table)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from scalestudy.cost_models import collectives
from scalestudy.formats.table_names import OneOf


def _exchange_collectives() -> tuple[str, ...]:
    return collectives.names(exchange=True)


class CommOptions(BaseModel):
    """The `comm` workload: which collectives, which extra message sizes, how many timed
    iterations (after warm-up ones) per size."""

    model_config = ConfigDict(extra="forbid")
    # alltoall: the exchange of sparse_reduce and sharded_embedding (issue #13)
    collectives: list[Annotated[str, OneOf(_exchange_collectives)]] = Field(
        ["allreduce", "allgather"], description="The collectives timed: {collectives}."
    )
    sizes_bytes: list[Annotated[int, Field(ge=4)]] = Field(
        [4**k for k in range(5, 14)],  # 1 KiB..64 MiB
        description="Message sizes per rank of the size sweep, besides the trainer's own "
        "exchange shapes. Default: 1 KiB to 64 MiB in powers of 4.",
    )
    iterations: int = Field(20, ge=2, description="Timed iterations per collective and size.")
    warmup: int = Field(3, ge=0, description="Untimed iterations before them.")
