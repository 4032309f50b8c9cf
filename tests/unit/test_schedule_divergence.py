import math

import pytest

from scalestudy.formats.point_config import DivergenceSpec
from scalestudy.trainer import schedule
from scalestudy.trainer.divergence import DivergenceDetector


def test_peak_is_reached_at_end_of_warmup():
    lrs = [schedule.learning_rate(s, 1e-3, 512, 100) for s in range(1, 400)]
    assert max(lrs) == pytest.approx(1e-3)
    assert lrs.index(max(lrs)) == 99
    assert lrs[0] == pytest.approx(1e-5)  # linear warm-up
    assert lrs[399 - 1] == pytest.approx(1e-3 * math.sqrt(100 / 399))  # rsqrt decay


def test_official_multiplier_maps_to_published_peak():
    # the official Transformer's c = 2.0, big (H = 1024), warm-up 16,000 -> peak ~4.9e-4
    assert 2.0 / math.sqrt(1024 * 16000) == pytest.approx(4.94e-4, rel=1e-2)
    assert schedule.multiplier_for_peak(4.941e-4, 1024, 16000) == pytest.approx(2.0, rel=1e-3)


def test_lr_scaling():
    assert schedule.scaled_peak(1e-3, "linear", 4000, 1000) == pytest.approx(4e-3)
    assert schedule.scaled_peak(1e-3, "sqrt", 4000, 1000) == pytest.approx(2e-3)
    assert schedule.scaled_peak(1e-3, "none", 4000, None) == 1e-3


def test_divergence_nonfinite_stops_at_once():
    d = DivergenceDetector(DivergenceSpec(), warmup_steps=100)
    assert not d.update(1, 5.0)
    assert d.update(2, float("nan"))


def test_divergence_sustained_rise_after_warmup():
    d = DivergenceDetector(DivergenceSpec(ema=0.5, margin=1.0, patience=3), warmup_steps=2)
    losses = [5, 4, 3, 2, 6, 7, 8, 9]
    stops = [d.update(i + 1, x) for i, x in enumerate(losses)]
    assert stops.index(True) == 6  # three steps in a row above min + margin
    d2 = DivergenceDetector(DivergenceSpec(ema=0.5, margin=1.0, patience=3), warmup_steps=2)
    assert not any(d2.update(i + 1, x) for i, x in enumerate([5, 4, 3, 2, 1.5, 1.2, 1.0]))
