"""The gradient exchange, one class per strategy of cost_models/strategies.py: each module of
this package holds the class of one strategy, which names its entry (`strategy = ...`)."""

from __future__ import annotations

import importlib
import pkgutil

from scalestudy.cost_models import strategies
from scalestudy.trainer.exchanges.base import (
    ExchangeVolume,
    GradientExchange,
    accumulate,
    densify,
)

__all__ = ["ExchangeVolume", "GradientExchange", "accumulate", "build", "class_of", "densify"]


def class_of(name: str) -> type[GradientExchange]:
    """The class whose `strategy` is the table's entry `name` (exactly one)."""
    found = {
        obj
        for info in pkgutil.iter_modules(__path__)
        for obj in vars(importlib.import_module(f"{__name__}.{info.name}")).values()
        if isinstance(obj, type)
        and issubclass(obj, GradientExchange)
        and getattr(obj, "strategy", None) is strategies.get(name)
    }
    if len(found) != 1:
        raise TypeError(f"strategy {name!r}: {len(found)} exchange classes run it, not 1")
    return found.pop()


def build(
    hvd,
    variables: list,
    embedding_var,
    name: str,
    compression: str = "none",
    group=None,
    split: list = (),
):
    """The exchange of strategy `name` over `variables` (the embedding's is `embedding_var`);
    in a mesh over the data-parallel set of `group` (trainer/mesh.py), `split` its weights."""
    return class_of(name)(hvd, variables, embedding_var, compression, group, split)
