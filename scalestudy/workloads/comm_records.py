"""What the comm workload leaves behind, as the harness reads it: rank 0's <log_dir>/comm.json.
Apart from the workload itself (a Horovod job, `scalestudy.workloads.comm`) so that `collect`
reads it without importing anything that imports TensorFlow or Horovod."""

from __future__ import annotations

import json
from pathlib import Path

SCHEMA = "scalestudy.comm/1"
RESULT_FILE = "comm.json"


def records_of(log_dir: str | Path) -> dict | None:
    """The document rank 0 wrote, or None when there is none (no TensorFlow needed)."""
    path = Path(log_dir) / RESULT_FILE
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None
    return doc if doc.get("schema") == SCHEMA else None
