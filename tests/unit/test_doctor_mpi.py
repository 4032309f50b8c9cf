"""doctor's MPI families: read from banners, never assumed when the launcher cannot be asked.

The banners in tests/unit/data/mpi/ were captured on this machine (Debian bookworm): Open MPI
4.1.4 (`mpirun --version`, `ompi_info`), MPICH 4.0.2 (`mpichversion`, its Hydra's
`mpiexec.hydra --version`), Intel MPI 2021.17 from PyPI (its `mpiexec.hydra --version`; its
`mpirun` script with MPICH's Hydra first on PATH, which then answers as MPICH), and the MPI
probe's MPI_Get_library_version line under each (probe-output.txt)."""

from pathlib import Path

import pytest

from scalestudy import doctor
from scalestudy.doctor import launcher_mpi
from scalestudy.formats.env_capture import mpi_family
from scalestudy.profiles import load_profile
from scalestudy.workloads import mpi_probe

DATA = Path(__file__).parent / "data" / "mpi"

BANNERS = {
    "openmpi-mpirun-version.txt": "openmpi",
    "ompi_info-head.txt": "openmpi",
    "mpichversion.txt": "mpich",
    "mpich-mpirun-version.txt": "mpich",
    "intelmpi-mpiexec.hydra-version.txt": "intelmpi",
    # Intel MPI's `mpirun` runs the first mpiexec.hydra on PATH: here MPICH's answered, and
    # doctor must say so rather than trust the script's name
    "intelmpi-mpirun-version-mpich-hydra-on-path.txt": "mpich",
}


def test_families_from_banners_and_library_names():
    assert mpi_family("mpirun (Open MPI) 4.1.4") == "openmpi"
    assert mpi_family("Intel(R) MPI Library for Linux* OS, Version 2021.9") == "intelmpi"
    assert mpi_family("libmpi.so.12 => /opt/mpich/lib/libmpi.so.12") == "mpich"
    assert mpi_family("libmpich.so.12 => /usr/lib/x86_64-linux-gnu/libmpich.so.12") == "mpich"
    assert mpi_family("") is None
    # MPICH's Hydra names no family on its first line (the rest names its build folder)
    assert mpi_family("HYDRA build details:") == "mpich"


@pytest.mark.parametrize("name", sorted(BANNERS))
def test_families_from_captured_banners(name):
    assert mpi_family((DATA / name).read_text()) == BANNERS[name]


def test_families_from_the_probes_library_versions():
    # three 2-rank runs, one line per rank, in the order the families ran
    lines = (DATA / "probe-output.txt").read_text().splitlines()
    records = [mpi_probe.parse(line)[0] for line in lines]
    assert [mpi_family(r["library"]) for r in records] == [
        "openmpi",
        "openmpi",
        "mpich",
        "mpich",
        "intelmpi",
        "intelmpi",
    ]


def test_no_mpirun_means_unknown_not_the_profiles_word():
    profile, _ = load_profile("emulated")
    blind = profile.model_copy(update={"env": {"PATH": "/nonexistent"}})
    assert launcher_mpi(blind) == (None, "no mpirun on PATH")


def _stand_in(tmp_path: Path, banner: str) -> str:
    script = tmp_path / "mpiexec.hydra"
    script.write_text(f"#!/bin/sh\ncat {DATA / banner}\n")
    script.chmod(0o755)
    return str(script)


def test_hydra_launcher_is_asked_by_its_own_path(tmp_path):
    """The Hydra launcher's family comes from the profile's mpiexec.hydra, read whole: MPICH's
    first line ("HYDRA build details:") names no family."""
    profile, _ = load_profile("emulated")
    hydra = profile.model_copy(
        update={
            "launcher": "hydra",
            "mpi": "mpich",
            "launcher_path": _stand_in(tmp_path, "mpich-mpirun-version.txt"),
        }
    )
    assert launcher_mpi(hydra) == ("mpich", "HYDRA build details:")
    intel = hydra.model_copy(
        update={
            "mpi": "intelmpi",
            "launcher_path": _stand_in(tmp_path, "intelmpi-mpiexec.hydra-version.txt"),
        }
    )
    family, banner = launcher_mpi(intel)
    assert family == "intelmpi" and banner.startswith("Intel(R) MPI Library")


def test_srun_does_not_name_an_mpi():
    profile, _ = load_profile("emulated")
    srun = profile.model_copy(update={"launcher": "srun"})
    family, why = launcher_mpi(srun)
    assert family is None and "srun" in why


def test_a_job_that_ran_another_mpi_than_the_profile_fails_doctor(tmp_path):
    # issue #46 item 3: mpi: intelmpi, the job's module set up no Intel MPI, the job ran
    # Open MPI (its capture's mpi.txt): doctor said nothing of it
    profile = load_profile("slurm")[0].model_copy(update={"mpi": "intelmpi"})
    env = tmp_path / "env"
    env.mkdir()
    (env / "mpi.txt").write_text("mpirun (Open MPI) 4.1.4\n\nReport bugs to ...\n")
    check = doctor.check_job_mpi(profile, tmp_path)
    assert (check.name, check.status) == ("MPI the job ran", "FAIL"), check
    assert "ran Open MPI 4.1.4" in check.detail and "mpi: intelmpi" in check.detail
    (env / "mpi.txt").write_text("Intel(R) MPI Library for Linux* OS, Version 2021.17 Build 1\n")
    assert doctor.check_job_mpi(profile, tmp_path).status == "ok"
    (env / "mpi.txt").unlink()
    assert doctor.check_job_mpi(profile, tmp_path).status == "warn"
