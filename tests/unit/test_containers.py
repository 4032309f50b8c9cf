"""A container's image identity (env/image.json) and doctor's runtime and image checks
(issue #27), without any runtime installed: the binaries are stand-ins on PATH."""

from __future__ import annotations

import hashlib
import json

from scalestudy import capture, containers, doctor
from scalestudy.profiles import Container, load_profile


def _profile(**container):
    data = load_profile("emulated")[0].model_dump()
    data["container"] = container
    if container.get("runtime") == "pyxis":
        data["launcher"] = "srun"
    return type(load_profile("emulated")[0]).model_validate(data)


def test_a_sif_is_identified_by_its_sha256(tmp_path):
    sif = tmp_path / "img.sif"
    sif.write_bytes(b"not really a sif" * 1000)
    got = containers.identity(Container(runtime="apptainer", image=str(sif)))
    assert got["digest"] == "sha256:" + hashlib.sha256(sif.read_bytes()).hexdigest()


def test_a_charliecloud_folder_is_identified_by_its_build_stamp(tmp_path):
    image = tmp_path / "img"
    image.mkdir()
    stamp = {"name": "scalestudy-abc", "inputs_sha256_12": "abc"}
    (image / containers.STAMP).write_text(json.dumps(stamp))
    got = containers.identity(Container(runtime="charliecloud", image=str(image)))
    assert got["stamp"] == stamp
    assert got["digest"] == (
        "sha256:" + hashlib.sha256((image / containers.STAMP).read_bytes()).hexdigest()
    )
    # another build, another stamp: another digest
    (image / containers.STAMP).write_text(json.dumps({**stamp, "inputs_sha256_12": "abd"}))
    assert (
        containers.identity(Container(runtime="charliecloud", image=str(image)))["digest"]
        != (got["digest"])
    )


def test_a_registry_image_has_no_digest_offline():
    got = containers.identity(Container(runtime="pyxis", image="nvcr.io#nvidia/tensorflow:23.03"))
    assert got["digest"] is None and "offline" in got["note"]


def test_capture_records_the_image_and_the_packages_inside(tmp_path, monkeypatch):
    image = tmp_path / "img"
    image.mkdir()
    (image / containers.STAMP).write_text('{"name": "x"}')
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "ch-run"  # prints the argv it was given: the packages "inside"
    fake.write_text('#!/bin/sh\necho "ch-run $*"\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    spec = {
        "runtime": "charliecloud",
        "image": str(image),
        "mounts": ["/work"],
        "env": ["PYTHONPATH=/work/x"],
        "python": "/opt/venv/bin/python",
    }
    index = capture.capture(tmp_path / "env", spec)
    recorded = json.loads((tmp_path / "env" / "image.json").read_text())
    assert recorded["runtime"] == "charliecloud" and recorded["image"] == str(image)
    assert recorded["digest"].startswith("sha256:") and index["image"] == recorded
    inside = (tmp_path / "env" / "pip-freeze-image.txt").read_text()
    assert inside.startswith(
        f"ch-run -b /work --set-env=PYTHONPATH=/work/x {image} -- "
        "/opt/venv/bin/python -m pip freeze"
    )


def test_doctor_fails_a_missing_runtime_or_image_and_warns_on_a_registry_image(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("PATH", str(tmp_path))  # no ch-run, no srun
    checks = doctor.check_container(
        _profile(runtime="charliecloud", image=str(tmp_path / "none")), tmp_path
    )
    assert [(c.name, c.status) for c in checks] == [
        ("container runtime", "FAIL"),
        ("container image", "FAIL"),
    ]
    assert "build-image.sh" in checks[1].fix
    (tmp_path / "img" / _checkout_top()).mkdir(parents=True)
    (tmp_path / "ch-run").write_text("#!/bin/sh\n")
    (tmp_path / "ch-run").chmod(0o755)
    ok = doctor.check_container(
        _profile(runtime="charliecloud", image=str(tmp_path / "img")), tmp_path
    )
    assert [c.status for c in ok] == ["ok", "ok"]
    pyxis = doctor.check_container(_profile(runtime="pyxis", image="ubuntu:22.04"), tmp_path)
    assert pyxis[1].status == "warn" and "offline" in pyxis[1].detail
    assert doctor.check_container(load_profile("emulated")[0], tmp_path) == []


def _checkout_top() -> str:
    return containers.CHECKOUT.resolve().parts[1]


def test_doctor_names_the_bind_targets_a_charliecloud_image_lacks(tmp_path):
    """CI clones to /check/work/main: an image built with /work only made every rank stop on
    "can't mkdir /check: Read-only file system"; doctor says so before a job is submitted."""
    image = tmp_path / "img"
    (image / "data").mkdir(parents=True)
    profile = _profile(
        runtime="charliecloud", image=str(image), mounts=["/data/in", "/srv/x:/data/x"]
    )
    checks = {c.name: c for c in doctor.check_container(profile, tmp_path)}
    binds = checks["container binds"]
    assert binds.status == "FAIL"
    # the profile's two destinations (neither folder exists), then what the product binds for
    # this checkout wherever it was cloned (its top folder; nothing under /tmp, which every
    # runtime shares)
    wanted = [m.split(":")[-1] for m in containers.harness_mounts(profile.container, tmp_path)]
    assert wanted[:2] == ["/data/in", "/data/x"]
    assert wanted[2:] == ([] if _checkout_top() == "tmp" else ["/" + _checkout_top()])
    assert ", ".join(wanted) in binds.detail
    assert f"SCALESTUDY_IMAGE_MOUNTPOINTS='{' '.join(wanted)}'" in binds.fix
    for folder in wanted:
        (image / folder.lstrip("/")).mkdir()
    assert "container binds" not in {c.name for c in doctor.check_container(profile, tmp_path)}
