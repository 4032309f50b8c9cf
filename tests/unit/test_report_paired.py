"""Paired ratios inside allocations (schedule: bundled): hand-computed values and the report's
paired figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from scalestudy.report.paired import paired_ratios, two_level_ratio
from scalestudy.report.scaling import variants


def test_ratio_is_the_median_over_allocations_of_within_allocation_ratios():
    groups = {
        0: (np.array([100.0, 102.0, 98.0]), np.array([90.0, 91.0, 89.0])),  # 90 / 100
        1: (np.array([50.0, 50.0, 50.0]), np.array([40.0, 40.0, 40.0])),  # 40 / 50: a slow node
        2: (np.array([80.0, 80.0, 80.0]), np.array([68.0, 68.0, 68.0])),  # 68 / 80
    }
    est = two_level_ratio(groups)
    assert est.value == 0.85 and est.n == 3  # median of 0.9, 0.8, 0.85
    # resampled repeats reach 91/98 at most (allocation 0), 40/50 at least
    assert 0.8 <= est.lo <= 0.85 <= est.hi <= 91 / 98
    # the slow allocation halves both variants: the paired ratio does not see placement
    assert abs(two_level_ratio({1: groups[1]}).value - 0.8) < 1e-12


def test_one_sample_each_has_no_interval():
    est = two_level_ratio({0: (np.array([10.0]), np.array([12.0]))})
    assert (est.value, est.lo, est.hi, est.n) == (1.2, 1.2, 1.2, 1)


def _table() -> pd.DataFrame:
    rows = []
    for alloc, scale in ((0, 1.0), (1, 0.5)):  # allocation 1 is on nodes twice as slow
        for dense, tput in ((True, 100.0), (False, 80.0)):
            for rep in range(3):
                rows.append(
                    {
                        "point_id": f"n0002-p1-{'d' if dense else 's'}-a{alloc}-r{rep}",
                        "sweep": "b",
                        "mode": "weak",
                        "cluster": "emulated",
                        "nodes": 2,
                        "ppn": 1,
                        "workers": 2,
                        "model": "tiny",
                        "accumulation": "tf1",
                        "sparse_as_dense": dense,
                        "tokens_per_worker": 512,
                        "global_batch_tokens": 1024,
                        "repeat": rep,
                        "allocation": alloc,
                        "bundle": f"b-a{alloc}",
                        "run_order": rep,
                        "status": "completed",
                        "tokens_per_s": tput * scale * (1 + 0.01 * rep),
                    }
                )
    from scalestudy.collect import COLUMNS

    return pd.DataFrame(rows).reindex(columns=COLUMNS)


def test_sparse_over_dense_per_allocation_from_a_table():
    (r,) = paired_ratios(variants(_table()))
    assert (r.variant, r.baseline, r.nodes, r.workers) == ("sparse", "dense", 2, 2)
    assert r.per_allocation == pytest.approx({0: 0.8, 1: 0.8})  # 80.8/101 and 40.4/50.5
    assert abs(r.estimate.value - 0.8) < 1e-12 and r.estimate.n == 2
    assert r.samples == {0: (3, 3), 1: (3, 3)}


def test_separate_schedule_gives_no_paired_ratio():
    t = _table()
    t["allocation"] = None
    assert paired_ratios(variants(t)) == []


def test_the_report_draws_and_tabulates_the_paired_ratios(tmp_path):
    from scalestudy.report.build import build

    sdir = tmp_path / "b"
    sdir.mkdir()
    _table().to_csv(sdir / "results.csv", index=False)
    report = build(["b"], tmp_path)
    fig = next(f for f in report.rendered if f.name == "paired")
    (series,) = fig.data["series"]
    assert series["x"] == [2] and series["y"] == pytest.approx([0.8])
    assert series["per_allocation"] == [pytest.approx({0: 0.8, 1: 0.8})]
    md = (report.out / "summary.md").read_text()
    assert "Paired ratios inside allocations" in md and "sparse / dense" in md
    html = (report.out / "report.html").read_text()
    assert 'id="paired"' in html and 'id="fig-paired"' in html
