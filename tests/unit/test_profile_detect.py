"""`scalestudy profile detect`: a profile from the answers of a live cluster's commands. The
local test cluster's answers are recorded in tests/unit/data (lc4-*: `scalestudy.localcluster
up --nodes 4`); the Slurm test runs detection against the live cluster."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.render import check_renders_as_emulated

from scalestudy.profile_detect import Answers, DetectError, detect, mpi_plugins
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
    # this Open MPI has only PMI-1/2 clients (s1, s2): pmi2, though srun lists pmix too
    assert p.srun_mpi == "pmi2" and "srun_mpi: pmi2   # Open MPI speaks it" in text
    # an Open MPI with a PMIx client (Debian's ext3x): srun --mpi=pmix
    p = _load(detect(_site(ompi_info="MCA pmix: ext3x\n")), tmp_path)
    assert (p.launcher, p.srun_mpi) == ("srun", "pmix")
    # neither PMI-2 in this Open MPI nor PMIx in Slurm: mpirun, and the reason says why
    no_pmix = "MPI plugin types are...\n\tnone\n\tpmi2\n"
    text = detect(_site(mpi_list=no_pmix, ompi_info="MCA pmix: ext3x\n"))
    assert "launcher: mpirun   # srun offers no PMI plugin Open MPI speaks" in text
    assert "srun_mpi" not in text
    # ibrun starts Intel MPI only: an Open MPI site with ibrun on PATH is not given it
    assert "launcher: ibrun" not in detect(_site(site_wrappers=("ibrun",)))
    intel = _site(
        site_wrappers=("ibrun",), mpirun_version="Intel(R) MPI Library for Linux* OS, 2021.10\n"
    )
    assert "launcher: ibrun" in detect(intel)


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


SLURM_22_05 = {  # captured on this machine's local cluster (Slurm 22.05.8, Debian 12)
    "mpi_list": (DATA / "lc4-mpi-list.txt").read_text(),
    "config": (DATA / "slurm-22.05-config.txt").read_text(),
}
# Slurm 23.11 / 24.11 as a PMIx site shows it (the same layout; PMIx 5; a default set)
SLURM_24_11 = {
    "mpi_list": "MPI plugin types are...\n\tcray_shasta\n\tnone\n\tpmi2\n\tpmix\n"
    "specific pmix plugin versions available: pmix_v4,pmix_v5\n",
    "config": "MpiDefault              = pmix_v5\nMpiParams               = (null)\n"
    "TaskPlugin              = task/affinity,task/cgroup\n",
}
INTEL = "Intel(R) MPI Library for Linux* OS, Version 2021.10 Build 20230619\n"
MPICH = "HYDRA build details:\n    Version:                                 4.0.2\n"


def test_srun_mpi_list_is_read_with_its_pmix_versions():
    assert mpi_plugins(SLURM_22_05["mpi_list"]) == [
        "pmix",
        "none",
        "cray_shasta",
        "pmi2",
        "pmix_v4",
    ]
    assert mpi_plugins(SLURM_24_11["mpi_list"]) == [
        "cray_shasta", "none", "pmi2", "pmix", "pmix_v4", "pmix_v5"
    ]  # fmt: skip
    # older srun prefixed every line with `srun: `; unknown plugins are left out
    assert mpi_plugins("srun: MPI types are...\nsrun: none\nsrun: openmpi\nsrun: pmi2\n") == [
        "none", "pmi2"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("slurm", "version", "ompi_info", "expected"),
    [
        # 22.05 (MpiDefault=none, which no MPI speaks): each family's own preference
        (SLURM_22_05, "mpirun (Open MPI) 4.1.4\n", "MCA pmix: ext3x (MCA v2.1.0)\n", "pmix"),
        (SLURM_22_05, "mpirun (Open MPI) 4.1.4\n", "MCA pmix: s1\nMCA pmix: s2\n", "pmi2"),
        (SLURM_22_05, MPICH, "", "pmi2"),
        (SLURM_22_05, INTEL, "", "pmi2"),
        # 24.11 with MpiDefault=pmix_v5: Open MPI 5 (PMIx built in) takes the site's default;
        # MPICH and Intel MPI keep PMI-2, which they speak without a PMIx build or library
        (SLURM_24_11, "mpirun (Open MPI) 5.0.3\n", "", "pmix_v5"),
        (SLURM_24_11, MPICH, "", "pmi2"),
        (SLURM_24_11, INTEL, "", "pmi2"),
    ],
)
def test_profile_detect_proposes_the_srun_pmi_plugin(tmp_path, slurm, version, ompi_info, expected):
    text = detect(_site(mpirun_version=version, ompi_info=ompi_info, **slurm))
    if slurm is SLURM_22_05:  # this machine's Slurm binds nothing (TaskPlugin=task/none)
        assert "srun would bind no rank (TaskPlugin=task/none)" in text
        text = detect(
            _site(mpirun_version=version, ompi_info=ompi_info, mpi_list=slurm["mpi_list"])
        )
    p = _load(text, tmp_path)
    assert (p.launcher, p.srun_mpi) == ("srun", expected), text
    assert f"srun_mpi: {expected}   # " in text


def test_a_site_default_no_mpi_speaks_is_not_proposed(tmp_path):
    """MpiDefault=pmix on a site whose Open MPI has only s1/s2: the profile says pmi2 (its
    reason names the default), not the plugin that would start singletons."""
    answers = _site(config="MpiDefault = pmix\n")
    p = _load(detect(answers), tmp_path)
    assert p.srun_mpi == "pmi2"
    assert "MpiDefault=pmix" in detect(answers)
    # a Cray EX site: Cray MPICH under its own cray_shasta
    cray = _site(mpirun_version=MPICH, config="MpiDefault = cray_shasta\n", **{
        "mpi_list": SLURM_24_11["mpi_list"]
    })  # fmt: skip
    assert _load(detect(cray), tmp_path).srun_mpi == "cray_shasta"


def test_mpich_and_intel_mpi_without_srun_get_hydra(tmp_path):
    """No plugin srun offers that the MPI speaks, or srun binds nothing: the family's own
    launcher, which for MPICH and Intel MPI is Hydra (Open MPI's mpirun would not start them)."""
    for banner, mpi in ((MPICH, "mpich"), (INTEL, "intelmpi")):
        p = _load(
            detect(_site(mpirun_version=banner, mpi_list="MPI plugin types are...\n\tnone\n")),
            tmp_path,
        )
        assert (p.mpi, p.launcher) == (mpi, "hydra")
        p = _load(detect(_site(mpirun_version=banner, config="TaskPlugin = task/none\n")), tmp_path)
        assert p.launcher == "hydra"


def test_mpich_gets_pmix_only_when_built_with_it(tmp_path):
    """Debian's MPICH 4.0.2 under srun --mpi=pmix starts every rank as a singleton (measured on
    the local cluster): with only PMIx offered it gets Hydra, unless Hydra's banner shows a
    --with-pmix build."""
    pmix_only = "MPI plugin types are...\n\tnone\n\tpmix\n"
    assert _load(detect(_site(mpirun_version=MPICH, mpi_list=pmix_only)), tmp_path).launcher == (
        "hydra"
    )
    built = MPICH + "    Configure options: '--with-pmix=/usr' '--with-device=ch4:ofi'\n"
    p = _load(detect(_site(mpirun_version=built, mpi_list=pmix_only)), tmp_path)
    assert (p.launcher, p.srun_mpi) == ("srun", "pmix")


def test_what_the_login_node_cannot_read_is_not_taken_as_a_refusal(tmp_path):
    # issue #46 item 6: the MPI's module not loaded at detect time (no mpirun, no ompi_info):
    # detect concluded Open MPI speaks no plugin and proposed mpirun, on a site whose
    # srun --mpi=pmix (its MpiDefault) worked. Now srun with the site's default, said unproved.
    site = _site(mpirun_version="", ompi_info="", config="MpiDefault = pmix\n")
    text = detect(site)
    p = _load(text, tmp_path)
    assert (p.launcher, p.srun_mpi) == ("srun", "pmix"), text
    assert "srun_mpi: pmix   # the site's MpiDefault; NOT PROVED here" in text
    # what the answers do prove still decides: Open MPI with only s1/s2 gets pmi2, proved
    proved = _site(config="MpiDefault = pmix\n")
    assert _load(detect(proved), tmp_path).srun_mpi == "pmi2"
    assert "NOT PROVED" not in detect(proved)
