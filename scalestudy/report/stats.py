"""The report's interval types, from the product's one noise model (scalestudy/uncertainty:
every interval the report prints is computed there).

What stays here is the projection's resampling (report/projection.py and report/analysis.py's
projection draw bootstrap medians of a point's repeats for their prediction intervals): a
seeded bootstrap of the median, in two levels for a `Clustered` set (allocations with
replacement, then the repeats within each drawn allocation)."""

from __future__ import annotations

import numpy as np

from scalestudy.uncertainty.model import CONFIDENCE, Clustered, Estimate, Samples

__all__ = ["CONFIDENCE", "N_BOOT", "SEED", "Clustered", "Estimate", "Samples"]

SEED = 20190513  # fixed: the same table always gives the same projection draws
N_BOOT = 4000


def _clean(samples: Samples) -> np.ndarray:
    arr = np.asarray([float(s) for s in samples if s is not None], dtype=float)
    return arr[np.isfinite(arr)]


def _boot_medians(samples: Samples, rng: np.random.Generator, n_boot: int) -> np.ndarray:
    """n_boot medians of resamples: of the values, or (Clustered) of groups drawn with
    replacement, each resampled within itself (groups padded with NaN to one width)."""
    if not isinstance(samples, Clustered) or len(samples.groups) < 2:
        arr = _clean(samples)
        return np.median(arr[rng.integers(0, arr.size, size=(n_boot, arr.size))], axis=1)
    groups = [_clean(g) for g in samples.groups]
    groups = [g for g in groups if g.size]
    sizes = np.array([g.size for g in groups])
    padded = np.full((len(groups), sizes.max()), np.nan)
    for i, g in enumerate(groups):
        padded[i, : g.size] = g
    drawn = rng.integers(0, len(groups), size=(n_boot, len(groups)))  # allocations
    within = rng.random((n_boot, len(groups), sizes.max()))
    index = np.floor(within * sizes[drawn][..., None]).astype(int)  # a repeat of each
    values = padded[drawn[..., None], index]
    values[np.arange(sizes.max()) >= sizes[drawn][..., None]] = np.nan  # a group's own size
    return np.nanmedian(values.reshape(n_boot, -1), axis=1)
