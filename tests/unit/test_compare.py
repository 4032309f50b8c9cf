"""`scalestudy compare`: points matched by what was measured, NEW/BASE ratios with bootstrap
intervals and verdicts on synthetic runs with known effects, the regression gate's exit codes,
what changed between the environments, and the pages it writes."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support.compare import FLAGS, make_run

from scalestudy.cli import main
from scalestudy.compare import analysis
from scalestudy.compare.match import load_side
from scalestudy.inputs import resolve
from scalestudy.uncertainty import model as uncertainty


def _noisy(mean: float, sd: float, n: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    return [float(x) for x in mean * (1 + sd * rng.standard_normal(n))]


def _samples(scale: float, sd: float, seed: int, n: int = 5, nodes=(1, 2)) -> dict:
    out = {}
    for i, (dense, node) in enumerate((d, k) for d in (False, True) for k in nodes):
        mean = (1000.0 if dense else 900.0) * node * 0.9 ** (node - 1)
        out[(dense, node)] = _noisy(mean * scale, sd, n, seed + i)
    return out


def _compare(root, base, new, **kw):
    b = load_side(resolve(base, root), base)
    n = load_side(resolve(new, root), new)
    return analysis.compare(b, n, **kw)


@pytest.fixture
def slowdown(tmp_path):
    """NEW is 10% slower everywhere, 1% noise, 5 repeats per side; HOROVOD_CYCLE_TIME set."""
    make_run(tmp_path, "base", _samples(1.0, 0.01, 1))
    make_run(tmp_path, "slow", _samples(0.9, 0.01, 100), exports={"HOROVOD_CYCLE_TIME": "50"})
    return tmp_path


def test_a_ten_percent_slowdown_is_found_with_an_interval_below_1(slowdown):
    c = _compare(slowdown, "base", "slow", tolerance=0.05)
    assert len(c.pairs) == 4 and not c.only_base and not c.only_new
    for p in c.pairs:
        r = p.tokens.ratio
        assert p.tokens.verdict == "slower", p.as_dict()
        assert r.hi < 1.0 and r.lo < 0.9 < r.hi + 0.02  # 0.9 within the noise
        assert abs(r.value - 0.9) < 0.03
        assert (p.tokens.n_base, p.tokens.n_new) == (5, 5)
        assert p.regression  # the interval's upper end is below 0.95
    # weak efficiency: both sides slow down alike, so its ratio shows no evidence of a change
    at2 = [p for p in c.pairs if p.base.nodes == 2]
    assert all(p.efficiency is not None and p.efficiency.verdict == "no evidence" for p in at2)
    assert all(p.efficiency is None for p in c.pairs if p.base.nodes == 1)  # N0: 1 by definition


def test_the_regression_gate_exits_1_beyond_the_tolerance_and_0_within(slowdown, capsys):
    args = ["compare", "base", "slow", "--results", str(slowdown)]
    assert main([*args, "--fail-on-regression", "5%"]) == 1
    err = capsys.readouterr().err
    assert "regression: 4 point(s) slower than BASE by more than 5.0%" in err
    assert main([*args, "--fail-on-regression", "0.2"]) == 0  # 10% slower: within 20%
    assert "no point slower than BASE by more than 20.0%" in capsys.readouterr().out
    assert main(args) == 0  # no gate asked: the verdicts are printed, exit 0
    out = capsys.readouterr().out
    assert "slower" in out and "HOROVOD_CYCLE_TIME" in out


def test_no_change_with_noise_gives_no_evidence_and_exit_0(tmp_path, capsys):
    make_run(tmp_path, "a", _samples(1.0, 0.03, 1))
    make_run(tmp_path, "b", _samples(1.0, 0.03, 10))
    c = _compare(tmp_path, "a", "b", tolerance=0.05)
    assert {p.tokens.verdict for p in c.pairs} == {"no evidence"}
    assert all(p.tokens.ratio.lo <= 1.0 <= p.tokens.ratio.hi for p in c.pairs)
    assert (
        main(["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "5%"]) == 0
    )


def test_a_chance_verdict_under_no_change_does_not_trip_the_gate(tmp_path):
    # the level is per point: with 3% noise, 5 repeats and 4 points, some seeds give one
    # chance "faster" or "slower" (seeds 7, 9, 11 here); the tolerance keeps the gate quiet
    chance = 0
    for seed in range(1, 12):
        make_run(tmp_path, f"a{seed}", _samples(1.0, 0.03, seed))
        make_run(tmp_path, f"b{seed}", _samples(1.0, 0.03, 10 * seed))
        c = _compare(tmp_path, f"a{seed}", f"b{seed}", tolerance=0.05)
        chance += sum(p.tokens.verdict != "no evidence" for p in c.pairs)
        assert not c.regressions
    assert 0 < chance <= 4


def _own_ratio(new, base):
    """NEW/BASE on the two sets' own spread (compare's per-point rule)."""
    return uncertainty.contrast([(new, 1.0), (base, -1.0)], uncertainty.own([new, base]))


def test_two_draws_of_one_distribution_give_no_evidence_in_95_percent_of_trials():
    # the verdict's own rule on the point's own spread, 5 repeats per side, seeded trials
    trials, quiet = 300, 0
    for seed in range(trials):
        a, b = _noisy(1000, 0.03, 5, seed), _noisy(1000, 0.03, 5, 10_000 + seed)
        r = _own_ratio(b, a)
        v, _ = analysis.verdict_of("tokens_per_s", r, 5, 5, analysis.MIN_SAMPLES)
        quiet += v == "no evidence"
    assert quiet / trials >= 0.95, quiet / trials


def test_fewer_repeats_than_the_minimum_are_judged_on_the_pooled_noise(tmp_path, capsys):
    """2 repeats a side (1% noise), NEW 10% slower: too few for the per-point bootstrap, so
    each point is judged on the runs' pooled noise (df = 4 points x 2 sides x 1) and found
    slower, beyond a 5% tolerance; --min-samples 2 judges them on their own repeats instead.
    (Before issue #32 these points said 'no evidence (n < 5)' and the gate passed.)"""
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1, n=2))
    make_run(tmp_path, "b", _samples(0.9, 0.01, 50, n=2))
    c = _compare(tmp_path, "a", "b", tolerance=0.05)
    assert {(p.tokens.verdict, p.tokens.method) for p in c.pairs} == {("slower", "pooled")}
    assert all(p.tokens.why.startswith("n < 5: judged on the runs' pooled noise") for p in c.pairs)
    assert c.noise["tokens_per_s"].df == 8 and {p.tokens.gate for p in c.pairs} == {
        "slower than TOL"
    }
    c2 = _compare(tmp_path, "a", "b", min_samples=2)
    assert {(p.tokens.verdict, p.tokens.method) for p in c2.pairs} == {("slower", "per point")}
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "5%"]
    assert main(args) == 1
    assert main([*args, "--min-samples", "2"]) == 1


def test_efficiency_ratio_of_a_scaling_loss(tmp_path):
    base = {(True, 1): _noisy(1000, 0.01, 5, 1), (True, 2): _noisy(1800, 0.01, 5, 2)}
    new = {(True, 1): _noisy(1000, 0.01, 5, 3), (True, 2): _noisy(1500, 0.01, 5, 4)}
    make_run(tmp_path, "a", base)
    make_run(tmp_path, "b", new)
    c = _compare(tmp_path, "a", "b")
    one, two = sorted(c.pairs, key=lambda p: p.base.nodes)
    assert one.tokens.verdict == "no evidence" and one.efficiency is None
    assert two.tokens.verdict == "slower"
    eff = two.efficiency
    assert eff.verdict == "lower" and abs(eff.ratio.value - 1500 / 1800) < 0.03
    assert abs(eff.base.value - 0.9) < 0.02 and abs(eff.new.value - 0.75) < 0.02


def test_strong_scaling_efficiency_ratio_from_step_times(tmp_path):
    # a fixed global batch: BASE speeds up 1.8x from 1 to 2 nodes, NEW only 1.5x
    base = {(True, 1): _noisy(4000, 0.01, 5, 1), (True, 2): _noisy(7200, 0.01, 5, 2)}
    new = {(True, 1): _noisy(4000, 0.01, 5, 3), (True, 2): _noisy(6000, 0.01, 5, 4)}
    make_run(tmp_path, "a", base, mode="strong")
    make_run(tmp_path, "b", new, mode="strong")
    c = _compare(tmp_path, "a", "b")
    assert [p.base.mode for p in c.pairs] == ["strong", "strong"]
    two = next(p for p in c.pairs if p.base.nodes == 2)
    eff = two.efficiency
    assert eff.verdict == "lower" and abs(eff.ratio.value - 1.5 / 1.8) < 0.03
    assert abs(eff.base.value - 0.9) < 0.02 and abs(eff.new.value - 0.75) < 0.02


def test_points_are_matched_by_configuration_not_by_label_id_or_site(tmp_path):
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1))
    folder = make_run(tmp_path, "b", _samples(0.9, 0.01, 9), cluster="emulated", salt="other")
    # labels swapped on NEW: the dense rows say "sparse" and back; matching must not care
    import pandas as pd

    t = pd.read_csv(folder / "results.csv")
    t["variant_label"] = t["variant_label"].map({"dense": "sparse", "sparse": "dense"})
    t.to_csv(folder / "results.csv", index=False)
    c = _compare(tmp_path, "a", "b")
    assert len(c.pairs) == 4
    for p in c.pairs:
        assert (
            p.base.config["config"]["sparse_as_dense"] == p.new.config["config"]["sparse_as_dense"]
        )
        assert abs(p.tokens.ratio.value - 0.9) < 0.03  # a mismatch would be 0.8 or 1.0
        assert not set(p.base.point_ids) & set(p.new.point_ids)
    changed = {(f.section, f.name) for f in c.changed}
    assert ("site", "profile (cluster)") in changed


def test_points_on_one_side_only_are_listed(tmp_path):
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1, nodes=(1, 2)))
    make_run(tmp_path, "b", _samples(1.0, 0.01, 2, nodes=(1, 4)))
    c = _compare(tmp_path, "a", "b")
    assert sorted(p.base.nodes for p in c.pairs) == [1, 1]
    assert sorted((u.point.label, u.point.nodes) for u in c.only_base) == [
        ("dense", 2),
        ("sparse", 2),
    ]
    assert sorted(u.point.nodes for u in c.only_new) == [4, 4]
    assert c.only_base[0].nearest == ["no point at 2 node(s) x 1 on the other side"]


def test_nothing_matched_is_bad_input_naming_the_difference(tmp_path, capsys):
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1))
    make_run(tmp_path, "b", _samples(1.0, 0.01, 2), steps=50)
    assert main(["compare", "a", "b", "--results", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no point of b matches one of a" in err and "config.steps: 40 -> 50" in err
    assert "hint:" in err


def test_what_changed_is_compared_field_by_field(tmp_path):
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1))
    make_run(
        tmp_path,
        "b",
        _samples(1.0, 0.01, 2),
        exports={"HOROVOD_CYCLE_TIME": "50"},
        tensorflow="2.16.1",
        cpu_flags=FLAGS.replace(" avx2", "") + " avx512f",
    )
    c = _compare(tmp_path, "a", "b")
    changed = {(f.section, f.name): f for f in c.changed}
    cycle = changed[("environment variables", "HOROVOD_CYCLE_TIME")]
    assert (cycle.base, cycle.new) == (["(absent)"], ["50"])
    tf = changed[("software", "tensorflow-cpu")]
    assert (tf.base, tf.new) == (["2.15.1"], ["2.16.1"])
    assert changed[("machine", "CPU flags")].detail == "+avx512f -avx2"
    assert ("sweep file", "env.HOROVOD_CYCLE_TIME") in changed
    same = {(f.section, f.name) for f in c.environment if not f.changed}
    assert {("software", "horovod"), ("software", "MPI"), ("job", "launch line")} <= same
    # the launch line is compared without what differs by point or folder
    launch = next(f for f in c.environment if f.name == "launch line")
    assert all("<point>" not in v and "$attempt_dir/point.json" in v for v in launch.base)


def test_several_new_and_the_pages_written(slowdown, capsys):
    make_run(slowdown, "same", _samples(1.0, 0.01, 300))
    out = slowdown / "cmp"
    code = main(["compare", "base", "slow", "same", "--results", str(slowdown), "--out", str(out)])
    assert code == 0
    data = json.loads((out / "compare.json").read_text())
    verdicts = [{p["tokens_per_s"]["verdict"] for p in c["pairs"]} for c in data["comparisons"]]
    assert verdicts == [{"slower"}, {"no evidence"}]
    assert set(data["figures"]) == {"tokens_per_s", "efficiency", "ratio"}
    series = data["figures"]["tokens_per_s"]["series"]
    assert {s["side"] for s in series} == {"base", "slow", "same"}
    html = (out / "compare.html").read_text()
    assert html.count("data:image/png;base64,") == 3 and 'src="http' not in html
    assert "HOROVOD_CYCLE_TIME" in html and "slower" in html
    md = (out / "compare.md").read_text()
    assert "| dense | 2 x 1 |" in md and "![Global tokens/s" in md
    for name in ("tokens_per_s", "efficiency", "ratio"):
        assert (out / f"{name}.png").stat().st_size > 1000


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--fail-on-regression", "5"], "a percentage below 100% (5%) or a fraction"),
        (["--min-samples", "1"], "--min-samples 1: at least 2"),
        (["--confidence", "1.5"], "--confidence 1.5"),
    ],
)
def test_bad_options_exit_2(slowdown, capsys, extra, message):
    assert main(["compare", "base", "slow", "--results", str(slowdown), *extra]) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_sweep_exits_2_with_a_hint(slowdown, capsys):
    assert main(["compare", "base", "nosuch", "--results", str(slowdown)]) == 2
    err = capsys.readouterr().err
    assert "nosuch" in err and "hint:" in err


def _allocated(mean: float, seed: int, allocations: int, repeats: int) -> tuple[list, list]:
    """Tokens/s of `repeats` runs in each of `allocations` allocations: each allocation 5% off
    the mean at random (its placement), each run 0.5% off its allocation's."""
    rng = np.random.default_rng(seed)
    shift = rng.normal(0, 0.05, allocations)
    keys = [a for a in range(allocations) for _ in range(repeats)]
    return [mean * (1 + shift[a]) * (1 + rng.normal(0, 0.005)) for a in keys], keys


def test_repeats_of_one_allocation_are_resampled_as_a_group():
    """300 seeded trials of two draws of one distribution, 4 allocations x 3 repeats a side,
    judged on the point's own units: taking the 12 runs as independent units reads the spread
    between allocations as evidence; the allocations as the units do so near the stated 5%.
    Measured under the percentile bootstrap (dc54382): 18.3% and 6.7%; under the t model
    (issue #44): 31.3% (94/300) and 3.7% (11/300). Asserted (unchanged): grouped at most 10%
    and below pooled."""
    from scalestudy.uncertainty.model import Clustered

    trials, pooled, grouped = 300, 0, 0
    for t in range(trials):
        (b, bk), (n, nk) = _allocated(1000, t, 4, 3), _allocated(1000, 50_000 + t, 4, 3)
        flat = _own_ratio(n, b)
        two = _own_ratio(Clustered.of(n, nk), Clustered.of(b, bk))
        pooled += not flat.lo <= 1 <= flat.hi
        grouped += not two.lo <= 1 <= two.hi
    print(f"false evidence: pooled {pooled}/{trials}, grouped {grouped}/{trials}")
    assert grouped / trials <= 0.10 and grouped < pooled


def test_a_bundled_comparison_needs_enough_allocations_for_a_verdict_of_its_own(tmp_path):
    """NEW 10% slower. 2 allocations x 5 repeats: too few allocations for the per-point
    bootstrap (300 trials: 32% false evidence at 2 allocations), so the point is judged on the
    pooled noise with the allocations as its units (here df = 2: a wide t interval); 4 x 3: on
    its own repeats, slower."""
    for allocations, repeats, method in ((2, 5, "pooled"), (4, 3, "per point")):
        for name, scale, seed in (("a", 1.0, 1), ("b", 0.9, 2)):
            tokens, _ = _allocated(1000 * scale, seed + 10 * allocations, allocations, repeats)
            samples = {(True, 1): tokens}
            make_run(tmp_path / str(allocations), name, samples, allocations=allocations)
        (pair,) = _compare(tmp_path / str(allocations), "a", "b").pairs
        assert pair.tokens.method == method, (allocations, pair.tokens)
        if allocations == 2:
            assert pair.tokens.why.startswith("2 allocations < 4")
            assert pair.tokens.unit == "allocation"
        else:
            assert pair.tokens.verdict == "slower"


def test_a_points_key_is_the_canonical_json_of_its_variant_and_size():
    """match.point_key builds the key from the variant's own key without encoding the variant
    twice; it must equal json.dumps of the whole, keys sorted, as every stored key was made."""
    from scalestudy.compare.match import canonical, point_key

    what = {"workload": "trainer", "mode": "weak", "config": {"b": [1, 2], "a": {"z": None}}}
    for nodes, ppn in ((1, 1), (16, 4), (512, 48)):
        whole = {"variant": what, "ppn": ppn, "nodes": nodes}
        expected = json.dumps(whole, sort_keys=True, separators=(",", ":"))
        assert point_key(canonical(what), nodes, ppn) == expected


def test_a_base_point_new_dropped_fails_the_gate_unless_allowed(tmp_path, capsys):
    """NEW's sweep leaves out BASE's 2-node points: the 1-node points are within TOL, but the
    gate must not pass on what NEW never ran (review: the gate counted matched points only)."""
    make_run(tmp_path, "a", _samples(1.0, 0.01, 1, nodes=(1, 2)))
    make_run(tmp_path, "b", _samples(1.0, 0.01, 2, nodes=(1,)))
    args = ["compare", "a", "b", "--results", str(tmp_path), "--fail-on-regression", "10%"]
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert "2 point(s) of BASE not in NEW's table" in err
    assert "in BASE, not in b's table" in out
    assert "no point slower" not in out
    assert main([*args, "--allow-unjudged"]) == 0
    out = capsys.readouterr().out
    assert "2 of BASE not in NEW, passed by --allow-unjudged" in out.strip().splitlines()[-1]
