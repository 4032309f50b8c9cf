"""Coverage of the report's intervals on real data (issue #44, acceptance 4): the quickstart
(experiments/quickstart.yaml, `make demo`'s sweep: weak, 1 and 2 nodes, sparse vs dense, 2
allocations x 1 repeat) run R times (default 6) on the emulated Slurm cluster; each run's
report gives an interval for each printed figure (each point's tokens/s, each variant's weak
efficiency at 2 nodes, the paired sparse/dense ratio at each size); each interval is checked
against the median of the other R - 1 runs' values of the same figure. The fraction covered is
expected a little under 0.95 (the other runs' median carries its own noise) and at least 0.85.

Each run is a separate sweep (quickstart-r1 .. -rR) submitted as the quickstart is, one run at a
time (its bundles run on the cluster's nodes as Slurm places them), then collected and reported
in-process through scalestudy.report.build. The runs share this host's 2 cores: the noise
between them is this machine's noise. 7.2 min a run at load 13-17 (2026-11-28; docs/report.md
has the figures).

Usage (heavy: a local Slurm cluster and trainer runs; under the shared lock):
  flock /tmp/scalestudy-heavy.lock .venv/bin/python benchmarks/realdata_coverage.py \
      [--runs 6] [--work DIR] [--steps 40] [--warmup 10] [--nodes 1,2]
Smallest (CI_SMALLEST, tests/slurm/test_realdata_coverage_bench.py): 3 runs of 8 steps at one
node (4.8 min on a quiet machine without AVX-512 with the cluster's start, 67 s a run after the
first, 2026-12-01), a check that it runs, not figures. --reuse: report the runs already in --work
without submitting (e.g. after an interrupted measurement). Prints one JSON document: every
interval, its reference and whether it covers, and the fractions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quickstart_sized import add_options, sized
from slurm_cluster import cluster_for_benchmark, scalestudy, settle

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "slurm",
    "args": ["--runs", "3", "--steps", "8", "--warmup", "2", "--nodes", "1"],
    "run_by": "tests/slurm/test_realdata_coverage_bench.py",
}

ROOT = Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=6)
parser.add_argument("--work", default=None)
add_options(parser)
parser.add_argument("--reuse", action="store_true", help="report the runs in --work only")
args = parser.parse_args()
if args.runs < 3:
    sys.exit("--runs: at least 3 (each run is checked against the median of the others)")
work = Path(args.work or tempfile.mkdtemp(prefix="realdata-coverage-"))
work.mkdir(parents=True, exist_ok=True)
results = work / "results"
PROFILE = ROOT / "templates" / "clusters" / "emulated-unbound.yaml"


def sweep_of(i: int) -> tuple[str, Path]:
    name = f"quickstart-r{i}"
    spec = {**sized(args), "name": name, "cluster": str(PROFILE)}
    path = work / f"{name}.yaml"
    path.write_text(yaml.safe_dump(spec))
    return name, path


def measure() -> list[dict]:
    log = []
    start = time.monotonic()
    with cluster_for_benchmark(nodes=4):
        for i in range(1, args.runs + 1):
            name, path = sweep_of(i)
            if (results / name / "results.csv").exists():
                continue  # measured before (a resumed --work)
            scalestudy("submit", str(path), "--results", str(results), "--executor", "slurm")
            data = settle(path, results, name, poll=5)
            scalestudy("collect", str(path), "--results", str(results))
            states = sorted({e["attempts"][-1]["state"] for e in data["points"].values()})
            done = f"run {i}: {states}, {time.monotonic() - start:.0f} s"
            print(done, file=sys.stderr, flush=True)
            log.append({"run": i, "states": states, "seconds": time.monotonic() - start})
    return log


def figures_of(name: str, path: Path) -> tuple[dict[str, dict], dict[str, str]]:
    """Every interval the run's report prints for the quickstart (key -> Estimate as a dict)
    and the run's noise model as the report states it."""
    from scalestudy.report import build

    out = work / "reports" / name
    rep = build.build([str(path)], results, out=out)
    a = rep.analysis
    found: dict[str, dict] = {}
    for v in a.variants:
        for p in v.points:
            if p.throughput is not None:
                found[f"tokens/s {v.label} {p.nodes}n"] = p.throughput.as_dict()
    for sc in a.scaling.get("weak", []):
        for w, e in sc.efficiency.items():
            if w != sc.n0_workers:
                found[f"weak efficiency {sc.variant.label} {w}w"] = e.as_dict()
    for r in a.paired:
        found[f"paired {r.variant}/{r.baseline} {r.nodes}n"] = r.estimate.as_dict()
    what = {"tokens_per_s": "tokens/s", "step_s": "time per step"}
    noise = {k: n.describe(what[k]) for k, n in a.variants[0].noise.items()} if a.variants else {}
    return found, noise


def main() -> None:
    log = [] if args.reuse else measure()
    runs, noise = {}, {}
    for i in range(1, args.runs + 1):
        name, path = sweep_of(i)
        if (results / name).exists():
            runs[i], noise[i] = figures_of(name, path)
    checks = []
    for i, figs in runs.items():
        for key, e in figs.items():
            others = [runs[j][key]["value"] for j in runs if j != i and key in runs[j]]
            if len(others) < 2 or not e["judged"]:
                checks.append({"run": i, "figure": key, "judged": e["judged"], "covered": None})
                continue
            ref = statistics.median(others)
            checks.append(
                {
                    "run": i,
                    "figure": key,
                    "value": e["value"],
                    "lo": e["lo"],
                    "hi": e["hi"],
                    "df": e["df"],
                    "reference": ref,
                    "covered": e["lo"] <= ref <= e["hi"],
                }
            )
    judged = [c for c in checks if c["covered"] is not None]
    kinds: dict[str, list[bool]] = {}
    widths: dict[str, list[float]] = {}  # hi / lo of each interval, by kind
    for c in judged:
        kinds.setdefault(c["figure"].split(" ")[0], []).append(c["covered"])
        widths.setdefault(c["figure"].split(" ")[0], []).append(c["hi"] / c["lo"])
    print(
        json.dumps(
            {
                "work": str(work),
                "runs": len(runs),
                "log": log,
                "intervals": len(judged),
                "unjudged": len(checks) - len(judged),
                "covered": sum(c["covered"] for c in judged) / len(judged) if judged else None,
                "covered_by_kind": {k: [sum(v), len(v)] for k, v in kinds.items()},
                "median_hi_over_lo": {k: statistics.median(v) for k, v in widths.items()},
                "noise": noise,
                "checks": checks,
            },
            indent=1,
        )
    )


main()
