"""Points inside a Charliecloud image under the local Slurm cluster (issue #27): `doctor`
passes on emulated-charliecloud (a probe and a trainer job, mpirun outside, ch-run inside), a
probe point runs with srun, `env/` records the image, and the trainer's step logs equal the same
point's outside the image, bytes exact. The image is built by scripts/build-image.sh, or taken
from its cache (docs/containers.md: cold ~2 min here, cached 0.1 s)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support.skips import require
from support.slurm import settled_point
from support.sweeps import RUNS, two_nodes

from scalestudy import containers
from scalestudy.cli import main
from scalestudy.formats import step_log
from scalestudy.profiles import load_profile

pytestmark = pytest.mark.slurm
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def image() -> Path:
    missing = [t for t in ("ch-run", "debootstrap") if shutil.which(t) is None]
    require(f"{', '.join(missing)} missing: run `make system`" if missing else None)
    built = subprocess.run(
        ["bash", str(ROOT / "scripts" / "build-image.sh")],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    print(built.stdout.strip().splitlines()[0])  # built in N s, or cached
    profile = load_profile("emulated-charliecloud")[0]
    path = Path(built.stdout.split()[-1])
    assert Path(profile.container.image).resolve() == path.resolve()
    return path


@pytest.fixture
def in_cluster(slurm_cluster, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    # jobs run this harness's python3 (env/ capture) first, as doctor's do
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("USER", raising=False)  # a batch job may lack it: the script sets it
    return slurm_cluster


def _steps(attempt: Path, ranks: int) -> list[list[dict]]:
    """Every rank's steps, without what differs between two runs of one point (times, memory,
    host names): what is left is what the ranks computed and exchanged."""
    varying = {"t", "t_start", "t_end", "excluded_before_s", "step_s", "data_s", "rss", "peak_rss"}
    out = []
    for rank in range(ranks):
        steps = step_log.merged_steps(attempt / "logs" / step_log.rank_log_name(rank))
        out.append([{k: v for k, v in s.items() if k not in varying} for s in steps])
    return out


def _submit(sweep: dict, folder: Path) -> Path:
    return _settled(_submit_only(sweep, folder), folder)


def _submit_only(sweep: dict, folder: Path) -> Path:
    """Submit the one-point `sweep` and return its sweep file, without waiting."""
    path = folder / f"{sweep['name']}.yaml"
    path.write_text(yaml.safe_dump(sweep))
    assert main(["submit", str(path), "--results", str(folder / "results")]) == 0
    return path


def _settled(path: Path, folder: Path) -> Path:
    """The submitted sweep's point once it has ended (completed: its attempt's folder)."""
    entry, attempt = settled_point(path, folder / "results", path.stem, timeout=900)
    slurm_out = "".join(p.read_text(errors="replace") for p in attempt.glob("slurm-*.out"))
    assert entry.attempts[-1].state == "completed", slurm_out[-3000:]
    return attempt


def _image_recorded(attempt: Path, image: Path) -> None:
    recorded = json.loads((attempt / "env" / "image.json").read_text())
    c = load_profile("emulated-charliecloud")[0].container
    assert recorded["runtime"] == "charliecloud" and recorded["digest"].startswith("sha256:")
    assert recorded["digest"] == containers.identity(c)["digest"]
    assert recorded["stamp"]["name"] == image.name
    inside = (attempt / "env" / "pip-freeze-image.txt").read_text()
    assert "tensorflow-cpu==2.15.1" in inside
    assert re.search(r"^horovod(==| @ .*horovod-)0\.28\.1", inside, re.M), inside


def test_doctor_passes_inside_the_image(image, in_cluster, tmp_path, capsys):
    # the peak job's budget as test_doctor's (its rates are checked there): 1 s per precision
    doctor = ["doctor", "emulated-charliecloud", "--results", str(tmp_path), "--peak-seconds", "1"]
    assert main(doctor) == 0
    out = capsys.readouterr().out
    for name in (
        "container runtime: charliecloud: ",
        "container image: /var/tmp/scalestudy-image: digest sha256:",
        "trainer stack: TensorFlow 2.15.1",
        "MPI match",
        "probe placement and binding: 2 rank(s) on 2 node(s)",
        "trainer job: 3 steps on 2 node(s) x 1",
    ):
        assert f"] {name}" in out and f"[FAIL] {name}" not in out, out
    (folder,) = tmp_path.glob("doctor/emulated-charliecloud-*")
    (attempt,) = folder.glob("doctor-trainer/*/attempt-1")
    _image_recorded(attempt, image)
    # the ranks ran the image's Python (mpirun outside, ch-run inside)
    script = (attempt / "job.sh").read_text()
    # bound: what the product says it binds for this checkout and results folder (none when
    # both lie under /tmp, which every runtime shares), wherever the checkout was cloned
    c = load_profile("emulated-charliecloud")[0].container
    binds = containers.harness_mounts(c, tmp_path)
    assert "ch-run " in script and f"{image.parent.parent}" not in script
    for m in binds:
        assert f"-b {m} " in script or f"-b '{m}' " in script, (m, script)


def test_a_probe_point_runs_in_the_image_with_srun(image, in_cluster, tmp_path):
    attempt = _submit(
        {
            "name": "ct-probe-srun",
            "cluster": "emulated-charliecloud-srun",
            "workload": "probe",
            "mode": "weak",
            "nodes": [2],
            "ppn": 1,
            "time_limit": "00:05:00",
            "slurm": {"exclusive": False},
            "trainer": {"model": "tiny", "tokens_per_worker": 512},
        },
        tmp_path,
    )
    assert "srun --kill-on-bad-exit=1" in (attempt / "job.sh").read_text()
    _image_recorded(attempt, image)


def test_a_trainer_point_inside_equals_the_same_point_outside(image, in_cluster, tmp_path):
    same = {"time_limit": "00:10:00", "trainer": {**RUNS, "deterministic": True}}
    # both jobs queued at once (2 nodes each of the cluster's 4): what is compared is what the
    # ranks computed and exchanged, which sharing the machine does not change
    queued = [
        _submit_only(two_nodes("ct-in", "emulated-charliecloud", **same), tmp_path),
        _submit_only(two_nodes("ct-out", "emulated-unbound", **same), tmp_path),
    ]
    inside, outside = (_settled(path, tmp_path) for path in queued)
    assert "ch-run" not in (outside / "job.sh").read_text()
    steps_in, steps_out = _steps(inside, 2), _steps(outside, 2)
    assert all(len(s) == 6 for s in steps_in)
    assert any(v for v in steps_in[0][0]["bytes"].values()), steps_in[0][0]["bytes"]
    print(f"bytes of a step, rank 0: {steps_in[0][0]['bytes']}")
    # bytes exchanged, and with deterministic: true the losses and gradient norms too
    assert steps_in == steps_out
    seconds = {}
    for name, attempt in (("inside", inside), ("outside", outside)):
        steps = step_log.merged_steps(attempt / "logs" / step_log.rank_log_name(0))
        seconds[name] = sorted(s["step_s"] for s in steps[2:])[len(steps[2:]) // 2]
    print(f"median step seconds after warm-up (rank 0): {seconds}")
