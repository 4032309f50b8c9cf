"""The official Transformer's learning-rate schedule, parametrised by its PEAK rate
(docs/trainer.md, `learning_rate`).

lr(step) = c * H^-0.5 * min(1, step/warmup) * rsqrt(max(step, warmup)); the peak, reached at
step == warmup, is c / sqrt(H * warmup), so c = peak * sqrt(H * warmup).
"""

from __future__ import annotations

import math


def multiplier_for_peak(peak: float, hidden: int, warmup: int) -> float:
    return peak * math.sqrt(hidden * warmup)


def learning_rate(step: int, peak: float, hidden: int, warmup: int) -> float:
    step = max(step, 1)
    c = multiplier_for_peak(peak, hidden, warmup)
    return c * hidden**-0.5 * min(1.0, step / warmup) * (1.0 / math.sqrt(max(step, warmup)))


def scaled_peak(
    peak: float, scaling: str, global_batch: float, reference_batch: float | None
) -> float:
    """Peak rate after scaling with the global batch (`none`, `linear` or `sqrt`)."""
    if scaling == "none":
        return peak
    if not reference_batch:
        raise ValueError("lr scaling needs a reference global batch")
    ratio = global_batch / reference_batch
    return peak * (ratio if scaling == "linear" else math.sqrt(ratio))
