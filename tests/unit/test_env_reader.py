"""One reader of a job's env/ captures (issue #47, item 2): the report's provenance, compare's
environment diff (which the history asks) and doctor read mpi.txt through
formats/env_capture.EnvFolder, so a damaged capture is treated the same way by all three: the
same warning (the file and why), the value not recorded, and a command whose recorded exit
code is not 0 is not trusted by any of them."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from scalestudy import doctor
from scalestudy.compare.envdiff import Capture, capture_fields
from scalestudy.formats.env_capture import NOT_RECORDED, EnvFolder
from scalestudy.provenance_table import run_values

BANNER = "mpirun (Open MPI) 4.1.4\n\nReport bugs to https://www.open-mpi.org/community/help/\n"


def _attempt(tmp_path, damage: str):
    env = tmp_path / "attempt-1" / "env"
    env.mkdir(parents=True)
    code = 1 if damage == "failed" else 0
    index = {"harness": {"commit": "abc"}, "files": {"mpi.txt": {"exit_code": code}}}
    (env / "capture.json").write_text(json.dumps(index))
    mpi = env / "mpi.txt"
    if damage == "binary":
        mpi.write_bytes(b"\x00\x01" * 8)
    elif damage == "folder":
        mpi.mkdir()
    else:
        mpi.write_text(BANNER)
    return env.parent


def _three(attempt) -> dict:
    """What each reader made of the attempt's mpi.txt: (value, warnings)."""
    warnings: list[str] = []
    provenance = run_values(EnvFolder(attempt / "env", warnings))["MPI"]
    cap = Capture()
    capture_fields(attempt / "env", cap)
    check = doctor.check_job_mpi(SimpleNamespace(mpi="openmpi"), attempt)
    return {
        "provenance": (provenance, warnings),
        "compare": (cap.values.get(("software", "MPI")), cap.notes),
        "doctor": (check.status, check.detail),
    }


def test_a_readable_capture_is_read_alike(tmp_path):
    got = _three(_attempt(tmp_path, "none"))
    assert got["provenance"] == ("Open MPI 4.1.4", [])
    assert got["compare"] == ({"Open MPI 4.1.4"}, [])
    assert got["doctor"][0] == "ok" and "Open MPI 4.1.4" in got["doctor"][1]


@pytest.mark.parametrize("damage", ["binary", "folder"])
def test_a_damaged_capture_is_the_same_warning_and_not_recorded_everywhere(tmp_path, damage):
    got = _three(_attempt(tmp_path, damage))
    value, warnings = got["provenance"]
    assert value.startswith(NOT_RECORDED)
    (warning,) = warnings
    assert "mpi.txt: damaged" in warning
    assert got["compare"] == (None, [warning])
    status, detail = got["doctor"]
    assert status == "warn" and warning in detail


def test_a_failed_command_is_trusted_by_none(tmp_path):
    # the banner is there, but capture.json recorded the command's exit code 1
    got = _three(_attempt(tmp_path, "failed"))
    assert got["provenance"][0].startswith(NOT_RECORDED)
    assert got["compare"][0] is None
    assert got["doctor"][0] == "warn"
