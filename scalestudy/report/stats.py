"""Repeats are the samples (steps within a run are not independent): medians over repeats with
a percentile-bootstrap confidence interval, seeded so a report is the same every time.

Repeats that share an allocation (a bundled sweep's, schedule: bundled) share its placement and
its neighbours: they are not independent of each other. Given as `Clustered` (one group per
allocation), a sample set is resampled in two levels: allocations with replacement, then the
repeats within each drawn allocation, so the interval carries the spread between allocations
and not only the one inside them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

SEED = 20190513  # fixed: the same table always gives the same intervals
N_BOOT = 4000
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    """A median over n samples with its bootstrap interval (lo == hi == value when n == 1:
    one repeat has no spread to resample, which the summary says)."""

    value: float
    lo: float
    hi: float
    n: int

    def as_dict(self) -> dict:
        return {"value": self.value, "lo": self.lo, "hi": self.hi, "n": self.n}


@dataclass(frozen=True)
class Clustered:
    """A sample set in groups (a point's repeats by allocation)."""

    groups: tuple[tuple[float, ...], ...]

    @classmethod
    def of(cls, values: Sequence[float], keys: Sequence) -> Clustered | list[float]:
        """Values grouped by key (e.g. allocation); a plain list when there is one group."""
        groups: dict = {}
        for v, k in zip(values, keys, strict=True):
            groups.setdefault(k, []).append(v)
        if len(groups) < 2:
            return list(values)
        return cls(tuple(tuple(g) for g in groups.values()))

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)

    def __iter__(self):
        return (v for g in self.groups for v in g)


Samples = Sequence[float] | Clustered


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


def _interval(boot: np.ndarray, confidence: float) -> tuple[float, float]:
    tail = (1.0 - confidence) / 2.0 * 100.0
    lo, hi = np.percentile(boot, [tail, 100.0 - tail])
    return float(lo), float(hi)


def median_ci(
    samples: Samples,
    *,
    n_boot: int = N_BOOT,
    confidence: float = CONFIDENCE,
    seed: int = SEED,
) -> Estimate:
    """Median of the samples and a percentile-bootstrap interval of the median."""
    arr = _clean(samples)
    if arr.size == 0:
        raise ValueError("no samples")
    value = float(np.median(arr))
    if arr.size == 1:
        return Estimate(value, value, value, 1)
    rng = np.random.default_rng(seed)
    lo, hi = _interval(_boot_medians(samples, rng, n_boot), confidence)
    return Estimate(value, lo, hi, int(arr.size))


def ratio_ci(
    numerator: Samples,
    denominator: Samples,
    combine: Callable[[np.ndarray, np.ndarray], np.ndarray],
    *,
    n_boot: int = N_BOOT,
    confidence: float = CONFIDENCE,
    seed: int = SEED,
) -> Estimate:
    """combine(median(a), median(b)) with an interval from resampling both sample sets
    independently (two allocations' repeats are independent): how the uncertainty of the
    baseline reaches an efficiency or a speedup. `combine` works elementwise on arrays."""
    return combined_ci(
        [numerator, denominator], combine, n_boot=n_boot, confidence=confidence, seed=seed
    )


def combined_ci(
    sample_sets: Sequence[Samples],
    combine: Callable[..., np.ndarray],
    *,
    n_boot: int = N_BOOT,
    confidence: float = CONFIDENCE,
    seed: int = SEED,
) -> Estimate:
    """combine(median(s1), median(s2), ...) over independent sample sets, with an interval
    from resampling each set independently (ratio_ci is its two-set case; `scalestudy compare`
    uses four: a ratio of two efficiencies). n is the smallest set's size."""
    sets = [_clean(s) for s in sample_sets]
    if any(s.size == 0 for s in sets):
        raise ValueError("no samples")
    value = float(combine(*(np.array([np.median(s)]) for s in sets))[0])
    if all(s.size == 1 for s in sets):
        return Estimate(value, value, value, 1)
    rng = np.random.default_rng(seed)
    boots = [_boot_medians(s, rng, n_boot) for s in sample_sets]
    lo, hi = _interval(combine(*boots), confidence)
    return Estimate(value, lo, hi, int(min(s.size for s in sets)))
