"""The `sweep.yaml` schema (the keys are the public contract) and its validation.

Structure errors come from pydantic; meaning errors (a batch that does not split, nodes beyond
the profile's partitions, more threads than cores) are checked per resolved matrix combination.
Every problem is reported at once as `file:line: key: message`.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    create_model,
    field_validator,
)

from scalestudy.contract.point_config import (
    DataSpec,
    DivergenceSpec,
    ModelSpec,
    PointConfig,
    is_sparse,
)
from scalestudy.errors import BadInput
from scalestudy.profiles import Profile, ProfileError, load_profile
from scalestudy.spec import consistency
from scalestudy.spec.yamlload import Located, YamlError, load_file

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
TIME_LIMIT = re.compile(r"^(?:(\d+)-)?(\d+)(?::(\d+))?(?::(\d+))?$")

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


SlurmValue = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.,:|&*\[\]=+!-]+$")]
EnvName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")]


# a bundled sweep's samples of placement: two allocations, so a run's ratio has a spread
DEFAULT_ALLOCATIONS = 2


class SlurmOptions(_Strict):
    # #SBATCH lines are read by sbatch, not the shell: values are held to a safe alphabet.
    account: SlurmValue | None = None
    qos: SlurmValue | None = None
    constraint: SlurmValue | None = None
    exclusive: bool = True
    partition: SlurmValue | None = None
    # seconds before the time limit at which the job is told to checkpoint (default: profile's)
    signal_margin_s: int | None = Field(None, ge=10)
    # nodes kept out of every job (slow or broken ones, e.g. named by `doctor`): hostlists
    exclude_nodes: list[SlurmValue] = []
    # submit a probe job first (largest node count of the batch); every point waits on it with
    # afterok and is cancelled if placement, rank count or binding is wrong
    gate_on_probe: bool = False

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


class CommOptions(_Strict):
    """The `comm` workload: which collectives, which extra message sizes, how many timed
    iterations (after warm-up ones) per size."""

    collectives: list[Literal["allreduce", "allgather"]] = ["allreduce", "allgather"]
    # bytes per rank of the size sweep, besides the trainer's own exchange shapes
    sizes_bytes: list[Annotated[int, Field(ge=4)]] = [4**k for k in range(5, 14)]  # 1 KiB..64 MiB
    iterations: int = Field(20, ge=2)
    warmup: int = Field(3, ge=0)


class Sweep(_Strict):
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
    # trainer: the densified Transformer; probe: a seconds-long placement/launcher/signal check;
    # comm: Horovod collectives alone on the trainer's exchange shapes plus a size sweep
    workload: Literal["trainer", "probe", "comm"] = "trainer"
    probe_seconds: float = Field(3.0, gt=0, le=3600)
    comm: CommOptions = CommOptions()
    # separate: one job per point. bundled: per node count, every variant and repeat of the
    # sweep in ONE allocation, in a recorded random order (paired comparisons), repeated for
    # `allocations` independent allocations (the samples of placement variance; default 2).
    # Unset: bundled when the matrix makes more than one variant, else separate.
    schedule: Literal["separate", "bundled"] | None = None
    allocations: int | None = Field(None, ge=1)
    trainer: TrainerSection = TrainerSection()  # type: ignore[valid-type]
    matrix: dict[str, list[Any]] = {}
    reference: str | None = None

    def node_list(self) -> list[int]:
        return self.nodes.expand() if isinstance(self.nodes, NodeRange) else list(self.nodes)

    @property
    def allocation_count(self) -> int:
        """Independent allocations per node count: `allocations` (default 2) when bundled."""
        return (self.allocations or DEFAULT_ALLOCATIONS) if self.schedule == "bundled" else 1


@dataclass
class Issue:
    line: int | None
    key: str
    message: str

    def format(self, path: Path) -> str:
        where = f"{path}:{self.line}" if self.line else str(path)
        return f"{where}: {self.key or '<top>'}: {self.message}"


class SweepError(BadInput):
    names_its_file = True

    def __init__(self, path: Path, issues: list[Issue]):
        self.path, self.issues = path, issues
        super().__init__("\n".join(i.format(path) for i in issues))


@dataclass
class Variant:
    """One combination of the matrix: the sweep with those values applied."""

    overrides: dict[str, Any]
    sweep: Sweep
    point_configs: dict[int, PointConfig]  # by node count


@dataclass
class LoadedSweep:
    path: Path
    sweep: Sweep
    profile: Profile
    profile_path: Path
    variants: list[Variant]
    warnings: list[Issue] = field(default_factory=list)
    located: Located | None = None
    schedule_reason: str = "set in the sweep"


def time_limit_minutes(value: str) -> float | None:
    m = TIME_LIMIT.match(value.strip())
    if not m:
        return None
    days, a, b, c = (int(x) if x else None for x in m.groups())
    if days is not None:  # D-HH[:MM[:SS]]
        return days * 1440 + a * 60 + (b or 0) + (c or 0) / 60
    if c is not None:  # HH:MM:SS
        return a * 60 + b + c / 60
    if b is not None:  # MM:SS
        return a + b / 60
    return float(a)  # MM


def _allowed_keys(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names (and aliases) valid at the mapping that holds loc[-1]."""
    current: Any = model
    for part in loc[:-1]:
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        ann = fields[part].annotation
        options = [a for a in getattr(ann, "__args__", (ann,)) if hasattr(a, "model_fields")]
        if not options:
            return []
        current = options[0]
    fields = getattr(current, "model_fields", {})
    return [f.alias or k for k, f in fields.items()]


def _pydantic_issues(exc: ValidationError, located: Located, model, prefix=()) -> list[Issue]:
    issues = []
    for err in exc.errors():
        loc = tuple(
            x
            for x in err["loc"]
            if x not in ("list[int]", "NodeRange", "str", "ModelSpec", "[key]")
        )
        loc = (*prefix, *loc)
        key = ".".join(map(str, loc))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            close = difflib.get_close_matches(
                str(loc[-1]), _allowed_keys(model, loc[len(prefix) :]), n=1, cutoff=0.6
            )
            msg = "unknown key" + (f"; did you mean {close[0]!r}?" if close else "")
        elif err["type"] == "missing":
            msg = "required key is missing"
        elif loc[-1:] == ("time_limit",) and err["type"] == "string_type":
            msg += "; quote it (unquoted YAML reads 1:30:00 as the number 5400)"
        issues.append(Issue(located.line_of(loc), key, msg))
    # A key's failure under a union reports once per union member: keep the first of each.
    seen, unique = set(), []
    for i in issues:
        if (i.key, i.line) not in seen:
            seen.add((i.key, i.line))
            unique.append(i)
    return unique


def _set_dotted(data: dict, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    cur = data
    for p in parts[:-1]:
        cur = cur.setdefault(p, {})
        if not isinstance(cur, dict):
            raise KeyError(dotted)
    cur[parts[-1]] = value


def _matrix_key_issue(key: str) -> str | None:
    parts = key.split(".")
    if parts[0] == "trainer" and len(parts) >= 2:
        allowed = list(TrainerSection.model_fields)
        if parts[1] not in allowed:
            close = difflib.get_close_matches(parts[1], allowed, n=1, cutoff=0.6)
            return "unknown trainer key" + (
                f"; did you mean 'trainer.{close[0]}'?" if close else ""
            )
        return None
    # how the sweep is scheduled is one choice for all its variants, never a variant itself
    fixed = ("name", "cluster", "matrix", "schedule", "allocations")
    allowed = [k for k in Sweep.model_fields if k not in fixed]
    if len(parts) == 1 and parts[0] in allowed:
        return None
    close = difflib.get_close_matches(
        key, [*allowed, *(f"trainer.{k}" for k in TrainerSection.model_fields)], n=1
    )
    return "not a key a matrix can vary" + (f"; did you mean {close[0]!r}?" if close else "")


def point_config(sweep: Sweep, nodes: int, profile: Profile, base: Path | None = None) -> dict:
    """The trainer configuration of a point, before the harness adds log and checkpoint paths.
    Data paths are made absolute against the sweep file's folder (`base`)."""
    t = sweep.trainer.model_dump(exclude_unset=False)
    for key in ("source", "target", "spm_model", "spm_dir"):
        value = t["data"].get(key)
        if value and base is not None and not Path(value).is_absolute():
            t["data"][key] = str((base / value).resolve())
    model = t.pop("model")
    t["model"] = {"preset": model} if isinstance(model, str) else model
    if sweep.workload != "trainer":  # the trainer never runs: any valid batch will do
        t["tokens_per_worker"] = t["tokens_per_worker"] or 512
        t["global_batch_tokens"] = t["global_batch_tokens"] or 512 * nodes * sweep.ppn
    workers = nodes * sweep.ppn
    per_node = workers if profile.emulated_nodes else sweep.ppn
    return {
        **t,
        "mode": sweep.mode,
        "intra_op_threads": sweep.threads_per_worker,
        "expect_ranks": workers,
        "expect_ranks_per_node": per_node,
    }


def load_sweep(path: str | Path) -> LoadedSweep:
    path = Path(path)
    if not path.exists():
        raise SweepError(path, [Issue(None, "", "no such file")])
    try:
        located = load_file(path)
    except YamlError as exc:
        raise SweepError(
            path, [Issue(i.line, ".".join(map(str, i.path)), i.message) for i in exc.issues]
        ) from None
    except UnicodeDecodeError:
        raise SweepError(path, [Issue(None, "", "not a UTF-8 text file")]) from None
    raw = located.data
    if not isinstance(raw, dict):
        raise SweepError(
            path,
            [Issue(1, "", f"the top level must be a mapping of keys, not {type(raw).__name__}")],
        )
    issues: list[Issue] = []
    try:
        sweep = Sweep.model_validate(raw)
    except ValidationError as exc:
        raise SweepError(path, _pydantic_issues(exc, located, Sweep)) from None

    def at(key: str) -> int | None:
        return located.line_of(tuple(key.split(".")))

    def matrix_line(key: str) -> int | None:
        return located.line_of(("matrix", key))

    if not SAFE_NAME.match(sweep.name):
        issues.append(
            Issue(
                at("name"),
                "name",
                f"{sweep.name!r} is not a safe folder name "
                "(letters, digits, '.', '_', '-'; starts with a letter or digit)",
            )
        )
    if time_limit_minutes(sweep.time_limit) is None:
        issues.append(
            Issue(
                at("time_limit"),
                "time_limit",
                f"{sweep.time_limit!r} is not a Slurm time (MM, HH:MM:SS, D-HH:MM)",
            )
        )
    try:
        profile, profile_path = load_profile(sweep.cluster, relative_to=path.parent)
    except ProfileError as exc:
        raise SweepError(path, [*issues, Issue(at("cluster"), "cluster", str(exc))]) from None
    nodes = sweep.node_list()
    if not nodes:
        issues.append(Issue(at("nodes"), "nodes", "no node counts"))
    if any(n < 1 for n in nodes):
        issues.append(Issue(at("nodes"), "nodes", "node counts must be >= 1"))
    if len(set(nodes)) != len(nodes):
        issues.append(Issue(at("nodes"), "nodes", "node counts repeat"))
    combos = math.prod(len(v) for v in sweep.matrix.values())
    schedule, schedule_reason = _schedule(sweep.schedule, combos)
    if sweep.allocations is not None and schedule != "bundled":
        issues.append(
            Issue(
                at("allocations"),
                "allocations",
                "only means something with schedule: bundled (one job per point already gets "
                f"its own allocation; here the schedule is separate: {schedule_reason}); "
                "use repeats, or set schedule: bundled",
            )
        )
    sweep = sweep.model_copy(update={"schedule": schedule})
    for key, values in sweep.matrix.items():
        if (problem := _matrix_key_issue(key)) is not None:
            issues.append(Issue(matrix_line(key), f"matrix.{key}", problem))
        elif not values:
            issues.append(Issue(matrix_line(key), f"matrix.{key}", "needs at least one value"))
    if issues:
        raise SweepError(path, issues)

    variants: list[Variant] = []
    warnings: list[Issue] = []
    keys = list(sweep.matrix)
    for combo in itertools.product(*(sweep.matrix[k] for k in keys)):
        overrides = dict(zip(keys, combo, strict=True))
        data = _deep_copy(raw)
        data.pop("matrix", None)
        for k, v in overrides.items():
            _set_dotted(data, k, v)
        data["schedule"] = schedule  # a variant never changes how the sweep is scheduled
        try:
            vs = Sweep.model_validate(data)
        except ValidationError as exc:
            for i in _pydantic_issues(exc, located, Sweep):
                mk = next((k for k in keys if i.key.startswith(k)), None)
                if mk:
                    i.line = matrix_line(mk)
                    i.message = f"{i.message} (matrix value {overrides[mk]!r})"
                issues.append(i)
            continue
        label = ", ".join(f"{k}={v!r}" for k, v in overrides.items())
        for line, key, message in consistency.issues(
            data, profile, path.parent, at, f" (with {label})" if label else ""
        ):
            mk = next((k for k in keys if key.startswith(k) or k.startswith(key)), None)
            issues.append(Issue(matrix_line(mk) if mk else line, key, message))
        configs: dict[int, PointConfig] = {}
        for n in vs.node_list():
            issues += _meaning_issues(vs, n, profile, at, overrides)
            try:
                configs[n] = PointConfig.model_validate(point_config(vs, n, profile, path.parent))
            except ValidationError as exc:
                for e in exc.errors():
                    loc = ".".join(map(str, e["loc"]))
                    key = f"trainer.{loc}" if loc else "trainer"
                    issues.append(
                        Issue(at(key) or at("trainer"), key, e["msg"].removeprefix("Value error, "))
                    )
        warnings += _warnings(vs, at, overrides)
        variants.append(Variant(overrides, vs, configs))
    issues = _unique(issues)
    if issues:
        raise SweepError(path, issues)
    return LoadedSweep(
        path, sweep, profile, profile_path, variants, _unique(warnings), located, schedule_reason
    )


def _schedule(chosen: str | None, variants: int) -> tuple[str, str]:
    """The schedule and why: the user's choice, else bundled when variants are compared (a
    comparison is only fair inside one allocation), else one job per point."""
    if chosen is not None:
        return chosen, "set in the sweep"
    if variants > 1:
        return "bundled", f"default: the matrix compares {variants} variants"
    return "separate", "default: one variant, nothing to pair"


def _meaning_issues(sw: Sweep, nodes: int, profile: Profile, at, overrides) -> list[Issue]:
    out = []
    where = f" (with {overrides})" if overrides else ""
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
                f"{cores} cores of a {profile.name} node{where}",
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


def _warnings(sw: Sweep, at, overrides) -> list[Issue]:
    out = []
    tied = isinstance(sw.trainer.model, str) or sw.trainer.model.tie_embeddings
    # dense even without sparse_as_dense (the one rule, is_sparse): the flag changes nothing
    dense_anyway = not is_sparse({"accumulation": sw.trainer.accumulation, "tie_embeddings": tied})
    if dense_anyway and ("trainer.sparse_as_dense" in overrides or sw.trainer.sparse_as_dense):
        out.append(
            Issue(
                at("trainer.accumulation"),
                "trainer.accumulation",
                "native accumulation with tied embeddings: TF 2.15 already sums the "
                "embedding gradient densely, so sparse_as_dense changes nothing",
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


def _unique(issues: list[Issue]) -> list[Issue]:
    seen, out = set(), []
    for i in issues:
        if (i.line, i.key, i.message) not in seen:
            seen.add((i.line, i.key, i.message))
            out.append(i)
    return out


def _deep_copy(x):
    if isinstance(x, dict):
        return {k: _deep_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep_copy(v) for v in x]
    return x
