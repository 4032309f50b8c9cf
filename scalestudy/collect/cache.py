"""What collect already read: results/<sweep>/.collect-cache.json.

Per attempt, what collect derived from its step logs (the row's measured columns, each rank's
timed window, the footer's timing), stored with every file's size, modification time and inode
as they were *before* the files were read. The next collect stats the files again and reuses an
entry only when all of them are unchanged; any change (a new or longer log, a rewritten one, a
rank log gone) and the attempt is read again. So a collect after one new point of a finished
10,000-point sweep reads that point's logs only.

A cache, never a source: deleting the file gives the same tables; a file that cannot be read,
or was written by other code (its `key` differs: the schema or the source of the modules whose
reading it stores), is ignored whole. A file modified within `RACY_S` of being read is not
stored (a rewrite of the same size inside the file system's clock tick would look unchanged).
Entries of attempts this collect did not look at are dropped when the file is written.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

from scalestudy.fileio import write_atomic

FILE = ".collect-cache.json"
SCHEMA = "scalestudy.collect-cache/1"
RACY_S = 2.0  # a file younger than this when read is read again next time


def _code_key() -> str:
    """The schema and the source of the modules whose results are stored: other code, other
    cache (read as files: this module imports neither reader)."""
    from scalestudy.contract import step_log, strategies

    here = Path(__file__).parent
    digest = hashlib.sha256(SCHEMA.encode())
    for source in (here / "rows.py", here / "clocks.py", step_log.__file__, strategies.__file__):
        digest.update(Path(source).read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def signature(files: list[Path]) -> tuple[list, bool]:
    """Each file's [name, size, mtime_ns, inode] (None when absent), and whether every one is
    old enough to be trusted unchanged when its size and time are."""
    sig, settled, now = [], True, time.time_ns()
    for f in files:
        try:
            st = os.stat(f)
        except OSError:
            sig.append(None)
            continue
        sig.append([f.name, st.st_size, st.st_mtime_ns, st.st_ino])
        settled &= now - st.st_mtime_ns > RACY_S * 1e9
    return sig, settled


class ReadCache:
    """The entries of the last collect (`use`), and this collect's (`save`)."""

    def __init__(self, sweep_dir: Path, enabled: bool = True):
        self.path = sweep_dir / FILE
        self.old: dict = {}
        self.new: dict = {}
        self.hits = self.misses = 0
        self.enabled = enabled
        if not enabled:
            return
        self.key = _code_key()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # none yet, or unreadable: everything is read
        if isinstance(data, dict) and data.get("key") == self.key:
            entries = data.get("entries")
            self.old = entries if isinstance(entries, dict) else {}

    def use(self, name: str, files: tuple[list, bool], read):
        """`read()`'s value, from the last collect when none of `files` (their signature)
        changed since (`name` says what was read and how: attempt folder, workers...)."""
        sig, settled = files
        entry = self.old.get(name)
        if isinstance(entry, dict) and entry.get("files") == sig and "value" in entry:
            self.hits += 1
            self.new[name] = entry
            return entry["value"]
        self.misses += 1
        value = read()
        if settled and self.enabled:
            self.new[name] = {"files": sig, "value": value}
        return value

    def save(self) -> None:
        if not self.enabled:
            return
        text = json.dumps({"schema": SCHEMA, "key": self.key, "entries": self.new})
        try:
            write_atomic(self.path, text)
        except OSError as exc:  # a cache: collect's tables are written all the same
            print(f"note: {self.path} not written ({exc})", file=sys.stderr)
