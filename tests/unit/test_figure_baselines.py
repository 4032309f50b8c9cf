"""The scaling figures draw a variant against the common baseline only when it is not that
baseline itself (its two curves would coincide): figures/common.measured_series, shared by the
weak-efficiency and the strong-scaling figures."""

import json

from test_report_support import WEAK, WEAK_STATUS, make_sweep

from scalestudy.report.build import build


def _baselines(fig: dict, key: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for s in fig[key]:
        out.setdefault(s["variant"], []).append(s["baseline"])
    return out


def test_only_the_other_variants_are_drawn_against_the_common_baseline(tmp_path):
    make_sweep(tmp_path, "synth", samples=WEAK, statuses=WEAK_STATUS)
    strong = {
        (True, 2): [10.0, 10.5, 9.5],
        (True, 4): [6.0, 6.2, 5.8],
        (False, 2): [12.0, 12.5, 11.5],
        (False, 4): [7.0, 7.2, 6.8],
    }
    make_sweep(tmp_path, "synth-strong", mode="strong", nodes=(2, 4), samples=strong, tag="x")
    report = build(["synth", "synth-strong"], tmp_path)
    figs = json.loads((report.out / "figures.json").read_text())["figures"]
    # weak: dense is the common baseline (the dense variant at the smallest N0)
    assert _baselines(figs["weak_efficiency"], "series") == {
        "dense [synth]": ["own"],
        "sparse [synth]": ["own", "common"],
    }
    # strong: both panels, the same rule
    for key in ("speedup", "efficiency"):
        drawn = _baselines(figs["strong_scaling"], key)
        assert sorted(drawn.values()) == [["own"], ["own", "common"]], drawn
