"""What collect already read: results/<sweep>/.collect-cache.msgpack (and the report, of the
same logs: .report-cache.msgpack, report/load.py).

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

import contextlib
import gc
import hashlib
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import msgspec

from scalestudy.fileio import replacing
from scalestudy.formats import attempt_files

FILE = ".collect-cache.msgpack"
SCHEMA = "scalestudy.read-cache/1"
RACY_S = 2.0  # a file younger than this when read is read again next time


def package_sources(*packages: str) -> list[Path]:
    """Every module of these folders of the package (e.g. "collect", "formats"), in a stable
    order: a record's key covers whole layers, so a formula moved to a module nobody listed
    still changes it (a hand-kept list of modules drifts)."""
    root = Path(__file__).parent.parent
    return [p for name in packages for p in sorted((root / name).glob("*.py"))]


def collect_sources() -> list[Path]:
    """The code whose reading collect's record stores: collect itself and the file formats
    and cost models it reads the logs with (read as files: this module imports neither)."""
    return package_sources("collect", "formats", "cost_models")


def code_key(sources: Iterable[Path]) -> str:
    """The schema and the source of the modules whose results are stored: other code, other
    record."""
    digest = hashlib.sha256(SCHEMA.encode())
    for source in [*sources, Path(__file__)]:
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


def signature(files: list[str | Path]) -> tuple[list, bool]:
    """Each file's [size, mtime_ns, inode] (None when absent), in the order given (the name
    of the entry says which files), and whether every one is old enough to be trusted
    unchanged when its size and time are."""
    return stats_signature(stat_or_none(f) for f in files)


def stat_or_none(path: str | Path | os.DirEntry) -> os.stat_result | None:
    """The file's stat (an os.scandir entry's own, which follows links as os.stat does), None
    when it is absent or cannot be read."""
    try:
        return path.stat() if isinstance(path, os.DirEntry) else os.stat(path)
    except OSError:
        return None


@dataclass
class AttemptStats:
    """An attempt folder's files as one pass stat-ed them: its job script, env/ and logs/
    themselves, and every file in those two (os.scandir's entries, in name order). Collect's
    signature of the step logs and the env capture's of everything it reads (compare/envdiff)
    are both made from it: a collect and the history entry it adds stat each file once."""

    job: os.stat_result | None
    env: os.stat_result | None
    logs: os.stat_result | None
    env_files: list[os.stat_result | None]
    log_files: dict[str, os.stat_result | None]


def attempt_stats(folder: str) -> AttemptStats:
    """AttemptStats of `folder` (a string: 10,000 attempts' Paths cost as much as their stats)."""
    env, logs = f"{folder}{os.sep}env", f"{folder}{os.sep}logs"
    return AttemptStats(
        stat_or_none(f"{folder}{os.sep}{attempt_files.JOB_SCRIPT}"),
        stat_or_none(env),
        stat_or_none(logs),
        list(_files(env).values()),
        _files(logs),
    )


def _files(folder: str) -> dict[str, os.stat_result | None]:
    """Every file in `folder` by name, in name order, with its stat (None: gone since listed);
    none when the folder is absent or cannot be listed."""
    try:
        with os.scandir(folder) as it:
            entries = sorted((e.name, e) for e in it if e.is_file())
    except OSError:
        return {}
    return {name: stat_or_none(e) for name, e in entries}


def stats_signature(stats: Iterable[os.stat_result | None]) -> tuple[list, bool]:
    """signature() of stats already taken (None: absent), e.g. by os.scandir's entries."""
    sig, settled, now = [], True, time.time_ns()
    for st in stats:
        if st is None:
            sig.append(None)
            continue
        sig.append([st.st_size, st.st_mtime_ns, st.st_ino])
        settled &= now - st.st_mtime_ns > RACY_S * 1e9
    return sig, settled


class ReadCache:
    """The entries of the last run (`use`), and this run's (`save`), in the file `path`; its
    values are plain JSON values, written as MessagePack (a value that would not come back
    equal, e.g. a tuple, is not kept: it is read again next time)."""

    def __init__(self, path: Path, sources: Iterable[Path] = (), enabled: bool = True):
        self.path = path
        self.old: dict = {}
        self.new: dict = {}
        self.hits = self.misses = 0
        self.enabled = enabled
        if not enabled:
            return
        self.key = code_key(sources)
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return  # none yet: everything is read
        except OSError as exc:
            return _ignored(self.path, f"cannot be read ({exc.strerror})")
        try:
            data = _decode(raw)
        except msgspec.DecodeError:
            return _ignored(self.path, "is damaged")
        if not isinstance(data, dict) or not isinstance(data.get("entries", {}), dict):
            return _ignored(self.path, "is damaged")
        if data.get("key") == self.key:  # else other code's: read again, nothing to say
            self.old = data.get("entries") or {}

    def use(self, name: str, files: tuple[list, bool], read):
        """`read()`'s value, from the last run when none of `files` (their signature) changed
        since (`name` says what was read and how: attempt folder, workers...)."""
        sig = files[0]
        entry = self.old.get(name)
        if isinstance(entry, dict) and entry.get("files") == sig and "value" in entry:
            self.hits += 1
            self.new[name] = entry
            return entry["value"]
        value = read()
        self.store(name, files, value)
        return value

    def store(self, name: str, files: tuple[list, bool], value) -> None:
        """Keep `value`, just read, as `name`'s entry by `files` (their signature, taken before
        the read), as `use` keeps what it reads."""
        sig, settled = files
        self.misses += 1
        if settled and self.enabled and _round_trips(value):
            self.new[name] = {"files": sig, "value": value}

    def peek(self, name: str, files: tuple[list, bool]) -> tuple[bool, object]:
        """(True, the last run's value of `name`) when none of `files` changed since, else
        (False, None); nothing is read, counted or kept (another verb's record, read only)."""
        entry = self.old.get(name)
        if isinstance(entry, dict) and entry.get("files") == files[0] and "value" in entry:
            return True, entry["value"]
        return False, None

    def put(self, name: str, value) -> bool:
        """Keep `value` as `name`'s entry, checked by its reader, not by file signatures
        (collect/tables.py: digests of the bytes it wrote); the record is rewritten only
        when it differs from the last run's. A value that would not come back equal (a
        string no encoder writes, such as a lone surrogate) is not kept: False."""
        entry = {"files": [], "value": value}
        if self.new.get(name) == entry:
            return True
        if not _round_trips(value):
            return False
        if self.old.get(name) != entry:
            self.misses += 1
        self.new[name] = entry
        return True

    def kept(self, name: str):
        """The value `put` kept as `name`, this run or the last (kept for the next run too), or
        None: a value many entries share is stored once and named by them (envdiff: the
        fields most attempts capture alike)."""
        entry = self.new.get(name) or self.old.get(name)
        if isinstance(entry, dict) and entry.get("files") == [] and "value" in entry:
            self.new[name] = entry
            return entry["value"]
        return None

    def forget(self, name: str) -> None:
        """Keep no entry for `name` (what was read went with a warning: said every time)."""
        self.new.pop(name, None)
        self.misses += 1  # the file no longer says it

    def save(self) -> None:
        if not self.enabled or (self.misses == 0 and len(self.new) == len(self.old)):
            return  # nothing new, nothing dropped: the file says it already
        data = {"schema": SCHEMA, "key": self.key, "entries": self.new}
        try:
            with replacing(self.path) as tmp:
                tmp.write_bytes(msgspec.msgpack.encode(data))
        except OSError as exc:  # a cache: the outputs are written all the same
            print(f"note: {self.path} not written ({exc})", file=sys.stderr)


def _ignored(path: Path, why: str) -> None:
    """A record that cannot be trusted is not, and never silently (every file is read)."""
    print(f"note: {path} {why}: ignored, every file it describes is read again", file=sys.stderr)


def _decode(raw: bytes):
    """The record's values, with the cyclic garbage collector paused: its 100,000s of small
    lists and dicts (every file's signature) would start collections that scan all of them
    again and again, 2-6 times the decoding itself (0.07 s against 0.17-0.5 s for 10,000
    attempts); they hold no cycle, reference counting frees them."""
    with gc_paused():
        return msgspec.msgpack.decode(raw)


@contextlib.contextmanager
def gc_paused():
    """The cyclic garbage collector off for a block that builds 100,000s of objects living to
    its end (a plan's points, the record, a row per point): each full collection would scan
    them all and find nothing to free (reference counting frees what they drop); on again
    after, as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _round_trips(value) -> bool:
    try:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(value)) == value
    except (TypeError, ValueError, msgspec.EncodeError, msgspec.DecodeError):
        return False  # ValueError: UnicodeEncodeError, a lone surrogate in a string
