"""What the projection fits at each measured size and the noise its intervals draw: the one
place the projection takes them from. A size's level and its draws come from the product's one
noise model (scalestudy/uncertainty)."""

from __future__ import annotations

import math

from scalestudy.report import stats

CONFIDENCE = stats.CONFIDENCE  # the report's one level
# what an interval's method says when target_spread_draws widened it
GROWING_SAID = (
    "; the spread of the repeats rises with N (a trend that rejects a constant spread): each "
    "draw also carries the extra noise of a median at the projected size, its spread "
    "extrapolated on that trend"
)


def clean(samples):
    """The finite values of a size's repeats (a list or a Clustered), as an array."""
    return stats._clean(samples)


def level(samples) -> float:
    """A size's level, the figure the projection fits: exp(the mean log of its units) as the
    noise model defines it (uncertainty.model: each allocation's mean log for a grouped set,
    else each repeat's log), so the forms are fitted to what the intervals are about. It holds
    the log-normal level with 1/n the variance of one unit where the median of n has about
    pi/2n (seen in the backtest as a lower median error: docs/report.md); a slow allocation is
    set aside by the run's screen before it gets here. nan without a positive value."""
    from scalestudy.uncertainty import model

    u = model.units(samples)
    return math.exp(sum(u) / len(u)) if u else math.nan


def level_se(found, samples, x) -> tuple[float, float]:
    """(log-scale standard error, df) of size x's level under the run's noise model `found`
    (uncertainty.pooled over the sizes): s at x over sqrt(its units), a mean of k units. The
    one place the projection takes a level's noise from (its draws, the step forms' test)."""
    from scalestudy.uncertainty import model

    s, df = found.at(x)
    return s / math.sqrt(len(model.units(samples[x]))), df  # a mean of k units


def measured_sizes(samples) -> list:
    """The sizes of `samples` that have a level (a positive finite unit), in order: the sizes
    a projection fits, draws and tests steps on."""
    from scalestudy.uncertainty import model

    return sorted(x for x, s in samples.items() if model.units(s))


def run_model(samples, xs):
    """The run's noise model (uncertainty.pooled) over the measured sizes xs: fitted once by
    a projection (select.choose, intervals.predict) and handed to the functions below, so its
    levels' variances, draws and spread trend all come from the one fit."""
    from scalestudy.uncertainty import model

    return model.pooled([samples[x] for x in xs], sizes=xs)


def level_variances(samples, xs, found=None) -> dict | None:
    """{x: the log-scale variance of x's level} for every measured size x, under the run's
    noise model over xs (level_se; select._weights reads the held-out sizes'); None where the
    run has no noise estimate. `found`: run_model(samples, xs), when the caller has it."""
    found = run_model(samples, xs) if found is None else found
    if not found.judged:
        return None
    return {x: level_se(found, samples, x)[0] ** 2 for x in xs}


# The largest log deviation a draw takes (levels here, the form's error in select.py): with 2
# repeats a size the noise model can give a size its own spread at 1 degree of freedom, a
# Cauchy draw, which now and then passes exp's range; one infinite level made its refit nan and
# the whole interval with it (1 trial in 200 on most backtest rows at 2 repeats, 2026-11-30).
# e^50 still lies far past any interval's 2.5% tail, so where it binds the bound shows it.
LOG_CLIP = 50.0


def levels_drawn(samples, xs, rng, n: int, found=None):
    """n draws of each measured size's level (sizes x draws), from the run's noise model over
    those sizes (uncertainty.pooled: the pooled spread, a size's own where spreads differ, the
    trend in N where there is one): log level + s / sqrt(k) x a Student t of the model's
    degrees of freedom, k the size's units. A size with one unit gets the run's spread too;
    where the run has no degree of freedom at all the levels are repeated as they are.
    `found`: run_model(samples, xs), when the caller has it."""
    import numpy as np

    from scalestudy.uncertainty import model

    found = run_model(samples, xs) if found is None else found
    out = np.empty((len(xs), n))
    for i, x in enumerate(xs):
        u = model.units(samples[x])
        centre = sum(u) / len(u) if u else math.nan
        if not found.judged or not u:
            out[i] = math.exp(centre)
            continue
        se, df = level_se(found, samples, x)
        step = se * rng.standard_t(max(df, 1.0), n)
        out[i] = np.exp(centre + np.clip(step, -LOG_CLIP, LOG_CLIP))
    return out


def median_variance_factor(n: int) -> float:
    """Var(median of n units) / var(one unit) for normal units: 1/n up to two (the median of
    two is their mean), pi / (2n) beyond (the large-n value; 1.44/n exactly at n = 5, so a
    little wide there)."""
    return 1.0 / max(n, 1) if n <= 2 else math.pi / (2.0 * n)


def growing_spread(samples, xs, found=None):
    """The run's noise model (run_model) over the measured sizes' repeats, where its spread
    rises with N (Noise.rising); None where it does not or cannot tell."""
    found = run_model(samples, xs) if found is None else found
    return found if found.rising() else None


def target_spread_draws(samples, xs, targets, n_draws: int, seed: int, carried=None, found=None):
    """Log-scale draws (n_draws x targets) of what a projected size's measured median carries
    beyond the noise the interval already holds (`carried`), where the spread rises with N:
    each draw takes the spread at the target from the fitted trend (its log variance drawn from
    the trend's uncertainty), as a median of as many units as the largest size has, keeps the
    variance past the carried sizes' (each a median of its own units), times a standard
    normal. Zeros where the spread does not rise (intervals that re-draw the measured sizes'
    spread alone covered 0.85-0.87 at 128 nodes from 1..64 when it grows as sqrt(N):
    docs/report.md).

    `carried`: the sizes whose medians' noise the interval's form errors already carry (select's
    held-out sizes: each error is a miss at one of them), so what is added is the target's
    median variance past their mean median variance; None: past the largest size's (a
    residual-based interval, whose residuals are the fitted sizes' own). Under a spread rising
    as sqrt(N) the held-out sizes' is below the largest's: subtracting the largest's left the
    N^1.5 3% 1..64 -> 128 row at 0.890 (docs/report.md). `found`: run_model(samples, xs)."""
    import numpy as np

    from scalestudy.uncertainty import model

    out = np.zeros((n_draws, len(targets)))
    found = growing_spread(samples, xs, found)
    if found is None:
        return out, None
    a, b, vaa, vab, vbb = found.fitted_trend  # at any df: its draws carry its uncertainty
    top = max(xs)
    factor = median_variance_factor(len(model.units(samples[top])))

    def median_variance(x) -> float:  # the trend's spread at x, as a median of x's units
        n = len(model.units(samples[x]))
        return median_variance_factor(n) * math.exp(a + b * math.log2(x))

    sizes = list(carried) if carried else [top]  # held-out sizes are measured sizes
    carried_var = sum(median_variance(x) for x in sizes) / len(sizes)
    rng = np.random.default_rng((seed, 1))  # its own stream: the other draws stay as they were
    for j, t in enumerate(targets):
        if t <= top:
            continue
        x = math.log2(t)
        log_s2 = rng.normal(
            a + b * x, math.sqrt(max(vaa + 2 * x * vab + x * x * vbb, 0.0)), n_draws
        )
        extra = np.clip(factor * np.exp(log_s2) - carried_var, 0.0, None)
        out[:, j] = np.sqrt(extra) * rng.standard_normal(n_draws)
    return out, found
