"""The projection of an overlapped variant: compute and apply come from its `timing: phases`
twin, and only the communication the backward pass cannot hide is charged,
step = compute + apply + max(0, comm - overlap), overlap = phases step - overlapped step at the
largest size both measured. Without a twin, the point's own compute probe gives the compute
(tests/unit/test_projection_strategies.py); without either, the step time is not projected and
the report says what to do."""

from __future__ import annotations

import pandas as pd
import pytest
from test_report_support import WEAK, WEAK_STATUS, make_sweep

from scalestudy.report.build import build

HIDDEN = 0.06  # of the phases step: below its comm share (0.1), so the overlap is saturated


def _sweep(root, *, twin: bool, probe: bool = True) -> None:
    phases = make_sweep(root, "synth", samples=WEAK, statuses=WEAK_STATUS)
    overlapped = make_sweep(root, "synth", samples=WEAK, statuses=WEAK_STATUS, tag="o")
    phases["timing"] = "phases"
    overlapped["timing"] = "overlapped"
    done = overlapped["status"] == "completed"
    step = overlapped.loc[done, "step_s_median"] * (1 - HIDDEN)
    overlapped.loc[done, "tokens_per_s"] *= 1 / (1 - HIDDEN)
    overlapped.loc[done, "tokens_per_s_per_worker"] *= 1 / (1 - HIDDEN)
    overlapped.loc[done, "step_s_median"] = step
    for col in ("comm_s_median", "apply_s_median"):
        overlapped[col] = None  # an overlapped step is timed whole
    if not probe:  # a table from before the compute probe
        overlapped["compute_s_median"] = None
    table = pd.concat([phases, overlapped] if twin else [overlapped], ignore_index=True)
    table.to_csv(root / "synth" / "results.csv", index=False)


def _by_timing(report):
    out = {}
    for vp in report.analysis.projections:
        timing = str(vp.variant.values.get("timing"))
        out[(timing, bool(vp.variant.strategy.densifies))] = vp
    return out


def test_an_overlapped_variant_is_charged_only_the_communication_it_cannot_hide(tmp_path):
    _sweep(tmp_path, twin=True)
    report = build(["synth"], tmp_path, project_to=16)
    vps = _by_timing(report)
    table = report.analysis.table
    for dense in (False, True):
        ph, ov = vps[("phases", dense)], vps[("overlapped", dense)]
        # the overlap, read at 4 workers (the largest size both measured): the step medians'
        # difference, which is HIDDEN of the phases step there
        rows = table[(table["sparse_as_dense"] == dense) & (table["workers"] == 4)]
        done = rows[rows["status"] == "completed"]
        ph_step = done[done["timing"] == "phases"]["step_s_median"].median()
        ov_step = done[done["timing"] == "overlapped"]["step_s_median"].median()
        overlap = ph_step - ov_step
        assert overlap == pytest.approx(HIDDEN * ph_step)
        assert any(f"hid {overlap * 1e3:.1f} ms" in n for n in ov.notes), ov.notes
        # at every measured size, the two models differ by what the overlap hides there
        ph_model = {r.workers: r.model_step_s for r in ph.residuals}
        ov_model = {r.workers: r.model_step_s for r in ov.residuals}
        assert set(ph_model) == set(ov_model) == {1, 2, 4}
        for w in ph_model:
            sel = table[
                (table["sparse_as_dense"] == dense)
                & (table["workers"] == w)
                & (table["timing"] == "phases")
                & (table["status"] == "completed")
            ]
            comm = ph_model[w] - sel["compute_s_median"].median() - sel["apply_s_median"].median()
            assert ph_model[w] - ov_model[w] == pytest.approx(min(comm, overlap), abs=1e-12)
        # and the projected points exist for the overlapped variant too
        assert [p.nodes for p in ov.points] and all(p.step_s for p in ov.points)


def test_without_twin_nor_probe_the_step_time_is_not_projected_and_the_report_says_why(tmp_path):
    _sweep(tmp_path, twin=False, probe=False)
    report = build(["synth"], tmp_path, project_to=16)
    for vp in report.analysis.projections:
        assert not any(p.step_s for p in vp.points)
        assert any("compute_probe_steps" in n for n in vp.notes), vp.notes


def test_without_a_twin_the_compute_probe_projects(tmp_path):
    _sweep(tmp_path, twin=False)
    report = build(["synth"], tmp_path, project_to=16)
    for vp in report.analysis.projections:
        assert all(p.step_s for p in vp.points)
        assert any("the step's own compute probe" in n for n in vp.notes), vp.notes


def test_a_probe_longer_than_its_step_is_not_used_and_the_report_says_what_it_used(tmp_path):
    """collect leaves compute_s_median empty when the probe is longer than the step (the
    quickstart's dense point had 70.6 ms of probe in a 52.8 ms step): the projection does not
    anchor on it; it takes the whole measured step as compute, and says so."""
    _sweep(tmp_path, twin=False)
    path = tmp_path / "synth" / "results.csv"
    table = pd.read_csv(path)
    table["compute_probe_s_median"] = table["step_s_median"] * 1.3
    table["compute_s_median"] = None
    table.to_csv(path, index=False)
    report = build(["synth"], tmp_path, project_to=16)
    for vp in report.analysis.projections:
        assert not any("the step's own compute probe" in n for n in vp.notes), vp.notes
        assert any("is longer than the measured step" in n for n in vp.notes), vp.notes
        assert all(p.step_s for p in vp.points)
