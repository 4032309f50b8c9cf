"""Acceptance 1 of issue #34: the harness built as a wheel from this checkout, installed by an
unprivileged user into a fresh venv in a folder outside the checkout (no checkout on
PYTHONPATH), runs `init`, `validate`, `plan`, `render` and `report` there; and a local sweep
end to end whose jobs import the installed package (their env/capture.json names it).

Unprivileged: as root (CI), every command of the user runs as `nobody` (setpriv), with a fresh
HOME in the workspace and no write access to the checkout; not as root, as the user running the
tests with a fresh HOME. The harness's dependencies come from a wheelhouse built once per
constraints-harness.txt + pyproject.toml under ~/.cache/scalestudy/wheelhouse (pip wheel, about
a minute cold), copied into the workspace: the user's pip installs with --no-index from it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest
from support.compare import make_run
from support.skips import require
from support.wheel import session_wheel

CHECKOUT = Path(__file__).resolve().parents[2]
PYTHON = "/usr/bin/python3"  # the system's Python (the user's), not the harness venv's
NOBODY = 65534

# built and installed with the trainer venv's tools, not in the harness-only venvs of `make test`
pytestmark = pytest.mark.wheel


def _tomllib():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib


def _wheelhouse() -> Path:
    """The harness's dependencies as wheels, for PYTHON's version (cached by their pins)."""
    key = hashlib.sha256(
        (CHECKOUT / "constraints-harness.txt").read_bytes()
        + (CHECKOUT / "pyproject.toml").read_bytes()
    ).hexdigest()[:16]
    version = subprocess.run(
        [PYTHON, "-c", "import sys; print(f'{sys.version_info[0]}.{sys.version_info[1]}')"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    cache = Path.home() / ".cache" / "scalestudy" / "wheelhouse"
    house = cache / f"py{version}-{key}"
    if (house / ".complete").is_file():
        return house
    shutil.rmtree(house, ignore_errors=True)
    house.mkdir(parents=True)
    deps = _tomllib().loads((CHECKOUT / "pyproject.toml").read_text())["project"]["dependencies"]
    (house / "requirements.txt").write_text("\n".join(deps) + "\n")
    venv = house / ".builder"
    subprocess.run([PYTHON, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "pip",
            "wheel",
            "-q",
            "--disable-pip-version-check",
            "-c",
            str(CHECKOUT / "constraints-harness.txt"),
            "-r",
            str(house / "requirements.txt"),
            "-w",
            str(house),
        ],
        check=True,
    )
    shutil.rmtree(venv)
    (house / ".complete").write_text("")
    return house


class User:
    """Commands as the unprivileged user, in a fresh HOME, with nothing of the checkout."""

    def __init__(self, space: Path):
        self.space = space
        self.home = space / "home"
        self.home.mkdir()
        self.as_nobody = os.geteuid() == 0
        if self.as_nobody:
            os.chown(self.home, NOBODY, NOBODY)
        self.venv = self.home / "venv"
        self.commit = ""  # the commit the installed wheel was built from

    def run(self, *argv: str, cwd: Path | None = None, check: bool = True):
        env = {
            "HOME": str(self.home),
            "PATH": f"{self.venv / 'bin'}:/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "USER": "nobody" if self.as_nobody else os.environ.get("USER", "user"),
        }
        prefix = (
            ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
            if self.as_nobody
            else []
        )
        r = subprocess.run(
            [*prefix, *argv],
            cwd=cwd or self.home,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        if check and r.returncode != 0:
            pytest.fail(f"{' '.join(argv)}: exit {r.returncode}\n{r.stdout}\n{r.stderr}")
        return r


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The wheel installed by the user into a fresh venv outside the checkout."""
    if not Path(PYTHON).is_file():
        require(f"{PYTHON}: no system Python 3 to make the user's venv with")
    wheel, commit = session_wheel(tmp_path_factory)  # the one test_packaging_site installs
    house = _wheelhouse()
    # a workspace every user may enter (pytest's tmp folders are the test runner's own)
    space = Path(tempfile.mkdtemp(prefix="scalestudy-user-", dir="/tmp"))
    space.chmod(0o755)
    shop = space / "wheels"
    shutil.copytree(house, shop, ignore=shutil.ignore_patterns(".builder"))
    shutil.copy2(wheel, shop)
    for p in [shop, *shop.iterdir()]:
        p.chmod(p.stat().st_mode | stat.S_IROTH | (stat.S_IXOTH if p.is_dir() else 0))
    user = User(space)
    user.commit = commit
    user.run(PYTHON, "-m", "venv", str(user.venv))
    user.run(
        str(user.venv / "bin" / "pip"),
        "install",
        "-q",
        "--no-index",
        "--find-links",
        str(shop),
        str(shop / wheel.name),
    )
    yield user
    shutil.rmtree(space, ignore_errors=True)


def test_the_wheel_carries_templates_experiments_and_its_stamp(installed):
    r = installed.run(
        str(installed.venv / "bin" / "python"),
        "-c",
        "import json, scalestudy, scalestudy.provenance as p, scalestudy.templating as t;"
        "print(json.dumps([scalestudy.__file__, str(t.TEMPLATES), str(t.EXPERIMENTS),"
        " p.git_state()]))",
    )
    where, templates, experiments, state = json.loads(r.stdout)
    site = Path(where).parent
    assert site.is_relative_to(installed.venv) and not site.is_relative_to(CHECKOUT)
    assert Path(templates) == site / "templates" and Path(experiments) == site / "experiments"
    assert sorted(p.name for p in (site / "templates" / "clusters").glob("*.yaml")) == sorted(
        p.name for p in (CHECKOUT / "templates" / "clusters").glob("*.yaml")
    )
    assert sorted(p.name for p in (site / "experiments").glob("*.yaml")) == sorted(
        p.name for p in (CHECKOUT / "experiments").glob("*.yaml")
    )
    # every data file the package holds in the checkout is in the wheel (package-data)
    tracked = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-files", "scalestudy"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    data = [Path(p).relative_to("scalestudy") for p in tracked if not p.endswith(".py")]
    assert data and [d for d in data if not (site / d).is_file()] == []
    assert len(installed.commit) == 40
    assert state["source"] == "wheel stamp" and state["commit"] == installed.commit, state
    assert state["package"] == str(site)


def test_init_validate_plan_render_report_as_the_user(installed):
    user, bin_ = installed, installed.venv / "bin"
    work = user.home / "work"
    user.run("mkdir", str(work))
    r = user.run(str(bin_ / "scalestudy"), "init", "study", cwd=work)
    study = work / "study"
    assert "wrote" in r.stdout and (study / "sweep.yaml").is_file()
    assert (
        "8 points on local"
        in user.run(bin_ / "scalestudy", "validate", "sweep.yaml", cwd=study).stdout
    )  # type: ignore[arg-type]
    assert (
        "node-hours" in user.run(str(bin_ / "scalestudy"), "plan", "sweep.yaml", cwd=study).stdout
    )
    user.run(str(bin_ / "scalestudy"), "render", "sweep.yaml", cwd=study)
    # results/ lands in the working directory
    scripts = sorted((study / "results" / "quickstart" / "rendered").glob("*.sh"))
    assert scripts, list(study.rglob("*"))
    assert str(CHECKOUT) not in scripts[0].read_text()
    # init refuses a second time, exit 2, nothing overwritten
    again = user.run(str(bin_ / "scalestudy"), "init", "study", cwd=work, check=False)
    assert again.returncode == 2 and "init never overwrites" in again.stderr
    # report on a results fixture written for the user
    fixture = user.space / "fixture"
    make_run(fixture, "shipped", {(False, 1): [1000.0, 1010.0], (True, 1): [990.0, 1000.0]})
    subprocess.run(["chmod", "-R", "a+rX", str(fixture)], check=True)
    out = user.home / "report-out"
    r = user.run(
        str(bin_ / "scalestudy"), "report", str(fixture / "shipped"), "--out", str(out), cwd=work
    )
    assert (out / "report.html").is_file() and (out / "summary.md").is_file(), r.stdout


def test_a_local_sweep_end_to_end_imports_the_installed_package(installed):
    require(None if shutil.which("mpirun") else "no mpirun (Open MPI) on PATH")
    user, bin_ = installed, installed.venv / "bin"
    work = user.home / "e2e"
    user.run("mkdir", str(work))
    user.run(str(bin_ / "scalestudy"), "init", ".", cwd=work)
    sweep = (
        "name: e2e\ncluster: local.yaml\nmode: weak\nnodes: [1, 2]\nppn: 1\n"
        "workload: probe\nprobe_seconds: 0.3\ntime_limit: '00:05:00'\n"
    )
    user.run("sh", "-c", f"printf %s '{sweep}' > probe.yaml", cwd=work)
    user.run(str(bin_ / "scalestudy"), "submit", "probe.yaml", cwd=work)
    user.run(str(bin_ / "scalestudy"), "collect", "probe.yaml", cwd=work)
    captures = sorted((work / "results" / "e2e").glob("*/attempt-*/env/capture.json"))
    assert len(captures) == 2, sorted((work / "results").rglob("*"))
    site = installed.venv / "lib"
    for capture in captures:
        harness = json.loads(capture.read_text())["harness"]
        # the job's Python imported the installed package, not the checkout
        assert Path(harness["package"]).is_relative_to(site), harness
        assert harness["source"] == "wheel stamp", harness
        assert Path(harness["executable"]).is_relative_to(installed.venv), harness
    assert (work / "results" / "e2e" / "results.csv").is_file()


def test_site_install_writes_each_paths_files_from_the_wheel_alone(installed):
    # issue #46 item 1: docs/site-install.md's paths needed checkout files (constraints, the
    # modules script, the Apptainer definition, the Spack environment); the wheel carries them
    user, scalestudy = installed, str(installed.venv / "bin" / "scalestudy")
    site = user.home / "site"
    shipped = {
        "harness": {"constraints-harness.txt": "constraints-harness.txt"},
        "modules": {
            "venv-over-modules.sh": "scripts/site-install/venv-over-modules.sh",
            "constraints.txt": "constraints.txt",
        },
        "container": {"scalestudy.def": "scripts/site-install/scalestudy.def"},
        "spack": {"spack.yaml": "scripts/site-install/spack.yaml"},
    }
    r = user.run(scalestudy, "site-install", *shipped, "--write", str(site))
    for files in shipped.values():
        for name, in_checkout in files.items():
            assert f"wrote {site / name}" in r.stdout, r.stdout
            assert (site / name).read_bytes() == (CHECKOUT / in_checkout).read_bytes()
    assert os.access(site / "venv-over-modules.sh", os.X_OK)
    # the modules script reads the pins written beside it, and runs from there
    r = user.run(str(site / "venv-over-modules.sh"), "--help")
    assert "venv-over-modules.sh [--venv DIR]" in r.stdout and "set -uo" not in r.stdout
