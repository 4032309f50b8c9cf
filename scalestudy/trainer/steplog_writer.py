"""Buffered writer of one rank's JSON-lines log (schema in scalestudy.formats.step_log).

Records are kept in memory and appended in one write at flush points (every N steps, at
checkpoints and at exit) so logging does not perturb step times; flushes are excluded from the
timed window by the caller.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
from pathlib import Path

import psutil

from scalestudy.formats.step_log import SCHEMA, rank_log_name


def rss_bytes() -> tuple[int, int]:
    """(current RSS, peak RSS) of this process in bytes."""
    current = psutil.Process().memory_info().rss
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    return current, peak


class _MallInfo2(ctypes.Structure):
    _FIELDS = "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost"
    # glibc's struct mallinfo2 (2.33+), every field a size_t
    _fields_ = [(name, ctypes.c_size_t) for name in _FIELDS.split(" ")]


def memory_parts(tf) -> dict:
    """Where the peak RSS goes, for the memory model's check (docs/trainer.md, footer
    `memory`): `allocator_peak`, the most bytes TensorFlow's CPU allocator held at once (its
    own count: tensors; oneDNN's allocator keeps it, the plain one does not: None), and
    `heap`/`heap_in_use`, glibc's malloc heap now (the runtime's graphs and kernels, small
    buffers; None off glibc). RSS holds more: pages the allocator touched beyond its peak in
    use (they grow with the tensors), the libraries and Python."""
    out: dict = {"allocator_peak": None, "heap": None, "heap_in_use": None}
    with contextlib.suppress(ValueError, RuntimeError, KeyError):
        out["allocator_peak"] = int(tf.config.experimental.get_memory_info("CPU:0")["peak"])
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
        out["heap"], out["heap_in_use"] = int(info.arena), int(info.uordblks)
    except (OSError, AttributeError):
        pass
    return out


class StepLogWriter:
    def __init__(self, log_dir: str, rank: int):
        self.path = Path(log_dir) / rank_log_name(rank)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.pending: list[str] = []
        self.start_step = 1
        self.step_peak = 0  # the largest peak_rss of this segment's steps

    def header(self, start_step: int, **fields) -> None:
        self.start_step = start_step
        self._add({"type": "header", "schema": SCHEMA, "segment_start_step": start_step, **fields})
        self.flush()

    def step(self, record: dict) -> None:
        self.step_peak = max(self.step_peak, record.get("peak_rss") or 0)
        self._add({"type": "step", **record})

    def footer(self, **fields) -> None:
        """The segment's start and its process's peak memory ride along: a reader gets the
        rank's peak from the last line alone (step_log.peak_rss) instead of every step."""
        peak = max(rss_bytes()[1], self.step_peak)
        fields = {"segment_start_step": self.start_step, "peak_rss": peak, **fields}
        self._add({"type": "footer", **fields})
        self.flush()

    def _add(self, rec: dict) -> None:
        self.pending.append(json.dumps(rec, separators=(",", ":"), default=str))

    def flush(self) -> None:
        if not self.pending:
            return
        data = ("\n".join(self.pending) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        self.pending.clear()
