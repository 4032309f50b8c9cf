"""The regression gate on real runs (issue #32, acceptance 2): three runs of the quickstart's
design (tiny, 1 and 2 nodes of local ranks, sparse vs dense, 2 allocations x 1 repeat), the
third with a CPU hog beside its 2-node points, then `compare --fail-on-regression 10%`:
BASE vs a quiet NEW, BASE vs the hogged NEW. Prints each compare's exit code and verdict lines
(JSON at the end). About 15 minutes here.

The hog is one process spinning on one core while two trainer ranks are alive (the 2-node
points), so only those points share their cores with it.

Usage: .venv/bin/python benchmarks/compare_gate.py [--work DIR] [--tolerance 10%]
    [--steps N] [--warmup N] [--nodes 1,2] [--dense-only]
Smallest (CI_SMALLEST, tests/mpi/test_compare_gate_bench.py): 8 steps of one node, the dense
variant only (still 2 allocations), so the three campaigns are six one-rank runs: 3.2 min here
without AVX-512 beside a Horovod build (2026-12-01), a check that it runs, not figures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quickstart_sized import add_options, sized

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "trainer",
    "args": ["--steps", "8", "--warmup", "2", "--nodes", "1", "--dense-only"],
    "run_by": "tests/mpi/test_compare_gate_bench.py",
}

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None, help="folder of the three results roots")
parser.add_argument("--tolerance", default="10%")
add_options(parser)
parser.add_argument("--dense-only", action="store_true", help="one variant (sparse_as_dense)")
args = parser.parse_args()
work = Path(args.work or tempfile.mkdtemp(prefix="compare-gate-"))
work.mkdir(parents=True, exist_ok=True)


def sweep() -> tuple[Path, int]:
    """The quickstart, or a smaller one as the options say (written into the work folder), and
    its largest point's ranks (ppn 1): the hog spins while that many are alive."""
    spec = sized(args)
    if args.dense_only:  # bundled still, so its 2 allocations give each point a spread
        spec["matrix"] = {"trainer.sparse_as_dense": [True]}
        spec["schedule"] = "bundled"
    path = work / "quickstart.yaml"
    path.write_text(yaml.safe_dump(spec))
    return path, max(spec["nodes"]) * spec.get("ppn", 1)


SWEEP_USED, HOG_RANKS = sweep()


def cli(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scalestudy.cli", *argv], capture_output=True, text=True
    )


def ranks_alive() -> int:
    # the ranks' own processes (their command line starts with python), not mpirun's
    pattern = "^[^ ]*python[^ ]* -m scalestudy[.]trainer"
    out = subprocess.run(["pgrep", "-fc", pattern], capture_output=True, text=True)
    return int(out.stdout.strip() or 0)


def hog(stop) -> None:
    """Spin while the largest point's ranks run (the quickstart's 2-node points), else idle."""
    while not stop.is_set():
        if ranks_alive() >= HOG_RANKS:
            end = time.monotonic() + 0.5
            while time.monotonic() < end:
                pass
        else:
            time.sleep(0.2)


def run(name: str, with_hog: bool) -> Path:
    results = work / name
    stop = mp.Event()
    spinner = mp.Process(target=hog, args=(stop,)) if with_hog else None
    if spinner:
        spinner.start()
    try:
        for verb in ("submit", "collect"):
            done = cli(verb, str(SWEEP_USED), "--results", str(results))
            if done.returncode != 0:
                sys.exit(f"{verb} ({name}) failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    finally:
        if spinner:
            stop.set()
            spinner.join()
    return results / "quickstart"


def gate(base: Path, new: Path) -> dict:
    out = work / f"compare-{base.parent.name}-{new.parent.name}"
    done = cli(
        "compare", str(base), str(new), "--fail-on-regression", args.tolerance, "--out", str(out)
    )
    print(done.stdout, file=sys.stderr)
    report = json.loads((out / "compare.json").read_text())["comparisons"][0]
    return {"exit_code": done.returncode, "last_line": done.stdout.strip().splitlines()[-1],
            "gate": report.get("gate"),
            "points": [
                {
                    "variant": p["variant"],
                    "nodes": p["nodes"],
                    "ratio": p["tokens_per_s"]["ratio"],
                    "verdict": p["tokens_per_s"]["verdict"],
                    "judged_on": p["tokens_per_s"]["judged_on"],
                    "gate": p["tokens_per_s"]["gate"],
                }
                for p in report["pairs"]
            ]}  # fmt: skip


started = time.monotonic()
base = run("base", False)
quiet = run("quiet", False)
hogged = run("hog", True)
print(
    json.dumps(
        {
            "work": str(work),
            "quiet": gate(base, quiet),
            "hog": gate(base, hogged),
            "minutes": (time.monotonic() - started) / 60,
        },
        indent=1,
    )
)
