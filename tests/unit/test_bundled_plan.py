"""schedule: bundled: points per allocation, bundles per (nodes, allocation), a recorded random
order, and one script that runs the bundle's points in that order."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

from scalestudy.cli import main
from scalestudy.plan import make_bundles, make_plan
from scalestudy.render import render_bundle
from scalestudy.spec.sweep import load_sweep

SWEEP = {
    "name": "bund",
    "cluster": "emulated",
    "mode": "weak",
    "nodes": [1, 2],
    "repeats": 3,
    "schedule": "bundled",
    "allocations": 2,
    "time_limit": "00:10:00",
    "trainer": {"model": "tiny", "tokens_per_worker": 512, "steps": 6, "timing_warmup_steps": 2},
    "matrix": {"trainer.sparse_as_dense": [False, True]},
}


def _load(tmp_path: Path, **changes):
    path = tmp_path / "bund.yaml"
    path.write_text(yaml.safe_dump({**SWEEP, **changes}))
    return load_sweep(path)


def test_two_variants_three_repeats_two_node_counts_two_allocations_make_four_bundles(tmp_path):
    points = make_plan(_load(tmp_path))
    assert len(points) == 24 and len({p.id for p in points}) == 24
    assert {p.id.rsplit("-", 2)[-2] for p in points} == {"a0", "a1"}
    bundles = make_bundles(points)
    assert len(bundles) == 4
    for b in bundles:
        assert len(b.members) == 6
        assert {m.nodes for m in b.members} == {b.nodes}
        assert {m.allocation for m in b.members} == {b.allocation}
        assert len({m.config.sparse_as_dense for m in b.members}) == 2
    # the order is random but reproducible, and differs between allocations
    again = make_bundles(list(reversed(points)))
    assert [[m.id for m in b.members] for b in again] == [
        [m.id for m in b.members] for b in bundles
    ]


def test_separate_schedule_keeps_the_old_ids(tmp_path):
    sep = make_plan(_load(tmp_path, schedule="separate", allocations=None))
    assert len(sep) == 12 and all(p.id.split("-")[-1].startswith("r") for p in sep)
    assert all(p.allocation is None for p in sep)


def test_allocations_without_bundled_is_an_error(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**SWEEP, "schedule": "separate"}))
    assert main(["validate", str(path)]) == 2
    assert "allocations: only means something with schedule: bundled" in capsys.readouterr().err


def test_bundled_needs_slurm(tmp_path, capsys):
    path = tmp_path / "bund.yaml"
    path.write_text(yaml.safe_dump(SWEEP))
    assert main(["submit", str(path), "--results", str(tmp_path / "r")]) == 2
    assert "schedule: bundled shares one Slurm allocation" in capsys.readouterr().err


def test_bundle_script_runs_its_points_in_order_and_marks_each(tmp_path):
    """The rendered bundle script, run with a stub launcher: each run gets its started_at and
    exit_code in the order recorded; a failing run does not stop the others; the bundle's
    exit code says one failed."""
    loaded = _load(tmp_path)
    (b, *_) = make_bundles(make_plan(loaded))
    runs = {m.id: tmp_path / "runs" / m.id for m in b.members}
    script = render_bundle(b, loaded.profile, tmp_path / "bundle", 1, runs)
    assert "#SBATCH --time=01:00:00" in script  # 6 runs x 10 minutes
    (tmp_path / "bundle").mkdir()
    stub = tmp_path / "bin"
    stub.mkdir()
    failing = b.members[2].id
    (stub / "mpirun").write_text(
        "#!/bin/bash\n"
        f'case "$*" in *{failing}*) exit 3;; esac\n'
        'echo "$SCALESTUDY_POINT" >> "$ORDER_LOG"\n'
    )
    (stub / "mpirun").chmod(0o755)
    (stub / "python3").write_text("#!/bin/bash\nexit 0\n")  # the environment capture
    (stub / "python3").chmod(0o755)
    env = {"PATH": f"{stub}:/usr/bin:/bin", "ORDER_LOG": str(tmp_path / "order.log")}
    r = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    ran = (tmp_path / "order.log").read_text().split()
    assert ran == [m.id for m in b.members if m.id != failing]
    codes = {m.id: (runs[m.id] / "exit_code").read_text().strip() for m in b.members}
    assert codes == {m.id: ("3" if m.id == failing else "0") for m in b.members}
    starts = [float((runs[m.id] / "started_at").read_text()) for m in b.members]
    assert starts == sorted(starts)
    assert (tmp_path / "bundle" / "exit_code").read_text().strip() == "1"


def test_render_writes_one_script_per_bundle(tmp_path, capsys):
    path = tmp_path / "bund.yaml"
    path.write_text(yaml.safe_dump(SWEEP))
    out = tmp_path / "scripts"
    assert main(["render", str(path), "--results", str(tmp_path / "r"), "--out", str(out)]) == 0
    assert "wrote 4 job scripts (one per bundle)" in capsys.readouterr().out
    loaded = load_sweep(path)
    for b in make_bundles(make_plan(loaded), "0"):
        script = (out / f"{b.id}.sh").read_text()
        ran = [ln.split("point ")[1] for ln in script.splitlines() if ln.startswith("# run ")]
        assert ran == [m.id for m in b.members]
