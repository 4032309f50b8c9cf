"""The embedded executor: runs each point's script on this machine, one at a time (timings of
concurrent points would mean nothing on a shared 2-core machine).

A rendered point is a shell script, not a Python callable, so this runs the script directly with
bash in its own process group rather than through submitit's LocalExecutor (which pickles
functions); the script is exactly the one `render` shows and the Slurm executor submits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from scalestudy.contract import step_log


def state_from_exit(code: int | None) -> str:
    if code is None:
        return "unknown"
    return {
        step_log.EXIT_COMPLETED: "completed",
        step_log.EXIT_DIVERGED: "diverged",
        step_log.EXIT_INTERRUPTED: "interrupted",
    }.get(code, "failed")


def local_env() -> dict[str, str]:
    env = dict(os.environ)
    # The profile says `python3`: make it this harness's interpreter (its venv), as a site's
    # `module load` would.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def run_script(script: Path, attempt_dir: Path) -> int | None:
    """Run one point's script to the end; Ctrl-C stops the whole process group cleanly."""
    with open(attempt_dir / "stdout.log", "ab") as out:
        proc = subprocess.Popen(
            ["bash", str(script)],
            cwd=attempt_dir,
            env=local_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            proc.wait()
        except KeyboardInterrupt:
            # TERM to the job's shell only: it forwards USR1 to the launcher, the ranks
            # checkpoint at their next step and exit before mpirun and the shell do. A job that
            # does not end in time is killed as a whole.
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            raise
    marker = attempt_dir / "exit_code"
    deadline = time.monotonic() + 5
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return int(marker.read_text().strip()) if marker.exists() else None
