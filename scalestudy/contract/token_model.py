"""The synthetic data's token distribution and what it implies for the exchange (TF-free).

Ids 2..V-1 (0 is padding, 1 end of sentence) follow a Zipf-Mandelbrot law, p(k) proportional to
(k + 1.7)^-s for the k-th id (k = 1, 2, ...): s = 1 is natural text's exponent, s = 0 uniform.
The number of unique ids among T independent draws is what decides the sparse strategies'
bytes: E[U(T)] = sum_v 1 - (1 - p_v)^T. A rank's U_r is U(R_r); the union of N ranks' ids in
weak scaling U(N R) (the EOS id, in every sentence, adds one).
"""

from __future__ import annotations

import numpy as np

OFFSET = 1.7  # the Mandelbrot shift: the most frequent ids are less dominant than pure Zipf


def zipf_probabilities(vocab: int, exponent: float = 1.0) -> np.ndarray:
    """Probabilities of ids 2..V-1, in id order."""
    rank = np.arange(1, vocab - 1, dtype=np.float64)
    weights = (rank + OFFSET) ** -float(exponent)
    return weights / weights.sum()


def expected_unique(draws: float, vocab: int, exponent: float = 1.0) -> float:
    """Expected distinct ids among `draws` independent draws (words, without EOS)."""
    p = zipf_probabilities(vocab, exponent)
    return float(np.sum(-np.expm1(draws * np.log1p(-p))))
