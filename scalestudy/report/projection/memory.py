"""Memory per rank projected: the measured peak RSS at the anchor plus the memory model's
growth from there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scalestudy.report.projection.physics import ProjectedPoint


@dataclass
class Memory:
    """Memory per rank: the measured peak RSS at the anchor (else the model's own figure
    there) + the memory model's growth from the anchor (`spec` None: no model)."""

    spec: dict | None
    anchor_workers: int
    anchor_rss: float | None
    bytes_of: Callable[[int], float]  # the memory model's bytes per rank at w workers

    def rank_bytes(self, w: int) -> float | None:
        if self.spec is None:
            return None
        at_anchor = self.bytes_of(self.anchor_workers)
        base = self.anchor_rss if self.anchor_rss else at_anchor
        return base + self.bytes_of(w) - at_anchor

    def fill(self, pp: ProjectedPoint, ppn: int) -> None:
        pp.rank_bytes = self.rank_bytes(pp.workers)
        pp.node_bytes = pp.rank_bytes * ppn
        if pp.node_memory_bytes:
            pp.oom = pp.node_bytes > pp.node_memory_bytes

    def notes(self, from_table: bool) -> list[str]:
        out = []
        if from_table and self.spec is not None:
            out.append(
                "model for the memory projection: its preset with the table's vocabulary and "
                "width (no points.jsonl beside the table: `scalestudy collect` writes it)"
            )
        if self.spec is None:
            out.append("memory not projected: the model is not a preset")
        return out

    def closing_note(self, anchor_nodes: int) -> list[str]:
        if self.spec is None:
            return []
        return [
            "memory per rank = measured peak RSS at "
            f"{anchor_nodes} node(s) + the memory model's growth from there"
            if self.anchor_rss
            else "memory per rank = the memory model alone (no measured RSS)"
        ]
