"""`scalestudy profile detect`: a site profile read off a live Slurm cluster.

What Slurm knows is asked once each (`scontrol show partition -o`, `scontrol show node -o`,
`scontrol show config` for the task plugin and MpiDefault, `srun --mpi=list`); what the login
node knows about MPI (`mpirun --version`, `ompi_info`) and environment modules (`module`) too.
The launcher is chosen with a stated reason, from the launchers table (launchers.py): srun with
the PMI plugin (`srun_mpi`) of the site's MpiDefault or the MPI's preference among those srun
offers, else the family's own launcher. What cannot be detected (the interconnect's latency
and bandwidth) is written as a placeholder with a TODO pointing at the comm sweep that
measures it. The result loads as a profile (`doctor` and every sweep accept it as is)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass, field

import yaml

from scalestudy import launchers
from scalestudy.errors import BadInput


class DetectError(BadInput):
    """The cluster could not be read (no Slurm commands, no partition of that name)."""


@dataclass
class Answers:
    """The raw answers of the commands detection reads (recorded in tests)."""

    partitions: str  # scontrol show partition -o
    nodes: str  # scontrol show node -o
    mpi_list: str  # srun --mpi=list (stdout + stderr)
    config: str = ""  # scontrol show config (TaskPlugin: whether srun binds ranks)
    mpirun_version: str = ""  # mpirun --version
    ompi_info: str = ""
    has_module: bool = False
    # the site wrappers of the launchers table found on PATH (TACC's ibrun)
    site_wrappers: tuple[str, ...] = ()
    uid: int = field(default_factory=os.getuid)


def _run(cmd: list[str]) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout + out.stderr if out.returncode == 0 else None


def ask() -> Answers:
    partitions = _run(["scontrol", "show", "partition", "-o"])
    nodes = _run(["scontrol", "show", "node", "-o"])
    if partitions is None or nodes is None:
        raise DetectError(
            "scontrol did not answer: run this on a login node of the cluster (with SLURM_CONF "
            "set if your site needs it)"
        )
    return Answers(
        partitions=partitions,
        nodes=nodes,
        mpi_list=_run(["srun", "--mpi=list"]) or "",
        config=_run(["scontrol", "show", "config"]) or "",
        mpirun_version=_run(["mpirun", "--version"]) or "",
        ompi_info=_run(["ompi_info"]) or "",
        has_module=bool(_run(["bash", "-lc", "type module"])),
        site_wrappers=tuple(
            name
            for name, entry in launchers.LAUNCHERS.items()
            if entry.site_wrapper and any(shutil.which(b) for b in set(entry.binary.values()))
        ),
    )


def _records(text: str) -> list[dict[str, str]]:
    """`scontrol ... -o`: one record per line, `Key=Value` pairs separated by spaces."""
    out = []
    for line in text.splitlines():
        pairs = re.findall(r"(\w+)=(\S*)", line)
        if pairs:
            out.append(dict(pairs))
    return out


def _minutes(limit: str) -> str | None:
    """Slurm's MaxTime as the sweep's time format, None when unlimited (or not a time)."""
    from scalestudy.profiles import slurm_minutes

    if limit in ("UNLIMITED", "INFINITE", "NONE", ""):
        return None
    return limit if slurm_minutes(limit) is not None else None


def detect(answers: Answers, partition: str | None = None, name: str = "mysite") -> str:
    """The profile's YAML text, with comments saying where each value came from."""
    parts = [p for p in _records(answers.partitions) if "PartitionName" in p]
    if not parts:
        raise DetectError("scontrol show partition lists no partition")
    default = next((p for p in parts if p.get("Default") == "YES"), parts[0])
    chosen = default
    if partition is not None:
        chosen = next((p for p in parts if p["PartitionName"] == partition), None)
        if chosen is None:
            known = ", ".join(p["PartitionName"] for p in parts)
            raise DetectError(f"no partition {partition!r} (the cluster has {known})")
    nodes = [n for n in _records(answers.nodes) if "NodeName" in n]
    members = [
        n for n in nodes if chosen["PartitionName"] in n.get("Partitions", "").split(",")
    ] or nodes
    if not members:
        raise DetectError("scontrol show node lists no node")
    shapes = Counter(
        (
            int(n["Sockets"]),
            int(n["CoresPerSocket"]),
            int(n["ThreadsPerCore"]),
            int(n["RealMemory"]),
        )
        for n in members
    )
    (sockets, cores, threads, memory_mb), count = shapes.most_common(1)[0]
    hosts = {n.get("NodeHostName") for n in members}
    emulated = len(members) > 1 and len(hosts) == 1

    mpi, mpi_why = _mpi_library(answers.mpirun_version)
    task_plugin = _task_plugin(answers.config)
    launcher, launcher_why, srun_mpi = _launcher(answers, mpi, emulated, task_plugin)

    def max_nodes(p: dict) -> int:
        limit = p.get("MaxNodes", "UNLIMITED")
        return int(limit) if limit.isdigit() else int(p.get("TotalNodes", "1"))

    env: dict[str, str] = {}
    if emulated and mpi == "openmpi":
        # the emulated nodes' ranks share this host's cores: a waiting rank yields, not spins
        env["OMPI_MCA_mpi_yield_when_idle"] = "1"
        env["OMPI_MCA_btl"] = "self,tcp"  # ranks of different emulated nodes on one host
    if answers.uid == 0 and mpi == "openmpi":
        env |= {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}

    def dump(data: dict) -> str:
        return yaml.safe_dump(data, sort_keys=False, default_flow_style=False).rstrip()

    lines = [
        f"# Detected by `scalestudy profile detect` from partition {chosen['PartitionName']}"
        f" ({len(members)} node(s)).",
        f"name: {name}",
        f"description: {_q(f'{len(members)} nodes of partition ' + chosen['PartitionName'])}",
        "scheduler: slurm",
        f"# node shape: {count} of {len(members)} node(s) have it"
        + ("" if len(shapes) == 1 else f"; {len(shapes) - 1} other shape(s): check them"),
        f"sockets: {sockets}",
        f"cores_per_socket: {cores}",
        f"threads_per_core: {threads}",
        f"memory_gb: {round(memory_mb / 1024, 1)}   # RealMemory {memory_mb} MB",
        f"mpi: {mpi}   # {mpi_why}",
    ]
    if task_plugin is not None:
        binds = "srun binds each rank to its CPUs" if _binds(task_plugin) else "srun binds nothing"
        lines.append(f"# Slurm's TaskPlugin={task_plugin}: {binds}")
    lines.append(f"launcher: {launcher}   # {launcher_why}")
    if srun_mpi is not None:
        lines.append(f"srun_mpi: {srun_mpi[0]}   # {srun_mpi[1]}")
    # (emulated_nodes stays false: it describes ranks on this host with no Slurm node behind
    # them; here each rank has its Slurm node, which the placement checks count by)
    lines.append("partitions:  # max_time: Slurm's MaxTime (validate and plan hold jobs to it)")
    for p in parts:
        limit = _minutes(p.get("MaxTime", "UNLIMITED"))
        max_time = f", max_time: {_q(limit)}" if limit else ""
        lines.append(
            f"  - {{name: {p['PartitionName']}, max_nodes: {max_nodes(p)}{max_time}}}"
            f"   # MaxTime {limit or 'unlimited'}" + (", default" if p is default else "")
        )
    lines += [
        "# TODO: the interconnect cannot be read from Slurm. Measure it with a comm sweep",
        "# (docs/comm-calibration.md: workload: comm, then `scalestudy collect` fits latency",
        "# and bandwidth) and put the fitted values here; these are placeholders.",
        "interconnect: {name: unknown, latency_us: 1.0, bandwidth_gbps: 10}",
        "python: python3",
    ]
    if answers.has_module:
        lines.append(
            "# TODO: `module` exists here: list what the trainer needs (e.g. an MPI and a Python)"
        )
    lines.append("modules: []")
    lines.append(dump({"env": env}) if env else "env: {}")
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    return yaml.safe_dump(text, default_style='"').strip()


def _mpi_library(version: str) -> tuple[str, str]:
    if "Open MPI" in version or "OpenRTE" in version:
        return "openmpi", version.splitlines()[0].strip()
    if "Intel(R) MPI" in version:
        return "intelmpi", version.splitlines()[0].strip()
    if "HYDRA" in version or "MPICH" in version:
        return "mpich", "mpirun is MPICH's Hydra"
    return "openmpi", "TODO: no mpirun on this node's PATH (load your MPI module): assumed Open MPI"


def _task_plugin(config: str) -> str | None:
    """TaskPlugin of `scontrol show config` (`TaskPlugin = task/affinity,task/cgroup`)."""
    found = re.search(r"^TaskPlugin\s*=\s*(\S+)", config, re.M)
    return found.group(1) if found else None


def _binds(task_plugin: str) -> bool:
    return any(k in task_plugin for k in ("affinity", "cgroup"))


def _mpi_default(config: str) -> str | None:
    """MpiDefault of `scontrol show config` (`MpiDefault = pmix`)."""
    found = re.search(r"^MpiDefault\s*=\s*(\S+)", config, re.M)
    return found.group(1) if found else None


def mpi_plugins(mpi_list: str) -> list[str]:
    """The plugins `srun --mpi=list` offers that the launchers table knows, in its order: the
    types it lists one a line (`\tpmix`; old Slurm prefixes `srun: `) and the PMIx versions of
    its last line (`specific pmix plugin versions available: pmix_v4,pmix_v5`)."""
    found: list[str] = []
    for line in mpi_list.splitlines():
        text = line.strip().removeprefix("srun: ").strip()
        if text.lower().startswith("specific pmix plugin versions available:"):
            found += [v.strip() for v in text.split(":", 1)[1].split(",")]
        else:
            found.append(text)
    return [p for p in dict.fromkeys(found) if p in launchers.SRUN_MPI]


# the plugins each family speaks out of the box, best first (PMIx for MPICH and Intel MPI needs
# a PMIx build or library, so it comes after PMI-2); a plugin's versions (pmix_v4) count as it
PREFERENCE = {"openmpi": ("pmix", "pmi2"), "mpich": ("pmi2", "pmix"), "intelmpi": ("pmi2", "pmix")}


def _speaks(mpi: str, plugin: str, answers: Answers) -> bool | None:
    """Whether the MPI library can wire up through this srun plugin, as far as the login
    node's answers prove it: the launchers table's families, and what the build says (Open
    MPI's ompi_info pmix components; Open MPI 5 has PMIx built in; MPICH's configure options,
    --with-pmix). None: not proved either way (no ompi_info or no banner on PATH: the MPI's
    module is not loaded here), so nothing is concluded from the missing answer."""
    if mpi not in launchers.SRUN_MPI[plugin].families:
        return False
    if mpi == "mpich" and plugin.startswith("pmix"):
        # only an MPICH built with PMIx (Hydra's banner lists its configure options):
        # Debian's starts singletons under srun --mpi=pmix
        if not answers.mpirun_version.strip():
            return None
        return "--with-pmix" in answers.mpirun_version
    if mpi != "openmpi":
        return True
    major = re.search(r"\(Open MPI\) (\d+)", answers.mpirun_version)
    if plugin.startswith("pmix") and major is not None and int(major.group(1)) >= 5:
        return True
    if not answers.ompi_info.strip():
        return None  # which components it has is unknown: not "none"
    components = set(re.findall(r"MCA pmix: (\w+)", answers.ompi_info))
    if plugin == "pmi2":
        return "s2" in components
    if plugin.startswith("pmix"):
        return bool({c for c in components if c not in ("s1", "s2", "isolated", "flux")})
    return True


def propose_srun_mpi(answers: Answers, mpi: str) -> tuple[str | None, str]:
    """srun's PMI plugin for this MPI (the site's MpiDefault when the MPI speaks it, else the
    family's preference among what srun offers), and where it came from; None when srun
    offers nothing the MPI speaks. A plugin the answers prove the MPI speaks comes first; one
    they cannot tell about (_speaks None) is proposed only when none is proved, the site's
    MpiDefault first, said as unproved (doctor's probe job proves it)."""
    offered = mpi_plugins(answers.mpi_list)
    default = _mpi_default(answers.config)
    listed = ", ".join(offered) or "none known"
    said = f"srun --mpi=list: {listed}" + (f"; MpiDefault={default}" if default else "")
    judged = {p: _speaks(mpi, p, answers) for p in offered if p != "none"}
    speaks = [p for p, ok in judged.items() if ok is True]
    if default == "cray_shasta" and default in speaks:  # an HPE Cray EX site's own choice
        return default, f"the site's MpiDefault ({said})"
    for group in PREFERENCE[mpi]:
        members = [p for p in speaks if p == group or p.startswith(group + "_")]
        if not members:
            continue
        if default in members:  # the site's choice, its exact version
            return default, f"the site's MpiDefault, which {FAMILY[mpi]} speaks ({said})"
        # pmix: the generic name (the PMIx Slurm was built with) where srun lists it
        return (group if group in members else members[0]), f"{FAMILY[mpi]} speaks it ({said})"
    unproved = [p for p, ok in judged.items() if ok is None]
    order = [p for g in PREFERENCE[mpi] for p in unproved if p == g or p.startswith(g + "_")]
    if unproved:
        choice = default if default in unproved else (order or unproved)[0]
        whose = "the site's MpiDefault" if choice == default else f"{FAMILY[mpi]}'s usual plugin"
        return choice, (
            f"{whose}; NOT PROVED here: no {FAMILY[mpi]} build to read on this node's PATH "
            f"(load its module and detect again, or let `scalestudy doctor` run its probe "
            f"job through it) ({said})"
        )
    return None, said


FAMILY = launchers.FAMILY_NAMES


def _family_launcher(mpi: str) -> str:
    """The family's own launcher inside an allocation (Open MPI's mpirun, Hydra): the table's
    `own` entry that starts it."""
    return next(n for n, e in launchers.LAUNCHERS.items() if e.own and mpi in e.templates)


def _launcher(
    answers: Answers, mpi: str, emulated: bool, task_plugin: str | None
) -> tuple[str, str, tuple[str, str] | None]:
    """The launcher, why, and for srun its srun_mpi with why."""
    for name in answers.site_wrappers:
        entry = launchers.LAUNCHERS[name]
        if entry.site_wrapper and mpi in entry.templates:
            return name, entry.site_wrapper, None
    own = _family_launcher(mpi)
    if emulated:
        return (
            own,
            "emulated nodes share one host: srun's PMIx would share its tmp between them",
            None,
        )
    srun_mpi, why = propose_srun_mpi(answers, mpi)
    if srun_mpi is None:
        return own, f"srun offers no PMI plugin {FAMILY[mpi]} speaks ({why})", None
    if task_plugin is not None and not _binds(task_plugin):
        return (
            own,
            f"srun would bind no rank (TaskPlugin={task_plugin}): {own} binds them to cores",
            None,
        )
    how = f"srun --mpi={srun_mpi} wires up {FAMILY[mpi]}: Slurm places the ranks"
    return "srun", how, (srun_mpi, why)
