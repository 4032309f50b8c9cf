"""`doctor --no-jobs` loads the profile's modules in a login shell and names the one that does
not load (issue #33, item 4). With Debian's Lmod (scripts/install-system.sh) and the test
modulefiles in tests/modules/."""

from __future__ import annotations

import os
import subprocess
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


def test_doctor_runs_every_check_whose_needs_passed(monkeypatch, tmp_path):
    # issue #46 item 1: with no trainer stack, doctor ran no probe job, which needs none
    calls: list[str] = []

    def stub(name: str, result):  # records that it ran; says `result`
        return lambda *a, **k: calls.append(name) or result

    ok = doctor.Check("x", "ok", "")
    monkeypatch.setattr(doctor, "check_harness", lambda: doctor.Check("harness", "ok", ""))
    monkeypatch.setattr(doctor, "check_modules", lambda p: [])
    monkeypatch.setattr(doctor, "check_container", lambda p, f: [])
    no_tf = doctor.Check("trainer stack", "FAIL", "ModuleNotFoundError: tensorflow")
    monkeypatch.setattr(doctor, "check_stack", stub("stack", [no_tf]))
    same = doctor.Check("same scalestudy", "ok", "")
    monkeypatch.setattr(doctor, "check_same_scalestudy", stub("same", same))
    monkeypatch.setattr(doctor, "check_probe", stub("probe", [ok]))
    monkeypatch.setattr(doctor, "check_trainer", stub("trainer", [ok]))
    monkeypatch.setattr(doctor, "check_peak", stub("peak", ok))
    checks = doctor.run("local", tmp_path / "results", 1, 1)
    assert calls == ["stack", "same", "probe"]
    said = {c.name: (c.status, c.detail) for c in checks}
    assert said["trainer job"] == ("skip", "not run: it needs trainer stack (failed)")
    assert said["matmul peak"] == ("skip", "not run: it needs trainer job (not run)")


def test_a_missing_trainer_stack_is_fixed_with_what_the_wheel_carries(monkeypatch):
    # issue #46 item 1: the fix named scripts/setup-python.sh, which a wheel user has not
    said = '{"error": "ModuleNotFoundError: No module named \'tensorflow\'"}\n'
    done = subprocess.CompletedProcess([], 0, stdout=said, stderr="")
    monkeypatch.setattr(doctor, "_run_script", lambda *a: done)
    [check] = doctor.check_stack(_profile([]))
    assert check.status == "FAIL" and "tensorflow" in check.detail
    assert "scalestudy site-install modules --write DIR" in check.fix
    assert "scripts/" not in check.fix
