"""Verdicts that cannot be silent (issue #32): the runs' pooled noise model (compare/noise.py),
the three outcomes against a tolerance and the gate's exit codes, the per-point rule's
minimum, the power and coverage of the verdicts on seeded simulations, the coverage and width
of the report's bootstrap intervals (report/stats.py), and `plan`'s smallest detectable change.

The thresholds of the simulations were written before they were first run (the brief of issue
#32, or a theoretical figure where the brief's cannot hold: see each test)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps
from support.compare import make_run

from scalestudy.cli import main
from scalestudy.compare import analysis, noise, power
from scalestudy.compare.match import load_side
from scalestudy.inputs import resolve
from scalestudy.uncertainty import model as um
from scalestudy.uncertainty.model import Clustered

TRIALS = 200


def _compare(root, base, new, **kw):
    return analysis.compare(
        load_side(resolve(base, root), base), load_side(resolve(new, root), new), **kw
    )


def _lognormal(mean: float, cv: float, n: int, rng: np.random.Generator) -> list[float]:
    return [float(x) for x in mean * np.exp(cv * rng.standard_normal(n))]


# -- Student's t and the pooled model ------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "p", "expected"),
    [(1, 0.975, 12.7062), (2, 0.975, 4.3027), (8, 0.975, 2.3060), (30, 0.995, 2.7500)],
)
def test_t_quantiles_match_the_tables(df, p, expected):
    assert noise.t_quantile(p, df) == pytest.approx(expected, abs=1e-4)
    assert noise.t_quantile(1 - p, df) == pytest.approx(-expected, abs=1e-4)


def test_the_pooled_noise_is_the_spread_of_the_units_around_their_point():
    a, b = [100.0, 110.0], [200.0, 180.0, 190.0]  # two points of repeats
    grouped = Clustered(((50.0, 50.0), (55.0,)))  # allocations: means of logs are the units
    model = noise.pooled([a, b, grouped, [70.0]])  # [70]: one unit, no degree of freedom
    units = [
        [math.log(100), math.log(110)],
        [math.log(200), math.log(180), math.log(190)],
        [math.log(50), math.log(55)],
    ]
    ss = sum(sum((x - sum(u) / len(u)) ** 2 for x in u) for u in units)
    assert model.df == 1 + 2 + 1 and model.points == 3
    assert model.s == pytest.approx(math.sqrt(ss / 4))
    assert not noise.pooled([[1.0], [2.0]]).judged  # one unit everywhere: df = 0


def test_repeats_to_settle_an_inconclusive_point_are_the_fewest_that_fit():
    model = noise.Noise(0.03, 8, 4, "repeat")
    k = noise.units_to_settle(0.97, 0.95, model, 0.95)
    gap = math.log(0.97) - math.log(0.95)
    assert noise.half_width(model, k, 0.95) < gap <= noise.half_width(model, k - 1, 0.95)
    assert noise.units_to_settle(0.95, 0.95, model, 0.95) is None  # on the threshold


def test_repeats_to_settle_take_the_spread_of_the_points_size_where_spreads_differ():
    """Spreads that differ by size (0.6% at 1 worker, 6.6% at 2, each its own df): the advice
    for a 2-worker point rests on 6.6% at 12 df, by hand with SciPy's t (the review's finding:
    the pooled spread made it 27 repeats where this needs 60)."""
    from scipy.stats import t as student

    model = noise.Noise(0.047, 18, 4, "repeat", by_size=((1, 0.006, 6), (2, 0.066, 12)))
    gap = math.log(0.97) - math.log(0.95)
    q = student.ppf(0.975, 12)
    want = next(k for k in range(2, 10_000) if q * 0.066 * math.sqrt(2.0 / k) < gap)
    assert noise.units_to_settle(0.97, 0.95, model, 0.95, size=2) == want


# -- the per-point rule's minimum reads both sides ---------------------------------------------


def test_a_point_with_few_base_repeats_is_not_judged_on_its_own_repeats(tmp_path):
    """BASE 2 repeats, NEW 10: the per-point bootstrap needs min_samples on EACH side, so the
    point is judged on the pooled noise (a rule reading only NEW would bootstrap 2 repeats)."""
    rng = np.random.default_rng(3)
    base = {(d, k): _lognormal(1000.0 * k, 0.02, 2, rng) for d in (False, True) for k in (1, 2)}
    new = {(d, k): _lognormal(900.0 * k, 0.02, 10, rng) for d in (False, True) for k in (1, 2)}
    make_run(tmp_path, "a", base)
    make_run(tmp_path, "b", new)
    c = _compare(tmp_path, "a", "b", tolerance=0.05)
    assert {(p.tokens.n_base, p.tokens.n_new) for p in c.pairs} == {(2, 10)}
    assert {p.tokens.method for p in c.pairs} == {"pooled"}, [p.tokens for p in c.pairs]
    assert all(p.tokens.why.startswith("n < 5") for p in c.pairs)
    assert analysis.per_point_rule(2, 10, 5) == "n < 5"
    assert analysis.per_point_rule(10, 2, 5) == "n < 5"
    assert analysis.per_point_rule(5, 5, 5) == ""


# -- seeded power and coverage -------------------------------------------------------------------


def _simulate(truth: float, min_samples: int, seed: int) -> tuple[list, list]:
    """TRIALS comparisons of a 4-point run (2 sizes x 2 variants), 5 repeats a side, 3%
    log-normal noise per run, NEW = truth x BASE; each point judged against TOL 5% as compare
    judges it. Returns per trial the points' Ratios, and the true ratio."""
    rng = np.random.default_rng(seed)
    trials = []
    for _ in range(TRIALS):
        means = [900.0, 1000.0, 1700.0, 1900.0]
        base = [_lognormal(m, 0.03, 5, rng) for m in means]
        new = [_lognormal(m * truth, 0.03, 5, rng) for m in means]
        model = noise.pooled([*base, *new])
        trials.append(
            [
                analysis.judge_tokens(b, n, model, tolerance=0.05, min_samples=min_samples)
                for b, n in zip(base, new, strict=True)
            ]
        )
    return trials, truth


def _rates(trials, truth) -> dict:
    points = [r for t in trials for r in t]
    return {
        "gate": sum(any(r.gate == analysis.SLOWER_THAN_TOL for r in t) for t in trials),
        "points_slower": sum(r.gate == analysis.SLOWER_THAN_TOL for r in points) / len(points),
        "covered": sum(r.ratio.lo <= truth <= r.ratio.hi for r in points) / len(points),
        "first_covered": sum(t[0].ratio.lo <= truth <= t[0].ratio.hi for t in trials),
    }


@pytest.mark.parametrize(
    ("min_samples", "method"),
    [(analysis.MIN_SAMPLES, "per point"), (6, "pooled")],  # as shipped; the pooled model
)
def test_power_and_coverage_at_5_repeats_3_percent_noise_tolerance_5_percent(min_samples, method):
    """Issue #32's figures: a 10% slowdown called slower than TOL in >= 90% of 200 trials, no
    change called slower in <= 5%, the 95% intervals covering the true ratio in 92-98%.

    A trial is one comparison of a 4-point run; "called slower" is the gate's outcome (at least
    one point slower than TOL: exit 1). Per point, >= 90% cannot hold for this design with any
    two-sided 95% interval: the true log ratio, log 0.9, lies 0.054 below log 0.95 and the
    standard error of a log ratio of means of 5 at 3% is 0.019, so even a known sigma finds
    "upper end < 0.95" in P(Z < 0.054 / 0.019 - 1.96) = 81% of points. The pooled model
    (df = 32) is asserted at >= 70% per point (theory 79%); the per-point t interval on its
    own units is printed, not asserted. Coverage: every point's interval, both scenarios (1,600)."""
    slow_trials, slow = _simulate(0.90, min_samples, seed=32_000)
    same_trials, same = _simulate(1.00, min_samples, seed=64_000)
    assert {r.method for t in slow_trials + same_trials for r in t} == {method}
    s, n = _rates(slow_trials, slow), _rates(same_trials, same)
    covered = (s["covered"] + n["covered"]) / 2
    print(
        f"{method}: 10% slower: gate {s['gate']}/{TRIALS}, per point {s['points_slower']:.1%}; "
        f"no change: gate {n['gate']}/{TRIALS}, per point {n['points_slower']:.1%}; "
        f"coverage {covered:.1%} (first point: slower {s['first_covered']}/{TRIALS}, "
        f"no change {n['first_covered']}/{TRIALS})"
    )
    assert s["gate"] / TRIALS >= 0.90
    assert n["gate"] / TRIALS <= 0.05
    assert 0.92 <= covered <= 0.98
    if method == "pooled":
        assert s["points_slower"] >= 0.70


def _allocated(mean: float, rng, allocations: int, repeats: int) -> Clustered:
    shift = rng.normal(0, 0.05, allocations)  # each allocation 5% off (its placement)
    groups = [
        tuple(mean * (1 + shift[a]) * (1 + rng.normal(0, 0.005)) for _ in range(repeats))
        for a in range(allocations)
    ]
    return Clustered(tuple(groups))


def test_two_allocations_judged_pooled_give_no_false_evidence_beyond_the_level():
    """2 allocations x 5 repeats a side, one distribution, 300 trials: the per-point bootstrap
    showed false evidence in 32% (docs/compare.md); the pooled model with allocations as units
    (df = 2 here) is exact under its assumptions: asserted <= 8% (5% + 2.4 binomial sd)."""
    rng = np.random.default_rng(2)
    trials, false = 300, 0
    for _ in range(trials):
        b, n = _allocated(1000, rng, 2, 5), _allocated(1000, rng, 2, 5)
        r = analysis.judge_tokens(b, n, noise.pooled([b, n]), tolerance=None)
        assert r.method == "pooled"
        false += r.verdict != analysis.NO_EVIDENCE
    print(f"false evidence, 2 allocations x 5 repeats, pooled: {false}/{trials}")
    assert false / trials <= 0.08


# -- the model's intervals: labelled 95%, computed at 95% ----------------------------------------


def test_intervals_cover_at_95_percent_and_have_the_width_theory_gives():
    """200 seeded trials, n = 40 log-normal repeats (sd 3%) of a point and, for the ratio, two
    such sets: the model's interval of the point's level and of the ratio covers the truth in
    90-98% of trials, and its mean log width is within 15% of the normal theory's 2 x 1.96 x
    0.03 sqrt(1 / n) (sqrt(2 / n) for the ratio); a 99% interval is 31% wider (2.576 / 1.96)."""
    rng = np.random.default_rng(95)
    n, trials = 40, TRIALS
    theory_level = 2 * 1.96 * 0.03 / math.sqrt(n)
    theory_ratio = 2 * 1.96 * 0.03 * math.sqrt(2 / n)
    cover_m = cover_r = 0
    width_m, width_r = [], []
    for _ in range(trials):
        x = _lognormal(100, 0.03, n, rng)
        e = um.contrast([(x, 1.0)], noise.pooled([x]))
        cover_m += e.lo <= 100 <= e.hi
        width_m.append(math.log(e.hi) - math.log(e.lo))
        a = _lognormal(1000, 0.03, n, rng)
        b = _lognormal(1000, 0.03, n, rng)
        r = um.contrast([(a, 1.0), (b, -1.0)], noise.pooled([a, b]))
        cover_r += r.lo <= 1.0 <= r.hi
        width_r.append(math.log(r.hi) - math.log(r.lo))
    ratio_m = float(np.mean(width_m)) / theory_level
    ratio_r = float(np.mean(width_r)) / theory_ratio
    print(
        f"level: covered {cover_m}/{trials}, width/theory {ratio_m:.3f}; "
        f"ratio: covered {cover_r}/{trials}, width/theory {ratio_r:.3f}"
    )
    assert 0.85 <= ratio_m <= 1.15 and 0.85 <= ratio_r <= 1.15
    assert 0.90 <= cover_m / trials <= 0.98 and 0.90 <= cover_r / trials <= 0.98


# -- the gate on quickstart-sized runs ------------------------------------------------------------


def _quickstart(rng, scale: float, repeats: int = 2, allocations: int = 2) -> dict:
    """2 sizes x 2 variants, ~1000 tokens/s a node +-2%, `repeats` runs (one per allocation)."""
    return {
        (dense, nodes): _lognormal(1000.0 * nodes * scale, 0.02, repeats, rng)
        for dense in (False, True)
        for nodes in (1, 2)
    }


def test_quickstart_design_finds_a_2x_slowdown(tmp_path, capsys):
    """2 allocations x 1 repeat a side, NEW at 0.5x: every point slower than TOL, exit 1
    (before issue #32: 'no evidence (n < 5)' and exit 0)."""
    rng = np.random.default_rng(7)
    make_run(tmp_path, "a", _quickstart(rng, 1.0), allocations=2)
    make_run(tmp_path, "b", _quickstart(rng, 0.5), allocations=2)
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "10%"]
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert "regression: 4 point(s) slower than BASE by more than 10.0%" in err
    assert "no point slower" not in out
    c = _compare(tmp_path, "a", "b", tolerance=0.10)
    # 2 sizes x 2 runs x (2 allocations - 1): a run's two variants at one size ran in the
    # same allocations, so their spreads count once (was 8 before issue #44)
    assert c.noise["tokens_per_s"].df == 4
    assert {(p.tokens.gate, p.tokens.method, p.tokens.unit) for p in c.pairs} == {
        (analysis.SLOWER_THAN_TOL, "pooled", "allocation")
    }


def _gates_by_hand(root, tolerance: float) -> dict[tuple[bool, int], str]:
    """Each point's gate recomputed from the two runs' raw results.csv, by the model as
    docs/compare.md states it, with numpy and SciPy only: units are the allocations' mean
    logs; s^2 = sum SS / sum (k - 1); df counts a run's variants at one size once; Bartlett
    across sizes (per-size spreads when p < 0.05);
    interval of NEW/BASE = exp(diff of means +- t(df) sqrt(s_n^2/k_n + s_b^2/k_b))."""
    import pandas as pd

    units = {}
    for run in ("a", "b"):
        t = pd.read_csv(root / run / "results.csv")
        t = t[t.status == "completed"]
        for (dense, nodes), g in t.groupby(["sparse_as_dense", "nodes"]):
            logs = g.groupby("allocation")["tokens_per_s"].apply(lambda x: np.log(x).mean())
            units[(run, bool(dense), int(nodes))] = logs.to_numpy()
    ss = {k: ((u - u.mean()) ** 2).sum() for k, u in units.items()}
    s2 = sum(ss.values()) / sum(len(u) - 1 for u in units.values())
    df_of = {}
    for (run, _, nodes), u in units.items():
        df_of[(run, nodes)] = max(df_of.get((run, nodes), 0), len(u) - 1)
    df = sum(df_of.values())
    sizes = sorted({n for _, _, n in units})
    var_z = {
        z: sum(ss[k] for k in units if k[2] == z)
        / sum(len(units[k]) - 1 for k in units if k[2] == z)
        for z in sizes
    }
    df_z = {z: sum(d for (_, n), d in df_of.items() if n == z) for z in sizes}
    total = sum(df_z.values())
    pooled_z = sum(var_z[z] * df_z[z] for z in sizes) / total
    stat = total * np.log(pooled_z) - sum(df_z[z] * np.log(var_z[z]) for z in sizes)
    corr = 1 + (sum(1 / df_z[z] for z in sizes) - 1 / total) / (3 * (len(sizes) - 1))
    per_size = sps.chi2.sf(stat / corr, len(sizes) - 1) < 0.05
    gates = {}
    for dense in (False, True):
        for z in sizes:
            b, n = units[("a", dense, z)], units[("b", dense, z)]
            s_ref, d = (np.sqrt(var_z[z]), df_z[z]) if per_size else (np.sqrt(s2), df)
            half = sps.t.ppf(0.975, d) * s_ref * np.sqrt(1 / len(n) + 1 / len(b))
            lo = np.exp(n.mean() - b.mean() - half)
            hi = np.exp(n.mean() - b.mean() + half)
            threshold = 1 - tolerance
            gates[(dense, z)] = (
                analysis.SLOWER_THAN_TOL
                if hi < threshold
                else analysis.WITHIN_TOL
                if lo >= threshold
                else analysis.INCONCLUSIVE
            )
    return gates


def test_quickstart_design_with_no_change_passes_saying_what_it_judged(tmp_path, capsys):
    """Two runs of one distribution, quickstart design, TOL 10%: each point's gate is the one
    computed by hand from the raw files (no either-outcome assertion), and the exit code and
    the last line follow from them."""
    rng = np.random.default_rng(8)
    make_run(tmp_path, "a", _quickstart(rng, 1.0), allocations=2)
    make_run(tmp_path, "b", _quickstart(rng, 1.0), allocations=2)
    want = _gates_by_hand(tmp_path, 0.10)
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "10%"]
    code = main(args)
    out = capsys.readouterr().out
    c = _compare(tmp_path, "a", "b", tolerance=0.10)
    got = {(p.base.label == "dense", p.base.nodes): p.tokens.gate for p in c.pairs}
    assert got == want
    assert analysis.SLOWER_THAN_TOL not in want.values() and code == 0
    last = out.strip().splitlines()[-1]
    if set(want.values()) == {analysis.WITHIN_TOL}:
        assert last.startswith("no point slower than BASE by more than 10.0%: all 4 judged")
    else:
        assert "no point slower" not in out and "inconclusive" in last


def test_an_inconclusive_point_names_the_repeats_that_would_settle_it_and_fails_strict(
    tmp_path, capsys
):
    """NEW 5% slower, 3% noise, 2 repeats, TOL 5%: the interval straddles 0.95."""
    rng = np.random.default_rng(11)
    make_run(tmp_path, "a", _quickstart(rng, 1.0))
    make_run(tmp_path, "b", _quickstart(rng, 0.95))
    c = _compare(tmp_path, "a", "b", tolerance=0.05)
    unsure = c.gated(analysis.INCONCLUSIVE)
    assert unsure and all(p.tokens.settle and p.tokens.settle > 2 for p in unsure)
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "5%"]
    assert main(args) == (1 if c.regressions else 0)
    out = capsys.readouterr().out
    assert "repeats a side would settle it" in out
    assert "no point slower" not in out
    assert main([*args, "--strict"]) == 1
    assert "inconclusive against 5.0% and --strict" in capsys.readouterr().err


def test_one_repeat_everywhere_is_unjudged_and_fails_the_gate_unless_allowed(tmp_path, capsys):
    rng = np.random.default_rng(9)
    make_run(tmp_path, "a", _quickstart(rng, 1.0, repeats=1, allocations=0))
    make_run(tmp_path, "b", _quickstart(rng, 0.5, repeats=1, allocations=0))
    c = _compare(tmp_path, "a", "b", tolerance=0.10)
    assert c.noise["tokens_per_s"].df == 0
    assert {(p.tokens.verdict, p.tokens.gate) for p in c.pairs} == {
        (analysis.UNJUDGED, analysis.UNJUDGED)
    }
    assert not c.regressions
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "10%"]
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert "4 point(s) unjudged" in err and "--allow-unjudged" in err
    assert "no point slower" not in out
    assert main([*args, "--allow-unjudged"]) == 0
    out = capsys.readouterr().out
    assert "no point slower" not in out
    assert out.strip().splitlines()[-1].startswith("gate passed, not everything judged")
    assert main(args[:-2]) == 0  # no gate asked: the table, and a note
    assert "4 matched point(s) unjudged" in capsys.readouterr().out
    assert main([*args[:-2], "--strict"]) == 2  # --strict qualifies a gate


def test_inconsistent_rows_are_not_samples_and_are_listed(tmp_path):
    rng = np.random.default_rng(12)
    make_run(tmp_path, "a", _quickstart(rng, 1.0, repeats=3))
    folder = make_run(
        tmp_path, "b", _quickstart(rng, 1.0, repeats=3), statuses={(True, 2, 1): "inconsistent"}
    )
    t = pd.read_csv(folder / "results.csv")
    bad = t["status"] == "inconsistent"
    t.loc[bad, "tokens_per_s"] = 1.0  # what a failed clock cross-check might leave: never used
    t.to_csv(folder / "results.csv", index=False)
    c = _compare(tmp_path, "a", "b")
    pair = next(p for p in c.pairs if p.base.nodes == 2 and p.base.label == "dense")
    assert pair.tokens.n_new == 2 and 1.0 not in pair.new.tokens
    assert abs(pair.tokens.ratio.value - 1.0) < 0.1
    note = next(n for n in c.notes if "inconsistent" in n)
    assert note.startswith("b: dense @ 2 x 1: 1 of 3 repeat(s) inconsistent")


def test_the_pages_carry_the_gate_and_the_noise(tmp_path):
    rng = np.random.default_rng(13)
    make_run(tmp_path, "a", _quickstart(rng, 1.0), allocations=2)
    make_run(tmp_path, "b", _quickstart(rng, 0.5), allocations=2)
    out = tmp_path / "cmp"
    args = ["compare", "a", "b", "--results", str(tmp_path), "--out", str(out)]
    assert main([*args, "--fail-on-regression", "10%"]) == 1
    import json

    data = json.loads((out / "compare.json").read_text())
    (comparison,) = data["comparisons"]
    assert comparison["noise"]["tokens_per_s"]["df"] == 4  # 2 sizes x 2 runs x 1
    assert comparison["gate"].startswith("Gate at 10.0%: 4 slower than 10.0%")
    assert {p["tokens_per_s"]["gate"] for p in comparison["pairs"]} == {"slower than TOL"}
    for page in ("compare.md", "compare.html"):
        text = (out / page).read_text()
        assert "Gate at 10.0%: 4 slower than 10.0%" in text and "run noise of tokens/s" in text


# -- plan: the smallest change compare could call slower ------------------------------------------


def test_smallest_detectable_slowdown_of_a_design():
    quick = power.Design(points=4, units=2, unit="allocation", repeats=1)
    assert quick.df == 8
    # by hand, SciPy's quantile: half-width t(df) s sqrt(2 / k), slowdown 1 - exp(-half)
    half = sps.t.ppf(0.975, 8) * 0.03 * math.sqrt(2 / 2)
    assert power.smallest_slowdown(quick, 0.03) == pytest.approx(1 - math.exp(-half))
    # the quickstart: 2 variants share each size's 2 allocations: df = 2 runs x 2 sizes x 1
    bundled = power.Design(points=4, units=2, unit="allocation", repeats=1, sizes=2)
    assert bundled.df == 4
    half = sps.t.ppf(0.975, 4) * 0.03 * math.sqrt(2 / 2)
    assert power.smallest_slowdown(bundled, 0.03) == pytest.approx(1 - math.exp(-half))
    assert power.smallest_slowdown(bundled, 0.03) == pytest.approx(0.0799, abs=5e-5)
    found = (sps.t.ppf(0.975, 4) + sps.t.ppf(0.8, 4)) * 0.03 * math.sqrt(2 / 2)
    assert power.found_at_power(bundled, 0.03) == pytest.approx(1 - math.exp(-found))
    five = power.Design(points=4, units=5, unit="repeat", repeats=5)
    assert power.smallest_slowdown(five, 0.03) < power.smallest_slowdown(quick, 0.03)
    assert power.smallest_slowdown(power.Design(4, 1, "repeat", 1), 0.03) is None


def test_plan_prints_the_smallest_slowdown_from_previous_results_else_a_default(tmp_path, capsys):
    from pathlib import Path

    sweep = Path(__file__).resolve().parents[2] / "experiments" / "quickstart.yaml"
    assert main(["plan", str(sweep), "--results", str(tmp_path)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("compare: ")]
    assert line.startswith("compare: with 2 allocations x 1 repeat(s) a point a side")
    # by hand: t(4; 0.975) x 3% x sqrt(2 / 2) = 0.0833, 1 - exp(-0.0833) = 8.0% (6.7% before
    # issue #44 counted the variants sharing an allocation as independent: df 8)
    assert "a default noise of 3% per allocation" in line and "is 8.0%" in line
    rng = np.random.default_rng(5)
    make_run(tmp_path, "quickstart", _quickstart(rng, 1.0), allocations=2)
    assert main(["plan", str(sweep), "--results", str(tmp_path)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("compare: ")]
    assert "results.csv" in line and "df = 2" in line, line  # 2 sizes x (2 allocations - 1)


def test_checked_and_unchecked_throughputs_are_not_compared(tmp_path, capsys):
    """BASE from a trainer whose window held the compute probe (no clock check), NEW checked:
    each point is unjudged, says why, and fails the gate; both checked: judged."""
    rng = np.random.default_rng(9)
    make_run(tmp_path, "a", _quickstart(rng, 1.0), allocations=2)
    make_run(tmp_path, "b", _quickstart(rng, 1.0), allocations=2, clock_check="ok")
    c = _compare(tmp_path, "a", "b", tolerance=0.10)
    assert {p.tokens.gate for p in c.pairs} == {analysis.UNJUDGED}
    assert all("not checked against their step records" in p.tokens.why for p in c.pairs)
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "10%"]
    assert main(args) == 1
    make_run(tmp_path, "c", _quickstart(rng, 1.0), allocations=2, clock_check="ok")
    c = _compare(tmp_path, "c", "b", tolerance=0.10)
    assert analysis.UNJUDGED not in {p.tokens.gate for p in c.pairs}


def test_compare_sets_aside_a_sides_slow_allocation_from_its_points():
    # one side of a bundled run, 4 sizes x 2 variants x allocations 0..3, allocation 1 15%
    # slow at every point: compare drops its repeats from every point (tokens/s only: the
    # steps are clean) and names it in the side's notes
    from scalestudy.compare.match import Measured, Side, screen_side

    rng = np.random.default_rng(11)
    points = {}
    for n in (1, 2, 4, 8):
        shared = 0.04 * rng.standard_normal(4)
        for variant in ("a", "b"):
            slow = np.log([1, 0.85, 1, 1])
            tokens = np.exp(np.log(1000 * n) + shared + slow + 0.01 * rng.standard_normal(4))
            steps = np.exp(0.04 * rng.standard_normal(4))
            points[f"{variant}{n}"] = Measured(
                f"{variant}{n}", variant, "trainer", "weak", n, 1, n, variant, {},
                tokens=list(tokens), step_s=list(steps),
                token_allocations=[0, 1, 2, 3], step_allocations=[0, 1, 2, 3],
            )  # fmt: skip
    before = {k: list(m.tokens) for k, m in points.items()}
    side = Side(None, None, "new", points)
    screen_side(side)
    for k, m in points.items():
        assert m.token_allocations == [0, 2, 3]
        assert m.tokens == [before[k][0], before[k][2], before[k][3]]
        assert m.step_allocations == [0, 1, 2, 3]
    assert len(side.set_aside) == 1 and side.set_aside[0].startswith("allocation 1 set aside")


def test_a_point_not_measured_on_one_side_is_not_blamed_on_the_clocks(tmp_path):
    """BASE unclocked (collected before the check), NEW's dense@2 with no completed repeat:
    that point is "not measured", as where both sides were checked; it read unjudged with a
    reason saying NEW's tokens/s were checked (it has none; the review's finding)."""
    rng = np.random.default_rng(5)
    failed = {(True, 2, r): "failed" for r in range(2)}
    make_run(tmp_path, "a", _quickstart(rng, 1.0), allocations=2)
    make_run(tmp_path, "b", _quickstart(rng, 1.0), allocations=2, clock_check="ok", statuses=failed)
    make_run(tmp_path, "c", _quickstart(rng, 1.0), allocations=2, clock_check="ok")
    for base in ("a", "c"):  # unclocked, then clocked: the same verdict
        c = _compare(tmp_path, base, "b", tolerance=0.10)
        (p,) = [p for p in c.pairs if p.base.nodes == 2 and not len(p.new.token_samples)]
        assert "not checked against their step records" not in p.tokens.why, p.tokens.why
        assert p.tokens.verdict == "not measured", (base, p.tokens.verdict)
