"""`scalestudy profile detect`: a profile from the answers of a live cluster's commands. The
local test cluster's answers are recorded in tests/unit/data (lc4-*: `scalestudy.localcluster
up --nodes 4`); the Slurm test runs detection against the live cluster."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.render import check_renders_as_emulated

from scalestudy.profile_detect import Answers, DetectError, detect
from scalestudy.profiles import load_profile

DATA = Path(__file__).parent / "data"

LC4 = Answers(
    partitions=(DATA / "lc4-partitions.txt").read_text(),
    nodes=(DATA / "lc4-nodes.txt").read_text(),
    mpi_list=(DATA / "lc4-mpi-list.txt").read_text(),
    mpirun_version="mpirun (Open MPI) 4.1.4\n",
    ompi_info="MCA pmix: ext3x (MCA v2.1.0)\nMCA ess: pmi (MCA v2.1.0)\n",
    uid=0,
)


def _load(text: str, tmp_path: Path):
    path = tmp_path / "mysite.yaml"
    path.write_text(text)
    profile, _ = load_profile(str(path))
    return profile


def test_the_local_cluster_becomes_a_profile_that_loads(tmp_path):
    text = detect(LC4)
    p = _load(text, tmp_path)
    assert (p.sockets, p.cores_per_socket, p.threads_per_core) == (2, 1, 1)
    assert p.memory_gb == pytest.approx(3.9) and p.scheduler == "slurm" and p.mpi == "openmpi"
    assert [(q.name, q.max_nodes) for q in p.partitions] == [("debug", 4)]
    # one host behind every node: emulated, mpirun, Open MPI over TCP, root allowed
    assert not p.emulated_nodes and p.launcher == "mpirun"
    assert p.env["OMPI_MCA_btl"] == "self,tcp" and p.env["OMPI_ALLOW_RUN_AS_ROOT"] == "1"
    assert p.env["OMPI_MCA_mpi_yield_when_idle"] == "1"  # ranks share the host: yield
    assert "launcher: mpirun   # emulated nodes share one host" in text
    assert "TODO: the interconnect cannot be read" in text


def _site(**changes) -> Answers:
    partitions = (
        "PartitionName=skx-normal Default=YES MaxNodes=128 MaxTime=2-00:00:00 Nodes=c[1-4] "
        "TotalNodes=4\n"
        "PartitionName=skx-large Default=NO MaxNodes=UNLIMITED MaxTime=02:00:00 Nodes=c[1-6] "
        "TotalNodes=6\n"
    )
    node = (
        "NodeName=c{i} CoresPerSocket=24 CPUTot=96 NodeAddr=c{i} NodeHostName=c{i} "
        "RealMemory=196608 Sockets=2 ThreadsPerCore=2 Partitions={parts}\n"
    )
    nodes = "".join(
        node.format(i=i, parts="skx-normal,skx-large" if i <= 4 else "skx-large")
        for i in range(1, 7)
    )
    base = Answers(
        partitions=partitions,
        nodes=nodes,
        mpi_list="MPI plugin types are...\n\tnone\n\tpmi2\n\tpmix\n",
        mpirun_version="mpirun (Open MPI) 4.1.5\n",
        ompi_info="MCA pmix: s1 (MCA v2.1.0)\nMCA pmix: s2 (MCA v2.1.0)\n",
        uid=1000,
    )
    return Answers(**{**base.__dict__, **changes})


def test_a_real_site_gets_srun_when_slurm_and_mpi_both_speak_pmi2(tmp_path):
    text = detect(_site(), name="stampede-like")
    p = _load(text, tmp_path)
    assert p.name == "stampede-like" and p.launcher == "srun" and not p.emulated_nodes
    assert (p.sockets, p.cores_per_socket, p.threads_per_core, p.memory_gb) == (2, 24, 2, 192.0)
    assert [(q.name, q.max_nodes) for q in p.partitions] == [("skx-normal", 128), ("skx-large", 6)]
    assert "# MaxTime 2-00:00:00, default" in text and "# MaxTime 02:00:00" in text
    # Slurm's MaxTime becomes the partition's max_time: validate and plan hold jobs to it
    assert [q.max_time for q in p.partitions] == ["2-00:00:00", "02:00:00"]
    assert p.env == {}  # not root, not emulated: nothing to set
    # Open MPI without PMI-2 support: mpirun, and the reason says why
    text = detect(_site(ompi_info="MCA pmix: ext3x\n"))
    assert "launcher: mpirun   # srun offers PMI-2 but this Open MPI was built without it" in text
    # Slurm without PMI-2
    text = detect(_site(mpi_list="MPI plugin types are...\n\tnone\n\tpmix\n"))
    assert "launcher: mpirun   # srun offers no PMI-2" in text
    assert "launcher: ibrun" in detect(_site(has_ibrun=True))


def test_srun_is_chosen_only_where_slurm_binds_the_ranks():
    affinity = "TaskPlugin              = task/affinity,task/cgroup\n"
    text = detect(_site(config=affinity))
    assert "# Slurm's TaskPlugin=task/affinity,task/cgroup: srun binds each rank" in text
    assert "launcher: srun" in text
    text = detect(_site(config="TaskPlugin              = task/none\n"))
    assert "# Slurm's TaskPlugin=task/none: srun binds nothing" in text
    assert "launcher: mpirun   # srun would bind no rank (TaskPlugin=task/none)" in text


def test_a_named_partition_describes_its_own_nodes(tmp_path):
    text = detect(_site(), partition="skx-large")
    assert "from partition skx-large (6 node(s))" in text
    with pytest.raises(DetectError, match=r"no partition 'gpu'.*skx-normal, skx-large"):
        detect(_site(), partition="gpu")


def test_the_detected_profile_renders_the_hand_written_emulated_profiles_scripts(tmp_path):
    """Acceptance: a profile detected from the local cluster renders the job scripts of the
    hand-written `emulated` profile, but for one line explained here."""
    detected = tmp_path / "emulated.yaml"  # same name: the name is part of every point id
    detected.write_text(detect(LC4, name="emulated"))
    check_renders_as_emulated(detected, tmp_path)
