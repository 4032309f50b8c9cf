"""The per-sweep manifest: point -> attempts -> state, in results/<sweep>/manifest.json.

Every change happens under a file lock and is written atomically (temporary file + rename), so
two `submit` commands at once see one consistent state and a crash never leaves half a file.
A manifest damaged all the same (a partial copy, a full disk in another tool, a hand edit) is
rebuilt from the attempt folders (scalestudy.executors.rebuild), with a warning naming it; the
damaged bytes are kept beside it as manifest.json.damaged-<time>.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scalestudy.executors.states import ACTIVE, DONE, FAILED, NOT_QUEUED, UNKNOWN
from scalestudy.fileio import FolderLock, write_atomic

# the states live in states.py (a leaf: the rebuild reads them); importers find them here too
__all__ = [
    "ACTIVE",
    "DONE",
    "FAILED",
    "NOT_QUEUED",
    "UNKNOWN",
    "Manifest",
    "all_attempts",
    "new_attempt",
    "point_state",
]


class Manifest:
    def __init__(self, sweep_dir: Path):
        self.dir = sweep_dir
        self.path = sweep_dir / "manifest.json"
        # a folder whose file locks fail is refused (exit 3), never written unlocked
        self.lock = FolderLock(sweep_dir / ".manifest.lock")

    def read(self) -> dict:
        if not self.path.exists():
            return {"version": 1, "points": {}}
        try:
            return _parsed(self.path.read_bytes())
        except ValueError as exc:
            return self._rebuild(exc)

    def _rebuild(self, problem: ValueError) -> dict:
        """The manifest from the attempt folders, written in place of the damaged one (kept
        beside it) under the lock, so every later reader sees the rebuilt one."""
        from scalestudy.executors import rebuild

        self.dir.mkdir(parents=True, exist_ok=True)
        with self.lock:
            try:  # another process may have rebuilt it while this one waited for the lock
                return _parsed(self.path.read_bytes())
            except (OSError, ValueError):
                pass
            data = rebuild.from_attempt_folders(self.dir)
            kept = self.dir / f"manifest.json.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
            self.path.replace(kept)
            self._write(data)
        n = sum(len(e["attempts"]) for e in data["points"].values())
        print(
            f"warning: {self.path}: damaged ({problem}); rebuilt from {n} attempt folder(s), "
            f"the damaged file kept as {kept.name}. Slurm jobs without a final state are "
            "looked up by their recorded identity before anything is resubmitted",
            file=sys.stderr,
        )
        return data

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


def _parsed(raw: bytes) -> dict:
    """The manifest's content; ValueError when it is not one (cut short, empty, not JSON)."""
    data = json.loads(raw)  # JSONDecodeError and UnicodeDecodeError are ValueErrors
    if not isinstance(data, dict) or not isinstance(data.get("points"), dict):
        raise ValueError("not a manifest: no points")
    return data


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
