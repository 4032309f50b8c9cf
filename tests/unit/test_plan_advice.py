"""`scalestudy plan`'s design advice (issue #44 point 5): what the sweep's design gives (a
point's 95% interval, a paired ratio's, compare's smallest slowdown) and what twice the
allocations or twice the repeats would give, from the sweep's earlier results when there are
some, else from stated defaults. Every figure is worked out here by hand (numpy, SciPy's t)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as sps

from scalestudy.cli import main

ROOT = Path(__file__).resolve().parents[2]
SWEEP = ROOT / "experiments" / "quickstart.yaml"  # weak, 1 and 2 nodes, 2 variants, 2 x 1
DEMO = ROOT / "tests" / "data" / "quickstart_demo_results.csv"


def _design_lines(results: Path, capsys) -> list[str]:
    assert main(["plan", str(SWEEP), "--results", str(results)]) == 0
    return [x for x in capsys.readouterr().out.splitlines() if x.startswith("design: ")]


def _pm(half: float) -> str:
    return f"-{1 - math.exp(-half):.1%}/+{math.expm1(half):.1%}"


def test_without_earlier_results_the_advice_says_its_defaults_and_their_figures(tmp_path, capsys):
    noise, this, allocations, repeats, rule = _design_lines(tmp_path, capsys)
    assert "stated defaults, not measured" in noise and "3% per run" in noise
    s_r = 0.02
    s_a = math.sqrt(0.03**2 - s_r**2)
    t = lambda df: sps.t.ppf(0.975, df)  # noqa: E731
    # 2 sizes share each size's 2 allocations: df = 2 x (2 - 1); a unit is one allocation's run
    point = t(2) * math.sqrt(s_a**2 + s_r**2) / math.sqrt(2)
    paired = t(2) * math.sqrt(2 * s_r**2) / math.sqrt(2)  # the allocation's part cancels
    assert f"a point's 95% interval {_pm(point)} (df = 2)" in this
    assert f"a paired ratio's {_pm(paired)} (df = 2)" in this
    # twice the allocations: 4 a point, df = 2 x 3
    point4 = t(6) * math.sqrt(s_a**2 + s_r**2) / 2
    assert allocations.startswith("design: twice the allocations: 4 allocations x 1 repeat(s)")
    assert f"a point's 95% interval {_pm(point4)} (df = 6)" in allocations
    # twice the repeats: the repeat part halves its variance, the allocation part stays
    point2 = t(2) * math.sqrt(s_a**2 + s_r**2 / 2) / math.sqrt(2)
    assert f"a point's 95% interval {_pm(point2)} (df = 2)" in repeats
    assert point4 < point2 < point  # for the same runs, allocations buy more
    slow = 1 - math.exp(-t(4) * 0.03)  # compare: 2 runs x 2 sizes x (2 - 1) df, sqrt(2 / 2)
    assert f"compare's smallest slowdown {slow:.1%}" in this
    assert "more repeats only the repeat part" in rule


def test_earlier_results_of_the_sweep_give_the_noise(tmp_path, capsys):
    """The saved demo run (2 allocations x 1 repeat): the unit noise pooled over its 4
    points, the repeat part from the sparse/dense ratios inside each allocation (a ratio of
    one repeat each: variance 2 s_r^2)."""
    (tmp_path / "quickstart").mkdir()
    shutil.copy(DEMO, tmp_path / "quickstart" / "results.csv")
    table = pd.read_csv(DEMO)
    logs = np.log(table["tokens_per_s"].to_numpy())
    table["log"] = logs
    ss = sum(
        ((g["log"] - g["log"].mean()) ** 2).sum()
        for _, g in table.groupby(["nodes", "sparse_as_dense"])
    )
    s_unit = math.sqrt(ss / 4)  # 4 points x (2 - 1)
    ratios = []
    for _, g in table.groupby(["nodes", "allocation"]):
        sparse = g[~g["sparse_as_dense"]]["tokens_per_s"].iloc[0]
        dense = g[g["sparse_as_dense"]]["tokens_per_s"].iloc[0]
        ratios.append(math.log(sparse / dense))  # per allocation: variant over the first by name
    s_pair = math.sqrt(((ratios[0] - ratios[1]) ** 2 / 2 + (ratios[2] - ratios[3]) ** 2 / 2) / 2)
    noise, this, *_ = _design_lines(tmp_path, capsys)
    assert f"{s_unit:.1%} per allocation (df = 2)" in noise
    assert f"{s_pair / math.sqrt(2):.1%} repeat to repeat" in noise
    t2 = sps.t.ppf(0.975, 2)
    assert f"a point's 95% interval {_pm(t2 * s_unit / math.sqrt(2))} (df = 2)" in this
    assert f"a paired ratio's {_pm(t2 * s_pair / math.sqrt(2))} (df = 2)" in this


def test_the_compare_line_for_a_design_with_repeats_closes_what_it_opens(tmp_path, capsys):
    """A design of 4 allocations x 2 repeats: compare can judge each point on its own repeats,
    and the line says so in a parenthesis that it closes (review: it was left open)."""
    sweep = tmp_path / "repeats.yaml"
    sweep.write_text(SWEEP.read_text().replace("repeats: 1 ", "allocations: 4\nrepeats: 2 "))
    assert main(["plan", str(sweep), "--results", str(tmp_path)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("compare: ")]
    assert "judges each point on its own repeats" in line
    assert line.count("(") == line.count(")"), line
