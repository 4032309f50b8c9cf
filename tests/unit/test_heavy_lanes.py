"""scripts/heavy_lanes.py runs the heavy tests in lanes (issue #43): every heavy test must be in
exactly one lane, whatever its markers, or CI silently skips it or runs it twice."""

from __future__ import annotations

import importlib.util
import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("heavy_lanes", ROOT / "scripts/heavy_lanes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lanes():
    module = _module()
    return {**module.TOGETHER, **module.ALONE}


def _heavy() -> str:
    line = next(s for s in (ROOT / "Makefile").read_text().splitlines() if s.startswith("HEAVY ="))
    return line.split("=", 1)[1].strip()


def _holds(expr: str, marks: set[str], names: set[str]) -> bool:
    # a pytest marker expression of names, and, or, not and parentheses is Python as it is
    return eval(expr, {"__builtins__": {}}, {n: n in marks for n in names})


def test_every_heavy_test_runs_in_exactly_one_lane():
    lanes, heavy = _lanes(), _heavy()
    names = set(re.findall(r"[a-z_]+", " ".join([heavy, *lanes.values()]))) - {"and", "or", "not"}
    assert {"mpi", "slurm", "trainer", "wheel", "timing", "cluster_lane"} <= names
    for n in range(len(names) + 1):
        for marks in map(set, itertools.combinations(sorted(names), n)):
            if not _holds(heavy, marks, names):
                continue
            inside = [lane for lane, expr in lanes.items() if _holds(expr, marks, names)]
            assert len(inside) == 1, (sorted(marks), inside)


def test_the_timing_tests_run_alone_and_the_mpi_ones_beside_the_slurm_ones():
    names = {"mpi", "slurm", "trainer", "wheel", "reference", "timing", "cluster_lane"}
    lanes = _lanes()
    cases = ({"slurm", "timing"}, {"mpi"}, {"slurm"}, {"mpi", "slurm"}, {"wheel"}, {"reference"})
    lane_of = {
        frozenset(m): next(k for k, e in lanes.items() if _holds(e, set(m), names))
        for m in (*cases, {"mpi", "cluster_lane"}, {"mpi", "cluster_lane", "timing"})
    }
    assert lane_of[frozenset({"slurm", "timing"})] == "timing"
    assert lane_of[frozenset({"mpi"})] == "compute"
    assert lane_of[frozenset({"slurm"})] == lane_of[frozenset({"mpi", "slurm"})] == "cluster"
    assert lane_of[frozenset({"wheel"})] == lane_of[frozenset({"reference"})] == "cluster"
    # an mpirun file moved to balance the lanes goes to the cluster lane, unless it is timed
    assert lane_of[frozenset({"mpi", "cluster_lane"})] == "cluster"
    assert lane_of[frozenset({"mpi", "cluster_lane", "timing"})] == "timing"


def test_the_command_beside_the_lanes_runs_niced_is_waited_for_and_decides_the_verdict(
    tmp_path, monkeypatch, capsys
):
    """`make test`'s fast tests run beside the two lanes at nice 19 (the cycles the lanes leave
    idle): the command ends before the timing lane starts, its failure fails the run, and its
    output is printed. Each lane's pytest is a stand-in that records when it ran."""
    module = _module()
    order = tmp_path / "order"

    def lane(heavy, expr, junit, extra):
        name = Path(junit).stem.rsplit("-", 1)[-1]
        return ["bash", "-c", f"echo {name} >> {order}"]

    monkeypatch.setattr(module, "pytest_cmd", lane)
    niceness = tmp_path / "nice"
    beside = f"sleep 1; ps -o ni= -p $$ > {niceness}; echo beside >> {order}; echo said; exit 3"
    code = module.main(["--heavy", "mpi", "--junit", str(tmp_path / "j"), "--beside", beside])
    out = capsys.readouterr().out
    assert code == 1
    assert int(niceness.read_text()) == 19
    ran = order.read_text().split()
    assert sorted(ran[:3]) == ["beside", "cluster", "compute"] and ran[3:] == ["timing"], ran
    assert "said" in out and "beside" in out and "FAILED (exit 3)" in out
    ok = module.main(["--heavy", "mpi", "--junit", str(tmp_path / "k"), "--beside", "exit 0"])
    assert ok == 0
