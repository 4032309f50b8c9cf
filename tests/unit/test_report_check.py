"""`scalestudy report --check` (issue #26 item 2) on synthetic results with known effects: the
expected values are computed here from the samples the test writes, never by the report's own
functions; exit 0 when every expectation holds, 1 when one does not, 2 for a bad block.
(Issue #32: the verdicts are now holds / fails / inconclusive on the interval, not pass / FAIL
on the median: test_check_verdicts.py has the inconclusive cases.)"""

from __future__ import annotations

import json
import statistics

import pytest
from support.compare import make_run

from scalestudy.cli import main
from scalestudy.report import check

# tokens/s per repeat: the sparse variant scales at 0.9, the dense one at 0.75
SAMPLES = {
    (False, 1): [1000.0, 1010.0, 990.0, 1005.0, 995.0],
    (False, 2): [1800.0, 1810.0, 1790.0, 1805.0, 1795.0],
    (True, 1): [1000.0, 1010.0, 990.0, 1005.0, 995.0],
    (True, 2): [1500.0, 1510.0, 1490.0, 1505.0, 1495.0],
}


def _run(tmp_path, expect: str, **kw):
    root = tmp_path / "results"
    make_run(root, "qs", SAMPLES, **kw)
    sweep = root / "qs.yaml"
    sweep.write_text(sweep.read_text() + "expect:\n" + expect)
    return root, sweep


def _check(root, sweep, capsys) -> tuple[int, list[dict], str]:
    code = main(["report", str(sweep), "--results", str(root), "--check"])
    out = capsys.readouterr()
    data = json.loads((root / "qs" / "report" / "check.json").read_text()) if code < 2 else {}
    return code, data.get("outcomes", []), out.out + out.err


def test_a_missed_efficiency_fails_and_a_met_one_passes(tmp_path, capsys):
    root, sweep = _run(tmp_path, "  - {metric: weak_efficiency, nodes: 2, at_least: 0.85}\n")
    code, outcomes, out = _check(root, sweep, capsys)
    assert code == 1
    by = {o["variant"]: o for o in outcomes}
    # T(2) / (2 x T(1)), medians over the repeats
    sparse = statistics.median(SAMPLES[(False, 2)]) / (2 * statistics.median(SAMPLES[(False, 1)]))
    dense = statistics.median(SAMPLES[(True, 2)]) / (2 * statistics.median(SAMPLES[(True, 1)]))
    assert by["sparse"]["measured"]["value"] == pytest.approx(sparse)  # 0.9
    assert by["dense"]["measured"]["value"] == pytest.approx(dense)  # 0.75
    assert (by["sparse"]["verdict"], by["dense"]["verdict"]) == ("holds", "fails")
    lo, hi = by["dense"]["measured"]["lo"], by["dense"]["measured"]["hi"]
    assert lo < dense < hi and hi < 0.85  # an interval, and it is clear of the bound
    assert by["sparse"]["measured"]["lo"] >= 0.85  # the whole interval above it: holds
    assert "expectations: 1 of 2 hold, 1 fail, 0 inconclusive" in out
    assert "check FAILED: 1 fails" in out


def test_only_the_variant_named_is_held_to_it_and_the_check_passes(tmp_path, capsys):
    root, sweep = _run(
        tmp_path,
        "  - {metric: weak_efficiency, variant: {trainer.sparse_as_dense: false}, nodes: 2,"
        " at_least: 0.85}\n",
    )
    code, outcomes, _ = _check(root, sweep, capsys)
    assert code == 0
    assert [(o["variant"], o["verdict"]) for o in outcomes] == [("sparse", "holds")]


def test_a_tolerance_loosens_the_bound_by_its_share(tmp_path, capsys):
    # dense at 2 nodes: 1,500 tokens/s; 1,550 is missed, 1,550 - 5% = 1,472.5 is met
    for tolerance, code_wanted in (("0%", 1), ("5%", 0)):
        root, sweep = _run(
            tmp_path / tolerance,
            "  - {metric: tokens_per_s, variant: {trainer.sparse_as_dense: true}, nodes: 2,"
            f" at_least: 1550, tolerance: '{tolerance}'}}\n",
        )
        code, outcomes, _ = _check(root, sweep, capsys)
        assert code == code_wanted, tolerance
        share = float(tolerance[:-1]) / 100
        assert outcomes[0]["bound"]["limit"] == pytest.approx(1550 * (1 - share))


def test_a_point_without_a_completed_repeat_is_not_measured_and_fails(tmp_path, capsys):
    failed = {(True, 2, r): "failed" for r in range(5)}
    root, sweep = _run(
        tmp_path, "  - {metric: step_time_s, nodes: 2, at_most: 10}\n", statuses=failed
    )
    code, outcomes, _ = _check(root, sweep, capsys)
    assert code == 1
    by = {o["variant"]: o for o in outcomes}
    assert by["dense"]["verdict"] == "not measured" and "failed x5" in by["dense"]["note"]
    # step time = global batch / tokens/s (make_run writes it so): 2,048 / 1,800
    assert by["sparse"]["measured"]["value"] == pytest.approx(2048 / 1800)
    assert by["sparse"]["verdict"] == "holds"


def test_a_report_without_an_expect_block_cannot_check(tmp_path, capsys):
    root = tmp_path / "results"
    make_run(root, "qs", SAMPLES)
    assert main(["report", str(root / "qs.yaml"), "--results", str(root), "--check"]) == 2
    assert "no sweep of this report has an expect: block" in capsys.readouterr().err


def test_a_bad_block_is_named_by_line_and_key_when_the_report_reads_it(tmp_path, capsys):
    root, sweep = _run(tmp_path, "  - {metric: weak_eficiency, nodes: 2, at_least: 0.85}\n")
    assert main(["report", str(sweep), "--results", str(root), "--check"]) == 2
    line = sweep.read_text().splitlines().index("expect:") + 2
    assert f"{sweep}:{line}: expect.0.metric:" in capsys.readouterr().err


def test_an_archive_is_checked_with_its_packed_sweep_file(tmp_path, capsys):
    """Another site checks a published claim: only the archive, the sweep file gone."""
    root, sweep = _run(tmp_path, "  - {metric: weak_efficiency, nodes: 2, at_least: 0.85}\n")
    packed = tmp_path / "qs.tar.gz"
    assert main(["archive", "qs", "--results", str(root), "-o", str(packed)]) == 0
    sweep.unlink()
    capsys.readouterr()
    assert main(["report", str(packed), "--check"]) == 1
    out = capsys.readouterr().out
    assert "expectations: 1 of 2 hold, 1 fail, 0 inconclusive" in out


def test_every_metric_is_measured_from_a_declared_column_or_the_scaling():
    from scalestudy.collect import COLUMNS
    from scalestudy.formats.metrics import METRICS

    for m in METRICS.values():
        assert m.column in COLUMNS if m.column else m.name in check.SCALING_METRICS, m.name


def test_strong_speedup_and_efficiency_of_a_strong_sweep(tmp_path, capsys):
    root, sweep = _run(
        tmp_path,
        "  - {metric: strong_speedup, variant: {trainer.sparse_as_dense: false}, nodes: 2,"
        " at_least: 1.7}\n"
        "  - {metric: strong_efficiency, variant: {trainer.sparse_as_dense: true}, nodes: 2,"
        " at_least: 0.8}\n",
        mode="strong",
    )
    sweep.write_text(sweep.read_text().replace("mode: weak", "mode: strong"))
    code, outcomes, _ = _check(root, sweep, capsys)
    assert code == 1
    # a fixed global batch of 4,096 tokens: t = 4096 / tokens/s, speedup = t(1) / t(2)
    t = {k: statistics.median(4096 / x for x in v) for k, v in SAMPLES.items()}
    sparse, dense = outcomes
    assert sparse["measured"]["value"] == pytest.approx(t[(False, 1)] / t[(False, 2)])  # 1.8
    assert dense["measured"]["value"] == pytest.approx(t[(True, 1)] / t[(True, 2)] / 2)  # 0.75
    assert (sparse["verdict"], dense["verdict"]) == ("holds", "fails")
