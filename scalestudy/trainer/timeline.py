"""Horovod's timeline over the timed steps, summarised per step (trainer key `timeline: true`).

The overlapped step times only whole steps; Horovod's own timeline (written by rank 0, the
coordinator, in Chrome's trace format) says when each collective was negotiated and ran. Per
step this module reports:
- `comm_busy_s`: the union of the intervals in which a gradient collective was running;
- `exposed_comm_s`: how long gradient collectives kept running after the last gradient was
  handed to Horovod (the start of its negotiation): communication the backward pass did not
  hide. The optimizer runs after it, inside the step.
- with a sharded embedding, `lookups`: per micro-batch's lookup k, seconds after the step's
  start at which its ids were handed to Horovod, its rows had arrived (its forward pass can
  go on from there) and its gradient rows had reached their owners.
Writing the timeline costs Horovod's background thread some time: a run with it on is a
diagnosis, and its header and footer say so.

Clocks: timeline timestamps are microseconds after the start time the timeline records (its
first metadata record, microseconds since the epoch); the steps' times are turned into epoch
seconds with one paired reading of time.time() and perf_counter().
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

pc = time.perf_counter


def start(hvd, path: Path) -> float:
    """Start the timeline; returns epoch seconds minus perf_counter seconds (the clock offset)."""
    hvd.start_timeline(str(path), mark_cycles=False)
    return time.time() - pc()


def stop(hvd) -> None:
    hvd.stop_timeline()


def read_events(path: Path) -> list[dict]:
    """Horovod leaves the JSON array open, and a flush may tear the last record."""
    text = path.read_text().strip()
    text = text[: text.rfind("}") + 1] if "}" in text else "["
    return json.loads(text + "]") if text.startswith("[") else []


def _intervals(events: list[dict]) -> tuple[dict[str, list], dict[str, list], float | None]:
    """Per tensor name: top-level op intervals [(b, e)] and negotiation starts, in timeline
    seconds; and the timeline's start in epoch seconds."""
    names, start = {}, None
    for e in events:
        if e.get("name") == "process_name":
            args = e.get("args", {})
            if "name" in args:
                names[e["pid"]] = args["name"]
            if "start_time_since_epoch_in_micros" in args:
                start = args["start_time_since_epoch_in_micros"] / 1e6
    ops: dict[str, list] = {}
    negotiations: dict[str, list] = {}
    open_ops: dict[int, list[tuple[str, float]]] = {}
    for e in events:
        ph, pid, ts = e.get("ph"), e.get("pid"), e.get("ts")
        if ph not in ("B", "E") or ts is None:
            continue
        name = names.get(pid, str(pid))
        stack = open_ops.setdefault(pid, [])
        if ph == "B":
            stack.append((str(e.get("name", "")), ts / 1e6))
            if str(e.get("name", "")).startswith("NEGOTIATE"):
                negotiations.setdefault(name, []).append(ts / 1e6)
        elif stack:
            what, begin = stack.pop()
            if not stack and not what.startswith("NEGOTIATE"):  # a top-level op ended
                ops.setdefault(name, []).append((begin, ts / 1e6))
    return ops, negotiations, start


def _union(spans: list[tuple[float, float]]) -> float:
    total, end = 0.0, float("-inf")
    for b, e in sorted(spans):
        if e <= end:
            continue
        total += e - max(b, end)
        end = e
    return total


_LOOKUP = re.compile(r"emb_lookup(\d+)_(ids|rows|grads)$")  # trainer/exchanges/sharded_embedding


def _lookups(ops, negotiations, offset, t0, t1) -> list[dict]:
    """Per lookup k of the step [t0, t1]: ids handed over, rows arrived, gradients delivered
    (seconds after t0); a part the step does not hold is left out."""
    out: dict[int, dict] = {}

    def inside(t):
        return t0 <= t + offset <= t1

    for name, spans in ops.items():
        match = _LOOKUP.search(name)
        if not match:
            continue
        k, part = int(match.group(1)), match.group(2)
        ends = [e + offset - t0 for b, e in spans if inside(b)]
        starts = [t + offset - t0 for t in negotiations.get(name, []) if inside(t)]
        entry = out.setdefault(k, {})
        if part == "ids" and starts:
            entry["ids_ready_s"] = min(starts)
        if part in ("rows", "grads") and ends:
            entry[f"{part}_done_s"] = max(ends)
    return [out[k] for k in sorted(out)]


def summarise(path: Path, epoch_minus_pc: float, steps: list[tuple[int, float, float]]) -> dict:
    """`steps`: (step, start, end) on this process's perf_counter clock."""
    try:
        ops, negotiations, start = _intervals(read_events(path))
    except (OSError, ValueError) as exc:
        return {"error": f"{path}: unreadable timeline: {exc}"}
    if start is None:
        return {"error": f"{path}: the timeline records no start time"}
    offset = start - epoch_minus_pc  # perf_counter = timeline seconds + offset

    def grad(name: str) -> bool:
        return "grad" in name  # the trainer names every gradient collective grad<i>...

    per_step = []
    for step, t0, t1 in steps:
        spans = [
            (b + offset, e + offset)
            for name, iv in ops.items()
            if grad(name)
            for b, e in iv
            if t0 <= b + offset <= t1
        ]
        ready = [
            t + offset
            for name, ts in negotiations.items()
            if grad(name)
            for t in ts
            if t0 <= t + offset <= t1
        ]
        if not spans or not ready:
            per_step.append({"step": step, "collectives": 0})
            continue
        last_ready, last_end = max(ready), max(e for _, e in spans)
        entry = {
            "step": step,
            "collectives": len(spans),
            "comm_busy_s": _union(spans),
            "exposed_comm_s": max(0.0, last_end - last_ready),
            "step_s": t1 - t0,
        }
        lookups = _lookups(ops, negotiations, offset, t0, t1)
        if lookups:
            entry["lookups"] = lookups
        per_step.append(entry)
    return {"file": str(path), "clock_offset_s": offset, "per_step": per_step}
