"""Time and cost in the open (issue #33, item 5): `plan` shows each job's walltime (a bundle's
`--time` is its runs x time_limit) against the partition's MaxTime, counts the node-hours of
what will run, and lists the points excluded as out of memory apart; a time limit beyond
MaxTime is refused at file:line."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from scalestudy.cli import main
from scalestudy.plan import slurm_time

ROOT = Path(__file__).resolve().parents[2]
WEAK_128 = ROOT / "tests" / "unit" / "data" / "weak-128.yaml"
PROFILE = ROOT / "templates" / "clusters" / "stampede2-skx.yaml"


def _hours(limit: str) -> float:
    """sbatch's --time (D-HH:MM:SS, HH:MM:SS, MM:SS, MM), read here on its own."""
    days, _, clock = limit.rpartition("-")
    parts = [int(x) for x in clock.split(":")]
    if days:
        parts += [0] * (3 - len(parts))
        h, m, s = parts
    elif len(parts) == 3:
        h, m, s = parts
    elif len(parts) == 2:
        h, (m, s) = 0, parts
    else:
        h, m, s = 0, parts[0], 0
    return int(days or 0) * 24 + h + m / 60 + s / 3600


def _sbatch(script: str, option: str) -> str:
    [value] = re.findall(rf"^#SBATCH --{option}=(\S+)$", script, re.M)
    return value


def test_plan_node_hours_are_what_the_rendered_scripts_ask_for(tmp_path, capsys):
    out_dir = tmp_path / "rendered"
    args = ["--results", str(tmp_path / "results")]
    assert main(["render", str(WEAK_128), "--out", str(out_dir), *args]) == 0
    scripts = sorted(out_dir.glob("*.sh"))
    asked = sum(
        int(_sbatch(s.read_text(), "nodes")) * _hours(_sbatch(s.read_text(), "time"))
        for s in scripts
    )
    capsys.readouterr()
    assert main(["plan", str(WEAK_128), *args]) == 0
    out = capsys.readouterr().out
    found = re.search(r"requested node-hours \(.*?\): ([\d,.]+)", out)
    assert found, out
    assert float(found.group(1).replace(",", "")) == asked == 858.0  # it said 1,530 before
    # every job's walltime is shown: a bundle's is its runs x 45 minutes
    for s in scripts:
        text = s.read_text()
        runs = int(re.search(r": (\d+) runs$", text, re.M).group(1))
        assert _hours(_sbatch(text, "time")) == runs * 0.75
        assert re.search(rf"^{s.stem} .* {runs} +{_sbatch(text, 'time')} +skx-normal ", out, re.M)
    # the points predicted not to fit are listed apart, with what they would cost
    excluded = re.findall(r"n0(?:032|064|128)-p4-\w+-a\d-r\d", out.split("excluded")[-1])
    assert len(excluded) == 12
    assert "they would add 672.0 node-hours" in out  # (32 + 64 + 128) x 4 x 0.75


def _site(tmp_path: Path, max_time: str) -> Path:
    profile = yaml.safe_load(PROFILE.read_text())
    for p in profile["partitions"]:
        p["max_time"] = max_time
    path = tmp_path / "site.yaml"
    path.write_text(yaml.safe_dump(profile))
    return path


def _sweep(tmp_path: Path, **keys) -> Path:
    text = WEAK_128.read_text().replace("cluster: stampede2-skx", "cluster: site.yaml")
    data = {**yaml.safe_load(text), **keys}
    path = tmp_path / "sweep.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_a_time_limit_beyond_maxtime_is_refused_at_its_line(tmp_path, capsys):
    _site(tmp_path, "2-00:00:00")
    sweep = _sweep(tmp_path, time_limit="3-00:00:00", schedule="separate", allocations=None)
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    line = next(i + 1 for i, t in enumerate(sweep.read_text().splitlines()) if "time_limit" in t)
    assert f"{sweep}:{line}: time_limit: 3-00:00:00 is beyond partition skx-normal's " in err
    assert "MaxTime 2-00:00:00" in err and "Traceback" not in err


def test_a_bundle_beyond_maxtime_is_refused_with_the_time_limit_that_fits(tmp_path, capsys):
    # 45 minutes a run is within 2 hours; a bundle of 4 runs (3 h) is not
    _site(tmp_path, "02:00:00")
    sweep = _sweep(tmp_path)
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    assert "a bundle runs its 4 runs in one job: 4 x 00:45:00 = 03:00:00" in err
    assert "give time_limit at most 00:30:00" in err
    assert main(["validate", str(_sweep(tmp_path, time_limit="00:30:00"))]) == 0
    assert main(["plan", str(_sweep(tmp_path, time_limit="00:30:00"))]) == 0
    out = capsys.readouterr().out
    assert re.search(r"  4  02:00:00  skx-normal  02:00:00 ", out)
    assert "EXCEEDED" not in out


def test_slurm_time_rounds_up_and_counts_days():
    assert slurm_time(45) == "00:45:00" and slurm_time(4 * 45) == "03:00:00"
    assert slurm_time(0.5) == "00:00:30" and slurm_time(10 / 60 + 1e-9) == "00:00:10"
    assert slurm_time(1 / 7) == "00:00:09"  # 8.57 s asked: never shortened
    assert slurm_time(27 * 60) == "1-03:00:00"


# -- multi-day Slurm times with non-zero hours (issue #44, point 7) ------------------------------


def test_multi_day_time_limits_with_hours_are_read_to_the_second():
    from scalestudy.sbatch_options import time_limit_minutes

    # by hand: D x 1440 + HH x 60 + MM + SS / 60
    assert time_limit_minutes("2-12:30:15") == 2 * 1440 + 12 * 60 + 30 + 15 / 60
    assert time_limit_minutes("1-06") == 1440 + 6 * 60  # D-HH
    assert time_limit_minutes("3-04:05") == 3 * 1440 + 4 * 60 + 5  # D-HH:MM
    assert time_limit_minutes("10-23:59:59") == 10 * 1440 + 23 * 60 + 59 + 59 / 60
    assert _hours("2-12:30:15") == (2 * 86400 + 12 * 3600 + 30 * 60 + 15) / 3600
    for text in ("2-12:30:15", "1-06:00:00", "10-23:59:59"):
        assert slurm_time(time_limit_minutes(text)) == text  # the plan writes it back
    assert slurm_time(2 * 1440 + 12 * 60 + 30.25) == "2-12:30:15"


def test_a_time_limit_hours_past_a_multi_day_maxtime_is_refused(tmp_path, capsys):
    # MaxTime 1 day 12 hours: 1-13:00:00 is an hour beyond it, 1-11:00:00 within
    _site(tmp_path, "1-12:00:00")
    sweep = _sweep(tmp_path, time_limit="1-13:00:00", schedule="separate", allocations=None)
    assert main(["validate", str(sweep)]) == 2
    err = capsys.readouterr().err
    assert "time_limit: 1-13:00:00 is beyond partition skx-normal's" in err
    assert "MaxTime 1-12:00:00" in err and "Traceback" not in err
    within = _sweep(tmp_path, time_limit="1-11:00:00", schedule="separate", allocations=None)
    assert main(["validate", str(within)]) == 0


def test_render_writes_exactly_the_jobs_plan_lists_and_submit_runs(tmp_path, capsys):
    # issue #46 item 4: schedule separate, the 6 sparse points from 32 nodes on predicted not
    # to fit: render wrote them too (32 scripts for 26 jobs); now the scripts are the plan's
    # jobs, one each, and --allow-oom adds exactly the points plan lists apart
    _site(tmp_path, "2-00:00:00")
    sweep = _sweep(tmp_path, schedule="separate", allocations=None)
    args = ["--results", str(tmp_path / "results")]
    assert main(["plan", str(sweep), *args]) == 0
    out = capsys.readouterr().out
    planned = set(re.findall(r"^(n\d{4}-p4-\w+-r\d) .* yes +00:45:00$", out, re.M))
    excluded = set(re.findall(r"n\d{4}-p4-\w+-r\d", out.split("excluded")[-1]))
    assert "26 job(s)" in out and len(planned) == 26 and len(excluded) == 6, out
    assert main(["render", str(sweep), "--out", str(tmp_path / "r"), *args]) == 0
    assert {s.stem for s in (tmp_path / "r").glob("*.sh")} == planned
    assert main(["render", str(sweep), "--out", str(tmp_path / "all"), "--allow-oom", *args]) == 0
    assert {s.stem for s in (tmp_path / "all").glob("*.sh")} == planned | excluded


def _queues(folder: Path, name: str, **partitions: tuple[int, str]) -> None:
    """The emulated profile as `name`.yaml in folder, with these partitions (max_nodes,
    max_time) in the order given."""
    base = yaml.safe_load((ROOT / "templates" / "clusters" / "emulated.yaml").read_text())
    rows = [{"name": k, "max_nodes": n, "max_time": t} for k, (n, t) in partitions.items()]
    base.update(name=name, partitions=rows)
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(base))


def test_the_partition_chosen_takes_the_jobs_time_and_render_agrees(tmp_path, capsys):
    """A site's short queue (2 nodes, MaxTime 10 min) beside its default (4 nodes, 4 h), as the
    tests' site cluster has them: a 2-node job of 5 min goes to short; one of 20 min, or a
    bundle of 2 x 10 min, to debug, where the plan's MaxTime check and the script agree (it
    chose short by the nodes alone and refused the bundle, seen on the site cluster)."""
    _queues(tmp_path, "site-queues", debug=(4, "04:00:00"), short=(2, "00:10:00"))
    chosen = {}
    for case, keys in {
        "fits": {"time_limit": "00:05:00"},
        "long": {"time_limit": "00:20:00"},
        "bundle": {"time_limit": "00:10:00", "schedule": "bundled", "allocations": 1,
                   "repeats": 2},
    }.items():  # fmt: skip
        sweep = {
            "name": case,
            "cluster": "site-queues.yaml",
            "mode": "weak",
            "nodes": [2],
            "trainer": {"model": "tiny", "steps": 4, "tokens_per_worker": 512},
            **keys,
        }
        path = tmp_path / f"{case}.yaml"
        path.write_text(yaml.safe_dump(sweep))
        out = tmp_path / f"rendered-{case}"
        args = ["--results", str(tmp_path / "results")]
        assert main(["render", str(path), "--out", str(out), *args]) == 0, capsys.readouterr()
        chosen[case] = {_sbatch(s.read_text(), "partition") for s in out.rglob("*.sh")}
        assert main(["plan", str(path), *args]) == 0, capsys.readouterr()
    assert chosen == {"fits": {"short"}, "long": {"debug"}, "bundle": {"debug"}}


def test_each_job_gets_its_own_node_counts_partition_and_its_repeats_the_same(tmp_path):
    """jobs_of works out a partition once per (settings, nodes, minutes): three node counts,
    three partitions, and a point's repeats all in its own."""
    from scalestudy.plan import jobs_of, make_plan
    from scalestudy.sweepfile.sweep import load_sweep

    hours = "04:00:00"
    _queues(tmp_path, "three-queues", wide=(4, hours), one=(1, hours), two=(2, hours))
    sweep = {
        "name": "queues",
        "cluster": "three-queues.yaml",
        "mode": "weak",
        "nodes": [1, 2, 4],
        "repeats": 3,
        "time_limit": "00:05:00",
        "trainer": {"model": "tiny", "steps": 4, "tokens_per_worker": 512},
    }
    path = tmp_path / "queues.yaml"
    path.write_text(yaml.safe_dump(sweep))
    loaded = load_sweep(path)
    jobs = jobs_of(loaded, make_plan(loaded), bundles_are_jobs=True)
    assert len(jobs) == 9
    assert {(j.nodes, j.partition) for j in jobs} == {(1, "one"), (2, "two"), (4, "wide")}
