"""Site path (a) of docs/site-install.md under a real module system (Lmod): after `module load`
of an MPI and a TensorFlow module, scripts/site-install/venv-over-modules.sh makes a venv over
the module's TensorFlow, installs Horovod against the loaded MPI, the harness wheel, and checks
each step. The modules are stand-ins (tests/modules/site-*): the TensorFlow module puts the
project's .venv's TensorFlow (without Horovod or scalestudy) on PYTHONPATH with its Python 3.11;
the MPI module puts Debian's Open MPI wrappers first on PATH. Horovod is the wheel
scripts/setup-python.sh built against the same TF and Open MPI (reused, not rebuilt: a build is
~10 min on 2 cores; the build branch of the script is not exercised here)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.skips import require
from support.wheel import CHECKOUT, session_wheel

pytestmark = pytest.mark.trainer  # TensorFlow imported (by the module's Python)

LMOD_INITS = ("/usr/share/lmod/lmod/init/bash", "/opt/apps/lmod/lmod/init/bash")
SCRIPT = CHECKOUT / "scripts" / "site-install" / "venv-over-modules.sh"
WHEELS = Path.home() / ".cache" / "scalestudy" / "wheels"
# what the stand-in TensorFlow module must not carry: what the script installs itself
NOT_THE_MODULES = ("horovod", "scalestudy", "__editable__", "_scalestudy", "pip", "setuptools")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    init = next((p for p in LMOD_INITS if Path(p).exists()), None)
    require(None if init else "Lmod is not installed (scripts/install-system.sh installs lmod)")
    require(None if importlib.util.find_spec("tensorflow") else "no TensorFlow in this Python")
    openmpi = sorted(WHEELS.glob("tf-2.15.1-openmpi-*/horovod-0.28.1-*.whl"))
    require(None if openmpi else f"no Horovod wheel under {WHEELS} (scripts/setup-python.sh)")
    require(None if Path("/usr/bin/mpicc.openmpi").exists() else "no Open MPI (mpicc.openmpi)")
    root = tmp_path_factory.mktemp("site")
    # the TensorFlow module's packages: this venv's site-packages but Horovod and scalestudy
    packages = Path(importlib.util.find_spec("tensorflow").origin).parents[1]
    tf = root / "tf-module"
    tf.mkdir()
    for entry in packages.iterdir():
        name = entry.name.lower()
        if not name.startswith(NOT_THE_MODULES) and not name.endswith(".pth"):
            (tf / entry.name).symlink_to(entry)
    mpi = root / "mpi-module"
    mpi.mkdir()
    for tool in ("mpicc", "mpicxx", "mpirun", "mpiexec"):
        (mpi / tool).symlink_to(f"/usr/bin/{tool}.openmpi")
    wheel, _ = session_wheel(tmp_path_factory)  # the one test_packaging_wheel installs
    return {
        "init": init,
        "root": root,
        "env": {
            "HOME": os.environ["HOME"],
            "PATH": "/usr/local/bin:/usr/bin:/bin",  # neither .venv nor pyenv's shims
            "LANG": "C.UTF-8",
            "MODULEPATH": str(CHECKOUT / "tests" / "modules"),
            "SCALESTUDY_TEST_SITE_TF": str(tf),
            "SCALESTUDY_TEST_SITE_PYTHON": str(Path(sys.base_prefix) / "bin"),
            "SCALESTUDY_TEST_SITE_MPI": str(mpi),
        },
        "wheel": wheel,
        "horovod": openmpi[-1],
    }


def _install(site, venv: Path, modules: str):
    shell = (
        f"source {site['init']} && module load {modules} && "
        f"bash {SCRIPT} --venv {venv} --harness {site['wheel']} --horovod-wheel {site['horovod']}"
    )
    return subprocess.run(
        ["bash", "-c", shell],
        env=site["env"],
        cwd=site["root"],  # not the checkout: nothing may be imported from it
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_a_venv_over_the_modules_tensorflow_passes_every_check(site):
    venv = site["root"] / "venv"
    r = _install(site, venv, "site-openmpi site-tensorflow")
    assert r.returncode == 0, r.stdout + r.stderr
    said = r.stdout
    for check in ("compilers", "cmake", "MPI wrappers", "MPI library", "python", "tensorflow"):
        assert f"[  ok] {check}: " in said, said
    assert "[  ok] MPI library: openmpi 4." in said, said
    assert f"[  ok] tensorflow: 2.15.1 from {site['root'] / 'tf-module'}" in said, said
    assert f"[  ok] venv: {venv} sees the module's TensorFlow 2.15.1" in said, said
    assert "[  ok] horovod: " in said and "with TensorFlow and MPI" in said, said
    assert "[  ok] harness: scalestudy 0.1.0 " in said and f"at {venv}/lib/" in said, said
    # Horovod and the harness are the venv's own; TensorFlow is the module's
    where = subprocess.run(
        [
            "bash",
            "-c",
            f"source {site['init']} && module load site-openmpi site-tensorflow && "
            f"{venv}/bin/python -c 'import horovod, scalestudy, tensorflow as tf; "
            "print(horovod.__file__); print(scalestudy.__file__); print(tf.__file__)'",
        ],
        env=site["env"],
        cwd=site["root"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert [Path(p).is_relative_to(venv) for p in where] == [True, True, False], where
    assert Path(where[2]).is_relative_to(site["root"] / "tf-module"), where


def test_without_the_tensorflow_module_it_stops_at_the_tensorflow_check(site):
    r = _install(site, site["root"] / "venv-no-tf", "site-openmpi")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "[FAIL] tensorflow: " in r.stdout and "module load the site's TensorFlow" in r.stdout
    assert not (site["root"] / "venv-no-tf").exists()  # stopped before making anything
