"""The per-sweep manifest: point -> attempts -> state, in results/<sweep>/manifest.json.

Every change happens under a file lock and is written atomically (temporary file + rename), so
two `submit` commands at once see one consistent state and a crash never leaves half a file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock

from scalestudy.fileio import write_atomic

ACTIVE = {"submitted", "pending", "running"}
DONE = {"completed"}
FAILED = {
    "failed",
    "diverged",
    "timeout",
    "interrupted",
    "cancelled",
    "node_fail",
    "out_of_memory",
    "preempted",
}
# neither resubmitted nor counted done: it may still be running. "submitting": the intent to
# sbatch is on disk but no job id (a submit died or sbatch's answer was lost): its job is
# looked up by identity before anything is resubmitted
UNKNOWN = {"unknown", "submitting"}
NOT_QUEUED = "not_queued"  # looked up and never queued: the next submit runs it


class Manifest:
    def __init__(self, sweep_dir: Path):
        self.dir = sweep_dir
        self.path = sweep_dir / "manifest.json"
        self.lock = FileLock(str(sweep_dir / ".manifest.lock"))

    def read(self) -> dict:
        if not self.path.exists():
            return {"version": 1, "points": {}}
        return json.loads(self.path.read_text())

    def _write(self, data: dict) -> None:
        # durable before it counts: a manifest that says a job was queued must survive a crash
        # of this host right after sbatch (file synced before the rename, folder after)
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True), durable=True)

    def flush(self, data: dict) -> None:
        """Write the manifest being edited now, before the `edit` block ends (the caller holds
        the lock): submission records its intent before each sbatch and the job id after."""
        self._write(data)

    @contextmanager
    def edit(self) -> Iterator[dict]:
        self.dir.mkdir(parents=True, exist_ok=True)
        with self.lock:
            data = self.read()
            yield data
            self._write(data)


def all_attempts(data: dict) -> list[dict]:
    return [a for e in data["points"].values() for a in e["attempts"]]


def point_state(entry: dict | None) -> str:
    if not entry or not entry.get("attempts"):
        return "planned"
    return entry["attempts"][-1]["state"]


def new_attempt(data: dict, point_id: str, **fields) -> dict:
    entry = data["points"].setdefault(point_id, {"attempts": []})
    attempt = {
        "attempt": len(entry["attempts"]) + 1,
        "state": "submitted",
        "submitted_at": time.time(),
    } | fields
    entry["attempts"].append(attempt)
    return attempt
