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
