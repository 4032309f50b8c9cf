"""Job scripts stop when their setup fails (issue #33, item 4): modules, environment and
capture run under `set -euo pipefail`; the first command that fails ends the job with exit 96
and a line naming it, before any launch, and the executors call it a setup failure. The launch
itself (its `wait` returns non-zero by design) is not under -e.

The module tests load real modules with Debian's Lmod (scripts/install-system.sh) from the test
modulefiles in tests/modules/, in the job's shell as a site's job gets them: `module` comes
from the submitting environment (here BASH_ENV, which Lmod's login profile sets too)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import psutil
import pytest
import yaml
from support import manifest
from support.skips import require

from scalestudy.cli import main
from scalestudy.executors import failure
from scalestudy.executors.local import local_env
from scalestudy.formats.manifest import Attempt
from scalestudy.plan import make_plan
from scalestudy.submit import render_all
from scalestudy.sweepfile.sweep import load_sweep

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "tests" / "modules"
LMOD_INITS = ("/usr/share/lmod/lmod/init/bash", "/opt/apps/lmod/lmod/init/bash")

SWEEP = {
    "name": "setup",
    "cluster": "local",
    "mode": "weak",
    "nodes": [1],
    "repeats": 2,
    "workload": "probe",
    "probe_seconds": 0.5,
    "time_limit": "00:05:00",
}


@pytest.fixture
def lmod(monkeypatch) -> str:
    """Lmod's `module` in every job shell this test starts (and nothing else's)."""
    init = next((p for p in LMOD_INITS if Path(p).exists()), None)
    require(
        None if init else "Lmod is not installed (scripts/install-system.sh installs Debian's lmod)"
    )
    _no_module(monkeypatch)
    monkeypatch.setenv("BASH_ENV", init)
    monkeypatch.setenv("MODULEPATH", str(MODULES))
    # the job's shell has `module`, a shell function: else a failure below could be "command
    # not found" and the test would pass for the wrong reason
    kind = _in_job_shell("type -t module")
    assert kind == "function", f"no module function in the job's shell ({kind!r})"
    return init


def _no_module(monkeypatch) -> None:
    for name in list(os.environ):
        if name.startswith(("BASH_FUNC_module", "BASH_FUNC_ml")) or name in (
            "BASH_ENV",
            "MODULEPATH",
            "LOADEDMODULES",
        ):
            monkeypatch.delenv(name)


def _in_job_shell(command: str) -> str:
    """What `command` prints in a shell started as the local executor starts a job's."""
    r = subprocess.run(["bash", "-c", command], env=local_env(), capture_output=True, text=True)
    return r.stdout.strip()


def _submit(tmp_path: Path, results: Path, **keys) -> Path:
    sweep = tmp_path / f"{keys.get('name', SWEEP['name'])}.yaml"
    sweep.write_text(yaml.safe_dump({**SWEEP, **keys}))
    assert main(["submit", str(sweep), "--results", str(results)]) == 0
    return sweep


def _attempts(results: Path, name: str) -> list[tuple[Attempt, Path]]:
    out = []
    for a in manifest.lasts(manifest.read(results / name)).values():
        out.append((a, results / name / a.folder))
    assert out
    return out


def _assert_stopped_in_setup(results: Path, name: str, what: str) -> None:
    for attempt, folder in _attempts(results, name):
        assert (folder / "exit_code").read_text().strip() == str(failure.EXIT_SETUP)
        said = (folder / "stdout.log").read_text()
        assert f"{failure.SETUP_FAILED} {what}" in said, said
        assert attempt.state == "failed" and attempt.exit_code == failure.EXIT_SETUP
        assert attempt.reason.startswith(f"setup failed before the launch: {what}")
        # the launcher never ran: no rank wrote anything
        assert not (folder / "logs").exists()
        if what.startswith(("module", "no `module`")):  # nor the capture, after the modules
            assert not (folder / "env").exists()


def test_a_failed_module_load_stops_the_job_before_the_launch(lmod, tmp_path):
    results = tmp_path / "results"
    modules = ["scalestudy-test/1.0", "scalestudy-missing/9.9"]
    _submit(tmp_path, results, modules=modules)
    _assert_stopped_in_setup(results, "setup", "module load scalestudy-missing/9.9")
    for _, folder in _attempts(results, "setup"):
        # Lmod itself said why: the module command ran and refused, it was not missing
        said = (folder / "stdout.log").read_text()
        assert "The following module(s) are unknown" in said and "command not found" not in said


@pytest.mark.mpi
def test_a_module_loads_and_the_job_runs(lmod, mpi_stack, tmp_path):
    profile = yaml.safe_load((ROOT / "templates" / "clusters" / "local.yaml").read_text())
    (tmp_path / "site.yaml").write_text(yaml.safe_dump({**profile, "module_purge": True}))
    results = tmp_path / "results"
    _submit(tmp_path, results, cluster="site.yaml", modules=["scalestudy-test/1.0"], repeats=1)
    [(attempt, folder)] = _attempts(results, "setup")
    assert attempt.state == "completed", (folder / "stdout.log").read_text()
    script = (folder / "job.sh").read_text()
    assert script.index("module purge") < script.index("module load scalestudy-test/1.0")
    assert "scalestudy-test/1.0" in (folder / "env" / "modules.txt").read_text()
    assert (folder / "logs" / "probe.rank0.json").exists()


def test_no_module_command_stops_the_job(monkeypatch, tmp_path):
    _no_module(monkeypatch)
    if _in_job_shell("type -t module"):
        pytest.skip("this environment gives every bash a `module` command")
    results = tmp_path / "results"
    _submit(tmp_path, results, modules=["scalestudy-test/1.0"])
    _assert_stopped_in_setup(results, "setup", "no `module` command in this shell")


def test_any_failing_setup_command_stops_the_job_naming_its_line(monkeypatch, tmp_path):
    """Not only modules: the capture's Python missing (a command -e stops) ends the job too."""
    _no_module(monkeypatch)
    results = tmp_path / "results"
    _submit(tmp_path, results, python="/nonexistent/python3", repeats=1)
    [(_, folder)] = _attempts(results, "setup")
    line = next(
        i + 1
        for i, text in enumerate((folder / "job.sh").read_text().splitlines())
        if text.startswith("/nonexistent/python3 -m scalestudy.capture")
    )
    _assert_stopped_in_setup(results, "setup", f"line {line}: /nonexistent/python3 -m")
    assert "(status 127)" in (folder / "stdout.log").read_text()
    assert (folder / "env" / "modules.txt").exists()  # the step before it ran


def test_a_bundles_failed_setup_marks_every_run_failed(monkeypatch, tmp_path):
    """A bundle (one Slurm job for several runs) stops before its first run; each run gets
    the exit code, so status says failed (not cancelled) with the reason."""
    _no_module(monkeypatch)
    sweep = tmp_path / "bundle.yaml"
    keys = {"cluster": "emulated", "modules": ["scalestudy-test/1.0"], "allocations": 1}
    keys["repeats"] = 1
    keys["trainer"] = {"model": "tiny", "tokens_per_worker": 512}
    keys["matrix"] = {"trainer.sparse_as_dense": [False, True]}
    keys |= {"name": "bundle", "workload": "trainer"}
    sweep.write_text(
        yaml.safe_dump({k: v for k, v in {**SWEEP, **keys}.items() if k != "probe_seconds"})
    )
    loaded = load_sweep(sweep)
    results = tmp_path / "results"
    [(bid, script)] = render_all(loaded, make_plan(loaded), results).items()
    bdir = results / "bundle" / "bundles" / bid / "attempt-1"
    bdir.mkdir(parents=True)
    (bdir / "job.sh").write_text(script)
    r = subprocess.run(["bash", str(bdir / "job.sh")], env=local_env(), capture_output=True)
    assert r.returncode == failure.EXIT_SETUP, r.stderr
    assert (bdir / "exit_code").read_text().strip() == "96"
    runs = [line.split("=", 1)[1] for line in script.splitlines() if line.startswith("  run_dir=")]
    assert len(runs) == 2
    for run in runs:
        folder = Path(run)
        assert (folder / "exit_code").read_text().strip() == "96"
        assert not (folder / "started_at").exists() and not (folder / "logs").exists()
        attempt = Attempt(state="failed", exit_code=96, bundle_folder="bundles/x/attempt-1")
        failure.refine(attempt, sorted(folder.glob("slurm-*.out")))
        assert attempt.reason.startswith("setup failed before the launch: exit code 96")
        assert "bundles/x/attempt-1/slurm-*.out" in attempt.reason


@pytest.mark.mpi
def test_the_launch_is_not_under_errexit(mpi_stack, monkeypatch, tmp_path):
    """A checkpoint signal interrupts the launch's `wait` (status 138): the script forwards
    it and waits again, so the workload's own exit code (4, interrupted) is the job's. Under
    -e the script would end at that `wait` with 138."""
    _no_module(monkeypatch)
    results = tmp_path / "results"
    sweep = tmp_path / "setup.yaml"
    sweep.write_text(yaml.safe_dump({**SWEEP, "repeats": 1, "probe_seconds": 60}))
    done = threading.Thread(
        target=main, args=(["submit", str(sweep), "--results", str(results)],), daemon=True
    )
    done.start()
    deadline = time.monotonic() + 60
    started = []
    while not started and time.monotonic() < deadline:
        started = list(results.glob("setup/*/attempt-1/logs/probe.rank0.started"))
        time.sleep(0.2)
    assert started, "the probe did not start"
    job = started[0].parents[1] / "job.sh"
    shells = [
        p for p in psutil.process_iter(["cmdline"]) if (p.info["cmdline"] or [])[-1:] == [str(job)]
    ]
    assert len(shells) == 1
    shells[0].send_signal(signal.SIGUSR1)
    done.join(timeout=90)
    [(attempt, folder)] = _attempts(results, "setup")
    assert (folder / "exit_code").read_text().strip() == "4"
    assert attempt.state == "interrupted"


def test_a_sigterm_during_the_setup_is_the_jobs_exit_code(monkeypatch, tmp_path):
    """scancel while the capture runs (the whole job's process group gets SIGTERM): the exit
    marker says 143, killed by SIGTERM. Untrapped, bash ran `finish` with the last finished
    command's status, 0, and a cancelled job whose accounting record was late read as completed
    (CI, test_node_failure_and_scancel_then_retry_exactly_those)."""
    _no_module(monkeypatch)
    started = tmp_path / "capture-started"
    slow = tmp_path / "slow-python3"  # the capture's interpreter: seen starting, then waits
    slow.write_text(f"#!/bin/bash\ntouch {started}\nsleep 60\n")
    slow.chmod(0o755)
    sweep = tmp_path / "setup.yaml"
    sweep.write_text(yaml.safe_dump({**SWEEP, "repeats": 1, "python": str(slow)}))
    loaded = load_sweep(sweep)
    results = tmp_path / "results"
    [(pid, script)] = render_all(loaded, make_plan(loaded), results).items()
    folder = results / "setup" / pid / "attempt-1"
    folder.mkdir(parents=True)
    (folder / "job.sh").write_text(script)
    job = subprocess.Popen(
        ["bash", str(folder / "job.sh")],
        env=local_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while not started.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert started.exists(), "the capture did not start"
    os.killpg(job.pid, signal.SIGTERM)  # as slurmstepd signals a cancelled job's processes
    out = job.communicate(timeout=30)[0].decode()
    assert (folder / "exit_code").read_text().strip() == "143", out
    assert job.returncode == 143 and "SIGTERM during the setup" in out
