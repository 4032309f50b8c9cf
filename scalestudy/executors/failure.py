"""Why a failed attempt failed, when its own output says so. An allocation that fails inside
TensorFlow's C++ kernels (a process memory limit such as `rank_memory_limit_gb`, or a node out
of memory) aborts the rank with std::bad_alloc before Python can catch anything: the exit code
alone says only "failed" (134). The output names the cause, so it decides `out_of_memory`.
A rank killed by the kernel's OOM killer leaves no such line (SIGKILL, like scancel): there the
scheduler's accounting (sacct OUT_OF_MEMORY, with cgroup enforcement) is what can tell."""

from __future__ import annotations

from pathlib import Path

# what a rank prints when an allocation fails (C++, Python, TensorFlow's own check)
MEMORY_FAILURES = (
    "std::bad_alloc",
    "MemoryError",
    "ResourceExhaustedError",
    "OOM when allocating tensor",
)
_TAIL_BYTES = 256 * 1024  # the end of the output is where a rank's death is reported


def memory_failure(outputs: list[Path]) -> str | None:
    """The first line of these output files that reports a failed allocation, else None."""
    for path in outputs:
        try:
            with open(path, "rb") as fh:
                fh.seek(max(0, path.stat().st_size - _TAIL_BYTES))
                text = fh.read().decode(errors="replace")
        except OSError:
            continue
        for line in text.splitlines():
            if any(m in line for m in MEMORY_FAILURES):
                return line.strip()[:300]
    return None


def classify(state: str, outputs: list[Path]) -> tuple[str, str | None]:
    """(state, reason): `failed` becomes `out_of_memory` when the output reports a failed
    allocation, with that line as the reason. An attempt already `out_of_memory` (the trainer
    caught the allocation error itself and exited with its own code) gets the same reason, so
    both ways a point runs out of memory read alike. Any other state is left as it is."""
    if state not in ("failed", "out_of_memory"):
        return state, None
    line = memory_failure(outputs)
    return ("out_of_memory", f"an allocation failed: {line}") if line else (state, None)


def refine(attempt: dict, outputs: list[Path]) -> None:
    """`classify` an attempt record in place, once (a refresh does not reread its output)."""
    if attempt.get("state") not in ("failed", "out_of_memory") or attempt.get("failure_checked"):
        return
    attempt["failure_checked"] = True
    state, reason = classify(attempt["state"], outputs)
    if reason and not attempt.get("reason"):
        attempt.update(state=state, reason=reason)
