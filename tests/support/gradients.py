"""Comparing dumped gradients or weights with a reference's (relative L2 per variable and over
all of them), for the equivalence tests of the exchanges and of the mesh."""

from __future__ import annotations

import numpy as np


def relative(got: dict, want: dict) -> dict[str, float]:
    assert sorted(got) == sorted(want)
    return {k: float(np.linalg.norm(got[k] - want[k]) / np.linalg.norm(want[k])) for k in want}


def overall(got: dict, want: dict) -> float:
    a = np.concatenate([got[k].ravel() for k in sorted(want)])
    b = np.concatenate([want[k].ravel() for k in sorted(want)])
    return float(np.linalg.norm(a - b) / np.linalg.norm(b))
