"""`scalestudy doctor` on the local Slurm cluster (issue #6, acceptance 3).

The two doctor runs that pass (the hand-written emulated profile, and a profile detected from
the cluster) run at the same time: the detected one in a subprocess that `detected_doctor`
starts before test_doctor_passes_on_the_emulated_profile runs its own. Each runs its 3 jobs
(probe, trainer, matmul peak) on 2 of the cluster's 4 nodes; the peak job measures for a fixed
budget per precision whatever the load (`peak_seconds`), so the two peaks overlap rather than
queue (this file cost ~155 s with the runs one after the other). The doctor that fails (srun
starting the trainer: its probe and a trainer job that cannot start its ranks, no peak) runs
beside them too, started by `srun_doctor` (it ran after them: ~30-45 s of its own, mostly
waiting on its jobs). Both doctors give the peak
PEAK_SECONDS (`--peak-seconds`) where a site's doctor gives it 20: each precision times its
smallest size and stops at the next past the budget, enough for the rates asserted here and
~35 s of the two peak jobs' fixed budget less."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from support.render import check_renders_as_emulated

from scalestudy.cli import main
from scalestudy.profiles import CLUSTERS, load_profile

ROOT = Path(__file__).resolve().parents[2]
PEAK_SECONDS = "1"


@pytest.fixture
def in_cluster(slurm_cluster, monkeypatch):
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    return slurm_cluster


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "scalestudy.cli", *args]


@dataclass
class Detected:
    """`profile detect --name mysite` (its exit code and stdout: the profile), and `doctor
    mysite.yaml` started on it in a subprocess when detect succeeded (`finish` waits for it:
    its exit code and output)."""

    folder: Path
    detect: subprocess.CompletedProcess
    proc: subprocess.Popen | None

    def finish(self) -> tuple[int, str]:
        assert self.proc is not None, "no doctor run: profile detect failed"
        self.proc.wait(timeout=1200)
        return self.proc.returncode, (self.folder / "doctor.out").read_text()


@pytest.fixture(scope="module")
def detected_doctor(slurm_cluster, tmp_path_factory):
    """Started by the first test that asks (the emulated profile's, so the two doctor runs
    overlap); test_a_profile_detected_from_the_cluster_passes_doctor judges it. Nothing is
    asserted here, so a failing detect fails that test alone."""
    folder = tmp_path_factory.mktemp("detected")
    env = slurm_cluster.env()
    detect = subprocess.run(
        _cli("profile", "detect", "--name", "mysite"),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    proc = None
    if detect.returncode == 0:
        site = folder / "mysite.yaml"
        site.write_text(detect.stdout)
        with open(folder / "doctor.out", "w") as out:  # the child writes it; finish() reads it
            proc = subprocess.Popen(
                _cli("doctor", str(site), "--results", str(folder), "--peak-seconds", PEAK_SECONDS),
                env=env,
                cwd=ROOT,  # where the suite runs (main() in the other tests)
                stdout=out,
                stderr=subprocess.STDOUT,
            )
    detected = Detected(folder, detect, proc)
    yield detected
    if proc is not None and proc.poll() is None:  # its test did not wait: its jobs must not
        proc.wait(timeout=1200)  # outlive the module (the cluster is the session's)


@dataclass
class Background:
    """A doctor run started in a subprocess (its output in `out`); `finish` waits for it: its
    exit code and output."""

    out: Path
    proc: subprocess.Popen

    def finish(self) -> tuple[int, str]:
        self.proc.wait(timeout=1200)
        return self.proc.returncode, self.out.read_text()


@pytest.fixture(scope="module")
def srun_doctor(slurm_cluster, tmp_path_factory):
    """`doctor emulated-srun`, started by the first test that asks (the emulated profile's, so
    it runs beside the two passing doctors); test_doctor_names_the_launcher_mismatch judges it."""
    folder = tmp_path_factory.mktemp("srun")
    out = folder / "doctor.out"
    with open(out, "w") as fh:  # the child writes it; finish() reads it
        proc = subprocess.Popen(
            _cli("doctor", "emulated-srun", "--results", str(folder)),
            env=slurm_cluster.env(),
            cwd=ROOT,  # where the suite runs (main() in the other tests)
            stdout=fh,
            stderr=subprocess.STDOUT,
        )
    yield Background(out, proc)
    if proc.poll() is None:  # its test did not wait: its jobs must not outlive the module
        proc.wait(timeout=1200)


@pytest.mark.slurm
# their doctors run beside this test's (docstring)
@pytest.mark.usefixtures("detected_doctor", "srun_doctor")
def test_doctor_passes_on_the_emulated_profile(in_cluster, tmp_path, capsys):
    assert (
        main(["doctor", "emulated", "--results", str(tmp_path), "--peak-seconds", PEAK_SECONDS])
        == 0
    )
    out = capsys.readouterr().out
    for name in (
        "harness",
        "trainer stack",
        "MPI match",
        "same scalestudy",
        "MPI the job ran: the probe job ran Open MPI",  # what its env/ captured (issue #46)
        "probe placement and binding: 2 rank(s) on 2 node(s)",
        "checkpoint signal: USR1 to the batch shell reached 2 of 2 ranks",
        "node speed",
        "trainer job: 3 steps on 2 node(s) x 1",
        "MPI the ranks loaded: Open MPI 4.1.4 (on every rank)",  # their own word (#46)
        "matmul peak: ",
    ):
        assert f"[  ok] {name}" in out, out
    assert "doctor: emulated is ready (11 checks" in out
    (report,) = tmp_path.glob("doctor/emulated-*/doctor.json")
    assert len(yaml.safe_load(report.read_text())) == 11
    # every rank measured both precisions, with its share of its node's cores (the slurmd
    # nodes of the test cluster say 2 CPUs each; 1 rank per node)
    peak = yaml.safe_load(report.with_name("peak.json").read_text())
    cores = load_profile("emulated")[0].cores_per_node
    assert peak["profile"] == "emulated" and peak["threads_per_rank"] == cores
    ((_, found),) = peak["node_types"].items()
    assert found["ranks"] == 2 and found["float32"] > 1e9 and found["bfloat16"] > 1e8
    # the job timed each precision for the budget doctor was given, whichever sizes that let in
    ranks = list(report.parent.glob("doctor-peak/*/attempt-1/logs/peak.rank*.json"))
    assert len(ranks) == 2, ranks
    for rank in ranks:
        measured = yaml.safe_load(rank.read_text())
        assert measured["peak_seconds"] == float(PEAK_SECONDS), measured
        assert all("512" in measured["peak"][d]["by_size"] for d in ("float32", "bfloat16"))


@pytest.mark.slurm
def test_doctor_names_the_launcher_mismatch(srun_doctor):
    """srun (PMI-2) starting a Horovod built on Debian's Open MPI: the probe (no MPI) passes,
    the trainer cannot start its ranks, and doctor says why and what to do (the doctor run by
    `srun_doctor`, beside the emulated profile's)."""
    code, out = srun_doctor.finish()
    assert code == 1, out
    assert "[  ok] probe placement and binding" in out
    assert "[FAIL] trainer job: launcher mismatch" in out
    assert "fix: the launcher srun does not start ranks Horovod's MPI can join" in out
    assert "1 check(s) failed (trainer job)" in out


@pytest.mark.trainer
def test_doctor_names_an_mpi_family_mismatch_before_any_job(tmp_path, capsys):
    """A site on MPICH (its Hydra, Debian's mpiexec.hydra) with the .venv whose Horovod links
    Open MPI: doctor reads the Hydra's banner whole (its first line names no family)."""
    profile = yaml.safe_load((CLUSTERS / "emulated.yaml").read_text())
    profile.update(
        name="mpich-site", mpi="mpich", launcher="hydra", launcher_path="/usr/bin/mpiexec.hydra"
    )
    path = tmp_path / "mpich-site.yaml"
    path.write_text(yaml.safe_dump(profile))
    assert main(["doctor", str(path), "--results", str(tmp_path), "--no-jobs"]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] MPI match: Horovod links openmpi" in out and "the profile says mpich" in out
    assert "the launcher hydra runs mpich (HYDRA build details:)" in out
    assert "fix: ranks would start as singletons" in out
    assert "probe" not in out  # nothing was submitted


@pytest.mark.slurm
def test_a_profile_detected_from_the_cluster_passes_doctor(
    detected_doctor, in_cluster, tmp_path, capsys
):
    """`profile detect > mysite.yaml` on the live cluster, then `doctor mysite.yaml` (both run
    by `detected_doctor`, the doctor beside the emulated profile's)."""
    assert detected_doctor.detect.returncode == 0, detected_doctor.detect.stderr
    detected = yaml.safe_load(detected_doctor.detect.stdout)
    assert detected["launcher"] == "mpirun" and detected["env"]["OMPI_MCA_btl"] == "self,tcp"
    assert detected["partitions"][0]["max_nodes"] == 4
    code, out = detected_doctor.finish()
    assert code == 0, out
    assert "[  ok] trainer job: 3 steps on 2 node(s) x 1" in out, out
    assert "is ready (11 checks" in out
    # the live cluster's profile renders the hand-written emulated profile's job scripts
    assert main(["profile", "detect", "--name", "emulated"]) == 0
    same_name = tmp_path / "emulated.yaml"
    same_name.write_text(capsys.readouterr().out)
    check_renders_as_emulated(same_name, tmp_path / "renders")
