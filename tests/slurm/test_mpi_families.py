"""The three MPI families really start across 2 emulated nodes of the local Slurm cluster
(issue #33, item 2): Open MPI under `srun --mpi=pmix`, MPICH under its Hydra (proxies started
by srun: -launcher slurm) and under `srun --mpi=pmi2`, Intel MPI (PyPI, in its own prefix)
under its Hydra (-bootstrap slurm) and under `srun --mpi=pmi2` with Slurm's libpmi2.

Each runs the MPI probe (scalestudy/workloads/mpi_probe.py: MPI_Get_library_version, rank and
size from MPI itself, an allreduce) as 2 nodes x 2 ranks and checks: the family named by the
library's own version string, every rank once in one world of that size, the allreduce's sum,
and the ranks spread over both nodes (docs/mpi-families.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support.manifest import shown
from support.skips import require
from support.slurm import settled_point
from support.sweeps import two_nodes

from scalestudy.cli import main
from scalestudy.formats import step_log
from scalestudy.formats.env_capture import mpi_family
from scalestudy.workloads import mpi_probe

pytestmark = pytest.mark.slurm

NODES, PPN = 2, 2


def _probe(family: str) -> tuple[str, dict]:
    try:
        tc = mpi_probe.toolchain(family)
        return str(mpi_probe.build(tc["mpicc"], env=tc["env"])), tc
    except mpi_probe.ProbeError as exc:
        require(str(exc))
        raise


def _run(cluster, cmd: list[str], env: dict, log: list | None = None) -> list[dict]:
    r = subprocess.run(
        cmd,
        env={**cluster.env(), **env},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert r.returncode == 0, f"{' '.join(cmd)} exited {r.returncode}:\n{r.stdout}\n{r.stderr}"
    if log is not None:
        log.append(r.stdout + r.stderr)
    return mpi_probe.parse(r.stdout)


def _check(records: list[dict], family: str) -> None:
    ranks = NODES * PPN
    assert mpi_probe.check(records, ranks) == [], records
    assert {mpi_family(r["library"]) for r in records} == {family}, records[0]["library"]
    assert [r["rank"] for r in records] == list(range(ranks))
    assert {r["size"] for r in records} == {ranks}
    assert {r["allreduce"] for r in records} == {sum(range(1, ranks + 1))}
    per_node: dict[str, int] = {}
    for r in records:
        per_node[r["node"]] = per_node.get(r["node"], 0) + 1
    assert sorted(per_node.values()) == [PPN] * NODES, per_node


def _srun(plugin: str, binary: str) -> list[str]:
    return ["srun", f"-N{NODES}", f"--ntasks-per-node={PPN}", f"--mpi={plugin}", binary]


def _hydra(cluster, hydra: str, bootstrap: str, binary: str) -> list[str]:
    """Hydra inside an allocation, its proxies started by srun (no sshd here)."""
    return [
        "salloc",
        f"-N{NODES}",
        f"--ntasks-per-node={PPN}",
        hydra,
        bootstrap,
        "slurm",
        "-n",
        str(NODES * PPN),
        "-ppn",
        str(PPN),
        binary,
    ]


def test_openmpi_under_srun_pmix(slurm_cluster):
    binary, _ = _probe("openmpi")
    # each emulated node has its own TmpFS (localcluster's slurm.conf): pmix's per-step client
    # folder no longer collides between the two nodes' slurmstepd
    records = _run(slurm_cluster, _srun("pmix", binary), {"OMPI_MCA_btl": "self,tcp"})
    _check(records, "openmpi")


def test_mpich_under_its_hydra(slurm_cluster):
    binary, tc = _probe("mpich")
    records = _run(slurm_cluster, _hydra(slurm_cluster, tc["hydra"], "-launcher", binary), {})
    _check(records, "mpich")


def test_mpich_under_srun_pmi2(slurm_cluster):
    binary, _ = _probe("mpich")
    _check(_run(slurm_cluster, _srun("pmi2", binary), {}), "mpich")


def test_intelmpi_under_its_hydra(slurm_cluster):
    binary, tc = _probe("intelmpi")
    # Intel's `mpirun` is a script that runs the first mpiexec.hydra on PATH (MPICH's here):
    # its own mpiexec.hydra is named by path
    cmd = _hydra(slurm_cluster, tc["hydra"], "-bootstrap", binary)
    _check(_run(slurm_cluster, cmd, tc["env"]), "intelmpi")


def test_intelmpi_under_srun_pmi2(slurm_cluster):
    binary, tc = _probe("intelmpi")
    if not os.path.exists(tc["libpmi2"]):
        require(f"{tc['libpmi2']} missing: scripts/install-system.sh installs libpmi2-0")
    # I_MPI_DEBUG=5 makes rank 0 say which PMI it speaks: without I_MPI_PMI_LIBRARY Intel MPI
    # falls back to its own PMI-1 client ("PMI API: pmi"), which Slurm's pmi2 plugin also
    # answers; with it, Slurm's libpmi2 ("PMI API: pmi2"), what the profile asks for
    env = {**tc["env"], "I_MPI_PMI_LIBRARY": tc["libpmi2"], "I_MPI_DEBUG": "5"}
    log: list[str] = []
    _check(_run(slurm_cluster, _srun("pmi2", binary), env, log), "intelmpi")
    assert "PMI API: pmi2" in log[0], log[0][-2000:]


ROOT = Path(__file__).resolve().parents[2]
MPICH_PYTHON = ROOT / ".venv-mpich" / "bin" / "python"  # scripts/setup-mpi-families.sh


def _mpich_profile(folder: Path, launcher: str) -> None:
    """The bundled emulated-unbound profile, moved to MPICH: the trainer's Python is the venv
    whose Horovod links MPICH, its ranks started by MPICH's own Hydra (named by path: Debian's
    alternatives keep `mpiexec` for Open MPI) or by srun's pmi2 plugin."""
    base = yaml.safe_load((ROOT / "templates" / "clusters" / "emulated-unbound.yaml").read_text())
    base.update(
        name=f"emulated-mpich-{launcher}",
        description="emulated nodes, MPICH (issue #33 item 2)",
        mpi="mpich",
        launcher=launcher,
        python=str(MPICH_PYTHON),
        env={},  # Open MPI's variables do not apply
    )
    if launcher == "hydra":
        base["launcher_path"] = "/usr/bin/mpiexec.hydra"
    else:
        base["srun_mpi"] = "pmi2"
    (folder / f"emulated-mpich-{launcher}.yaml").write_text(yaml.safe_dump(base, sort_keys=False))


def test_trainer_under_mpich_through_the_rendered_job_script(slurm_cluster, tmp_path, monkeypatch):
    """One 2-node point of the tiny trainer, Horovod built against MPICH, launched by the job
    script `scalestudy submit` renders for a Hydra profile: it completes, both ranks are one
    Horovod world, and the library each rank loaded is MPICH's, by its own version string."""
    if not MPICH_PYTHON.exists():
        require(f"no {MPICH_PYTHON}: run scripts/setup-mpi-families.sh horovod-mpich")
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    _mpich_profile(tmp_path, "hydra")
    name = "mpichtrainer"
    sweep = tmp_path / f"{name}.yaml"
    # room for TF's start on 2 loaded cores (33-84 s here; one unexplained failure in 9 runs
    # at load 11-14): the test is about the MPI family, not speed; under wait_settled's 600 s,
    # so a timeout shows as one
    spec = two_nodes(name, "emulated-mpich-hydra.yaml", nodes=[NODES], time_limit="00:09:00")
    sweep.write_text(yaml.safe_dump(spec))
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    entry, attempt = settled_point(sweep, results, name, timeout=600)
    script = (attempt / "job.sh").read_text()
    assert "/usr/bin/mpiexec.hydra -launcher slurm" in script
    # what a failure needs to be understood (the session's folders do not outlive it)
    why = shown(entry.attempts) + "\n".join(
        p.read_text()[-3000:] for p in attempt.glob("slurm-*.out")
    )
    assert entry.attempts[-1].state == "completed", why
    for rank in range(NODES):
        log = attempt / "logs" / step_log.rank_log_name(rank)
        header = step_log.read_segments(log)[0].header
        assert header["size"] == NODES, why
        assert mpi_family(header["mpi_library"]) == "mpich", header["mpi_library"]
        assert header["horovod"]["mpi_enabled"] is True
        assert len(step_log.merged_steps(log)) == 6, why
    captured = json.loads((attempt / "env" / "capture.json").read_text())
    assert "mpich" in captured["harness"]["mpi_families_installed"]


def _launch_profile(folder: Path, family: str, launcher: str) -> str:
    """The bundled emulated-unbound profile under another family: the harness's Python (the
    probe workload initialises no MPI), the family's Hydra named by path, Intel MPI's prefix
    in the ranks' environment."""
    base = yaml.safe_load((ROOT / "templates" / "clusters" / "emulated-unbound.yaml").read_text())
    name = f"emulated-{family}-{launcher}"
    tc = mpi_probe.toolchain(family)
    base.update(name=name, description=f"{family} by {launcher}", mpi=family, launcher=launcher)
    base.update(python=sys.executable, env=dict(tc["env"]))
    if launcher == "hydra":
        base["launcher_path"] = tc["hydra"]
    else:
        base["srun_mpi"] = "pmi2"
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(base, sort_keys=False))
    return name


@pytest.mark.parametrize(("family", "launcher"), [("intelmpi", "hydra"), ("mpich", "srun")])
def test_the_rendered_launch_line_starts_the_family(
    family, launcher, slurm_cluster, tmp_path, monkeypatch
):
    """The job script `scalestudy submit` renders for the profile (the launcher table's
    hydra-intelmpi / srun --mpi=pmi2 lines) starts 2 x 2 ranks that see one world of 4, two per
    node, and env/ capture names the family."""
    _probe(family)  # skips (fails in CI) with what is missing
    monkeypatch.setenv("SLURM_CONF", str(slurm_cluster.conf))
    profile = _launch_profile(tmp_path, family, launcher)
    name = f"{family}{launcher}"
    sweep = tmp_path / f"{name}.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": name,
                "cluster": f"{profile}.yaml",
                "workload": "probe",
                "probe_seconds": 1,
                "mode": "weak",
                "nodes": [NODES],
                "ppn": PPN,
                "time_limit": "00:05:00",
                "slurm": {"exclusive": False},
                "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 3},
            }
        )
    )
    results = tmp_path / "results"
    assert main(["submit", str(sweep), "--results", str(results), "--executor", "slurm"]) == 0
    entry, attempt = settled_point(sweep, results, name, timeout=300)
    why = shown(entry.attempts) + "\n".join(
        p.read_text()[-3000:] for p in attempt.glob("slurm-*.out")
    )
    assert entry.attempts[-1].state == "completed", why
    ranks = [
        json.loads((attempt / "logs" / f"probe.rank{r}.json").read_text())
        for r in range(NODES * PPN)
    ]
    assert [r["rank"] for r in ranks] == list(range(NODES * PPN))
    assert {r["size"] for r in ranks} == {NODES * PPN}
    nodes = [r["env"]["SLURM_NODEID"] for r in ranks]
    assert sorted(nodes.count(n) for n in set(nodes)) == [PPN] * NODES, nodes
    assert json.loads((attempt / "logs" / "probe-check.json").read_text())["ok"] is True
    captured = json.loads((attempt / "env" / "capture.json").read_text())["harness"]
    if family == "intelmpi":  # I_MPI_ROOT in the profile's env names it
        assert captured["mpi_family"] == "intelmpi"
        assert "Intel(R) MPI Library" in (attempt / "env" / "mpi.txt").read_text()
    assert family in captured["mpi_families_installed"]
