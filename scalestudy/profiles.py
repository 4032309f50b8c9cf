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
    field_validator,
    model_validator,
)

from scalestudy import containers, launchers
from scalestudy.errors import BadInput
from scalestudy.formats.table_names import OneOf
from scalestudy.sbatch_options import SbatchDefaults, time_limit_minutes
from scalestudy.templating import TEMPLATES  # the package's copy (a wheel) or the checkout's
from scalestudy.yamlfile.issues import pydantic_issues
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

    @model_validator(mode="after")
    def _slurm_partition_is_ours(self) -> Profile:
        names = [p.name for p in self.partitions]
        if self.slurm.partition is not None and self.slurm.partition not in names:
            raise ValueError(
                f"slurm.partition: {self.slurm.partition!r} is not one of this profile's "
                f"partitions ({', '.join(names)}); add it under partitions or choose one"
            )
        return self

    @model_validator(mode="after")
    def _runtime_fits_launcher(self) -> Profile:
        c = self.container
        if c and (problem := containers.runtime(c).launcher_problem(self.launcher)) is not None:
            raise ValueError(problem)
        return self

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
    def _launcher_can_start_the_ranks(self) -> Profile:
        """The launchers table's checks (launchers.problems): the launcher starts this MPI
        family, with options it reads, a bind it can hold. One line per problem, each
        starting with its key (load_profile puts it at that key's line)."""
        if (bind := launchers.fixed_bind(self.launcher)) is not None and (
            "bind" not in self.model_fields_set
        ):
            # mpirun-local's ranks share this one machine's cores: a profile that leaves
            # `bind` out means that, and a probe must not call it wrong
            self.bind = bind
        found = launchers.problems(self)
        if found:
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

    def partition_for(self, nodes: int) -> Partition:
        """The smallest partition that takes this many nodes."""
        fitting = [p for p in self.partitions if p.max_nodes >= nodes]
        if not fitting:
            raise ValueError(f"{nodes} nodes exceed every partition of {self.name}")
        return min(fitting, key=lambda p: p.max_nodes)


class ProfileError(BadInput):
    """A profile that cannot be found or read; the message names it."""


def available_profiles() -> list[str]:
    return sorted(p.stem for p in CLUSTERS.glob("*.yaml"))


def load_profile(ref: str, relative_to: Path | None = None) -> tuple[Profile, Path]:
    """A profile by name (templates/clusters/NAME.yaml) or by path (relative to the sweep)."""
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
    try:
        located = load_file(path)
        return Profile.model_validate(located.data), path
    except YamlError as exc:
        raise ProfileError("; ".join(f"{path}:{i.line}: {i.message}" for i in exc.issues)) from None
    except ValidationError as exc:
        lines = []
        for issue in pydantic_issues(exc, located, Profile):
            message = issue.message.removeprefix("Value error, ")
            # a model-wide check says one problem a line, each starting with its key
            for said in message.split("\n") if not issue.key else [message]:
                key, line = issue.key, issue.line
                if not key and (named := _model_key(said)) is not None:
                    key, line = named, located.line_of(tuple(named.split(".")))
                    said = said.removeprefix(f"{named}: ")  # said once: `launcher: mpirun ...`
                where = f"{path}:{line}" if line else str(path)
                lines.append(f"{where}: {key or '<top>'}: {said}")
        raise ProfileError("\n".join(lines)) from None


def _model_key(message: str) -> str | None:
    """The profile key a model-wide check's sentence starts with (`launcher: ...`,
    `slurm.partition: ...`), None when it names none."""
    head = message.split(":", 1)[0]
    parts = head.split(".")
    if parts[0] in Profile.model_fields and all(p.isidentifier() for p in parts):
        return head
    return None
