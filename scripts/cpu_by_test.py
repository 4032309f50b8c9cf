"""Where the suite's CPU goes, test by test, child processes included (issue #47 point 7: CI
under 40 minutes). JUnit's seconds are wall time in a lane that shares the cores with another
lane; this counts each process's own CPU seconds and names the test that started it.

    python scripts/cpu_by_test.py sample OUT.json &   # beside `make test`, until SIGTERM
    python scripts/cpu_by_test.py report OUT.json [--top 40]

`sample` reads every process in /proc once a second: its CPU seconds (utime + stime, the
largest seen), its command line and the PYTEST_CURRENT_TEST its environment started with.
pytest sets that variable in its own process as each test runs, so the processes a test
starts inherit it: mpirun and its ranks, and a Slurm job's (sbatch passes the submitter's
environment on, --export=ALL). A process that lives less than a second between two readings
is missed, and one's last second before it exits is lost: the counts are a lower bound.
`report` sums them per test file: all CPU seconds, processes, and of these the trainer's ranks
(`-m scalestudy.trainer`), then the processes that carry no test (pytest itself, the daemons).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
TEST_VAR = b"PYTEST_CURRENT_TEST="
TRAINER = "scalestudy.trainer"


def read_process(pid: str) -> tuple[str, float] | None:
    """(a key unique over the machine's uptime: pid and start time, CPU seconds) or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # after the command name, which may hold spaces
    return f"{pid}:{fields[19]}", (int(fields[11]) + int(fields[12])) / TICK


def describe(pid: str) -> dict:
    """The command line and the test the process was started under ("" when none)."""
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        cmd, env = b"", []
    test = next((e[len(TEST_VAR) :] for e in env if e.startswith(TEST_VAR)), b"")
    return {"cmd": cmd.decode(errors="replace")[:300], "test": test.decode(errors="replace")}


def sample(out: Path, interval: float = 1.0) -> None:
    seen: dict[str, dict] = {}

    def save(*_) -> None:
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(seen))
        tmp.replace(out)
        sys.exit(0)

    signal.signal(signal.SIGTERM, save)
    signal.signal(signal.SIGINT, save)
    while True:
        for pid in filter(str.isdigit, os.listdir("/proc")):
            found = read_process(pid)
            if found is None:
                continue
            key, cpu = found
            if key not in seen:
                seen[key] = describe(pid)
            seen[key]["cpu"] = max(cpu, seen[key].get("cpu", 0.0))
        time.sleep(interval)


def test_file(test: str) -> str:
    """tests/x.py::name[param] (call) -> tests/x.py."""
    return re.sub(r" \((setup|call|teardown)\)$", "", test).split("::")[0]


def summarise(seen: dict[str, dict]) -> list[tuple[str, float, int, float, int]]:
    """(test file or "<no test> program", CPU s, processes, the trainer ranks' CPU s, ranks),
    most CPU first."""
    rows: dict[str, list] = defaultdict(lambda: [0.0, 0, 0.0, 0])
    for proc in seen.values():
        if proc["test"]:
            name = test_file(proc["test"])
        else:
            name = "<no test> " + (Path(proc["cmd"].split(" ")[0]).name or "?")
        row = rows[name]
        row[0] += proc.get("cpu", 0.0)
        row[1] += 1
        if TRAINER in proc["cmd"]:
            row[2] += proc.get("cpu", 0.0)
            row[3] += 1
    return sorted(((k, *v) for k, v in rows.items()), key=lambda r: -r[1])


def report(path: Path, top: int) -> None:
    rows = summarise(json.loads(path.read_text()))
    total = sum(r[1] for r in rows)
    ranks_cpu, ranks = sum(r[3] for r in rows), sum(r[4] for r in rows)
    print(f"{total:.0f} CPU s in {sum(r[2] for r in rows)} processes; the trainer's ranks")
    print(f"{ranks_cpu:.0f} CPU s in {ranks} ranks ({ranks_cpu / max(ranks, 1):.1f} s a rank)")
    print(f"{'CPU s':>8} {'procs':>6} {'ranks CPU s':>12} {'ranks':>6}  test file")
    for name, cpu, procs, rcpu, nranks in rows[:top]:
        print(f"{cpu:8.0f} {procs:6d} {rcpu:12.0f} {nranks:6d}  {name}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="verb", required=True)
    s = sub.add_parser("sample", help="sample every process until SIGTERM, then write OUT")
    s.add_argument("out", type=Path)
    r = sub.add_parser("report", help="CPU seconds per test file")
    r.add_argument("path", type=Path)
    r.add_argument("--top", type=int, default=40)
    args = ap.parse_args(argv)
    if args.verb == "sample":
        sample(args.out)
    else:
        report(args.path, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
