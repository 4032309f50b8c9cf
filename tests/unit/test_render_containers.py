"""A profile's `container:` (issue #27): the job script of each runtime byte for byte
(tests/golden/containers/<runtime>.sh), the launch line's order (the host's launcher, then
the runtime around the workload), user values inert, and an incomplete block refused by
`validate` with file:line:key."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
import yaml

from scalestudy import containers
from scalestudy.cli import main
from scalestudy.plan import make_plan
from scalestudy.profiles import Container, load_profile
from scalestudy.submit import render_all
from scalestudy.sweepfile.sweep import load_sweep

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "containers"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
CHECKOUT = Path("/checkout/scalestudy")  # a fixed checkout, so goldens compare across machines
RESULTS = Path("/scratch/alice/results")  # rendering writes nothing there

CONTAINERS = {
    "apptainer": {
        "runtime": "apptainer",
        "image": "/images/scalestudy tf2.15.sif",  # a space: quoted in the script
        "mounts": ["/scratch/data:/data"],
        "env": ["TF_CPP_MIN_LOG_LEVEL=2", "NOTE=$(touch /tmp/pwned) 'x'"],
        "python": "/opt/venv/bin/python",
    },
    "singularity": {
        "runtime": "singularity",
        "image": "/images/scalestudy.sif",
        "mounts": ["/scratch/data:/data"],
        "env": ["TF_CPP_MIN_LOG_LEVEL=2"],
    },
    "charliecloud": {
        "runtime": "charliecloud",
        "image": "/var/tmp/scalestudy-image",
        "mounts": ["/scratch/data:/data"],
        "env": ["TF_CPP_MIN_LOG_LEVEL=2"],
        "python": "/opt/venv/bin/python",
    },
    "pyxis": {
        "runtime": "pyxis",
        "image": "nvcr.io#nvidia/tensorflow:23.03-tf2-py3",
        "mounts": ["/scratch/data:/data", "/scratch/ckpt"],
        "env": ["TF_CPP_MIN_LOG_LEVEL=2", "NOTE=$(touch /tmp/pwned) 'x'"],
    },
}
LAUNCHER = {"pyxis": "srun"}  # the others under the emulated profile's mpirun


def _sweep(tmp_path: Path, runtime: str, container: dict) -> Path:
    profile = load_profile("emulated")[0].model_dump()
    profile.update(name=f"emu-{runtime}", launcher=LAUNCHER.get(runtime, "mpirun"))
    profile["container"] = container
    (tmp_path / "profile.yaml").write_text(yaml.safe_dump(profile, sort_keys=False))
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(
        yaml.safe_dump(
            {
                "name": f"ct-{runtime}",
                "cluster": "profile.yaml",
                "mode": "weak",
                "nodes": [2],
                "ppn": 2,
                "time_limit": "00:10:00",
                "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 4},
            },
            sort_keys=False,
        )
    )
    return sweep


def _render(tmp_path: Path, runtime: str, monkeypatch) -> str:
    monkeypatch.setattr(containers, "CHECKOUT", CHECKOUT)
    loaded = load_sweep(_sweep(tmp_path, runtime, CONTAINERS[runtime]))
    (script,) = render_all(loaded, make_plan(loaded), RESULTS).values()
    return script


def _launch_argv(script: str) -> list[str]:
    """The launch line (continuations joined), as the shell will split it."""
    text = script.replace("\\\n", " ")
    (line,) = [ln for ln in text.splitlines() if " -m scalestudy.trainer " in ln]
    return shlex.split(line.rstrip(" &"))


@pytest.mark.parametrize("runtime", sorted(CONTAINERS))
def test_golden_job_script_of_each_runtime(tmp_path, monkeypatch, runtime):
    script = _render(tmp_path, runtime, monkeypatch)
    path = GOLDEN / f"{runtime}.sh"
    if UPDATE:
        path.write_text(script)
    assert path.exists(), f"no golden {path}: UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert script == path.read_text(), (
        f"{runtime}'s script differs from {path}; if intended: UPDATE_GOLDEN=1 "
        "python -m pytest tests/unit/test_render_containers.py and review git diff"
    )


@pytest.mark.parametrize("runtime", sorted(CONTAINERS))
def test_the_hosts_launcher_starts_the_runtime_around_the_workload(tmp_path, monkeypatch, runtime):
    c = CONTAINERS[runtime]
    argv = _launch_argv(_render(tmp_path, runtime, monkeypatch))
    python = c.get("python", "python3")
    tail = [python, "-m", "scalestudy.trainer", "--config"]
    at = argv.index(python)
    assert argv[at : at + 4] == tail
    env = [*c["env"], f"PYTHONPATH={CHECKOUT}"]
    if runtime == "pyxis":
        assert argv[0] == "srun" and argv[at - 4].startswith("--cpu-bind=")
        assert argv[at - 3 : at] == [
            f"--container-image={c['image']}",
            "--container-mounts=/scratch/data:/data,/scratch/ckpt:/scratch/ckpt,"
            f"{CHECKOUT}:{CHECKOUT},{RESULTS}/ct-pyxis:{RESULTS}/ct-pyxis",
            "--container-env=TF_CPP_MIN_LOG_LEVEL,NOTE,PYTHONPATH",
        ]
        return
    assert argv[0] == "mpirun"
    start = argv.index(containers.binary(Container(**c)))
    wrapped = argv[start:at]
    if runtime == "charliecloud":
        # ch-run binds onto folders the image has: the checkout's and results' top folders
        assert wrapped == [
            "ch-run",
            *("-b", "/scratch/data:/data", "-b", "/checkout", "-b", "/scratch"),
            *(f"--set-env={e}" for e in env),
            c["image"],
            "--",
        ]
    else:
        binds = ["/scratch/data:/data", str(CHECKOUT), f"{RESULTS}/ct-{runtime}"]
        assert wrapped == [
            runtime,
            "exec",
            *(x for b in binds for x in ("--bind", b)),
            *(x for e in env for x in ("--env", e)),
            c["image"],
        ]


def test_pyxis_env_values_are_exported_quoted_for_srun(tmp_path, monkeypatch):
    script = _render(tmp_path, "pyxis", monkeypatch)
    assert "export NOTE=''\"'\"'$(touch /tmp/pwned)" not in script  # a sanity check of shlex
    assert f"export NOTE={shlex.quote(CONTAINERS['pyxis']['env'][1].partition('=')[2])}" in script
    assert "export TF_CPP_MIN_LOG_LEVEL=2" in script


def test_charliecloud_jobs_set_user(tmp_path, monkeypatch):
    script = _render(tmp_path, "charliecloud", monkeypatch)
    assert 'export USER="${USER:-$(id -un)}"' in script
    (tmp_path / "a").mkdir()
    assert "USER" not in _render(tmp_path / "a", "apptainer", monkeypatch)


def _profile_error(tmp_path, capsys, container_yaml: str) -> tuple[int, str, str]:
    profile = (ROOT / "templates/clusters/emulated.yaml").read_text() + container_yaml
    (tmp_path / "mine.yaml").write_text(profile)
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(
        "name: s\ncluster: mine.yaml\nmode: weak\nnodes: [1]\nppn: 1\n"
        "trainer: {model: tiny, tokens_per_worker: 512}\n"
    )
    code = main(["validate", str(sweep)])
    return code, capsys.readouterr().err, profile


def _line(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


@pytest.mark.parametrize(
    ("block", "key", "needle", "word"),
    [
        ("container:\n  runtime: apptainer\n", "container.image", "runtime:", "missing"),
        (
            "container:\n  runtime: docker\n  image: /i.sif\n",
            "container.runtime",
            "docker",
            "pyxis",
        ),
        ("container:\n  runtime: pyxis\n  image: x\n", "container.runtime", "pyxis", "srun"),
        (
            "container:\n  runtime: apptainer\n  image: i.sif\n",
            "container.image",
            "i.sif",
            "absolute",
        ),
        (
            "container:\n  runtime: charliecloud\n  image: /i\n  mounts: [data]\n",
            "container.mounts",
            "mounts",
            "absolute",
        ),
        (
            "container:\n  runtime: charliecloud\n  image: /i\n  env: [NOVALUE]\n",
            "container.env",
            "env: [NOVALUE]",
            "NAME=VALUE",
        ),
        ("container:\n  runtime: charliecloud\n  imgae: /i\n", "container.imgae", "imgae", "image"),
    ],
)
def test_an_incomplete_container_block_is_refused_with_file_line_key(
    tmp_path, capsys, block, key, needle, word
):
    code, err, profile = _profile_error(tmp_path, capsys, block)
    assert code == 2, err
    line = _line(profile, needle)
    # missing image: said at the container mapping's line (its nearest key in the file)
    if key == "container.image" and word == "missing":
        line = _line(profile, "container:")
    match = re.search(rf"mine\.yaml:(\d+): {re.escape(key)}: (.*)", err)
    assert match, err
    assert int(match.group(1)) == line, err
    assert word in match.group(2), err
