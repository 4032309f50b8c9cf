"""Command-line options that cannot work as given: exit 2 with a message, no traceback (a bug:
exit 4 with its traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scalestudy.cli import main

QUICKSTART = "experiments/quickstart.yaml"


@pytest.mark.parametrize("verb", ["status", "submit"])
def test_poll_interval_below_the_polite_minimum_is_refused(verb, tmp_path, capsys):
    extra = ["--executor", "slurm"] if verb == "submit" else []
    argv = [verb, QUICKSTART, "--results", str(tmp_path), "--watch", "--interval", "1", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--interval 1" in err and "at least 5 s" in err
    assert not (tmp_path / "quickstart").exists()  # nothing was submitted


def test_a_bug_exits_4_with_its_traceback_not_1(monkeypatch, capsys):
    """1 is a negative verdict, which CI gates on: a crash must not read as one."""
    import scalestudy.plan

    def crash(loaded):
        raise RuntimeError("a bug")

    monkeypatch.setattr(scalestudy.plan, "make_plan", crash)
    assert main(["validate", QUICKSTART]) == 4
    err = capsys.readouterr().err
    assert "Traceback" in err and "RuntimeError: a bug" in err


def test_submit_watch_needs_the_slurm_executor(tmp_path, capsys):
    assert main(["submit", QUICKSTART, "--results", str(tmp_path), "--watch"]) == 2
    assert "--executor slurm" in capsys.readouterr().err
    assert not (tmp_path / "quickstart").exists()


def test_status_of_a_sweep_never_submitted(tmp_path, capsys):
    assert main(["status", QUICKSTART, "--results", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count(" planned") == 8 and "planned: 8" in out


def test_status_watch_without_a_terminal_prints_blocks_and_stops_when_settled(tmp_path, capsys):
    """Piped (no TTY): one timestamped block per refresh; a sweep with nothing queued or
    running is settled at once, so the watch ends without sleeping."""
    argv = ["status", QUICKSTART, "--results", str(tmp_path), "--watch", "--interval", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("--- ") and "quickstart on local" in out.splitlines()[0]
    assert out.count("--- ") == 1 and "planned: 8" in out


def _submitted(results, name: str, sweep_file: str, mtime: float) -> Path:
    from support import manifest

    from scalestudy.formats.manifest import Attempt

    folder = results / name
    folder.mkdir(parents=True)
    attempt = Attempt(state="cancelled", submitted_at=mtime, folder="x", executor="local")
    return manifest.write(folder, manifest.made({"x": [attempt]}, sweep_file=sweep_file))


def test_a_sweep_whose_manifest_has_a_damaged_key_is_said_not_skipped(tmp_path, capsys):
    """Found by name or as the newest: a manifest that reads but has a wrong key is named with
    its key on stderr (skipped in silence before, or called 'not a submitted sweep')."""
    from scalestudy.cli import main

    results = tmp_path / "results"
    quick = str(Path("experiments/quickstart.yaml").resolve())
    comm = str(Path("experiments/comm-emulated.yaml").resolve())
    _submitted(results, "quickstart", quick, 1000.0)
    path = _submitted(results, "comm-emulated", comm, 2000.0)  # the newest
    path.write_text(path.read_text().replace('"sweep_file"', '"sweep_flie"'))
    key = f"{path}: key sweep_flie: Object contains unknown field `sweep_flie`"
    assert main(["status", "--results", str(results)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {key}" in err and "hint: fix that key by hand" in err, err
    assert "sweep quickstart (the only one under" in err  # the only readable one, said so
    assert main(["status", "comm-emulated", "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert key in err and "Traceback" not in err and "neither a sweep file" not in err, err
    assert "then name its sweep file" in err, err


def test_status_collect_and_report_without_a_sweep_act_on_the_only_or_newest_one(tmp_path, capsys):
    from scalestudy.cli import main

    results = tmp_path / "results"
    assert main(["status", "--results", str(results)]) == 2
    assert "no submitted sweep under" in capsys.readouterr().err
    quick = str(Path("experiments/quickstart.yaml").resolve())
    _submitted(results, "quickstart", quick, 1000.0)
    assert main(["status", "--results", str(results)]) == 0
    captured = capsys.readouterr()
    assert "sweep quickstart (the only one under" in captured.err
    assert "n0001" in captured.out  # the quickstart's points
    for verb in ("collect", "report"):
        assert main([verb, "--results", str(results)]) == 0
        assert "sweep quickstart (the only one under" in capsys.readouterr().err
    assert (results / "quickstart" / "results.csv").exists()
    assert (results / "quickstart" / "report" / "summary.md").exists()
    comm = str(Path("experiments/comm-emulated.yaml").resolve())
    _submitted(results, "comm-emulated", comm, 2000.0)
    assert main(["status", "--results", str(results)]) == 0
    err = capsys.readouterr().err
    assert "sweep comm-emulated, the newest of 2" in err and "others: quickstart" in err
    for verb in ("collect", "report"):
        assert main([verb, "--results", str(results)]) == 0
        err = capsys.readouterr().err
        assert "sweep comm-emulated, the newest of 2" in err and "others: quickstart" in err
    assert (results / "comm-emulated" / "report" / "summary.md").exists()
    # a submitted sweep's name works wherever a sweep file does
    assert main(["plan", "quickstart", "--results", str(results)]) == 0
    assert "n0002" in capsys.readouterr().out
    assert main(["status", "nosuch", "--results", str(results)]) == 2
    assert "neither a sweep file nor a submitted sweep" in capsys.readouterr().err


def _complete(line: str, cwd: Path, tmp_path: Path) -> list[str]:
    """What the shell would be offered for `line` (argcomplete's protocol, as bash calls it)."""
    import os
    import subprocess
    import sys

    out = tmp_path / "completions"
    env = {
        **os.environ,
        "_ARGCOMPLETE": "1",
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
        "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
        "_ARGCOMPLETE_IFS": "\n",
    }
    r = subprocess.run(
        [sys.executable, "-m", "scalestudy.cli"], env=env, cwd=cwd, capture_output=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    return [c.strip() for c in out.read_text().splitlines()]


def test_the_shell_completes_verbs_options_sweep_files_and_names(tmp_path):
    repo = Path(__file__).resolve().parents[2]
    assert _complete("scalestudy st", repo, tmp_path) == ["status"]
    assert "--retry-failed" in _complete("scalestudy submit x --re", repo, tmp_path)
    assert QUICKSTART in _complete("scalestudy submit experiments/q", repo, tmp_path)
    (tmp_path / "results" / "mysweep").mkdir(parents=True)
    (tmp_path / "results" / "mysweep" / "manifest.json").write_text("{}")
    assert _complete("scalestudy status my", tmp_path, tmp_path) == ["mysweep"]


@pytest.mark.parametrize("seconds", ["0", "600.5", "-1"])
def test_doctor_peak_seconds_outside_the_workloads_bounds_is_refused(seconds, tmp_path, capsys):
    """doctor's --peak-seconds sets the peak workload's peak_seconds: the bounds are the
    key's own (workloads/table.py), said with the option's name, exit 2, before any job."""
    argv = ["doctor", "local", "--results", str(tmp_path), "--peak-seconds", seconds]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--peak-seconds must be above 0 and at most 600" in err, err
    assert not (tmp_path / "doctor").exists()
