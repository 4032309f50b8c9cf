"""`allreduce`, Horovod's `sparse_as_dense`: every IndexedSlices gradient is made a dense
[V, H] tensor before the exchange (the step calls `densify`) and allreduced with the dense
gradients (the base class), 4VH bytes whatever N."""

from __future__ import annotations

from scalestudy.cost_models import strategies
from scalestudy.trainer.exchanges.base import GradientExchange


class AllreduceExchange(GradientExchange):
    strategy = strategies.get("allreduce")
