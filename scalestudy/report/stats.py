"""Repeats are the samples (steps within a run are not independent): medians over repeats with
a percentile-bootstrap confidence interval, seeded so a report is the same every time."""

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


def _clean(samples: Sequence[float]) -> np.ndarray:
    arr = np.asarray([float(s) for s in samples if s is not None], dtype=float)
    return arr[np.isfinite(arr)]


def _interval(boot: np.ndarray, confidence: float) -> tuple[float, float]:
    tail = (1.0 - confidence) / 2.0 * 100.0
    lo, hi = np.percentile(boot, [tail, 100.0 - tail])
    return float(lo), float(hi)


def median_ci(
    samples: Sequence[float],
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
    idx = rng.integers(0, arr.size, size=(n_boot, arr.size))
    lo, hi = _interval(np.median(arr[idx], axis=1), confidence)
    return Estimate(value, lo, hi, int(arr.size))


def ratio_ci(
    numerator: Sequence[float],
    denominator: Sequence[float],
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
    sample_sets: Sequence[Sequence[float]],
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
    boots = [np.median(s[rng.integers(0, s.size, size=(n_boot, s.size))], axis=1) for s in sets]
    lo, hi = _interval(combine(*boots), confidence)
    return Estimate(value, lo, hi, int(min(s.size for s in sets)))
