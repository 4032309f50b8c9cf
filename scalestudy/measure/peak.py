"""The matmul peak `doctor` measured (workloads/peak.py, one file per doctor run:
results/doctor/<profile>-<time>/peak.json), and finding the one a study's points are read
against: the newest of the same profile under the results root."""

from __future__ import annotations

import json
from pathlib import Path

PEAK_FILE = "peak.json"


def newest(results_root: Path, profile: str) -> tuple[dict | None, Path | None]:
    """The newest peak.json of `profile` under <results_root>/doctor/ (None: none measured);
    an unreadable one is passed over (a newer good one, or none, is what counts)."""
    best: tuple[float, dict, Path] | None = None
    for path in sorted((results_root / "doctor").glob(f"{profile}-*/{PEAK_FILE}")):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or data.get("profile") != profile:
            continue
        when = float(data.get("measured_at") or 0)
        if best is None or when >= best[0]:
            best = (when, data, path)
    return (best[1], best[2]) if best else (None, None)


def rate(peak: dict, precision: str) -> float | None:
    """The peak a point's ranks are read against: the slowest node type's (a job is as fast
    as its slowest rank) in the point's compute precision."""
    dtype = "bfloat16" if precision == "bf16" else "float32"
    rates = [t.get(dtype) for t in (peak.get("node_types") or {}).values()]
    rates = [float(r) for r in rates if r]
    return min(rates) if rates else None
