"""Job scripts: golden files for every experiment, launcher placement, inert user values."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest
import yaml

from scalestudy.plan import make_plan
from scalestudy.profiles import CLUSTERS
from scalestudy.render import environment, template_hash
from scalestudy.spec.sweep import load_sweep
from scalestudy.submit import render_all

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENTS = sorted((ROOT / "experiments").glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden"


def rendered(sweep: Path, results: Path) -> str:
    loaded = load_sweep(sweep)
    scripts = render_all(loaded, make_plan(loaded), results)
    text = "".join(f"##### {pid}\n{script}" for pid, script in scripts.items())
    return text.replace(str(results.resolve()), "@RESULTS@")


@pytest.mark.parametrize("sweep", EXPERIMENTS, ids=[p.stem for p in EXPERIMENTS])
def test_experiment_renders_its_golden_scripts(sweep, tmp_path):
    text = rendered(sweep, tmp_path)
    golden = GOLDEN / f"{sweep.stem}.sh"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(text)
    assert golden.exists(), f"no golden file {golden}: run with UPDATE_GOLDEN=1 once and review it"
    assert text == golden.read_text()


def test_launchers_place_processes_per_site(tmp_path):
    stampede = rendered(ROOT / "experiments/stampede2-weak.yaml", tmp_path)
    assert "ibrun python3 -m scalestudy.trainer" in stampede
    assert "export I_MPI_PIN_DOMAIN=omp:compact" in stampede
    assert "export OMP_NUM_THREADS=11" in stampede
    assert (
        "#SBATCH --partition=skx-normal" in stampede and "#SBATCH --partition=skx-large" in stampede
    )
    zenith = rendered(ROOT / "experiments/zenith-weak.yaml", tmp_path)
    assert "--map-by ppr:1:socket:pe=19 --bind-to core --report-bindings" in zenith
    one_ppn = rendered(ROOT / "experiments/accumulation-64.yaml", tmp_path)
    assert "--map-by ppr:1:node:pe=38" in one_ppn
    sweep = tmp_path / "generic.yaml"
    sweep.write_text(
        "name: g\ncluster: slurm\nmode: weak\nnodes: [2]\nppn: 4\n"
        "threads_per_worker: 8\ntrainer: {model: tiny, tokens_per_worker: 512}\n"
    )
    generic = rendered(sweep, tmp_path)
    assert "srun --kill-on-bad-exit=1 --mpi=pmi2 --nodes=2 --ntasks=8" in generic
    assert "--cpus-per-task=8 --cpu-bind=cores" in generic
    assert "#SBATCH --signal=B:USR1@120" in generic


HOSTILE = "$(touch {marker}); touch {marker}; `touch {marker}` a'b\"c ${{HOME}}"


def _hostile_sweep(tmp_path: Path, marker: Path) -> Path:
    bad = HOSTILE.format(marker=marker)
    sweep = tmp_path / "hostile.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": "hostile",
                "cluster": "slurm",
                "mode": "weak",
                "nodes": [1],
                "ppn": 1,
                "python": bad,
                "modules": [bad],
                "env": {"SITE_VAR": bad},
                "trainer": {"model": "tiny", "tokens_per_worker": 512},
            }
        )
    )
    return sweep


def test_hostile_values_render_inert(tmp_path):
    """Every string a user controls that reaches the script is quoted: run the script with the
    launchers and `module` stubbed, and check that nothing the values say was executed."""
    marker = tmp_path / "pwned"
    loaded = load_sweep(_hostile_sweep(tmp_path, marker))
    results = tmp_path / "results"
    ((pid, script),) = render_all(loaded, make_plan(loaded), results).items()
    bin_dir = tmp_path / "stubs"
    bin_dir.mkdir()
    calls = tmp_path / "calls.log"
    for name in ("srun", "mpirun", "ibrun", "module"):
        stub = bin_dir / name
        stub.write_text(f'#!/bin/bash\nprintf "%s\\n" "{name}" "$@" >> {calls}\n')
        stub.chmod(stub.stat().st_mode | stat.S_IEXEC)
    attempt = results.resolve() / "hostile" / pid / "attempt-1"
    attempt.mkdir(parents=True)
    path = tmp_path / "job.sh"
    path.write_text(script)
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "HOME": str(tmp_path)}
    proc = subprocess.run(["bash", str(path)], env=env, capture_output=True, text=True, timeout=60)
    assert not marker.exists(), "a value from the sweep was executed by the shell"
    assert proc.returncode == 0, proc.stderr
    logged = calls.read_text()
    bad = HOSTILE.format(marker=marker)
    assert bad in logged.splitlines()  # reached the launcher as one literal argument
    assert (attempt / "exit_code").read_text().strip() == "0"


def test_template_comment_changes_hash_not_point_ids(tmp_path):
    loaded = load_sweep(ROOT / "experiments/quickstart.yaml")
    ids = [p.id for p in make_plan(loaded)]
    copy = tmp_path / "clusters"
    copy.mkdir()
    for f in CLUSTERS.rglob("*"):
        if f.is_file():
            dest = copy / f.relative_to(CLUSTERS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(f.read_bytes())
    job = copy / "partials" / "prologue.sh.j2"  # a partial counts too
    job.write_text(
        job.read_text().replace(
            "# The exit code of this script", "# The exit status of this script"
        )
    )
    assert template_hash(loaded.profile, copy) != template_hash(loaded.profile)
    assert [p.id for p in make_plan(load_sweep(ROOT / "experiments/quickstart.yaml"))] == ids
    assert environment(copy).get_template("job.sh.j2")  # still renders


def test_missing_template_value_fails_at_render_time(tmp_path):
    import jinja2

    env = environment()
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("job.sh.j2").render({"scheduler": "local"})


def test_excluded_nodes_become_one_compressed_hostlist(tmp_path):
    sweep = tmp_path / "ex.yaml"
    sweep.write_text(
        "name: ex\ncluster: emulated\nmode: weak\nnodes: [1]\n"
        "trainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
        "slurm: {exclude_nodes: ['n3', 'n[1,4]']}\n"
    )
    from scalestudy.plan import make_plan
    from scalestudy.render import render_script
    from scalestudy.spec.sweep import load_sweep

    loaded = load_sweep(sweep)
    (point,) = make_plan(loaded)
    script = render_script(point, loaded.profile, tmp_path / "a", 1)
    assert "#SBATCH --exclude=n[1,3-4]\n" in script


def test_a_bad_hostlist_names_file_line_and_key(tmp_path, capsys):
    from scalestudy.cli import main

    sweep = tmp_path / "ex.yaml"
    sweep.write_text(
        "name: ex\ncluster: emulated\nmode: weak\nnodes: [1]\n"
        "trainer: {model: tiny, tokens_per_worker: 512, steps: 4}\n"
        "slurm:\n  exclude_nodes: ['n[3-1]']\n"
    )
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    assert f"{sweep}:7: slurm.exclude_nodes" in err and "not a Slurm hostlist" in err


def test_bind_none_maps_ranks_per_node_without_pinning(tmp_path):
    """Profile `bind: none` (emulated nodes sharing one host's cores): ppn ranks per node, no
    core binding, for mpirun and srun alike; ibrun pins through Intel MPI and refuses it."""
    from scalestudy.profiles import Profile, load_profile

    loaded = load_sweep(ROOT / "experiments/comm-emulated.yaml")
    assert loaded.profile.bind == "none"
    script = next(iter(render_all(loaded, make_plan(loaded), tmp_path).values()))
    assert "--map-by ppr:1:node --bind-to none" in script and "pe=" not in script
    pinned, _ = load_profile("emulated")
    assert pinned.bind == "cores"
    srun = Profile.model_validate(
        {**load_profile("emulated-srun")[0].model_dump(), "bind": "none", "name": "x"}
    )
    env = environment()
    line = env.get_template("launch/srun.sh.j2").render(
        nodes=2, workers=4, ppn=2, threads=1, bind=srun.bind, python="python3",
        workload_module="m", point_json="p.json",
    )  # fmt: skip
    assert "--cpu-bind=none" in line
    with pytest.raises(ValueError, match="bind: none is for mpirun and srun"):
        Profile.model_validate({**load_profile("stampede2-skx")[0].model_dump(), "bind": "none"})
