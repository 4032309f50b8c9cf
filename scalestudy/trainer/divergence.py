"""Divergence, decided on the loss averaged over ranks so every rank stops at the same step."""

from __future__ import annotations

import math

from scalestudy.formats.point_config import DivergenceSpec


class DivergenceDetector:
    """A non-finite loss diverges at once. After the lr warm-up, an EMA of the loss that stays
    above its running minimum by `margin` for `patience` consecutive steps diverges too."""

    def __init__(self, spec: DivergenceSpec, warmup_steps: int):
        self.spec, self.warmup = spec, warmup_steps
        self.ema: float | None = None
        self.best = math.inf
        self.above = 0
        self.reason = ""

    @property
    def diverged(self) -> bool:
        return bool(self.reason)

    def update(self, step: int, loss: float) -> bool:
        if not math.isfinite(loss):
            self.reason = f"non-finite loss {loss} at step {step}"
            return True
        a = self.spec.ema
        self.ema = loss if self.ema is None else a * self.ema + (1 - a) * loss
        if step <= self.warmup:
            self.best = min(self.best, self.ema)
            return False
        self.best = min(self.best, self.ema)
        if self.ema > self.best + self.spec.margin:
            self.above += 1
        else:
            self.above = 0
        if self.above >= self.spec.patience:
            self.reason = (
                f"EMA loss {self.ema:.3f} above its minimum {self.best:.3f} + "
                f"{self.spec.margin} for {self.above} steps (step {step})"
            )
            return True
        return False
