"""What an allocation looked like, captured by every job script into <attempt>/env/ before the
launcher starts: Slurm's view of the job, its version and configuration, the MPI build, the
Python packages, the CPU and NUMA layout, the kernel, and the harness's commit (dirty flag).

`python -m scalestudy.capture --out DIR [--container JSON] [--mpi FAMILY]`. With a container
(the job script passes the profile's, as render made it), also the image (env/image.json: runtime,
path or name, digest; containers.identity) and the packages inside it
(pip-freeze-image.txt): this capture runs on the host, which sees Slurm and the image file.
Never fails the job: a command that is missing or
fails leaves its exit code and message in env/capture.json and its file, nothing more. The
`module list` of the job's shell is written by the job script itself (a shell function).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from scalestudy.fileio import write_atomic
from scalestudy.formats import attempt_files
from scalestudy.provenance import git_state


def _job_id() -> str | None:
    """The job as the manifest names it: <array job>_<task> for a job array's task (whose
    SLURM_JOB_ID is a number of its own), else SLURM_JOB_ID."""
    array, task = os.environ.get("SLURM_ARRAY_JOB_ID"), os.environ.get("SLURM_ARRAY_TASK_ID")
    return f"{array}_{task}" if array and task else os.environ.get("SLURM_JOB_ID")


# MPI families (formats/env_capture.mpi_family's words) -> the command that prints their
# version. Debian can have several installed side by side (its alternatives pick one `mpirun`),
# so each is asked by its own name; Intel MPI from its prefix (I_MPI_ROOT), where it never
# shadows the others.
def _mpi_commands() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    if shutil.which("ompi_info"):
        found["openmpi"] = ["ompi_info"]
    if shutil.which("mpichversion"):
        found["mpich"] = ["mpichversion"]
    root = os.environ.get("I_MPI_ROOT")
    if root and os.access(os.path.join(root, "bin", "mpiexec.hydra"), os.X_OK):
        found["intelmpi"] = [os.path.join(root, "bin", "mpiexec.hydra"), "--version"]
    elif shutil.which("impi_info"):  # an Intel MPI module puts its bin/ on PATH
        found["intelmpi"] = ["mpiexec.hydra", "--version"]
    return found


def job_mpi(asked: str | None = None) -> tuple[str | None, str, dict[str, list[str]]]:
    """The MPI family this job uses, how that was decided, and every family found: the one
    asked for (--mpi, or SCALESTUDY_MPI), else Intel MPI when I_MPI_ROOT names it (it is only
    set for Intel MPI), else the only family installed; else unknown (several, none asked)."""
    found = _mpi_commands()
    asked = asked or os.environ.get("SCALESTUDY_MPI") or None
    if asked:
        return asked, "asked", found
    if "intelmpi" in found and os.environ.get("I_MPI_ROOT"):
        return "intelmpi", "I_MPI_ROOT", found
    if len(found) == 1:
        return next(iter(found)), "the only MPI installed", found
    return None, f"{len(found)} MPI families installed, none named", found


def _commands(container: dict | None = None, mpi: str | None = None) -> dict[str, list[str]]:
    """file name -> command. MPI: mpi.txt is the version of the job's family (job_mpi), or
    the launcher's own `mpirun --version` when it is unknown; mpi-<family>.txt holds every
    family installed, so a capture shows what else was there."""
    job = _job_id()
    family, _, found = job_mpi(mpi)
    cmds = {
        "slurm-version.txt": ["scontrol", "--version"],
        "slurm-config.txt": ["scontrol", "show", "config"],
        "mpi.txt": found.get(family or "", ["mpirun", "--version"]),
        **{f"mpi-{name}.txt": cmd for name, cmd in found.items()},
        "pip-freeze.txt": [sys.executable, "-m", "pip", "freeze", "--all"],
        "lscpu.txt": ["lscpu"],
        "numa.txt": ["numactl", "--hardware"] if shutil.which("numactl") else ["lscpu", "-e"],
        "kernel.txt": ["uname", "-a"],
    }
    if job:
        cmds["scontrol-job.txt"] = ["scontrol", "show", "job", "-d", job]
    if container:
        from scalestudy import containers
        from scalestudy.profiles import Container

        c = Container.model_validate({k: container[k] for k in ("runtime", "image", "python")})
        inside = containers.single(c, container["mounts"], container["env"])
        cmds["pip-freeze-image.txt"] = [*inside, c.python, "-m", "pip", "freeze", "--all"]
    return cmds


def _run(out: Path, name: str, cmd: list[str]) -> dict:
    start = time.monotonic()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        text, code = (
            r.stdout + (f"\n[stderr]\n{r.stderr}" if r.stderr.strip() else ""),
            r.returncode,
        )
    except FileNotFoundError:
        text, code = f"{cmd[0]}: not found on {socket.gethostname()}\n", None
    except subprocess.TimeoutExpired:
        text, code = f"{' '.join(cmd)}: no answer in 60 s\n", None
    write_atomic(out / name, text)
    return {"command": cmd, "exit_code": code, "seconds": round(time.monotonic() - start, 3)}


def capture(out: Path, container: dict | None = None, mpi: str | None = None) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    cmds = _commands(container, mpi)
    family, decided, found = job_mpi(mpi)
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = {name: pool.submit(_run, out, name, cmd) for name, cmd in cmds.items()}
        files = {name: f.result() for name, f in done.items()}
    harness = {
        **git_state(),
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "captured_at": time.time(),
        "slurm_job_id": _job_id(),
        "slurm_raw_job_id": os.environ.get("SLURM_JOB_ID"),
        "slurm_nodelist": os.environ.get("SLURM_JOB_NODELIST"),
        "mpi_family": family,
        "mpi_family_from": decided,
        "mpi_families_installed": sorted(found),
    }
    index = {"harness": harness, "files": files}
    if container:
        from scalestudy import containers
        from scalestudy.profiles import Container

        c = Container.model_validate({k: container[k] for k in ("runtime", "image", "python")})
        image = {**containers.identity(c), "mounts": container["mounts"], "env": container["env"]}
        write_atomic(out / "image.json", json.dumps(image, indent=1))
        index["image"] = image
    write_atomic(out / attempt_files.CAPTURE_INDEX, json.dumps(index, indent=1))  # last
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scalestudy.capture")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--container", type=json.loads, help="the job's container (render)")
    parser.add_argument(
        "--mpi", choices=("openmpi", "mpich", "intelmpi"), help="the profile's MPI family"
    )
    args = parser.parse_args(argv)
    try:
        capture(args.out, args.container, args.mpi)
    except OSError as exc:  # e.g. a full disk: say so, but never stop the measurement
        print(f"capture: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
