"""Benchmarks that rot unseen (issue #47 point 5): every benchmark declares, in its own file, the
smallest size CI runs and what it needs (`CI_SMALLEST`, read here with `ast`, without running the
file); the ones that need only the harness run here at that size, so a change that breaks one
fails CI; one run by a heavier test names it (`run_by`), and that test must call it; one not
yet in CI says why (`not_in_ci`), so the gap is printed, not hidden."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.benchmarks import assert_runs_at_smallest, declared

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = sorted(p for p in (ROOT / "benchmarks").glob("*.py"))
NEEDS = {"harness", "trainer", "slurm", "root", "reference", "library"}


def code_strings(path: Path) -> set[str]:
    """The string constants of a file's code: its docstrings and comments left out, so that a
    test which only mentions a benchmark does not count as running it."""
    docstrings = {
        id(n.value)
        for n in ast.walk(ast.parse(path.read_text()))
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    }
    return {
        n.value
        for n in ast.walk(ast.parse(path.read_text()))
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    }


def imports(path: Path) -> set[str]:
    """The modules a file imports, by their first name."""
    names = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.Import):
            names |= {a.name.split(".")[0] for a in n.names}
        elif isinstance(n, ast.ImportFrom) and n.module:
            names.add(n.module.split(".")[0])
    return names


def runs(test: Path, stem: str) -> bool:
    """The test's code starts benchmarks/<stem>.py (its file name a string of the code, as in
    ROOT / "benchmarks" / "x.py"), or starts a benchmark that imports <stem> (a library)."""
    started = {s[: -len(".py")] for s in code_strings(test) if s.endswith(".py")}
    return stem in started or any(
        stem in imports(ROOT / "benchmarks" / f"{b}.py")
        for b in started
        if (ROOT / "benchmarks" / f"{b}.py").exists()
    )


def test_every_benchmark_says_how_ci_runs_it_or_why_not():
    problems, gaps = [], []
    for path in BENCHMARKS:
        d = declared(path)
        name = path.name
        if d is None:
            problems.append(f"{name}: no CI_SMALLEST")
            continue
        if d.get("needs") not in NEEDS:
            problems.append(f"{name}: needs {d.get('needs')!r}, not one of {sorted(NEEDS)}")
        if not isinstance(d.get("args"), list):
            problems.append(f"{name}: args must be a list of the command's arguments")
        ways = [k for k in ("run_by", "not_in_ci") if k in d]
        if d.get("needs") == "harness":
            ways.append("here")
        if len(ways) != 1:
            problems.append(f"{name}: run here (needs harness), run_by or not_in_ci: {ways}")
        if "run_by" in d:
            test = ROOT / d["run_by"]
            if not test.exists():
                problems.append(f"{name}: run_by {d['run_by']} does not exist")
            elif not runs(test, path.stem):
                problems.append(f"{name}: {d['run_by']} does not run it")
        if "not_in_ci" in d:
            gaps.append(f"{name}: {d['not_in_ci']}")
    print("benchmarks not run by CI:\n  " + "\n  ".join(gaps))
    assert not problems, problems


HARNESS = [p for p in BENCHMARKS if (declared(p) or {}).get("needs") == "harness"]


@pytest.mark.parametrize("path", HARNESS, ids=[p.stem for p in HARNESS])
def test_a_harness_benchmark_runs_at_its_smallest_size(path, tmp_path):
    """Exit 0 and something printed; a traceback fails, with its last lines shown. The
    timeout is for a hang, not a speed: `make test` runs these at nice 19 beside the heavy
    lanes, on the cycles they leave idle (scripts/heavy_lanes.py --beside), where harness_scale
    (~60 CPU s alone) was still running at 600 s in 821b3e7's CI-like run."""
    assert_runs_at_smallest(path, tmp_path, timeout=2400)
