"""The harness's git commit and dirty flag, recorded with every attempt and in the trainer's
log header (TF-free: the harness and the trainer both use it)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def git_state() -> dict:
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


def commit_string() -> str:
    state = git_state()
    return (state["commit"] or "unknown") + ("-dirty" if state["dirty"] else "")
