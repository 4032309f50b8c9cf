"""What `report` and `compare` accept for a sweep: a sweep's name (its folder under the
results root), its sweep file, a results folder given by path, or an archive written by
`scalestudy archive` (read through scalestudy.archive: checked, then extracted once into the
cache). Each becomes a results folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scalestudy import archive
from scalestudy.errors import BadInput


class InputError(BadInput):
    def __init__(self, message: str, hint: str | None = None):
        self.hint = hint
        super().__init__(message)


@dataclass
class Input:
    arg: str  # as the user gave it
    folder: Path  # the results folder (results/<sweep>, or the archive's extracted one)
    kind: str  # "name", "folder", "archive"

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def label(self) -> str:
        """How tables and legends name this input: the sweep's name, or for a path the
        file's (an archive's without .tar.gz)."""
        if self.kind == "archive":
            base = Path(self.arg).name
            for suffix in archive.SUFFIXES:
                base = base.removesuffix(suffix)
            return base
        if self.kind == "folder":
            return Path(self.arg.rstrip("/")).name or self.name
        return self.arg


def is_results_folder(path: Path) -> bool:
    return path.is_dir() and (
        (path / "results.csv").is_file() or (path / "results.parquet").is_file()
    )


def resolve(arg: str, results_root: Path) -> Input:
    if archive.is_archive(arg):
        return Input(arg, archive.open_archive(Path(arg)), "archive")
    path = Path(arg)
    if path.is_dir() and ("/" in arg or is_results_folder(path)):
        if not is_results_folder(path):
            raise InputError(
                f"{arg}: a folder without results.csv or results.parquet",
                "give a sweep's results folder (results/<sweep>) after `scalestudy collect`, "
                "a sweep name, or an archive (.tar.gz)",
            )
        return Input(arg, path, "folder")
    if arg.endswith((".yaml", ".yml")):
        from scalestudy.report.load import resolve as resolve_sweep

        name, _, _ = resolve_sweep(arg, results_root)
        return Input(name, results_root / name, "name")
    return Input(arg, results_root / arg, "name")
