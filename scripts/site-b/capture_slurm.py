#!/usr/bin/env python3
"""Capture, byte for byte, the Slurm answers the harness parses, from a running cluster of any
Slurm version, into tests/unit/data/slurm-<major.minor>/ (tests/unit/test_slurm_outputs.py
replays them through the harness's parsers).

    python3 capture_slurm.py admin            # as root (SlurmUser): limits for USER to read back
    python3 capture_slurm.py user --out DIR   # as the user: jobs made to end in known ways

Needs only Python 3 and Slurm's clients (SLURM_CONF set): no harness, so it runs on either
site. `user` makes jobs in known situations (completed, failed with exit 3, an array with one
failing task, cancelled while held, a timeout, a dependency that can never be met, a job waiting
for its begin time, jobs pending behind a job that fills the cluster, a pending array) and saves
what squeue, sacct, scontrol, sinfo, sacctmgr and sbatch answer about them, with roles.json:
each role's job id and what it was made to be (the tests' expectations come from there, not from
the captured text). About 2 minutes (the timeout job needs Slurm's 1-minute limit to pass).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ACCOUNT, QOS = "capture", "capture-qos"
# limits the admin step sets and the user step reads back (association_limit's inputs)
LIMITS = {"MaxSubmitJobs": 40, "MaxJobs": 30, "QOS.MaxSubmitJobsPerUser": 25}


def run(cmd: list[str], stdin: str | None = None, timeout: float = 120) -> tuple[int, str, str]:
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def admin(user: str) -> None:
    """Give `user` an association with job limits and a QOS with a per-user limit."""
    cmds = [
        [
            "sacctmgr",
            "-i",
            "add",
            "qos",
            QOS,
            f"MaxSubmitJobsPerUser={LIMITS['QOS.MaxSubmitJobsPerUser']}",
        ],
        ["sacctmgr", "-i", "add", "account", ACCOUNT],
        [
            "sacctmgr",
            "-i",
            "add",
            "user",
            user,
            f"account={ACCOUNT}",
            f"qos=normal,{QOS}",
            f"MaxSubmitJobs={LIMITS['MaxSubmitJobs']}",
            f"MaxJobs={LIMITS['MaxJobs']}",
        ],
    ]
    for cmd in cmds:
        code, out, err = run(cmd)
        print(" ".join(cmd), "->", code, (out + err).strip().splitlines()[-1:] or "")


class Capture:
    def __init__(self, out: Path, work: Path):
        self.out, self.work = out, work
        self.out.mkdir(parents=True, exist_ok=True)
        self.commands: dict[str, dict] = {}
        self.roles: dict[str, dict] = {}

    def save(self, name: str, cmd: list[str], stdin: str | None = None, timeout: float = 120):
        code, out, err = run(cmd, stdin, timeout)
        (self.out / f"{name}.stdout").write_text(out)
        if err:
            (self.out / f"{name}.stderr").write_text(err)
        self.commands[name] = {"argv": cmd, "returncode": code}
        return code, out, err

    def script(self, name: str, body: str, directives: list[str]) -> Path:
        path = self.work / f"{name}.sh"
        lines = [
            "#!/bin/bash",
            f"#SBATCH --job-name=cap-{name}",
            f"#SBATCH --output={self.work}/{name}-%j.out",
            "#SBATCH --time=5",
            *(f"#SBATCH {d}" for d in directives),
            body,
            "",
        ]
        path.write_text("\n".join(lines))
        return path

    def submit(self, role: str, body: str, directives: list[str] = (), options=(), **expect):
        path = self.script(role, body, list(directives))
        cmd = ["sbatch", *options, f"--comment=capture-{role}", str(path)]
        code, out, err = self.save(f"sbatch-{role}", cmd)
        m = re.search(r"job (\d+)", out)
        if code or not m:
            sys.exit(f"sbatch {role} failed: {err}")
        self.roles[role] = {"job_id": m.group(1), "name": f"cap-{role}", **expect}
        return m.group(1)


def settled(ids: list[str]) -> bool:
    code, out, err = run(["squeue", "-h", "-o", "%i", "-j", ",".join(ids)])
    return (code == 0 and not out.strip()) or "Invalid job id" in err


def wait_state(job: str, state: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _, out, _ = run(["squeue", "-h", "-o", "%T", "-j", job])
        if out.strip() == state:
            return
        time.sleep(0.5)
    sys.exit(f"job {job} never reached {state}")


def user(out: Path) -> None:
    work = Path(tempfile.mkdtemp(prefix="capture-", dir=os.environ.get("CAPTURE_WORK", "/tmp")))
    cap = Capture(out, work)
    started = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() - 60))
    cap.save("version", ["scontrol", "--version"])
    cap.save("scontrol-show-config", ["scontrol", "show", "config"])
    cap.save("scontrol-show-partition", ["scontrol", "show", "partition", "-o"])
    cap.save("scontrol-show-node", ["scontrol", "show", "node", "-o"])
    cap.save("srun-mpi-list", ["srun", "--mpi=list"])
    cap.save("sinfo-states", ["sinfo", "-h", "-o", "%t"])
    cap.save("sbatch-help", ["sbatch", "--help"])
    _, nodes_out, _ = run(["sinfo", "-h", "-o", "%D"])
    nodes = sum(int(x) for x in nodes_out.split() if x.isdigit())
    who = getpass.getuser()
    cap.save(
        "sacctmgr-assoc",
        [
            "sacctmgr",
            "-n",
            "-P",
            "show",
            "assoc",
            f"user={who}",
            "format=Account,MaxSubmit,MaxJobs,QOS",
        ],
    )
    cap.save(
        "sacctmgr-qos",
        [
            "sacctmgr",
            "-n",
            "-P",
            "show",
            "qos",
            f"names=normal,{QOS}",
            "format=Name,MaxSubmitPU,MaxJobsPU",
        ],
    )
    # errors: a shape no node has, a partition that does not exist, a controller not there
    _, mem_out, _ = run(["sinfo", "-h", "-o", "%m"])
    most = max(int(x) for x in mem_out.split() if x.isdigit())
    code, out_, _ = cap.save("sbatch-error-memory", ["sbatch", f"--mem={most * 4}", "--wrap=true"])
    if code == 0:  # queued after all: do not leave it behind
        run(["scancel", *re.findall(r"job (\d+)", out_)])
    cap.save("sbatch-error-partition", ["sbatch", "--partition=nosuch", "--wrap=true"])
    cap.save(
        "sbatch-test-only", ["sbatch", "--test-only", "--nodes=1"], stdin="#!/bin/bash\ntrue\n"
    )
    conf = Path(os.environ.get("SLURM_CONF", "/etc/slurm/slurm.conf")).read_text()
    dead = work / "dead.conf"  # the same cluster, its controller on a port nobody listens on
    dead.write_text(re.sub(r"(?m)^SlurmctldPort=.*$", "SlurmctldPort=9", conf))
    env = {**os.environ, "SLURM_CONF": str(dead)}
    p = subprocess.run(
        ["sbatch", "--wrap=true"], env=env, capture_output=True, text=True, timeout=300
    )
    (out / "sbatch-error-unreachable.stderr").write_text(p.stderr)
    cap.commands["sbatch-error-unreachable"] = {
        "argv": ["sbatch", "--wrap=true"],
        "returncode": p.returncode,
        "note": "SlurmctldPort pointed at a closed port",
    }
    cap.save("squeue-error-invalid", ["squeue", "-h", "-r", "-o", "%i|%T|%r", "-j", "999999"])

    # jobs that end in known ways
    cap.submit("completed", "exit 0", expect="COMPLETED", exit_code="0:0")
    cap.submit("failed", "exit 3", expect="FAILED", exit_code="3:0")
    cap.submit("timeout", "sleep 300", ["--time=1"], expect="TIMEOUT")
    cap.submit(
        "array",
        'sleep 1; [ "$SLURM_ARRAY_TASK_ID" != 1 ]',
        ["--array=0-2"],
        expect="COMPLETED",
        tasks={"0": "COMPLETED", "1": "FAILED", "2": "COMPLETED"},
    )
    # pending ones, then a snapshot of the queue
    # one whole node busy (the timeout job may hold another): the all-node jobs must wait
    fill = cap.submit(
        "running",
        "sleep 60",
        ["--nodes=1", "--exclusive"],
        expect="CANCELLED",
        queue_state="RUNNING",
    )
    wait_state(fill, "RUNNING", timeout=150)
    cap.submit(
        "pending",
        "true",
        [f"--nodes={nodes}"],
        expect="CANCELLED",
        queue_state="PENDING",
        reasons=["Resources", "Priority"],
    )
    cap.submit(
        "pending-array",
        "true",
        ["--array=0-3", f"--nodes={nodes}"],
        expect="CANCELLED",
        queue_state="PENDING",
        reasons=["Resources", "Priority"],
        tasks=4,
    )
    failed = cap.roles["failed"]["job_id"]
    cap.submit(
        "dependency",
        "true",
        options=[f"--dependency=afterok:{failed}"],
        expect="CANCELLED",
        queue_state="PENDING",
        reasons=["DependencyNeverSatisfied", "Dependency"],
    )
    cap.submit(
        "begin",
        "true",
        options=["--begin=now+1hour"],
        expect="CANCELLED",
        queue_state="PENDING",
        reasons=["BeginTime"],
    )
    held = cap.submit(
        "held",
        "true",
        options=["--hold"],
        expect="CANCELLED",
        queue_state="PENDING",
        reasons=["JobHeldUser"],
    )
    time.sleep(6)  # the scheduler's pass sets the pending reasons; the failed job has ended
    ids = [r["job_id"] for r in cap.roles.values()]
    cap.save("squeue-queue", ["squeue", "-h", "-r", "-o", "%i|%T|%r", "-j", ",".join(ids)])
    names = ",".join(sorted(r["name"] for r in cap.roles.values()))
    cap.save(
        "squeue-named", ["squeue", "-h", "--states=all", "-o", "%i|%j|%V|%k", f"--name={names}"]
    )
    cap.save("squeue-me", ["squeue", "--me", "-h", "-o", "%i"])
    cap.save(
        "scontrol-show-job-pending",
        ["scontrol", "show", "job", "-o", cap.roles["pending"]["job_id"]],
    )
    cap.save(
        "sacct-watcher-live",
        [
            "sacct",
            "-o",
            "JobID,State,NodeList",
            "--parsable2",
            *[a for i in ids for a in ("-j", i)],
        ],
    )
    run(["scancel", held])
    for role in ("pending", "pending-array", "dependency", "begin", "running"):
        run(["scancel", cap.roles[role]["job_id"]])
    deadline = time.monotonic() + 240
    while not settled(ids) and time.monotonic() < deadline:
        time.sleep(2)
    time.sleep(3)  # slurmctld hands the last records to slurmdbd
    cap.save(
        "sacct-watcher",
        [
            "sacct",
            "-o",
            "JobID,State,NodeList",
            "--parsable2",
            *[a for i in ids for a in ("-j", i)],
        ],
    )
    cap.save(
        "sacct-accounting",
        [
            "sacct",
            "-j",
            ",".join(ids),
            "--parsable2",
            "--noheader",
            "--format=JobID,State,ExitCode,Elapsed,MaxRSS,MaxRSSNode,NodeList",
        ],
    )
    cap.save(
        "sacct-named",
        [
            "sacct",
            "-X",
            "-n",
            "-P",
            f"--name={names}",
            "-S",
            started,
            "--format=JobID,JobName,Submit,Comment",
        ],
    )
    cap.save("sinfo-states-after", ["sinfo", "-h", "-o", "%t"])
    meta = {
        "user": who,
        "nodes": nodes,
        "limits": LIMITS,
        "roles": cap.roles,
        "commands": cap.commands,
        "captured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (out / "roles.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"captured {len(cap.commands)} answers into {out}")


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("step", choices=["admin", "user"])
    p.add_argument("--user", default=None, help="admin: whose limits (default $SUDO_USER)")
    p.add_argument("--out", type=Path)
    a = p.parse_args()
    if a.step == "admin":
        admin(a.user or os.environ.get("SUDO_USER") or getpass.getuser())
    else:
        if a.out is None:
            p.error("user needs --out DIR")
        user(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
