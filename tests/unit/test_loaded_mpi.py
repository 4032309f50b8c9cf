"""What the ranks loaded (issue #46 item 3): formats/env_capture.loaded_mpi reads each rank's
own record (the trainer's step-log header, the comm workload's comm.json), loaded_mpi_said
says it as the report's provenance and compare's environment diff do, and doctor's "MPI the
ranks loaded" judges it against the profile. The library strings are MPI_Get_library_version's
first lines as the ranks recorded them here (Open MPI and MPICH: runs on this machine; Intel
MPI: the mpi_probe's output, tests/unit/data/mpi/probe-output.txt)."""

from __future__ import annotations

import json

from scalestudy import doctor
from scalestudy.formats.env_capture import loaded_mpi, loaded_mpi_said
from scalestudy.profiles import load_profile

OPEN_MPI = "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022"
MPICH = "MPICH Version:\t4.0.2"
INTEL = "Intel(R) MPI Library 2021.17 for Linux* OS"
ASKED_OPENMPI = {"mpi_family": "openmpi", "mpi_family_from": "asked"}


def _ranks(attempt, libraries) -> None:
    logs = attempt / "logs"
    logs.mkdir(parents=True)
    for rank, lib in enumerate(libraries):
        header = {"type": "header", "rank": rank, "mpi_library": lib}
        step = {"type": "step", "step": 1}
        (logs / f"rank{rank:05d}.jsonl").write_text(f"{json.dumps(header)}\n{json.dumps(step)}\n")


def test_each_ranks_library_is_read_from_its_header(tmp_path):
    _ranks(tmp_path, [OPEN_MPI, OPEN_MPI])
    assert loaded_mpi(tmp_path) == [OPEN_MPI, OPEN_MPI]
    said = loaded_mpi_said(loaded_mpi(tmp_path), ASKED_OPENMPI, "mpirun (Open MPI) 4.1.4")
    assert said == "Open MPI 4.1.4 (on every rank)"


def test_points_of_1_and_2_ranks_on_the_same_library_say_the_same(tmp_path):
    # make demo's report called its run MIXED ("MPI (2 values)"): 1-rank and 2-rank points
    # that loaded one Open MPI were said "(loaded by 1 rank(s))" and "(loaded by 2 rank(s))"
    one = loaded_mpi_said([OPEN_MPI], ASKED_OPENMPI, "mpirun (Open MPI) 4.1.4")
    two = loaded_mpi_said([OPEN_MPI, OPEN_MPI], ASKED_OPENMPI, "mpirun (Open MPI) 4.1.4")
    assert one == two == "Open MPI 4.1.4 (on every rank)"


def test_another_family_than_the_profiles_is_marked_with_what_the_capture_found(tmp_path):
    _ranks(tmp_path, [MPICH])
    said = loaded_mpi_said(loaded_mpi(tmp_path), ASKED_OPENMPI, "mpirun (Open MPI) 4.1.4")
    assert said == (
        "MPICH 4.0.2 (on every rank) (NOT the profile's Open MPI) "
        "(the job's capture found Open MPI 4.1.4)"
    )


def test_ranks_that_differ_are_marked(tmp_path):
    said = loaded_mpi_said([INTEL, OPEN_MPI, INTEL], {}, None)
    assert said.startswith("Intel MPI 2021.17 (2 of 3 ranks); Open MPI 4.1.4 (1 of 3 ranks)")
    assert said.endswith("(NOT one library on every rank)")


def test_the_comm_workloads_record_is_read_when_no_rank_logged_steps(tmp_path):
    (tmp_path / "logs").mkdir()
    doc = {"mpi_library": OPEN_MPI, "mpi_library_per_rank": [OPEN_MPI, MPICH]}
    (tmp_path / "logs" / "comm.json").write_text(json.dumps(doc))
    assert loaded_mpi(tmp_path) == [OPEN_MPI, MPICH]
    (tmp_path / "logs" / "comm.json").write_text(json.dumps({"mpi_library": OPEN_MPI}))
    assert loaded_mpi(tmp_path) == [OPEN_MPI]  # a comm.json from before the per-rank list


def test_a_probe_job_or_a_damaged_log_records_nothing(tmp_path):
    assert loaded_mpi(tmp_path) == []
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "rank00000.jsonl").write_text('{"type": "hea')
    assert loaded_mpi(tmp_path) == []


def test_doctor_judges_what_the_ranks_loaded_against_the_profile(tmp_path):
    profile = load_profile("local")[0]  # mpi: openmpi
    _ranks(tmp_path / "a", [MPICH])
    check = doctor.check_ranks_mpi(profile, tmp_path / "a")
    assert (check.status, check.detail) == (
        "FAIL",
        "MPICH 4.0.2 (on every rank) (NOT the profile's Open MPI)",
    )
    _ranks(tmp_path / "b", [OPEN_MPI])
    assert doctor.check_ranks_mpi(profile, tmp_path / "b").status == "ok"
    assert doctor.check_ranks_mpi(profile, tmp_path / "none").status == "warn"
