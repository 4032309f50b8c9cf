"""What an allocation looked like, captured by every job script into <attempt>/env/ before the
launcher starts: Slurm's view of the job, its version and configuration, the MPI build, the
Python packages, the CPU and NUMA layout, the kernel, and the harness's commit (dirty flag).

`python -m scalestudy.capture --out DIR [--container JSON]`. With a container (the job
script passes the profile's, as render made it), also the image (env/image.json: runtime,
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
from scalestudy.provenance import git_state


def _job_id() -> str | None:
    """The job as the manifest names it: <array job>_<task> for a job array's task (whose
    SLURM_JOB_ID is a number of its own), else SLURM_JOB_ID."""
    array, task = os.environ.get("SLURM_ARRAY_JOB_ID"), os.environ.get("SLURM_ARRAY_TASK_ID")
    return f"{array}_{task}" if array and task else os.environ.get("SLURM_JOB_ID")


def _commands(container: dict | None = None) -> dict[str, list[str]]:
    """file name -> command. MPI: Open MPI's ompi_info, else Intel MPI's impi_info, else the
    launcher's own version line."""
    job = _job_id()
    if shutil.which("ompi_info"):
        mpi = ["ompi_info"]
    elif shutil.which("impi_info"):
        mpi = ["impi_info"]
    else:
        mpi = ["mpirun", "--version"]
    cmds = {
        "slurm-version.txt": ["scontrol", "--version"],
        "slurm-config.txt": ["scontrol", "show", "config"],
        "mpi.txt": mpi,
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


def capture(out: Path, container: dict | None = None) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    cmds = _commands(container)
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
    }
    index = {"harness": harness, "files": files}
    if container:
        from scalestudy import containers
        from scalestudy.profiles import Container

        c = Container.model_validate({k: container[k] for k in ("runtime", "image", "python")})
        image = {**containers.identity(c), "mounts": container["mounts"], "env": container["env"]}
        write_atomic(out / "image.json", json.dumps(image, indent=1))
        index["image"] = image
    write_atomic(out / "capture.json", json.dumps(index, indent=1))
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scalestudy.capture")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--container", type=json.loads, help="the job's container (render)")
    args = parser.parse_args(argv)
    try:
        capture(args.out, args.container)
    except OSError as exc:  # e.g. a full disk: say so, but never stop the measurement
        print(f"capture: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
