"""What `report` and `compare` accept for a sweep: a sweep's name (its folder under the
results root), its sweep file, a results folder given by path, or an archive written by
`scalestudy archive` (read through scalestudy.archive: checked, then extracted once into the
cache). Each becomes a results folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

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


def sweep_argument(arg: str) -> tuple[str, Path | None, str | None]:
    """A SWEEP argument -> (name, sweep file or None, the reference the file names): a
    sweep file is read for its `name:` (its results folder is results/<name>)."""
    if not (arg.endswith((".yaml", ".yml")) or "/" in arg or Path(arg).is_file()):
        return arg, None, None
    path = Path(arg)
    if not path.is_file():
        raise InputError(
            f"{path}: no such sweep file",
            "give a sweep file or a sweep name (a folder under --results)",
        )
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not valid YAML ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise InputError(f"{path}: no `name:`", "check it with `scalestudy validate`")
    ref = data.get("reference")
    return data["name"], path, ref if isinstance(ref, str) else None


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
        name, _, _ = sweep_argument(arg)
        return Input(name, results_root / name, "name")
    return Input(arg, results_root / arg, "name")
