"""The launchers, as one table: what starts a job's ranks, which MPI families each can start,
the profile keys it reads, and the checks `validate` holds a profile to (docs/launchers.md).

Every launcher is one `Launcher` entry in `LAUNCHERS`: its launch partial in
templates/clusters/launch/ (per MPI family where their options differ), the families it starts
(and, for the others, why not and what to use instead), its default binary per family, and
whether it can leave ranks unpinned. srun's PMI plugins (`srun_mpi`) are the `SRUN_MPI` table:
which families each can wire up. Profiles (profiles.py) and `profile detect` ask these tables;
nothing else branches on a launcher's name.

Also here, for this machine: the command lines that start the trainer's ranks with Open MPI's
mpirun (`mpirun_command`, `trainer_command`, `mpirun_env`, `mpirun_available`): the local
executor, the tests and the benchmarks all launch through them, so the flags that make Open MPI
work on a small shared machine live in one place.

This module imports nothing of the harness (profiles import it) and no TensorFlow.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

FAMILIES = ("openmpi", "intelmpi", "mpich")
FAMILY_NAMES = {"openmpi": "Open MPI", "intelmpi": "Intel MPI", "mpich": "MPICH"}


@dataclass(frozen=True)
class Launcher:
    name: str
    summary: str  # one line: what it is (docs/launchers.md)
    short: str  # a few words for the profile reference's list of launchers
    # the MPI families it starts -> the launch partial (templates/clusters/launch/<x>.sh.j2)
    templates: dict[str, str]
    # the families it cannot start -> why, and what to use instead
    refuses: dict[str, str]
    # its binary when the profile gives no `launcher_path`, per family it starts
    binary: dict[str, str]
    # None: `bind: none` leaves ranks unpinned; else why this launcher cannot
    unpinned: str | None = None
    # the only `bind` it can hold (mpirun-local: "none"), and why
    fixed_bind: tuple[str, str] | None = None
    # profile keys only this launcher reads (srun_mpi): set for another launcher, refused
    options: tuple[str, ...] = ()
    # how it asks the MPI for its version banner (doctor, capture); () when it cannot
    version_args: tuple[str, ...] = ()
    how_to_pick: str = ""  # a sentence for docs/launchers.md
    # the families' own launcher inside an allocation (profile detect's choice without srun)
    own: bool = False
    # variables of an MPI's PMI client that only this launcher's PMI server answers (Intel
    # MPI's I_MPI_PMI_LIBRARY: Slurm's PMI library, for srun). Under another launcher, whose
    # own process manager starts the ranks, such a variable points them at the wrong PMI:
    # refused in a profile's env
    pmi_env: tuple[str, ...] = ()
    # Slurm itself starts every rank (one task each): what a container runtime that is an
    # srun plugin (pyxis's --container-image) needs
    slurm_starts_ranks: bool = False
    # a site's own wrapper: found on PATH, `profile detect` proposes it for the families it
    # starts, for this reason
    site_wrapper: str | None = None
    # how `bind: none` leaves its ranks unpinned (the profile reference's bind sentence)
    unbinds: str = ""

    @property
    def implied_family(self) -> str | None:
        """The MPI family a launcher that prints no version banner implies: the only one it
        starts (ibrun: Intel MPI); None when it starts several or can say which it is."""
        return (
            next(iter(self.templates))
            if len(self.templates) == 1 and not self.version_args
            else None
        )


@dataclass(frozen=True)
class SrunMpi:
    """One `srun --mpi=` plugin: the families whose ranks it can wire up."""

    name: str
    families: tuple[str, ...]
    summary: str
    refuses: dict[str, str] = field(default_factory=dict)  # family -> why, and the fix
    # family -> (variable, pattern): refused unless the profile's env sets it so (Intel MPI
    # under --mpi=none with Slurm's PMI-1 library, which needs no plugin)
    unless_env: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the PMI client library this plugin serves (a launcher's pmi_env must name it: Intel MPI's
    # I_MPI_PMI_LIBRARY=.../libpmi2.so under pmi2), None: not checked
    library: str | None = None

    @property
    def library_pattern(self) -> str | None:
        """A path to the library, any soname version (libpmi2.so, libpmi2.so.0, /x/libpmix.so.2)."""
        return rf"(^|/){re.escape(self.library)}\.so(\.\d+)*$" if self.library else None


_OPEN_MPI_ONLY = (
    "its options (--map-by, --bind-to, -x) are Open MPI's; the Hydra mpirun of MPICH and "
    "Intel MPI rejects them. Use launcher: hydra (their mpiexec.hydra, started through Slurm) "
    "or launcher: srun"
)

LAUNCHERS: dict[str, Launcher] = {
    launcher.name: launcher
    for launcher in (
        Launcher(
            name="mpirun",
            short="Open MPI inside the allocation",
            own=True,
            summary="Open MPI's mpirun inside the allocation: ppn ranks per node over the "
            "sockets, each pinned to its `threads` cores; exported variables with -x.",
            templates={"openmpi": "mpirun"},
            refuses={f: _OPEN_MPI_ONLY for f in ("intelmpi", "mpich")},
            binary={"openmpi": "mpirun"},
            version_args=("--version",),
            unbinds="`mpirun --bind-to none`",
            how_to_pick="Open MPI without a usable srun PMI plugin, or where mpirun binds "
            "better than srun (Slurm's TaskPlugin=task/none). Where Debian's alternatives "
            "may point `mpirun` at another MPI, give launcher_path: /usr/bin/mpirun.openmpi.",
        ),
        Launcher(
            name="mpirun-local",
            short="this machine, Open MPI",
            summary="Open MPI's mpirun on this machine, no Slurm: every node is a group of "
            "ranks on localhost, --oversubscribe, no binding.",
            templates={"openmpi": "mpirun-local"},
            refuses={
                f: "it runs Open MPI's mpirun with Open MPI's --oversubscribe; this machine's "
                "local executor has no Hydra line. Use mpi: openmpi here, or a Slurm profile "
                "with launcher: hydra or srun"
                for f in ("intelmpi", "mpich")
            },
            binary={"openmpi": "mpirun"},
            fixed_bind=(
                "none",
                "bind: cores cannot hold with launcher: mpirun-local, whose ranks share this "
                "machine's cores (--bind-to none); leave bind out or use launcher: mpirun",
            ),
            version_args=("--version",),
            how_to_pick="This machine (scheduler: local), the quickstart.",
        ),
        Launcher(
            name="srun",
            short="any family, through the PMI plugin `srun_mpi`",
            slurm_starts_ranks=True,
            summary="Slurm starts every rank itself (--ntasks-per-node, --cpus-per-task, "
            "--cpu-bind); the ranks wire up through the PMI plugin `srun_mpi` "
            "(`srun --mpi=<srun_mpi>`).",
            templates={f: "srun" for f in FAMILIES},
            refuses={},
            binary={f: "srun" for f in FAMILIES},
            options=("srun_mpi",),
            unbinds="`srun --cpu-bind=none`",
            pmi_env=("I_MPI_PMI_LIBRARY",),
            how_to_pick="Any family whose library speaks a plugin `srun --mpi=list` offers "
            "(`profile detect` proposes one); Intel MPI also needs I_MPI_PMI_LIBRARY "
            "pointing at Slurm's libpmi2.so (pmi2) or libpmix.so (pmix) under env:.",
        ),
        Launcher(
            name="hydra",
            short="`mpiexec.hydra` of MPICH or Intel MPI, its proxies started through Slurm",
            own=True,
            summary="The Hydra process manager of MPICH and Intel MPI (mpiexec.hydra), its "
            "proxies started through Slurm (-launcher slurm / -bootstrap slurm: no sshd "
            "needed): -n, -ppn, binding (MPICH -bind-to core:<threads>, Intel MPI "
            "I_MPI_PIN_DOMAIN=<threads>:compact), the variables the ranks need with -genvlist "
            "(Intel MPI: only those, -genvnone, so each rank keeps its node's SLURM_*).",
            templates={"mpich": "hydra-mpich", "intelmpi": "hydra-intelmpi"},
            refuses={
                "openmpi": "Open MPI has no Hydra (its mpiexec is its own mpirun). Use "
                "launcher: mpirun or launcher: srun"
            },
            binary={"mpich": "mpiexec.hydra", "intelmpi": "mpiexec.hydra"},
            unbinds="MPICH's `-bind-to none`, Intel MPI's `I_MPI_PIN=0`",
            version_args=("--version",),
            how_to_pick="MPICH or Intel MPI where srun has no PMI plugin their library "
            "speaks. Both ship a `mpiexec.hydra`: name the one of the profile's MPI with "
            "launcher_path (Debian's MPICH: /usr/bin/mpiexec.hydra; Intel MPI: "
            "<its prefix>/bin/mpiexec.hydra).",
        ),
        Launcher(
            name="ibrun",
            short="TACC, Intel MPI",
            site_wrapper="ibrun is on PATH (TACC): it places ranks as the site intends",
            summary="TACC's ibrun: one rank per Slurm task of the allocation, pinned by "
            "Intel MPI's I_MPI_PIN_DOMAIN=omp:compact.",
            templates={"intelmpi": "ibrun"},
            refuses={
                f: "ibrun is TACC's wrapper around the site's Intel MPI (or MVAPICH, which "
                "this harness does not list): it does not start Open MPI or MPICH ranks. Use "
                "mpi: intelmpi, or launcher: srun / mpirun / hydra for this family"
                for f in ("openmpi", "mpich")
            },
            binary={"intelmpi": "ibrun"},
            unpinned="ibrun pins through Intel MPI's I_MPI_PIN_DOMAIN (set it under env:)",
            how_to_pick="TACC's machines (Stampede2/3, Frontera), with their Intel MPI.",
        ),
    )
}

_NEEDS_PMI = (
    "srun --mpi=none starts the ranks with no PMI server, so {family} ranks cannot find each "
    "other (each runs alone, as a singleton of size 1). Use a plugin `srun --mpi=list` offers "
    "that {family} speaks: {fix}"
)

SRUN_MPI: dict[str, SrunMpi] = {
    p.name: p
    for p in (
        SrunMpi(
            "pmi2",
            FAMILIES,
            "Slurm's PMI-2 (libpmi2): MPICH, Intel MPI (I_MPI_PMI_LIBRARY=libpmi2.so), "
            "Open MPI built with its s2 component (ompi_info: `MCA pmix: s2`). The default.",
            library="libpmi2",
        ),
        *(
            SrunMpi(
                name,
                FAMILIES,
                f"PMIx ({'the version Slurm was built with' if name == 'pmix' else name}): "
                "Open MPI 4 and 5 natively; MPICH only if built --with-pmix (Debian's MPICH "
                "4.0.2 is not: under srun --mpi=pmix its ranks start as singletons, measured); "
                "Intel MPI with I_MPI_PMI_LIBRARY=libpmix.so.",
                library="libpmix",
            )
            for name in ("pmix", "pmix_v3", "pmix_v4", "pmix_v5")
        ),
        SrunMpi(
            "cray_shasta",
            ("mpich", "intelmpi"),
            "Cray PMI on HPE Cray EX (Shasta): Cray MPICH.",
            refuses={
                "openmpi": "Open MPI wires up through PMIx or PMI-2, not Cray PMI: use "
                "srun_mpi: pmix (or pmi2)"
            },
        ),
        SrunMpi(
            "none",
            (),
            "No PMI plugin: no MPI family but Intel MPI with Slurm's PMI-1 library "
            "(I_MPI_PMI_LIBRARY=.../libpmi.so under env:).",
            refuses={
                "openmpi": _NEEDS_PMI.format(family="Open MPI", fix="pmix (or pmi2)"),
                "mpich": _NEEDS_PMI.format(family="MPICH", fix="pmi2 (or pmix)"),
                "intelmpi": _NEEDS_PMI.format(
                    family="Intel MPI", fix="pmi2 with I_MPI_PMI_LIBRARY=<Slurm's libpmi2.so>"
                )
                + "; or keep none and point I_MPI_PMI_LIBRARY (env:) at Slurm's PMI-1 "
                "libpmi.so, which needs no plugin",
            },
            unless_env={"intelmpi": ("I_MPI_PMI_LIBRARY", r"(^|/)libpmi\.so(\.\d+)*$")},
            library="libpmi",
        ),
    )
}

# today's srun line (--mpi=pmi2) stays what a profile without srun_mpi renders
DEFAULT_SRUN_MPI = "pmi2"
# the launcher options of a profile (a launcher's `options`) and their defaults
OPTION_DEFAULTS = {"srun_mpi": DEFAULT_SRUN_MPI}


class LaunchProfile(Protocol):
    """What the table reads of a profile (profiles.Profile)."""

    launcher: str
    mpi: str
    bind: str
    srun_mpi: str
    launcher_path: str | None
    env: dict[str, str]
    model_fields_set: set[str]


def get(name: str) -> Launcher:
    return LAUNCHERS[name]


def template(profile: LaunchProfile) -> str:
    """The launch partial the job, bundle and array scripts include."""
    return f"launch/{LAUNCHERS[profile.launcher].templates[profile.mpi]}.sh.j2"


def binary(profile: LaunchProfile) -> str:
    """The launcher's executable: the profile's launcher_path, else the table's default."""
    return profile.launcher_path or LAUNCHERS[profile.launcher].binary[profile.mpi]


def version_command(profile: LaunchProfile) -> list[str] | None:
    """The command that prints the launcher's MPI banner (`mpirun --version`,
    `mpiexec.hydra --version`), None where the launcher cannot tell (srun, ibrun)."""
    launcher = LAUNCHERS[profile.launcher]
    return [binary(profile), *launcher.version_args] if launcher.version_args else None


def _names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"


def problems(profile: LaunchProfile) -> list[tuple[str, str]]:
    """Why this profile's launcher cannot start its ranks, as (key, sentence with the fix);
    empty when it can. validate reports each at the key's line."""
    launcher = LAUNCHERS[profile.launcher]
    out: list[tuple[str, str]] = []
    family = FAMILY_NAMES[profile.mpi]
    if profile.mpi not in launcher.templates:
        starts = _names([FAMILY_NAMES[f] for f in launcher.templates])
        out.append(
            (
                "launcher",
                f"launcher: {launcher.name} cannot start mpi: {profile.mpi} ranks (it starts "
                f"{starts}): {launcher.refuses[profile.mpi]}",
            )
        )
    for key, default in OPTION_DEFAULTS.items():
        readers = [n for n, entry in LAUNCHERS.items() if key in entry.options]
        # a value other than the default, for a launcher that never reads it (a default
        # written out, as a model_dump does, is harmless)
        if getattr(profile, key) != default and launcher.name not in readers:
            out.append(
                (
                    key,
                    f"{key}: only launcher: {' or '.join(readers)} reads it (srun's --mpi "
                    f"plugin); launcher: {launcher.name} starts its ranks without it. Remove "
                    f"{key}, or use launcher: {readers[0]}",
                )
            )
    if "srun_mpi" in launcher.options:
        plugin = SRUN_MPI[profile.srun_mpi]
        unless = plugin.unless_env.get(profile.mpi)
        excused = unless is not None and re.search(unless[1], profile.env.get(unless[0], ""))
        if profile.mpi not in plugin.families and not excused:
            out.append(
                (
                    "srun_mpi",
                    f"srun_mpi: {plugin.name} cannot start {family} ranks: "
                    f"{plugin.refuses[profile.mpi]}",
                )
            )
    out += _pmi_env_problems(profile, launcher)
    if launcher.fixed_bind is not None:
        value, why = launcher.fixed_bind
        if profile.bind != value and "bind" in profile.model_fields_set:
            out.append(("bind", why))
    if profile.bind == "none" and launcher.unpinned is not None:
        can = [n for n, e in LAUNCHERS.items() if e.unpinned is None and e.fixed_bind is None]
        out.append(("bind", f"bind: none is for {' and '.join(can)}; {launcher.unpinned}"))
    path = profile.launcher_path
    if path is not None and (("/" in path and not path.startswith("/")) or not path.strip()):
        out.append(
            (
                "launcher_path",
                f"launcher_path: {path!r} is neither an absolute path nor a name on PATH: "
                "the job runs it from its attempt folder, so give e.g. "
                f"/usr/bin/{launcher.binary.get(profile.mpi, launcher.name)}",
            )
        )
    return out


def _pmi_env_problems(profile: LaunchProfile, launcher: Launcher) -> list[tuple[str, str]]:
    """The PMI library, srun_mpi and the launcher together (the table's `pmi_env` and
    `library` fields): a PMI variable only another launcher serves is refused (it would point
    the ranks at a PMI nobody answers), and under srun it must name the library of the plugin
    srun_mpi loads (pmi2 with libpmi2.so, pmix with libpmix.so, none with PMI-1's libpmi.so)."""
    out: list[tuple[str, str]] = []
    every = dict.fromkeys(v for e in LAUNCHERS.values() for v in e.pmi_env)
    for var in every:
        value = profile.env.get(var)
        if value is None:
            continue
        key = f"env.{var}"
        if var not in launcher.pmi_env:
            readers = [n for n, e in LAUNCHERS.items() if var in e.pmi_env]
            out.append(
                (
                    key,
                    f"{key}: only launcher: {' or '.join(readers)} serves this PMI library to "
                    f"the ranks; launcher: {launcher.name} starts them with its own process "
                    f"manager, and {var} would point them at a PMI nobody answers. Remove it "
                    f"from env (or use launcher: {readers[0]})",
                )
            )
            continue
        plugin = SRUN_MPI.get(getattr(profile, "srun_mpi", ""))
        pattern = plugin.library_pattern if plugin and "srun_mpi" in launcher.options else None
        if pattern is not None and not re.search(pattern, value):
            served: dict[str, list[str]] = {}
            for p in SRUN_MPI.values():
                if p.library:
                    served.setdefault(p.library, []).append(p.name)
            pairs = ", ".join(f"{'/'.join(n)} with {lib}.so" for lib, n in served.items())
            out.append(
                (
                    key,
                    f"{key}: {value!r} is not {plugin.library}.so, the PMI library srun "
                    f"--mpi={plugin.name} (srun_mpi) serves ({pairs}): point it at Slurm's "
                    f"{plugin.library}.so (e.g. /usr/lib/x86_64-linux-gnu/{plugin.library}.so.0) "
                    "or change srun_mpi",
                )
            )
    return out


def fixed_bind(launcher: str) -> str | None:
    """The bind a launcher always has (mpirun-local: none), else None."""
    entry = LAUNCHERS[launcher].fixed_bind
    return entry[0] if entry else None


def markdown_tables() -> str:
    """The two tables of docs/launchers.md, from LAUNCHERS and SRUN_MPI (a test holds the page
    to them)."""
    lines = [
        "| launcher | starts | binary (unset `launcher_path`) | partial | what it does | "
        "pick it for |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for entry in LAUNCHERS.values():
        starts = ", ".join(f"`{f}`" for f in entry.templates)
        binaries = sorted(set(entry.binary.values()))
        partials = ", ".join(f"`launch/{t}.sh.j2`" for t in dict.fromkeys(entry.templates.values()))
        lines.append(
            f"| `{entry.name}` | {starts} | {', '.join(f'`{b}`' for b in binaries)} | "
            f"{partials} | {entry.summary} | {entry.how_to_pick} |"
        )
    lines += [
        "",
        "| `srun_mpi` | wires up | refused for |",
        "| --- | --- | --- |",
    ]
    for plugin in SRUN_MPI.values():
        starts = ", ".join(f"`{f}`" for f in plugin.families) or "no MPI family"
        refused = "; ".join(f"`{f}`: {why}" for f, why in plugin.refuses.items()) or "-"
        default = " (default)" if plugin.name == DEFAULT_SRUN_MPI else ""
        lines.append(f"| `{plugin.name}`{default} | {starts}: {plugin.summary} | {refused} |")
    return "\n".join(lines) + "\n"


# --- this machine: Open MPI's mpirun for the local executor, the tests and the benchmarks


def mpirun_available() -> str | None:
    """Why mpirun cannot be used here, or None when it can."""
    if shutil.which("mpirun") is None:
        return "mpirun not found (Debian: apt-get install openmpi-bin; a checkout: make system)"
    if importlib.util.find_spec("horovod") is None:
        return (
            "horovod is not installed in this Python (docs/site-install.md: `scalestudy "
            "site-install modules`; a checkout: make venv)"
        )
    return None


def mpirun_env(base: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    # Open MPI refuses root without these; CI and containers run as root.
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    # The ranks and TF's thread pools share 2 cores: a rank waiting in a collective yields its
    # core instead of spinning on it (2 tiny-model ranks: 29.4 s -> 22.1 s wall, median of 5).
    env.setdefault("OMPI_MCA_mpi_yield_when_idle", "1")
    return env


def mpirun_command(
    ranks: int,
    args: Sequence[str],
    *,
    python: str | None = None,
    mca: dict[str, str] | None = None,
    bind: str = "none",
) -> list[str]:
    """`mpirun -np N ... python args`. --oversubscribe: more ranks than the 2 cores here."""
    cmd = ["mpirun", "-np", str(ranks), "--oversubscribe", "--bind-to", bind]
    for key, value in (mca or {}).items():
        cmd += ["--mca", key, str(value)]
    return [*cmd, python or sys.executable, *args]


def trainer_command(ranks: int, config: str, **kw) -> list[str]:
    return mpirun_command(ranks, ["-m", "scalestudy.trainer", "--config", config], **kw)
