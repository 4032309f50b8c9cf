"""The trainer's structured log: one JSON-lines file per rank, append-only.

Schema `scalestudy.steplog/1`. A file holds one or more segments (a segment per process start:
a resumed run appends a new one); each segment is a `header`, then `step` records, then a
`footer` unless the process was killed. Field reference: docs/trainer.md ("The step log").

Merging rule (no gap, no repeat): a segment that starts at step s supersedes every record of
earlier segments with step >= s (those steps were redone after the checkpoint).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = "scalestudy.steplog/1"

EXIT_COMPLETED = 0
EXIT_FAILED = 1
EXIT_CONFIG = 2
EXIT_DIVERGED = 3
EXIT_INTERRUPTED = 4
EXIT_LAUNCH_MISMATCH = 5

STATUS_BY_EXIT = {
    EXIT_COMPLETED: "completed",
    EXIT_FAILED: "failed",
    EXIT_CONFIG: "failed",
    EXIT_DIVERGED: "diverged",
    EXIT_INTERRUPTED: "interrupted",
    EXIT_LAUNCH_MISMATCH: "failed",
}


def rank_log_name(rank: int) -> str:
    return f"rank{rank:05d}.jsonl"


@dataclass
class Segment:
    header: dict
    steps: list[dict] = field(default_factory=list)
    footer: dict | None = None

    @property
    def start_step(self) -> int:
        return int(self.header["segment_start_step"])


def read_records(path: str | Path) -> Iterator[dict]:
    """Records of one rank's file; a torn last line (process killed mid-write) is skipped."""
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            if i >= len(lines) - 2:  # only the final (possibly torn) line may be incomplete
                return
            raise ValueError(f"{path}:{i + 1}: corrupt record") from None


def read_segments(path: str | Path) -> list[Segment]:
    segments: list[Segment] = []
    for rec in read_records(path):
        kind = rec.get("type")
        if kind == "header":
            if rec.get("schema") != SCHEMA:
                raise ValueError(f"{path}: unknown schema {rec.get('schema')!r}")
            segments.append(Segment(header=rec))
        elif not segments:
            raise ValueError(f"{path}: {kind} record before any header")
        elif kind == "step":
            segments[-1].steps.append(rec)
        elif kind == "footer":
            segments[-1].footer = rec
    return segments


def merged_steps(path: str | Path) -> list[dict]:
    """Step records of a rank across restarts, each step once (the latest run of it)."""
    segments = read_segments(path)
    out: list[dict] = []
    for seg in segments:
        out = [r for r in out if r["step"] < seg.start_step]
        out.extend(seg.steps)
    return out
