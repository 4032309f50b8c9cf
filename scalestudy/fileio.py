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

from scalestudy.errors import CannotWrite


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


def output_folder(path: Path, option: str) -> Path:
    """Make the output folder `path` (and its parents) before any work, or say why not (exit
    3: a parent is a file, read-only, no permission), naming the option that gave it."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CannotWrite(f"{option} {path}: a file is in the way, not a folder") from None
    except OSError as exc:
        raise CannotWrite(
            f"{option} {path}: cannot make this folder: {exc.strerror}"
            + (f" ({exc.filename})" if exc.filename and str(exc.filename) != str(path) else ""),
            "choose a folder you can write (its parents must be folders)",
        ) from None
    if not os.access(path, os.W_OK):
        raise CannotWrite(f"{option} {path}: not writable", "choose a folder you can write")
    return path


def output_file(path: Path, option: str) -> Path:
    """The output file `path`: its folder made (output_folder), the path not a folder."""
    if path.is_dir():
        raise CannotWrite(f"{option} {path}: a folder, not a file")
    output_folder(path.parent, option)
    return path
