"""Student's t quantiles without SciPy (importing scipy.stats costs `plan` about a second):
the t distribution function through the regularized incomplete beta function, evaluated by
its continued fraction (modified Lentz), and inverted by bisection refined with Newton steps.
tests/unit/test_uncertainty_model.py checks it against scipy.stats.t to 1e-9."""

from __future__ import annotations

import functools
import math

_EPS = 1e-15
_TINY = 1e-300


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b) (converges fast for x < (a + 1) / (a + b + 2))."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(x: float, df: float) -> float:
    """P(T <= x) for Student's t with df > 0 degrees of freedom."""
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + x * x))
    return 1.0 - tail if x > 0 else tail


def _t_pdf(x: float, df: float) -> float:
    log = (
        math.lgamma((df + 1.0) / 2.0)
        - math.lgamma(df / 2.0)
        - 0.5 * math.log(df * math.pi)
        - (df + 1.0) / 2.0 * math.log1p(x * x / df)
    )
    return math.exp(log)


@functools.lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with df degrees of freedom (df > 0, 0 < p < 1)."""
    if not 0.0 < p < 1.0 or not df > 0:
        raise ValueError(f"t quantile of p={p}, df={df}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    # a start near the answer (exact at df 1 and 2; Cornish-Fisher above), then Newton steps
    # kept inside a bracket that bisection shrinks when a step leaves it
    if df == 1.0:
        x = math.tan(math.pi * (p - 0.5))
    elif df == 2.0:
        x = (2.0 * p - 1.0) / math.sqrt(2.0 * p * (1.0 - p))
    else:
        z = normal_quantile(p)
        x = z + (z**3 + z) / (4.0 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96.0 * df * df)
    lo, hi = 0.0, max(2.0 * x, 1.0)
    while t_cdf(hi, df) < p:  # bracket: t(1) at 0.9999 is about 3,200
        lo, hi = hi, hi * 2.0
    x = min(max(x, lo), hi)
    for _ in range(200):
        f = t_cdf(x, df) - p
        if f > 0:
            hi = x
        else:
            lo = x
        nxt = x - f / _t_pdf(x, df)
        if not lo < nxt < hi:  # Newton left the bracket: bisect
            nxt = 0.5 * (lo + hi)
        if abs(nxt - x) <= 1e-13 * max(1.0, abs(x)):
            return nxt
        x = nxt
    return x


def normal_quantile(p: float) -> float:
    """The p-quantile of the standard normal (the t quantile at infinite df), by Newton on erf."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"normal quantile of p={p}")
    x = 0.0
    for _ in range(100):
        f = 0.5 * math.erfc(-x / math.sqrt(2.0)) - p
        step = f / (math.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi))
        x -= step
        if abs(step) < 1e-14:
            break
    return x


def gammaincc(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x), a > 0, x >= 0: its series below
    a + 1, its continued fraction above."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = x + 1.0 - a
    c, d = 1.0 / _TINY, 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: float) -> float:
    """P(X > x) for a chi-squared X with df degrees of freedom."""
    return gammaincc(df / 2.0, x / 2.0)
