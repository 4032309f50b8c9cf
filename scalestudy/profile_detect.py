"""`scalestudy profile detect`: a site profile read off a live Slurm cluster.

What Slurm knows is asked once each (`scontrol show partition -o`, `scontrol show node -o`,
`scontrol show config` for the task plugin, `srun --mpi=list`); what the login node knows
about MPI (`mpirun --version`, `ompi_info`) and environment modules (`module`) too. The
launcher is chosen with a stated reason. What cannot be detected (the interconnect's latency
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
    has_ibrun: bool = False
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
        has_ibrun=shutil.which("ibrun") is not None,
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
    plugins = {line.strip() for line in answers.mpi_list.splitlines()[1:]}
    task_plugin = _task_plugin(answers.config)
    launcher, launcher_why = _launcher(answers, mpi, plugins, emulated, task_plugin)

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
        f"launcher: {launcher}   # {launcher_why}",
    ]
    if task_plugin is not None:
        binds = "srun binds each rank to its CPUs" if _binds(task_plugin) else "srun binds nothing"
        lines.insert(-1, f"# Slurm's TaskPlugin={task_plugin}: {binds}")
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


def _launcher(
    answers: Answers, mpi: str, plugins: set[str], emulated: bool, task_plugin: str | None
) -> tuple[str, str]:
    if answers.has_ibrun:
        return "ibrun", "ibrun is on PATH (TACC): it places ranks as the site intends"
    if emulated:
        return "mpirun", (
            "emulated nodes share one host: srun's PMIx would share its tmp between them"
        )
    if "pmi2" not in plugins:
        return "mpirun", f"srun offers no PMI-2 (--mpi=list: {', '.join(sorted(plugins))})"
    if mpi == "openmpi" and "MCA pmix: s2" not in answers.ompi_info:
        return "mpirun", "srun offers PMI-2 but this Open MPI was built without it (ompi_info)"
    if task_plugin is not None and not _binds(task_plugin):
        return "mpirun", (
            f"srun would bind no rank (TaskPlugin={task_plugin}): mpirun binds them to cores"
        )
    return "srun", "srun offers PMI-2 and the MPI library speaks it: Slurm places the ranks"
