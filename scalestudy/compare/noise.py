"""The noise two runs show, for `compare` (docs/compare.md, "The noise model"): the product's one
noise model (scalestudy/uncertainty), pooled over every point of both runs, with its test of
equal spreads across node counts. This module only holds compare's own rules (how many units
judge a point on its own data) and names the model's parts compare uses."""

from __future__ import annotations

from scalestudy.uncertainty.model import (
    Noise,
    contrast,
    half_width,
    point_value,
    pooled,
    units,
)
from scalestudy.uncertainty.model import units_to_settle as _settle
from scalestudy.uncertainty.tdist import t_quantile

__all__ = [
    "MAX_SETTLE",
    "MIN_ALLOCATIONS",
    "MIN_SAMPLES",
    "Noise",
    "contrast",
    "half_width",
    "point_value",
    "pooled",
    "t_quantile",
    "units",
    "units_to_settle",
]

# the per-point rule (analysis.py): a point with MIN_SAMPLES completed repeats on each side is
# judged on its own units' spread (the model with the point's own data), not on the pooled one
MIN_SAMPLES = 5
# a set grouped by allocation needs this many allocations for the per-point rule: the spread of
# 2 or 3 allocations is too uncertain alone (benchmarks/allocation_bootstrap.py measured the
# bootstrap's false evidence at 2 allocations x 5 repeats: 32%); fewer allocations: the pooled
# model, allocations as units
MIN_ALLOCATIONS = 4
MAX_SETTLE = 1000  # repeats a side beyond which "would settle it" is not worth saying


def units_to_settle(
    ratio: float, threshold: float, noise: Noise, confidence: float, size: float | None = None
) -> int | None:
    """The units a side that would put the interval wholly on one side of `threshold` (the
    spread at `size`, workers, where the run's spreads differ by size)."""
    return _settle(ratio, threshold, noise, confidence, MAX_SETTLE, size)
