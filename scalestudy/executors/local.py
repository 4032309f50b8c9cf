"""The embedded executor: runs each point's script on this machine, one at a time (timings of
concurrent points would mean nothing on a shared 2-core machine).

A rendered point is a shell script, not a Python callable, so this runs the script directly with
bash in its own process group rather than through submitit's LocalExecutor (which pickles
functions); the script is exactly the one `render` shows and the Slurm executor submits.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from scalestudy.executors import failure
from scalestudy.executors.base import Executor, Progress, Submission
from scalestudy.executors.manifest import Attempt, Manifest
from scalestudy.executors.registry import register
from scalestudy.formats import attempt_files, step_log
from scalestudy.plan import Point


def state_from_exit(code: int | None) -> str:
    if code is None:
        return "unknown"
    return step_log.STATUS_BY_EXIT.get(code, "failed")  # a launcher's or a signal's code: failed


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
    marker = attempt_dir / attempt_files.EXIT_CODE
    deadline = time.monotonic() + 5
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return int(marker.read_text().strip()) if marker.exists() else None


@register
class LocalExecutor(Executor):
    """Points run one after another on this machine while `submit` waits."""

    name = "local"

    def submit(self, sub: Submission) -> None:
        pass  # nothing to hand over: `execute` runs the scripts once the lock is released

    def execute(
        self, manifest: Manifest, queued: list[tuple[Point, Path]], progress: Progress | None
    ) -> None:
        remaining = list(queued)
        try:
            while remaining:
                p, adir = remaining[0]
                _set_state(manifest, p.id, state="running", started_at=time.time())
                if progress:
                    progress.start(p)
                code = run_script(adir / attempt_files.JOB_SCRIPT, adir)
                state, reason = failure.classify(state_from_exit(code), [adir / "stdout.log"])
                ended = {"reason": reason} if reason else {}
                _set_state(
                    manifest, p.id, state=state, exit_code=code, ended_at=time.time(), **ended
                )
                remaining.pop(0)
                if progress:
                    progress.done(p, state)
        except KeyboardInterrupt:
            # Leave a clean state: the interrupted point is cancelled, the unstarted ones vanish.
            if remaining:
                p, _ = remaining[0]
                _set_state(manifest, p.id, state="cancelled", ended_at=time.time())
            with manifest.edit() as data:
                for p, adir in remaining[1:]:
                    data.points[p.id].attempts.pop()
                    if not data.points[p.id].attempts:
                        del data.points[p.id]
                    shutil.rmtree(adir, ignore_errors=True)
            raise

    def reconcile(self, records: list[Attempt], sweep_dir: Path) -> None:
        return None  # `execute` records every state as it happens

    def alive(self, attempt: Attempt) -> bool:
        """Whether the `submit` running this attempt is still alive (on another host: assume
        so, it cannot be asked)."""
        if attempt.host != socket.gethostname():
            return True
        try:
            os.kill(int(attempt.submitter_pid), 0)
        except (OSError, TypeError, ValueError):  # TypeError: no submitter_pid recorded
            return False
        return True


def _set_state(manifest: Manifest, point_id: str, **fields) -> None:
    with manifest.edit() as data:
        data.points[point_id].attempts[-1].update(**fields)
