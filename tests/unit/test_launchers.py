"""The launchers table (scalestudy/launchers.py): every pair it accepts renders and validates,
every pair it refuses is refused by `validate` at the profile's line with the reason and the
fix; goldens of the launch lines no bundled experiment renders (tests/golden/launch/: srun with
srun_mpi: pmix, Hydra under MPICH and under Intel MPI); docs/launchers.md shows the table."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml

from scalestudy import launchers
from scalestudy.cli import main
from scalestudy.plan import make_plan
from scalestudy.profiles import CLUSTERS, Profile, load_profile
from scalestudy.render import render_script
from scalestudy.sweepfile.sweep import load_sweep

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "launch"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
RESULTS = Path("/results")  # a fixed results folder, so goldens compare across machines

# the local test cluster's emulated nodes (2 CPUs each), as emulated-srun.yaml has them
BASE = {
    "name": "emu",
    "description": "emulated Slurm nodes on one host (2 CPUs each)",
    "scheduler": "slurm",
    "sockets": 1,
    "cores_per_socket": 2,
    "memory_gb": 4,
    "mpi": "openmpi",
    "launcher": "srun",
    "partitions": [{"name": "debug", "max_nodes": 64}],
    "interconnect": {"name": "loopback", "latency_us": 5.0, "bandwidth_gbps": 10},
}

# the goldens: what the MPI helper runs on the local cluster, as a site would write it
CASES = {
    "srun-pmix": {"name": "emu-srun-pmix", "srun_mpi": "pmix"},
    "hydra-mpich": {
        "name": "emu-hydra-mpich",
        "mpi": "mpich",
        "launcher": "hydra",
        "launcher_path": "/usr/bin/mpiexec.hydra",  # Debian's mpich
        "env": {"HYDRA_TOPO_DEBUG": "1"},
    },
    "hydra-intelmpi": {
        "name": "emu-hydra-intelmpi",
        "mpi": "intelmpi",
        "launcher": "hydra",
        "launcher_path": "/opt/intel-mpi/bin/mpiexec.hydra",  # PyPI's impi-rt in its prefix
        "env": {"FI_PROVIDER": "tcp"},
    },
}


def _write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / f"{data['name']}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _sweep(tmp_path: Path, profile: Path, ppn: int = 2) -> Path:
    sweep = tmp_path / "launch.yaml"
    sweep.write_text(
        f"name: launch\ncluster: {profile}\nmode: weak\nnodes: [2]\nppn: {ppn}\n"
        "threads_per_worker: 1\ntrainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
    )
    return sweep


def _script(tmp_path: Path, changes: dict, ppn: int = 2) -> str:
    loaded = load_sweep(_sweep(tmp_path, _write(tmp_path, {**BASE, **changes}), ppn))
    (point,) = make_plan(loaded)
    return render_script(point, loaded.profile, RESULTS / "launch" / point.id / "attempt-1", 1)


def _launch(script: str) -> list[str]:
    """The launch line (continuations joined) as its argument list."""
    (line,) = [
        line
        for line in script.replace("\\\n", " ").splitlines()
        if " -m scalestudy.trainer --config " in line
    ]
    assert line.endswith(" &"), "the launcher runs in the background"
    return shlex.split(line.removesuffix(" &"))


def _option(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def _genv(argv: list[str]) -> dict[str, str]:
    return {argv[i + 1]: argv[i + 2] for i, a in enumerate(argv) if a == "-genv"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_launch_lines(tmp_path, case):
    script = _script(tmp_path, CASES[case])
    path = GOLDEN / f"{case}.sh"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(script)
    assert path.exists(), f"no golden {path}: UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert script == path.read_text(), (
        f"{case}'s script differs from {path}; if intended: UPDATE_GOLDEN=1 python -m pytest "
        f"{__file__}, then review `git diff tests/golden/launch`"
    )
    proc = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_srun_passes_the_profiles_pmi_plugin(tmp_path):
    argv = _launch(_script(tmp_path, CASES["srun-pmix"]))
    assert argv[0] == "srun" and "--mpi=pmix" in argv and "--mpi=pmi2" not in argv
    assert {"--nodes=2", "--ntasks=4", "--ntasks-per-node=2", "--cpus-per-task=1"} <= set(argv)
    # without the key: pmi2, the line every srun profile rendered before it existed
    assert "--mpi=pmi2" in _launch(_script(tmp_path, {"name": "emu-srun"}))
    for plugin in launchers.SRUN_MPI:
        if "openmpi" in launchers.SRUN_MPI[plugin].families:
            argv = _launch(_script(tmp_path, {"name": f"emu-{plugin}", "srun_mpi": plugin}))
            assert f"--mpi={plugin}" in argv


def test_hydra_under_mpich_starts_its_proxies_through_slurm(tmp_path):
    argv = _launch(_script(tmp_path, CASES["hydra-mpich"], ppn=2))
    assert argv[0] == "/usr/bin/mpiexec.hydra"
    assert _option(argv, "-launcher") == "slurm"  # no sshd: srun starts the proxies
    assert (_option(argv, "-n"), _option(argv, "-ppn")) == ("4", "2")
    assert _option(argv, "-bind-to") == "core:1"  # threads_per_worker cores per rank
    listed = _option(argv, "-genvlist").split(",")
    assert listed == ["PATH", "LD_LIBRARY_PATH", "OMP_NUM_THREADS", "HYDRA_TOPO_DEBUG"]
    # no Open MPI option reaches Hydra
    assert not {"-np", "--map-by", "--bind-to", "-x", "--report-bindings"} & set(argv)
    unbound = _launch(_script(tmp_path, {**CASES["hydra-mpich"], "bind": "none"}))
    assert _option(unbound, "-bind-to") == "none"


def test_hydra_under_intel_mpi_pins_through_its_domain(tmp_path):
    argv = _launch(_script(tmp_path, CASES["hydra-intelmpi"]))
    assert argv[0] == "/opt/intel-mpi/bin/mpiexec.hydra"
    assert _option(argv, "-bootstrap") == "slurm"
    assert (_option(argv, "-n"), _option(argv, "-ppn")) == ("4", "2")
    assert _genv(argv) == {"I_MPI_PIN_DOMAIN": "1:compact", "I_MPI_DEBUG": "4"}
    assert _option(argv, "-genvlist").split(",")[-1] == "FI_PROVIDER"
    # only the listed variables travel: each rank keeps its own node's SLURMD_NODENAME, which
    # Intel MPI with no -genv* option (all of mpiexec's environment) overwrites with the batch
    # step's
    assert argv.index("-genvnone") < argv.index("-genvlist")
    assert not {"-np", "--map-by", "--bind-to", "-x", "-bind-to"} & set(argv)
    # the profile's own pinning domain wins; bind: none turns pinning off
    own = {**CASES["hydra-intelmpi"], "env": {"I_MPI_PIN_DOMAIN": "core"}}
    assert "I_MPI_PIN_DOMAIN" not in _genv(_launch(_script(tmp_path, own)))
    unbound = _launch(_script(tmp_path, {**CASES["hydra-intelmpi"], "bind": "none"}))
    assert _genv(unbound) == {"I_MPI_PIN": "0", "I_MPI_DEBUG": "4"}


def test_the_launcher_path_reaches_the_shell_as_one_word(tmp_path):
    odd = "/opt/my mpi/$(touch pwned)/mpiexec.hydra"
    argv = _launch(_script(tmp_path, {**CASES["hydra-mpich"], "launcher_path": odd}))
    assert argv[0] == odd
    # unset: the table's binary for the launcher and family
    plain = {k: v for k, v in CASES["hydra-mpich"].items() if k != "launcher_path"}
    assert _launch(_script(tmp_path, plain))[0] == "mpiexec.hydra"


def test_every_pair_the_table_accepts_validates_and_renders(tmp_path):
    for name, entry in launchers.LAUNCHERS.items():
        for family, partial in entry.templates.items():
            assert (CLUSTERS / "launch" / f"{partial}.sh.j2").exists(), partial
            data = {**BASE, "name": f"emu-{name}-{family}", "launcher": name, "mpi": family}
            if name == "mpirun-local":
                data["scheduler"] = "local"
            argv = _launch(_script(tmp_path, data))
            assert argv[0] == entry.binary[family]


# (profile changes, the key whose line is named, words the message must hold)
REFUSED = [
    ({"mpi": "mpich", "launcher": "mpirun"}, "launcher", ["Open MPI's", "launcher: hydra"]),
    ({"mpi": "intelmpi", "launcher": "mpirun"}, "launcher", ["Open MPI's", "launcher: hydra"]),
    ({"mpi": "openmpi", "launcher": "hydra"}, "launcher", ["no Hydra", "launcher: mpirun"]),
    ({"mpi": "mpich", "launcher": "ibrun"}, "launcher", ["TACC", "mpi: intelmpi"]),
    ({"mpi": "openmpi", "launcher": "ibrun"}, "launcher", ["TACC", "mpi: intelmpi"]),
    ({"mpi": "mpich", "launcher": "mpirun-local"}, "launcher", ["Open MPI's"]),
    ({"srun_mpi": "none"}, "srun_mpi", ["singleton", "pmix"]),
    ({"mpi": "mpich", "srun_mpi": "none"}, "srun_mpi", ["singleton", "pmi2"]),
    ({"mpi": "intelmpi", "srun_mpi": "none"}, "srun_mpi", ["singleton", "libpmi.so"]),
    ({"srun_mpi": "cray_shasta"}, "srun_mpi", ["Cray PMI", "srun_mpi: pmix"]),
    ({"launcher": "mpirun", "srun_mpi": "pmix"}, "srun_mpi", ["only launcher: srun"]),
    ({"launcher_path": "bin/srun"}, "launcher_path", ["absolute path"]),
    (
        {"mpi": "intelmpi", "launcher": "ibrun", "bind": "none"},
        "bind",
        ["bind: none is for mpirun and srun", "I_MPI_PIN_DOMAIN"],
    ),
]


@pytest.mark.parametrize(("changes", "key", "words"), REFUSED)
def test_validate_refuses_a_pair_that_cannot_work(tmp_path, capsys, changes, key, words):
    data = {**BASE, "name": "site", **changes}
    profile = _write(tmp_path, data)
    line = 1 + next(
        i for i, t in enumerate(profile.read_text().splitlines()) if t.startswith(f"{key}:")
    )
    assert main(["validate", str(_sweep(tmp_path, profile))]) == 2
    err = capsys.readouterr().err
    assert f"{profile}:{line}: {key}: " in err, err
    assert "Traceback" not in err
    for word in words:
        assert word in err, (word, err)


def test_intel_mpi_under_srun_without_a_plugin_needs_slurms_pmi1_library():
    data = {**BASE, "mpi": "intelmpi", "srun_mpi": "none"}
    with pytest.raises(ValueError, match="srun_mpi: none cannot start Intel MPI"):
        Profile.model_validate(data)
    pmi1 = {"I_MPI_PMI_LIBRARY": "/usr/lib/x86_64-linux-gnu/libpmi.so.0"}
    assert Profile.model_validate({**data, "env": pmi1}).srun_mpi == "none"
    with pytest.raises(ValueError, match="srun_mpi: none"):
        Profile.model_validate({**data, "env": {"I_MPI_PMI_LIBRARY": "/usr/lib/libpmi2.so"}})


def test_a_dumped_profile_validates_again():
    """model_dump writes every default out (srun_mpi: pmi2 for an mpirun profile): harmless,
    and tests and tools rebuild profiles that way."""
    for name in ("zenith", "local", "stampede2-skx", "emulated-srun"):
        profile, _ = load_profile(name)
        assert Profile.model_validate(profile.model_dump()) == profile


def test_the_docs_page_shows_the_table():
    page = (ROOT / "docs" / "launchers.md").read_text()
    assert launchers.markdown_tables() in page, (
        "docs/launchers.md does not hold launchers.markdown_tables(): paste its output in"
    )


@pytest.mark.parametrize(
    ("launcher", "srun_mpi", "library", "refused"),
    [
        ("srun", "pmi2", "/usr/lib/x86_64-linux-gnu/libpmi2.so.0", None),
        ("srun", "pmix", "/usr/lib/x86_64-linux-gnu/libpmix.so.2", None),
        ("srun", "pmi2", "/usr/lib/x86_64-linux-gnu/libpmix.so", "is not libpmi2.so"),
        ("srun", "pmix_v5", "/opt/slurm/lib/libpmi2.so", "is not libpmix.so"),
        ("hydra", "pmi2", "/usr/lib/x86_64-linux-gnu/libpmi2.so.0", "only launcher: srun serves"),
    ],
)
def test_the_pmi_library_srun_mpi_and_the_launcher_are_checked_together(
    launcher, srun_mpi, library, refused
):
    # issue #46 item 3: srun_mpi: pmi2 with I_MPI_PMI_LIBRARY at libpmix.so validated, and
    # launcher: hydra kept forwarding I_MPI_PMI_LIBRARY (-genvlist) to ranks Hydra starts
    data = {**BASE, "mpi": "intelmpi", "launcher": launcher, "env": {"I_MPI_PMI_LIBRARY": library}}
    if launcher == "srun":
        data["srun_mpi"] = srun_mpi
    if refused is None:
        assert launchers.problems(Profile.model_validate(data)) == []
    else:
        with pytest.raises(ValueError, match=rf"env\.I_MPI_PMI_LIBRARY: .*{refused}"):
            Profile.model_validate(data)
