"""The per-sweep manifest: point -> attempts -> state, in results/<sweep>/manifest.json. Its
records are typed (scalestudy.formats.manifest: ManifestFile, Attempts, Attempt); this module
reads and writes them.

Every change happens under a file lock and is written atomically (temporary file + rename), so
two `submit` commands at once see one consistent state and a crash never leaves half a file.
A manifest damaged all the same (a partial copy, a full disk in another tool: not a manifest at
all) is rebuilt from the attempt folders (scalestudy.executors.rebuild), with a warning naming
it; the damaged bytes are kept beside it as manifest.json.damaged-<time>. One that reads but has
a key of the wrong type or an unknown key (a hand edit) is a DamagedFile naming the file and the
key (exit 2), left as it is: rebuilding over it would drop what it still says.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scalestudy.errors import DamagedFile
from scalestudy.executors.states import ACTIVE, DONE, FAILED, NOT_QUEUED, OPEN, UNKNOWN
from scalestudy.fileio import FolderLock, write_atomic
from scalestudy.formats.manifest import Attempt, Attempts, ManifestFile, decode, encode

# the states live in states.py (a leaf: the rebuild reads them); importers find them here too
__all__ = [
    "ACTIVE",
    "DONE",
    "FAILED",
    "NOT_QUEUED",
    "OPEN",
    "UNKNOWN",
    "Attempt",
    "Attempts",
    "Manifest",
    "ManifestFile",
    "new_attempt",
]


class Manifest:
    def __init__(self, sweep_dir: Path):
        self.dir = sweep_dir
        self.path = sweep_dir / "manifest.json"
        # a folder whose file locks fail is refused (exit 3), never written unlocked
        self.lock = FolderLock(sweep_dir / ".manifest.lock")

    def read(self) -> ManifestFile:
        """The records (typed: scalestudy.formats.manifest); a file with a damaged key is a
        DamagedFile naming it (exit 2), one that is no manifest at all is rebuilt."""
        if not self.path.exists():
            return ManifestFile.empty()
        try:
            return decode(self.path.read_bytes(), self.path)
        except DamagedFile:
            raise  # readable, but a key is wrong: said with its name, never rebuilt over
        except ValueError as exc:
            return self._rebuild(exc)

    def _rebuild(self, problem: ValueError) -> ManifestFile:
        """The manifest from the attempt folders, written in place of the damaged one (kept
        beside it) under the lock, so every later reader sees the rebuilt one."""
        from scalestudy.executors import rebuild

        self.dir.mkdir(parents=True, exist_ok=True)
        with self.lock:
            try:  # another process may have rebuilt it while this one waited for the lock
                return decode(self.path.read_bytes(), self.path)
            except DamagedFile:
                raise
            except (OSError, ValueError):
                pass
            data = rebuild.from_attempt_folders(self.dir)
            kept = self.dir / f"manifest.json.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
            self.path.replace(kept)
            self._write(data)
        n = len(data.point_attempts())
        print(
            f"warning: {self.path}: damaged ({problem}); rebuilt from {n} attempt folder(s), "
            f"the damaged file kept as {kept.name}. Slurm jobs without a final state are "
            "looked up by their recorded identity before anything is resubmitted",
            file=sys.stderr,
        )
        return data

    def _write(self, data: ManifestFile) -> None:
        # durable before it counts: a manifest that says a job was queued must survive a crash
        # of this host right after sbatch (file synced before the rename, folder after)
        write_atomic(self.path, encode(data), durable=True)

    def flush(self, data: ManifestFile) -> None:
        """Write the manifest being edited now, before the `edit` block ends (the caller holds
        the lock): submission records its intent before each sbatch and the job id after."""
        self._write(data)

    @contextmanager
    def edit(self) -> Iterator[ManifestFile]:
        self.dir.mkdir(parents=True, exist_ok=True)
        with self.lock:
            data = self.read()
            yield data
            self._write(data)


def new_attempt(data: ManifestFile, point_id: str, **fields) -> Attempt:
    return data.new_attempt(point_id, submitted_at=time.time(), **fields)
