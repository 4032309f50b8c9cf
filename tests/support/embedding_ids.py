"""The embedding rows each rank's backward pass touches, computed here with numpy from the
same data stream the trainer draws (its batches depend on the seed, the rank and the step
only), independently of anything the trainer counts or logs: the byte tests compare the
trainer's figures with these."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scalestudy.formats.point_config import PointConfig
from scalestudy.trainer.data import WorkerBatches, split_rows


@dataclass
class Lookup:
    """One micro-batch's input-embedding ids of one rank: both sides, pads included."""

    ids: np.ndarray  # every slot's id: source, then the decoder's shifted target

    @property
    def unique(self) -> np.ndarray:
        return np.unique(self.ids)

    def per_owner(self, ranks: int) -> list[int]:
        """Unique ids owned by each rank (id mod N)."""
        return np.bincount(self.unique % ranks, minlength=ranks).tolist()


def lookups(config: dict, rank: int, ranks: int, step: int) -> list[Lookup]:
    """Rank `rank`'s lookups at `step`, one per micro-batch, as the trainer draws them."""
    cfg = PointConfig.model_validate(config)
    batch, _ = WorkerBatches(cfg, rank, ranks).batch(step)
    micro = split_rows(batch, cfg.micro_batches) if cfg.micro_batches > 1 else [batch]
    out = []
    for mb in micro:
        shifted = np.pad(mb.tgt, ((0, 0), (1, 0)))[:, :-1]  # the decoder's input
        out.append(Lookup(np.concatenate([mb.src.ravel(), shifted.ravel()])))
    return out


def step_ids(config: dict, rank: int, ranks: int, step: int) -> np.ndarray:
    """Every id the rank's input embedding gathered at `step` (all micro-batches)."""
    return np.concatenate([lk.ids for lk in lookups(config, rank, ranks, step)])
