"""The command lines of a profile's `container:` (the one place that knows each runtime's
flags): job scripts (render.py), `doctor` and `env/` capture all ask here.

The hybrid model: the host's launcher (mpirun, srun) starts the ranks and each rank runs
inside the image. apptainer, singularity and charliecloud wrap the workload's command
(`mpirun ... ch-run ... IMAGE -- python ...`); pyxis is a plugin of srun and takes flags
(`srun --container-image=... python ...`). The project's code is bind-mounted, not in the
image: `harness_mounts` adds the code's folder and the results folder, and PYTHONPATH names
the code's folder, so the image holds only the Python stack (docs/containers.md). The code is
the running harness's own (`code_root`): the checkout when it runs from one (an editable
install), else a copy of the installed package staged under ~/.cache/scalestudy/code by its
content's hash, so a job in the image runs the same scalestudy as the harness, never a
checkout it happens to find, and never the harness venv's site-packages (whose compiled
packages are the host Python's).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Protocol

from scalestudy import provenance

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent  # the checkout, when the harness runs from one


class ContainerSpec(Protocol):
    """A profile's `container:` block (profiles.Container), as this module reads it."""

    runtime: str
    image: str
    mounts: list[str]
    env: list[str]
    python: str


# charliecloud's build stamp at the image's root (scripts/build-image.sh writes it)
STAMP = "scalestudy-image.json"


def _top(path: Path) -> str:
    """The top-level folder of an absolute path (/work of /work/main/results): charliecloud
    binds onto a folder the image already has, and images have /work, /home, /scratch ...,
    not every site's deeper paths."""
    parts = path.resolve().parts
    return "/" + parts[1] if len(parts) > 1 else "/"


def code_root() -> Path:
    """The folder that holds the `scalestudy` package jobs import inside an image: the
    checkout (the harness runs from one), else the installed package's staged copy."""
    if provenance.in_checkout():
        return CHECKOUT
    return staged_package(PACKAGE)


def _code_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scalestudy" / "code"


def staged_package(package: Path, cache: Path | None = None) -> Path:
    """A copy of `package` (an installed scalestudy: Python files, templates, the build stamp)
    in a folder of its own, <cache>/<version>-<hash of its files>/scalestudy, made once
    (written aside, then renamed: two harnesses at once make one). Returns the folder to put
    on PYTHONPATH."""
    files = sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    h = hashlib.sha256()
    for p in files:
        h.update(str(p.relative_to(package)).encode() + b"\0" + p.read_bytes() + b"\0")
    cache = cache or _code_cache()
    root = cache / f"{provenance.version()}-{h.hexdigest()[:16]}"
    if (root / "scalestudy").is_dir():
        return root
    cache.mkdir(parents=True, exist_ok=True)
    aside = Path(tempfile.mkdtemp(prefix=".staging-", dir=cache))
    shutil.copytree(package, aside / "scalestudy", ignore=shutil.ignore_patterns("__pycache__"))
    try:
        aside.rename(root)
    except OSError:  # another harness staged the same code meanwhile
        shutil.rmtree(aside, ignore_errors=True)
    return root


def harness_mounts(c: ContainerSpec, results: Path) -> list[str]:
    """The profile's mounts, then the code's (code_root) and the results' folders at the same
    path (the job passes host paths: point.json, logs), unless /tmp, which all four runtimes
    share (enroot: pyxis mounts it too, see docs) or a mount already covers."""
    mounts = list(c.mounts)
    for path in (code_root(), results):
        top = _top(path) if runtime(c).binds_top_folder else str(path.resolve())
        covered = any(
            top == m.split(":")[0] or top.startswith(m.split(":")[0] + "/") for m in mounts
        )
        if top not in ("/", "/tmp") and not top.startswith("/tmp/") and not covered:
            mounts.append(top)
    return mounts


def harness_env(c: ContainerSpec) -> list[str]:
    """The profile's env, then PYTHONPATH at the bind-mounted code (unless set)."""
    names = {e.partition("=")[0] for e in c.env}
    return [*c.env, *([] if "PYTHONPATH" in names else [f"PYTHONPATH={code_root()}"])]


class Runtime:
    """One container runtime: how a job starts a rank inside its image, what the image is, what
    doctor looks for. Each runtime is one subclass, registered in RUNTIMES; the profile's
    `container.runtime` names one (profiles.py takes its names and rules from here)."""

    name: str = ""
    binary: str = ""  # what doctor looks for on PATH
    image_kind: str = "file"  # "file" (a .sif), "folder" (an unpacked tree), "registry" (a name)
    binds_top_folder: bool = False  # binds onto the top folder of a path (image lacks deeper)
    srun_plugin: bool = False  # a plugin of srun (flags on srun's line), not a wrapper command
    # Shell lines the job script runs before the launcher, for the runtime itself (constants
    # of this table, never a profile's value)
    shell_lines: tuple[str, ...] = ()
    # variables a job script needs set for the runtime when the batch environment may lack
    # them (doctor's own runs set them too)
    needs_user: bool = False

    def wrapper(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """The argv placed between the launcher and the workload's python."""
        return []

    def srun_flags(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """Flags of srun's own line (a plugin)."""
        return []

    def exports(self, c: ContainerSpec, env: list[str]) -> dict[str, str]:
        """Profile values the job script exports for the runtime (quoted by the template)."""
        return {}

    def single(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """The argv that runs one process inside the image (doctor, capture's package list)."""
        return self.wrapper(c, mounts, env)


class Apptainer(Runtime):
    name = binary = "apptainer"

    def wrapper(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        argv = [self.binary, "exec"]
        for m in mounts:
            argv += ["--bind", m]
        for e in env:
            argv += ["--env", e]
        return [*argv, c.image]


class Singularity(Apptainer):
    name = binary = "singularity"


class Charliecloud(Runtime):
    name, binary, image_kind = "charliecloud", "ch-run", "folder"
    binds_top_folder = True
    needs_user = True  # ch-run refuses to start without $USER (a batch job may not have it)
    shell_lines = ('export USER="${USER:-$(id -un)}"  # ch-run refuses to start without it',)

    def wrapper(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        argv = [self.binary]
        for m in mounts:
            argv += ["-b", m]
        argv += [f"--set-env={e}" for e in env]
        return [*argv, c.image, "--"]


class Pyxis(Runtime):
    name, binary, image_kind = "pyxis", "srun", "registry"
    srun_plugin = True

    def srun_flags(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """--container-env names variables the job exports (pyxis takes their values from
        srun's environment: `exports`)."""
        flags = [f"--container-image={c.image}"]
        if mounts:
            flags.append(
                "--container-mounts=" + ",".join(m if ":" in m else f"{m}:{m}" for m in mounts)
            )
        if env:
            flags.append("--container-env=" + ",".join(e.partition("=")[0] for e in env))
        return flags

    def exports(self, c: ContainerSpec, env: list[str]) -> dict[str, str]:
        return dict(e.split("=", 1) for e in env)

    def single(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        return ["srun", "--nodes=1", "--ntasks=1", *self.srun_flags(c, mounts, env)]


RUNTIMES: dict[str, Runtime] = {
    r.name: r for r in (Apptainer(), Singularity(), Charliecloud(), Pyxis())
}
NAMES: tuple[str, ...] = tuple(RUNTIMES)


def runtime(c: ContainerSpec) -> Runtime:
    return RUNTIMES[c.runtime]


def wrapper(c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
    """The argv placed between the launcher and the workload's python (empty for a plugin)."""
    return runtime(c).wrapper(c, mounts, env)


def srun_flags(c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
    """A plugin's flags on srun's line (pyxis)."""
    return runtime(c).srun_flags(c, mounts, env)


def exports(c: ContainerSpec, env: list[str]) -> dict[str, str]:
    """Profile values the job script exports for the runtime: pyxis reads env's values from
    srun's environment. The runtime's own lines (charliecloud's $USER) are `shell_lines`."""
    return runtime(c).exports(c, env)


def shell_lines(c: ContainerSpec) -> list[str]:
    """The runtime's own lines in the job script (constants: ch-run's $USER)."""
    return list(runtime(c).shell_lines)


def single(c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
    """The argv that runs one process inside the image (doctor, capture's package list)."""
    return runtime(c).single(c, mounts, env)


def binary(c: ContainerSpec) -> str:
    return runtime(c).binary


def identity(c: ContainerSpec) -> dict:
    """What env/ records of the image: runtime, name, and a digest where one is cheap to have:
    a .sif (apptainer/singularity) by its sha256, a charliecloud folder by its build stamp's
    sha256 (scripts/build-image.sh writes it; hashing a whole tree costs minutes), a pyxis
    registry image by name only (its digest is the registry's, unknown offline)."""
    out: dict = {"runtime": c.runtime, "image": c.image, "python": c.python}
    path = Path(c.image)
    if runtime(c).image_kind == "registry" and not path.is_file():
        out["digest"] = None
        out["note"] = "a registry image: its digest is not known offline"
        return out
    target = path / STAMP if path.is_dir() else path
    try:
        h = hashlib.sha256()
        with open(target, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        out["digest"] = f"sha256:{h.hexdigest()}"
        out["digest_of"] = str(target)
        if path.is_dir():
            out["stamp"] = json.loads(target.read_text())
    except (OSError, ValueError) as exc:
        out["digest"] = None
        out["note"] = f"no digest: {exc}"
    return out


def missing_targets(c: ContainerSpec, mounts: list[str]) -> list[str]:
    """The bind destinations a charliecloud folder image lacks. ch-run creates a missing one
    only in a writable image, so a job binding a checkout at /check/... into an image built
    without /check fails on every rank with "can't mkdir ... Read-only file system"; doctor
    names them first (scripts/build-image.sh makes the checkout's top folder and
    $SCALESTUDY_IMAGE_MOUNTPOINTS)."""
    image = Path(c.image)
    if runtime(c).image_kind != "folder" or not image.is_dir():
        return []
    targets = (m.split(":")[1] if ":" in m else m for m in mounts)
    return [t for t in targets if not (image / t.lstrip("/")).is_dir()]


def runtime_found(c: ContainerSpec) -> str | None:
    return shutil.which(binary(c), path=os.environ.get("PATH"))
