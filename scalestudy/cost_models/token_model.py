"""The synthetic data's token distribution and what it implies for the exchange (TF-free).

Ids 2..V-1 (0 is padding, 1 end of sentence) follow a Zipf-Mandelbrot law, p(k) proportional to
(k + 1.7)^-s for the k-th id (k = 1, 2, ...): s = 1 is natural text's exponent, s = 0 uniform.
The number of unique ids among T independent draws is what decides the sparse strategies'
bytes: E[U(T)] = sum_v 1 - (1 - p_v)^T. A rank's U_r is U(R_r); the union of N ranks' ids in
weak scaling U(N R) (the EOS id, in every sentence, adds one).
"""

from __future__ import annotations

import functools

import numpy as np

OFFSET = 1.7  # the Mandelbrot shift: the most frequent ids are less dominant than pure Zipf


@functools.lru_cache(maxsize=64)
def zipf_probabilities(vocab: int, exponent: float = 1.0) -> np.ndarray:
    """Probabilities of ids 2..V-1, in id order (kept: the bisections below ask it ~70 times;
    read-only)."""
    rank = np.arange(1, vocab - 1, dtype=np.float64)
    weights = (rank + OFFSET) ** -float(exponent)
    out = weights / weights.sum()
    out.flags.writeable = False
    return out


def expected_unique(draws: float, vocab: int, exponent: float = 1.0) -> float:
    """Expected distinct ids among `draws` independent draws (words, without EOS)."""
    p = zipf_probabilities(vocab, exponent)
    return float(np.sum(-np.expm1(draws * np.log1p(-p))))


@functools.lru_cache(maxsize=4096)
def draws_for(unique: float, vocab: int) -> float | None:
    """The draws that give `unique` expected distinct ids (bisection); None when `unique` is
    every id the law can give (each step names every id)."""
    most = expected_unique(1e15, vocab)
    if unique >= most - 0.5:
        return None
    lo, hi = 0.0, 1.0
    while expected_unique(hi, vocab) < unique:
        hi *= 2
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if expected_unique(mid, vocab) < unique else (lo, mid)
    return hi


def calibrated_ids(
    measured_unique: float,
    vocab: int,
    workers: int,
    share: float = 1.0,
    at_vocab: int | None = None,
) -> tuple[float, float]:
    """(U_r, U) at N = workers, from a rank's measured U_r at `vocab`: the draws that give the
    measurement, times `share` (a rank's tokens relative to the measured point's: strong
    scaling), at `at_vocab` ids (default: the measured vocabulary). The calibration the report's
    projection and its strategies comparison share."""
    v = at_vocab or vocab
    d = draws_for(measured_unique, vocab)
    if d is None:  # every id named each step
        return float(v), float(v)
    return expected_unique(d * share, v), expected_unique(workers * d * share, v)
