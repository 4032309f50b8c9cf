"""The `sweep.yaml` schema: the keys are the public contract (docs/sweep-reference.md is
generated from these models). Structure only; what a value means beside the others is checked
in checks.py and consistency.py, and problems are worded in issues.py.

A workload's own keys (the probe's `probe_seconds`, comm's `comm:` block) are not written here:
they are its entry's in the workloads' table (scalestudy/workloads/table.py), and `sweep_model()`
builds the sweep's model from `_Keys` and the table as it is when a file is validated. `Sweep`
is that model (`schema.Sweep` is looked up at each use; a name imported from here before a
workload was registered is the model without it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    create_model,
    field_validator,
    model_validator,
)

from scalestudy.formats.metrics import METRICS
from scalestudy.formats.point_config import DataSpec, DivergenceSpec, ModelSpec, PointConfig
from scalestudy.formats.table_names import OneOf
from scalestudy.sbatch_options import BY_NAME, SAFE, SbatchDefaults
from scalestudy.workloads import table as workloads

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

# Trainer keys a sweep may set: the point configuration minus what the harness decides itself.
_HARNESS_OWNED = {
    "mode",
    "log_dir",
    "checkpoint_dir",
    "expect_ranks",
    "expect_ranks_per_node",
    "intra_op_threads",
    "model",
    "data",
    "divergence",
}
TrainerSection = create_model(
    "TrainerSection",
    __config__=ConfigDict(extra="forbid"),
    model=(Literal["tiny", "base", "big"] | ModelSpec, "tiny"),
    data=(DataSpec, DataSpec()),
    divergence=(DivergenceSpec, DivergenceSpec()),
    **{
        k: (f.annotation, f) for k, f in PointConfig.model_fields.items() if k not in _HARNESS_OWNED
    },
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class NodeRange(_Strict):
    from_: int = Field(alias="from", ge=1)
    to: int = Field(ge=1)
    factor: int = Field(2, ge=2)

    def expand(self) -> list[int]:
        out, n = [], self.from_
        while n <= self.to:
            out.append(n)
            n *= self.factor
        return out


SlurmValue = Annotated[str, StringConstraints(pattern=SAFE)]
EnvName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


# a bundled sweep's samples of placement: two allocations, so a run's ratio has a spread
DEFAULT_ALLOCATIONS = 2


class SlurmOptions(SbatchDefaults):  # type: ignore[valid-type,misc]
    # the sbatch options (account, qos, mem, ..., extra: scalestudy/sbatch_options.py), over the
    # profile's `slurm:` defaults; #SBATCH lines are read by sbatch, not the shell: values
    # are held to a safe alphabet
    exclusive: bool = Field(True, description=BY_NAME["exclusive"].description)
    # seconds before the time limit at which the job is told to checkpoint (default: profile's)
    signal_margin_s: int | None = Field(None, ge=10)
    # nodes kept out of every job (slow or broken ones, e.g. named by `doctor`): hostlists
    exclude_nodes: list[SlurmValue] = Field([])
    # submit a probe job first (largest node count of the batch); every point waits on it with
    # afterok and is cancelled if placement, rank count or binding is wrong
    gate_on_probe: bool = False
    # schedule: separate: points of one shape go to sbatch as one job array (one call, not one
    # per point); false where a site forbids arrays
    array: bool = True

    @field_validator("exclude_nodes")
    @classmethod
    def _hostlists(cls, value: list[str]) -> list[str]:
        import hostlist

        for expr in value:
            try:
                hostlist.expand_hostlist(expr)
            except hostlist.BadHostlist as exc:
                raise ValueError(
                    f"{expr!r} is not a Slurm hostlist ({exc}); e.g. n3 or c[101-104,210]"
                ) from None
        return value


MetricName = Literal[tuple(METRICS)]  # type: ignore[valid-type]


class Expectation(_Strict):
    """One figure the sweep must reach, checked by `scalestudy report --check` (exit 1 when
    one is missed): docs/report.md#expectations."""

    metric: MetricName = Field(
        description="What is measured: one of the metrics in the table above."
    )
    nodes: int | None = Field(
        None,
        ge=1,
        description="The node count it applies to (one of the sweep's); unset: every one.",
    )
    variant: dict[str, Any] | None = Field(
        None,
        description="The variants it applies to, by matrix key and value as `baseline:` "
        "selects (e.g. `{trainer.exchange: allreduce}`); unset: every variant.",
    )
    at_least: float | None = Field(None, description="The measured median must be at least this.")
    at_most: float | None = Field(None, description="The measured median must be at most this.")
    reference: str | None = Field(
        None,
        description="A published reference's name (formats/references.yaml) whose figure is "
        "the bound, at least or at most as the metric is better higher or lower.",
    )
    tolerance: float = Field(
        0.0,
        ge=0,
        lt=1,
        description="How far past the bound still passes: `5%` or 0.05 (at_least x (1 - "
        "tolerance), at_most x (1 + tolerance)).",
    )
    inconclusive: Literal["fail", "warn", "pass"] | None = Field(
        None,
        description="What a verdict whose 95% interval straddles the bound (or that has no "
        "interval: one repeat) counts as: `fail` (exit 1), `warn` (said, exit 0) or `pass`; "
        "unset: `report --check --inconclusive` (default `fail`).",
    )

    @field_validator("tolerance", mode="before")
    @classmethod
    def _percent(cls, value: Any) -> Any:
        hint = "a share of the bound: 5% or 0.05"
        text = str(value).strip()
        try:
            share = float(text[:-1]) / 100 if text.endswith("%") else float(text)
        except ValueError:
            raise ValueError(f"{value!r} is not {hint}") from None
        if not 0 <= share < 1:
            raise ValueError(f"{value!r} is not {hint} (from 0 up to, not including, 100%)")
        return share

    @model_validator(mode="after")
    def _one_bound(self) -> Expectation:
        given = [k for k in ("at_least", "at_most", "reference") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "give exactly one bound: at_least, at_most or reference"
                + (f" (here: {', '.join(given)})" if given else "")
            )
        return self


class SweepModel(_Strict):
    """What every sweep model is: its fields are `_Keys`' and the workloads' (`sweep_model`)."""

    def node_list(self) -> list[int]:
        return self.nodes.expand() if isinstance(self.nodes, NodeRange) else list(self.nodes)

    @property
    def allocation_count(self) -> int:
        """Independent allocations per node count: `allocations` (default 2) when bundled."""
        return (self.allocations or DEFAULT_ALLOCATIONS) if self.schedule == "bundled" else 1


class _Keys(_Strict):
    """The keys of every sweep, in the reference's order; each workload's own keys follow
    `workload` in the sweep's model (`sweep_model`)."""

    name: str
    cluster: str
    mode: Literal["weak", "strong"]
    nodes: list[int] | NodeRange
    ppn: int = Field(1, ge=1)
    threads_per_worker: int = Field(1, ge=1)
    repeats: int = Field(1, ge=1)
    time_limit: str = "00:30:00"
    slurm: SlurmOptions = SlurmOptions()
    modules: list[str] = []
    env: dict[EnvName, str] = {}
    python: str | None = None
    max_jobs_in_queue: int | None = Field(None, ge=1)
    # each process of a point may hold at most this much data (ulimit -d in the job script):
    # a point that does not fit ends out_of_memory at its first large allocation
    rank_memory_limit_gb: float | None = Field(None, gt=0)
    # a name of the workloads' table (scalestudy/workloads/table.py: what each runs and means),
    # checked against it when a file is validated
    workload: Annotated[str, OneOf(workloads.names)] = workloads.DEFAULT
    # separate: one job per point. bundled: per node count, every variant and repeat of the
    # sweep in ONE allocation, in a recorded random order (paired comparisons), repeated for
    # `allocations` independent allocations (the samples of placement variance; default 2).
    # Unset: bundled when the matrix makes more than one variant, else separate.
    schedule: Literal["separate", "bundled"] | None = None
    allocations: int | None = Field(None, ge=1)
    trainer: TrainerSection = TrainerSection()  # type: ignore[valid-type]
    matrix: dict[str, list[Any]] = {}
    # the variant the report compares every other with (paired ratios, common efficiency
    # baseline): matrix key -> value, e.g. {trainer.exchange: allreduce}; unset: the paper's
    # dense variant (sweepfile/baseline.py)
    baseline: dict[str, Any] | None = None
    reference: str | None = None
    expect: list[Expectation] = []


def _workload_fields(w: workloads.Workload) -> dict[str, tuple[Any, Any]]:
    """A workload's own keys as fields: its `sweep_keys`, then its options block (the model
    its entry names, its defaults when the block is left out)."""
    out: dict[str, tuple[Any, Any]] = {
        k.name: (k.type, Field(k.default, description=k.description, **dict(k.bounds)))
        for k in w.sweep_keys
    }
    if w.options:
        if not w.options_model:
            raise ValueError(f"workload {w.name}: options {w.options!r} without options_model")
        model = w.options_model
        sentence = f"`workload: {w.name}` options (below)."
        out[w.options] = (model, Field(default_factory=model, description=sentence))
    return out


def _build(table: tuple[workloads.Workload, ...]) -> type[SweepModel]:
    fields: dict[str, tuple[Any, Any]] = {}
    for name, f in _Keys.model_fields.items():
        fields[name] = (f.annotation, f)
        if name != "workload":
            continue
        for w in table:
            for key, field in _workload_fields(w).items():
                if key in fields or key in _Keys.model_fields:
                    raise ValueError(f"workload {w.name}: {key!r} is already a sweep key")
                fields[key] = field
    return create_model(  # type: ignore[call-overload,no-any-return]
        "Sweep", __base__=SweepModel, __module__=__name__, __doc__=_Keys.__doc__, **fields
    )


_built: tuple[tuple[workloads.Workload, ...], type[SweepModel]] | None = None


def sweep_model() -> type[SweepModel]:
    """The sweep file's model for the workloads' table as it is now: built once, and again
    when an entry was added, replaced or removed since (a test's, a site's registration)."""
    global _built
    table = tuple(workloads.TABLE.values())
    if (
        _built is None
        or len(_built[0]) != len(table)
        or any(a is not b for a, b in zip(_built[0], table, strict=True))
    ):
        _built = (table, _build(table))
    return _built[1]


def __getattr__(name: str) -> Any:
    if name == "Sweep":  # looked up at each use: the table's model now
        return sweep_model()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    Sweep = SweepModel
