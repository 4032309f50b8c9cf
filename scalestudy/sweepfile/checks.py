"""What a resolved sweep means beside its profile (checked per matrix combination and node
count): node counts the partitions take, threads the cores hold, a strong-scaling batch that
splits; the schedule a sweep gets when it does not choose one; and the warnings."""

from __future__ import annotations

from scalestudy.cost_models import strategies
from scalestudy.formats.point_config import ModelSpec
from scalestudy.profiles import Profile
from scalestudy.sweepfile.issues import Issue
from scalestudy.sweepfile.schema import SweepModel


def schedule_of(chosen: str | None, variants: int) -> tuple[str, str]:
    """The schedule and why: the user's choice, else bundled when variants are compared (a
    comparison is only fair inside one allocation), else one job per point."""
    if chosen is not None:
        return chosen, "set in the sweep"
    if variants > 1:
        return "bundled", f"default: the matrix compares {variants} variants"
    return "separate", "default: one variant, nothing to pair"


def point_issues(sw: SweepModel, nodes: int, profile: Profile, at, overrides) -> list[Issue]:
    out = []
    # the matrix values of the variant, as the sweep writes them (never a Python dict)
    said = ", ".join(f"{k}: {_yaml_value(v)}" for k, v in (overrides or {}).items())
    where = f" (with {said})" if said else ""
    if nodes > profile.max_nodes:
        out.append(
            Issue(
                at("nodes"),
                "nodes",
                f"{nodes} nodes exceed the largest partition of "
                f"{profile.name} ({profile.max_nodes} nodes)",
            )
        )
    cores = profile.cores_per_node
    if sw.ppn * sw.threads_per_worker > cores:
        out.append(
            Issue(
                at("ppn"),
                "ppn",
                f"ppn {sw.ppn} x threads_per_worker "
                f"{sw.threads_per_worker} = {sw.ppn * sw.threads_per_worker} exceeds the "
                f"{cores} cores of a {profile.name} node{where}: each rank (ppn: ranks per "
                "node) gets threads_per_worker cores of its own; give e.g. "
                f"ppn: {max(1, cores // sw.threads_per_worker)} with threads_per_worker: "
                f"{min(sw.threads_per_worker, cores)}",
            )
        )
    workers = nodes * sw.ppn
    spec = ModelSpec.model_validate(
        {"preset": sw.trainer.model}
        if isinstance(sw.trainer.model, str)
        else sw.trainer.model.model_dump()
    )
    max_length = int(spec.resolved()["max_length"])
    gbt = sw.trainer.global_batch_tokens
    if sw.mode == "strong" and gbt is not None:
        if gbt % workers:
            out.append(
                Issue(
                    at("trainer.global_batch_tokens"),
                    "trainer.global_batch_tokens",
                    f"{gbt} tokens do not split evenly over {workers} workers "
                    f"({nodes} nodes x {sw.ppn}){where}",
                )
            )
        elif gbt // workers < max_length:
            out.append(
                Issue(
                    at("trainer.global_batch_tokens"),
                    "trainer.global_batch_tokens",
                    f"{gbt // workers} tokens per worker at {workers} workers is below "
                    f"the longest sentence ({max_length}){where}",
                )
            )
    return out


def warnings_of(sw: SweepModel, at, overrides) -> list[Issue]:
    out = []
    tied = isinstance(sw.trainer.model, str) or sw.trainer.model.tie_embeddings
    # dense even without sparse_as_dense (the one rule, dense_anyway): the flag changes nothing
    dense_anyway = strategies.dense_anyway(sw.trainer.accumulation, tied)
    if dense_anyway and ("trainer.sparse_as_dense" in overrides or sw.trainer.sparse_as_dense):
        out.append(
            Issue(
                at("trainer.accumulation"),
                "trainer.accumulation",
                "native accumulation with tied embeddings: TF 2.15 already sums the "
                "embedding gradient densely, so sparse_as_dense changes nothing",
            )
        )
    if dense_anyway and (
        "trainer.exchange" in overrides
        or sw.trainer.exchange not in (None, strategies.PAPER_DENSE.name)
    ):
        out.append(
            Issue(
                at("trainer.accumulation"),
                "trainer.accumulation",
                "native accumulation with tied embeddings: TF 2.15 already sums the "
                "embedding gradient densely, so it is allreduced whatever exchange says",
            )
        )
    # the samples of a (variant, node count): repeats in each of the allocations
    if sw.repeats * sw.allocation_count < 2:
        out.append(
            Issue(
                at("repeats") or 1,
                "repeats",
                "one run per variant and node count: the report can give no confidence interval",
            )
        )
    return out


def _yaml_value(value: object) -> str:
    """A matrix value as YAML writes it (true, 0.001, [1, 2]), for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_yaml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_yaml_value(v)}" for k, v in value.items()) + "}"
    return str(value)
