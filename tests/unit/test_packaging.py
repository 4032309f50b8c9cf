"""The harness outside a checkout (issue #34 item 1), in process: where the templates are found,
what version and commit an installed copy says (the wheel's build stamp), the copy of the
installed package a container job imports, and doctor's check that the jobs run the same
scalestudy as the harness. tests/unit/test_packaging_wheel.py builds and installs the real
wheel."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scalestudy import containers, doctor, provenance, templating
from scalestudy.profiles import load_profile

CHECKOUT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path, stamp: dict | None) -> Path:
    """An installed-like copy of the package (no checkout around it), with `stamp`."""
    root = containers.staged_package(provenance.PACKAGE, tmp_path / "cache")
    if stamp is not None:
        (root / "scalestudy" / "_build_stamp.json").write_text(json.dumps(stamp))
    return root


def _ask(root: Path, code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)},
        cwd=root,
    ).stdout.strip()


def test_the_checkout_finds_its_templates_and_experiments():
    assert templating.TEMPLATES == CHECKOUT / "templates"
    assert templating.EXPERIMENTS == CHECKOUT / "experiments"


def test_a_package_copy_finds_the_templates_inside_it(tmp_path):
    root = _copy(tmp_path, None)
    pkg = root / "scalestudy"
    # a wheel's layout: templates/ and experiments/ inside the package (setup.py's build step)
    for name in ("templates", "experiments"):
        (pkg / name).mkdir()
    said = _ask(root, "from scalestudy import templating as t; print(t.TEMPLATES, t.EXPERIMENTS)")
    assert said == f"{pkg / 'templates'} {pkg / 'experiments'}"


def test_outside_a_checkout_the_commit_is_the_build_stamps(tmp_path):
    stamp = {"version": "0.1.0", "commit": "f" * 40, "dirty": False, "built_at": "x"}
    root = _copy(tmp_path, stamp)
    said = json.loads(
        _ask(root, "import json, scalestudy.provenance as p; print(json.dumps(p.git_state()))")
    )
    assert said == {
        "commit": "f" * 40,
        "dirty": False,
        "source": "wheel stamp",
        "version": "0.1.0",
        "package": str(root / "scalestudy"),
    }
    here = provenance.git_state()
    assert here["source"] == "checkout" and here["package"] == str(CHECKOUT / "scalestudy")
    git = subprocess.run(["git", "-C", str(CHECKOUT), "rev-parse", "HEAD"], capture_output=True)
    assert here["commit"] == git.stdout.decode().strip()


def test_the_staged_package_is_a_copy_made_once_per_content(tmp_path):
    cache = tmp_path / "cache"
    first = containers.staged_package(provenance.PACKAGE, cache)
    assert first.parent == cache and first.name.startswith(provenance.version() + "-")
    assert (first / "scalestudy" / "trainer" / "__main__.py").is_file() or (
        first / "scalestudy" / "trainer" / "__init__.py"
    ).is_file()
    assert containers.staged_package(provenance.PACKAGE, cache) == first  # reused
    # another content (another build of the harness) is another folder
    other_pkg = tmp_path / "other" / "scalestudy"
    other_pkg.mkdir(parents=True)
    (other_pkg / "__init__.py").write_text("# another build\n")
    assert containers.staged_package(other_pkg, cache) != first


def test_outside_a_checkout_a_container_job_imports_the_staged_copy(tmp_path, monkeypatch):
    """Not a checkout: the code bound into the image and on PYTHONPATH is the installed
    package's staged copy, not the folder around the package (a venv's site-packages)."""
    monkeypatch.setattr(provenance, "in_checkout", lambda: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    profile, _ = load_profile("emulated-charliecloud")
    env = containers.harness_env(profile.container)
    code = Path(dict(e.split("=", 1) for e in env)["PYTHONPATH"])
    assert code.parent == tmp_path / "xdg" / "scalestudy" / "code"
    assert (code / "scalestudy" / "provenance.py").read_bytes() == (
        provenance.PACKAGE / "provenance.py"
    ).read_bytes()
    mounts = containers.harness_mounts(profile.container, tmp_path / "results")
    # the code is bound (charliecloud: its top folder) unless under /tmp, which runtimes share
    assert code.parts[1] == "tmp" or "/" + code.parts[1] in mounts
    # and nothing is bound for the checkout around the package (unless it shares that top)
    if CHECKOUT.parts[1] not in ("tmp", code.parts[1], (tmp_path / "results").parts[1]):
        assert "/" + CHECKOUT.parts[1] not in mounts, mounts


@pytest.mark.parametrize("same", [True, False])
def test_doctor_says_whether_the_jobs_run_the_same_scalestudy(tmp_path, same):
    mine = provenance.git_state()
    commit = mine["commit"] if same else "0" * 40
    root = _copy(tmp_path, {"version": mine["version"], "commit": commit, "dirty": False})
    profile, _ = load_profile("local")
    # the job's Python imports the copy (as a node's older install would be imported)
    profile = profile.model_copy(update={"env": {**profile.env, "PYTHONPATH": str(root)}})
    check = doctor.check_same_scalestudy(profile, tmp_path)
    assert check.status == ("ok" if same else "FAIL"), check
    assert f"job {mine['version']} ({commit[:12]}, wheel stamp) at {root / 'scalestudy'}" in (
        check.detail
    )
    assert bool(check.fix) is not same


def _pins(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def _between(text: str, start: str, end: str) -> str:
    return text.split(start, 1)[1].split(end, 1)[0]


def test_the_apptainer_definition_builds_the_charliecloud_images_stack():
    """Site path (b): Apptainer is not installable here, so the file is not built; it must
    name what scripts/build-image.sh builds: the suite, its Debian packages, constraints.txt's
    pins and pyproject.toml's dependencies and [trainer] extra."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: tomli (pytest's own dependency there)
        import tomli as tomllib

    definition = (CHECKOUT / "scripts" / "site-install" / "scalestudy.def").read_text()
    build = (CHECKOUT / "scripts" / "build-image.sh").read_text()
    suite = _between(build, "\nSUITE=", "\n")
    assert f"From: debian:{suite}\n" in definition
    debs = _between(build, "\ndebs=", "\n").split(",")
    apt = _between(definition, "apt-get install -y --no-install-recommends", "\n    rm ").split()
    assert set(debs) <= set(apt) - {"\\"}, sorted(set(debs) - set(apt))
    pins = _pins(_between(definition, "<<'PINS'\n", "\nPINS\n"))
    assert pins == _pins((CHECKOUT / "constraints.txt").read_text())
    project = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["trainer"]
    assert _pins(_between(definition, "<<'REQS'\n", "\nREQS\n")) == wanted
    horovod = next(p for p in pins if p.startswith("horovod=="))
    assert f"-c /opt/scalestudy/constraints.txt {horovod}" in definition


def test_the_spack_environment_names_the_pinned_versions():
    """Site path (c): written, not run here (no Spack); its specs hold the pins."""
    import yaml

    spack = yaml.safe_load((CHECKOUT / "scripts" / "site-install" / "spack.yaml").read_text())
    specs = spack["spack"]["specs"]
    pins = dict(
        p.split("==") for p in _pins((CHECKOUT / "constraints.txt").read_text()) if "==" in p
    )
    horovod = next(s for s in specs if s.startswith("py-horovod@"))
    assert horovod.split()[0] == f"py-horovod@{pins['horovod']}"
    assert "frameworks=tensorflow" in horovod and "controllers=mpi" in horovod
    tf = next(s for s in specs if s.startswith("py-tensorflow@")).split()[0]
    assert pins["tensorflow-cpu"].startswith(tf.removeprefix("py-tensorflow@"))
    assert "python@3.11" in specs
    assert spack["spack"]["packages"]["openmpi"]["buildable"] is False  # the site's MPI


def test_doctor_takes_the_same_checkout_without_git_as_the_same(tmp_path):
    """An image binding the checkout has no git: the job's commit is unknown, but the folder it
    imports is the harness's own. A copy elsewhere with no commit is not the same."""
    profile, _ = load_profile("local")
    no_git = profile.model_copy(update={"env": {**profile.env, "PATH": str(tmp_path / "no-git")}})
    check = doctor.check_same_scalestudy(no_git, tmp_path)
    assert check.status == "ok", check
    assert f"(unknown commit, checkout) at {provenance.PACKAGE}" in check.detail, check
    root = _copy(tmp_path, {"version": provenance.version(), "commit": None, "dirty": None})
    elsewhere = profile.model_copy(update={"env": {**profile.env, "PYTHONPATH": str(root)}})
    assert doctor.check_same_scalestudy(elsewhere, tmp_path).status == "FAIL"


def test_site_install_never_overwrites_a_different_file(tmp_path, capsys):
    # issue #46 item 1 (the wheel's copy is tested in test_packaging_wheel.py)
    from scalestudy.cli import main

    assert main(["site-install", "spack", "--write", str(tmp_path)]) == 0
    assert main(["site-install", "spack", "--write", str(tmp_path)]) == 0  # the same: fine
    (tmp_path / "spack.yaml").write_text("edited\n")
    assert main(["site-install", "spack", "--write", str(tmp_path)]) == 2
    assert "not overwritten" in capsys.readouterr().err
    assert (tmp_path / "spack.yaml").read_text() == "edited\n"
