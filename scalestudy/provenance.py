"""Which scalestudy is running: its version, the git commit and dirty flag, recorded with every
attempt and in the trainer's log header (TF-free: the harness and the trainer both use it).

In a checkout (an editable install, or the source tree on PYTHONPATH) the commit is git's; an
installed wheel carries the commit it was built from in scalestudy/_build_stamp.json (setup.py's
build step writes it), read when the package is not in a checkout."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
STAMP = PACKAGE / "_build_stamp.json"


def in_checkout() -> bool:
    """The package is the source tree of a git checkout (not a copy installed from a wheel)."""
    return (ROOT / ".git").exists() and (ROOT / "pyproject.toml").is_file()


def version() -> str:
    """The running package's version: the wheel's stamp, else the installed metadata."""
    stamp = _stamp()
    if stamp.get("version"):
        return str(stamp["version"])
    from importlib import metadata

    try:
        return metadata.version("scalestudy")
    except metadata.PackageNotFoundError:
        return "unknown"


def _stamp() -> dict:
    try:
        data = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _git_commit() -> dict:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=10
        ).stdout.strip()

    try:
        return {
            "commit": git("rev-parse", "HEAD") or None,
            "dirty": bool(git("status", "--porcelain")),
        }
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}


def git_state() -> dict:
    """commit and dirty (git's in a checkout, else the wheel's stamp; None when unknown), with
    where they came from, the version and the package's folder (what a job imported)."""
    if in_checkout():
        state = {**_git_commit(), "source": "checkout"}
    else:
        stamp = _stamp()
        state = {
            "commit": stamp.get("commit"),
            "dirty": stamp.get("dirty"),
            "source": "wheel stamp" if stamp else "unknown",
        }
    return {**state, "version": version(), "package": str(PACKAGE)}


def commit_string() -> str:
    state = git_state()
    return (state["commit"] or "unknown") + ("-dirty" if state["dirty"] else "")
