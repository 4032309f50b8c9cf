"""A stand-in for Slurm's commands (sbatch, squeue, scontrol, sacctmgr), for tests of what the
harness does when submission goes wrong. Installed as executables in a folder put first on
PATH; the queue lives in a JSON file ($FAKE_SLURM_STATE). Faults, by environment:

- FAKE_SBATCH_REFUSE_AT=n   the n-th submission is refused (QOS limit), nothing queued
- FAKE_SBATCH_KILL_AT=n     the n-th submission is queued, then its caller is SIGKILLed
                            before it can read the job id (a submit dying mid-way)
- FAKE_SBATCH_UNREACHABLE=n the first n submissions cannot reach the controller
- FAKE_SQUEUE_DOWN=1        squeue cannot reach the controller
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import sys
import time
from pathlib import Path

COMMANDS = ("sbatch", "squeue", "scontrol", "sacctmgr", "sacct")


def install(folder: Path, state: Path) -> dict[str, str]:
    """Write the fake commands into `folder`; the environment variables that activate them."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in COMMANDS:
        exe = folder / name
        exe.write_text(
            f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(Path(__file__).parent)!r})\n"
            f"import fake_slurm\nsys.exit(fake_slurm.main({name!r}, sys.argv[1:]))\n"
        )
        exe.chmod(0o755)
    state.write_text(json.dumps({"jobs": [], "calls": 0}))
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "FAKE_SLURM_STATE": str(state)}


FAULTS = ("FAKE_SBATCH_REFUSE_AT", "FAKE_SBATCH_KILL_AT", "FAKE_SBATCH_UNREACHABLE")


def activate(tmp_path: Path, monkeypatch) -> Path:
    """Install the stand-ins under tmp_path for one test, no fault armed; the queue file."""
    queue = tmp_path / "queue.json"
    for key, value in install(tmp_path / "bin", queue).items():
        monkeypatch.setenv(key, value)
    for fault in FAULTS:
        monkeypatch.delenv(fault, raising=False)
    return queue


def jobs(state: Path) -> list[dict]:
    return json.loads(state.read_text())["jobs"]


def _option(args: list[str], name: str) -> str | None:
    for i, a in enumerate(args):
        if a.startswith(f"{name}="):
            return a.split("=", 1)[1]
        if a == name and i + 1 < len(args):
            return args[i + 1]
    return None


def main(command: str, args: list[str]) -> int:
    path = Path(os.environ["FAKE_SLURM_STATE"])
    state = json.loads(path.read_text())
    if command == "sbatch":
        if "--test-only" in args:
            print("sbatch: Job 0 to start at now", file=sys.stderr)
            return 0
        state["calls"] += 1
        n = state["calls"]
        path.write_text(json.dumps(state))
        if n <= int(os.environ.get("FAKE_SBATCH_UNREACHABLE", "0")):
            print(
                "sbatch: error: Batch job submission failed: Unable to contact slurm "
                "controller (connect failure)",
                file=sys.stderr,
            )
            return 1
        if n == int(os.environ.get("FAKE_SBATCH_REFUSE_AT", "0")):
            print("sbatch: error: QOSMaxSubmitJobPerUserLimit", file=sys.stderr)
            print(
                "sbatch: error: Batch job submission failed: Job violates accounting/QOS "
                "policy (job submit limit, user's size and/or time limits)",
                file=sys.stderr,
            )
            return 1
        script = Path(args[-1]).read_text()
        name = next(
            (
                ln.split("=", 1)[1]
                for ln in script.splitlines()
                if ln.startswith("#SBATCH --job-name=")
            ),
            "sbatch",
        )
        job = {
            "id": str(100 + len(state["jobs"])),
            "name": name,
            "comment": _option(args, "--comment") or "",
            "submit": dt.datetime.now().strftime("%Y-%m-%dT%H:%M:%S"),
            "state": "PENDING",
        }
        state["jobs"].append(job)
        path.write_text(json.dumps(state))
        if n == int(os.environ.get("FAKE_SBATCH_KILL_AT", "0")):
            os.kill(os.getppid(), signal.SIGKILL)  # the submit dies before reading the answer
            time.sleep(1)
        print(f"Submitted batch job {job['id']}")
        return 0
    if command == "squeue":
        if os.environ.get("FAKE_SQUEUE_DOWN"):
            print(
                "squeue: error: Unable to contact slurm controller (connect failure)",
                file=sys.stderr,
            )
            return 1
        fmt = _option(args, "-o") or "%i"
        ids = _option(args, "-j")
        names = _option(args, "--name")
        for j in state["jobs"]:
            if ids and j["id"] not in ids.split(","):
                continue
            if names and j["name"] not in names.split(","):
                continue
            line = fmt
            for key, value in (
                ("%i", j["id"]),
                ("%j", j["name"]),
                ("%V", j["submit"]),
                ("%k", j["comment"]),
                ("%T", j["state"]),
                ("%r", "None"),
            ):
                line = line.replace(key, value)
            print(line)
        return 0
    if command == "scontrol":
        print("AccountingStorageType   = accounting_storage/none")
        return 0
    return 0  # sacctmgr, sacct: no associations, no accounting
