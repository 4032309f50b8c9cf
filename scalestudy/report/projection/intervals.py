"""A projection's prediction and its interval (issue #32, point 5).

A projection is a fit of the measured sizes (`Fit`) evaluated beyond them. Its interval is a
bootstrap of two things, drawn together PI_DRAWS times (seeded: a report is the same every
time):
  1. the repeats: each measured size's level (noise.level: the mean log of its units) is
     re-drawn from the run's noise model (noise.levels_drawn) and the fit is made again on
     the draw (re-anchored, for the report's anchored step-time model);
  2. the fit's residuals: one measured size is drawn and its relative residual on the draw
     (the draw's level against the draw's fit there, so its own noise is in it) is added to
     the prediction, with a random sign and grown with the distance of the extrapolation:
     a residual seen d_i doublings from the largest measured size counts max(d, 1) / max(d_i,
     1) times at a target d doublings beyond it (a model whose error grows with N shows it
     as a residual that grows with the distance from the anchor).
The interval is the 2.5 and 97.5 percentiles of the draws. Sizes where the fit is exact by
construction (the anchor of an anchored model) carry no residual; with none left the
interval holds the repeats' noise alone and says so (`model_error_seen` False).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scalestudy.report.projection import noise

PI_CONFIDENCE = noise.CONFIDENCE  # the report's one level
PI_DRAWS = 2000
PI_SEED = 20190513
# a collective timed on the profile's nominal interconnect figures (no comm sweep fitted it):
# within this factor at 95%, an assumption, not a measurement (the mesh crossover's draws and
# the strategies' time choices share it)
NOMINAL_LINK_FACTOR = 2.0


def link_sigma(rms_relative: float | None) -> float:
    """The log-normal spread of a collective's time: a fit's RMS relative residual, or (None:
    nominal figures) NOMINAL_LINK_FACTOR at 95%."""
    if rms_relative is None:
        return math.log(NOMINAL_LINK_FACTOR) / 1.96
    return math.log1p(rms_relative)


def link_factor(rms_relative: float | None) -> float:
    """The 95% factor of a collective's time (link_sigma at 1.96)."""
    return math.exp(1.96 * link_sigma(rms_relative))


@dataclass(frozen=True)
class Interval:
    """A projected figure and its prediction interval."""

    value: float
    lo: float
    hi: float

    def covers(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def separated_from(self, other: Interval) -> bool:
        return self.hi < other.lo or other.hi < self.lo

    def as_dict(self) -> dict:
        return {"value": self.value, "lo": self.lo, "hi": self.hi}


def interval_of(draws, value: float, confidence: float = PI_CONFIDENCE) -> Interval:
    import numpy as np

    tail = (1.0 - confidence) / 2.0 * 100.0
    lo, hi = np.percentile(np.asarray(draws, dtype=float), [tail, 100.0 - tail])
    return Interval(float(value), float(min(lo, value)), float(max(hi, value)))


def positive(out, values) -> str:
    """Place every draw (draws x targets) of a time that is zero or below, in place, as far
    below its target's value as the bound (noise.LOG_CLIP): a refit on re-drawn levels can fall
    through zero (a falling term, a strong-scaling step-times-only table: up to 20% of the
    draws at 64 nodes, a lower end of -8.9e7 s printed). Returns what the method says then."""
    bad = out <= 0  # (a nan is not a time below zero: left as it is)
    if not bad.any():
        return ""
    floor = [abs(v) * math.exp(-noise.LOG_CLIP) if v else math.exp(-noise.LOG_CLIP) for v in values]
    for j in range(out.shape[1]):
        out[bad[:, j], j] = floor[j]
    return (
        f"; {bad.any(axis=1).mean():.1%} of the draws projected no positive time (the refit "
        "fell through zero): placed at the bound below the value, where the interval's lower "
        "end is not bounded away from zero by the data"
    )


class Fit:
    """How a projection is made from the measured sizes: `predictor(xs, ys)` returns the
    function of size; `exact` are the indices of xs where it equals the data by construction."""

    name = "fit"

    def predictor(self, xs, ys):  # pragma: no cover - interface
        raise NotImplementedError

    def exact(self, xs) -> set[int]:
        return set()

    def tests(self, fitted, x: float) -> bool:
        """Whether a fit on the sizes `fitted` can be tested at x (a step at a size no fitted
        size reaches cannot: empirical.Step)."""
        return True


@dataclass
class Prediction:
    """Projected values at `targets` with their draws and intervals (predict())."""

    targets: list[float]
    values: list[float]
    draws: object  # numpy array, draws x targets
    intervals: list[Interval]
    residuals: list[tuple[float, float]]  # (size, relative residual measured / fit - 1)
    model_error_seen: bool  # some size other than an exact one gave a residual
    method: str

    def at(self, target: float) -> Interval:
        return self.intervals[self.targets.index(target)]


def predict(
    samples,
    fit: Fit,
    targets,
    *,
    n_draws: int = PI_DRAWS,
    seed: int = PI_SEED,
    confidence: float = PI_CONFIDENCE,
    found=None,
) -> Prediction:
    """The fit's projection at `targets` from `samples` ({size: repeats (a list or a
    Clustered)}), with the interval of the module's comment above. `found`: noise.run_model
    over the measured sizes, when the caller has it."""
    import numpy as np

    xs = noise.measured_sizes(samples)
    if not xs:
        raise ValueError("no measured size")
    ys = [noise.level(samples[x]) for x in xs]
    targets = list(targets)
    f0 = fit.predictor(xs, ys)
    values = [float(f0(t)) for t in targets]
    exact = fit.exact(xs)
    free = [i for i in range(len(xs)) if i not in exact]
    residuals = [(xs[i], ys[i] / f0(xs[i]) - 1.0) for i in free]
    rng = np.random.default_rng(seed)
    if found is None:  # once: the draws' noise and the spread's trend
        found = noise.run_model(samples, xs)
    drawn = noise.levels_drawn(samples, xs, rng, n_draws, found)  # sizes x draws
    top = max(xs)
    dist = [max(abs(math.log2(x / top)), 1.0) for x in xs]
    pick = rng.integers(0, len(free), size=n_draws) if free else None
    sign = rng.choice([-1.0, 1.0], size=n_draws)
    out = np.empty((n_draws, len(targets)))
    for b in range(n_draws):
        yb = drawn[:, b]
        fb = fit.predictor(xs, list(yb))
        log_err = 0.0
        if pick is not None:
            i = free[pick[b]]
            at = fb(xs[i])  # a draw's fit can miss to zero or below: as far off as drawn
            miss = abs(math.log(max(yb[i], 1e-300) / at)) if at > 0 else noise.LOG_CLIP
            log_err = min(miss, noise.LOG_CLIP) / dist[i]
        for j, t in enumerate(targets):
            d = max(math.log2(t / top), 1.0) if t > 0 else 1.0
            step = max(min(sign[b] * log_err * d, noise.LOG_CLIP), -noise.LOG_CLIP)
            out[b, j] = fb(t) * math.exp(step)
    spread, growing = noise.target_spread_draws(samples, xs, targets, n_draws, seed, found=found)
    out *= np.exp(spread)
    fell = positive(out, values)
    intervals = [interval_of(out[:, j], values[j], confidence) for j in range(len(targets))]
    method = (
        f"{fit.name}; {confidence:.0%} prediction interval: {n_draws} draws of the repeats "
        "(each size's level re-drawn from the noise model, the fit made again) and of a "
        "measured size's relative residual (random sign, grown with the doublings beyond the "
        "largest measured size)"
        + ("" if free else "; no residual: one measured size, the repeats' noise alone")
        + (noise.GROWING_SAID if growing else "")
        + fell
    )
    return Prediction(targets, values, out, intervals, residuals, bool(free), method)


def many(fit: Fit, xs, ys, targets, level):
    """The fit of every column of ys (sizes x draws) at `targets`, draws x targets: the fit's
    own vectorised `many` where it has one (weighted by the measured `level`), else one fit
    a draw."""
    import numpy as np

    if hasattr(fit, "many"):
        return fit.many(xs, ys, targets, level)
    ys = np.asarray(ys, dtype=float)
    out = np.empty((ys.shape[1], len(targets)))
    for b in range(ys.shape[1]):
        f = fit.predictor(xs, list(ys[:, b]))
        out[b] = [f(t) for t in targets]
    return out
