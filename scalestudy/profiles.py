"""Cluster profiles: what a site is (cores, memory, MPI, launcher, partitions, network), kept
apart from what a sweep measures. Profiles are YAML files in templates/clusters/; a sweep names
one by name or gives a path to its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from scalestudy import containers, launchers
from scalestudy.errors import BadInput
from scalestudy.formats.table_names import OneOf
from scalestudy.sbatch_options import SbatchDefaults, time_limit_minutes
from scalestudy.templating import TEMPLATES  # the package's copy (a wheel) or the checkout's
from scalestudy.yamlfile.issues import Issue, pydantic_issues
from scalestudy.yamlfile.loader import YamlError, load_file

CLUSTERS = TEMPLATES / "clusters"


class Partition(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    max_nodes: int = Field(ge=1)
    # the partition's MaxTime (Slurm's time format); None: unlimited or not known. A job
    # asking for more is never started (PartitionTimeLimit), so validate and plan refuse it
    max_time: str | None = None

    @field_validator("max_time")
    @classmethod
    def _max_time(cls, value: str | None) -> str | None:
        if value is not None and slurm_minutes(value) is None:
            raise ValueError(
                f"{value!r} is not a Slurm time (MM, HH:MM:SS, D-HH[:MM[:SS]]); leave "
                "max_time out for an unlimited partition"
            )
        return value

    @property
    def max_minutes(self) -> float | None:
        return slurm_minutes(self.max_time) if self.max_time else None


def slurm_minutes(value: str) -> float | None:
    """A Slurm time in minutes (the sweep's time_limit format), None when it is not one."""
    return time_limit_minutes(value)


def module_problem(name: object) -> str | None:
    """Why a `modules:` entry cannot be one module name for `module load`, else None: the job
    script loads each entry as one argument, so an empty name or one with blanks (two modules
    written as one) would fail only on the compute node."""
    if not isinstance(name, str) or not name.strip():
        return f"{name!r}: a module name cannot be empty"
    if any(c.isspace() for c in name):
        return (
            f"{name!r}: a module name has no blanks (one module per list item, e.g. "
            f"[{', '.join(name.split())}])"
        )
    return None


class Interconnect(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    latency_us: float = Field(gt=0)
    bandwidth_gbps: float = Field(gt=0)


ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Container(BaseModel):
    """The image the workload runs in (docs/containers.md): the host's launcher starts the
    ranks, each inside the runtime (scalestudy/containers.py builds the command lines)."""

    model_config = ConfigDict(extra="forbid")
    runtime: Annotated[str, OneOf(containers.names)]  # the runtimes' table, read when validating
    image: str = Field(min_length=1)
    mounts: list[str] = []
    env: list[str] = []
    python: str = Field("python3", min_length=1)

    @field_validator("image")
    @classmethod
    def _image(cls, value: str, info) -> str:
        runtime = containers.RUNTIMES.get(info.data.get("runtime", ""))
        if runtime is not None and (problem := runtime.image_problem(value)) is not None:
            raise ValueError(problem)
        return value

    @field_validator("mounts")
    @classmethod
    def _mounts(cls, value: list[str]) -> list[str]:
        for m in value:
            parts = m.split(":")
            if len(parts) > 2 or not all(x.startswith("/") for x in parts) or "," in m:
                raise ValueError(
                    f"{m!r}: a mount is an absolute host path, optionally :an absolute path "
                    "in the image (SRC or SRC:DST, no commas)"
                )
        return value

    @field_validator("env")
    @classmethod
    def _env(cls, value: list[str]) -> list[str]:
        for e in value:
            name, eq, _ = e.partition("=")
            if not eq or not ENV_NAME.fullmatch(name):
                raise ValueError(f"{e!r}: an env entry is NAME=VALUE (NAME a shell variable name)")
        return value


def _module_name(name: str) -> str:
    if (problem := module_problem(name)) is not None:
        raise ValueError(problem)
    return name


ModuleName = Annotated[str, AfterValidator(_module_name)]


class Profile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    description: str = ""
    scheduler: Literal["local", "slurm"]
    sockets: int = Field(ge=1)
    cores_per_socket: int = Field(ge=1)
    threads_per_core: int = Field(1, ge=1)
    memory_gb: float = Field(gt=0)
    # the launcher and the MPI family it starts: one table (launchers.py) says which pairs
    # work, its template, its options and their checks
    mpi: Literal[launchers.FAMILIES]  # type: ignore[valid-type]
    launcher: Literal[tuple(launchers.LAUNCHERS)]  # type: ignore[valid-type]
    # srun's PMI plugin (`srun --mpi=`); pmi2 keeps the scripts of profiles without it
    srun_mpi: Literal[tuple(launchers.SRUN_MPI)] = launchers.DEFAULT_SRUN_MPI  # type: ignore[valid-type]
    # the launcher's executable, where a name on PATH is ambiguous (Debian's alternatives,
    # two MPIs' mpiexec.hydra); None: the table's default for the launcher and family
    launcher_path: str | None = None
    emulated_nodes: bool = False
    # cores: every rank pinned to its own cores (a real cluster). none: ranks float; for
    # emulated nodes that share one host's cores, where each node's launcher would pin its
    # first rank to the same core 0 and the timings would measure that sharing
    bind: Literal["cores", "none"] = "cores"
    partitions: list[Partition] = Field(min_length=1)
    interconnect: Interconnect
    python: str = "python3"
    modules: list[ModuleName] = []
    module_purge: bool = False
    env: dict[str, str] = {}
    max_jobs_in_queue: int | None = Field(None, ge=1)
    checkpoint_signal_margin_s: int = Field(120, ge=10)
    container: Container | None = None
    # the site's sbatch options (account, qos, reservation, mem, extra, ...): under every
    # sweep's `slurm:` keys, which win (scalestudy/sbatch_options.py)
    slurm: SbatchDefaults = SbatchDefaults()  # type: ignore[valid-type]

    @field_validator("env")
    @classmethod
    def _env_names(cls, value: dict[str, str]) -> dict[str, str]:
        # each name is exported by the job script and handed to the launcher (-x, -genvlist)
        for name in value:
            if not ENV_NAME.fullmatch(name):
                raise ValueError(
                    f"{name!r}: an env key is a shell variable name ([A-Za-z_][A-Za-z0-9_]*)"
                )
        return value

    @model_validator(mode="after")
    def _cross_field(self, info: ValidationInfo) -> Profile:
        """The rules between keys, all of them (cross_field_problems); one line per problem,
        each starting with its key (load_profile puts it at that key's line). Under
        check_profile's context they are collected, not raised, so every problem of a
        profile is said in one run."""
        if (bind := launchers.fixed_bind(self.launcher)) is not None and (
            "bind" not in self.model_fields_set
        ):
            # mpirun-local's ranks share this one machine's cores: a profile that leaves
            # `bind` out means that, and a probe must not call it wrong
            self.bind = bind
        found = cross_field_problems(self)
        collect = (info.context or {}).get(COLLECT) if info is not None else None
        if collect is not None:
            collect += found
        elif found:
            raise ValueError("\n".join(message for _, message in found))
        return self

    @property
    def cores_per_node(self) -> int:
        return self.sockets * self.cores_per_socket

    @property
    def max_nodes(self) -> int:
        return max(p.max_nodes for p in self.partitions)

    def partition_named(self, name: str) -> Partition | None:
        return next((p for p in self.partitions if p.name == name), None)

    def partition_for(self, nodes: int, minutes: float | None = None) -> Partition:
        """The smallest partition that takes this many nodes and, when the job's time is
        given, whose MaxTime (when known) takes it too: a site's short queue is no place for a
        job longer than its limit. When none takes the time, the smallest that takes the
        nodes (`plan` then says the job is beyond its MaxTime)."""
        fitting = [p for p in self.partitions if p.max_nodes >= nodes]
        if not fitting:
            raise ValueError(f"{nodes} nodes exceed every partition of {self.name}")
        if minutes is not None:
            timed = [p for p in fitting if p.max_minutes is None or p.max_minutes >= minutes]
            fitting = timed or fitting
        return min(fitting, key=lambda p: p.max_nodes)


COLLECT = "cross_field_problems"  # the validation context key check_profile collects under


def cross_field_problems(profile: Profile) -> list[tuple[str, str]]:
    """Every rule between a profile's keys, as (key, sentence starting with the key): the
    site's partition is one of its own, the container runtime works with the launcher, and the
    launchers table's checks (launchers.problems: the launcher starts this MPI family, with
    options it reads, a bind it can hold)."""
    out: list[tuple[str, str]] = []
    names = [p.name for p in profile.partitions]
    if profile.slurm.partition is not None and profile.slurm.partition not in names:
        out.append(
            (
                "slurm.partition",
                f"slurm.partition: {profile.slurm.partition!r} is not one of this profile's "
                f"partitions ({', '.join(names)}); add it under partitions or choose one",
            )
        )
    c = profile.container
    if c and (problem := containers.runtime(c).launcher_problem(profile.launcher)) is not None:
        out.append(("container.runtime", problem))
    return out + launchers.problems(profile)


class ProfileError(BadInput):
    """A profile that cannot be found or read; the message names it."""


def available_profiles() -> list[str]:
    return sorted(p.stem for p in CLUSTERS.glob("*.yaml"))


def profile_path(ref: str, relative_to: Path | None = None) -> Path:
    """The file a sweep's `cluster:` names: a bundled profile's name (templates/clusters/
    NAME.yaml) or a path (relative to the sweep); ProfileError when there is none."""
    if ref.endswith((".yaml", ".yml")) or "/" in ref:
        path = Path(ref)
        if not path.is_absolute() and relative_to is not None:
            path = relative_to / path
    else:
        path = CLUSTERS / f"{ref}.yaml"
        if not path.exists():
            raise ProfileError(
                f"unknown cluster {ref!r}; profiles: {', '.join(available_profiles())}"
                " (or give a path to your own profile .yaml)"
            )
    if not path.exists():
        raise ProfileError(f"cluster profile {path} does not exist")
    return path


def load_profile(ref: str, relative_to: Path | None = None) -> tuple[Profile, Path]:
    """A profile by name (templates/clusters/NAME.yaml) or by path (relative to the sweep);
    ProfileError with every problem of it at once."""
    profile, path, issues = check_profile(ref, relative_to)
    if issues or profile is None:
        raise ProfileError("\n".join(i.format(path) for i in issues))
    return profile, path


def check_profile(
    ref: str, relative_to: Path | None = None
) -> tuple[Profile | None, Path, list[Issue]]:
    """The profile and every problem of it, each at its file:line (Issue.file set): its
    keys' own problems and the rules between keys (cross_field_problems), which are judged
    on the keys that are valid (a bad key with a default is left at its default for them).
    The profile is None only when a required key is bad or the file cannot be read: then
    the later stages (a sweep's points, the plan's MaxTime) cannot be judged against it."""
    path = profile_path(ref, relative_to)
    try:
        located = load_file(path)
    except YamlError as exc:
        return (
            None,
            path,
            [Issue(i.line, ".".join(map(str, i.path)), i.message, path) for i in exc.issues],
        )
    except (OSError, UnicodeDecodeError) as exc:
        return None, path, [Issue(None, "", f"cannot read it ({exc})", path)]
    data = located.data
    if not isinstance(data, dict):
        return None, path, [Issue(1, "", "the top level must be a mapping of keys", path)]
    issues: list[Issue] = []
    found: list[tuple[str, str]] = []
    profile: Profile | None = None
    try:
        profile = Profile.model_validate(data, context={COLLECT: found})
    except ValidationError as exc:
        issues += _field_issues(exc, located, path)
        # the keys that failed, left at their defaults, so the rules between the valid
        # keys are still judged (a bad required key leaves nothing to judge them on)
        bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
        fields = Profile.model_fields
        if bad and all(k not in fields or not fields[k].is_required() for k in bad):
            try:
                profile = Profile.model_validate(
                    {k: v for k, v in data.items() if k not in bad}, context={COLLECT: found}
                )
            except ValidationError:
                profile = None
    for key, said in found:
        issues.append(
            Issue(located.line_of(tuple(key.split("."))), key, said.removeprefix(f"{key}: "), path)
        )
    return profile, path, issues


def _field_issues(exc: ValidationError, located, path: Path) -> list[Issue]:
    """pydantic's errors of a profile at their keys' lines (a model-wide check's sentences
    each at the key it starts with)."""
    out = []
    for issue in pydantic_issues(exc, located, Profile):
        message = issue.message.removeprefix("Value error, ")
        for said in message.split("\n") if not issue.key else [message]:
            key, line = issue.key, issue.line
            if not key and (named := _model_key(said)) is not None:
                key, line = named, located.line_of(tuple(named.split(".")))
                said = said.removeprefix(f"{named}: ")  # said once: `launcher: mpirun ...`
            out.append(Issue(line, key, said, path))
    return out


def _model_key(message: str) -> str | None:
    """The profile key a model-wide check's sentence starts with (`launcher: ...`,
    `slurm.partition: ...`), None when it names none."""
    head = message.split(":", 1)[0]
    parts = head.split(".")
    if parts[0] in Profile.model_fields and all(p.isidentifier() for p in parts):
        return head
    return None
