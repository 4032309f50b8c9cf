"""The report's backtest (issue #32, point 5): on a sweep with three or more measured sizes the
largest is held out, predicted from the others by the step-time projection (the same model and
intervals as --project-to) and the error and whether the interval covered it are printed in
summary.md, report.html and the terminal summary."""

from __future__ import annotations

import pytest
from test_report_support import WEAK, WEAK_STATUS, make_sweep

from scalestudy.report import markdown
from scalestudy.report.build import build
from scalestudy.report.projection import backtest, physics

SLOWER = 2.0  # the held-out size made this much slower than the model says


def _backtests(report):
    return {b.variant: b for b in report.analysis.backtests}


def test_the_largest_size_is_held_out_predicted_and_printed(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    report = build(["synth"], tmp_path)  # no --project-to: the backtest runs anyway
    tests = report.analysis.backtests
    assert len(tests) == 2, tests
    for b in tests:
        assert (b.nodes, b.from_nodes) == (4, [1, 2])
        assert b.predicted is not None, b.why
        assert b.predicted.lo <= b.predicted.value <= b.predicted.hi
        assert b.error == pytest.approx(b.predicted.value / b.measured_step_s - 1)
    md = (tmp_path / "synth" / "report" / "summary.md").read_text()
    html = (tmp_path / "synth" / "report" / "report.html").read_text()
    assert "Backtest: the largest measured size predicted from the others" in md
    assert 'id="backtest"' in html
    for b in tests:
        row = f"| {b.variant} | 4 | 1/2 | {b.measured_step_s:.4f} |"
        assert row in md, md
        assert f"{b.error:+.1%}" in md and f"{b.error:+.1%}" in html
    assert "backtest (largest measured size held out):" in markdown.terminal(report.summary)


def test_the_held_out_size_never_reaches_the_prediction(tmp_path):
    """Make the held-out size twice as slow: the prediction (from 1 and 2 nodes) must not move,
    the measured figure must, and the interval no longer covers it."""
    make_sweep(tmp_path, "a", samples=WEAK, statuses=WEAK_STATUS)
    slow = {k: ([x / SLOWER for x in v] if k[1] == 4 else v) for k, v in WEAK.items()}
    make_sweep(tmp_path, "b", samples=slow, statuses=WEAK_STATUS)
    before = _backtests(build(["a"], tmp_path))
    after = _backtests(build(["b"], tmp_path))
    assert before.keys() == after.keys()
    for label, b in before.items():
        a = after[label]
        assert a.predicted == b.predicted  # nothing of the held-out size in it
        assert a.measured_step_s == pytest.approx(b.measured_step_s * SLOWER)
        assert not a.covered and a.error < -0.3


def test_two_measured_sizes_have_no_backtest(tmp_path):
    two = {k: v for k, v in WEAK.items() if k[1] < 4}
    make_sweep(tmp_path, "synth", nodes=(1, 2), samples=two, statuses=WEAK_STATUS)
    report = build(["synth"], tmp_path)
    assert report.analysis.backtests == []
    assert "Backtest" not in (tmp_path / "synth" / "report" / "summary.md").read_text()


def test_backtest_function_holds_the_largest_out():
    samples = {1: [1.0, 1.01, 0.99], 2: [1.1, 1.11, 1.09], 4: [1.2, 1.21, 1.19], 8: [9.0]}
    fit = physics.Anchored(lambda n: 1.0 + 0.1 * (n.bit_length() - 1))
    b = backtest.backtest(samples, fit)
    assert b.held_out == 8 and b.measured == 9.0 and not b.covered
    assert b.predicted == backtest.backtest({**samples, 8: [1.3]}, fit).predicted
    assert backtest.backtest({1: [1.0], 2: [1.1]}, fit) is None
