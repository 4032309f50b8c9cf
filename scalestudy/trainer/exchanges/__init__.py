"""The gradient exchange, one class per strategy of cost_models/strategies.py (the table names
each strategy's class: `Strategy.trainer`)."""

from __future__ import annotations

import importlib

from scalestudy.cost_models import strategies
from scalestudy.trainer.exchanges.base import (
    ExchangeVolume,
    GradientExchange,
    accumulate,
    densify,
)

__all__ = ["ExchangeVolume", "GradientExchange", "accumulate", "build", "class_of", "densify"]


def class_of(name: str) -> type[GradientExchange]:
    module, cls = strategies.get(name).trainer.split(":")
    found = getattr(importlib.import_module(module), cls)
    if found.strategy.name != name:  # the table and the class name each other: keep them one
        raise TypeError(f"{module}:{cls} runs {found.strategy.name!r}, the table says {name!r}")
    return found


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
