#!/usr/bin/env python3
"""Site B's checks, run by scripts/site-b/run.sh inside the Debian trixie root, as root: the
daemons are root's (as at a site), every user step runs as the unprivileged `siteuser` through
runuser with a clean environment. Needs only the root's Python 3.13 (psutil from Debian).

Writes /opt/site-b/out/summary.json: each check's ok, seconds and what it saw; exit 1 when one
failed. Steps after a failed cluster start are skipped (said so), the cluster is always stopped.
"""

from __future__ import annotations

import csv
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

OUT = Path("/opt/site-b/out")
USER, HOME = "siteuser", Path("/home/siteuser")
CLUSTER_DIR = "/var/tmp/site-b-slurm"
ADMIN_VENV = "/opt/scalestudy-admin"
IMAGE = Path("/opt/site-b/image")
NODES, PPN = 2, 2
checks: dict[str, dict] = {}


def run(cmd: list[str], timeout: float = 600, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


def as_user(script: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """A login shell of siteuser with nothing of root's environment; the harness's venv first
    on PATH (as `source ~/venv/bin/activate` would)."""
    env = [
        f"HOME={HOME}",
        f"USER={USER}",
        "LOGNAME=" + USER,
        "LANG=C.UTF-8",
        f"PATH={HOME}/venv/bin:/usr/local/bin:/usr/bin:/bin",
        "PIP_CACHE_DIR=/var/cache/site-b-pip/user",
        "PIP_DISABLE_PIP_VERSION_CHECK=1",
    ]
    cmd = ["runuser", "-u", USER, "--", "env", "-i", *env, "bash", "-c", f"cd ~ && {script}"]
    return run(cmd, timeout=timeout)


def log(name: str, proc: subprocess.CompletedProcess) -> str:
    text = f"$ {proc.args}\nexit {proc.returncode}\n"
    text += f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"
    (OUT / f"{name}.log").write_text(text)
    return (proc.stdout + proc.stderr)[-1500:]


def check(name: str):
    """Run fn as the check `name`: ok when it returns (its dict is kept), failed on an
    exception (its message kept)."""

    def wrap(fn):
        start = time.monotonic()
        try:
            detail = fn() or {}
            checks[name] = {"ok": True, **detail}
        except Exception as exc:  # every failure is reported, none stops the teardown
            checks[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[-3000:]}
        checks[name]["seconds"] = round(time.monotonic() - start, 1)
        print(
            f"site-b: {name}: {'ok' if checks[name]['ok'] else 'FAILED'} "
            f"({checks[name]['seconds']} s)",
            file=sys.stderr,
            flush=True,
        )
        return fn

    return wrap


def need(proc: subprocess.CompletedProcess, name: str) -> str:
    out = log(name, proc)
    if proc.returncode:
        raise RuntimeError(f"{name}: exit {proc.returncode}: {out}")
    return proc.stdout


def admin_install():
    """The admin's copy of the harness (for the local cluster code only): the wheel without its
    dependencies on the system Python, Debian's psutil and Jinja2 beside it."""
    wheel = glob.glob("/opt/site-b/wheels/scalestudy-*.whl")[0]
    need(run(["python3", "-m", "venv", "--system-site-packages", ADMIN_VENV]), "admin-venv")
    need(
        run([f"{ADMIN_VENV}/bin/pip", "install", "-q", "--no-deps", "--no-index", wheel]),
        "admin-install",
    )
    return {"wheel": Path(wheel).name}


def cluster_up():
    start = time.monotonic()
    out = need(
        run(
            [
                f"{ADMIN_VENV}/bin/python",
                "-m",
                "scalestudy.localcluster",
                "up",
                "--nodes",
                str(NODES),
                "--dir",
                CLUSTER_DIR,
            ],
            timeout=300,
        ),
        "cluster-up",
    )
    up_s = time.monotonic() - start
    # a site's clients find slurm.conf in /etc/slurm (Debian's default): users set nothing
    Path("/etc/slurm").mkdir(exist_ok=True)
    conf = Path("/etc/slurm/slurm.conf")
    conf.unlink(missing_ok=True)
    conf.symlink_to(f"{CLUSTER_DIR}/etc/slurm.conf")
    version = need(run(["scontrol", "--version"]), "slurm-version").strip()
    if not re.search(r"\b24\.11\.", version):
        raise RuntimeError(f"expected Slurm 24.11, scontrol says {version!r}")
    sinfo = need(run(["sinfo", "-h", "-o", "%D %t"]), "sinfo")
    return {
        "slurm": version,
        "up_seconds": round(up_s, 1),
        "sinfo": sinfo.split("\n")[0],
        "said": out.strip(),
    }


def user_install():
    """The harness from the wheel into a venv of the site's Python, by the user; then imported
    from a folder that is not a checkout."""
    wheel = glob.glob("/opt/site-b/wheels/scalestudy-*.whl")[0]
    pins = "/opt/site-b/constraints-harness.txt"
    # the dependencies' wheels for this Python (sdists built: python-hostlist has no wheel),
    # made once per set of pins and kept
    # (PyPI's answers through this host's proxy carry no cache headers: pip's own cache
    # stayed empty); a dependency the pins do not hold sends the install back to PyPI
    key = hashlib.sha256(Path(pins).read_bytes()).hexdigest()[:12]
    house = f"/var/cache/site-b-pip/user/wheels-py313-{key}"
    fetched = False
    need(as_user("python3 -m venv ~/venv"), "user-venv")
    if not Path(house).is_dir():
        need(
            as_user(
                f"pip wheel -q -w {house}.part -c {pins} {wheel} && mv {house}.part {house}",
                timeout=900,
            ),
            "user-download",
        )
        fetched = True
    offline = as_user(
        f"pip install -q --no-index --find-links {house} -c {pins} {wheel}",
        timeout=900,
    )
    log("user-install", offline)
    if offline.returncode:
        need(as_user(f"pip install -q -c {pins} {wheel}", timeout=900), "user-install-pypi")
    where = need(
        as_user(
            "cd /tmp && python -c 'import sys, scalestudy; "
            "print(sys.version.split()[0], scalestudy.__file__)'"
        ),
        "user-import",
    )
    py, path = where.split()
    if not path.startswith(f"{HOME}/venv/lib/python3.13/site-packages/"):
        raise RuntimeError(f"scalestudy imported from {path}, not the venv")
    tf = as_user("python -c 'import tensorflow'")
    return {
        "python": py,
        "module": path,
        "tensorflow_importable": tf.returncode == 0,
        "wheelhouse": "downloaded" if fetched else "cached",
        "from_pypi": offline.returncode != 0,
    }


PROFILE = """\
# site B: Debian trixie, Slurm 24.11; ranks started by srun through PMIx (Open MPI 5)
name: site-b
description: "site B (Debian trixie, Slurm 24.11, srun --mpi=pmix)"
scheduler: slurm
sockets: 1
cores_per_socket: 2
threads_per_core: 1
memory_gb: 4
mpi: openmpi
launcher: srun
srun_mpi: pmix
bind: none
partitions:
  - {name: debug, max_nodes: %(nodes)d}
interconnect: {name: loopback, latency_us: 5.0, bandwidth_gbps: 10}
python: python3
modules: []
env: {}
max_jobs_in_queue: 20
"""

SWEEP = """\
name: site-b-probe
cluster: site-b.yaml
mode: weak
nodes: [%(nodes)d]
ppn: %(ppn)d
threads_per_worker: 1
workload: probe
probe_seconds: 3
time_limit: "00:05:00"
"""


def profile_detect():
    """`scalestudy profile detect` reads 24.11's scontrol and srun answers."""
    text = need(as_user("scalestudy profile detect"), "profile-detect")
    plugins = need(as_user("srun --mpi=list"), "srun-mpi-list")
    return {
        "lines": len(text.splitlines()),
        "launcher": re.findall(r"(?m)^launcher: *(\S+)", text),
        "srun_mpi_plugins": sorted(
            set(re.findall(r"\b(pmix\w*|pmi2|none|cray_shasta)\b", plugins))
        ),
    }


def sweep():
    """A probe point submitted, tracked with status and collected with accounting, by the user."""
    (HOME / "site-b.yaml").write_text(PROFILE % {"nodes": NODES})
    (HOME / "sweep.yaml").write_text(SWEEP % {"nodes": NODES, "ppn": PPN})
    os.system(f"chown {USER}: {HOME}/site-b.yaml {HOME}/sweep.yaml")
    need(as_user("scalestudy validate sweep.yaml"), "validate")
    need(as_user("scalestudy submit sweep.yaml --results results --executor slurm"), "submit")
    manifest = HOME / "results/site-b-probe/manifest.json"
    deadline, polls = time.monotonic() + 300, 0
    seen = set()
    while time.monotonic() < deadline:
        st = as_user("scalestudy status sweep.yaml --results results")
        polls += 1
        log("status", st)
        data = json.loads(manifest.read_text())
        states = [e["attempts"][-1]["state"] for e in data["points"].values()]
        seen.update(states)
        if all(s not in ("submitted", "pending", "running", "submitting") for s in states):
            break
        time.sleep(3)
    (entry,) = data["points"].values()
    attempt = entry["attempts"][-1]
    if attempt["state"] != "completed":
        raise RuntimeError(f"the probe point is {attempt['state']} (states seen {seen})")
    need(as_user("scalestudy collect sweep.yaml --results results"), "collect")
    with open(HOME / "results/site-b-probe/results.csv") as fh:
        (row,) = list(csv.DictReader(fh))
    if row.get("slurm_state") != "COMPLETED" or not row.get("elapsed"):
        raise RuntimeError(f"collect's row lacks the accounting: {row}")
    logs = HOME / "results/site-b-probe" / attempt["folder"] / "logs"
    reports = [json.loads(p.read_text()) for p in logs.glob("probe.rank*.json")]
    ranks = sorted(r["rank"] for r in reports)
    if ranks != list(range(NODES * PPN)):
        raise RuntimeError(f"probe ranks {ranks}, expected 0..{NODES * PPN - 1}")
    pmix = [r for r in reports if "PMIX_RANK" in r.get("env", {})]
    if len(pmix) != len(reports):
        raise RuntimeError(f"{len(reports) - len(pmix)} rank(s) started without PMIx")
    check_file = logs / "probe-check.json"
    verdict = json.loads(check_file.read_text()) if check_file.exists() else None
    script = next((HOME / "results/site-b-probe" / attempt["folder"]).glob("job.sh"), None)
    launch = (
        [ln.strip() for ln in script.read_text().splitlines() if "--mpi=" in ln] if script else []
    )
    return {
        "job": attempt["job_id"],
        "status_polls": polls,
        "states_seen": sorted(seen),
        "row": {
            k: v
            for k, v in row.items()
            if k in ("status", "slurm_state", "elapsed", "node_list", "workers", "job_id")
            or k.startswith("sacct_")
        },
        "ranks_with_pmix_env": len(pmix),
        "probe_check": verdict,
        "launch_line": launch[:1],
    }


def cancel_pending_task():
    """Two exclusive whole-cluster probe points (one job array): the second waits in the
    array's pending range and the user scancels it there. Slurm 22.05 keeps no record of such
    a task; `status` must read it cancelled on 24.11 too (whatever 24.11's sacct says of it,
    recorded here)."""
    text = (SWEEP % {"nodes": NODES, "ppn": PPN}).replace("site-b-probe", "site-b-cancel")
    (HOME / "cancel.yaml").write_text(text + "repeats: 2\n")  # jobs exclusive by default
    os.system(f"chown {USER}: {HOME}/cancel.yaml")
    args = "cancel.yaml --results results"
    need(as_user(f"scalestudy submit {args} --executor slurm"), "cancel-submit")
    manifest = HOME / "results/site-b-cancel/manifest.json"
    jobs = sorted(
        (e["attempts"][-1]["job_id"] for e in json.loads(manifest.read_text())["points"].values()),
        key=lambda j: int(j.split("_")[1]),
    )
    need(as_user(f"scancel {jobs[1]}"), "cancel-scancel")
    deadline, states = time.monotonic() + 120, {}
    while time.monotonic() < deadline:
        log("cancel-status", as_user(f"scalestudy status {args}"))
        data = json.loads(manifest.read_text())
        states = {e["attempts"][-1]["job_id"]: e["attempts"][-1] for e in data["points"].values()}
        if states[jobs[0]]["state"] == "completed" and states[jobs[1]]["state"] != "submitted":
            break
        time.sleep(2)
    said = {j: (a["state"], a.get("slurm_state")) for j, a in states.items()}
    sacct = as_user(f"sacct -n -P -X -o JobID,State -j {jobs[1]},{jobs[0].split('_')[0]}")
    if said[jobs[0]][0] != "completed" or said[jobs[1]][0] != "cancelled":
        raise RuntimeError(f"states {said}; sacct: {sacct.stdout.strip()!r}")
    return {"states": said, "sacct": sacct.stdout.strip().splitlines()}


# Emulated nodes share one host: TCP between them over loopback, and a waiting rank yields.
# Measured with Open MPI 5.0.7: without btl_tcp_if_include=lo the TCP BTL finds "no
# reachable pairing between local and remote interfaces" (eth0 on both sides) and the
# allreduce fails; with it 4 ranks on 2 nodes allreduce 6.
OMPI_ENV = {
    "OMPI_MCA_pml": "ob1",
    "OMPI_MCA_btl": "self,tcp",
    "OMPI_MCA_btl_tcp_if_include": "lo",
    "OMPI_MCA_mpi_yield_when_idle": "1",
}

MPI_HELLO = (
    "from mpi4py import MPI; import os; c = MPI.COMM_WORLD; "
    "s = c.allreduce(c.rank); "
    "print(c.rank, c.size, s, os.environ.get('SLURMD_NODENAME'), "
    "MPI.Get_library_version().split(',')[0].strip(), flush=True)"
)


def pmix_mpi():
    """Open MPI 5 ranks wired up by srun's PMIx plugin (no mpirun), an allreduce across nodes.
    A rank that crashes (a segfault in MPI_Init under mpi4py's import, once in 16 CI-like runs
    on 2026-11-30: Open MPI 5 on emulated nodes that share one host) gets one more run; the
    first run's crash is kept in the result (`first_run_crashed`, its log pmix-mpi-crash.log),
    never dropped, and a second crash fails the check."""
    env = " ".join(f"{k}={v}" for k, v in OMPI_ENV.items())
    cmd = (
        f'{env} srun --mpi=pmix -N {NODES} -n {NODES * PPN} -t 2 /usr/bin/python3 -c "{MPI_HELLO}"'
    )
    done, crashed = as_user(cmd, timeout=180), None
    if done.returncode and "Segmentation fault" in done.stdout + done.stderr:
        crashed = log("pmix-mpi-crash", done)
        done = as_user(cmd, timeout=180)
    out = need(done, "pmix-mpi")
    rows = [ln.split(None, 4) for ln in out.splitlines() if re.match(r"^\d+ \d+ \d+ ", ln)]
    n = NODES * PPN
    if sorted(int(r[0]) for r in rows) != list(range(n)) or {int(r[1]) for r in rows} != {n}:
        raise RuntimeError(f"ranks/sizes wrong: {out}")
    if {int(r[2]) for r in rows} != {n * (n - 1) // 2}:
        raise RuntimeError(f"allreduce of the ranks wrong: {out}")
    said = {"first_run_crashed": crashed} if crashed else {}
    return {"ranks": n, "nodes": sorted({r[3] for r in rows}), "library": rows[0][4], **said}


IMAGE_PROFILE = (
    PROFILE.replace("name: site-b\n", "name: site-b-image\n")
    .replace("env: {}\n", "env:\n" + "".join(f'  {k}: "{v}"\n' for k, v in OMPI_ENV.items()))
    .replace(
        "python: python3\n",
        "python: python3   # the site's, for env/ capture; the trainer runs container.python\n"
        "container:\n  runtime: charliecloud\n  image: /opt/site-b/image\n"
        "  python: /opt/venv/bin/python\n"
        # the nodes' TmpFS (slurm.conf: <cluster>/tmp/<node>, under /var/tmp): Slurm's PMIx
        # server gives the ranks their session folders there (PMIX_TMPDIR ...). Without it
        # Open MPI 4.1 in the image stopped in MPI_Init (ORTE_ERROR_LOG session_dir.c); a
        # site's default TmpFS is /tmp, which ch-run binds unless --private-tmp
        "  mounts: [/var/tmp]\n",
    )
)

TRAINER_SWEEP = """\
name: site-b-trainer
cluster: site-b-image.yaml
mode: weak
nodes: [%(nodes)d]
ppn: 1
threads_per_worker: 1
time_limit: "00:10:00"
trainer:
  model: tiny
  tokens_per_worker: 512
  steps: 6
  timing_warmup_steps: 2
  compute_probe_steps: 0
  learning_rate: 0.001
  lr_warmup_steps: 100
  sparse_as_dense: true
  data: {kind: synthetic}
"""


def trainer_point():
    """A trainer point from the bookworm image (Python 3.11, TensorFlow 2.15, Horovod over Open
    MPI 4.1), its ranks started by trixie's srun --mpi=pmix (PMIx 5 in slurmstepd)."""
    if not (IMAGE / "scalestudy-image.json").exists():
        raise RuntimeError("no image at /opt/site-b/image (scripts/build-image.sh)")
    (HOME / "site-b-image.yaml").write_text(IMAGE_PROFILE % {"nodes": NODES})
    (HOME / "trainer.yaml").write_text(TRAINER_SWEEP % {"nodes": NODES})
    os.system(f"chown {USER}: {HOME}/site-b-image.yaml {HOME}/trainer.yaml")
    need(
        as_user("scalestudy submit trainer.yaml --results results --executor slurm"),
        "trainer-submit",
    )
    manifest = HOME / "results/site-b-trainer/manifest.json"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        log("trainer-status", as_user("scalestudy status trainer.yaml --results results"))
        data = json.loads(manifest.read_text())
        states = [e["attempts"][-1]["state"] for e in data["points"].values()]
        if all(s not in ("submitted", "pending", "running", "submitting") for s in states):
            break
        time.sleep(5)
    (entry,) = data["points"].values()
    attempt = entry["attempts"][-1]
    folder = HOME / "results/site-b-trainer" / attempt["folder"]
    outputs = sorted(folder.glob("slurm-*.out"))
    tail = outputs[-1].read_text(errors="replace")[-3000:] if outputs else ""
    (OUT / "trainer-job.out").write_text(tail)
    if attempt["state"] != "completed":
        raise RuntimeError(f"the trainer point is {attempt['state']}: {tail[-1500:]}")
    need(as_user("scalestudy collect trainer.yaml --results results"), "trainer-collect")
    with open(HOME / "results/site-b-trainer/results.csv") as fh:
        (row,) = list(csv.DictReader(fh))
    keep = ("status", "slurm_state", "workers", "nodes", "elapsed", "tokens_per_s")
    # what each rank ran: its step log's header (the image's Python, TensorFlow, Horovod and
    # MPI library, Horovod's size, the PMIx rank srun gave it)
    ranks = []
    for path in sorted((folder / "logs").glob("rank*.jsonl")):
        head = json.loads(path.read_text().splitlines()[0])
        env = head.get("env", {})
        ranks.append(
            {
                "python": head.get("python"),
                "tensorflow": head.get("tensorflow", {}).get("version"),
                "horovod": head.get("horovod", {}).get("version"),
                "mpi_library": str(head.get("mpi_library", "")).split(",")[0],
                "size": head.get("size"),
                "cross_size": head.get("cross_size"),
                "pmix_rank": env.get("PMIX_RANK"),
                "slurm_mpi_type": env.get("SLURM_MPI_TYPE"),
            }
        )
    host_mpi = re.search(r"Open MPI: (\S+)", (folder / "env" / "mpi.txt").read_text())
    return {
        "job": attempt["job_id"],
        "row": {k: row.get(k) for k in keep if k in row},
        "ranks": ranks,
        "host_open_mpi": host_mpi.group(1) if host_mpi else None,
    }


def capture():
    """The Slurm answers the harness parses, for tests/unit/data/slurm-24.11/."""
    need(run(["python3", "/opt/site-b/capture_slurm.py", "admin", "--user", USER]), "capture-admin")
    dest = OUT / "capture"
    dest.mkdir(exist_ok=True)
    os.system(f"chown {USER}: {dest}")
    need(
        as_user(
            f"CAPTURE_WORK=$HOME python3 /opt/site-b/capture_slurm.py user --out {dest}",
            timeout=600,
        ),
        "capture-user",
    )
    return {"files": len(list(dest.iterdir()))}


def cluster_down():
    need(
        run(
            [
                f"{ADMIN_VENV}/bin/python",
                "-m",
                "scalestudy.localcluster",
                "down",
                "--dir",
                CLUSTER_DIR,
            ],
            timeout=300,
        ),
        "cluster-down",
    )
    import psutil

    names = {
        "slurmctld",
        "slurmd",
        "slurmdbd",
        "slurmdbd.trixie",
        "slurmstepd",
        "munged",
        "mariadbd",
    }
    left = [
        f"{p.pid} {p.name()}"
        for p in psutil.process_iter()
        if p.name() in names and p.status() != psutil.STATUS_ZOMBIE
    ]
    if left:
        raise RuntimeError(f"left running: {left}")
    return {}


def site_from_the_wheel():
    """docs/site-install.md through the CLI from the wheel alone (issue #46, acceptance 1): the
    harness's pins and path (a)'s script and pins written by `scalestudy site-install`, the
    script runs from where it was written; then `doctor` on site B's profile: the user's venv
    has no TensorFlow, so the trainer stack fails, and the probe job (which needs none) still
    runs and passes; the trainer and peak jobs are said skipped."""
    need(as_user("scalestudy site-install harness modules --write ~/site"), "site-install")
    helped = need(as_user("~/site/venv-over-modules.sh --help"), "venv-over-modules-help")
    same = run(
        ["cmp", f"{HOME}/site/constraints-harness.txt", "/opt/site-b/constraints-harness.txt"]
    )
    doc = as_user(f"scalestudy doctor site-b.yaml --results results --nodes {NODES} --ppn 1", 900)
    log("doctor", doc)
    return {
        "files": sorted(os.listdir(HOME / "site")),
        "script_help": "venv-over-modules.sh [--venv DIR]" in helped,
        "pins_identical": same.returncode == 0,
        "doctor_exit": doc.returncode,
        "doctor": [line for line in doc.stdout.splitlines() if line.startswith("[")],
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    check("admin_install")(admin_install)
    check("cluster_up")(cluster_up)
    if checks["cluster_up"]["ok"]:
        check("user_install")(user_install)
        if checks["user_install"]["ok"]:
            check("profile_detect")(profile_detect)
            check("sweep_probe_pmix")(sweep)
            check("cancel_pending_task")(cancel_pending_task)
            check("site_from_the_wheel")(site_from_the_wheel)
        check("srun_pmix_openmpi5")(pmix_mpi)
        if checks["user_install"]["ok"] and IMAGE.is_dir():
            check("trainer_image_pmix")(trainer_point)
        if os.environ.get("SITE_B_CAPTURE") == "1":
            check("capture")(capture)
    check("cluster_down")(cluster_down)
    summary = {"checks": checks, "root": json.loads(Path("/site-b-root.json").read_text())}
    (OUT / "summary.json").write_text(json.dumps(summary, indent=1))
    return 0 if all(c["ok"] for c in checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
