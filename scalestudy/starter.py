"""`scalestudy init [DIR]`: a starter sweep and a cluster profile to edit, copied from the ones
the package ships (templating.EXPERIMENTS, profiles.CLUSTERS) or, with --detect, the profile
read off the Slurm cluster this runs on (profile_detect). The sweep names the copied profile by
path, so the two files travel together. Nothing is ever overwritten: when a file is in the way
the command says so and writes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scalestudy import fileio
from scalestudy.errors import BadInput, UsageError
from scalestudy.profiles import CLUSTERS, available_profiles
from scalestudy.templating import EXPERIMENTS

SWEEP_FILE = "sweep.yaml"
CLUSTER_LINE = re.compile(r"^cluster:[^\n]*$", re.MULTILINE)


@dataclass
class Started:
    folder: Path
    sweep: Path
    profile: Path


def experiments() -> list[str]:
    return sorted(p.stem for p in EXPERIMENTS.glob("*.yaml"))


def _shipped_cluster(text: str) -> str | None:
    m = CLUSTER_LINE.search(text)
    if not m:
        return None
    value = m.group(0).split(":", 1)[1].split("#", 1)[0].strip()
    return value.strip("'\"") or None


def _shipped(folder: Path, option: str, name: str, what: str, shipped: Callable) -> str:
    """The text of a file the package ships (folder/NAME.yaml), or a usage error naming the
    option and what is shipped."""
    path = folder / f"{name}.yaml"
    if not path.is_file():
        raise UsageError(f"{option} {name}: not a shipped {what} (shipped: {', '.join(shipped())})")
    return path.read_text(encoding="utf-8")


def start(
    folder: Path,
    experiment: str = "quickstart",
    profile: str | None = None,
    detected: str | None = None,
    profile_name: str = "mysite",
) -> Started:
    """Write FOLDER/sweep.yaml (the shipped experiment, its `cluster:` naming the copied
    profile) and FOLDER/<profile>.yaml (a shipped profile, or `detected`: profile detect's
    text). Refuses, writing nothing, when either file exists."""
    text = _shipped(EXPERIMENTS, "--experiment", experiment, "experiment", experiments)
    if detected is not None:
        profile_text, stem = detected, profile_name
    else:
        stem = profile or _shipped_cluster(text) or "local"
        profile_text = _shipped(CLUSTERS, "--profile", stem, "profile", available_profiles)
    sweep_path, profile_path = folder / SWEEP_FILE, folder / f"{stem}.yaml"
    in_the_way = [p for p in (sweep_path, profile_path) if p.exists() or p.is_symlink()]
    if in_the_way:
        raise _refused(
            "init never overwrites: "
            + ", ".join(str(p) for p in in_the_way)
            + (" exists" if len(in_the_way) == 1 else " exist"),
            "move them away, or give init another folder: scalestudy init DIR",
        )
    header = (
        f"# Started by `scalestudy init` from the shipped experiment {experiment!r}: edit it,\n"
        f"# then `scalestudy validate {SWEEP_FILE}`. Its cluster is the profile beside it.\n"
    )
    sweep_text = header + CLUSTER_LINE.sub(f"cluster: {profile_path.name}", text, count=1)
    if not CLUSTER_LINE.search(text):
        sweep_text += f"cluster: {profile_path.name}\n"
    fileio.output_folder(folder, "DIR")
    _create(profile_path, profile_text)
    _create(sweep_path, sweep_text)
    return Started(folder, sweep_path, profile_path)


def _create(path: Path, text: str) -> None:
    """Write a new file, never replacing one (O_EXCL: a file made meanwhile is not lost)."""
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise _refused(
            f"init never overwrites: {path} exists", "move it away, or give init another folder"
        ) from None


def _refused(message: str, hint: str) -> BadInput:
    error = BadInput(message)
    error.hint = hint
    return error
