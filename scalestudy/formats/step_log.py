"""The trainer's structured log: one JSON-lines file per rank, append-only.

Schema `scalestudy.steplog/1`. A file holds one or more segments (a segment per process start:
a resumed run appends a new one); each segment is a `header`, then `step` records, then a
`footer` unless the process was killed. Field reference: docs/trainer.md ("The step log").

Merging rule (no gap, no repeat): a segment that starts at step s supersedes every record of
earlier segments with step >= s (those steps were redone after the checkpoint).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from scalestudy.errors import DamagedFile

SCHEMA = "scalestudy.steplog/1"

EXIT_COMPLETED = 0
EXIT_FAILED = 1
EXIT_CONFIG = 2
EXIT_DIVERGED = 3
EXIT_INTERRUPTED = 4
EXIT_LAUNCH_MISMATCH = 5
EXIT_OUT_OF_MEMORY = 6  # an allocation failed (TensorFlow's ResourceExhausted, MemoryError)

STATUS_BY_EXIT = {
    EXIT_COMPLETED: "completed",
    EXIT_FAILED: "failed",
    EXIT_CONFIG: "failed",
    EXIT_DIVERGED: "diverged",
    EXIT_INTERRUPTED: "interrupted",
    EXIT_LAUNCH_MISMATCH: "failed",
    EXIT_OUT_OF_MEMORY: "out_of_memory",
}
# what each code says (docs/slurm.md's and docs/trainer.md's lists are written from these)
EXIT_MEANINGS = {
    EXIT_COMPLETED: "the workload finished",
    EXIT_FAILED: "the workload failed (a rank's error; the launcher's own failures too)",
    EXIT_CONFIG: "the point's configuration was refused by the workload",
    EXIT_DIVERGED: "the loss diverged ([trainer.md](trainer.md))",
    EXIT_INTERRUPTED: "checkpointed on the signal before the time limit; `--retry-failed` resumes",
    EXIT_LAUNCH_MISMATCH: "launch mismatch: the ranks do not form the world the job asked for",
    EXIT_OUT_OF_MEMORY: "an allocation failed (TensorFlow's ResourceExhausted, MemoryError; "
    "also read from the output: std::bad_alloc, ...)",
}
# the job script's own codes (templates/clusters/: the prologue, array.sh.j2, bundle.sh.j2)
JOB_SCRIPT_EXITS = (
    ("96", "failed", "**the setup failed before the launch** (a module, the environment, the "
     "capture): the reason names the command"),
    ("97", "failed", "the attempt folder is missing (or a job array's task has no point)"),
    ("128+n", "failed", "killed by signal n (e.g. 137: SIGKILL, the OOM killer or scancel)"),
)  # fmt: skip


def rank_log_name(rank: int) -> str:
    return f"rank{rank:05d}.jsonl"


def field_of(record, name: str, default=None):
    """A field of a record, whether decoded as a dict or through a typed view (Decoder)."""
    if isinstance(record, dict):
        return record.get(name, default)
    return getattr(record, name, default)


@dataclass
class Segment:
    """One process start's records: dicts, or a typed view's Structs (read_segments' decoder)."""

    header: Any
    steps: list = field(default_factory=list)
    footer: Any = None

    @property
    def start_step(self) -> int:
        return int(field_of(self.header, "segment_start_step"))


# msgspec decodes a record ~3x faster than the json module; a typed view (a Struct naming a few
# fields) skips the rest of the line without building it, ~10x (issue #14: 1,200 ranks x 300
# steps of 6.6 KB lines). A diverged step's loss is written as NaN, which is not JSON: such a
# line goes through the json module, then into the view.


class Decoder:
    """Records as dicts, or as the msgspec Struct `view`: a whole file in one call, or a line."""

    def __init__(self, view: type | None = None):
        self.view = view
        self._msgspec = msgspec.json.Decoder(view) if view else msgspec.json.Decoder()

    def whole(self, data: bytes) -> list:
        return self._msgspec.decode_lines(data)

    def line(self, line: bytes):
        try:
            return self._msgspec.decode(line)
        except msgspec.DecodeError:
            try:
                obj = json.loads(line)  # NaN / Infinity literals
            except ValueError:
                raise msgspec.DecodeError("not a JSON record") from None
            return msgspec.convert(obj, self.view) if self.view else obj


RECORDS = Decoder()


def read_records(path: str | Path, decoder: Decoder = RECORDS) -> Iterator:
    """Records of one rank's file; a torn last line (process killed mid-write) is skipped.
    A well-formed file is decoded in one call; line by line only when that fails."""
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        yield from decoder.whole(data)
        return
    except msgspec.DecodeError:
        pass  # a torn last line, a NaN, or corruption: line by line says which
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            yield decoder.line(line)
        except msgspec.DecodeError:
            if i >= len(lines) - 2:  # only the final (possibly torn) line may be incomplete
                return
            raise DamagedFile(path, "corrupt record (not a JSON line)", i + 1) from None


def read_segments(path: str | Path, decoder: Decoder = RECORDS) -> list[Segment]:
    segments: list[Segment] = []
    for rec in read_records(path, decoder):
        kind = field_of(rec, "type")
        if kind == "header":
            if field_of(rec, "schema") != SCHEMA:
                raise DamagedFile(path, f"unknown schema {field_of(rec, 'schema')!r}")
            segments.append(Segment(header=rec))
        elif not segments:
            raise DamagedFile(path, f"{kind} record before any header")
        elif kind == "step":
            segments[-1].steps.append(rec)
        elif kind == "footer":
            segments[-1].footer = rec
    return segments


def merge(segments: Iterable[Segment]) -> list:
    """Step records of a rank across restarts, each step once (the latest run of it)."""
    out: list = []
    for seg in segments:
        out = [r for r in out if field_of(r, "step") < seg.start_step]
        out.extend(seg.steps)
    return out


def merged_steps(path: str | Path) -> list[dict]:
    return merge(read_segments(path))


def last_record(path: str | Path, tail: int = 1 << 16) -> dict | None:
    """The file's last complete record, read from its end (None if it cannot be decoded)."""
    with open(path, "rb") as fh:
        size = fh.seek(0, os.SEEK_END)
        while True:
            start = max(0, size - tail)
            fh.seek(start)
            lines = fh.read().rstrip(b"\n").split(b"\n")
            if len(lines) > 1 or start == 0:
                break
            tail *= 4  # one line longer than the tail: read more
    try:
        return RECORDS.line(lines[-1]) if lines[-1].strip() else None
    except msgspec.DecodeError:
        return None


class _PeakView(msgspec.Struct):
    """The fields of any record that the peak memory needs; the rest of the line is skipped."""

    type: str
    schema: str = ""
    step: int = 0
    segment_start_step: int = 0
    peak_rss: int | None = None


_PEAKS = Decoder(_PeakView)


def peak_rss(path: str | Path) -> int | None:
    """The largest `peak_rss` of a rank's merged steps and footers, in bytes.

    A footer carries its process's peak and the step its segment started at: when the last
    record is a footer of a segment that started at step 1 (nothing before it survives the
    merge), it alone answers and the file's steps are not read. Otherwise every record is
    decoded through a typed view that skips the rest of each line."""
    last = last_record(path)
    if (
        last
        and last.get("type") == "footer"
        and last.get("segment_start_step") == 1
        and last.get("peak_rss") is not None
    ):
        return int(last["peak_rss"])
    segments = read_segments(path, _PEAKS)
    peaks = [s.peak_rss for s in merge(segments) if s.peak_rss is not None]
    for i, seg in enumerate(segments):
        # a footer counts while its segment still has steps in the merge (no later segment
        # started at or before its start)
        live = all(seg.start_step < later.start_step for later in segments[i + 1 :])
        if live and seg.footer is not None and seg.footer.peak_rss is not None:
            peaks.append(seg.footer.peak_rss)
    return max(peaks) if peaks else None
