"""Mistakes a schema alone lets through, caught by `validate` before anything reaches a
cluster, as classes rather than cases:

- keys that exclude each other, or that only mean something beside another key's value
  (given, they would be silently ignored), or that say the same thing two ways and disagree
  (`exchange` and the paper's `sparse_as_dense`), or that cannot work together (a sharded
  embedding in a tied model);
- names that refer to something that must exist (a published reference, a partition of the
  profile);
- input files that must exist (the text data and its SentencePiece model).

Each check reads the keys the user wrote (the sweep's own mapping, matrix values applied), so a
default never trips it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.cost_models import strategies
from scalestudy.formats import references
from scalestudy.formats.point_config import ModelSpec, switch_contradiction
from scalestudy.formats.references import UnknownReference
from scalestudy.profiles import Profile
from scalestudy.workloads import table as workloads

# trainer.data.<key> -> the data.kind it belongs to
DATA_KEYS_OF_KIND = {
    "zipf_exponent": "synthetic",
    "fixed_length": "fixed",
    "task_vocab": "translate",
    "task_max_length": "translate",
    "source": "text",
    "target": "text",
    "spm_model": "text",
    "spm_dir": "text",
}
# trainer.<key> -> the mode it belongs to
TRAINER_KEYS_OF_MODE = {"tokens_per_worker": "weak", "global_batch_tokens": "strong"}


def issues(
    data: dict[str, Any],
    profile: Profile,
    base: Path,
    at: Callable[[str], int | None],
    where: str = "",
) -> list[tuple[int | None, str, str]]:
    """(line, key, message) for every problem of one resolved variant's mapping `data`."""
    out: list[tuple[int | None, str, str]] = []

    def add(key: str, message: str) -> None:
        line = at(key)
        for parent in _parents(key):  # a key inherited from a preset has no line of its own
            line = line or at(parent)
        out.append((line, key, message + where))

    trainer = data.get("trainer") or {}
    mode = data.get("mode")
    for key, wanted in TRAINER_KEYS_OF_MODE.items():
        if key in trainer and mode != wanted:
            add(
                f"trainer.{key}",
                f"only means something with mode: {wanted} (this sweep is {mode}): remove it",
            )
    if "lr_reference_batch_tokens" in trainer and trainer.get("lr_scaling", "none") == "none":
        add(
            "trainer.lr_reference_batch_tokens",
            "only means something with lr_scaling: linear or sqrt (lr_scaling is none)",
        )
    exchange = trainer.get("exchange")
    if isinstance(exchange, str) and exchange in strategies.STRATEGIES:
        # the exchange and mesh rules are said here, on what the file says: a sweep's
        # PointConfig marks its own error for them `said` (point_config.RULES_CHECKED); the
        # wording is one home each (switch_contradiction, the strategy's refusal, mesh.refusal)
        if "sparse_as_dense" in trainer:
            contradiction = switch_contradiction(exchange, _truthy(trainer["sparse_as_dense"]))
            if contradiction:
                add("trainer.exchange", contradiction)
        model = trainer.get("model")
        tied = model.get("tie_embeddings", True) if isinstance(model, dict) else True
        refusal = strategies.get(exchange).refusal(_truthy(tied))
        if refusal:
            add("trainer.exchange", refusal)
    mesh_model = (trainer.get("mesh") or {}).get("model") if isinstance(trainer, dict) else None
    if isinstance(mesh_model, int) and mesh_model > 1:
        spec = _model_spec(trainer.get("model"))
        named = (
            exchange if isinstance(exchange, str) and exchange in strategies.STRATEGIES else None
        )
        refusal = mesh_layout.refusal(mesh_model, spec, named) if spec else None
        if refusal:
            add("trainer.mesh.model", refusal)
    workload = data.get("workload", workloads.DEFAULT)
    for key, wanted in workloads.keys_of_workload().items():  # the workloads' table's
        if key in data and workload != wanted:
            add(key, f"only means something with workload: {wanted} (workload is {workload})")

    spec = trainer.get("data") or {}
    kind = spec.get("kind", "synthetic")
    for key, wanted in DATA_KEYS_OF_KIND.items():
        if key in spec and kind != wanted:
            add(
                f"trainer.data.{key}",
                f"only means something with data.kind: {wanted} (data.kind is {kind})",
            )
    if kind == "text":
        for key in ("source", "target"):
            if not spec.get(key):
                add(f"trainer.data.{key}", "data.kind: text needs both source and target files")
        for key in ("source", "target", "spm_model"):
            value = spec.get(key)
            if value and not (base / str(value)).is_file():
                add(
                    f"trainer.data.{key}",
                    f"{value}: no such file (paths are relative to the sweep file's folder, "
                    f"{base})",
                )

    reference = data.get("reference")
    if reference is not None:
        known = _reference_names()
        if known is not None and reference not in known:
            add(
                "reference",
                f"{reference!r} is not a published reference (known: {', '.join(sorted(known))})",
            )

    partition = (data.get("slurm") or {}).get("partition")
    names = [p.name for p in profile.partitions]
    if partition is not None and partition not in names:
        add(
            "slurm.partition",
            f"{partition!r} is not a partition of profile {profile.name} "
            f"(it has {', '.join(names)}); add it to the profile or choose one of those",
        )
    return out


def _model_spec(model: Any) -> dict | None:
    """The resolved model a sweep's `trainer.model` names (a preset or overrides), or None
    when the schema rejects it (its own message says why)."""
    try:
        spec = ModelSpec.model_validate(
            {"preset": model} if isinstance(model, str) else model or {}
        )
        return spec.resolved()
    except (ValueError, TypeError):
        return None


def _parents(key: str) -> list[str]:
    parts = key.split(".")
    return [".".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def _reference_names() -> set[str] | None:
    """The names in the published references file; None when it cannot be read (the report
    says why)."""
    try:
        return set(references.load())
    except UnknownReference:
        return None


def _truthy(value: Any) -> bool:
    """A YAML boolean as the user may have written it (true, yes, on, 1)."""
    return str(value).strip().lower() in ("true", "1", "yes", "on")
