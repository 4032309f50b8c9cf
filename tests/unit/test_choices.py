"""A choice only where the intervals separate (issue #44 point 4): the strategies' cheapest by
bytes and by time, and the mesh's M, on data whose answer is worked out here by hand.

The strategies' case: V = 1,000 ids, H = 64, R_r = 2,000 rows per rank, N = 2. By the formulas
(cost_models/strategies.py, docs/report.md), one rank sends
    allgather          (N-1) R_r (4H+8) + 8 (N-1)       = 528,008 B
    allreduce          2 (N-1)/N 4 V H                   = 256,000 B
    sparse_reduce      4 (N-1) + (N-1)/N (U_r + U) (4H+8) >= 4 + 264 U_r
    sharded_embedding  12 (N-1) + (N-1)/N int(U_r) (8+8H) = 12 + 260 int(U_r)
so sparse_reduce is never below sharded_embedding here, and the choice is allreduce against
sharded_embedding: sharded_embedding sends fewer bytes exactly when int(U_r) <= 984, i.e.
U_r < 985. U_r's interval is the t interval of its level over the runs (t quantile from
SciPy): a choice is named when that interval lies wholly on one side of 985."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats
from support.report import variants_of
from support.rows import results_row, results_table

from scalestudy.report import strategies
from scalestudy.report.projection import Link

THRESHOLD = 985.0  # U_r from which allreduce sends fewer bytes than sharded_embedding (above)


def _row(exchange: str, workers: int, unique: float) -> dict:
    return results_row(
        point_id=f"{exchange}-{workers}-{unique}",
        mode="weak",
        status="completed",
        exchange=exchange,
        workers=workers,
        nodes=workers,
        vocab_size=1000,
        hidden_size=64,
        logical_embedding_bytes_per_step=1e5,
        emb_grad_rows_per_worker=2000.0,
        emb_unique_rows_per_worker=unique,
        tokens_per_s=1000.0,
    )


def _compare(uniques, links=None, factors=None) -> strategies.Strategies:
    rows = [
        _row("allreduce", 2, uniques[0]),
        *(_row("sharded_embedding", 2, u) for u in uniques[1:]),
    ]
    (s,) = strategies.compare(variants_of(results_table(rows)), links, "test links", factors)
    return s


def _t_interval(values, k=None):
    """The 95% t interval of the level exp(mean log) on k units of the values' mean and
    spread (k: as many as the values)."""
    logs = np.log(values)
    k = len(values) if k is None else k
    half = stats.t.ppf(0.975, k - 1) * logs.std(ddof=1) / math.sqrt(k)
    return math.exp(logs.mean() - half), math.exp(logs.mean() + half)


def test_the_cheapest_strategy_is_named_where_u_r_s_interval_clears_the_crossover():
    far = [900.0, 905.0, 910.0]
    _, hi = _t_interval(far)
    assert hi < THRESHOLD  # by hand: [893.8, 916.4], wholly below 985
    s = _compare(far)
    assert s.crossover[0] == (2, "sharded_embedding")
    assert s.label("bytes", 2) == "sharded_embedding"
    assert not [n for n in s.undecided if "at N=2:" in n]


def test_a_tie_is_indistinguishable_and_says_the_runs_that_would_settle_it():
    close = [975.0, 990.0, 1000.0]
    lo, hi = _t_interval(close)
    assert lo < THRESHOLD < hi  # by hand: [957.2, 1020.4]: 985 inside
    s = _compare(close)
    # the medians alone (990 > 985) would name allreduce; the interval does not
    assert s.cheapest_at(2) == "allreduce"
    want = f"{strategies.TIE}: allreduce, sharded_embedding"
    assert s.crossover[0] == (2, want)
    # the runs that would settle it: the fewest k whose interval at the same mean and spread
    # lies above 985 (SciPy's t quantile at k - 1 degrees of freedom)
    k = next(k for k in range(4, 2000) if _t_interval(close, k)[0] >= THRESHOLD)
    (note,) = [n for n in s.undecided if n.startswith("by wire bytes at N=2:")]
    assert f"about {k - len(close)} more completed run(s) ({len(close)} now)" in note


def test_by_time_the_links_error_keeps_a_choice_open_that_more_runs_cannot_settle():
    """No latency, 1 GB/s: a strategy's time is its wire bytes over 1e9 B/s (test_strategies
    checks it), so at N = 2 with U_r ~ 905 allreduce takes 256,000 / 235,312 = 1.088x
    sharded_embedding's time. Each collective's time within a factor of 2 (the nominal
    assumption): 2 x 2 = 4 > 1.088, a tie whatever the runs; within 1.01: 1.0201 < 1.088,
    sharded_embedding named."""
    free = {c: Link("bandwidth only", 0.0, 8.0) for c in ("allreduce", "allgather", "alltoall")}
    far = [900.0, 905.0, 910.0]
    wide = _compare(far, free, dict.fromkeys(free, 2.0))
    assert wide.time_crossover[0][1].startswith(strategies.TIE)
    (note,) = [n for n in wide.undecided if n.startswith("by time at N=2:")]
    assert "more runs cannot settle it" in note
    assert wide.crossover[0] == (2, "sharded_embedding")  # bytes carry no link error
    narrow = _compare(far, free, dict.fromkeys(free, 1.01))
    assert narrow.time_crossover[0] == (2, "sharded_embedding")


def _layout(m: int, step: float, draws):
    from scalestudy.report import crossover

    return crossover.Layout("big", 1000, 64, 1, m, step, 0.0, 0.0, 1, True, 1024, 1e12, draws)


@pytest.mark.parametrize(("favour_other", "named"), [(20, 2), (30, None)])
def test_an_m_is_named_when_fewer_than_2_5_percent_of_paired_draws_favour_another(
    favour_other, named
):
    """1,000 paired draws: M = 2's step is 1 in every draw, M = 1's is 1.05 but 0.99 in
    `favour_other` of them. The interval of M = 1's step over M = 2's is [0.99, 1.05] with 3%
    of the draws below 1 (its 2.5th percentile is 0.99: a tie), [1.05, 1.05] with 2% (the
    2.5th percentile, draw 25 of 1,000, is 1.05: M = 2 named)."""
    from scalestudy.report import crossover

    other = np.full(1000, 1.05)
    other[:favour_other] = 0.99
    m, why = crossover.crossover([_layout(1, 1.05, other), _layout(2, 1.0, np.ones(1000))])
    assert m == named
    if named is None:
        assert why.startswith(crossover.INDISTINGUISHABLE) and "M = 1, 2" in why


def test_a_mesh_tie_says_the_runs_that_would_settle_it_or_that_none_would():
    """M = 2's step is its compute factor c = exp(sigma_m z): z is 2 in 30 of 1,000 draws, 0
    in the rest, sigma_m = 0.1 sqrt(4 / (4 + m)) with m more runs (4 measured); M = 1's step is
    1.05 in every draw. The ratio 1.05 / c is 1.05 exp(-2 sigma_m) in 30 draws (3%, so the 2.5th
    percentile is there), 1.05 elsewhere: told apart when 2 sigma_m < log 1.05, i.e. 4 / (4 + m)
    < (log(1.05) / 0.2)^2 = 0.0595: m = 64 (68 runs), by hand."""
    from scalestudy.report import crossover

    z = np.zeros(1000)
    z[:30] = 2.0

    def best_at(m):
        return np.exp(0.1 * math.sqrt(4 / (4 + m)) * z)

    def flat(m):
        return np.full(1000, 1.05)

    best = crossover.Layout(
        "big", 1000, 64, 1, 2, 1.0, 0.0, 0.0, 1, True, 1024, 1e12, best_at(0), draws_at=best_at
    )
    other = crossover.Layout(
        "big", 1000, 64, 1, 1, 1.05, 0.0, 0.0, 1, True, 1024, 1e12, flat(0), draws_at=flat
    )
    m, why = crossover.crossover([other, best])
    assert m is None and why.startswith(crossover.INDISTINGUISHABLE)
    assert "about 64 more run(s) of the measured variant would settle it" in why
    # runs that do not move the draws (the links' and the model's error): no number settles it
    fixed = crossover.Layout(
        "big",
        1000,
        64,
        1,
        2,
        1.0,
        0.0,
        0.0,
        1,
        True,
        1024,
        1e12,
        best_at(0),
        draws_at=lambda m: best_at(0),
    )
    assert "would not settle it" in crossover.crossover([other, fixed])[1]


def test_the_compute_per_flop_draws_narrow_as_sqrt_runs():
    """Three runs whose compute per FLOP is 1, 2 and 4 (x 1e-12 s): the draws' logs are
    log 2e-12 (the mean log) + s / sqrt(3 + m) x t draws, s = log 2 (the logs' sd, by hand):
    with m more runs each draw's distance from the mean log shrinks by sqrt(3 / (3 + m))."""
    import pandas as pd

    from scalestudy.report.analysis import _factor_draws

    done = pd.DataFrame(
        {
            "compute_s_median": [1.0, 2.0, 4.0],
            "model_flops_per_s_per_rank": [1e12] * 3,
            "step_s_median": [1.0] * 3,
        }
    )
    draws, at = _factor_draws(done, rng_seed=1)
    median = 2e-12
    base = np.log(at(0) * median) - math.log(2e-12)
    assert np.allclose(np.log(draws * median) - math.log(2e-12), base)
    assert np.allclose(np.log(at(13) * median) - math.log(2e-12), base * math.sqrt(3 / 16))
    # the t draws at df 2 (SciPy's quantiles, 2,000 draws: within sampling error)
    z = base / (math.log(2) / math.sqrt(3))
    assert np.percentile(z, 97.5) == pytest.approx(stats.t.ppf(0.975, 2), rel=0.25)


def test_a_crossover_without_m_1_names_the_fastest_and_says_m_1_was_not_modelled():
    """The review's finding: without an M = 1 layout the reason formatted M = 1's memory
    (AttributeError on None)."""
    from scalestudy.report import crossover

    m, why = crossover.crossover([_layout(2, 1.0, None), _layout(4, 1.5, None)])
    assert m == 2 and "M = 1 not modelled" in why


def test_a_mesh_tie_names_the_runner_up_and_its_margin():
    """M = 4 central at 1.0, M = 2 at 1.02 and M = 1 at 1.10, all three inside each other's
    draws: the tie's message gives the least margin (1.02x over M = 2), not the widest."""
    from scalestudy.report import crossover

    spread = np.exp(np.linspace(-0.2, 0.2, 1000))
    m, why = crossover.crossover(
        [
            _layout(1, 1.10, 1.10 * spread[::-1]),
            _layout(2, 1.02, 1.02 * spread[::-1]),
            _layout(4, 1.0, spread),
        ]
    )
    assert m is None and "M = 1, 2, 4" in why
    assert "favour M = 4 by 1.02x over the next, M = 2" in why
