"""`doctor --no-jobs` loads the profile's modules in a login shell and names the one that does
not load (issue #33, item 4). With Debian's Lmod (scripts/install-system.sh) and the test
modulefiles in tests/modules/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.skips import require

from scalestudy import doctor
from scalestudy.profiles import load_profile

MODULES = Path(__file__).resolve().parents[1] / "modules"


@pytest.fixture
def lmod(monkeypatch):
    found = any(Path(p).exists() for p in ("/etc/profile.d/lmod.sh", "/etc/profile.d/z00_lmod.sh"))
    require(None if found else "Lmod is not installed (scripts/install-system.sh installs it)")
    monkeypatch.setenv("MODULEPATH", str(MODULES))
    for name in list(os.environ):
        if name.startswith(("BASH_FUNC_module", "LMOD", "_ModuleTable", "MODULEPATH_ROOT")):
            monkeypatch.delenv(name)


def _profile(modules: list[str], purge: bool = False):
    profile, _ = load_profile("local")
    return profile.model_copy(update={"modules": modules, "module_purge": purge})


def test_each_module_loads_in_a_login_shell(lmod):
    [check] = doctor.check_modules(_profile(["scalestudy-test/1.0"], purge=True))
    assert check.status == "ok", check.lines()
    assert check.detail == "loaded scalestudy-test/1.0 (after module purge) in bash -l"


def test_a_module_that_does_not_load_is_named_with_what_module_said(lmod):
    [check] = doctor.check_modules(_profile(["scalestudy-test/1.0", "scalestudy-missing/9.9"]))
    assert check.status == "FAIL"
    assert check.detail.startswith(
        "`module load scalestudy-missing/9.9` failed after loading scalestudy-test/1.0: Lmod"
    )
    assert "unknown" in check.detail and "exit 96" in check.fix


def test_no_module_command_fails_and_no_modules_is_no_check(monkeypatch):
    monkeypatch.delenv("BASH_ENV", raising=False)
    bare = ("env", "-u", "BASH_ENV", "bash", "--noprofile", "--norc", "-c")
    [check] = doctor.check_modules(_profile(["scalestudy-test/1.0"]), shell=bare)
    assert check.status == "FAIL" and "no `module` command" in check.detail
    assert doctor.check_modules(_profile([])) == []


def test_doctor_without_jobs_runs_the_module_check_and_stops_at_it(lmod, monkeypatch, tmp_path):
    profile = tmp_path / "site.yaml"
    text = (Path(doctor.__file__).parents[1] / "templates/clusters/local.yaml").read_text()
    profile.write_text(text.replace("modules: []", "modules: [scalestudy-missing/9.9]"))
    stack = []
    monkeypatch.setattr(doctor, "check_stack", lambda *a: stack.append(a) or [])
    checks = doctor.run(str(profile), tmp_path / "results", 1, 1, jobs=False)
    assert [c.status for c in checks if c.name == "modules"] == ["FAIL"]
    assert not stack  # the stack check would run without the modules the jobs load
