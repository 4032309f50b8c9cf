"""A job whose ranks load another MPI than the profile names (issue #46, item 3 and acceptance
3). On the login node the profile's python is the checkout's .venv (Horovod on Open MPI, as the
profile says), so `doctor`'s "MPI match" passes; inside the job its ranks get .venv-mpich
(Horovod on MPICH), as when a site's module sets up another MPI in the job than on the login
node. One rank, so MPICH's singleton start is a whole world and the job completes. `doctor`'s
trainer job fails on what the ranks loaded (their step-log headers: the libmpi in
/proc/self/maps), and the report of that job marks its MPI, beside what the job's capture
found."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml
from support.skips import require

from scalestudy import doctor
from scalestudy.cli import main
from scalestudy.profiles import load_profile

# its runs are its own: in the cluster lane, beside the Slurm tests (scripts/heavy_lanes.py)
pytestmark = [pytest.mark.mpi, pytest.mark.cluster_lane]

ROOT = Path(__file__).resolve().parents[2]
MPICH_PYTHON = ROOT / ".venv-mpich" / "bin" / "python"  # scripts/setup-mpi-families.sh
LOADED = "MPICH 4.0.2 (on every rank) (NOT the profile's Open MPI)"


def test_ranks_that_load_another_mpi_fail_doctor_and_are_marked_in_the_report(tmp_path, capsys):
    require(None if MPICH_PYTHON.exists() else f"{MPICH_PYTHON} missing: make mpi-families")
    python = tmp_path / "python-login-or-job"
    python.write_text(
        "#!/bin/sh\n"
        "# a rank (mpirun set OMPI_COMM_WORLD_SIZE): the venv whose Horovod links MPICH\n"
        f'[ -n "$OMPI_COMM_WORLD_SIZE" ] && exec {MPICH_PYTHON} "$@"\n'
        f'exec {sys.executable} "$@"\n'
    )
    python.chmod(0o755)
    profile = yaml.safe_load((ROOT / "templates" / "clusters" / "local.yaml").read_text())
    profile.update(name="local-job-differs", python=str(python))
    path = tmp_path / "local-job-differs.yaml"
    path.write_text(yaml.safe_dump(profile))
    profile_obj, profile_path = load_profile(str(path))
    folder = tmp_path / "doctor"
    folder.mkdir()
    # the login node's view (doctor's checks before any job): Open MPI, as the profile says
    said = {c.name: c for c in doctor.check_stack(profile_obj, folder)}
    assert said["MPI match"].status == "ok", said
    # doctor's trainer job and its check of what the ranks loaded (its other jobs, the probe
    # and the matmul peak, are not needed here; tests/slurm/test_doctor.py runs them all)
    job, loaded = doctor.check_trainer(profile_obj, profile_path.resolve(), folder, 1, 1)
    assert job.status == "ok" and job.detail.startswith("3 steps on 1 node(s) x 1"), job
    assert (loaded.name, loaded.status, loaded.detail) == ("MPI the ranks loaded", "FAIL", LOADED)

    # the report of that job: its provenance says what the ranks ran, marked
    sweep = folder / "doctor-trainer.yaml"
    assert main(["collect", str(sweep), "--results", str(folder)]) == 0
    assert main(["report", str(sweep), "--results", str(folder)]) == 0
    md = (folder / "doctor-trainer" / "report" / "summary.md").read_text()
    section = md[md.index("## Provenance") :]
    row = next(line for line in section.splitlines() if line.startswith("| MPI |"))
    assert LOADED in row and "the job's capture found Open MPI 4.1.4" in row, row
