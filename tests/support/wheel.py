"""The scalestudy wheel of this checkout, built aside (tests/unit/test_packaging_wheel.py and
test_packaging_site.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
# what the build reads (setup.py's build step copies templates/, experiments/ and SITE_FILES in)
BUILT = [
    *("setup.py", "pyproject.toml", "README.md", "scalestudy", "templates", "experiments"),
    *("constraints.txt", "constraints-harness.txt", "scripts/site-install"),
]


def build_wheel(out: Path) -> tuple[Path, str]:
    """The wheel of this checkout as it is (uncommitted changes too), and the commit it was
    built from: the tracked and untracked files the build reads and .git copied aside, built
    there (the checkout is left alone, so a build never races another in its build/ folder)."""
    src = out / "src"
    files = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-files", "-co", "--exclude-standard", "-z", "--", *BUILT],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        path = CHECKOUT / os.fsdecode(name)
        if path.is_file():
            (src / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, src / os.fsdecode(name))
    shutil.copytree(CHECKOUT / ".git", src / ".git", symlinks=True)
    pip = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "-w", str(out / "dist"), str(src)], check=True)
    (wheel,) = (out / "dist").glob("scalestudy-*.whl")
    head = subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], capture_output=True)
    return wheel, head.stdout.decode().strip()  # the commit built (the checkout's may move on)


_SESSION: dict[str, tuple[Path, str]] = {}


def session_wheel(tmp_path_factory) -> tuple[Path, str]:
    """build_wheel once per test session: test_packaging_site, test_packaging_wheel and site B
    (tests/slurm/test_site_b.py) install the same wheel of the same checkout, so the later ones
    read the first's build."""
    if "wheel" not in _SESSION:
        _SESSION["wheel"] = build_wheel(tmp_path_factory.mktemp("wheel"))
    return _SESSION["wheel"]
