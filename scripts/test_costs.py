"""The suite's cost by file, from a pytest JUnit XML (`pytest --junitxml=FILE`; each testcase's
time is its setup + call + teardown, so a module's or session's fixture lands on the first test
that asks for it): a Markdown table for docs/development.md's "What the suite costs".

    python scripts/test_costs.py JUNIT.xml... [--base other-junit.xml] [--top 40]

Several files are read as one run (the heavy phase's lanes: .pytest-junit-*.xml).

With --base, a column of the other run's seconds per file (before/after a change). Where the run
recorded each test's busy CPU seconds (the `cpu_s` property, tests/support/cpu_clock.py), a
column of the cores the file kept busy on average: near the machine's core count it computes,
well below it waits (on Slurm, a timeout, a sleeping probe), and could overlap with another.
The files marked `mpi` or `slurm` need a row in the docs table (tests/unit/test_suite_costs.py)."""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def per_test(path: Path, prop: str | None = None) -> dict[str, float]:
    """{"tests/mpi/test_x.py::test_name[param]": seconds} of one JUnit file; with `prop`, that
    property's value instead (tests without it left out)."""
    out: dict[str, float] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        module = case.get("classname", "")
        parts = module.split(".")
        # classname is the dotted module (plus a class, if any): the file is the part that
        # starts with "test_"
        idx = next((i for i, p in enumerate(parts) if p.startswith("test_")), len(parts) - 1)
        file = "/".join(parts[: idx + 1]) + ".py"
        if prop is None:
            out[f"{file}::{case.get('name')}"] = float(case.get("time", 0.0))
            continue
        found = case.find(f"properties/property[@name='{prop}']")
        if found is not None:
            out[f"{file}::{case.get('name')}"] = float(found.get("value", "nan"))
    return out


def per_file(tests: dict[str, float]) -> dict[str, tuple[int, float, float]]:
    """{file: (tests, seconds in all, the slowest test's seconds)}."""
    acc: dict[str, list[float]] = defaultdict(list)
    for name, s in tests.items():
        acc[name.split("::")[0]].append(s)
    return {f: (len(v), sum(v), max(v)) for f, v in acc.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("junit", type=Path, nargs="+")
    ap.add_argument("--base", type=Path, help="another run's JUnit XML, for a before column")
    ap.add_argument("--top", type=int, default=40, help="files listed (the rest summed)")
    args = ap.parse_args(argv)
    files = per_file({k: v for j in args.junit for k, v in per_test(j).items()})
    cpu = per_file({k: v for j in args.junit for k, v in per_test(j, "cpu_s").items()})
    base = per_file(per_test(args.base)) if args.base else {}
    total = sum(s for _, s, _ in files.values())
    head = "| file | tests | s | slowest test s |"
    sep = "| --- | --- | --- | --- |"
    if cpu:
        head, sep = head + " busy cores |", sep + " --- |"
    if base:
        head, sep = head + " before s |", sep + " --- |"
    print(head)
    print(sep)
    ranked = sorted(files.items(), key=lambda kv: -kv[1][1])
    for f, (n, s, top) in ranked[: args.top]:
        row = f"| {f} | {n} | {s:.0f} | {top:.0f} |"
        if cpu:
            row += f" {cpu[f][1] / s:.2f} |" if f in cpu and s > 0 else " - |"
        if base:
            row += f" {base[f][1]:.0f} |" if f in base else " - |"
        print(row)
    rest = ranked[args.top :]
    if rest:
        n = sum(v[0] for _, v in rest)
        s = sum(v[1] for _, v in rest)
        print(f"| {len(rest)} other files | {n} | {s:.0f} | - |" + " |" * (bool(cpu) + bool(base)))
    print(f"\n{sum(v[0] for v in files.values())} tests, {total:.0f} s ({total / 60:.1f} min)")
    if cpu:
        busy = sum(s for _, s, _ in cpu.values())
        print(f"busy CPU: {busy:.0f} s ({busy / total:.2f} cores on average)")
    if base:
        bt = sum(s for _, s, _ in base.values())
        print(f"before: {bt:.0f} s ({bt / 60:.1f} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
