"""env/ capture names the job's MPI family among those installed (issue #33): Debian can hold
Open MPI and MPICH side by side, Intel MPI lives in its own prefix (I_MPI_ROOT). The commands
are stand-ins printing banners captured on this machine (tests/unit/data/mpi/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scalestudy import capture

DATA = Path(__file__).parent / "data" / "mpi"


def _tool(folder: Path, name: str, banner: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / name
    script.write_text(f"#!/bin/sh\nexec /bin/cat {DATA / banner}\n")
    script.chmod(0o755)


@pytest.fixture
def host(tmp_path, monkeypatch):
    """A PATH with Open MPI's ompi_info and MPICH's mpichversion, and an Intel MPI prefix that
    is not on PATH (as scripts/setup-mpi-families.sh installs it)."""
    bin_dir = tmp_path / "bin"
    _tool(bin_dir, "ompi_info", "ompi_info-head.txt")
    _tool(bin_dir, "mpichversion", "mpichversion.txt")
    impi = tmp_path / "intelmpi"
    _tool(impi / "bin", "mpiexec.hydra", "intelmpi-mpiexec.hydra-version.txt")
    monkeypatch.setenv("PATH", str(bin_dir))
    for var in ("I_MPI_ROOT", "SCALESTUDY_MPI", "SLURM_JOB_ID", "SLURM_ARRAY_JOB_ID"):
        monkeypatch.delenv(var, raising=False)
    return bin_dir, impi


def test_several_families_and_none_named_is_unknown(host):
    family, why, found = capture.job_mpi()
    assert family is None and "2 MPI families" in why
    assert sorted(found) == ["mpich", "openmpi"]
    # the launcher's own banner then, never one family's picked at random
    assert capture._commands()["mpi.txt"] == ["mpirun", "--version"]


def test_the_family_asked_for_is_captured(host):
    assert capture.job_mpi("mpich")[:2] == ("mpich", "asked")
    assert capture._commands(mpi="mpich")["mpi.txt"] == ["mpichversion"]


def test_intel_mpi_from_its_prefix(host, monkeypatch):
    _, impi = host
    monkeypatch.setenv("I_MPI_ROOT", str(impi))
    family, why, found = capture.job_mpi()
    assert (family, why) == ("intelmpi", "I_MPI_ROOT")
    assert found["intelmpi"] == [str(impi / "bin" / "mpiexec.hydra"), "--version"]


def test_the_only_family_installed(host):
    bin_dir, _ = host
    (bin_dir / "ompi_info").unlink()
    assert capture.job_mpi()[:2] == ("mpich", "the only MPI installed")


def test_capture_writes_the_jobs_mpi_and_every_family(host, tmp_path, monkeypatch):
    _, impi = host
    monkeypatch.setenv("I_MPI_ROOT", str(impi))
    out = tmp_path / "env"
    capture.capture(out)
    assert (out / "mpi.txt").read_text().startswith("Intel(R) MPI Library for Linux* OS")
    assert "MPICH Version:" in (out / "mpi-mpich.txt").read_text()
    assert "Open MPI: 4.1.4" in (out / "mpi-openmpi.txt").read_text()
    harness = json.loads((out / "capture.json").read_text())["harness"]
    assert harness["mpi_family"] == "intelmpi"
    assert harness["mpi_families_installed"] == ["intelmpi", "mpich", "openmpi"]
