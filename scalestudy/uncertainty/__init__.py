"""How sure a measured figure is: the product's one noise model and the intervals derived from
it (model.py), and Student's t quantiles without SciPy (tdist.py). docs/report.md, "How sure a
figure is", states the model and its assumptions."""

from scalestudy.uncertainty.model import (
    CONFIDENCE,
    NO_NOISE,
    Clustered,
    Estimate,
    Noise,
    Samples,
    contrast,
    level,
    paired,
    paired_noise,
    point_value,
    pooled,
    ratio,
    units,
)
from scalestudy.uncertainty.tdist import t_quantile

__all__ = [
    "CONFIDENCE",
    "NO_NOISE",
    "Clustered",
    "Estimate",
    "Noise",
    "Samples",
    "contrast",
    "level",
    "paired",
    "paired_noise",
    "point_value",
    "pooled",
    "ratio",
    "t_quantile",
    "units",
]
