"""Weak efficiency and strong speedup (as scalestudy/report/scaling.py defines them) against
hand-computed cases."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps
from support.report import variants_of
from support.rows import results_row, results_table

from scalestudy.report.scaling import (
    MissingBaseline,
    common_baseline,
    strong_speedup,
    weak_efficiency,
)


def test_weak_n0_is_one():
    # T(1)=100, T(2)=180, T(4)=320: 180/(2*100)=0.9, 320/(4*100)=0.8
    eff = weak_efficiency({1: [100.0], 2: [180.0], 4: [320.0]}, n0=1)
    assert eff[1].value == pytest.approx(1.0)
    assert eff[2].value == pytest.approx(0.9)
    assert eff[4].value == pytest.approx(0.8)


def test_weak_n0_above_one():
    # N0 = 2 workers: T(4)=360 -> 360/((4/2)*200)=0.9, T(8)=640 -> 640/(4*200)=0.8
    eff = weak_efficiency({2: [200.0], 4: [360.0], 8: [640.0]}, n0=2)
    assert eff[4].value == pytest.approx(0.9)
    assert eff[8].value == pytest.approx(0.8)
    assert 1 not in eff


def test_weak_repeats_use_medians_with_an_interval():
    # medians 100 and 180 -> 0.9; the interval: a t(4) interval of the mean log ratio, the
    # spread pooled over both sizes (by hand, SciPy's quantile)
    t1, t2 = [110.0, 100.0, 90.0], [170.0, 190.0, 180.0]
    eff = weak_efficiency({1: t1, 2: t2}, n0=1)
    e = eff[2]
    assert e.value == pytest.approx(0.9)
    assert e.n == 3
    l1, l2 = np.log(t1), np.log(t2)
    s2 = (((l1 - l1.mean()) ** 2).sum() + ((l2 - l2.mean()) ** 2).sum()) / 4
    half = sps.t.ppf(0.975, 4) * np.sqrt(s2 * (1 / 3 + 1 / 3))
    centre = l2.mean() - l1.mean()
    assert (e.lo, e.hi) == pytest.approx((np.exp(centre - half) / 2, np.exp(centre + half) / 2))


def test_weak_against_a_common_baseline():
    # a slow variant normalised to itself looks perfect; against the dense N0 it does not
    slow = {1: [50.0], 2: [100.0]}
    own = weak_efficiency(slow, n0=1)
    common = weak_efficiency(slow, n0=1, baseline=[100.0])
    assert own[2].value == pytest.approx(1.0)
    assert common[2].value == pytest.approx(0.5)
    assert common[1].value == pytest.approx(0.5)


def test_strong_speedup_and_efficiency_n0_above_one():
    # t(2)=10, t(4)=6, t(8)=4 s/step: S(4)=10/6, E(4)=S*2/4; S(8)=2.5, E(8)=0.625
    out = strong_speedup({2: [10.0], 4: [6.0], 8: [4.0]}, n0=2)
    s4, e4 = out[4]
    s8, e8 = out[8]
    assert s4.value == pytest.approx(10 / 6) and e4.value == pytest.approx(10 / 6 * 2 / 4)
    assert s8.value == pytest.approx(2.5) and e8.value == pytest.approx(0.625)
    assert out[2][0].value == pytest.approx(1.0)


def test_strong_repeats():
    out = strong_speedup({1: [9.0, 10.0, 11.0], 2: [5.5, 6.0, 6.5]}, n0=1)
    speed, eff = out[2]
    assert speed.value == pytest.approx(10 / 6)
    assert eff.value == pytest.approx(10 / 6 / 2)
    assert speed.lo < speed.value < speed.hi


@pytest.mark.parametrize("samples", [{2: [180.0], 4: [320.0]}, {1: [], 2: [180.0]}])
def test_missing_n0_is_an_error_not_a_fallback(samples):
    with pytest.raises(MissingBaseline, match="N0 = 1"):
        weak_efficiency(samples, n0=1)
    with pytest.raises(MissingBaseline, match="N0 = 1"):
        strong_speedup(samples, n0=1)


def _row(pid, nodes, dense, tput, status="completed", lr=1e-3):
    return results_row(
        point_id=pid,
        sweep="s",
        mode="weak",
        cluster="c",
        model="tiny",
        nodes=nodes,
        workers=nodes,
        ppn=1,
        sparse_as_dense=dense,
        accumulation="tf1",
        tokens_per_worker=1024,
        learning_rate=lr,
        status=status,
        tokens_per_s=tput,
        step_s_median=1.0,
    )


def test_variants_group_repeats_and_label_what_differs():
    rows = [
        _row("n1-a-r0", 1, False, 100.0),
        _row("n1-a-r1", 1, False, 110.0),
        _row("n2-a-r0", 2, False, 150.0),
        _row("n2-a-r1", 2, False, None, "failed"),
        _row("n1-b-r0", 1, True, 120.0),
        _row("n1-b-r1", 1, True, 130.0),
        _row("n2-b-r0", 2, True, 230.0),
        _row("n2-b-r1", 2, True, 220.0),
    ]
    vs = variants_of(results_table(rows))
    assert sorted(v.label for v in vs) == ["dense", "sparse"]
    sparse = next(v for v in vs if v.label == "sparse")
    p2 = sparse.point_at(2)
    assert (p2.asked, p2.completed, p2.point) == (2, 1, "n2-a")
    assert p2.throughput.value == 150.0 and p2.throughput.n == 1
    assert common_baseline(vs).label == "dense"


def test_common_baseline_is_none_without_a_completed_dense_n0():
    rows = [
        _row("n1-b-r0", 1, True, None, "failed"),
        _row("n2-b-r0", 2, True, 200.0),
        _row("n1-a-r0", 1, False, 100.0),
    ]
    assert common_baseline(variants_of(results_table(rows))) is None


def test_labels_name_other_differing_parameters():
    rows = [_row("a-r0", 1, True, 1.0, lr=1e-3), _row("b-r0", 1, True, 1.0, lr=1e-2)]
    assert sorted(v.label for v in variants_of(results_table(rows))) == [
        "dense, lr=0.001",
        "dense, lr=0.01",
    ]


def test_a_bundled_points_interval_resamples_its_allocations():
    """4 allocations x 3 repeats at each size (schedule: bundled): allocations 5-10% apart,
    repeats inside one 0.5% apart. The repeats of one allocation are not independent, so the
    report's interval (tokens/s and efficiency) must carry the spread between allocations:
    wider than the interval of the 12 values taken as if independent (the same table without
    its allocation column)."""
    means = {0: 100.0, 1: 105.0, 2: 95.0, 3: 110.0}
    rows = []
    for nodes, scale in ((1, 1.0), (2, 1.8)):
        for alloc, mean in means.items():
            for r, jitter in enumerate((-0.005, 0.0, 0.005)):
                row = _row(f"n{nodes}-a{alloc}-r{r}", nodes, True, scale * mean * (1 + jitter))
                rows.append(dict(row, allocation=alloc))
    table = results_table(rows)
    point = variants_of(table)[0].point_at(2)
    flat = variants_of(table.drop(columns=["allocation"]))[0].point_at(2).throughput
    got = point.throughput
    at_two = [r["tokens_per_s"] for r in rows if r["nodes"] == 2]
    assert got.value == pytest.approx(np.median(at_two))
    assert got.lo < flat.lo and got.hi > flat.hi, (got, flat)
    assert got.n == 4 and flat.n == 12  # the units: allocations, else repeats

    def efficiency(t: pd.DataFrame):
        v = variants_of(t)[0]
        samples = {p.workers: p.throughput_samples for p in v.points}
        return weak_efficiency(samples, n0=1)[2]

    grouped_eff, pooled_eff = efficiency(table), efficiency(table.drop(columns=["allocation"]))
    assert grouped_eff.value == pytest.approx(pooled_eff.value)
    assert grouped_eff.hi - grouped_eff.lo > pooled_eff.hi - pooled_eff.lo


def test_the_report_sets_aside_a_slow_allocation_before_its_intervals():
    # a bundled run, 4 sizes x 2 variants x allocations 0..3, allocation 2 15% slower at every
    # point: each point's samples lose its repeats, and its interval is the t interval of the
    # remaining three allocations under the run's pooled spread (computed here by SciPy)
    from types import SimpleNamespace

    from scalestudy.report.scaling import PointStats, set_noise
    from scalestudy.uncertainty.model import Clustered

    rng = np.random.default_rng(13)
    variants = []
    logs = {}
    for v in ("a", "b"):
        variants.append(SimpleNamespace(label=v, sweep="s", points=[], noise={}, set_aside=[]))
    for n in (1, 2, 4, 8):
        shared = 0.04 * rng.standard_normal(4)
        for v in variants:
            x = np.log(1000 * n) + shared + np.log([1, 1, 0.85, 1]) + 0.01 * rng.standard_normal(4)
            logs[(v.label, n)] = x[[0, 1, 3]]
            tput = Clustered.of(list(np.exp(x)), [0, 1, 2, 3])
            v.points.append(PointStats(v.label, f"{v.label}{n}", n, n, 4, 4, {}, tput, []))
    set_noise(variants)
    assert variants[0].set_aside[0].startswith("allocation 2 set aside for tokens/s")
    ss = sum(((x - x.mean()) ** 2).sum() for x in logs.values())
    s = np.sqrt(ss / 16)  # 8 points x 2 df; the variants of a size share their allocations:
    df = 4 * 2  # 2 df a size, 4 sizes
    for v in variants:
        for p in v.points:
            assert p.throughput_samples.keys == (0, 1, 3)
            x = logs[(v.label, p.workers)]
            half = sps.t.ppf(0.975, df) * s / np.sqrt(3)
            assert (p.throughput.lo, p.throughput.hi) == pytest.approx(
                (np.exp(x.mean() - half), np.exp(x.mean() + half)), rel=1e-9
            )


def test_two_sweeps_in_one_report_are_screened_and_pooled_each_on_its_own_allocations():
    """Sweeps qs and qt, each bundled over allocations 0..3, one variant at 1 and 2 workers;
    only qs's allocation 3 is 20% slow. qt keeps its 4 allocations (the review's finding: the
    screen keyed allocations by number across sweeps and set qt's allocation 3 aside too), and
    the pooled df counts each sweep's sizes apart: 2 sweeps x 2 sizes, each (allocations - 1)
    df: 2 + 2 + 3 + 3 = 10 (counted as sharing, 4 before)."""
    from types import SimpleNamespace

    from scalestudy.report.scaling import PointStats, set_noise
    from scalestudy.uncertainty.model import Clustered

    rng = np.random.default_rng(7)
    variants = []
    for sweep, slow in (("qs", 0.8), ("qt", 1.0)):
        v = SimpleNamespace(label=sweep, sweep=sweep, points=[], noise={}, set_aside=[])
        for n in (1, 2):
            x = np.log(1000 * n) + np.log([1, 1, 1, slow]) + 0.01 * rng.standard_normal(4)
            tput = Clustered.of(list(np.exp(x)), [0, 1, 2, 3])
            v.points.append(PointStats(sweep, f"{sweep}{n}", n, n, 4, 4, {}, tput, []))
        variants.append(v)
    set_noise(variants)
    qs, qt = variants
    assert all(p.throughput_samples.keys == (0, 1, 2) for p in qs.points)
    assert all(p.throughput_samples.keys == (0, 1, 2, 3) for p in qt.points)
    assert qs.set_aside and qs.set_aside[0].startswith("qs: allocation 3 set aside")
    assert not qt.set_aside
    assert qt.noise["tokens_per_s"].df == 10
