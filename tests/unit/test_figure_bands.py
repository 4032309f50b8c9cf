"""The projection's 95% prediction band (figures/common.prediction_band) is drawn in the
figure's own unit over the projected nodes: percent on the efficiency axes, tokens/s on the
throughput axes, the speedup as it is. figures.json does not hold the band's outline, so this
reads it from the drawn figure."""

import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from test_report_support import weak_and_strong

from scalestudy.report.build import build
from scalestudy.report.figures import strong_scaling, throughput, weak_efficiency


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("bands")
    return build(weak_and_strong(root), root, project_to=32)


def _bands(ax) -> list[tuple[float, float, float, float]]:
    """Each shaded band's x and y extent."""
    out = []
    for c in ax.collections:
        if isinstance(c, PolyCollection) and not c.get_label().startswith("published"):
            v = np.concatenate([p.vertices for p in c.get_paths()])
            out.append((v[:, 0].min(), v[:, 0].max(), v[:, 1].min(), v[:, 1].max()))
    return sorted(out)


def _same(drawn: list, want: list) -> None:
    assert len(drawn) == len(want) > 0
    np.testing.assert_allclose(np.array(sorted(drawn)), np.array(sorted(want)), rtol=1e-9)


def _expected(a, label: str, interval: str, scale: float):
    vp = a.projection_of(label)
    band = [p for p in vp.points if getattr(p, interval) is not None]
    lo = [scale * getattr(p, interval).lo for p in band]
    hi = [scale * getattr(p, interval).hi for p in band]
    return (band[0].nodes, band[-1].nodes, min(lo), max(hi))


def test_each_band_is_the_interval_in_the_axis_unit(report):
    a = report.analysis  # drawn again: the report's own figures are closed once saved
    figs = {
        m.__name__.rsplit(".")[-1]: m.draw(a) for m in (weak_efficiency, strong_scaling, throughput)
    }
    weak = [v.label for v in a.variants if v.mode == "weak" and a.projection_of(v.label)]
    assert weak
    (ax,) = figs["weak_efficiency"].fig.axes
    _same(_bands(ax), [_expected(a, v, "efficiency_pi", 100.0) for v in weak])
    ax_s, ax_e = figs["strong_scaling"].fig.axes
    strong = [v.label for v in a.variants if v.mode == "strong"]
    _same(_bands(ax_s), [_expected(a, strong[0], "speedup_pi", 1.0)])
    _same(_bands(ax_e), [_expected(a, strong[0], "efficiency_pi", 100.0)])
    drawn = [b for ax in figs["throughput"].fig.axes for b in _bands(ax)]
    want = [_expected(a, v.label, "tokens_pi", 1.0) for v in a.variants if a.projection_of(v.label)]
    _same(drawn, want)


def test_an_error_bar_is_never_negative_when_the_repeats_agree():
    """Repeats that agree exactly (900.0 twice; 123.456 twice): the level's interval is
    exp(mean log) +- 0, which rounds to 900.0000000000001 (above the median) and to
    123.45599999999999 (below it): bars of 0, never a negative one (matplotlib refuses it, and
    the report crashed on such a table)."""
    from scalestudy.report.figures.common import err
    from scalestudy.uncertainty import model

    for v in (900.0, 123.456):
        e = model.level([v, v], model.own([[v, v]]))
        assert (e.lo, e.hi) != (v, v)  # the rounding this is about
        (lo,), (hi,) = err([v], [e.lo], [e.hi])
        assert lo >= 0.0 and hi >= 0.0
        assert lo == pytest.approx(0.0, abs=1e-9) and hi == pytest.approx(0.0, abs=1e-9)


def test_a_projected_efficiency_and_speedup_divide_the_step_interval_by_the_printed_baseline(
    report,
):
    """What the report will print once a projected size is measured is its figure against the
    same baseline measurement: the intervals are the step time's (and tokens/s's) carried through
    the printed baseline, not through a re-drawn one (a bootstrap of the baseline's median,
    outside the noise model, which only widened them). np.percentile interpolates between
    neighbouring draws, so 1/x's ends agree to 0.2%, not exactly."""
    a = report.analysis
    checked = 0
    for v in a.variants:
        vp = a.projection_of(v.label)
        for p in vp.points if vp else []:
            if p.speedup_pi is not None:
                base = p.speedup * p.step_s  # the baseline's printed step time
                assert p.speedup_pi.lo == pytest.approx(base / p.step_pi.hi, rel=2e-3)
                assert p.speedup_pi.hi == pytest.approx(base / p.step_pi.lo, rel=2e-3)
                checked += 1
            elif p.efficiency_pi is not None:
                per = p.efficiency / p.tokens_per_s  # 1 / (N / N0 x the baseline's tokens/s)
                assert p.efficiency_pi.lo == pytest.approx(per * p.tokens_pi.lo, rel=1e-9)
                assert p.efficiency_pi.hi == pytest.approx(per * p.tokens_pi.hi, rel=1e-9)
                checked += 1
    assert checked >= 2
