"""schedule: bundled: points per allocation, bundles per (nodes, allocation), a recorded random
order, and one script that runs the bundle's points in that order."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml
from support.sweeps import sparse_and_dense

from scalestudy.cli import main
from scalestudy.plan import make_bundles, make_plan
from scalestudy.render import render_bundle
from scalestudy.sweepfile.sweep import load_sweep

SWEEP = sparse_and_dense(
    "bund", "emulated", repeats=3, schedule="bundled", allocations=2, time_limit="00:10:00"
)


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


def test_comparing_variants_makes_bundled_the_default(tmp_path, capsys):
    loaded = _load(tmp_path, schedule=None, allocations=None)
    assert loaded.sweep.schedule == "bundled"
    assert all(v.sweep.schedule == "bundled" for v in loaded.variants)
    assert "compares 2 variants" in loaded.schedule_reason
    points = make_plan(loaded)
    assert len(points) == 24  # 2 variants x 2 node counts x 2 allocations (default) x 3 repeats
    assert main(["plan", str(tmp_path / "bund.yaml")]) == 0
    assert "schedule: bundled (default: the matrix compares 2 variants): 4 jobs" in (
        capsys.readouterr().out
    )
    one = _load(tmp_path, schedule=None, allocations=None, matrix={})
    assert one.sweep.schedule == "separate" and "one variant" in one.schedule_reason
    assert _load(tmp_path, schedule="separate", allocations=None).sweep.schedule == "separate"


def test_allocations_on_a_one_variant_sweep_say_why_it_is_separate(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**SWEEP, "schedule": None, "matrix": {}}))
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert "allocations: only means something with schedule: bundled" in err
    assert "default: one variant, nothing to pair" in err


def test_a_matrix_cannot_vary_the_schedule(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**SWEEP, "matrix": {"schedule": ["separate", "bundled"]}}))
    assert main(["validate", str(path)]) == 2
    assert "matrix.schedule: not a key a matrix can vary" in capsys.readouterr().err


def test_bundled_on_this_machine_runs_each_bundle_in_its_order_pass_by_pass(
    tmp_path, monkeypatch, capsys
):
    """The local executor has no allocation to share: it runs each point's own script, bundle
    by bundle in the recorded order, allocation 0 (a pass over every node count) before
    allocation 1, and records bundle, allocation and run_order as the Slurm path does."""
    from scalestudy.executors import local
    from scalestudy.executors.manifest import Manifest

    ran: list[Path] = []

    def fake_run(script: Path, attempt_dir: Path) -> int:
        ran.append(attempt_dir)
        (attempt_dir / "exit_code").write_text("0")
        return 0

    monkeypatch.setattr(local, "run_script", fake_run)
    path = tmp_path / "loc.yaml"
    spec = {**SWEEP, "cluster": "local", "schedule": None, "allocations": None, "repeats": 2}
    path.write_text(yaml.safe_dump(spec))
    results = tmp_path / "r"
    rendered = tmp_path / "rendered"
    assert main(["render", str(path), "--results", str(results), "--out", str(rendered)]) == 0
    assert "wrote 16 job scripts (one per point)" in capsys.readouterr().out
    assert main(["submit", str(path), "--results", str(results)]) == 0
    assert "ran 16 point(s)" in capsys.readouterr().out
    data = Manifest(results / "bund").read()
    bundles = {bid: b.attempts[-1] for bid, b in data.bundles.items()}
    assert len(bundles) == 4
    want = [
        pid
        for b in sorted(bundles.values(), key=lambda b: (b.allocation, b.nodes))
        for pid in b.order
    ]
    assert [d.parent.name for d in ran] == want  # the order actually run is the recorded one
    for bid, b in bundles.items():
        for i, pid in enumerate(b.order):
            a = data.last(pid)
            assert (a.bundle, a.run_order, a.allocation) == (bid, i, b.allocation)
            assert a.state == "completed"
            archived = results / "bund" / a.folder / "job.sh"
            assert archived.read_text() == (rendered / f"{pid}.sh").read_text()
    # the order is a shuffle, not the plan's (seeded: this holds on every run)
    assert any(b.order != sorted(b.order) for b in bundles.values())


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
