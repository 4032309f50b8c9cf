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

import getpass
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import NamedTuple, Protocol

from scalestudy import launchers, provenance

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


class Finding(NamedTuple):
    """One of doctor's checks, as a runtime states it (doctor.Check's fields)."""

    name: str
    status: str  # ok | FAIL | warn
    detail: str
    fix: str = ""


# The job script's line for a runtime that needs $USER, which a batch environment may lack;
# doctor's own runs set it from the same attribute (Runtime.needs_user), so it is said here only
USER_LINE = 'export USER="${{USER:-$(id -un)}}"  # {binary} refuses to start without it'


class Runtime:
    """One container runtime: how a job starts a rank inside its image (launch prefix, binds,
    environment), what its image is and what profiles accept of it, what doctor checks and
    what the reference docs say. Each runtime is one subclass, registered in RUNTIMES; the
    profile's `container.runtime` names one, read at each validation, so a runtime added to
    the table is accepted, rendered, checked and documented with no other file changed."""

    name: str = ""
    binary: str = ""  # what doctor looks for on PATH
    image_kind: str = "file"  # "file" (a .sif), "folder" (an unpacked tree), "registry" (a name)
    binds_top_folder: bool = False  # binds onto the top folder of a path (image lacks deeper)
    srun_plugin: bool = False  # a plugin of srun (flags on srun's line), not a wrapper command
    # Shell lines the job script runs before the launcher, for the runtime itself (constants
    # of this table, never a profile's value); $USER's line comes from needs_user
    shell_lines: tuple[str, ...] = ()
    # the runtime refuses to start without $USER (a batch job may not have it): the job
    # script exports it (USER_LINE) and doctor's own runs set it
    needs_user: bool = False
    # the reference docs (docgen): the launch in a phrase, and the image in a phrase
    summary: str = ""
    image_doc: str = ""
    # doctor's hints: where the binary comes from, how the image is made
    install_hint: str = "install it or load its module (profile modules)"
    image_hint: str = "build or pull it, and give its absolute path as container.image"

    def wrapper(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """The argv placed between the launcher and the workload's python."""
        return []

    def srun_flags(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """Flags of srun's own line (a plugin)."""
        return []

    def exports(self, c: ContainerSpec, env: list[str]) -> dict[str, str]:
        """Profile values the job script exports for the runtime (quoted by the template)."""
        return {}

    def lines(self) -> list[str]:
        """The runtime's own lines in the job script: $USER's, then shell_lines."""
        user = [USER_LINE.format(binary=self.binary)] if self.needs_user else []
        return [*user, *self.shell_lines]

    def run_env(self, env: dict[str, str]) -> dict[str, str]:
        """`env` for a run the harness starts itself (doctor), with what the job script's
        lines would have set."""
        if self.needs_user:
            env.setdefault("USER", getpass.getuser())
        return env

    def single(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        """The argv that runs one process inside the image (doctor, capture's package list)."""
        return self.wrapper(c, mounts, env)

    # what profiles accept (profiles.Container and Profile ask; None: accepted)
    def image_problem(self, image: str) -> str | None:
        if self.image_kind == "registry" or image.startswith("/"):
            return None
        registry = [n for n, r in RUNTIMES.items() if r.image_kind == "registry"]
        return (
            f"{self.name} runs an image file or folder: give its absolute path "
            f"(a registry name such as docker://... is for {', '.join(registry)}, or pull "
            "it first)"
        )

    def launcher_problem(self, launcher: str) -> str | None:
        entry = launchers.LAUNCHERS.get(launcher)  # an unknown name is the launcher's own error
        if not self.srun_plugin or entry is None or entry.slurm_starts_ranks:
            return None
        wrappers = ", ".join(n for n, r in RUNTIMES.items() if not r.srun_plugin)
        return (
            f"container.runtime: {self.name} is a plugin of srun (--container-image): use "
            f"launcher: srun, or a runtime that wraps the command ({wrappers}) under mpirun"
        )

    # doctor's checks
    def checks(self, c: ContainerSpec, mounts: list[str]) -> list[Finding]:
        """The binary on PATH and the image (doctor's `container runtime`, `container image`);
        `mounts` are the job's (harness_mounts)."""
        found = shutil.which(self.binary, path=os.environ.get("PATH"))
        out = [
            Finding(
                "container runtime",
                "ok" if found else "FAIL",
                f"{c.runtime}: {found or self.binary + ' not on PATH'}",
                self.install_hint,
            )
        ]
        image = Path(c.image)
        if self.image_kind == "registry" and not image.is_file():
            out.append(
                Finding(
                    "container image",
                    "warn",
                    f"{c.image}: a registry image, which cannot be checked offline (the stack "
                    "check below pulls it through srun)",
                )
            )
            return out
        kind = "folder" if self.image_kind == "folder" else "file"  # a plugin's may be a file
        ok = image.is_dir() if kind == "folder" else image.is_file()
        detail = f"digest {identity(c).get('digest')}" if ok else f"no such {kind}"
        out.append(
            Finding(
                "container image", "ok" if ok else "FAIL", f"{c.image}: {detail}", self.image_hint
            )
        )
        return out


class Apptainer(Runtime):
    name = binary = "apptainer"
    summary = "`exec --bind ... IMAGE` around the workload"
    image_doc = "a `.sif` file"
    image_hint = (
        "build it: apptainer/singularity pull/build the .sif, and give its absolute path as "
        "container.image"
    )

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
    needs_user = True
    summary = "`ch-run -b ... IMAGE --`"
    image_doc = "an unpacked image folder"
    install_hint = (
        "install it or load its module (profile modules); Debian: apt-get install "
        "charliecloud-runtime (a checkout's make system does)"
    )
    image_hint = (
        "build an image of the trainer's stack (docs/containers.md; a checkout's "
        "scripts/build-image.sh builds it for charliecloud, or build the Apptainer one of "
        "`scalestudy site-install container`) and give its absolute path as container.image"
    )

    def wrapper(self, c: ContainerSpec, mounts: list[str], env: list[str]) -> list[str]:
        argv = [self.binary]
        for m in mounts:
            argv += ["-b", m]
        argv += [f"--set-env={e}" for e in env]
        return [*argv, c.image, "--"]

    def checks(self, c: ContainerSpec, mounts: list[str]) -> list[Finding]:
        """And the bind destinations the image lacks: ch-run creates a missing one only in a
        writable image, so a job binding a checkout at /check/... into an image built without
        /check fails on every rank with "can't mkdir ... Read-only file system"
        (scripts/build-image.sh makes the checkout's top folder and
        $SCALESTUDY_IMAGE_MOUNTPOINTS)."""
        out = super().checks(c, mounts)
        if missing := missing_targets(c, mounts):
            out.append(
                Finding(
                    "container binds",
                    "FAIL",
                    f"{c.image} has no folder to bind {', '.join(missing)} onto (a read-only "
                    "charliecloud image cannot create one: every rank would stop there)",
                    "bind under a folder the image has (mounts: SRC:DST), or rebuild it with "
                    "those folders (a checkout: SCALESTUDY_IMAGE_MOUNTPOINTS="
                    f"'{' '.join(missing)}' bash scripts/build-image.sh)",
                )
            )
        return out


class Pyxis(Runtime):
    name, binary, image_kind = "pyxis", "srun", "registry"
    srun_plugin = True
    summary = "`srun --container-image=...`; needs `launcher: srun`"
    image_doc = (
        "an enroot image name (e.g. `nvcr.io#nvidia/tensorflow:23.03-tf2-py3`) or a `.sqsh` path"
    )

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


def names() -> tuple[str, ...]:
    """The runtimes' names, read at each call (a runtime registered later is one of them)."""
    return tuple(RUNTIMES)


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
    return runtime(c).lines()


def run_env(c: ContainerSpec, env: dict[str, str]) -> dict[str, str]:
    """`env` for a run the harness starts itself (doctor), as the job script's lines set it."""
    return runtime(c).run_env(env)


def checks(c: ContainerSpec, results: Path) -> list[Finding]:
    """doctor's checks of the runtime and the image, for jobs writing under `results`."""
    return runtime(c).checks(c, harness_mounts(c, results))


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
    """The bind destinations a folder image lacks (Charliecloud.checks says why they matter)."""
    image = Path(c.image)
    if runtime(c).image_kind != "folder" or not image.is_dir():
        return []
    targets = (m.split(":")[1] if ":" in m else m for m in mounts)
    return [t for t in targets if not (image / t.lstrip("/")).is_dir()]
