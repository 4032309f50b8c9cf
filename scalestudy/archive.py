"""One sweep's results as one .tar.gz (`scalestudy archive`), and reading such a file back
safely (`scalestudy report` and `compare` take an archive where they take a sweep).

What goes in (docs/cli.md#archive): under one top folder named after the sweep, the results
folder's tables (results.csv/parquet, points.jsonl, comm.csv, calibration.json), the manifest,
the report, the rendered scripts, every attempt's point.json, job.sh, exit_code and env/
captures (bundles', job arrays' and the probe gate's job.sh and env/ too), and `archive/`: the
sweep file, the cluster profile, archive.json (what was packed, from where, what was left
out, and whether the study is mixed) and provenance.json (provenance_table.py: per point the
job id, nodes, start and end; per run field its values and the points of each). The step logs
and job outputs only with `--with-logs`; checkpoints never.

An archive is input from elsewhere. Before anything is written every member is checked, and
the whole archive is refused, the member named, when one has an absolute path or a `..`, is a
link whose target leaves the folder (resolved as the OS will, component by component through
the archive's own links: `y -> .` then `x -> y/y/../../..` leaves it although its text stays
inside), lies under another link, is a device, a fifo or any other special file, or repeats a
name; or when the members' declared sizes add up to more than SCALESTUDY_ARCHIVE_MAX_GB or
the free space of the filesystem read into. Files are then written one by one under a fresh
folder (never through a link: links are made last), the bytes written counted against the
compressed bytes read (a decompression bomb stops within a few MiB), and every link made is
resolved on disk once more: any failure removes what was written. Python's own
`tarfile.data_filter` is applied as a second opinion.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import shutil
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.errors import BadInput, DamagedFile
from scalestudy.fileio import replacing
from scalestudy.formats import attempt_files
from scalestudy.formats.manifest import decode, known

SUFFIXES = (".tar.gz", ".tgz")
META = "archive"  # the folder inside the archive's top folder with the sweep file and profile
INDEX = "archive.json"
PROVENANCE = "provenance.json"  # provenance_table.py's reading, beside archive.json
FORMAT = "scalestudy.archive/1"
TABLES = (
    "results.csv",
    "results.parquet",
    "points.jsonl",
    "comm.csv",
    "calibration.json",
    "manifest.json",
)
ATTEMPT_FILES = attempt_files.ATTEMPT_FILES
LOG_FILES = ("stdout.log",)  # and slurm-*.out, logs/ (with --with-logs)

# Reading an archive back is capped before anything is written (docs/compare.md#archives):
# the members' declared sizes, summed, against SCALESTUDY_ARCHIVE_MAX_GB (GiB, default
# MAX_GB) and against the free space of the filesystem read into; while writing, the bytes
# written against the compressed bytes read, at most SCALESTUDY_ARCHIVE_MAX_RATIO (default
# MAX_RATIO) to one once RATIO_FLOOR bytes are written. A results folder's tables, JSON and
# text captures compress about 5 to one (the test suite's sweep, with or without its logs);
# gzip's ceiling, reached by a member of zeros, is about 1030 to one.
MAX_GB = 20.0
MAX_RATIO = 100.0
RATIO_FLOOR = 1 << 20
LINK_HOPS = 40  # links followed resolving one target, as Linux's MAXSYMLINKS


class ArchiveError(BadInput):
    """An archive that cannot be written or read as given (exit 2), the member named."""

    def __init__(self, message: str, hint: str | None = None):
        self.hint = hint
        super().__init__(message)


def is_archive(arg: str | os.PathLike) -> bool:
    return str(arg).endswith(SUFFIXES)


# -- writing ------------------------------------------------------------------------------------


@dataclass
class Written:
    path: Path
    files: int
    bytes: int
    sweep_file: str | None
    profile: str | None
    left_out: list[str] = field(default_factory=list)


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def _walk_env(env: Path, root: Path) -> Iterator[Path]:
    """An attempt's env/: the folder (its files), or a link to its bundle's env/ (kept as a
    link when it stays inside the sweep's folder)."""
    if env.is_symlink():
        yield env
        return
    if env.is_dir():
        yield from sorted(p for p in env.rglob("*") if p.is_file() or p.is_symlink())


def members(folder: Path, with_logs: bool) -> list[Path]:
    """The files of a results folder that go into its archive, sorted, relative to `folder`."""
    out: list[Path] = []
    for name in TABLES:
        if (folder / name).is_file():
            out.append(folder / name)
    for sub in ("report", "rendered"):
        if (folder / sub).is_dir():
            out += sorted(p for p in (folder / sub).rglob("*") if p.is_file())
    attempts = sorted(folder.glob(f"*/{attempt_files.ATTEMPT_GLOB}")) + sorted(
        folder.glob(f"*/*/{attempt_files.ATTEMPT_GLOB}")
    )
    for attempt in attempts:
        if not attempt.is_dir() or attempt.parent.name == "checkpoints":
            continue
        for name in ATTEMPT_FILES:
            if (attempt / name).is_file():
                out.append(attempt / name)
        out += list(_walk_env(attempt / "env", folder))
        if with_logs:
            out += [attempt / n for n in LOG_FILES if (attempt / n).is_file()]
            out += sorted(attempt.glob("slurm-*.out"))
            if (attempt / "logs").is_dir():
                out += sorted(p for p in (attempt / "logs").rglob("*") if p.is_file())
    seen: set[Path] = set()
    unique = []
    for p in out:
        if p not in seen:
            seen.add(p)
            unique.append(p)
    return unique


def sources(folder: Path) -> tuple[Path | None, Path | None, list[str]]:
    """The sweep file the folder's manifest names and the cluster profile it uses, where they
    still exist (an extracted archive: its own copies), and what could not be found. A
    manifest that is missing or no manifest at all is a note; one with a damaged key is a
    DamagedFile naming the file and the key (exit 2): it is read, but what it says is wrong."""
    packed = folder / META
    if (packed / "sweep.yaml").is_file():
        profile = packed / "profile.yaml"
        return packed / "sweep.yaml", profile if profile.is_file() else None, []
    notes: list[str] = []
    path = folder / "manifest.json"
    try:
        recorded = known(decode(path.read_bytes(), path).sweep_file)
    except DamagedFile:
        raise
    except (OSError, ValueError):
        return None, None, [f"{path}: not readable: no sweep file known"]
    if not recorded:
        return None, None, ["the manifest names no sweep file"]
    sweep_file = Path(recorded)
    if not sweep_file.is_file():
        return None, None, [f"sweep file {sweep_file} (from the manifest) no longer exists"]
    import yaml

    from scalestudy.profiles import ProfileError, load_profile

    try:
        data = yaml.safe_load(sweep_file.read_text())
        cluster = data.get("cluster") if isinstance(data, dict) else None
        profile = load_profile(str(cluster), sweep_file.parent)[1] if cluster else None
    except (OSError, yaml.YAMLError, ProfileError) as exc:
        return sweep_file, None, [f"{sweep_file}: its profile could not be found ({exc})"]
    return sweep_file, profile, notes


def _provenance(folder: Path, left_out: list[str]) -> dict | None:
    """provenance_table.py's reading of the folder (per point the job, nodes, start and end;
    per run field its values and their points), for archive/provenance.json; None, said in
    left_out, when the table cannot be read."""
    import csv

    from scalestudy import provenance_table as provenance

    table = folder / "results.csv"
    try:
        with table.open(newline="", encoding="utf-8", errors="replace") as fh:
            rows = [r for r in csv.DictReader(fh) if r.get("point_id")]
    except (OSError, csv.Error) as exc:
        left_out.append(f"provenance: {table} not readable ({exc})")
        return None
    return provenance.read([(folder.name, folder, rows)]).as_dict()


def _add(tar: tarfile.TarFile, path: Path, arcname: str, root: Path, left_out: list[str]) -> int:
    if path.is_symlink():
        target = os.readlink(path)
        resolved = (path.parent / target).resolve()
        if os.path.isabs(target) or not _inside(resolved, root):
            if resolved.is_dir():  # a link out of the folder: its files, dereferenced
                n = 0
                for p in sorted(resolved.rglob("*")):
                    if p.is_file():
                        n += _add(tar, p, f"{arcname}/{p.relative_to(resolved)}", root, left_out)
                return n
            if resolved.is_file():
                tar.add(str(resolved), arcname=arcname, recursive=False)
                return resolved.stat().st_size
            left_out.append(f"{arcname}: a link to {target}, which does not exist")
            return 0
    tar.add(str(path), arcname=arcname, recursive=False)
    return 0 if path.is_symlink() else path.stat().st_size


def write(folder: Path, out: Path, *, with_logs: bool = False) -> Written:
    """Pack `folder` (results/<sweep>) into `out`, replaced whole (a temporary file, renamed)."""
    if not (folder / "results.csv").is_file() and not (folder / "results.parquet").is_file():
        raise ArchiveError(
            f"{folder}: no results.csv or results.parquet to archive",
            f"run `scalestudy collect {folder.name}` first",
        )
    if _inside(out, folder):
        raise ArchiveError(
            f"{out}: inside the folder being archived", "write it elsewhere (-o FILE)"
        )
    name = folder.name
    sweep_file, profile, left_out = sources(folder)
    files = members(folder, with_logs)
    if not with_logs:
        left_out.append("step logs and job outputs (pass --with-logs to include them)")
    left_out.append("checkpoints")
    index = {
        "format": FORMAT,
        "sweep": name,
        "created_at": time.time(),
        "source_folder": str(folder.resolve()),
        "sweep_file": str(sweep_file) if sweep_file else None,
        "profile": str(profile) if profile else None,
        "with_logs": with_logs,
        "files": len(files),
        "left_out": left_out,
    }
    from scalestudy.provenance import git_state

    index["harness"] = git_state()
    prov = _provenance(folder, left_out)
    if prov is not None:  # where and when each point ran, as the jobs recorded it
        index["provenance"] = {k: prov[k] for k in ("mixed", "notes", "fields", "warnings")}
    total = 0
    out.parent.mkdir(parents=True, exist_ok=True)
    with replacing(out) as tmp, tarfile.open(tmp, "w:gz") as tar:
        top = tarfile.TarInfo(name)
        top.type, top.mode, top.mtime = tarfile.DIRTYPE, 0o755, int(time.time())
        tar.addfile(top)
        for path in files:
            total += _add(tar, path, f"{name}/{path.relative_to(folder)}", folder, left_out)
        for src, dest in ((sweep_file, "sweep.yaml"), (profile, "profile.yaml")):
            if src is not None:
                tar.add(str(src), arcname=f"{name}/{META}/{dest}", recursive=False)
                total += src.stat().st_size
        import io

        packed = {INDEX: index} | ({PROVENANCE: prov} if prov is not None else {})
        for member, content in packed.items():
            data = json.dumps(content, indent=1).encode()
            info = tarfile.TarInfo(f"{name}/{META}/{member}")
            info.size, info.mode, info.mtime = len(data), 0o644, int(time.time())
            tar.addfile(info, io.BytesIO(data))
    return Written(out, len(files), total, index["sweep_file"], index["profile"], left_out=left_out)


# -- reading -----------------------------------------------------------------------------------


HOSTILE_HINT = (
    "an archive from elsewhere may only hold plain files, folders and links inside its "
    "own folder; ask its author for one written by `scalestudy archive`"
)


def _refuse(
    archive: Path,
    member: str,
    why: str,
    hint: str = HOSTILE_HINT,
    done: str = "nothing was extracted",
) -> ArchiveError:
    return ArchiveError(f"{archive}: member {member!r} refused: {why}; {done}", hint)


def _limit(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise ArchiveError(f"{name}={raw!r}: not a positive number", f"unset it ({default:g})")
    return value


def _size(n: float) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{int(n)} B"


def _free_bytes(dest: Path) -> tuple[int, Path]:
    """The free space of the filesystem `dest` is (or will be) on, and the folder measured."""
    probe = dest
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    return shutil.disk_usage(probe).free, probe


def _list(archive: Path, tar: tarfile.TarFile, dest: Path) -> list[tarfile.TarInfo]:
    """The members, read header by header with their declared sizes summed (a hard link is
    extracted as a copy: its file's size again): refused, the member named, as soon as the sum
    passes SCALESTUDY_ARCHIVE_MAX_GB or the free space where they would go, so a huge archive
    is not even read to its end."""
    gib = _limit("SCALESTUDY_ARCHIVE_MAX_GB", MAX_GB)
    cap = gib * 2**30
    free, where = _free_bytes(dest)
    infos: list[tarfile.TarInfo] = []
    sizes: dict[str, int] = {}
    total = 0
    while True:
        try:
            info = tar.next()
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise ArchiveError(f"{archive}: damaged archive ({exc})") from None
        if info is None:
            return infos
        infos.append(info)
        if info.isreg():
            size = max(info.size, 0)
            sizes[posixpath.normpath(info.name)] = size
        elif info.islnk():
            size = sizes.get(posixpath.normpath(info.linkname), 0)
        else:
            continue
        total += size
        if total > cap:
            raise _refuse(
                archive,
                info.name,
                f"the members' declared sizes reach {_size(total)} with it ({_size(size)}), "
                f"over the limit of {gib:g} GiB (SCALESTUDY_ARCHIVE_MAX_GB, default {MAX_GB:g})",
                "if you trust this archive and have the space, raise the limit, e.g. "
                f"SCALESTUDY_ARCHIVE_MAX_GB={max(2 * gib, total * 2 / 2**30):.3g}",
            )
        if total > free:
            raise _refuse(
                archive,
                info.name,
                f"the members' declared sizes reach {_size(total)} with it ({_size(size)}), "
                f"more than the {_size(free)} free on the filesystem of {where}",
                "free space there, or extract into another filesystem: SCALESTUDY_CACHE=DIR",
            )


class _Meter:
    """Bytes written during one extraction against the compressed bytes read (the archive
    file's position: a tar.gz is read front to back while its members are written)."""

    def __init__(self, archive: Path, raw):
        self.archive, self.raw, self.written = archive, raw, 0
        self.cap = _limit("SCALESTUDY_ARCHIVE_MAX_GB", MAX_GB) * 2**30
        self.ratio = _limit("SCALESTUDY_ARCHIVE_MAX_RATIO", MAX_RATIO)

    def add(self, member: str, n: int) -> None:
        self.written += n
        done = "what was extracted was removed"
        if self.written > self.cap:  # the declared sizes were checked: only a lying header
            raise _refuse(
                self.archive,
                member,
                f"{_size(self.written)} written, over the limit of {_size(self.cap)} "
                "(SCALESTUDY_ARCHIVE_MAX_GB)",
                "raise SCALESTUDY_ARCHIVE_MAX_GB if you trust this archive",
                done,
            )
        read = max(self.raw.tell(), 1)
        if self.written > RATIO_FLOOR and self.written > self.ratio * read:
            raise _refuse(
                self.archive,
                member,
                f"{_size(self.written)} written from {_size(read)} of the archive, a "
                f"compression ratio over {self.ratio:g}:1 (SCALESTUDY_ARCHIVE_MAX_RATIO, "
                f"default {MAX_RATIO:g}): a decompression bomb, not a sweep's results",
                "a sweep's results compress about 5 to one; if you trust this archive, raise "
                f"the bound, e.g. SCALESTUDY_ARCHIVE_MAX_RATIO={self.ratio * 10:g}",
                done,
            )


def _normal(name: str) -> str | None:
    """A member name as a relative POSIX path, or None when it is absolute or climbs out."""
    if not name or name.startswith(("/", "\\")) or "\x00" in name:
        return None
    if len(name) > 1 and name[1] == ":":  # a drive letter
        return None
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


def _landing(symlinks: dict[str, str], start: str, target: str) -> tuple[str | None, str]:
    """Where the link text `target`, read in the folder `start` (relative to the folder read
    into), lands once every member exists: resolved as the OS does, component by component,
    each symbolic link member met replaced by its own target read in its folder. Returns
    (the landing path, "") or (None, why: out of the folder through which links, or a loop)."""
    stack = [p for p in start.split("/") if p]
    pending = target.replace("\\", "/").split("/")
    via: list[str] = []
    hops = 0
    while pending:
        part = pending.pop(0)
        if part in ("", "."):
            continue
        if part == "..":
            if not stack:
                return None, _out(via)
            stack.pop()
            continue
        here = "/".join([*stack, part])
        if here in symlinks:
            hops += 1
            if hops > LINK_HOPS:
                return None, f"never resolves: more than {LINK_HOPS} links deep (a loop)"
            inner = symlinks[here]
            if inner.startswith(("/", "\\")):
                via.append(here)
                return None, _out(via)
            if here not in via:
                via.append(here)
            pending = inner.replace("\\", "/").split("/") + pending
            continue  # read in the link's own folder: the stack is unchanged
        stack.append(part)
    return "/".join(stack), ""


def _out(via: list[str]) -> str:
    through = f"through the link{'s' if len(via) > 1 else ''} {', '.join(via)} " if via else ""
    return f"resolves {through}out of the folder"


def check_members(archive: Path, infos: list[tarfile.TarInfo], dest: Path) -> dict[str, str]:
    """Every member's verdict before anything is written: raises ArchiveError naming the first
    refused member; returns name -> normalised name."""
    names: dict[str, str] = {}
    links: set[str] = set()
    symlinks: dict[str, str] = {}
    files: set[str] = set()
    for info in infos:
        norm = _normal(info.name)
        if norm is None:
            why = "an absolute path" if info.name.startswith(("/", "\\")) else "a path with '..'"
            raise _refuse(archive, info.name, why)
        if norm in names.values():
            raise _refuse(archive, info.name, "a name that appears twice")
        if not (info.isreg() or info.isdir() or info.issym() or info.islnk()):
            kind = (
                "a device file"
                if info.ischr() or info.isblk()
                else "a fifo"
                if info.isfifo()
                else f"a special file (type {info.type!r})"
            )
            raise _refuse(archive, info.name, kind)
        if info.issym() or info.islnk():
            target = info.linkname
            if not target or target.startswith(("/", "\\")):
                raise _refuse(archive, info.name, f"a link to the absolute path {target!r}")
            base = posixpath.dirname(norm) if info.issym() else ""
            joined = posixpath.normpath(posixpath.join(base, target.replace("\\", "/")))
            if joined == ".." or joined.startswith("../") or posixpath.isabs(joined):
                raise _refuse(archive, info.name, f"a link to {target!r}, out of the folder")
            if info.islnk() and joined not in files:
                raise _refuse(archive, info.name, f"a hard link to {target!r}, not a file before")
            links.add(norm)
            if info.issym():
                symlinks[norm] = target
        elif info.isreg():
            files.add(norm)
        names[info.name] = norm
    # nothing may sit under a link (a file written through it could land anywhere)
    for info in infos:
        norm = names[info.name]
        parts = norm.split("/")
        for i in range(1, len(parts)):
            if "/".join(parts[:i]) in links:
                raise _refuse(archive, info.name, f"a member under the link {'/'.join(parts[:i])}")
        if info.issym():  # its text stays inside (above); through the other links, on disk?
            landing, why = _landing(symlinks, posixpath.dirname(norm), info.linkname)
            if landing is None:
                raise _refuse(archive, info.name, f"a link to {info.linkname!r}, which {why}")
        try:  # Python's own rules as a second opinion (it also refuses setuid bits etc.)
            tarfile.data_filter(info, str(dest))
        except tarfile.FilterError as exc:
            raise _refuse(archive, info.name, str(exc)) from None
    return names


def _open(archive: Path, raw) -> tarfile.TarFile:
    """The tar archive read from the open file `raw` (whose position tells the compressed
    bytes read)."""
    try:
        return tarfile.open(fileobj=raw, mode="r:*")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise ArchiveError(f"{archive}: not a readable tar archive ({exc})") from None


def escaping_link(root: Path) -> Path | None:
    """The first symbolic link under `root` that resolves, on disk, outside it (None: none)."""
    top = os.path.realpath(root)
    for folder, dirs, files in os.walk(root):  # links to folders are listed, never entered
        for name in sorted(dirs + files):
            path = os.path.join(folder, name)
            if os.path.islink(path):
                real = os.path.realpath(path)
                if real != top and not real.startswith(top + os.sep):
                    return Path(path)
    return None


def _remove(path: Path, created: Path | None) -> None:
    """Undo an extraction into `path`: the folders made for it, or else what it holds."""
    if created is not None:
        shutil.rmtree(created, ignore_errors=True)
        return
    for child in path.iterdir() if path.is_dir() else []:
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


def extract(archive: Path, dest: Path) -> list[str]:
    """Extract `archive` into `dest` (created, must be empty), every member checked first:
    ArchiveError (nothing written) when one is refused, or when the archive is too large
    (`_list`); ArchiveError, what was written removed, when the writing passes the size cap or
    the compression-ratio bound (`_Meter`) or a link made resolves outside `dest`. Returns the
    top-level names."""
    if not archive.is_file():
        raise ArchiveError(f"{archive}: no such archive", "give the path of a .tar.gz file")
    with archive.open("rb") as raw, _open(archive, raw) as tar:
        infos = _list(archive, tar, dest)
        names = check_members(archive, infos, dest)
        created = dest
        while not created.parent.exists() and created.parent != created.parent.parent:
            created = created.parent
        if dest.exists():
            created = None
        dest.mkdir(parents=True, exist_ok=True)
        if created is None and any(dest.iterdir()):
            raise ArchiveError(f"{dest}: not empty: an archive is only read into a new folder")
        try:
            _write(archive, tar, raw, infos, names, dest)
        except BaseException:
            _remove(dest, created)
            raise
    return sorted({names[i.name].split("/")[0] for i in infos})


def _write(
    archive: Path,
    tar: tarfile.TarFile,
    raw,
    infos: list[tarfile.TarInfo],
    names: dict[str, str],
    dest: Path,
) -> None:
    root = dest.resolve()
    meter = _Meter(archive, raw)
    deferred: list[tarfile.TarInfo] = []
    for info in infos:
        norm = names[info.name]
        target = root / norm
        if info.isdir():
            target.mkdir(parents=True, exist_ok=True, mode=0o755)
            continue
        if info.issym() or info.islnk():
            deferred.append(info)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if not _inside(target.parent, root):  # cannot happen after the checks: belt, braces
            raise _refuse(archive, info.name, "its folder resolves out of the target")
        mode = 0o755 if info.mode & 0o100 else 0o644
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
        with os.fdopen(fd, "wb") as fh:
            src = tar.extractfile(info)
            left = info.size
            while src is not None and left > 0:  # never more than the header declared
                chunk = src.read(min(left, 1 << 20))
                if not chunk:
                    break
                fh.write(chunk)
                left -= len(chunk)
                meter.add(info.name, len(chunk))
    for info in deferred:  # links last: no file is ever written through one
        norm = names[info.name]
        target = root / norm
        target.parent.mkdir(parents=True, exist_ok=True)
        if info.issym():
            os.symlink(info.linkname, target)
        else:
            source = root / posixpath.normpath(info.linkname)
            shutil.copyfile(source, target, follow_symlinks=False)
            meter.add(info.name, target.lstat().st_size)
    # on disk, as the OS resolves them now that all exist: belt and braces for the link graph
    # checked before (a case-insensitive filesystem, say, can join names the check kept apart)
    bad = escaping_link(root)
    if bad is not None:
        raise _refuse(
            archive,
            bad.relative_to(root).as_posix(),
            f"a link to {os.readlink(bad)!r}, which resolves on disk to "
            f"{os.path.realpath(bad)}, out of the folder",
            done="what was extracted was removed",
        )


def cache_root() -> Path:
    explicit = os.environ.get("SCALESTUDY_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scalestudy"


# The extraction cache is pruned whenever an archive is opened: an entry unused for
# CACHE_KEEP_DAYS goes, and, while the cache is over SCALESTUDY_CACHE_MAX_GB (default
# CACHE_MAX_GB), the least recently used ones go, never one used within the last hour (another
# report may be reading it) nor the one being opened. Opening an entry marks it used.
CACHE_KEEP_DAYS = 30
CACHE_MAX_GB = 5.0
IN_USE_S = 3600.0


def _tree_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def prune_cache(entries: Path, keep: Path | None = None, now: float | None = None) -> list[Path]:
    """Remove stale extractions (see above); returns what was removed."""
    now = time.time() if now is None else now
    cap = float(os.environ.get("SCALESTUDY_CACHE_MAX_GB") or CACHE_MAX_GB) * 2**30
    found, removed = [], []
    for entry in entries.iterdir() if entries.is_dir() else []:
        marker = entry / ".complete"
        if entry == keep or not entry.is_dir():
            continue
        try:
            if not marker.is_file():  # a staging folder: its process's, unless long abandoned
                if entry.name.startswith(".extract-") and now - entry.stat().st_mtime > 86400:
                    shutil.rmtree(entry, ignore_errors=True)
                    removed.append(entry)
                continue
            found.append((marker.stat().st_mtime, _tree_bytes(entry), entry))
        except FileNotFoundError:  # another process pruned or finished it meanwhile
            continue
    total = sum(size for _, size, _ in found) + (_tree_bytes(keep) if keep else 0)
    for used, size, entry in sorted(found):  # least recently used first
        idle = now - used
        if idle > CACHE_KEEP_DAYS * 86400 or (total > cap and idle > IN_USE_S):
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
            total -= size
    return removed


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


def open_archive(archive: Path) -> Path:
    """The results folder inside `archive`, extracted once into the cache (by the archive's
    SHA-256: the same file is read again from there) after every member is checked; the
    cache's stale entries are pruned (prune_cache)."""
    archive = Path(archive)
    if not archive.is_file():
        raise ArchiveError(f"{archive}: no such archive", "give the path of a .tar.gz file")
    entries = cache_root() / "archives"
    entry = entries / _digest(archive)
    if (entry / ".complete").is_file() and escaping_link(entry / "tree") is not None:
        # extracted by a version that did not resolve links through each other: read it again
        shutil.rmtree(entry, ignore_errors=True)
    if not (entry / ".complete").is_file():
        entries.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".extract-", dir=entries))
        try:
            tops = extract(archive, staging / "tree")
            if len(tops) != 1:
                raise ArchiveError(
                    f"{archive}: not a scalestudy archive (top-level entries: "
                    f"{', '.join(tops) or 'none'}; one sweep folder expected)",
                    "write one with `scalestudy archive SWEEP`",
                )
            (staging / ".complete").write_text(tops[0])
            try:
                os.replace(staging, entry)
            except OSError:
                if not (entry / ".complete").is_file():
                    raise
                shutil.rmtree(staging)  # another process read the same archive first: use it
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    os.utime(entry / ".complete")  # used now: pruning takes the least recently used
    prune_cache(entries, keep=entry)
    top = (entry / ".complete").read_text().strip()
    folder = entry / "tree" / top
    if not (folder / "results.csv").is_file() and not (folder / "results.parquet").is_file():
        raise ArchiveError(
            f"{archive}: holds no {top}/results.csv or results.parquet",
            "write it with `scalestudy archive SWEEP` after `scalestudy collect`",
        )
    return folder
