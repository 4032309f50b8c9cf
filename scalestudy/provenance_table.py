"""Where and when a study ran, read back from what was recorded, never recomputed: per point
the job id, node list, start and end (results.csv: the executor's records and sacct, as
`collect` wrote them), per run the harness's commit and the scalestudy, TensorFlow, Horovod,
MPI, Slurm and Python versions, the modules loaded and the container image's digest (each
attempt's env/, written by the job script and scalestudy/capture.py before the launch:
docs/results-layout.md).

A value nobody recorded (a results tree from before env/ existed, a local run without Slurm,
a command the capture could not run) is "not recorded", with why where the capture says so.
A damaged env file (cut short, not JSON, unreadable) is a warning naming the file, and its
values are "not recorded": the report goes on. A manifest that reads but has a damaged key
is a warning too (stderr and the report's: file, key, hint), and a cell only the manifest
held is "not recorded (manifest damaged)", never a plain "not recorded". Points that ran with
different values of one field (two commits, two TensorFlow versions, two image digests) make
the study *mixed*: the summary says which fields, with the points on each side.

TF-free and pandas-free, below both of its readers: report/summary.py passes the table's rows,
`archive` reads results.csv itself (so the archive needs nothing of the report)."""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from scalestudy.errors import DamagedFile
from scalestudy.formats import attempt_files, env_capture
from scalestudy.formats.env_capture import NOT_RECORDED, EnvFolder
from scalestudy.formats.manifest import QUEUES_JOBS, Attempt, decode, known

# what the manifest would have said (a local run's executor, an attempt folder elsewhere) when
# it is readable but a key is damaged: the point's cells that nothing else recorded
MANIFEST_DAMAGED = f"{NOT_RECORDED} (manifest damaged)"
# the per-run fields, in the order the report lists them
FIELDS = (
    "commit",
    "scalestudy",
    "TensorFlow",
    "Horovod",
    "MPI",
    "Slurm",
    "Python",
    "modules",
    "container image",
)
TENSORFLOW = ("tensorflow", "tensorflow-cpu", "tensorflow-intel", "tensorflow-gpu")
SHOWN = 4  # point ids listed by name beside a value before "+N more"


@dataclass
class PointRecord:
    """One point's latest attempt: where and when it ran, and its run fields' values."""

    point_id: str
    sweep: str
    status: str
    attempt: int | None
    job_id: str = NOT_RECORDED
    nodes: str = NOT_RECORDED
    start: str = NOT_RECORDED  # UTC, "YYYY-MM-DD HH:MM:SS UTC"
    end: str = NOT_RECORDED
    env: str = ""  # the env/ folder read, relative to the sweep's folder ("" when none)
    values: dict[str, str] = field(default_factory=dict)  # FIELDS -> value

    def as_dict(self) -> dict:
        return {
            "point_id": self.point_id,
            "sweep": self.sweep,
            "status": self.status,
            "attempt": self.attempt,
            "job_id": self.job_id,
            "nodes": self.nodes,
            "start": self.start,
            "end": self.end,
            "env": self.env,
            **{name: self.values.get(name, NOT_RECORDED) for name in FIELDS},
        }


@dataclass
class Provenance:
    points: list[PointRecord]
    warnings: list[str] = field(default_factory=list)

    @property
    def ran(self) -> list[PointRecord]:
        """The points with an attempt (a point never submitted has no run fields)."""
        return [p for p in self.points if p.attempt is not None]

    def values(self, name: str) -> dict[str, list[str]]:
        """One field: value -> the point ids that recorded it (recorded values first)."""
        out: dict[str, list[str]] = {}
        for p in self.ran:
            out.setdefault(p.values.get(name, NOT_RECORDED), []).append(p.point_id)
        return dict(sorted(out.items(), key=lambda kv: (kv[0].startswith(NOT_RECORDED), kv[0])))

    def mixed(self) -> list[str]:
        """The fields whose recorded values differ between points."""
        return [
            name
            for name in FIELDS
            if len([v for v in self.values(name) if not v.startswith(NOT_RECORDED)]) > 1
        ]

    def notes(self) -> list[str]:
        ran = self.ran
        if not ran:
            return ["no point has run: nothing was recorded"]
        mixed = self.mixed()
        if mixed:
            parts = [f"{name} ({len(self._recorded(name))} values)" for name in mixed]
            out = [
                f"MIXED: the {len(ran)} point(s) that ran did not all run the same way: "
                + ", ".join(parts)
                + " (the table lists the points of each value)"
            ]
        else:
            out = [
                f"not mixed: the {len(ran)} point(s) that ran recorded one value of each field "
                "(where they recorded one)"
            ]
        bare = [p.point_id for p in ran if not p.env]
        if bare:
            out.append(
                f"{len(bare)} point(s) have no env/ capture (run before it existed, or copied "
                f"without it): their run fields are not recorded: {_few(bare)}"
            )
        return out

    def _recorded(self, name: str) -> list[str]:
        return [v for v in self.values(name) if not v.startswith(NOT_RECORDED)]

    def run_rows(self) -> list[list[str]]:
        """field, value, points: one row per field and value."""
        total = len(self.ran)
        rows = []
        for name in FIELDS:
            values = self.values(name)
            flag = " (MIXED)" if name in self.mixed() else ""
            for value, ids in values.items():
                who = f"all {total}" if len(ids) == total else f"{len(ids)} of {total}: {_few(ids)}"
                rows.append([name + flag, value, who])
        return rows

    def point_rows(self, with_sweep: bool = False) -> list[list[str]]:
        out = []
        for p in self.points:
            row = [p.point_id, p.status, str(p.attempt) if p.attempt is not None else "-"]
            row += [p.job_id, p.nodes, p.start, p.end]
            out.append(([p.sweep] if with_sweep else []) + row)
        return out

    def as_dict(self) -> dict:
        return {
            "schema": "scalestudy.provenance/1",
            "not_recorded": NOT_RECORDED,
            "mixed": self.mixed(),
            "notes": self.notes(),
            "fields": {name: self.values(name) for name in FIELDS},
            "points": [p.as_dict() for p in self.points],
            "warnings": self.warnings,
        }


POINT_HEAD = ["point", "status", "attempt", "job id", "nodes", "start (UTC)", "end (UTC)"]
RUN_HEAD = ["field", "value", "points"]


def _few(ids: list[str]) -> str:
    shown = ", ".join(ids[:SHOWN])
    return shown + (f" (+{len(ids) - SHOWN} more)" if len(ids) > SHOWN else "")


# -- reading -----------------------------------------------------------------------------------


def _text(v) -> str | None:
    """A table cell as text: None for empty (NaN, None, "")."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    s = str(v).strip()
    return s if s and s.lower() not in ("nan", "<na>", "none") else None


def _number(v) -> float | None:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def utc(seconds: float | None) -> str:
    if seconds is None:
        return NOT_RECORDED
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(seconds))


def run_values(env: EnvFolder) -> dict[str, str]:
    """The run fields of one env/ folder."""
    out = dict.fromkeys(FIELDS, NOT_RECORDED)
    h = env.harness
    if h.get("commit"):
        out["commit"] = str(h["commit"]) + (" (dirty)" if h.get("dirty") else "")
    elif env.index is not None:
        out["commit"] = f"{NOT_RECORDED} (not a git checkout)"
    if h.get("python"):
        out["Python"] = str(h["python"])
    pip = env.pip()
    if h.get("version"):  # the capture's own word (a checkout or an installed package)
        out["scalestudy"] = str(h["version"]) + (f" ({h['source']})" if h.get("source") else "")
    elif "scalestudy" in pip:
        out["scalestudy"] = pip["scalestudy"]
    if pip:
        tf = next((n for n in TENSORFLOW if n in pip), None)
        out["TensorFlow"] = f"{pip[tf]} ({tf})" if tf else f"{NOT_RECORDED} (not installed)"
        out["Horovod"] = pip.get("horovod", f"{NOT_RECORDED} (not installed)")
    for name, (value, why) in (("MPI", env.mpi()), ("Slurm", env.slurm())):
        out[name] = value or f"{NOT_RECORDED} ({why})"
    modules = env.modules()
    if modules is not None:
        out["modules"] = modules
    out["container image"] = env.image()
    return out


def _scontrol_nodes(env: EnvFolder) -> str | None:
    text = env.read("scontrol-job.txt") or ""
    m = re.search(r"(?:^|\s)NodeList=(\S+)", text)
    return m.group(1) if m and m.group(1) not in ("(null)", "") else None


def _unqueued(executor) -> str | None:
    """The executor's name when it runs points on this machine without a scheduler (no job id,
    no node list but the host), else None (a scheduler's, or a name no backend has)."""
    if not executor:
        return None
    return None if QUEUES_JOBS.get(str(executor), True) else str(executor)


def read_point(
    folder: Path,
    sweep: str,
    row: dict,
    attempt_meta: Attempt | None,
    warnings,
    manifest_damaged: bool = False,
) -> PointRecord:
    """One row of the results table (a dict of its cells) and its attempt's env/. With the
    sweep's manifest damaged, a cell nothing else recorded is MANIFEST_DAMAGED, not
    NOT_RECORDED: it may well have been recorded, in the file that cannot be read."""
    missing = MANIFEST_DAMAGED if manifest_damaged else NOT_RECORDED
    attempt_no = _number(row.get("attempt"))
    rec = PointRecord(
        point_id=str(row["point_id"]),
        sweep=sweep,
        status=_text(row.get("status")) or "missing",
        attempt=int(attempt_no) if attempt_no is not None else None,
    )
    if rec.attempt is None:
        return rec
    meta = attempt_meta or Attempt()
    if _number(known(meta.attempt)) not in (None, rec.attempt):
        meta = Attempt()  # the manifest moved on since collect: the row's attempt is the one read
    local = _unqueued(meta.executor)
    sub = Path(str(meta.folder or f"{rec.point_id}/{attempt_files.attempt_name(rec.attempt)}"))
    env_dir = folder / sub / "env"
    env = EnvFolder(env_dir, warnings) if env_dir.is_dir() else None
    if env is not None:
        rec.env = str(sub / "env")
        rec.values = run_values(env)
    else:
        rec.values = dict.fromkeys(FIELDS, missing)
    h = env.harness if env else {}
    loaded = env_capture.loaded_mpi(folder / sub)
    if loaded:  # what the ranks ran, over what the job's environment offered (issue #46)
        captured, _ = env.command_output("mpi.txt") if env else (None, "")
        rec.values["MPI"] = env_capture.loaded_mpi_said(loaded, h, captured)
    job = _text(row.get("job_id")) or _text(h.get("slurm_job_id"))
    rec.job_id = job or (f"{NOT_RECORDED} ({local} executor)" if local else missing)
    nodes = _text(row.get("node_list")) or _text(h.get("slurm_nodelist"))
    nodes = nodes or (_scontrol_nodes(env) if env else None)
    if nodes is None and local and _text(h.get("host")):
        nodes = f"{h['host']} ({local} executor)"
    rec.nodes = nodes or missing
    rec.start = utc(_number(row.get("start")))
    rec.end = utc(_number(row.get("end")))
    return rec


def _attempts(folder: Path) -> tuple[dict[str, Attempt], DamagedFile | None]:
    """point id -> its latest attempt's manifest record: empty when the manifest is missing
    or no manifest at all (the verbs that own it rebuild it), and then the damage too when
    it reads but a key is wrong (a verb that owns it exits 2 on it)."""
    path = folder / "manifest.json"
    try:
        data = decode(path.read_bytes(), path)
    except DamagedFile as exc:
        return {}, exc
    except (OSError, ValueError):
        return {}, None
    return {pid: e.attempts[-1] for pid, e in data.points.items() if e.attempts}, None


def read(sweeps: Iterable[tuple[str, Path, Iterable[dict]]]) -> Provenance:
    """(sweep name, its results folder, the table's rows as dicts) for each sweep. A manifest
    with a damaged key is said (stderr and the report's warnings: file, key, hint) and its
    points' cells that only it held read MANIFEST_DAMAGED."""
    prov = Provenance([])
    for name, folder, rows in sweeps:
        metas, damaged = _attempts(folder)
        if damaged is not None:
            said = (
                f"{damaged}; the provenance of sweep {name}'s points is read without it "
                f"(what only it held shows as {MANIFEST_DAMAGED!r}); hint: {damaged.hint}"
            )
            print(f"warning: {said}", file=sys.stderr)
            prov.warnings.append(said)
        for row in rows:
            pid = str(row["point_id"])
            prov.points.append(
                read_point(folder, name, row, metas.get(pid), prov.warnings, damaged is not None)
            )
    return prov
