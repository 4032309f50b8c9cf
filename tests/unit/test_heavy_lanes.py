"""scripts/heavy_lanes.py runs the heavy tests in lanes (issue #43): every heavy test must be in
exactly one lane, whatever its markers, or CI silently skips it or runs it twice."""

from __future__ import annotations

import importlib.util
import itertools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _lanes():
    spec = importlib.util.spec_from_file_location("heavy_lanes", ROOT / "scripts/heavy_lanes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
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
