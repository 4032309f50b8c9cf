"""Why a failed attempt failed, when its own output says so. An allocation that fails inside
TensorFlow's C++ kernels (a process memory limit such as `rank_memory_limit_gb`, or a node out
of memory) aborts the rank with std::bad_alloc before Python can catch anything: the exit code
alone says only "failed" (134). The output names the cause, so it decides `out_of_memory`.
A rank killed by the kernel's OOM killer leaves no such line (SIGKILL, like scancel): there the
scheduler's accounting (sacct OUT_OF_MEMORY, with cgroup enforcement) is what can tell.

A job script whose setup failed (a `module load`, an export, `ulimit`, the capture) stops
before any launch with exit code EXIT_SETUP and one line naming the command
(templates/clusters/partials/prologue.sh.j2): that attempt is `failed` with that line as the
reason. Any other `failed` attempt gets the first error line of its output (`first_error`: a
Python exception's line, a tool's `error:`), so `status` says why without opening the log."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from scalestudy.formats.manifest import known

if TYPE_CHECKING:
    from scalestudy.formats.manifest import Attempt

# what a rank prints when an allocation fails (C++, Python, TensorFlow's own check)
MEMORY_FAILURES = (
    "std::bad_alloc",
    "MemoryError",
    "ResourceExhaustedError",
    "OOM when allocating tensor",
)
_TAIL_BYTES = 256 * 1024  # the end of the output is where a rank's death is reported

# The job scripts' own exit codes (beside the workload's, formats/step_log.py): the setup
# failed before the launch; the attempt folder (or an array task's point) was not there.
EXIT_SETUP = 96
EXIT_NO_FOLDER = 97
SETUP_FAILED = "scalestudy: setup failed before the launch:"  # the line the script prints


def _tail(path: Path) -> str | None:
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, path.stat().st_size - _TAIL_BYTES))
            return fh.read().decode(errors="replace")
    except OSError:
        return None


def memory_failure(outputs: list[Path]) -> str | None:
    """The first line of these output files that reports a failed allocation, else None."""
    for path in outputs:
        text = _tail(path)
        for line in (text or "").splitlines():
            if any(m in line for m in MEMORY_FAILURES):
                return line.strip()[:300]
    return None


# an error line of any failure: a Python exception's own line (the one a traceback ends with:
# `ModuleNotFoundError: No module named 'tensorflow'`), or a tool's `...error:` / `FATAL:`
# (`srun: error: ...`, `Lmod has detected the following error: ...`)
ERROR_LINE = re.compile(
    r"^(?:[A-Za-z_][\w.]*(?:Error|Exception|Interrupt)(?::|$)|.*\b(?:error|Error|ERROR|FATAL)\s*:)"
)


def first_error(outputs: list[Path]) -> str | None:
    """The first error line of these output files (ERROR_LINE), else None."""
    for path in outputs:
        text = _tail(path)
        for line in (text or "").splitlines():
            if ERROR_LINE.match(line.strip()):
                return line.strip()[:300]
    return None


def setup_failure(outputs: list[Path]) -> str | None:
    """What the job script's setup said when it stopped (what failed), else None."""
    for path in outputs:
        text = _tail(path)
        for line in (text or "").splitlines():
            if line.startswith(SETUP_FAILED):
                return line.removeprefix(SETUP_FAILED).strip()[:300]
    return None


def classify(
    state: str, outputs: list[Path], exit_code: int | None = None
) -> tuple[str, str | None]:
    """(state, reason): a `failed` attempt whose script stopped in its setup (its line in the
    output, or exit code EXIT_SETUP) stays `failed` with "setup failed before the launch: what"
    as the reason; `failed` becomes `out_of_memory` when the output reports a failed
    allocation, with that line as the reason. An attempt already `out_of_memory` (the trainer
    caught the allocation error itself and exited with its own code) gets the same reason, so
    both ways a point runs out of memory read alike. Another `failed` attempt has the first error
    line of its output as the reason, when there is one. Any other state is left as it is."""
    if state not in ("failed", "out_of_memory"):
        return state, None
    if state == "failed":
        what = setup_failure(outputs)
        if what or exit_code == EXIT_SETUP:
            said = what or (
                f"exit code {EXIT_SETUP} (a module, the environment or the capture; the line "
                "naming it is in the job's output)"
            )
            return "failed", f"setup failed before the launch: {said}"
    line = memory_failure(outputs)
    if line:
        return "out_of_memory", f"an allocation failed: {line}"
    error = first_error(outputs) if state == "failed" else None
    return state, (f"the first error of its output: {error}" if error else None)


def refine(attempt: Attempt, outputs: list[Path]) -> None:
    """`classify` an attempt record in place, once (a refresh does not reread its output). A
    bundle's run stopped by the bundle's setup has the exit code but not the output (that is
    the bundle's, in its `bundle_folder`)."""
    if attempt.state not in ("failed", "out_of_memory") or attempt.failure_checked:
        return
    attempt.failure_checked = True
    state, reason = classify(attempt.state, outputs, known(attempt.exit_code))
    if reason and attempt.bundle_folder and not outputs:
        reason += f" (the bundle's output: {attempt.bundle_folder}/slurm-*.out)"
    if reason and not attempt.reason:
        attempt.update(state=state, reason=reason)
