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
