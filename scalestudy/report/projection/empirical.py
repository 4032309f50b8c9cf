"""The empirical forms: the performance-model normal form that Extra-P searches, one term at
one parameter, step(N) = c0 + c1 x N^i x log2(N)^j, for i and j of the small sets below
(Calotoiu et al., SC13). They need the step times alone, so a table without compute times or
bytes (an older run, another tool's table) is projected by them. Fitted by least squares
relative to each size's level (noise.level; as the physics' alpha-beta fit), so a slow size
weighs no more than a fast one. Given the measured sizes, each also with a step: a regime
change at a size (Step).

Strong scaling divides a fixed problem, so its step time falls with N, which no term of the
normal form draws (their c1 may be negative, but then the fit falls through zero beyond the
data). There the forms model the global effort, N x step(N), and divide by N: Extra-P's own
strong-scaling conversion (it sums the ranks' times and models that). step(N) = (c0 + c1 x
N^i x log2(N)^j) / N is still linear in its coefficients: (c0 + c1 N) / N is Amdahl's law, c0 / N
perfect scaling, a log term the collectives' growth."""

from __future__ import annotations

import math
from fractions import Fraction

from scalestudy.report.projection.intervals import Fit

_EXPONENTS = "0 1/4 1/3 1/2 2/3 3/4 1 5/4 4/3 3/2 5/3 7/4 2 9/4 5/2 8/3 3"
EXPONENTS = tuple(Fraction(s) for s in _EXPONENTS.split(" "))
LOG_EXPONENTS = (0, 1, 2)


class Term(Fit):
    """c0 + c1 x N^i x log2(N)^j; (0, 0) is the constant c0. `effort`: that over N (the global
    effort's form, for strong scaling)."""

    def __init__(self, i: Fraction, j: int, effort: bool = False):
        self.i, self.j, self.effort = Fraction(i), int(j), effort
        self.name = "c0" if self.constant else f"c0 + c1 {self._words()}"
        if effort:
            self.name = f"{self.name} / N" if self.constant else f"({self.name}) / N"

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

    def columns(self, x: float) -> list[float]:
        cols = [1.0] if self.constant else [1.0, self.basis(x)]
        return [c / float(x) for c in cols] if self.effort else cols

    def coefficients(self, xs, ys, level=None):
        """The coefficients of every column of ys (sizes x draws), each size weighted by
        1 / its `level` (default: ys' first column, the levels themselves when fitting them)."""
        return _weighted_lsq([self.columns(x) for x in xs], ys, level)

    def predictor(self, xs, ys):
        c = [float(v[0]) for v in self.coefficients(xs, list(ys))]
        return lambda x: sum(a * b for a, b in zip(c, self.columns(x), strict=True))

    def many(self, xs, ys, targets, level):
        """The fit of every column of ys (sizes x draws: the levels re-drawn) at `targets`,
        draws x targets, each weighted as the form is fitted, by the measured `level`: one
        linear map for all draws (the first draw's weights made every draw depend on it)."""
        import numpy as np

        c = self.coefficients(xs, ys, level)
        g = np.array([self.columns(t) for t in targets])  # targets x terms
        return (g @ c).T


class Step(Term):
    """A regime change: a normal-form term plus a constant step from a measured size on,
    c0 + c1 x N^i x log2(N)^j + c2 x [N >= at] (a switch level crossed, a protocol changed:
    the jump no single term draws). Held out alone above `at`, the step is not seen (its
    column is zero) and the form predicts the regime below, as it would have then.

    `effort` (strong scaling): the term is the global effort's, over N, and the step stays in
    the step time, (c0 + c1 x N^i x log2(N)^j) / N + c2 x [N >= at]: what a switch level or a
    protocol adds to every step does not divide over the ranks. A step in the effort (c2 / N in
    the time) fell away from the step it was added for: on the development seeds (5000-5099)
    the 12 misses of the strong step at 16 (+0.1 s, 1..16 -> 32, 3%) were then projected by a
    steep power 2.1-2.5x the measured value, the step forms given 0.8-2% of the draws."""

    def __init__(self, i: Fraction, j: int, at: float, effort: bool = False):
        super().__init__(i, j, effort)
        self.at = float(at)
        self.name = f"{self.name} + c2 [N >= {self.at:g}]"

    def columns(self, x: float) -> list[float]:
        step = 1.0 if x >= self.at * (1 - 1e-9) else 0.0  # in the step time, effort or not
        return [*Term(self.i, self.j, self.effort).columns(x), step]

    def tests(self, fitted, x: float) -> bool:
        return x < self.at * (1 - 1e-9) or any(f >= self.at * (1 - 1e-9) for f in fitted)


def _weighted_lsq(rows, ys, level=None):
    """Least squares of every column of ys (sizes x draws) on the design `rows`, each size
    weighted by 1 / its level (default: the first column's value): one linear map for all."""
    import numpy as np

    y2 = np.asarray(ys, dtype=float).reshape(len(rows), -1)
    w = 1.0 / (y2[:, 0] if level is None else np.asarray(level, dtype=float))
    a = np.asarray(rows, dtype=float) * w[:, None]
    return np.linalg.pinv(a) @ (y2 * w[:, None])  # terms x draws


def forms(samples=None, strong: bool = False, found=None) -> list[Term]:
    """Every single-term form of the normal form's sets (51 with the constant); given the
    measured sizes' samples, also the step forms whose step stands out of their noise
    (steps_seen; `found`: the run's noise model over them, noise.run_model, when the caller
    has it). `strong`: the same forms of the global effort, over N (the module's note)."""
    terms = [Term(i, j, strong) for i in EXPONENTS for j in LOG_EXPONENTS]
    return terms + (steps_seen(samples, terms, found) if samples else [])


# the terms a step is added to: a flat or a tree-collective (log2 N) regime. With a step on
# every term the cross-validation chose among 5x the forms and fitted noise as steps
# (development seeds, docs/report.md)
STEP_TERMS = ((0, 0), (0, 1))


def step_base(term: Term) -> bool:
    """Whether a step is added to `term`: a STEP_TERMS regime in the step time, which for a
    strong form (the effort over N) is N x it in the effort, (c0 + c1 N) / N (Amdahl) and
    (c0 + c1 N log2(N)) / N: a flat or log2 N time that does not divide, as the step."""
    return (term.i - (1 if term.effort else 0), term.j) in STEP_TERMS


STEP_LEVEL = 0.05  # familywise, over the step forms tested (Bonferroni)


def steps_seen(samples, terms, found=None) -> list[Step]:
    """The step forms, at each measured size that leaves two below it, whose step c2 differs
    from zero by more than the t bound at STEP_LEVEL / the forms tested: its standard error
    from the run's noise model (each size's level has the variance s^2 / k of its k units,
    relative, through the weighted least squares). None where the run has no noise estimate
    (a step cannot be told from noise there) or fewer than four sizes."""
    import numpy as np

    from scalestudy.report.projection import noise
    from scalestudy.uncertainty import model
    from scalestudy.uncertainty.tdist import t_quantile

    xs = noise.measured_sizes(samples)
    if len(xs) < 4:
        return []
    found = noise.run_model(samples, xs) if found is None else found
    if not found.judged:
        return []
    tested = [Step(t.i, t.j, b, t.effort) for b in xs[2:] for t in terms if step_base(t)]
    level = 1.0 - STEP_LEVEL / 2.0 / len(tested)
    y = np.array([noise.level(samples[x]) for x in xs])
    k = [len(model.units(samples[x])) for x in xs]
    seen = []
    for f in tested:
        a = np.array([f.columns(x) for x in xs], dtype=float) / y[:, None]
        p = np.linalg.pinv(a)  # coefficients = p @ (y / y); relative errors of variance s^2/k
        c2 = float(p[-1] @ np.ones(len(xs)))
        # its variance and df as any contrast of the sizes' levels (the sizes' own spreads:
        # Welch-Satterthwaite, not the pooled df: 8.6% false steps against the 5% stated)
        var, df = model.combined(found, list(zip(map(float, p[-1]), xs, k, strict=True)))
        if var > 0 and abs(c2) > t_quantile(level, df) * math.sqrt(var):
            seen.append(f)
    return seen
