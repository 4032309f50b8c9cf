"""Container runtimes as one table (issue #35 item 2): scalestudy/containers.py's RUNTIMES is
what the profile schema, the job script, doctor and env capture ask. A test-only runtime
registered there reaches the rendered job script (its wrapper around the workload, its own
shell lines) and doctor's checks, with no other file changed."""

from __future__ import annotations

import shlex
from pathlib import Path

from scalestudy import containers, doctor
from scalestudy.containers import Runtime
from scalestudy.plan import make_plan
from scalestudy.profiles import Container
from scalestudy.submit import render_all
from scalestudy.sweepfile.sweep import load_sweep
from tests.unit.test_render_containers import CONTAINERS, RESULTS, _sweep


class _TestOnly(Runtime):
    name, binary, image_kind = "testonly", "testonly-run", "file"
    shell_lines = ("export TESTONLY_READY=1  # the runtime's own line",)

    def wrapper(self, c, mounts, env):
        return [self.binary, *(f"--mount={m}" for m in mounts), c.image, "--"]


def test_the_profile_schema_names_the_tables_runtimes():
    (names,) = Container.model_fields["runtime"].metadata
    assert names.names() == tuple(containers.RUNTIMES)


def test_a_runtime_registered_in_the_table_reaches_the_job_script_and_doctor(tmp_path, monkeypatch):
    monkeypatch.setitem(containers.RUNTIMES, _TestOnly.name, _TestOnly())
    monkeypatch.setattr(containers, "CHECKOUT", Path("/checkout/scalestudy"))
    loaded = load_sweep(_sweep(tmp_path, "apptainer", CONTAINERS["apptainer"]))
    image = tmp_path / "image.sif"
    loaded.profile.container = Container.model_construct(
        runtime="testonly", image=str(image), mounts=[], env=["A=1"], python="python3"
    )
    (script,) = render_all(loaded, make_plan(loaded), RESULTS).values()
    assert "apptainer exec" not in script
    lines = script.splitlines()
    own = lines.index("export TESTONLY_READY=1  # the runtime's own line")
    (launch,) = [
        ln for ln in script.replace("\\\n", " ").splitlines() if " -m scalestudy.trainer " in ln
    ]
    argv = shlex.split(launch.rstrip(" &"))
    start = argv.index("testonly-run")
    assert argv[0] == "mpirun" and argv[start + 1 :].index(str(image)) >= 1
    assert argv[argv.index("--", start) + 1] == "python3"
    assert own < next(i for i, ln in enumerate(lines) if ln.startswith("mpirun"))

    checks = {c.name: c for c in doctor.check_container(loaded.profile, tmp_path)}
    assert checks["container runtime"].status == "FAIL"
    assert "testonly-run not on PATH" in checks["container runtime"].detail
    assert checks["container image"].status == "FAIL"  # no such file
    image.write_bytes(b"sif")
    checks = {c.name: c for c in doctor.check_container(loaded.profile, tmp_path)}
    assert checks["container image"].status == "ok"
