"""`scalestudy init [DIR]` (issue #34 item 1): a starter sweep and a profile to edit, copied from
what the package ships (or `profile detect`'s output), which validate as written, and never a
file overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scalestudy import profile_detect
from scalestudy.cli import main
from scalestudy.profile_detect import Answers

DATA = Path(__file__).parent / "data"
CHECKOUT = Path(__file__).resolve().parents[2]


def test_init_writes_a_sweep_and_its_profile_that_validate(tmp_path, capsys):
    folder = tmp_path / "study"
    assert main(["init", str(folder)]) == 0
    sweep = yaml.safe_load((folder / "sweep.yaml").read_text())
    shipped = yaml.safe_load((CHECKOUT / "experiments" / "quickstart.yaml").read_text())
    # the shipped experiment, its cluster now the profile copied beside it
    assert sweep == {**shipped, "cluster": "local.yaml"}
    assert (folder / "local.yaml").read_bytes() == (
        CHECKOUT / "templates" / "clusters" / "local.yaml"
    ).read_bytes()
    capsys.readouterr()
    assert main(["validate", str(folder / "sweep.yaml")]) == 0
    assert "ok (8 points on local)" in capsys.readouterr().out


def test_init_copies_the_profile_asked_for(tmp_path):
    assert main(["init", str(tmp_path), "--profile", "emulated-srun"]) == 0
    assert yaml.safe_load((tmp_path / "sweep.yaml").read_text())["cluster"] == (
        "emulated-srun.yaml"
    )
    assert yaml.safe_load((tmp_path / "emulated-srun.yaml").read_text())["name"] == (
        "emulated-srun"
    )


@pytest.mark.parametrize("existing", ["sweep.yaml", "local.yaml"])
def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path, capsys, existing):
    (tmp_path / existing).write_text("mine\n")
    assert main(["init", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"init never overwrites: {tmp_path / existing} exists" in err, err
    assert "hint: " in err
    assert (tmp_path / existing).read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [existing]  # the other not written


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--experiment", "nope"], "--experiment nope: not a shipped experiment"),
        (["--profile", "nope"], "--profile nope: not a shipped profile"),
        (["--partition", "x"], "--partition goes with --detect"),
    ],
)
def test_init_names_what_it_does_not_know(tmp_path, capsys, argv, said):
    assert main(["init", str(tmp_path / "d"), *argv]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_init_with_detect_writes_the_detected_profile(tmp_path, monkeypatch):
    answers = Answers(
        partitions=(DATA / "lc4-partitions.txt").read_text(),
        nodes=(DATA / "lc4-nodes.txt").read_text(),
        mpi_list=(DATA / "lc4-mpi-list.txt").read_text(),
        mpirun_version="mpirun (Open MPI) 4.1.4\n",
        ompi_info="MCA pmix: ext3x (MCA v2.1.0)\n",
        uid=0,
    )
    monkeypatch.setattr(profile_detect, "ask", lambda: answers)
    assert main(["init", str(tmp_path), "--detect", "--name", "lc4"]) == 0
    assert (tmp_path / "lc4.yaml").read_text() == profile_detect.detect(answers, None, "lc4")
    assert yaml.safe_load((tmp_path / "sweep.yaml").read_text())["cluster"] == "lc4.yaml"


@pytest.mark.parametrize(
    "experiment", sorted(p.stem for p in (CHECKOUT / "experiments").glob("*.yaml"))
)
def test_every_shipped_experiment_starts_and_validates(tmp_path, capsys, experiment):
    # an experiment whose profile is not a shipped one (network-shaped's sat in experiments/
    # profiles/) cannot be started by init
    folder = tmp_path / experiment
    assert main(["init", str(folder), "--experiment", experiment]) == 0
    capsys.readouterr()
    assert main(["validate", str(folder / "sweep.yaml")]) == 0, capsys.readouterr()
