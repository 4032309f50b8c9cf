"""The history store: one immutable JSON file per version of a run, in one folder, read as a
union (docs/history.md, "Where the history lives and why this way").

No lock and no server: a site's shared file system may refuse flock(2) (NFS without its lock
service, a parallel file system mounted without it), and two users may add runs at the same
moment. So nothing is ever edited in place. An entry is written to a temporary name beside its
final one and renamed (rename(2) within a folder is atomic on POSIX file systems, NFS and
Lustre included): a reader sees a whole entry or none. Its name hashes its content, so the
same run added twice writes the same name (counted once) and two different runs never write
the same name (nothing lost). Reading takes every entry and groups the versions of one run:

- a run is identified by its attempts (sweep, point, attempt number, job id, start time; each
  row of results.csv names its latest attempt). Two entries that share an attempt are versions
  of one run (an incremental collect, a retry of its failed points): the newest version is the
  run. Entries that share none are different runs (a new campaign of the same sweep starts new
  attempts, so it is a new run);
- an entry that cannot be read (cut short, edited, another schema) is said and skipped; the
  others are read.

The store holds what `history` needs to judge without the results folder: each measured
point's configuration identity and samples (scalestudy/compare/match.py), and the run's
provenance as the environment comparison reads it (scalestudy/compare/envdiff.py)."""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from scalestudy.errors import BadInput, DamagedFile
from scalestudy.fileio import output_folder
from scalestudy.formats import attempt_files
from scalestudy.formats.results_columns import cell_value

SCHEMA = "scalestudy.history/1"
ENV_VAR = "SCALESTUDY_HISTORY"  # a site's shared history (else beside the results)
DEFAULT_NAME = "scalestudy-history"  # <results>/scalestudy-history
RUNS = "runs"  # the entries' folder inside the history


class HistoryError(BadInput):
    def __init__(self, message: str, hint: str | None = None):
        self.hint = hint
        super().__init__(message)


class PointEntry(msgspec.Struct, forbid_unknown_fields=True):
    """One measured point of a run (compare/match.Measured, the samples only)."""

    key: str  # the configuration identity: how points are matched across runs
    variant_key: str
    label: str
    workload: str
    mode: str
    nodes: int
    ppn: int
    workers: int
    point_ids: list[str]
    statuses: dict[str, int]
    tokens: list[float]
    token_allocations: list[Any]
    step_s: list[float]
    step_allocations: list[Any]
    # its tokens/s not checked against the step records (compare/match.Measured.unclocked);
    # None: an entry written before this was kept
    unclocked: int | None = None


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    """One version of one run."""

    schema: str
    sweep: str
    label: str
    source: str  # the results folder or archive it was added from
    added_at: float
    started: float | None  # the run's first attempt's start (Unix time), if recorded
    ended: float | None
    attempts: list[str]  # the run's identity
    points: list[PointEntry]
    provenance: list[tuple[str, str, list[str]]]  # (section, field, values): envdiff's fields

    @property
    def when(self) -> float:
        """When the run ran: its first attempt's start, else when it was added."""
        return self.started if self.started is not None else self.added_at


@dataclass
class Loaded:
    runs: list[Entry]  # one per run (its newest version), oldest first
    damaged: list[str] = field(default_factory=list)  # said, skipped
    entries: int = 0  # files read (versions included)
    folder: Path | None = None


def place(results: Path, option: str | None = None) -> Path:
    """The history's folder: --history, else $SCALESTUDY_HISTORY, else beside the results."""
    if option:
        return Path(option)
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    return results / DEFAULT_NAME


# -- making an entry from a results folder ------------------------------------------------------


def attempt_identity(sweep: str, row: dict) -> str | None:
    """One row's attempt, as the run's identity holds it (None: the point never ran)."""
    attempt = cell_value(row.get("attempt"))
    if attempt is None:
        return None
    job, start = cell_value(row.get("job_id")), cell_value(row.get("start"))
    out = f"{sweep}/{row['point_id']}/{attempt_files.attempt_name(attempt)}"
    if job is not None:
        out += f"/job-{job}"
    if start is not None:
        out += f"/start-{float(start):.3f}"
    if job is None and start is None:  # no clock, no job id: what it measured tells campaigns apart
        out += f"/tokens-{cell_value(row.get('tokens_per_s'))}"
    return out


def entry_of(side, capture, source: str) -> Entry:
    """The entry of a loaded results folder (compare/match.Side) and its envdiff.Capture."""
    rows = side.rows
    attempts = sorted({a for r in rows if (a := attempt_identity(side.sweep.name, r))})
    starts = [float(s) for r in rows if (s := cell_value(r.get("start"))) is not None]
    ends = [float(s) for r in rows if (s := cell_value(r.get("end"))) is not None]
    points = [
        PointEntry(
            m.key,
            m.variant_key,
            m.label,
            m.workload,
            m.mode,
            m.nodes,
            m.ppn,
            m.workers,
            list(m.point_ids),
            dict(m.statuses),
            [float(x) for x in m.tokens],
            [_plain(a) for a in m.token_allocations],
            [float(x) for x in m.step_s],
            [_plain(a) for a in m.step_allocations],
            m.unclocked,
        )
        for m in sorted(side.points.values(), key=lambda m: m.key)
    ]
    values = {k: set(v) for k, v in capture.values.items()}
    nodes = {str(n) for r in rows if (n := cell_value(r.get("node_list"))) is not None}
    if nodes:  # the Slurm nodes the run's points ran on (results.csv's node_list)
        values[("machine", "nodes")] = nodes
    provenance = sorted((s, n, sorted(v)) for (s, n), v in values.items())
    return Entry(
        SCHEMA,
        side.sweep.name,
        side.label,
        source,
        time.time(),
        min(starts) if starts else None,
        max(ends) if ends else None,
        attempts,
        points,
        provenance,
    )


def _plain(v):
    if v is None:
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if f != f:  # NaN: not recorded
        return None
    return int(f) if f.is_integer() else f


def load_source(arg: str, results: Path):
    """A results folder, sweep name or archive -> (compare's Side, its capture, damage notes)."""
    from scalestudy import inputs
    from scalestudy.compare import envdiff, match

    found = inputs.resolve(arg, results)
    if not inputs.is_results_folder(found.folder):
        raise HistoryError(
            f"{arg}: no results.csv or results.parquet in {found.folder}",
            "give a results folder after `scalestudy collect`, a sweep name, or an archive",
        )
    from scalestudy.collect.cache import gc_paused

    with gc_paused():  # tables of 10,000 points: full collections find nothing to free
        side = match.load_side(found, found.label)
        return side, envdiff.gather(side), list(side.sweep.damage)


def collected_source(folder: Path, results: Path, done):
    """load_source of the folder a collect just wrote (`done`, collect.Collected), from what
    it wrote: its rows and points.jsonl's records, not read back, and the attempt folders'
    stats it took (the same entry: tests/unit/test_history_of_collect; a record this version
    writes is its own upgrade, report/legacy.upgrade_record)."""
    from scalestudy import inputs
    from scalestudy.collect.cache import gc_paused
    from scalestudy.compare import envdiff, match
    from scalestudy.report.sweep_results import SweepResults

    found = inputs.resolve(str(folder), results)
    sweep = SweepResults(
        found.folder.name, found.folder, None, folder / "results.csv", points=done.records
    )
    with gc_paused():
        side = match.side_of_rows(found, sweep, done.rows, found.label)
        return side, envdiff.gather(side, done.stats)


# -- writing ------------------------------------------------------------------------------------


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_name(entry: Entry) -> str:
    """<sweep>-<identity>-<content>.json: the same run and content, the same name (where
    it was added from and under which name are not its content)."""
    content = msgspec.json.encode(msgspec.structs.replace(entry, added_at=0.0, source="", label=""))
    identity = _digest("\n".join(entry.attempts).encode())
    sweep = re.sub(r"[^A-Za-z0-9._-]+", "_", entry.sweep)[:60]
    return f"{sweep}-{identity[:12]}-{_digest(content)[:12]}.json"


@dataclass
class Added:
    path: Path
    new: bool  # False: this very version was already there (nothing written)
    replaces: int  # older versions of the same run it supersedes


def add(entry: Entry, history: Path, option: str = "--history") -> Added:
    """Write entry into the history (made if missing), atomically, without a lock."""
    runs = output_folder(history / RUNS, option)
    path = runs / file_name(entry)
    existing = read(history)
    mine = set(entry.attempts)
    replaces = sum(1 for r in existing.runs if mine & set(r.attempts))
    if path.exists():
        return Added(path, False, replaces)
    # a unique temporary name (host, pid, time: two users on two hosts may share the folder)
    tmp = runs / f".{path.name}.{os.uname().nodename}.{os.getpid()}.{time.monotonic_ns()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(msgspec.json.encode(entry))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        exc.filename = exc.filename or str(path)
        raise
    return Added(path, True, replaces)


# -- reading ------------------------------------------------------------------------------------

_DECODER = msgspec.json.Decoder(Entry)


def read_entry(path: Path) -> Entry:
    try:
        entry = _DECODER.decode(path.read_bytes())
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise DamagedFile(path, f"damaged history entry ({exc})") from None
    if entry.schema != SCHEMA:
        raise DamagedFile(path, f"schema {entry.schema!r}, expected {SCHEMA!r}")
    if not entry.attempts:
        raise DamagedFile(path, "a history entry without attempts (no identity)")
    for p in entry.points:  # each sample with its allocation: a cut list is damage, said here
        if len(p.tokens) != len(p.token_allocations) or len(p.step_s) != len(p.step_allocations):
            raise DamagedFile(
                path, f"point {p.label}@{p.nodes}x{p.ppn}: samples and allocations differ in number"
            )
    return entry


def group_versions(entries: Iterable[tuple[str, Entry]]) -> list[Entry]:
    """The runs: entries that share an attempt are versions of one run (union-find over
    attempts); the newest version (added last; then more attempts; then the name) stands."""
    items = list(entries)
    parent = list(range(len(items)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, (_, e) in enumerate(items):
        for a in e.attempts:
            if a in owner:
                parent[root(i)] = root(owner[a])
            else:
                owner[a] = i
    groups: dict[int, list[tuple[str, Entry]]] = {}
    for i, item in enumerate(items):
        groups.setdefault(root(i), []).append(item)
    runs = [
        max(g, key=lambda ne: (ne[1].added_at, len(ne[1].attempts), ne[0]))[1]
        for g in groups.values()
    ]
    return sorted(runs, key=lambda e: (e.when, e.sweep, e.attempts[0]))


def read(history: Path) -> Loaded:
    folder = history / RUNS
    if not folder.is_dir():
        return Loaded([], folder=history)
    entries, damaged = [], []
    names = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.name[0] != ".")
    for path in names:
        try:
            entries.append((path.name, read_entry(path)))
        except DamagedFile as exc:
            damaged.append(f"{exc}; skipped")
        except OSError as exc:
            damaged.append(f"{path}: not readable ({exc.strerror}); skipped")
    return Loaded(group_versions(entries), damaged, len(names), history)
