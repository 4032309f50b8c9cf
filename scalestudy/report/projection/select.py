"""Which form projects, and an interval that carries the choice: leave-one-size-out
cross-validation over the candidate forms (the physics form where the table has its columns,
the empirical forms where there are sizes enough), and draws that mix the forms by how well
they predicted the held-out sizes.

- Held out: the largest half of the measured sizes (at least two), one at a time, each
  predicted from all the others: extrapolation is the use, so the largest sizes are always
  among them. A form's CV error is the RMS of log(predicted / measured) over them.
- Weights: (best CV error / the form's) ^ (held-out sizes), the likelihood ratio of a
  log-normal error of each form's own spread: a form twice as wrong on 3 sizes weighs 1/8.
- Reach: how wrong the form is when it extrapolates, measured inside the data: each held-out
  size predicted from the sizes d doublings or more below it alone, for d = 1, 2, ... while
  two sizes remain to fit; the RMS log error at each d.
- Interval (PI draws): each draw picks a form by its draw weight (the same, but counting only
  the held-out sizes that can test the form: select()), refits it on the sizes' levels
  re-drawn from the noise model (noise.py: the levels' noise and, through the refit, the
  parameters'), and multiplies its projection at a target d doublings beyond the largest
  measured size by exp(s_d x t): s_d the form's reach error at d (beyond the farthest reach
  measured, D: s_D x d / D), t a Student t with as many degrees of freedom as errors made s_d
  (it is estimated from that few). The 2.5 and 97.5 percentiles of the draws.
- The value: the forms' projections on the levels (noise.level) averaged on the log scale
  with their weights (the best-weighted form is the one named as chosen).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from scalestudy.report.projection import noise
from scalestudy.report.projection.intervals import (
    PI_CONFIDENCE,
    PI_DRAWS,
    PI_SEED,
    Fit,
    Prediction,
    interval_of,
    many,
    positive,
    predict,
)

CV_MIN_SIZES = 4  # each held-out size leaves three: two coefficients and a residual
SHOWN = 3  # the forms a note names with their CV errors
FLOOR = 1e-6  # a CV error of zero (an exact form on noiseless data) still weighs finitely
CAP = 10.0  # a log error past e^10 says nothing more (an absurd form is hardly ever drawn)


@dataclass(frozen=True)
class Scored:
    fit: Fit
    errors: tuple[tuple[float, float], ...]  # (held-out size, log(predicted / measured))
    # doublings d -> the held-out sizes' log errors when fitted on the sizes d doublings below
    reach: dict[int, tuple[float, ...]] = field(default_factory=dict)

    @property
    def rms(self) -> float:
        return _rms([e for _, e in self.errors])

    @property
    def tested(self) -> int:
        """The held-out sizes this form was tested at (its errors that are not nan)."""
        return sum(1 for _, e in self.errors if not math.isnan(e))

    @property
    def untested(self) -> bool:
        """Some error is nan: a size this form could not be tested at (open scoring)."""
        errors = [e for _, e in self.errors] + [e for v in self.reach.values() for e in v]
        return any(math.isnan(e) for e in errors)

    def spread(self, d: float) -> tuple[float, int]:
        """The log error d doublings beyond the data, and the errors it rests on."""
        seen = {k: [e for e in v if not math.isnan(e)] for k, v in self.reach.items()}
        known = sorted(k for k, v in seen.items() if v)
        if not known:
            n = sum(1 for _, e in self.errors if not math.isnan(e))
            return self.rms * max(d, 1.0), n
        near = min(known, key=lambda k: (abs(k - d), -k))
        if d > known[-1]:
            near = known[-1]
        s = _rms(seen[near])
        return s * max(d, 1.0) / near if d > near else s, len(seen[near])


def _rms(errors) -> float:
    errors = [e for e in errors if not math.isnan(e)]  # nan: a size the form cannot be tested at
    if not errors or any(not math.isfinite(e) for e in errors):
        return math.inf
    return math.sqrt(sum(e * e for e in errors) / len(errors))


@dataclass
class Selection:
    scored: list[Scored]  # best first
    weights: list[float]  # of scored, summing to 1
    held_out: list[float]
    # what the interval draws from: each form scored only where it can be tested (open), and
    # its weights; the same as scored and weights where every form can be tested everywhere
    drawn: list[Scored] = field(default_factory=list)
    draw_weights: list[float] = field(default_factory=list)

    @property
    def untested(self) -> list[str]:
        """The forms some held-out size cannot test (a step at the largest size)."""
        return [s.fit.name for s in self.drawn if s.untested]

    @property
    def chosen(self) -> Scored:
        return self.scored[0]

    def sentence(self) -> str:
        """Which form was chosen and why: the CV errors (and weights) of the best few."""
        best = "; ".join(
            f"{s.fit.name}: CV error {s.rms:.1%}, weight {w:.2f}"
            for s, w in zip(self.scored[:SHOWN], self.weights[:SHOWN], strict=True)
        )
        held = ", ".join(f"{x:g}" for x in self.held_out)
        return (
            f"form chosen: {self.chosen.fit.name}, by leave-one-size-out cross-validation of "
            f"{len(self.scored)} forms (sizes {held} held out one at a time, each predicted "
            f"from the others; RMS log error): {best}"
        )


def held_out_sizes(xs) -> list:
    """The largest half of the sizes (at least two): the ones each form must predict."""
    xs = sorted(xs)
    k = max(2, (len(xs) + 1) // 2)
    return xs[-k:]


def _log_error(fit: Fit, xs, ys, k: int, fitted, open_: bool = False) -> float:
    """|log(predicted / measured)| at xs[k] fitted on xs[fitted]; open_: nan where the fit
    cannot be tested there (Fit.tests)."""
    if open_ and not fit.tests([xs[i] for i in fitted], xs[k]):
        return math.nan
    f = fit.predictor([xs[i] for i in fitted], [ys[i] for i in fitted])
    p = f(xs[k])
    return min(abs(math.log(p / ys[k])), CAP) if p > 0 and ys[k] > 0 else CAP


def _reach(fit: Fit, xs, ys, ks, open_: bool = False) -> dict[int, tuple[float, ...]]:
    out: dict[int, tuple[float, ...]] = {}
    for d in range(1, 64):
        errs = []
        for k in ks:
            below = [i for i in range(len(xs)) if xs[i] * 2**d <= xs[k] * (1 + 1e-9)]
            if len(below) >= 2:
                errs.append(_log_error(fit, xs, ys, k, below, open_))
        if not errs:
            break
        out[d] = tuple(errs)
    return out


def _scored(c: Fit, xs, ys, ks, open_: bool = False) -> Scored:
    others = [[i for i in range(len(xs)) if i != k] for k in ks]
    loso = [(xs[k], _log_error(c, xs, ys, k, o, open_)) for k, o in zip(ks, others, strict=True)]
    return Scored(c, tuple(loso), _reach(c, xs, ys, ks, open_))


def _weights(scored: list[Scored], noise_var: dict | None = None) -> list[float]:
    """(best CV error / the form's) ^ the sizes it was tested at: the likelihood ratio of its
    errors where it has them. A form some held-out size cannot test counts only the sizes that
    test it (raised to every held-out size, as before, the sizes it could not be tested at
    counted against it as errors: the step change at the largest size was drawn too seldom,
    coverage 0.84 at 3 repeats on the development seeds, 0.91 now).

    `noise_var` (the interval's draws): each held-out size's level variance v_k (log scale)
    from the run's noise model. A form's error at k is then held to be N(0, s_f^2 + v_k), s_f
    its own error at its most likely, and the ratio is that of these likelihoods (v = 0: the
    ratio above). Among 51 forms one fits noisy levels far closer than their noise (0.1-1.5%
    where the levels' standard errors are 2.7-5.4%); against it, the plain ratio ruled out
    every form the noise cannot tell from it (the step change under a spread growing as
    sqrt(N): 0.795 -> 0.890 at 32 nodes, docs/report.md)."""
    if noise_var is None:
        best = max(min(s.rms for s in scored), FLOOR)
        raw = [(best / max(s.rms, FLOOR)) ** s.tested for s in scored]
    else:
        per = [_mean_loglik(s, noise_var) for s in scored]
        top = max(per)
        raw = [
            math.exp(s.tested * (p - top)) if math.isfinite(p) else 0.0
            for s, p in zip(scored, per, strict=True)
        ]
    total = sum(raw)
    return [r / total for r in raw]


# the own spreads s_f^2 the likelihood is maximised over: zero and 400 from FLOOR^2 to CAP^2
# (geometric: 8.4% apart, within 2e-3 of SciPy's bounded maximiser in the tests)
S2_GRID = 401


def _mean_loglik(s: Scored, noise_var: dict) -> float:
    """The form's held-out errors' mean log likelihood at its most likely own spread s_f:
    max over s_f^2 >= 0 of mean_k -(log(s_f^2 + v_k) + e_k^2 / (s_f^2 + v_k)) / 2 (constants
    dropped); -inf for a form with an infinite error."""
    import numpy as np

    pairs = [(x, e) for x, e in s.errors if not math.isnan(e)]
    if not pairs or any(not math.isfinite(e) for _, e in pairs):
        return -math.inf
    grid = np.concatenate([[0.0], np.geomspace(FLOOR**2, CAP**2, S2_GRID - 1)])
    e2 = np.array([e * e for _, e in pairs])
    v = np.array([noise_var.get(x, 0.0) for x, _ in pairs])
    total = np.maximum(grid[:, None] + v[None, :], FLOOR**2)
    return float((-0.5 * (np.log(total) + e2[None, :] / total)).mean(axis=1).max())


def select(xs, ys, candidates, noise_var: dict | None = None) -> Selection:
    """The candidate forms scored by leave-one-size-out cross-validation, best first. The value
    weighs a form by every held-out size: where it cannot be tested (a step at a size no other
    reaches) its prediction without the step counts, and misses. The interval's draws weigh it
    by the sizes that can test it only, its errors against the held-out levels' noise
    (`noise_var`, _weights): what the data cannot rule out stays in the interval. The value
    keeps the plain ratio: with the noise in it the median errors were no lower on the
    development seeds (21 of 24 rows at most Extra-P's either way, 5000-5099)."""
    held = held_out_sizes(xs)
    ks = [xs.index(x) for x in held]
    pairs = []  # (as the value weighs it, as the interval draws it)
    for c in candidates:
        opened = _scored(c, xs, ys, ks, open_=True)
        pairs.append((_scored(c, xs, ys, ks) if opened.untested else opened, opened))
    pairs.sort(key=lambda p: p[0].rms)
    scored, drawn = [p[0] for p in pairs], [p[1] for p in pairs]
    value_w = _weights(scored)
    draw_w = _weights(drawn, noise_var)
    return Selection(scored, value_w, held, drawn, draw_w)


def predict_selected(
    samples,
    selection: Selection,
    targets,
    *,
    n_draws: int = PI_DRAWS,
    seed: int = PI_SEED,
    confidence: float = PI_CONFIDENCE,
    found=None,
) -> Prediction:
    """The forms' weighted projection at `targets`, with the mixed interval of the module's
    comment. `found`: noise.run_model(samples, xs), when the caller has it."""
    import numpy as np

    xs = noise.measured_sizes(samples)
    ys = [noise.level(samples[x]) for x in xs]
    found = noise.run_model(samples, xs) if found is None else found
    targets = list(targets)
    f0 = selection.chosen.fit.predictor(xs, ys)
    values = _averaged(selection, xs, ys, targets)
    rng = np.random.default_rng(seed)
    drawn = noise.levels_drawn(samples, xs, rng, n_draws, found)
    form = rng.choice(len(selection.drawn), size=n_draws, p=selection.draw_weights)
    z = rng.random(n_draws)  # one quantile a draw, shared by the targets (one form error)
    top = max(xs)
    dist = [max(math.log2(t / top), 1.0) for t in targets]
    out = np.empty((n_draws, len(targets)))
    for k, s in enumerate(selection.drawn):
        idx = np.flatnonzero(form == k)
        if not idx.size:
            continue
        err = np.empty((idx.size, len(targets)))
        for j, d in enumerate(dist):
            spread, n = s.spread(d)
            err[:, j] = min(max(spread, FLOOR), CAP) * _t_quantile(z[idx], n)
        err = np.clip(err, -noise.LOG_CLIP, noise.LOG_CLIP)
        out[idx] = many(s.fit, xs, drawn[:, idx], targets, ys) * np.exp(err)
    spread, growing = noise.target_spread_draws(
        samples, xs, targets, n_draws, seed, carried=selection.held_out, found=found
    )
    out *= np.exp(spread)
    fell = positive(out, values)
    intervals = [interval_of(out[:, j], values[j], confidence) for j in range(len(targets))]
    residuals = [(x, ys[i] / f0(x) - 1.0) for i, x in enumerate(xs)]
    method = (
        f"{selection.sentence()}; the value averages the forms' projections by weight (log "
        f"scale); {confidence:.0%} prediction interval: {n_draws} draws, each "
        "of a form by its weight over the sizes that can test it (its errors there against "
        "the noise of those sizes' levels), refitted on the sizes' levels "
        "re-drawn from the noise model, "
        "times exp(the form's error when it extrapolated as far inside the data x a Student t)"
        + _untested_said(selection)
        + (noise.GROWING_SAID if growing else "")
        + fell
    )
    return Prediction(targets, values, out, intervals, residuals, True, method)


def _untested_said(selection: Selection) -> str:
    """What the method says where the interval draws forms some held-out size cannot test."""
    names = selection.untested
    weight = sum(
        w for s, w in zip(selection.drawn, selection.draw_weights, strict=True) if s.untested
    )
    if not names or weight < 0.01:
        return ""
    return (
        f"; {weight:.0%} of the draws are forms the sizes held out cannot all test ("
        + ", ".join(names[:SHOWN])
        + (", ..." if len(names) > SHOWN else "")
        + "), weighed by the sizes that can: a step at the largest size is not ruled out"
    )


def _averaged(selection: Selection, xs, ys, targets) -> list[float]:
    """The forms' projections averaged on the log scale with their weights."""
    logs = [0.0] * len(targets)
    total = 0.0
    for s, w in zip(selection.scored, selection.weights, strict=True):
        if w < 1e-6:
            continue
        f = s.fit.predictor(xs, ys)
        vals = [f(t) for t in targets]
        if all(v > 0 for v in vals):
            logs = [a + w * math.log(v) for a, v in zip(logs, vals, strict=True)]
            total += w
    if total <= 0:  # no form projects a positive time: the best one's figure, as it is
        f = selection.chosen.fit.predictor(xs, ys)
        return [float(f(t)) for t in targets]
    return [math.exp(a / total) for a in logs]


def _t_quantile(q, df: int):
    from scipy.stats import t

    return t.ppf(q, max(df, 1))


def choose(
    samples, candidates, targets, found=None, **kw
) -> tuple[Prediction, Selection | None] | None:
    """The projection of `samples` at `targets`: by the form cross-validation chooses among
    `candidates` where there are CV_MIN_SIZES sizes or more; with fewer, by the first
    candidate alone if it is a physics form (the interval of intervals.predict); None when
    nothing can project. `found`: noise.run_model over the measured sizes, when the caller has
    it (the step forms among the candidates were tested with it)."""
    xs = noise.measured_sizes(samples)
    if not xs or not candidates:
        return None
    if found is None:  # once: the weights' noise and the draws'
        found = noise.run_model(samples, xs)
    if len(xs) >= CV_MIN_SIZES and len(candidates) > 1:
        ys = [noise.level(samples[x]) for x in xs]
        sel = select(xs, ys, candidates, noise.level_variances(samples, xs, found))
        return predict_selected(samples, sel, targets, found=found, **kw), sel
    first = candidates[0]
    if getattr(first, "physics", False):
        return predict(samples, first, targets, found=found, **kw), None
    return None
