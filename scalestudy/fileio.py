"""Writing files that others read while they change (the harness, a report, a second submit).

Every result file is replaced whole: a temporary file beside it (same file system), then a
rename, so a reader sees the old file or the new one, never half of one. When the write fails
(a full disk, a read-only folder) the temporary file is removed, the old file is untouched,
and the error names the file (the CLI turns it into one clear sentence)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(path: Path, durable: bool = False) -> Iterator[Path]:
    """A temporary path to write `path`'s new content to (for writers that take a path:
    pandas, matplotlib); it replaces `path` when the block ends without an error. `durable`:
    synced to disk before the rename and the folder after (a record a crash must not lose)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        yield tmp
        if durable:
            _fsync(tmp, os.O_RDONLY)
        os.replace(tmp, path)
        if durable:
            _fsync(path.parent, os.O_RDONLY)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        exc.filename = exc.filename or str(path)
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomic(path: Path, text: str, durable: bool = False) -> None:
    """Replace `path` with `text` (UTF-8), whole."""
    with replacing(path, durable) as tmp:
        tmp.write_text(text, encoding="utf-8")


def _fsync(path: Path, flags: int) -> None:
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
