"""A stand-in for Slurm's commands (sbatch, squeue, scontrol, sacctmgr), for tests of what the
harness does when submission goes wrong. Installed as executables in a folder put first on
PATH; the queue lives in a JSON file ($FAKE_SLURM_STATE). Faults, by environment:

- FAKE_SBATCH_REFUSE_AT=n   the n-th submission is refused (QOS limit), nothing queued
- FAKE_SBATCH_KILL_AT=n     the n-th submission is queued, then its caller is SIGKILLed
                            before it can read the job id (a submit dying mid-way)
- FAKE_SBATCH_UNREACHABLE=n the first n submissions cannot reach the controller
- FAKE_SQUEUE_DOWN=1        squeue cannot reach the controller
- FAKE_MAX_ARRAY_SIZE=n     scontrol's MaxArraySize (default 1001)
- FAKE_SACCT_DOWN=1         the cluster has accounting, but sacct cannot reach slurmdbd

A script with `#SBATCH --array=0-<n-1>` is one job of n tasks, listed by squeue as
<id>_[0-<n-1>], or one line per task <id>_<i> with -r, as Slurm does.
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
    # `scontrol show config` is cached per process and SLURM_CONF: a key of this test's own
    monkeypatch.setenv("SLURM_CONF", str(tmp_path / "fake-slurm.conf"))
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


def _lines(jobs: list[dict], one_per_task: bool) -> list[tuple[dict, str]]:
    """(job, the id squeue shows) per line: an array as one line or one per task."""
    out = []
    for j in jobs:
        if not j.get("tasks"):
            out.append((j, j["id"]))
        elif one_per_task:
            out += [(j, f"{j['id']}_{i}") for i in range(j["tasks"])]
        else:
            out.append((j, f"{j['id']}_[0-{j['tasks'] - 1}]"))
    return out


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
        array = next(
            (
                ln.split("=", 1)[1]
                for ln in script.splitlines()
                if ln.startswith("#SBATCH --array=")
            ),
            None,
        )
        job = {
            "id": str(100 + len(state["jobs"])),
            "tasks": int(array.split("-")[1]) + 1 if array else None,
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
        for j, shown in _lines(state["jobs"], "-r" in args):
            if ids and not {j["id"], shown} & set(ids.split(",")):
                continue
            if names and j["name"] not in names.split(","):
                continue
            line = fmt
            for key, value in (
                ("%i", shown),
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
        storage = "slurmdbd" if os.environ.get("FAKE_SACCT_DOWN") else "none"
        print(f"AccountingStorageType   = accounting_storage/{storage}")
        print(f"MaxArraySize            = {os.environ.get('FAKE_MAX_ARRAY_SIZE', '1001')}")
        return 0
    if command == "sacct" and os.environ.get("FAKE_SACCT_DOWN"):
        print("sacct: error: Problem talking to the database: Connection refused", file=sys.stderr)
        return 1
    return 0  # sacctmgr, sacct: no associations, no accounting
