"""Which variant of a sweep every other is compared against (the report's paired ratios and
common efficiency baseline), chosen by configuration, never by a label.

A sweep's `baseline:` maps keys (matrix keys, e.g. `trainer.exchange`) to values; without it
the baseline is the paper's dense variant: the one whose embedding gradient goes by
`strategies.DEFAULT_BASELINE`. The keys the selector fixes are the only ones a variant may
differ in from its baseline: a variant is compared with the baseline variant that agrees with
it on every other matrix key (a sweep of exchange x learning rate pairs each learning rate's
variants with that learning rate's dense one).
"""

from __future__ import annotations

from typing import Any

from scalestudy.cost_models import strategies
from scalestudy.formats.point_config import PointConfig

EXCHANGE_KEYS = ("trainer.exchange", "trainer.sparse_as_dense")  # both name the strategy


def keys(selector: dict[str, Any] | None) -> tuple[str, ...]:
    """The keys the baseline is chosen by (those a comparison may differ in)."""
    return tuple(selector) if selector else EXCHANGE_KEYS


def setting(sweep: Any, config: PointConfig, key: str) -> Any:
    """A variant's value of a sweep key: the exchange as the strategy table resolves it, a
    trainer key from its configuration, else the sweep's own field."""
    if key in EXCHANGE_KEYS:
        return config.strategy().name
    if key.startswith("trainer."):
        value: Any = config.model_dump(mode="json")
        for part in key.removeprefix("trainer.").split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return value
    return getattr(sweep, key, None)


def wanted(key: str, value: Any) -> Any:
    """The selector's value as `setting` gives it (sparse_as_dense names a strategy)."""
    if key == "trainer.sparse_as_dense":
        return strategies.from_switch(strategies.flag(value, False)).name
    return value


def matches(selector: dict[str, Any] | None, sweep: Any, config: PointConfig) -> bool:
    if not selector:
        return config.strategy() is strategies.DEFAULT_BASELINE
    return all(setting(sweep, config, k) == wanted(k, v) for k, v in selector.items())


def record_matches(selector: dict[str, Any] | None, record: dict, config: PointConfig) -> bool:
    """Whether a planned variant, as points.jsonl records it (`config`: its configuration,
    report/legacy.point_config), has the selector's values (an `expect:` item's `variant:`;
    `matches` is the same rule on the loaded sweep). An empty selector takes every variant."""

    def value(key: str) -> Any:
        if key in EXCHANGE_KEYS or key.startswith("trainer."):
            return setting(None, config, key)
        return (record.get("variant_overrides") or {}).get(key, record.get(key))

    return all(value(k) == wanted(k, v) for k, v in (selector or {}).items())
