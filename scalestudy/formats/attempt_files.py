"""The files of an attempt folder (and of a bundle member's run folder), named once: the job
script templates write them (render passes these names), the executors write or wait on them,
collect, doctor and archive read them."""

from __future__ import annotations

import re
from pathlib import Path

POINT_JSON = "point.json"  # the point's config as its job reads it (layout.point_json)
JOB_SCRIPT = "job.sh"  # the exact script the job ran, byte for byte what `render` showed
STARTED_AT = "started_at"  # a bundle member's start (epoch seconds), written as it starts
EXIT_CODE = "exit_code"  # the job's (or member's) exit code, written last, atomically
# env/'s index of the capture (scalestudy/capture.py, written last): each file's command and
# exit code, the harness's facts (formats/env_capture reads it)
CAPTURE_INDEX = "capture.json"

# what an archive keeps of every attempt besides logs/ and env/
ATTEMPT_FILES = (POINT_JSON, JOB_SCRIPT, EXIT_CODE, STARTED_AT)
ATTEMPT = re.compile(r"attempt-(\d+)$")  # an attempt folder's name: attempt-1, attempt-2, ...
ATTEMPT_GLOB = "attempt-*"  # every attempt folder of a point (glob; attempt_number tells k)


def attempt_name(k: int) -> str:
    """The folder of a point's k-th attempt (k from 1), as ATTEMPT reads it back."""
    return f"attempt-{int(k)}"


def attempt_number(folder: Path) -> int | None:
    """k of an attempt folder attempt-k (None: not one), so attempts sort as numbers."""
    m = ATTEMPT.fullmatch(folder.name)
    return int(m.group(1)) if m else None


def template_names() -> dict[str, str]:
    """The names as the job script templates see them (`files.exit_code`, ...)."""
    return {
        "point_json": POINT_JSON,
        "job_script": JOB_SCRIPT,
        "started_at": STARTED_AT,
        "exit_code": EXIT_CODE,
    }
