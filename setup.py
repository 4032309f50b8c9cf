"""The build step of the wheel (pyproject.toml holds everything else).

The repository keeps its templates and experiments at the top (templates/, experiments/: the
design's layout); a wheel must carry them inside the package, so `build_py` copies them to
scalestudy/templates and scalestudy/experiments of the build (and what docs/site-install.md's
paths need, SITE_FILES, to scalestudy/site_install), and stamps the version and the
commit it was built from into scalestudy/_build_stamp.json (scalestudy/provenance.py reads it
when the package is not in a checkout). An editable install copies nothing: it runs from the
checkout, where scalestudy/templating.py finds templates/ beside the package.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
# top-level folder of the repository -> folder inside the installed package
DATA = {"templates": "templates", "experiments": "experiments"}
# files docs/site-install.md's paths need -> scalestudy/site_install/ (`scalestudy site-install`
# writes them out for a site with the wheel and no checkout: scalestudy/siteinstall.py)
SITE_FILES = [
    "constraints-harness.txt",
    "constraints.txt",
    "scripts/site-install/venv-over-modules.sh",
    "scripts/site-install/scalestudy.def",
    "scripts/site-install/spack.yaml",
]
STAMP = "_build_stamp.json"


def _git(*args: str) -> str | None:
    try:
        r = subprocess.run(
            ["git", "-C", str(HERE), *args], capture_output=True, text=True, timeout=20
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def stamp(version: str) -> dict:
    """What the wheel says of itself: the version, the commit and whether the tree held
    uncommitted changes (a checkout's git; else SCALESTUDY_BUILD_COMMIT, else unknown)."""
    commit = _git("rev-parse", "HEAD")
    dirty = None
    if commit:
        dirty = bool(_git("status", "--porcelain"))
    elif (HERE / "scalestudy" / STAMP).is_file():  # an sdist: its stamp says what it was cut from
        kept = json.loads((HERE / "scalestudy" / STAMP).read_text(encoding="utf-8"))
        commit, dirty = kept.get("commit"), kept.get("dirty")
    else:
        commit = os.environ.get("SCALESTUDY_BUILD_COMMIT") or None
    return {
        "version": version,
        "commit": commit,
        "dirty": dirty,
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs from the checkout (templating.py finds templates/)
        package = Path(self.build_lib) / "scalestudy"
        for source, target in DATA.items():
            dest = package / target
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(
                HERE / source, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        site = package / "site_install"
        shutil.rmtree(site, ignore_errors=True)
        site.mkdir()
        for name in SITE_FILES:
            shutil.copy2(HERE / name, site / Path(name).name)
        text = json.dumps(stamp(self.distribution.get_version()), indent=1) + "\n"
        (package / STAMP).write_text(text, encoding="utf-8")


class SdistWithStamp(sdist):
    """The sdist carries the stamp of the checkout it was cut from (it has no .git), and
    templates/ and experiments/ (MANIFEST.in), so a wheel built from it is the same."""

    def make_release_tree(self, base_dir, files) -> None:
        super().make_release_tree(base_dir, files)
        target = Path(base_dir) / "scalestudy" / STAMP
        target.unlink(missing_ok=True)  # a hard link to the checkout's, if there is one
        text = json.dumps(stamp(self.distribution.get_version()), indent=1) + "\n"
        target.write_text(text, encoding="utf-8")


setup(cmdclass={"build_py": BuildWithData, "sdist": SdistWithStamp})
