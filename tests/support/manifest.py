"""Manifests in tests, as the product reads them: records (scalestudy.formats.manifest), read by
attribute, never as dicts; and made by hand for a results folder a test builds itself."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from scalestudy.formats.manifest import Attempt, Attempts, ManifestFile, decode, encode


def read(folder: Path) -> ManifestFile:
    """results/<sweep>/manifest.json's records (a damaged file fails the test, as it should)."""
    path = Path(folder) / "manifest.json"
    return decode(path.read_bytes(), path)


def lasts(data: ManifestFile) -> dict[str, Attempt]:
    """point id -> its latest attempt (points without one left out), in the file's order."""
    return {pid: e.attempts[-1] for pid, e in data.points.items() if e.attempts}


def states(data: ManifestFile) -> list[str]:
    """The points' latest attempts' states, in the file's order."""
    return [a.state for a in lasts(data).values()]


def made(points: dict[str, list[Attempt]], **top) -> ManifestFile:
    """A manifest of these points' attempts (version 1; `top`: sweep_file, bundles, ...)."""
    entries = {pid: Attempts(attempts=list(attempts)) for pid, attempts in points.items()}
    return ManifestFile(version=1, points=entries, **top)


def write(folder: Path, data: ManifestFile) -> Path:
    """Write it as the product does (sorted keys, one space of indent)."""
    path = Path(folder) / "manifest.json"
    path.write_text(encode(data))
    return path


def shown(records) -> str:
    """Records as indented JSON, for an assertion's message."""
    return json.dumps(msgspec.to_builtins(records), indent=1)


def evidence(folder: Path, states: tuple[str, ...] = ("failed", "unknown")) -> str:
    """What a failed test needs to say why: for each point whose latest attempt is in `states`,
    its record and its folder's exit code, Slurm output and logs (tails), so a failure seen
    once on CI can be read without running it again."""
    folder = Path(folder)
    parts = []
    for pid, a in lasts(read(folder)).items():
        if a.state not in states:
            continue
        parts.append(f"--- {pid}: {shown(a)}")
        files = sorted((folder / a.folder).rglob("*")) if a.folder else []
        if a.array_folder:  # an array task's Slurm output is in its array's folder
            files += sorted((folder / a.array_folder).glob(f"*{a.job_id}*"))
        for path in files:
            if path.is_file() and (
                path.name in ("exit_code", "probe-check.json") or path.suffix in (".out", ".log")
            ):
                text = path.read_text(errors="replace")[-3000:]
                parts.append(f"[{path.relative_to(folder)}]\n{text}")
    return "\n".join(parts)
