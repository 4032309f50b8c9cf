"""A new container runtime is one class and one entry in containers.RUNTIMES (issue #35 item 2):
a test-only runtime, registered here and nowhere else, is accepted by `validate` (its own
image rule), planned and rendered (its wrapper around the workload under the host's mpirun,
the $USER line from its table entry), checked by doctor, recorded by env capture and shown by
the report's provenance, and listed in the profile reference docgen writes."""

from __future__ import annotations

import json
import os
import shlex
import stat
import sys
from pathlib import Path

import pytest
import yaml

from scalestudy import capture, containers, doctor
from scalestudy.cli import main
from scalestudy.containers import Runtime
from scalestudy.plan import make_plan
from scalestudy.profiles import load_profile
from scalestudy.provenance_table import read_point
from scalestudy.submit import render_all
from scalestudy.sweepfile import docgen
from scalestudy.sweepfile.sweep import load_sweep

RESULTS = Path("/scratch/bob/results")  # rendering writes nothing there
IMAGE = "quay.io/scalestudy/tf:2.15"  # a registry name: no absolute path needed


class Podlike(Runtime):
    """A podman-like runtime: a wrapper command, registry images, needs $USER."""

    name, binary, image_kind = "podlike", "podlike-run", "registry"
    needs_user = True
    shell_lines = ("export PODLIKE_QUIET=1  # the runtime's own line",)
    summary = "`podlike-run run --volume ... IMAGE --`"
    image_doc = "a registry name (e.g. `quay.io/x/y:tag`)"

    def wrapper(self, c, mounts, env):
        argv = [self.binary, "run"]
        for m in mounts:
            argv += ["--volume", m]
        argv += [f"--env={e}" for e in env]
        return [*argv, c.image, "--"]


class PodlikeFiles(Podlike):
    """The same, for image files: profiles then want an absolute path."""

    name, image_kind = "podlike-files", "file"
    image_doc = "a `.img` file"


@pytest.fixture
def registered(monkeypatch):
    for cls in (Podlike, PodlikeFiles):
        monkeypatch.setitem(containers.RUNTIMES, cls.name, cls())
    # the code jobs import, fixed (a checkout's or an installed package's staged copy)
    monkeypatch.setattr(containers, "code_root", lambda: Path("/checkout/scalestudy"))


def _sweep(tmp_path: Path, runtime: str = "podlike", image: str = IMAGE) -> Path:
    profile = load_profile("emulated")[0].model_dump()
    profile.update(name="emu-podlike", launcher="mpirun")
    profile["container"] = {
        "runtime": runtime,
        "image": image,
        "mounts": ["/scratch/data:/data"],
        "env": ["TF_CPP_MIN_LOG_LEVEL=2"],
        "python": sys.executable,  # the stand-in runs it on this host
    }
    (tmp_path / "profile.yaml").write_text(yaml.safe_dump(profile, sort_keys=False))
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(
        "name: podlike\ncluster: profile.yaml\nmode: weak\nnodes: [2]\nppn: 2\n"
        "time_limit: '00:10:00'\ntrainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
    )
    return sweep


def _stand_in(tmp_path: Path, monkeypatch) -> None:
    """podlike-run on PATH: drops its own arguments up to `--` and runs the rest here."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    exe = bin_dir / "podlike-run"
    exe.write_text(
        '#!/bin/sh\nwhile [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n'
    )
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")


def test_validate_accepts_a_registered_runtime_with_its_own_image_rule(
    tmp_path, capsys, monkeypatch
):
    sweep = _sweep(tmp_path)
    assert main(["validate", str(sweep)]) == 2  # not registered yet: an unknown runtime
    assert "container.runtime" in capsys.readouterr().err
    for cls in (Podlike, PodlikeFiles):
        monkeypatch.setitem(containers.RUNTIMES, cls.name, cls())
    assert main(["validate", str(sweep)]) == 0, capsys.readouterr().err
    # the same relative name for a file runtime: refused at container.image, by its class's rule
    files = tmp_path / "files"
    files.mkdir()
    assert main(["validate", str(_sweep(files, "podlike-files"))]) == 2
    err = capsys.readouterr().err
    assert "container.image: podlike-files runs an image file or folder" in err
    assert "is for pyxis, podlike" in err  # the registry runtimes, from the table


def test_plan_and_render_carry_the_runtime_into_the_job_script(tmp_path, registered):
    loaded = load_sweep(_sweep(tmp_path))
    plan = make_plan(loaded)
    (script,) = render_all(loaded, plan, RESULTS).values()
    lines = script.splitlines()
    own = [
        'export USER="${USER:-$(id -un)}"  # podlike-run refuses to start without it',
        "export PODLIKE_QUIET=1  # the runtime's own line",
    ]
    at = lines.index(own[0])
    assert lines[at : at + 2] == own
    (launch,) = [
        ln for ln in script.replace("\\\n", " ").splitlines() if " -m scalestudy.trainer " in ln
    ]
    argv = shlex.split(launch.rstrip(" &"))
    start = argv.index("podlike-run")
    assert argv[0] == "mpirun" and argv[start + 1] == "run"
    wrapped = argv[start : argv.index("--", start) + 2]
    assert wrapped == [
        "podlike-run",
        "run",
        "--volume",
        "/scratch/data:/data",
        "--volume",
        "/checkout/scalestudy",  # its own path: the runtime binds no top folder
        "--volume",
        str(RESULTS / "podlike"),  # the sweep's results folder
        "--env=TF_CPP_MIN_LOG_LEVEL=2",
        "--env=PYTHONPATH=/checkout/scalestudy",
        IMAGE,
        "--",
        sys.executable,
    ]
    assert at < next(i for i, ln in enumerate(lines) if ln.startswith("mpirun"))


def test_doctor_checks_and_sets_what_the_runtime_needs(tmp_path, registered, monkeypatch):
    profile = load_sweep(_sweep(tmp_path)).profile
    checks = {c.name: c for c in doctor.check_container(profile, tmp_path)}
    assert checks["container runtime"].status == "FAIL"
    assert "podlike-run not on PATH" in checks["container runtime"].detail
    _stand_in(tmp_path, monkeypatch)
    checks = {c.name: c for c in doctor.check_container(profile, tmp_path)}
    assert checks["container runtime"].status == "ok"
    assert checks["container image"].status == "warn"  # a registry image: not checked offline
    monkeypatch.delenv("USER", raising=False)
    assert doctor._job_env(profile)["USER"]  # needs_user: doctor's runs set it, like the job


def test_capture_records_the_image_and_the_report_shows_it(tmp_path, registered, monkeypatch):
    loaded = load_sweep(_sweep(tmp_path))
    (script,) = render_all(loaded, make_plan(loaded), RESULTS).values()
    capture_line = script.replace("\\\n", " ").split("-m scalestudy.capture ")[1].splitlines()[0]
    args = shlex.split(capture_line)
    spec = json.loads(args[args.index("--container") + 1])
    _stand_in(tmp_path, monkeypatch)
    env = tmp_path / "results" / "p1" / "attempt-1" / "env"
    capture.capture(env, container=spec, mpi="openmpi")
    image = json.loads((env / "image.json").read_text())
    assert (image["runtime"], image["image"]) == ("podlike", IMAGE)
    index = json.loads((env / "capture.json").read_text())
    ran = index["files"]["pip-freeze-image.txt"]
    assert ran["command"][:2] == ["podlike-run", "run"] and ran["exit_code"] == 0
    assert "pydantic==" in (env / "pip-freeze-image.txt").read_text()  # through the stand-in
    rec = read_point(tmp_path / "results", "podlike", {"point_id": "p1", "attempt": 1}, None, [])
    assert f"podlike {IMAGE}" in rec.values["container image"]


def test_the_profile_reference_lists_the_runtime_from_the_table(registered):
    text = docgen.profile_reference()
    (row,) = [ln for ln in text.splitlines() if ln.startswith("| `container.runtime` |")]
    assert "`pyxis`, `podlike`, `podlike-files` |" in row
    # the two share a summary: named together, as apptainer and singularity are
    assert "`pyxis` (`srun --container-image=...`; needs `launcher: srun`), `podlike` or " in row
    assert "`podlike-files` (`podlike-run run --volume ... IMAGE --`). |" in row
    (row,) = [ln for ln in text.splitlines() if ln.startswith("| `container.image` |")]
    assert "or a `.img` file (podlike-files) by absolute path" in row
    assert "; for podlike a registry name (e.g. `quay.io/x/y:tag`)." in row
