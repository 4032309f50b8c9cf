"""The backtest: the largest measured size held out and predicted from the others."""

from __future__ import annotations

from dataclasses import dataclass

from scalestudy.report.projection import noise
from scalestudy.report.projection.intervals import Fit, Interval, predict
from scalestudy.report.projection.select import Selection, choose


@dataclass(frozen=True)
class Backtest:
    """The largest measured size held out and predicted from the others."""

    held_out: float
    measured: float
    predicted: Interval
    selection: Selection | None = None  # the forms' CV on the other sizes, if it chose

    @property
    def error(self) -> float:
        """(predicted - measured) / measured."""
        return self.predicted.value / self.measured - 1.0

    @property
    def covered(self) -> bool:
        return self.predicted.covers(self.measured)


def backtest(samples, fit: Fit | list[Fit], **kw) -> Backtest | None:
    """Hold the largest measured size out of `samples`, predict it from the others with the
    same fit (or the form the others choose among a list, select.choose) and interval, and
    compare (None with fewer than three measured sizes, or nothing that projects)."""
    import numpy as np

    xs = noise.measured_sizes(samples)
    if len(xs) < 3:
        return None
    top = xs[-1]
    kept = {x: samples[x] for x in xs[:-1]}
    measured = float(np.median(noise.clean(samples[top])))
    if isinstance(fit, Fit):
        return Backtest(top, measured, predict(kept, fit, [top], **kw).intervals[0])
    made = choose(kept, fit, [top], **kw)
    if made is None:
        return None
    pred, sel = made
    return Backtest(top, measured, pred.intervals[0], sel)
