"""`scalestudy doctor PROFILE`: site bring-up, cheapest check first. Each check says what it
saw and, when it fails, the fix:

1. harness: this Python and the harness's packages; the profile's modules, each loaded in a
   login shell (`bash -lc`, after `module purge` when the profile asks); with a `container:`,
   the runtime's binary and the image (docs/containers.md);
2. trainer stack: TensorFlow, Keras and Horovod in the profile's Python (with a container: in
   the image, through the runtime), and the MPI Horovod is
   linked against versus the MPI of the launcher (a mismatch starts singletons);
3. probe job on a real allocation: every rank started where expected, no two ranks of a node
   share CPUs, the checkpoint signal reaches every rank, no node much slower than the others;
4. a three-step trainer job through the same template and launcher as a sweep.

The jobs are ordinary sweeps written under <results>/doctor/<profile>-<time>/, so their
scripts, logs and environment capture can be read afterwards.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from scalestudy import containers, provenance
from scalestudy.errors import SchedulerRefused
from scalestudy.fileio import write_atomic
from scalestudy.formats import attempt_files
from scalestudy.formats.env_capture import EnvFolder, mpi_family, mpi_version
from scalestudy.formats.manifest import known
from scalestudy.measure.peak import PEAK_FILE
from scalestudy.profiles import Profile, load_profile

HARNESS_PACKAGES = [
    "pyyaml", "jinja2", "pydantic", "pandas", "matplotlib", "submitit", "python-hostlist",
    "filelock", "rich", "psutil",
]  # fmt: skip

# Printed by the profile's Python: versions and the MPI that Horovod's extension links to.
STACK_SCRIPT = r"""
import json, glob, os, subprocess
out = {}
try:
    import tensorflow as tf
    out["tensorflow"] = tf.__version__
    import keras
    out["keras"] = keras.__version__
    import horovod, horovod.tensorflow as hvd
    out["horovod"] = horovod.__version__
    out["mpi_built"], out["gloo_built"] = bool(hvd.mpi_built()), bool(hvd.gloo_built())
    libs = glob.glob(os.path.join(os.path.dirname(hvd.__file__), "mpi_lib*.so"))
    ldd = subprocess.run(["ldd", *libs[:1]], capture_output=True, text=True).stdout if libs else ""
    out["libmpi"] = sorted({l.split()[0] for l in ldd.splitlines() if "libmpi" in l})
    from scalestudy.trainer.runtime import mpi_library_version
    out["mpi_library"] = mpi_library_version()
except Exception as exc:
    out["error"] = f"{type(exc).__name__}: {exc}"
print(json.dumps(out))
"""


@dataclass
class Check:
    name: str
    status: str  # ok | FAIL | warn
    detail: str
    fix: str = ""

    def lines(self) -> list[str]:
        out = [f"[{self.status:>4}] {self.name}: {self.detail}"]
        if self.fix and self.status != "ok":
            out.append(f"       fix: {self.fix}")
        return out


def _job_env(profile: Profile) -> dict[str, str]:
    env = {**os.environ, **profile.env}
    bin_dir = str(Path(sys.executable).parent)  # jobs run this harness's python3 first
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    if profile.container:  # what the job script's lines set for the runtime (ch-run's $USER)
        containers.run_env(profile.container, env)
    return env


def _job_python(profile: Profile, folder: Path | None) -> tuple[list[str], str]:
    """The command that runs the jobs' Python, and how to name it: the profile's python, or
    inside the image as the ranks will run (the checkout bound and on PYTHONPATH)."""
    python = profile.python if profile.python != "python3" else sys.executable
    if (c := profile.container) is None:
        return [python], python
    mounts = containers.harness_mounts(c, folder or Path.cwd())
    command = [*containers.single(c, mounts, containers.harness_env(c)), c.python]
    return command, f"{c.python} in {c.image}"


def _run_script(
    command: list[str], script: str, profile: Profile, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    """`script` run by the jobs' Python (`command`) in the jobs' environment."""
    return subprocess.run(
        [*command, "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        env=_job_env(profile),
        cwd=cwd,
    )


def _last_json(r: subprocess.CompletedProcess) -> dict:
    """What a check script printed last: one JSON line."""
    return json.loads(r.stdout.strip().splitlines()[-1])


def check_harness() -> Check:
    missing, versions = [], []
    for dist in HARNESS_PACKAGES:
        try:
            versions.append(f"{dist} {importlib.metadata.version(dist)}")
        except importlib.metadata.PackageNotFoundError:
            missing.append(dist)
    py = sys.version.split()[0]
    # the harness runs on 3.10 to 3.13 (pyproject's requires-python); the trainer's own
    # Python is the trainer stack check's (TensorFlow 2.15: 3.11)
    if missing or not (3, 10) <= sys.version_info[:2] <= (3, 13):
        return Check(
            "harness",
            "FAIL",
            f"Python {py}; missing {', '.join(missing) or 'nothing'}",
            "use Python 3.10 to 3.13 and `pip install scalestudy-*.whl` (or `pip install -e .` "
            "in a checkout) in the harness's environment (docs/site-install.md)",
        )
    return Check(
        "harness",
        "ok",
        f"Python {py} at {sys.executable}; {len(versions)} packages; scalestudy "
        f"{_said(provenance.git_state())}",
    )


def _said(state: dict) -> str:
    commit = (state["commit"] or "")[:12] or "unknown commit"
    commit += "-dirty" if state["dirty"] else ""
    return f"{state['version']} ({commit}, {state['source']}) at {state['package']}"


# What the job's Python imports as scalestudy (run as the ranks run: the profile's python, or
# the image's with the code bound): its version, commit and folder, for check_same_scalestudy.
VERSION_SCRIPT = r"""
import json
try:
    from scalestudy import provenance
    print(json.dumps(provenance.git_state()))
except Exception as exc:
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
"""


def check_same_scalestudy(profile: Profile, folder: Path | None = None) -> Check:
    """The harness and the job's trainer environment run the same scalestudy: its version and
    commit (a checkout's git or the wheel's build stamp). A job that imports another copy
    (an older install on the nodes, a checkout on PYTHONPATH) writes logs this harness may
    misread, and its results name the wrong code."""
    mine = provenance.git_state()
    command, where = _job_python(profile, folder)
    fix = (
        "install the same wheel in the jobs' Python (or put no other scalestudy on its "
        "PYTHONPATH); a container job imports the harness's own code (containers.code_root)"
    )
    try:
        # a job runs in its attempt folder (`python -c` imports from here first)
        theirs = _last_json(_run_script(command, VERSION_SCRIPT, profile, cwd=folder))
    except (OSError, subprocess.SubprocessError, IndexError, ValueError) as exc:
        return Check("same scalestudy", "FAIL", f"{where} did not say its scalestudy: {exc}", fix)
    if "error" in theirs:
        return Check("same scalestudy", "FAIL", f"{where}: {theirs['error']}", fix)
    same = theirs.get("version") == mine["version"] and (
        theirs.get("commit") == mine["commit"]
        # the same folder without git to ask (an image binding the checkout has no git)
        or (theirs.get("commit") is None and theirs.get("package") == mine["package"])
    )
    return Check(
        "same scalestudy",
        "ok" if same else "FAIL",
        f"harness {_said(mine)}; job {_said(theirs)}",
        "" if same else fix,
    )


# Each module loaded in turn in a login-like shell, as a job's setup loads them; a line per
# module says whether it loaded (the job stops at the first that does not: exit 96).
MODULES_SCRIPT = r"""
type module >/dev/null 2>&1 || { echo "scalestudy-modules: no-module-command"; exit 0; }
if [ "$1" = purge ]; then
  module purge || { echo "scalestudy-modules: failed module purge"; exit 0; }
fi
shift
for m in "$@"; do
  module load "$m" || { echo "scalestudy-modules: failed $m"; exit 0; }
  echo "scalestudy-modules: loaded $m"
done
"""


def check_modules(profile: Profile, shell: tuple[str, ...] = ("bash", "-lc")) -> list[Check]:
    """The profile's modules (after `module purge` when it asks for one), loaded one by one in
    `bash -lc` (a login shell: where a site's `module` comes from); none to load: no check."""
    if not profile.modules and not profile.module_purge:
        return []
    purge = "purge" if profile.module_purge else "keep"
    cmd = [*shell, MODULES_SCRIPT, "scalestudy-modules", purge, *profile.modules]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        said, why = r.stdout.splitlines(), [x.strip() for x in r.stderr.splitlines() if x.strip()]
    except (OSError, subprocess.SubprocessError) as exc:
        said, why = [], [f"no login shell ({exc})"]
    marks = [x.removeprefix("scalestudy-modules: ") for x in said if x.startswith("scalestudy-")]
    loaded = [m.removeprefix("loaded ") for m in marks if m.startswith("loaded ")]
    failed = next((m for m in marks if not m.startswith("loaded ")), None)
    first = " (after module purge)" if profile.module_purge else ""
    if failed == "no-module-command":
        return [
            Check(
                "modules",
                "FAIL",
                "no `module` command in a login shell (bash -l), but the profile loads "
                f"{', '.join(profile.modules) or 'none (module_purge)'}",
                "run doctor where jobs are submitted (a login node with Lmod or Environment "
                "Modules), or drop modules/module_purge from the profile",
            )
        ]
    if failed is not None or len(loaded) < len(profile.modules):
        what = (failed or "no answer").removeprefix("failed ")
        return [
            Check(
                "modules",
                "FAIL",
                f"`module {'purge' if what == 'module purge' else 'load ' + what}` failed"
                + (f" after loading {', '.join(loaded)}" if loaded else "")
                + (f": {_shorten(' '.join(why[:3]), 200)}" if why else ""),
                "check the name with `module spider`/`module avail` and fix the profile's "
                "modules: a job stops there before its launch (exit 96)",
            )
        ]
    return [Check("modules", "ok", f"loaded {', '.join(loaded) or 'nothing'}{first} in bash -l")]


def launcher_mpi(profile: Profile) -> tuple[str | None, str]:
    """The MPI family the profile's launcher belongs to, and the first line of the banner it
    printed. The launcher table says how to ask (`mpirun --version`, the profile's
    `mpiexec.hydra --version`); srun cannot say which MPI its ranks link (unknown, never
    assumed); a launcher that prints no banner and starts one family implies it (ibrun: TACC's
    Intel MPI)."""
    from scalestudy import launchers

    implied = launchers.get(profile.launcher).implied_family
    if implied is not None:
        family = launchers.FAMILY_NAMES[implied]
        return implied, f"{profile.launcher} (it starts {family} only)"
    cmd = launchers.version_command(profile)
    if cmd is None:
        return None, f"{profile.launcher} does not name an MPI (the ranks' library decides)"
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=30, env=_job_env(profile))
        text = (out.stdout + out.stderr).strip() if out.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        text = ""
    if not text:  # e.g. an srun-only site without mpirun: unknown, never assumed
        return None, f"no {cmd[0]} on PATH"
    # the family from the whole banner (MPICH's Hydra names MPICH nowhere in its first line)
    return mpi_family(text), text.splitlines()[0]


def check_container(profile: Profile, folder: Path) -> list[Check]:
    """The runtime's binary and the image (none of this without a container): the runtime's
    own checks (containers.Runtime.checks), for jobs writing under `folder`."""
    c = profile.container
    return [] if c is None else [Check(*f) for f in containers.checks(c, folder)]


def check_stack(profile: Profile, folder: Path | None = None) -> list[Check]:
    command, python = _job_python(profile, folder)
    r = None
    try:
        r = _run_script(command, STACK_SCRIPT, profile)
        found = _last_json(r)
    except (OSError, subprocess.SubprocessError, IndexError, json.JSONDecodeError) as exc:
        # what the command said is the useful part (a runtime's own error), not the parse's
        said = (r.stderr.strip().splitlines() or [""])[-1] if r is not None else ""
        return [
            Check(
                "trainer stack",
                "FAIL",
                f"{python} could not report its TensorFlow/Horovod: {said or exc}",
                f"check the profile's python ({profile.python}) and modules"
                + (" (and container.python)" if profile.container else ""),
            )
        ]
    if "error" in found:
        return [
            Check(
                "trainer stack",
                "FAIL",
                f"{python}: {found['error']}",
                "install the trainer's stack (TensorFlow 2.15, Horovod built with MPI) in the "
                "Python the profile names: `scalestudy site-install modules --write DIR` (a venv "
                "over the site's TensorFlow module), or container / spack (docs/site-install.md)",
            )
        ]
    checks = [
        Check(
            "trainer stack",
            "ok" if found["mpi_built"] else "FAIL",
            f"TensorFlow {found['tensorflow']}, Keras {found['keras']}, Horovod "
            f"{found['horovod']} (MPI built: {found['mpi_built']}, Gloo: {found['gloo_built']})",
            "rebuild Horovod with HOROVOD_WITH_MPI=1 against the site MPI",
        )
    ]
    horovod_mpi = mpi_family(found.get("mpi_library")) or mpi_family(" ".join(found["libmpi"]))
    launcher, banner = launcher_mpi(profile)
    same = horovod_mpi is not None and horovod_mpi == launcher == profile.mpi
    # an unknown launcher MPI is not evidence of a mismatch: say so, the trainer job decides
    unknown = launcher is None and horovod_mpi is not None and horovod_mpi == profile.mpi
    checks.append(
        Check(
            "MPI match",
            "ok" if same else "warn" if unknown else "FAIL",
            f"Horovod links {horovod_mpi or 'an unknown MPI'} "
            f"({found.get('mpi_library') or ', '.join(found['libmpi']) or 'no libmpi'}); the "
            f"launcher {profile.launcher} runs {launcher or 'an unknown MPI'} ({banner}); the "
            f"profile says {profile.mpi}",
            "ranks would start as singletons: load the MPI module Horovod was built with (the "
            "profile's modules), or rebuild Horovod against the launcher's MPI "
            "(HOROVOD_WITH_MPI=1 pip install --no-cache-dir horovod with that MPI loaded)",
        )
    )
    return checks


# -- jobs --------------------------------------------------------------------------------------
def _sweep_file(folder: Path, name: str, profile_path: Path, nodes: int, ppn: int, **extra) -> Path:
    spec = {
        "name": name,
        "cluster": str(profile_path),
        "mode": "weak",
        "nodes": [nodes],
        "ppn": ppn,
        # minutes to spare: a busy node's TensorFlow start must not meet the checkpoint signal
        # (sent signal_margin before the limit), which would read as a failed trainer job
        "time_limit": "00:10:00",
        "slurm": {"exclusive": False},
        "trainer": {
            "model": "tiny",
            "tokens_per_worker": 512,
            "steps": 3,
            "timing_warmup_steps": 1,
            # the check is that the trainer starts, exchanges and logs on this site: the compute
            # probe (a second trace after the last step, ~15% of the job) measures nothing here
            "compute_probe_steps": 0,
        },
        **extra,
    }
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(spec))
    return path


def _run_job(sweep: Path, results: Path, executor: str, during=None, timeout: float = 900):
    """Submit a one-point sweep and wait for it; `during(attempt_dir, job_id)` is called while
    it runs (until it returns True: every 0.5 s until then, every 3 s after, sooner once the
    job wrote its exit code). Returns the final attempt record and its folder."""
    from scalestudy.executors import registry, states
    from scalestudy.executors.manifest import Manifest
    from scalestudy.plan import make_plan
    from scalestudy.submit import submit, sweep_dir
    from scalestudy.sweepfile.sweep import load_sweep

    loaded = load_sweep(sweep)
    points = make_plan(loaded)
    submit(loaded, points, results, executor=executor)
    sdir = sweep_dir(results, loaded).resolve()
    manifest = Manifest(sdir)
    deadline = time.monotonic() + timeout
    done_during = during is None
    while True:
        with manifest.edit() as data:
            registry.reconcile(sdir, data)
        (entry,) = data.points.values()
        attempt = entry.attempts[-1]
        adir = sdir / attempt.folder
        if attempt.state not in states.ACTIVE:
            return attempt, adir
        if not done_during:
            done_during = bool(during(adir, attempt.job_id or None))
        if time.monotonic() > deadline:
            return attempt, adir
        _until_exit_file(adir, 3.0 if done_during else 0.5)


def _until_exit_file(adir: Path, seconds: float) -> None:
    """Sleep up to `seconds` before the next reconcile, less once the job has written its
    exit_code (job.sh's EXIT trap, its last write; the scheduler says it ended soon after). A
    job that ends without writing it is seen by the reconcile every `seconds`."""
    end = time.monotonic() + seconds
    time.sleep(0.25)
    while time.monotonic() < end and not (adir / attempt_files.EXIT_CODE).exists():
        time.sleep(0.25)


def check_probe(
    profile: Profile, profile_path: Path, folder: Path, nodes: int, ppn: int
) -> list[Check]:
    from scalestudy.executors import registry

    executor = registry.get(profile.scheduler)
    sweep = _sweep_file(
        folder, "doctor-probe", profile_path, nodes, ppn, workload="probe", probe_seconds=60
    )
    workers = nodes * ppn
    signalled = []

    def signal_when_started(adir: Path, job: str | None) -> bool:
        started = len(list((adir / "logs").glob("probe.rank*.started")))
        if started < workers or job is None:
            return False
        # as the scheduler does before a time limit: USR1 to the batch shell, which forwards it
        executor.signal_job(job, "USR1")
        signalled.append(time.time())
        return True

    attempt, adir = _run_job(
        sweep,
        folder,
        executor.name,
        during=signal_when_started if executor.delivers_signals else None,
    )
    verdict_path = adir / "logs" / "probe-check.json"
    if not verdict_path.exists():
        out = next(adir.glob("slurm-*.out"), None)
        tail = out.read_text(errors="replace").strip().splitlines()[-3:] if out else []
        return [
            check_job_mpi(profile, adir),
            Check(
                "probe job",
                "FAIL",
                f"{attempt.state} (job {known(attempt.job_id)}) before every rank reported; "
                f"{' | '.join(tail) or 'no output'}",
                f"read {adir}/job.sh and its slurm-*.out: the launcher line or the profile's "
                "partition/modules are wrong",
            ),
        ]
    verdict = json.loads(verdict_path.read_text())
    reports = [json.loads(p.read_text()) for p in (adir / "logs").glob("probe.rank*.json")]
    nodes_seen = sorted({r.get("slurm_node") or r["host"] for r in reports})
    binds = profile.bind != "none"
    checks = [
        check_job_mpi(profile, adir),
        Check(
            "probe placement and binding",
            "ok" if verdict["ok"] else "FAIL",
            f"{len(reports)} rank(s) on {len(nodes_seen)} node(s)"
            # what the binding was held to: the profile's intent (bind: none shares cores)
            + (", each node's ranks on disjoint CPUs" if binds else ", unbound (bind: none)")
            + ("" if verdict["ok"] else ": " + "; ".join(verdict["problems"][:4])),
            "fix the launcher's mapping/binding in the profile (see job.sh) or the cluster's "
            "TaskPlugin (srun binds only with task/affinity or task/cgroup)",
        ),
    ]
    if executor.delivers_signals:
        missed = [r["rank"] for r in reports if "SIGUSR1" not in r.get("received_signals", [])]
        checks.append(
            Check(
                "checkpoint signal",
                "ok" if signalled and not missed else "FAIL",
                f"USR1 to the batch shell reached {len(reports) - len(missed)} of "
                f"{len(reports)} ranks",
                "the launcher must run in the background and the batch shell forward USR1 "
                "(templates/clusters/job.sh.j2); srun needs --signal or the forward trap",
            )
        )
    else:
        checks.append(Check("checkpoint signal", "warn", "not checked without Slurm"))
    slow = verdict.get("slow_nodes", {})
    checks.append(
        Check(
            "node speed",
            "warn" if slow else "ok",
            ", ".join(f"{n} {x:g}x slower" for n, x in slow.items())
            or f"no node more than 1.5x slower than the median ({len(nodes_seen)} node(s))",
            f"keep them out: slurm: {{exclude_nodes: [{', '.join(slow)}]}} in the sweep",
        )
    )
    return checks


def check_job_mpi(profile: Profile, adir: Path) -> Check:
    """The MPI a job of this profile really ran (the library its capture found in the job's
    own environment: env/mpi.txt, after the profile's modules) against the profile's `mpi:`
    (the launch-time "MPI match" compares what the login node sees). A module that did not set
    up the profile's MPI (Intel MPI without I_MPI_ROOT) makes the job run another one."""
    env = EnvFolder(adir / "env")  # the report's and compare's reader: one damage policy
    path = env.folder / "mpi.txt"
    text, why = env.command_output("mpi.txt")
    ran = mpi_family(text)
    if ran is None:
        said = "; ".join(env.warnings) or (text.splitlines()[0][:80] if text else why)
        return Check(
            "MPI the job ran",
            "warn",
            f"not recorded ({path}: {said})",
            "the job's capture names its MPI from the profile's modules: load them as the job does",
        )
    said = f"the probe job ran {mpi_version(text or '')} ({path})"
    if ran != profile.mpi:
        return Check(
            "MPI the job ran",
            "FAIL",
            f"{said}; the profile says mpi: {profile.mpi}",
            "the profile's modules must set up its MPI in the job (Intel MPI: I_MPI_ROOT and "
            "its bin/ first on PATH: `module show` the module), or set mpi: to the family the "
            "site's module provides",
        )
    return Check("MPI the job ran", "ok", f"{said}, as the profile says")


def peak_threads(profile: Profile, nodes: int, ppn: int) -> int:
    """A rank's share of its node's cores (emulated nodes share one host's)."""
    per_host = ppn * (nodes if profile.emulated_nodes else 1)
    return max(1, profile.cores_per_node // per_host)


def node_types(reports: list[dict]) -> dict[str, dict]:
    """Per CPU model (a node type): its nodes, ranks and the median rank's fp32 and bf16
    matmul rates (FLOP/s)."""
    out: dict[str, dict] = {}
    for r in reports:
        t = out.setdefault(r.get("cpu_model") or "unknown", {"nodes": set(), "rates": {}})
        t["nodes"].add(r.get("slurm_node") or r.get("host"))
        for dtype, found in (r.get("peak") or {}).items():
            t["rates"].setdefault(dtype, []).append(float(found["flops_per_s"]))
    return {
        model: {
            "nodes": sorted(t["nodes"]),
            "ranks": len(next(iter(t["rates"].values()), [])),
            **{dtype: statistics.median(v) for dtype, v in sorted(t["rates"].items())},
        }
        for model, t in sorted(out.items())
    }


def check_peak(
    profile: Profile,
    profile_path: Path,
    folder: Path,
    nodes: int,
    ppn: int,
    threads: int,
    seconds: float | None = None,
) -> Check:
    """Each node type's dense matmul rate per rank, fp32 and bf16, every rank of a node at
    once with `threads` threads (the report reads peak.json: achieved FLOP/s as a share),
    timed for `seconds` per precision (None: the workload's default, `peak_seconds`)."""
    budget = {} if seconds is None else {"peak_seconds": seconds}
    sweep = _sweep_file(
        folder,
        "doctor-peak",
        profile_path,
        nodes,
        ppn,
        workload="peak",
        threads_per_worker=threads,
        **budget,
    )
    attempt, adir = _run_job(sweep, folder, profile.scheduler)
    reports = []
    for path in sorted((adir / "logs").glob("peak.rank*.json")):
        with contextlib.suppress(OSError, ValueError):
            reports.append(json.loads(path.read_text()))
    if attempt.state != "completed" or not reports:
        return Check(
            "matmul peak",
            "FAIL",
            f"{attempt.state} (exit code {known(attempt.exit_code)}); see {adir}",
            "read the attempt's slurm-*.out (the peak job runs TensorFlow like the trainer)",
        )
    types = node_types(reports)
    peak = {
        "profile": profile.name,
        "measured_at": time.time(),
        "threads_per_rank": threads,
        "ppn": ppn,
        "onednn": reports[0].get("onednn"),
        "tensorflow": reports[0].get("tensorflow"),
        "node_types": types,
    }
    write_atomic(folder / PEAK_FILE, json.dumps(peak, indent=1))
    said = "; ".join(
        f"{model}: fp32 {t.get('float32', 0) / 1e9:.1f}, bf16 {t.get('bfloat16', 0) / 1e9:.1f} "
        f"GFLOP/s per rank ({len(t['nodes'])} node(s))"
        for model, t in types.items()
    )
    return Check(
        "matmul peak", "ok", f"{said}; {threads} thread(s) per rank, {ppn} rank(s) per node"
    )


def check_trainer(
    profile: Profile, profile_path: Path, folder: Path, nodes: int, ppn: int
) -> list[Check]:
    """The trainer job, and the MPI its ranks loaded (check_ranks_mpi)."""
    sweep = _sweep_file(folder, "doctor-trainer", profile_path, nodes, ppn)
    attempt, adir = _run_job(sweep, folder, profile.scheduler)
    return [_trainer_job(profile, attempt, adir, nodes, ppn), check_ranks_mpi(profile, adir)]


def check_ranks_mpi(profile: Profile, adir: Path) -> Check:
    """The MPI library each rank of a job really loaded (its step-log header: the libmpi in
    its /proc/self/maps) against the profile's `mpi:`. The capture's mpi.txt ("MPI the job
    ran") asks the family the profile names when it is installed: a job whose Horovod links
    another MPI is seen here."""
    from scalestudy.formats.env_capture import loaded_mpi, loaded_mpi_said

    libs = loaded_mpi(adir)
    if not libs:
        return Check(
            "MPI the ranks loaded",
            "warn",
            f"no rank recorded its MPI library ({adir / 'logs'})",
            "the trainer's ranks record it when Horovod runs on MPI: read the job's output",
        )
    said = loaded_mpi_said(libs, {"mpi_family": profile.mpi, "mpi_family_from": "asked"}, None)
    families = {mpi_family(lib) for lib in libs}
    if families != {profile.mpi}:
        return Check(
            "MPI the ranks loaded",
            "FAIL",
            said,
            "the job's Horovod links another MPI than the profile's: use the profile's "
            "python (a venv whose Horovod was built against the site MPI), or set mpi: to "
            "the family the ranks load",
        )
    return Check("MPI the ranks loaded", "ok", said)


def _trainer_job(profile: Profile, attempt, adir: Path, nodes: int, ppn: int) -> Check:
    if attempt.state == "completed":
        return Check(
            "trainer job", "ok", f"3 steps on {nodes} node(s) x {ppn} (job {known(attempt.job_id)})"
        )
    texts = [p.read_text(errors="replace") for p in adir.glob("slurm-*.out")]
    texts += [p.read_text(errors="replace") for p in (adir / "logs").glob("*.jsonl")]
    # Horovod's own check (exit 5, "singletons") or MPI failing to start under this launcher
    signs = ("singletons", "OPAL ERROR", "MPI_Init", "PMIx_Init", "PMI2_Init", "orte_init")
    mismatch = next(
        (line for t in texts for line in t.splitlines() if any(x in line for x in signs)), None
    )
    if mismatch is not None or known(attempt.exit_code) == 5:
        return Check(
            "trainer job",
            "FAIL",
            f"launcher mismatch (exit code {known(attempt.exit_code)}): "
            f"{_shorten(mismatch or 'ranks did not see each other')}",
            f"the launcher {profile.launcher} does not start ranks Horovod's MPI can join: use "
            "the mpirun of the MPI Horovod was built with (profile launcher: mpirun), or "
            "rebuild Horovod against the site MPI",
        )
    return Check(
        "trainer job",
        "FAIL",
        f"{attempt.state} (exit code {known(attempt.exit_code)}); see {adir}",
        "read the attempt's slurm-*.out and logs/rank00000.jsonl",
    )


def _shorten(text: str, n: int = 300) -> str:
    text = text.strip()
    if '"message":' in text:  # a JSON log line: its message only
        with contextlib.suppress(json.JSONDecodeError):
            text = json.loads(text).get("message", text)
    return text if len(text) <= n else text[: n - 3] + "..."


# Each check doctor may skip, and the checks it cannot run without (by name, a prefix: "probe"
# is the probe job's checks): every check whose needs passed runs, so one failure hides no
# other problem. The probe job needs no TensorFlow (the trainer stack); the trainer job needs
# it; an MPI mismatch does not stop the jobs (the trainer job shows it best).
NEEDS: dict[str, tuple[str, ...]] = {
    "trainer stack": ("harness", "modules", "container"),
    "same scalestudy": ("harness", "modules", "container"),
    "probe job": ("harness", "modules", "container", "same scalestudy"),
    "trainer job": ("harness", "modules", "container", "same scalestudy", "trainer stack"),
    "matmul peak": ("trainer job",),
}


def _unless_blocked(checks: list[Check], name: str) -> bool:
    """Whether the check `name` can run (each of its NEEDS passed or was never asked); when
    not, a `skip` line naming the failed (or skipped) checks it needs, so every check is said."""
    stopped = {
        c.name: "failed" if c.status == "FAIL" else "not run"
        for c in checks
        if c.status in ("FAIL", "skip") and c.name.startswith(NEEDS[name])
    }
    if stopped:
        needs = ", ".join(f"{n} ({why})" for n, why in sorted(stopped.items()))
        checks.append(Check(name, "skip", f"not run: it needs {needs}"))
    return not stopped


def run(
    profile_ref: str,
    results: Path,
    nodes: int,
    ppn: int,
    jobs: bool = True,
    threads: int | None = None,
    peak_seconds: float | None = None,
) -> list[Check]:
    profile, profile_path = load_profile(profile_ref, relative_to=Path.cwd())
    folder = (results / "doctor" / f"{profile.name}-{time.strftime('%Y%m%d-%H%M%S')}").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    checks = [check_harness(), *check_modules(profile), *check_container(profile, folder)]
    if _unless_blocked(checks, "trainer stack"):
        checks += check_stack(profile, folder)
    if _unless_blocked(checks, "same scalestudy"):
        checks.append(check_same_scalestudy(profile, folder))
    if jobs:
        try:
            path = profile_path.resolve()
            if _unless_blocked(checks, "probe job"):
                checks += check_probe(profile, path, folder, nodes, ppn)
            if _unless_blocked(checks, "trainer job"):
                checks += check_trainer(profile, path, folder, nodes, ppn)
            if _unless_blocked(checks, "matmul peak"):  # it runs TensorFlow as the trainer does
                t = threads or peak_threads(profile, nodes, ppn)
                checks.append(check_peak(profile, path, folder, nodes, ppn, t, peak_seconds))
        except SchedulerRefused as exc:
            checks.append(
                Check(
                    "scheduler",
                    "FAIL",
                    str(exc).split("\nhint: ")[0],
                    "fit --nodes/--ppn to the partition (sinfo) or fix the profile's partition",
                )
            )
    (folder / "doctor.json").write_text(json.dumps([c.__dict__ for c in checks], indent=1))
    return checks
