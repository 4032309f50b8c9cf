"""The sbatch options a sweep or a profile may give, declared once: the first-class keys (each
its `#SBATCH` option and value check) and the pass-through list `extra` (options checked
against the `sbatch` on PATH, else a known list). schema.py builds the `slurm:` blocks of the
sweep and the profile from `FIRST_CLASS`, render.py writes the lines with `lines()`, docgen
describes the keys from it (docs/slurm.md, "Site defaults and sbatch options")."""

from __future__ import annotations

import difflib
import functools
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    create_model,
    field_validator,
)

# #SBATCH lines are read by sbatch, not the shell: values are held to a safe alphabet.
SAFE = r"^[A-Za-z0-9_.,:|&*\[\]=+!-]+$"
MEMORY = r"^[0-9]+[KMGT]?$"  # Slurm's size: a number, megabytes unless K, M, G or T
SWITCHES = r"^[0-9]+(@[0-9:-]+)?$"  # count[@max-time-to-wait]
MAIL_USER = r"^[A-Za-z0-9._%+-]+(@[A-Za-z0-9.-]+)?$"
LICENSES = r"^[A-Za-z0-9_.,:@|-]+$"  # name[@db][:count], comma- or |-separated
MAIL_TYPES = (
    *("NONE", "BEGIN", "END", "FAIL", "REQUEUE", "ALL", "INVALID_DEPEND", "STAGE_OUT"),
    *("TIME_LIMIT", "TIME_LIMIT_90", "TIME_LIMIT_80", "TIME_LIMIT_50", "ARRAY_TASKS"),
)
MAIL_TYPE = rf"^({'|'.join(MAIL_TYPES)})(,({'|'.join(MAIL_TYPES)}))*$"


@dataclass(frozen=True)
class SbatchKey:
    """One first-class key: `slurm.<name>` is `#SBATCH --<option>=<value>` (a flag when
    `pattern` is None: a boolean key, the bare option when true)."""

    name: str
    option: str
    pattern: str | None
    description: str


FIRST_CLASS: tuple[SbatchKey, ...] = (
    SbatchKey(
        "partition",
        "partition",
        SAFE,
        "`#SBATCH --partition`; default: the smallest of the profile's partitions that takes "
        "the point's nodes.",
    ),
    SbatchKey("account", "account", SAFE, "`#SBATCH --account`: the account charged."),
    SbatchKey("qos", "qos", SAFE, "`#SBATCH --qos`: the quality of service."),
    SbatchKey(
        "constraint", "constraint", SAFE, "`#SBATCH --constraint`: node features, e.g. `skx`."
    ),
    SbatchKey(
        "exclusive",
        "exclusive",
        None,
        "`#SBATCH --exclusive` when true. Not written in the sweep: the profile's "
        "`slurm.exclusive`, else true (a measurement shares no node).",
    ),
    SbatchKey("reservation", "reservation", SAFE, "`#SBATCH --reservation`: a reservation's name."),
    SbatchKey(
        "mem",
        "mem",
        MEMORY,
        "`#SBATCH --mem`: memory per node (e.g. `180G`; a number alone is megabytes). What "
        "Slurm enforces, so `plan`'s fit test uses it when given. Not with `mem_per_cpu`.",
    ),
    SbatchKey(
        "mem_per_cpu",
        "mem-per-cpu",
        MEMORY,
        "`#SBATCH --mem-per-cpu`: memory per allocated CPU (e.g. `3G`); `plan` fits against it "
        "times the CPUs of a node's ranks. Not with `mem`.",
    ),
    SbatchKey("gres", "gres", SAFE, "`#SBATCH --gres`: generic resources, e.g. `gpu:4`."),
    SbatchKey(
        "gpus_per_node",
        "gpus-per-node",
        SAFE,
        "`#SBATCH --gpus-per-node`: GPUs per node, `4` or `a100:4`.",
    ),
    SbatchKey(
        "switches",
        "switches",
        SWITCHES,
        "`#SBATCH --switches`: at most this many leaf switches, optionally `@` the longest "
        "wait for them (`1@30:00`).",
    ),
    SbatchKey(
        "licenses", "licenses", LICENSES, "`#SBATCH --licenses`: e.g. `scratch:1,fluent@db:2`."
    ),
    SbatchKey(
        "export",
        "export",
        SAFE,
        "`#SBATCH --export`: which of the submitting shell's variables the job gets (`NONE`, "
        "`ALL`, `ALL,VAR=x`); the script exports its own either way.",
    ),
    SbatchKey(
        "mail_type",
        "mail-type",
        MAIL_TYPE,
        "`#SBATCH --mail-type`: `NONE`, `BEGIN`, `END`, `FAIL`, `ALL`, ... (comma-separated).",
    ),
    SbatchKey("mail_user", "mail-user", MAIL_USER, "`#SBATCH --mail-user`: who is mailed."),
    SbatchKey(
        "begin",
        "begin",
        SAFE,
        "`#SBATCH --begin`: not before this time (`16:00`, `now+1hour`, `2026-12-01T08:00:00`).",
    ),
)
BY_NAME = {k.name: k for k in FIRST_CLASS}
BY_OPTION = {k.option: k for k in FIRST_CLASS}
MEMORY_KEYS = ("mem", "mem_per_cpu")  # one choice: a layer that gives either replaces both

# What the harness writes itself (from the sweep's other keys): never an `extra` option.
HARNESS_OWNED = {
    "job-name": "the harness names each job",
    "nodes": "the sweep's `nodes`",
    "ntasks": "the sweep's `nodes` x `ppn`",
    "ntasks-per-node": "the sweep's `ppn`",
    "cpus-per-task": "the sweep's `threads_per_worker`",
    "time": "the sweep's `time_limit`",
    "output": "the harness keeps each attempt's output in its folder",
    "error": "the harness keeps each attempt's output in its folder",
    "signal": "`slurm.signal_margin_s`",
    "requeue": "the manifest owns retries (`--no-requeue`)",
    "no-requeue": "the harness always gives it",
    "exclude": "`slurm.exclude_nodes`",
    "array": "`slurm.array`",
    "chdir": "each job runs in its attempt folder",
    "wrap": "the harness writes the script",
    "parsable": "the harness reads sbatch's answer itself",
    "wait": "submit returns once the jobs are queued",
    "dependency": "`slurm.gate_on_probe` sets it",
    "comment": "the harness gives each job its identity comment",
}

# The long options of Slurm 22.05's sbatch (`sbatch --help`), for when there is no sbatch.
KNOWN = frozenset(
    """account array bb bbf begin chdir cluster-constraint clusters comment constraint container
    contiguous core-spec cores-per-socket cpu-freq cpus-per-gpu cpus-per-task deadline delay-boot
    dependency distribution error exclude exclusive export export-file extra-node-info
    get-user-env gid gpu-bind gpu-freq gpus gpus-per-node gpus-per-socket gpus-per-task gres
    gres-flags hold ignore-pbs input job-name licenses mail-type mail-user mcs-label mem
    mem-per-cpu mem-per-gpu mem-bind mincpus network nice no-kill no-requeue nodefile nodelist
    nodes ntasks ntasks-per-core ntasks-per-gpu ntasks-per-node ntasks-per-socket open-mode
    output overcommit oversubscribe parsable partition power prefer priority profile propagate
    qos quiet reboot requeue reservation signal sockets-per-node spread-job switches test-only
    thread-spec threads-per-core time time-min tmp uid use-min-nodes verbose wait wckey wrap
    kill-on-invalid-dep""".split()  # noqa: SIM905
)
EXTRA = re.compile(r"^--([a-z][a-z0-9-]*)(?:=(.*))?$")
_HELP_OPTION = re.compile(r"(?:^|[\s,])--([a-z][a-z0-9-]*)", re.M)


def _help_options(env: dict[str, str]) -> frozenset[str]:
    try:
        proc = subprocess.run(
            ["sbatch", "--help"], env=env, capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    if proc.returncode != 0:
        return frozenset()
    return frozenset(_HELP_OPTION.findall(proc.stdout)) - {"help", "usage", "version"}


@functools.lru_cache(maxsize=1)
def known_options() -> tuple[frozenset[str], str]:
    """The long options sbatch takes and where that list came from: the `sbatch --help` of
    the sbatch on PATH (it reads a configuration first: the site's, else a throwaway one
    naming a cluster, as the options do not depend on it), else Slurm 22.05's."""
    if shutil.which("sbatch"):
        conf = os.environ.get("SLURM_CONF")
        # a SLURM_CONF naming no file: sbatch retries it for a minute
        found = _help_options(dict(os.environ)) if not conf or os.path.exists(conf) else None
        if not found:
            with tempfile.TemporaryDirectory() as tmp:
                conf = os.path.join(tmp, "slurm.conf")
                with open(conf, "w") as f:
                    f.write("ClusterName=options\nSlurmctldHost=localhost\n")
                found = _help_options({**os.environ, "SLURM_CONF": conf})
        if found:
            return found, f"the options of {shutil.which('sbatch')} (sbatch --help)"
        return KNOWN, "Slurm 22.05's options (sbatch --help did not answer)"
    return KNOWN, "Slurm 22.05's options (no sbatch on PATH)"


def extra_problem(item: str) -> str | None:
    """Why one `extra` entry cannot be an #SBATCH line, else None."""
    m = EXTRA.fullmatch(item) if isinstance(item, str) else None
    if not m:
        return f"{item!r}: give one long option as --option or --option=value"
    option, value = m.groups()
    if option in HARNESS_OWNED:
        return f"--{option} is the harness's: {HARNESS_OWNED[option]}"
    if option in BY_OPTION:
        return f"--{option} has its own key: slurm.{BY_OPTION[option].name}"
    known, source = known_options()
    if option not in known:
        close = difflib.get_close_matches(option, sorted(known), n=1)
        hint = f"; did you mean --{close[0]}?" if close else ""
        return f"--{option} is not an sbatch option ({source}){hint}"
    if value is not None and not re.fullmatch(SAFE, value):
        return f"{item!r}: the value may hold only letters, digits and _.,:|&*[]=+!-"
    return None


def check_extra(item: str) -> str:
    if (problem := extra_problem(item)) is not None:
        raise ValueError(problem)
    return item


def check_memory_choice(data: dict[str, Any]) -> None:
    if data.get("mem") is not None and data.get("mem_per_cpu") is not None:
        raise ValueError("give mem (per node) or mem_per_cpu, not both: Slurm takes one")


def merged(sweep: Any, profile: Any | None) -> dict[str, tuple[Any, str]]:
    """Every first-class key that has a value, by name: (value, where it came from: 'sweep',
    'profile' or 'default'). The sweep's win (a flag counts as the sweep's when written
    there); a memory key of the sweep replaces the profile's memory choice."""
    out: dict[str, tuple[Any, str]] = {}
    sweep_memory = any(getattr(sweep, k) is not None for k in MEMORY_KEYS)
    for key in FIRST_CLASS:
        mine = getattr(sweep, key.name)
        site = getattr(profile, key.name) if profile is not None else None
        if key.name in MEMORY_KEYS and sweep_memory:
            site = None
        written = key.name in sweep.model_fields_set if key.pattern is None else mine is not None
        if written:
            out[key.name] = (mine, "sweep")
        elif site is not None:
            out[key.name] = (site, "profile")
        elif mine is not None:
            out[key.name] = (mine, "default")
    return out


def merged_extra(sweep: Any, profile: Any | None) -> list[tuple[str, str]]:
    """The pass-through options: the profile's, then the sweep's; a sweep's option replaces
    the profile's of the same name."""
    mine = list(sweep.extra)
    names = {EXTRA.match(x).group(1) for x in mine}  # type: ignore[union-attr]
    site = [
        x
        for x in (profile.extra if profile is not None else [])
        if EXTRA.match(x).group(1) not in names  # type: ignore[union-attr]
    ]
    return [(x, "profile") for x in site] + [(x, "sweep") for x in mine]


def lines(sweep: Any, profile: Any | None) -> list[tuple[str, str]]:
    """The #SBATCH options after the partition, in table order then the pass-through ones,
    each with where it came from ('sweep', 'profile' or 'default')."""
    values = merged(sweep, profile)
    out: list[tuple[str, str]] = []
    for key in FIRST_CLASS:
        if key.name == "partition":  # written with the job's shape (render.py)
            continue
        value, source = values.get(key.name, (None, "default"))
        if key.pattern is None:
            if value:
                out.append((f"--{key.option}", source))
        elif value is not None:
            out.append((f"--{key.option}={value}", source))
    return out + merged_extra(sweep, profile)


def partition(sweep: Any, profile: Any, nodes: int, minutes: float | None) -> str:
    """A job's partition: the sweep's, else the profile's `slurm.partition`, else the
    smallest of the profile's partitions that takes this many nodes for this long (the job's
    --time in minutes: a bundle's is the sum of its runs')."""
    return sweep.partition or profile.slurm.partition or profile.partition_for(nodes, minutes).name


def node_memory_bytes(sweep: Any, profile: Any | None, cpus_per_node: int) -> float | None:
    """The memory Slurm gives a node's ranks: `mem`, or `mem_per_cpu` x the CPUs they use;
    None when neither is given (or `mem: 0`, all of the node's)."""
    values = merged(sweep, profile)
    for name, times in (("mem", 1), ("mem_per_cpu", cpus_per_node)):
        if name in values:
            text = str(values[name][0])
            unit = text[-1] if text[-1] in "KMGT" else "M"
            number = int(text.rstrip("KMGT"))
            return number * 1024 ** "KMGT".index(unit) * 1024 * times or None
    return None


def _text(value: Any) -> Any:
    """A number written for a text option (`switches: 1`, `mem: 4096`) is its text."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


@dataclass(frozen=True)
class Pattern:
    """A text option's pattern as metadata: the generated references show it; `_matches`
    checks it (pydantic's own pattern check would say it as a bare regular expression)."""

    pattern: str | None


# what each pattern allows, in words (a value it refuses is said with these and the key's
# meaning and example)
PATTERN_WORDS = {
    SAFE: "letters, digits and _ . , : | & * [ ] = + ! - only (sbatch reads the #SBATCH line: "
    "no blanks, quotes, ; or $)",
    MEMORY: "a whole number with an optional unit K, M, G or T (no B; megabytes without one)",
    SWITCHES: "a count, optionally @ the longest wait (1, 1@30:00)",
    MAIL_USER: "a user or user@host",
    LICENSES: "name[@db][:count], comma- or |-separated",
    MAIL_TYPE: "mail types, comma-separated",
}


def _matches(key: SbatchKey):
    """The check of a text option: its pattern, said as the key's meaning and an example (a
    bare regular expression is nothing a user can act on)."""

    def check(value: str) -> str:
        if key.pattern is not None and not re.fullmatch(key.pattern, value):  # no newline
            words = PATTERN_WORDS.get(key.pattern, "")
            raise ValueError(
                f"{value!r} is not a value it takes{f' ({words})' if words else ''}. "
                f"{key.description}"
            )
        return value

    return check


def _field(key: SbatchKey) -> tuple[Any, Any]:
    if key.pattern is None:
        return (bool | None, Field(None, description=key.description))
    value = Annotated[
        str,
        BeforeValidator(_text),
        AfterValidator(_matches(key)),
        Pattern(key.pattern),  # what docs/*-reference.md show (docgen reads `pattern`)
    ]
    return (value | None, Field(None, description=key.description))


ExtraOption = Annotated[str, AfterValidator(check_extra)]


class _SbatchBase(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    @field_validator("mem_per_cpu", check_fields=False)
    @classmethod
    def _one_memory(cls, value: Any, info) -> Any:
        check_memory_choice({**info.data, "mem_per_cpu": value})
        return value


SbatchDefaults = create_model(
    "SbatchDefaults",
    __base__=_SbatchBase,
    __doc__="A profile's `slurm:` block: the site's sbatch options, under every sweep's "
    "(a sweep's key wins).",
    **{k.name: _field(k) for k in FIRST_CLASS},
    extra=(
        list[ExtraOption],
        Field(
            [],
            description="Other sbatch options, one `--option=value` (or `--flag`) each: "
            "checked against the options of the `sbatch` on PATH (else Slurm 22.05's), the "
            "value against the safe alphabet; a sweep's option replaces the profile's of "
            "the same name.",
        ),
    ),
)


# Slurm's time format (the sweep's time_limit, a partition's max_time): MM, MM:SS, HH:MM:SS,
# D-HH[:MM[:SS]]
TIME_LIMIT = re.compile(r"^(?:(\d+)-)?(\d+)(?::(\d+))?(?::(\d+))?$")


@functools.lru_cache(maxsize=256)  # a plan asks for the same few limits once per job
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
