"""What changed between two inputs, field by field: what every attempt captured in env/
(scalestudy/capture.py: Slurm, MPI, the Python packages, the CPU, the kernel, the harness's
commit; the job script's `module list`; a container's image), what its job.sh set (the
exported environment variables, the modules loaded, the #SBATCH options, the rendered launch
line), what points.jsonl records beside the configuration (the profile's name, the sweep's
env), and the sweep file and profile themselves (an archive's copies, else the files the
manifest names). Each field holds the set of values seen on a side: several values on one
side (nodes of two kinds, a mid-sweep upgrade) are shown as such."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from scalestudy import archive
from scalestudy.collect.cache import (
    AttemptStats,
    ReadCache,
    attempt_stats,
    package_sources,
    stats_signature,
)
from scalestudy.formats import attempt_files
from scalestudy.formats.env_capture import EnvFolder, loaded_mpi, loaded_mpi_said

POINT_ID = re.compile(r"n\d{4}-p\d+-[0-9a-zA-Z]+(?:-a\d+)?-r\d+")
# the packages whose versions are fields of their own (the rest: section "packages")
SOFTWARE = ("tensorflow", "tensorflow-cpu", "tensorflow-intel", "keras", "horovod", "numpy")
# the scheduler settings that change how ranks are placed, bound and wired
SLURM_KEYS = (
    "SLURM_VERSION",
    "SelectType",
    "SelectTypeParameters",
    "TaskPlugin",
    "TaskPluginParam",
    "MpiDefault",
    "ProctrackType",
    "SwitchType",
    "PropagateResourceLimits",
)
NOT_COMPARED_EXPORTS = ("SCALESTUDY_POINT",)  # differs by point by design
# what gather read of each attempt, by the files' signatures (collect/cache.py's record): every
# collect adds its run to the history through gather, so without it a collect after one new
# point of a 10,000-point sweep read 10,000 env/ folders and job scripts again (issue #47)
CACHE_FILE = ".capture-cache.msgpack"
SECTIONS = (
    "software",
    "machine",
    "site",
    "environment variables",
    "job",
    "slurm",
    "profile",
    "sweep file",
    "packages",
)


@dataclass
class Field:
    section: str
    name: str
    base: list[str]
    new: list[str]
    detail: str = ""  # a summary of a long value's change (CPU flags: +added -removed)

    @property
    def changed(self) -> bool:
        return set(self.base) != set(self.new)

    def as_dict(self) -> dict:
        return {
            "section": self.section,
            "field": self.name,
            "base": self.base,
            "new": self.new,
            "changed": self.changed,
            "detail": self.detail,
        }


@dataclass
class Capture:
    """One side's values: (section, field) -> the set of values seen."""

    values: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    attempts: int = 0  # attempt folders read
    captured: int = 0  # of which with an env/ capture
    notes: list[str] = field(default_factory=list)

    def add(self, section: str, name: str, value: str | None) -> None:
        if value is None:
            return
        self.values.setdefault((section, name), set()).add(str(value).strip())


def _read(path: Path) -> str | None:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return None


def _colon_fields(text: str | None) -> dict[str, str]:
    out = {}
    for line in (text or "").splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _joined_lines(script: str) -> list[str]:
    """The script's logical lines (backslash continuations joined)."""
    out, cur = [], ""
    for line in script.splitlines():
        if line.rstrip().endswith("\\"):
            cur += line.rstrip()[:-1].rstrip() + " "
            continue
        out.append((cur + line.strip()).strip() if cur else line.strip())
        cur = ""
    if cur:
        out.append(cur.strip())
    return out


def script_places(attempt: Path, sweep_folder: Path) -> list[tuple[str, str]]:
    """(text, word) pairs normalise_script_text replaces: the attempt's and the results'
    folders as written and resolved, longest first. Made once a script: resolving them for
    every line cost collect 11 s at 1,000 points (73 lines x 2 paths a job, issue #47)."""
    out = []
    for path, word in ((attempt, "$attempt_dir"), (sweep_folder, "<results>")):
        for variant in sorted({str(path), str(path.resolve())}, key=len, reverse=True):
            out.append((variant, word))
    return out


def normalise_script_text(text: str, places: list[tuple[str, str]]) -> str:
    """A job script's line without what differs by point and by where the results lie."""
    for variant, word in places:
        text = text.replace(variant, word)
    return POINT_ID.sub("<point>", text)


def job_script_fields(script: str, attempt: Path, sweep_folder: Path, cap: Capture) -> None:
    recorded = re.search(r"^attempt_dir=(\S+)$", script, re.M)
    own = Path(recorded.group(1).strip("'\"")) if recorded else attempt
    places = script_places(own, own.parent.parent if recorded else sweep_folder)
    modules = []
    for line in _joined_lines(script):
        norm = normalise_script_text(line, places)
        if line.startswith("#SBATCH"):
            opt = norm.removeprefix("#SBATCH").strip()
            key, _, value = opt.partition("=")
            cap.add("job", f"#SBATCH {key}", value or "(set)")
        elif line.startswith("export "):
            key, _, value = line.removeprefix("export ").partition("=")
            if key not in NOT_COMPARED_EXPORTS:
                cap.add("environment variables", key, normalise_script_text(value, places))
        elif line.startswith("module load"):
            modules.append(line.removeprefix("module load").strip())
        elif line.endswith("&") and "scalestudy.capture" not in line:
            cap.add("job", "launch line", norm.rstrip("&").strip())
    cap.add("site", "modules loaded (job.sh)", " ".join(modules) or "(none)")


def capture_fields(env: Path | EnvFolder, cap: Capture) -> None:
    """One env/ folder's fields, read by the one reader (formats/env_capture.EnvFolder): a
    damaged file is a note, its fields absent."""
    env = env if isinstance(env, EnvFolder) else EnvFolder(env, cap.notes)
    harness = env.harness
    if harness:
        commit = harness.get("commit")
        if commit:
            cap.add(
                "software",
                "scalestudy commit",
                commit + (" (dirty)" if harness.get("dirty") else ""),
            )
        cap.add("software", "python", harness.get("python"))
        cap.add("machine", "host", harness.get("host"))
    for name, version in env.pip().items():
        section = "software" if name in SOFTWARE else "packages"
        cap.add(section, name, version)
    cap.add("software", "MPI", env.mpi()[0])
    cap.add("software", "Slurm", env.slurm()[0] or "(not available)")
    config, _ = env.command_output("slurm-config.txt")
    if config:
        pairs = {}
        for line in config.splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                pairs[k.strip()] = v.strip()
        for k in SLURM_KEYS:
            if k in pairs:
                cap.add("slurm", k, pairs[k])
    lscpu = _colon_fields(env.command_output("lscpu.txt")[0])
    for key, name in (
        ("Model name", "CPU model"),
        ("CPU(s)", "CPUs"),
        ("Thread(s) per core", "threads per core"),
        ("Socket(s)", "sockets"),
        ("NUMA node(s)", "NUMA nodes"),
    ):
        cap.add("machine", name, lscpu.get(key))
    if "Flags" in lscpu:
        cap.add("machine", "CPU flags", " ".join(sorted(lscpu["Flags"].split())))
    kernel, _ = env.command_output("kernel.txt")
    if kernel:
        parts = kernel.split()
        cap.add("machine", "kernel", parts[2] if len(parts) > 2 else kernel)
    cap.add("site", "modules (module list)", env.modules())
    cap.add("site", "container image", env.image())


def _flatten(obj, prefix: str = "") -> dict[str, str]:
    if isinstance(obj, dict):
        out: dict[str, str] = {}
        for k, v in obj.items():
            out.update(_flatten(v, f"{prefix}{k}."))
        return out  # an empty mapping says nothing a missing key does not
    return {prefix.rstrip("."): json.dumps(obj, sort_keys=True, default=str)}


def file_fields(path: Path | None, section: str, cap: Capture, skip: Iterable[str] = ()) -> None:
    if path is None:
        cap.add(section, "(file)", "(not available)")
        return
    try:
        data = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        cap.add(section, "(file)", f"(not readable: {exc})")
        return
    for key, value in _flatten(data if isinstance(data, dict) else {"": data}).items():
        if key not in skip:
            cap.add(section, key, value)


def attempt_capture(attempt: Path, sweep_folder: Path) -> dict:
    """What one attempt folder says (its env/ capture, the MPI its ranks loaded, its own job
    script), as plain values: {"captured", "values": [[section, field, value]...], "notes",
    "script"} ("script" False: no job.sh of its own, a bundled run's)."""
    one = Capture()
    env = EnvFolder(attempt / "env", one.notes)
    captured = env.folder.is_dir()
    if captured:
        capture_fields(env, one)
    loaded = loaded_mpi(attempt)
    if loaded:  # what the ranks ran (issue #46), beside what the job's capture found
        said, _ = env.command_output("mpi.txt")
        one.add("software", "MPI loaded by the ranks", loaded_mpi_said(loaded, env.harness, said))
    script = _read(attempt / attempt_files.JOB_SCRIPT)
    if script is not None:
        job_script_fields(script, attempt, sweep_folder, one)
    values = [[sec, name, v] for (sec, name), vs in one.values.items() for v in sorted(vs)]
    return {"captured": captured, "values": values, "notes": one.notes, "script": bool(script)}


def _attempt_signature(stats: AttemptStats) -> tuple[list, bool]:
    """collect/cache.signature of the files attempt_capture reads, in a stable order: job.sh,
    env/ and logs/ themselves, then every file in them by name."""
    return stats_signature(
        [stats.job, stats.env, stats.logs, *stats.env_files, *stats.log_files.values()]
    )


def bundle_script(side, point_id: str, known: dict) -> str | None:
    """The job script of the bundle a point ran in (its row's `bundle`), its last attempt's;
    `known` keeps the rows' bundles and the scripts read, so a bundled sweep of 10,000 points
    looks each up once (a search of the table per attempt was quadratic)."""
    if None not in known:  # None: no bundle's name
        known[None] = {str(r.get("point_id")): r.get("bundle") for r in side.rows}
    name = known[None].get(point_id)
    if not isinstance(name, str) or not name:  # none, or NaN: not bundled
        return None
    if name not in known:
        jobs = sorted(
            (side.folder / "bundles" / name).glob(
                f"{attempt_files.ATTEMPT_GLOB}/{attempt_files.JOB_SCRIPT}"
            ),
            key=lambda p: attempt_files.attempt_number(p.parent) or 0,
        )  # by number: attempt-10 after attempt-9
        known[name] = _read(jobs[-1]) if jobs else None
    return known[name]


def gather(side, taken: dict[str, AttemptStats] | None = None) -> Capture:
    """Everything side (a match.Side) says about where and how it ran. `taken`: attempt
    folders' stats a collect just took, by folder relative to the side's (stat-ed here
    otherwise)."""
    taken = taken or {}
    prefix = f"{side.folder}{os.sep}"
    cap = Capture()
    seen: set[tuple[str, str, str]] = set()  # every attempt's (section, field, value)
    cache = ReadCache(
        side.folder / CACHE_FILE,
        package_sources("compare", "formats"),
        enabled=os.access(side.folder, os.W_OK),  # an archive's folder may be read-only
    )
    merged: set[str] = set()  # the shared value lists already in `seen`
    fresh: dict[str, list] = {}  # the lists read by this gather (one the record cannot keep too)
    bundles: dict = {}  # bundle_script's, read once a gather

    def read(attempt: Path) -> dict:
        """attempt_capture, its values kept once under their digest (10,000 attempts hold a
        few distinct lists: decoding 10,000 copies was a third of gather)."""
        one = attempt_capture(attempt, side.folder)
        name = "values:" + hashlib.sha256(json.dumps(one["values"]).encode()).hexdigest()[:20]
        fresh[name] = one["values"]
        cache.put(name, one["values"])
        return {**one, "values": name}

    for m in side.points.values():
        for attempt in m.attempts:
            cap.attempts += 1
            path = str(attempt)
            rel = path[len(prefix) :] if path.startswith(prefix) else os.path.relpath(path, prefix)
            stats = taken.get(rel) or attempt_stats(path)
            files = _attempt_signature(stats)
            one = cache.use(rel, files, lambda a=attempt: read(a))
            values = fresh.get(one["values"])
            if values is None:
                values = cache.kept(one["values"])
            if values is None:  # the shared entry is not in the record: read the attempt again
                one = read(attempt)
                cache.store(rel, files, one)  # its entry is what was just read, for next time
                values = fresh[one["values"]]
            cap.captured += bool(one["captured"])
            cap.notes += one["notes"]
            if one["values"] not in merged:  # attempts mostly repeat each other's
                merged.add(one["values"])
                seen.update(map(tuple, values))
            script = None
            if not one["script"]:  # a bundled run on Slurm: its bundle's job.sh
                script = bundle_script(side, attempt.parent.name, bundles)
            if script is not None:
                job_script_fields(script, attempt, side.folder, cap)
    cache.save()
    for sec, name, value in seen:
        cap.add(sec, name, value)
    for record in side.sweep.points.values():
        cap.add("site", "profile (cluster)", record.get("cluster"))
    sweep_file, profile, notes = archive.sources(side.folder)
    cap.notes += notes
    file_fields(profile, "profile", cap)
    file_fields(sweep_file, "sweep file", cap, skip=("name",))
    if cap.attempts and not cap.captured:
        cap.notes.append(f"{side.label}: no attempt folder holds an env/ capture")
    return cap


def _flags_detail(base: list[str], new: list[str]) -> str:
    def common(values: list[str]) -> set[str]:
        sets = [set(v.split()) for v in values]
        return set.intersection(*sets) if sets else set()

    b, n = common(base), common(new)
    added, removed = sorted(n - b), sorted(b - n)
    parts = [f"+{f}" for f in added[:12]] + [f"-{f}" for f in removed[:12]]
    more = len(added) + len(removed) - len(parts)
    return " ".join(parts) + (f" (+{more} more)" if more > 0 else "")


def compare(base: Capture, new: Capture) -> list[Field]:
    """Every field either side has, in section order; a field one side lacks reads
    "(absent)" there (a package not installed, a variable not exported)."""
    keys = set(base.values) | set(new.values)
    out = []
    for section, name in sorted(keys, key=lambda k: (SECTIONS.index(k[0]), k[1].lower())):
        b = sorted(base.values.get((section, name), {"(absent)"}))
        n = sorted(new.values.get((section, name), {"(absent)"}))
        f = Field(section, name, b, n)
        if name == "CPU flags" and f.changed:
            f.detail = _flags_detail(b, n)
        out.append(f)
    return out
