"""The noise of the measured medians that the projection's intervals draw: the one place the
projection takes it from (report/stats.py today; the product's one noise model when it lands,
issue #44 point 1: switch these functions and nothing else)."""

from __future__ import annotations

import math

from scalestudy.report import stats

CONFIDENCE = stats.CONFIDENCE  # the report's one level


def clean(samples):
    """The finite values of a size's repeats (a list or a Clustered), as an array."""
    return stats._clean(samples)


def medians_drawn(samples, rng, n: int):
    """n draws of the size's median: resampled repeats (allocations first for a Clustered
    set); one value (or none) has no spread to draw and is repeated."""
    import numpy as np

    arr = stats._clean(samples)
    if arr.size <= 1:
        return np.full(n, float(arr[0]) if arr.size else math.nan)
    return stats._boot_medians(samples, rng, n)
