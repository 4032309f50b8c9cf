"""Writing files that others read while they change (the harness, a report, a second submit).

Every result file is replaced whole: a temporary file beside it (same file system), then a
rename, so a reader sees the old file or the new one, never half of one. When the write fails
(a full disk, a read-only folder) the temporary file is removed, the old file is untouched,
and the error names the file (the CLI turns it into one clear sentence)."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scalestudy.errors import CannotWrite

# flock(2) answers of a file system without working locks: NFS without its lock service
# (ENOLCK), a FUSE or parallel file system mounted without flock (ENOSYS, EOPNOTSUPP)
LOCKS_FAIL = {errno.ENOLCK, errno.ENOSYS, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", -1)}


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
        raise cannot_write(
            f"{option} {path}: cannot make this folder: {exc.strerror}"
            + (f" ({exc.filename})" if exc.filename and str(exc.filename) != str(path) else ""),
            "choose a folder you can write (its parents must be folders)",
        ) from None
    if not os.access(path, os.W_OK):
        raise cannot_write(f"{option} {path}: not writable", "choose a folder you can write")
    return path


def cannot_write(message: str, hint: str | None = None) -> CannotWrite:
    """The exit-3 error with its hint (said on a line of its own: `hint: ...`)."""
    error = CannotWrite(message)
    error.hint = hint
    return error


def output_file(path: Path, option: str) -> Path:
    """The output file `path`: its folder made (output_folder), the path not a folder."""
    if path.is_dir():
        raise CannotWrite(f"{option} {path}: a folder, not a file")
    output_folder(path.parent, option)
    return path


class FolderLock:
    """The lock of a results folder (`with FolderLock(sweep_dir / ".manifest.lock"):`). Where
    the file system's locks fail, two commands at once could interleave their writes of the
    manifest, so the folder is refused (exit 3) before anything is read or written."""

    def __init__(self, path: Path):
        from filelock import FileLock  # the harness's; the trainer's image need not have it

        self.path = path
        self._lock = FileLock(str(path))

    def __enter__(self) -> FolderLock:
        try:
            self._lock.acquire()
        except OSError as exc:
            if exc.errno not in LOCKS_FAIL:
                raise
            name = errno.errorcode.get(exc.errno or 0, str(exc.errno))
            raise cannot_write(
                f"{self.path.parent}: file locks fail on this file system ({name}: "
                f"{exc.strerror or exc}); scalestudy writes nothing in a results folder it "
                "cannot lock, where two commands at once could corrupt the manifest",
                "use --results on a file system with working locks (a local disk or scratch; "
                "NFS needs its lock service, rpc.statd/lockd; Lustre the flock mount option)",
            ) from None
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()
