"""The site's sbatch options (issue #33, item 3): each first-class `slurm:` key renders its
#SBATCH line, a profile's `slurm:` block gives the site's defaults under the sweep's keys (the
script names the lines that came from the profile), the pass-through `extra` list is checked
against sbatch's options (the sbatch on PATH, else the known list) with file:line, memory is
per node or per CPU but not both, values stay in the safe alphabet, `plan` fits against
`mem`, and a profile with site defaults plus pass-through options renders byte for byte as
tests/golden/sbatch/site-defaults.sh."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from scalestudy import sbatch_options
from scalestudy.cli import main
from scalestudy.plan import make_plan
from scalestudy.submit import render_all
from scalestudy.sweepfile.sweep import load_sweep

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "sbatch" / "site-defaults.sh"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
RESULTS = Path("/scratch/alice/results")  # rendering writes nothing there
PROFILE = (ROOT / "templates" / "clusters" / "slurm.yaml").read_text()

# a value of every first-class key, and the line it must give
SAMPLES = {
    "partition": ("normal", "--partition=normal"),
    "account": ("proj42", "--account=proj42"),
    "qos": ("high", "--qos=high"),
    "constraint": ("skx&ib", "--constraint=skx&ib"),
    "exclusive": (True, "--exclusive"),
    "reservation": ("study", "--reservation=study"),
    "mem": ("180G", "--mem=180G"),
    "mem_per_cpu": (2048, "--mem-per-cpu=2048"),
    "gres": ("gpu:4", "--gres=gpu:4"),
    "gpus_per_node": ("a100:4", "--gpus-per-node=a100:4"),
    "switches": ("1@30:00", "--switches=1@30:00"),
    "licenses": ("scratch:1,fluent@db:2", "--licenses=scratch:1,fluent@db:2"),
    "export": ("NONE", "--export=NONE"),
    "mail_type": ("END,FAIL", "--mail-type=END,FAIL"),
    "mail_user": ("alice@example.org", "--mail-user=alice@example.org"),
    "begin": ("now+1hour", "--begin=now+1hour"),
}


def _write(tmp_path: Path, sweep_slurm: dict | None = None, profile_slurm: str = "") -> Path:
    (tmp_path / "site.yaml").write_text(PROFILE + profile_slurm)
    sweep = {
        "name": "site",
        "cluster": "site.yaml",
        "mode": "weak",
        "nodes": [2],
        "ppn": 2,
        "time_limit": "00:10:00",
        "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 4},
    }
    if sweep_slurm is not None:
        sweep["slurm"] = sweep_slurm
    path = tmp_path / "sweep.yaml"
    path.write_text(yaml.safe_dump(sweep, sort_keys=False))
    return path


def _script(path: Path) -> str:
    loaded = load_sweep(path)
    (script,) = render_all(loaded, make_plan(loaded), RESULTS).values()
    return script


def _sbatch(script: str) -> list[str]:
    return [ln.removeprefix("#SBATCH ") for ln in script.splitlines() if ln.startswith("#SBATCH ")]


def _validate(path: Path, capsys) -> tuple[int, str]:
    code = main(["validate", str(path)])
    return code, capsys.readouterr().err


def _line(path: Path, needle: str) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)


def test_every_first_class_key_has_a_sample():
    assert set(SAMPLES) == {k.name for k in sbatch_options.FIRST_CLASS}


@pytest.mark.parametrize("key", sorted(SAMPLES))
def test_each_first_class_key_renders_its_sbatch_line(tmp_path, key):
    value, line = SAMPLES[key]
    lines = _sbatch(_script(_write(tmp_path, {key: value})))
    assert line in lines
    assert len({ln.split("=")[0] for ln in lines}) == len(lines), "an option given twice"


def test_profile_defaults_appear_and_a_sweep_key_overrides_them(tmp_path):
    profile = (
        "slurm:\n  account: site-acct\n  qos: normal\n  reservation: study\n"
        "  exclusive: false\n  mem: 120G\n  extra: ['--tmp=10G', '--nice=5']\n"
    )
    path = _write(tmp_path, {"qos": "high", "mem_per_cpu": "3G", "extra": ["--tmp=20G"]}, profile)
    script = _script(path)
    lines = _sbatch(script)
    assert "--account=site-acct" in lines and "--reservation=study" in lines
    assert "--qos=high" in lines and "--qos=normal" not in lines  # the sweep's wins
    assert "--exclusive" not in lines  # the profile's false, the sweep silent
    # a sweep's memory key replaces the profile's memory choice: Slurm takes one
    assert "--mem-per-cpu=3G" in lines and not any(ln.startswith("--mem=") for ln in lines)
    assert "--tmp=20G" in lines and "--tmp=10G" not in lines and "--nice=5" in lines
    # where the lines came from: a comment before the #SBATCH block (sbatch reads past it)
    head = script.splitlines()
    note = "# from the profile's slurm: defaults (a sweep key wins): --account --reservation --nice"
    assert head[1] == note and head[2].startswith("#SBATCH --job-name=")
    # the sweep writing exclusive: true wins over the profile's false
    assert "--exclusive" in _sbatch(_script(_write(tmp_path, {"exclusive": True}, profile)))


def test_a_profile_partition_default_is_one_of_its_partitions(tmp_path, capsys):
    path = _write(tmp_path, None, "slurm:\n  partition: normal\n")
    assert "--partition=normal" in _sbatch(_script(path))
    assert "--partition" in _script(path).splitlines()[1]  # named as the profile's
    path = _write(tmp_path, None, "slurm:\n  partition: huge\n")
    code, err = _validate(path, capsys)
    profile = tmp_path / "site.yaml"
    assert code == 2 and f"{profile}:{_line(profile, 'huge')}: slurm.partition" in err


def test_pass_through_accepted_and_refused_with_file_line(tmp_path, capsys):
    path = _write(tmp_path, {"extra": ["--tmp=10G", "--acount=x", "--nodes=4", "--mem=3G"]})
    code, err = _validate(path, capsys)
    assert code == 2
    refused = [
        ("--acount", "did you mean --account?"),
        ("--nodes", "the harness's"),
        ("--mem=", "its own key: slurm.mem"),
    ]
    for i, (needle, word) in enumerate(refused):
        at = f"{path}:{_line(path, needle)}: slurm.extra.{i + 1}: "
        assert at in err and word in err.split(at)[1].splitlines()[0]
    assert "extra.0" not in err
    assert "--tmp=10G" in _sbatch(_script(_write(tmp_path, {"extra": ["--tmp=10G"]})))


def test_pass_through_without_sbatch_uses_the_known_list(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    sbatch_options.known_options.cache_clear()
    try:
        known, source = sbatch_options.known_options()
        assert known == sbatch_options.KNOWN and "no sbatch on PATH" in source
        assert sbatch_options.extra_problem("--wckey=w") is None
        problem = sbatch_options.extra_problem("--reservaton=r") or ""
        assert "no sbatch on PATH" in problem and "--reservation" in problem
        path = _write(tmp_path, {"extra": ["--gres-flag=enforce-binding"]})
        code, err = _validate(path, capsys)
        assert code == 2 and f"{path}:{_line(path, '--gres-flag')}: slurm.extra.0" in err
        assert "did you mean --gres-flags?" in err
    finally:
        sbatch_options.known_options.cache_clear()


def test_with_sbatch_on_path_its_own_options_decide():
    sbatch_options.known_options.cache_clear()
    known, source = sbatch_options.known_options()
    if "Slurm 22.05" in source:
        pytest.skip(f"no working sbatch here: {source}")
    assert "sbatch --help" in source and {"tmp", "wckey", "mem", "gres"} <= known


def test_mem_and_mem_per_cpu_refused_together(tmp_path, capsys):
    path = _write(tmp_path, {"mem": "100G", "mem_per_cpu": "2G"})
    code, err = _validate(path, capsys)
    assert code == 2
    assert f"{path}:{_line(path, 'mem_per_cpu')}: slurm.mem_per_cpu: give mem" in err
    path = _write(tmp_path, None, "slurm:\n  mem: 100G\n  mem_per_cpu: 2G\n")
    code, err = _validate(path, capsys)
    profile = tmp_path / "site.yaml"
    assert code == 2 and f"{profile}:{_line(profile, 'mem_per_cpu')}: slurm.mem_per_cpu" in err


@pytest.mark.parametrize(
    ("slurm", "key"),
    [
        ({"account": "x; touch /tmp/pwned"}, "slurm.account"),
        ({"reservation": "a\n#SBATCH --uid=0"}, "slurm.reservation"),
        ({"mem": "$(reboot)"}, "slurm.mem"),
        ({"extra": ["--comment=$(touch /tmp/pwned)"]}, "slurm.extra.0"),
        ({"extra": ["--tmp=10G\n"]}, "slurm.extra.0"),
        ({"extra": ["--tmp=10G --uid=0"]}, "slurm.extra.0"),
    ],
)
def test_a_hostile_value_is_refused(tmp_path, capsys, slurm, key):
    path = _write(tmp_path, slurm)
    code, err = _validate(path, capsys)
    assert code == 2 and f": {key}: " in err, err


def test_plan_fits_against_mem_when_given(tmp_path):
    def per_node(slurm: dict | None, profile: str = "") -> float:
        (point,) = make_plan(load_sweep(_write(tmp_path, slurm, profile)))
        return point.node_memory_bytes

    assert per_node(None) == 128e9  # the profile's memory_gb
    assert per_node({"mem": "100G"}) == 100 * 2**30
    assert per_node({"mem_per_cpu": "2G"}) == 2 * 2**30 * 2  # ppn 2 x 1 thread
    assert per_node(None, "slurm:\n  mem: 64000\n") == 64000 * 2**20
    (point,) = make_plan(load_sweep(_write(tmp_path, {"mem": "1M"})))
    assert not point.fits


def test_golden_site_defaults_with_pass_through(tmp_path):
    profile = (
        "slurm:\n  account: proj42\n  qos: normal\n  partition: normal\n  reservation: study\n"
        "  constraint: 'skx&ib'\n  exclusive: true\n  mem: 120G\n  export: NONE\n"
        "  extra: ['--tmp=10G', '--wckey=scaling', '--gres-flags=enforce-binding']\n"
    )
    sweep = {
        "qos": "high",
        "switches": "1@30:00",
        "mail_type": "END,FAIL",
        "mail_user": "alice@example.org",
        "extra": ["--wckey=study33", "--nice=10"],
    }
    script = _script(_write(tmp_path, sweep, profile))
    if UPDATE:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(script)
    assert GOLDEN.exists(), f"no golden {GOLDEN}: UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert script == GOLDEN.read_text(), (
        f"the script differs from {GOLDEN}; if intended: UPDATE_GOLDEN=1 python -m pytest "
        "tests/unit/test_sbatch_options.py and review git diff"
    )
    assert not re.search(r"\{\{|\{%|\}\}", script)


@pytest.mark.parametrize(
    ("slurm", "key", "example"),
    [
        ({"mem": "180GB"}, "slurm.mem", "memory per node (e.g. `180G`"),
        ({"switches": "1@abc"}, "slurm.switches", "leaf switches, optionally `@` the longest"),
        ({"mem": "180G\n"}, "slurm.mem", "memory per node"),  # no line after the #SBATCH one
    ],
)
def test_a_malformed_value_is_said_with_its_meaning_and_an_example(
    tmp_path, capsys, slurm, key, example
):
    # issue #46 item 6: `mem: 180GB` and a malformed `switches` printed a bare regex
    code, err = _validate(_write(tmp_path, slurm), capsys)
    assert code == 2 and f": {key}: {slurm[key.split('.')[1]]!r} is not a value it takes (" in err
    assert example in err and "pattern" not in err and "^" not in err, err
