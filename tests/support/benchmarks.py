"""A benchmark's declared smallest size (`CI_SMALLEST` in its own file, read with `ast`,
without running or importing it): the tests that run a benchmark run exactly that size, so the
size is written once (tests/unit/test_benchmarks_in_ci.py checks every benchmark declares one)."""

from __future__ import annotations

import ast
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def declared(path: Path) -> dict | None:
    """The module-level `CI_SMALLEST = {...}` of a benchmark, or None."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
            "CI_SMALLEST"
        ]:
            return ast.literal_eval(node.value)
    return None


def smallest_args(name: str) -> list[str]:
    """benchmarks/<name>.py's CI_SMALLEST args."""
    d = declared(BENCHMARKS / f"{name}.py")
    assert d is not None, f"benchmarks/{name}.py declares no CI_SMALLEST"
    return list(d["args"])


def option(args: list[str], flag: str) -> str:
    """The value after `flag` in args."""
    assert flag in args, f"{flag} not in {args}"
    return args[args.index(flag) + 1]


def assert_runs_at_smallest(
    path: Path, cwd: Path, timeout: float = 600, extra: list[str] | None = None
) -> str:
    """benchmarks/<path> at its CI_SMALLEST args (and `extra`), as `make bench` runs it (this
    interpreter, the checkout on PYTHONPATH, no display): exit 0 and something printed, else
    the failure with the last lines of its output. Its standard output."""
    import os
    import subprocess
    import sys

    args = [*declared(path)["args"], *(extra or [])]
    env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent), "MPLBACKEND": "Agg"}
    proc = subprocess.run(
        [sys.executable, str(path), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
    )
    said = f"{path.name} {args}:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    assert proc.returncode == 0, said
    assert proc.stdout.strip(), f"{path.name} printed nothing"
    return proc.stdout


def reference_python(name: str, timeout: float = 1800) -> str:
    """The interpreter of a benchmark's reference venv (scripts/bench-venv.sh NAME: built once,
    cached by its pins), the build's failure otherwise."""
    import subprocess

    script = BENCHMARKS.parent / "scripts" / "bench-venv.sh"
    venv = subprocess.run(
        ["bash", str(script), name], capture_output=True, text=True, timeout=timeout
    )
    assert venv.returncode == 0, venv.stderr[-3000:]
    return venv.stdout.strip().splitlines()[-1]
