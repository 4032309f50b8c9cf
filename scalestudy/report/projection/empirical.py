"""The empirical forms: the performance-model normal form that Extra-P searches, one term at
one parameter, step(N) = c0 + c1 x N^i x log2(N)^j, for i and j of the small sets below
(Calotoiu et al., SC13). They need the step times alone, so a table without compute times or
bytes (an older run, another tool's table) is projected by them. Fitted by least squares
relative to each size's median (as the physics' alpha-beta fit), so a slow size weighs no
more than a fast one."""

from __future__ import annotations

import math
from fractions import Fraction

from scalestudy.report.projection.intervals import Fit

_EXPONENTS = "0 1/4 1/3 1/2 2/3 3/4 1 5/4 4/3 3/2 5/3 7/4 2 9/4 5/2 8/3 3"
EXPONENTS = tuple(Fraction(s) for s in _EXPONENTS.split(" "))
LOG_EXPONENTS = (0, 1, 2)


class Term(Fit):
    """c0 + c1 x N^i x log2(N)^j; (0, 0) is the constant c0."""

    def __init__(self, i: Fraction, j: int):
        self.i, self.j = Fraction(i), int(j)
        self.name = "c0" if self.constant else f"c0 + c1 {self._words()}"

    @property
    def constant(self) -> bool:
        return self.i == 0 and self.j == 0

    def _words(self) -> str:
        parts = []
        if self.i:
            parts.append("N" if self.i == 1 else f"N^{self.i}")
        if self.j:
            parts.append("log2(N)" if self.j == 1 else f"log2(N)^{self.j}")
        return " ".join(parts)

    def basis(self, x: float) -> float:
        return float(x) ** float(self.i) * math.log2(x) ** self.j

    def coefficients(self, xs, ys):
        """(c0, c1) of every column of ys (sizes x draws), weighted by 1 / the first column's
        values (the medians): one linear map for all draws."""
        import numpy as np

        y = np.asarray(ys, dtype=float)
        y2 = y.reshape(len(xs), -1)
        w = 1.0 / y2[:, 0]
        cols = [np.ones(len(xs))] + ([] if self.constant else [[self.basis(x) for x in xs]])
        a = np.array(cols, dtype=float).T * w[:, None]
        coef = np.linalg.pinv(a) @ (y2 * w[:, None])
        if self.constant:
            coef = np.vstack([coef, np.zeros_like(coef)])
        return coef  # 2 x draws

    def predictor(self, xs, ys):
        c0, c1 = (float(c[0]) for c in self.coefficients(xs, list(ys)))
        return lambda x: c0 + c1 * self.basis(x)

    def many(self, xs, ys, targets):
        """The fit of every column of ys (sizes x draws) at `targets`: draws x targets."""
        import numpy as np

        c = self.coefficients(xs, ys)
        g = np.array([[1.0, self.basis(t)] for t in targets])  # targets x 2
        return (g @ c).T


def forms() -> list[Term]:
    """Every single-term form of the normal form's sets (51 with the constant)."""
    return [Term(i, j) for i in EXPONENTS for j in LOG_EXPONENTS]
