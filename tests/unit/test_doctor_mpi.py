"""doctor's MPI families: read from banners, never assumed when the launcher cannot be asked."""

from scalestudy.doctor import launcher_mpi, mpi_family
from scalestudy.profiles import load_profile


def test_families_from_banners_and_library_names():
    assert mpi_family("mpirun (Open MPI) 4.1.4") == "openmpi"
    assert mpi_family("Intel(R) MPI Library for Linux* OS, Version 2021.9") == "intelmpi"
    assert mpi_family("libmpi.so.12 => /opt/mpich/lib/libmpi.so.12") == "mpich"
    assert mpi_family("") is None


def test_no_mpirun_means_unknown_not_the_profiles_word():
    profile, _ = load_profile("emulated")
    blind = profile.model_copy(update={"env": {"PATH": "/nonexistent"}})
    assert launcher_mpi(blind) == (None, "no mpirun on PATH")
