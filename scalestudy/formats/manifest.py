"""manifest.json's records, typed: a sweep's points -> their attempts, and the jobs (bundles,
job arrays, probe gates) that ran them (results/<sweep>/manifest.json; written by
scalestudy.executors.manifest, under its lock).

An `Attempt` is one record of the file: a point's attempt, a bundle's or an array's job, a probe
gate. Every field is the key manifest.json has always stored, and a field that was never set is
`UNSET`, left out of the file, so that a key absent and a key stored as null stay apart: a
manifest read and written again is the same bytes (`encode`). A key this module does not know,
or a value of the wrong type, is a `DamagedFile` naming the file and the key (exit 2).

Below the executors and everything that reads a manifest (provenance_table, sweepfile.locate,
collect): a file schema, not the backends' code. `QUEUES_JOBS` is the executors' one fact those
readers need (whether a backend's jobs wait in a scheduler's queue, with job ids and node lists)
without importing the backends; executors/registry.py checks each backend agrees with it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from scalestudy.errors import DamagedFile

__all__ = [
    "QUEUES_JOBS",
    "UNSET",
    "Attempt",
    "Attempts",
    "ManifestFile",
    "decode",
    "encode",
    "known",
]

# executor name -> whether its jobs wait in a scheduler's queue (a job id, a node list), else it
# runs points on this machine (neither: the host). A backend's `queues_jobs` must agree.
QUEUES_JOBS: dict[str, bool] = {"local": False, "slurm": True}

PLANNED = "planned"  # a point without attempts


class _Record(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Keys as fields, read and written by attribute (`known` reads one that may be unset);
    `update` sets several at once (a name that is no field is an error)."""

    def update(self, **fields: Any) -> None:
        for key, value in fields.items():
            if key not in self.__struct_fields__:
                raise AttributeError(f"{type(self).__name__} has no field {key!r}")
            setattr(self, key, value)


def known(value: Any, default: Any = None) -> Any:
    """A field's value, `default` when it was never recorded (UNSET): `known(a.exit_code)`
    is None both for an exit code stored as null and for one never stored."""
    return default if value is UNSET else value


class Attempt(_Record):
    """One job record: a point's attempt (attempt, folder, executor, ...), a bundle's or an
    array's job (order), a probe gate (gates). States: scalestudy.executors.states."""

    attempt: int | UnsetType = UNSET  # a point's attempt number (its folder attempt-<k>)
    state: str | UnsetType = UNSET
    folder: str | UnsetType = UNSET  # the attempt folder, relative to the sweep's
    executor: str | UnsetType = UNSET  # the backend that made it (QUEUES_JOBS)
    submitted_at: float | int | UnsetType = UNSET
    # who submitted it (a local run whose submitter is gone is cancelled)
    host: str | UnsetType = UNSET
    submitter_pid: int | UnsetType = UNSET
    template_hash: str | UnsetType = UNSET
    harness_commit: str | UnsetType | None = UNSET
    nodes: int | UnsetType = UNSET
    ppn: int | UnsetType = UNSET
    repeat: int | UnsetType = UNSET
    # a Slurm job: its identity (job name and the comment sbatch attaches, see
    # executors/job_identity.JobIdentity), written before sbatch runs, and its id after
    job_name: str | UnsetType = UNSET
    identity: str | UnsetType = UNSET
    intent_at: float | int | UnsetType = UNSET
    job_id: str | UnsetType = UNSET
    after_ok: str | UnsetType | None = UNSET  # the probe gate's job it waits on
    adopted_from: str | UnsetType = UNSET  # where a job found by identity was found
    slurm_state: str | UnsetType = UNSET
    # how it ended
    started_at: float | int | UnsetType = UNSET
    ended_at: float | int | UnsetType = UNSET
    exit_code: int | UnsetType | None = UNSET
    reason: str | UnsetType | None = UNSET
    failure_checked: bool | UnsetType = UNSET  # its output was read for the failure's cause
    rebuilt: bool | UnsetType = UNSET  # made from the attempt folders (executors/rebuild.py)
    # the bundle that ran it (schedule: bundled): its id, folder, allocation, place in the order
    bundle: str | UnsetType = UNSET
    bundle_folder: str | UnsetType = UNSET
    allocation: int | UnsetType | None = UNSET
    run_order: int | UnsetType = UNSET
    # the job array that ran it: its id, folder and task index
    array: str | UnsetType = UNSET
    array_folder: str | UnsetType = UNSET
    array_index: int | UnsetType = UNSET
    order: list[str] | UnsetType = UNSET  # a bundle's or an array's points, in run order
    gates: list[str] | UnsetType = UNSET  # a probe gate's points (they wait on it)


class Attempts(_Record):
    """A point's (or a bundle's, an array's) attempts, oldest first."""

    attempts: list[Attempt] = msgspec.field(default_factory=list)

    @property
    def last(self) -> Attempt | None:
        return self.attempts[-1] if self.attempts else None


class ManifestFile(_Record):
    """The whole file: `points` always; the jobs of several points and the sweep's submit
    facts once a submit recorded them."""

    version: int | UnsetType = UNSET
    points: dict[str, Attempts] = msgspec.field(default_factory=dict)
    sweep_file: str | UnsetType = UNSET  # the sweep file it was submitted from
    template_hash: str | UnsetType = UNSET
    rebuilt_from: str | UnsetType = UNSET
    bundles: dict[str, Attempts] | UnsetType = UNSET
    arrays: dict[str, Attempts] | UnsetType = UNSET
    gates: list[Attempt] | UnsetType = UNSET

    @classmethod
    def empty(cls) -> ManifestFile:
        return cls(version=1, points={})

    def last(self, point_id: str) -> Attempt | None:
        """The point's latest attempt (None: never submitted)."""
        entry = self.points.get(point_id)
        return entry.last if entry else None

    def state(self, point_id: str) -> str:
        """The point's latest attempt's state, "planned" without one."""
        last = self.last(point_id)
        return PLANNED if last is None else known(last.state, "unknown")

    def point_attempts(self) -> list[Attempt]:
        return [a for e in self.points.values() for a in e.attempts]

    def jobs(self, kind: str) -> dict[str, Attempts]:
        """The bundles' or the arrays' records (kind "bundles" or "arrays"), made on first use."""
        if getattr(self, kind) is UNSET:
            setattr(self, kind, {})
        return getattr(self, kind)

    def job_attempts(self, kind: str, key: str) -> Attempts:
        """One bundle's or array's record, made on first use."""
        return self.jobs(kind).setdefault(key, Attempts())

    def gate_list(self) -> list[Attempt]:
        if self.gates is UNSET:
            self.gates = []
        return self.gates

    def records(self) -> list[Attempt]:
        """Every record a scheduler knows as a job: points' attempts, gates, bundles' jobs."""
        gates = [] if self.gates is UNSET else self.gates
        bundles = [] if self.bundles is UNSET else self.bundles.values()
        return [*self.point_attempts(), *gates, *(a for b in bundles for a in b.attempts)]

    def new_attempt(self, point_id: str, **fields: Any) -> Attempt:
        """The point's next attempt (numbered after the last), "submitted" unless said."""
        entry = self.points.setdefault(point_id, Attempts())
        attempt = Attempt(attempt=len(entry.attempts) + 1, state="submitted")
        attempt.update(**fields)
        entry.attempts.append(attempt)
        return attempt


def decode(raw: bytes, path: object) -> ManifestFile:
    """The file's records. ValueError when the bytes are no manifest at all (cut short, empty,
    not JSON, no points: the caller rebuilds it); DamagedFile (exit 2) naming the file and the
    key when a record has a key this module does not know or a value of the wrong type."""
    data = json.loads(raw)  # JSONDecodeError and UnicodeDecodeError are ValueErrors
    if not isinstance(data, dict) or not isinstance(data.get("points"), dict):
        raise ValueError("not a manifest: no points")
    try:
        return msgspec.convert(data, ManifestFile, strict=True)
    except msgspec.ValidationError as exc:
        raise DamagedFile(
            path,
            f"{_where(data, exc)}: {str(exc).partition(' - at ')[0]}",
            hint="fix that key by hand, or keep a copy and empty the file: the next status or "
            "submit rebuilds it from the attempt folders",
        ) from None


def _where(data: dict, exc: msgspec.ValidationError) -> str:
    """The damaged key, with the point (or bundle, array) named: msgspec says `$.points[...]`."""
    said = str(exc).rpartition(" - at ")[2].strip("`")
    for kind in ("points", "bundles", "arrays"):
        entries = data.get(kind) if isinstance(data, dict) else None
        if not isinstance(entries, dict):  # not a mapping at all: msgspec's path says so
            continue
        for key, entry in entries.items():
            try:
                msgspec.convert(entry, Attempts, strict=True)
            except msgspec.ValidationError as inner:
                _, at, path = str(inner).rpartition(" - at ")
                rest = path.strip("`").removeprefix("$") if at else ""  # the entry itself: none
                return f"key {kind}.{key}{rest}"
    if said.startswith("$"):
        return f"key {said.removeprefix('$.')}"
    unknown = re.search(r"unknown field `(.+)`", str(exc))  # a top-level key: no path said
    return f"key {unknown.group(1)}" if unknown else "the top level"


def encode(data: ManifestFile) -> str:
    """The file's text: every set key, sorted, one space of indent (as it has always been)."""
    return json.dumps(msgspec.to_builtins(data), indent=1, sort_keys=True)
