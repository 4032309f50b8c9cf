"""The paper's effect on a network of a known rate (issue #36 item 3): runs
experiments/network-shaped.yaml on a 4-node local cluster whose nodes sit in their own network
namespaces on links shaped to --rate, then its twin experiments/network-unshaped.yaml on the
same emulated network unshaped; collects and reports both, and prints per variant and node
count the median step, exchange time and wire bytes, shaped against unshaped. About 15
minutes here at the experiments' size (docs/network.md has the measured figures); CI runs its
smallest size (CI_SMALLEST below), a check that it runs, not figures.

Usage: .venv/bin/python benchmarks/network_shaped.py [--work DIR] [--rate 20mbit]
       [--nodes 1,2,4] [--repeats 3] [--steps 25 --warmup 5]  (the experiments' own by default;
       given, the pair is run from copies of them in --work, on clusters of max(--nodes) nodes)
Needs root (namespaces) and a host with no local cluster of the same folder running; each
cluster is brought up under --work and down again after its sweep.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
# At it: the pair on 2 nodes only, one repeat of 6 steps (2 untimed): four 2-rank runs on two
# 2-node clusters of its own, brought up and down here.
CI_SMALLEST = {
    "needs": "root",
    "args": ["--nodes", "2", "--repeats", "1", "--steps", "6", "--warmup", "2"],
    "run_by": "tests/slurm/test_network_shaped_bench.py",
}

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout this file is in

from slurm_cluster import settle  # noqa: E402  (benchmarks/, this script's folder)

parser = argparse.ArgumentParser()
parser.add_argument("--work", default=None)
parser.add_argument("--rate", default="20mbit")
parser.add_argument("--only", choices=["shaped", "unshaped"], help="run one of the pair")
parser.add_argument(
    "--summarise", metavar="RESULTS", help="only print the figures of a finished run"
)
parser.add_argument(
    "--readme-figure",
    action="store_true",
    help="copy the shaped run's paired figure to docs/network-shaped-paired.png (the README's)",
)
parser.add_argument("--nodes", help="node counts, comma-separated (the experiments': 1,2,4)")
parser.add_argument("--repeats", type=int, help="repeats a point (the experiments': 3)")
parser.add_argument("--steps", type=int, help="the trainer's steps (the experiments': 25)")
parser.add_argument("--warmup", type=int, help="of them untimed (the experiments': 5)")
args = parser.parse_args()
work = Path(args.work or tempfile.mkdtemp(prefix="network-shaped-"))
work.mkdir(parents=True, exist_ok=True)
results = Path(args.summarise) if args.summarise else work / "results"


def run(*argv: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", *argv], capture_output=True, text=True)
    if check and done.returncode != 0:
        sys.exit(f"{' '.join(argv[:2])} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def sweep_file(name: str) -> tuple[Path, int]:
    """The experiment's sweep file, or its copy in --work with the sizes given here; and the
    nodes its cluster needs."""
    sweep = ROOT / "experiments" / f"{name}.yaml"
    spec = yaml.safe_load(sweep.read_text())
    given = {"steps": args.steps, "timing_warmup_steps": args.warmup}
    if args.nodes or args.repeats is not None or any(v is not None for v in given.values()):
        if args.nodes:
            spec["nodes"] = [int(n) for n in args.nodes.split(",")]
        if args.repeats is not None:
            spec["repeats"] = args.repeats
        spec["trainer"].update({k: v for k, v in given.items() if v is not None})
        sweep = work / sweep.name
        sweep.write_text(yaml.safe_dump(spec))
    return sweep, max(spec["nodes"])


def one(label: str, rate: str | None) -> float:
    """Bring a netns cluster up (shaped to rate, or not), run the experiment, collect and
    report it, bring the cluster down; returns the wall time in seconds."""
    name = f"network-{label}"
    sweep, nodes = sweep_file(name)
    cl = work / f"cluster-{label}"
    up = ["scalestudy.localcluster", "up", "--nodes", str(nodes), "--dir", str(cl), "--netns"]
    run(*up, *(["--link-rate", rate] if rate else []))
    os.environ["SLURM_CONF"] = str(cl / "etc" / "slurm.conf")
    start = time.monotonic()
    try:
        run(
            "scalestudy.cli", "submit", str(sweep), "--results", str(results), "--executor", "slurm"
        )
        data = settle(sweep, results, name)  # status --watch's wait: woken by the exit markers
        run("scalestudy.cli", "collect", str(sweep), "--results", str(results))
        run("scalestudy.cli", "report", str(sweep), "--results", str(results), check=False)
    finally:
        run("scalestudy.localcluster", "down", "--dir", str(cl), check=False)
    took = time.monotonic() - start
    states = [e["attempts"][-1]["state"] for e in data["points"].values()]
    print(f"{name}: {states.count('completed')}/{len(states)} completed in {took:.0f} s",
          file=sys.stderr, flush=True)  # fmt: skip
    return took


def medians(label: str) -> dict:
    """Per (variant, nodes): n and the median over repeats of the step, the exchange time,
    tokens/s per worker and the bytes per step (logical embedding, modelled wire)."""
    path = results / f"network-{label}" / "results.csv"
    if not path.exists():
        return {}
    groups: dict = {}
    for r in csv.DictReader(path.open()):
        if r["status"] != "completed":
            continue
        dense = r["sparse_as_dense"] in ("True", "true", "1")
        groups.setdefault(("dense" if dense else "sparse", int(r["nodes"])), []).append(r)
    out = {}
    for key, rs in sorted(groups.items()):

        def med(col: str, rs=rs) -> float | None:
            vals = [float(r[col]) for r in rs if r.get(col) not in (None, "")]
            return statistics.median(vals) if vals else None

        out[key] = {
            "n": len(rs),
            "step_s": med("step_s_median"),
            "comm_s": med("comm_s_median"),
            "tokens_per_s_per_worker": med("tokens_per_s_per_worker"),
            "embedding_bytes": med("logical_embedding_bytes_per_step"),
            "wire_sent_model": med("wire_sent_bytes_per_step_model"),
        }
    return out


if args.summarise is None:
    took = {}
    if args.only in (None, "shaped"):
        took["shaped"] = one("shaped", args.rate)
    if args.only in (None, "unshaped"):
        took["unshaped"] = one("unshaped", None)
    print(json.dumps({"work": str(work), "seconds": took}, indent=1), file=sys.stderr)
shaped, unshaped = medians("shaped"), medians("unshaped")
print(
    "variant nodes n shaped/unshaped | step s | exchange s | emb bytes | wire model "
    "| tok/s/w shaped/unshaped"
)
for key in sorted(set(shaped) | set(unshaped)):  # one of the pair alone (--only) prints too
    m, u = shaped.get(key, {}), unshaped.get(key, {})
    either = m or u
    ratio = (m["tokens_per_s_per_worker"] / u["tokens_per_s_per_worker"]
             if m and u.get("tokens_per_s_per_worker") else float("nan"))  # fmt: skip
    print(f"{key[0]} {key[1]} {m.get('n', 0)}/{u.get('n', 0)} | {m.get('step_s') or 0:.3f} "
          f"(unshaped {u.get('step_s') or 0:.3f}) | {m.get('comm_s') or 0:.3f} (unshaped "
          f"{u.get('comm_s') or 0:.3f}) | {either['embedding_bytes']:.0f} | "
          f"{either['wire_sent_model']:.0f} | {ratio:.1%}")  # fmt: skip
if args.readme_figure:
    figure = results / "network-shaped" / "report" / "paired.png"
    shutil.copyfile(figure, ROOT / "docs" / "network-shaped-paired.png")
    print(f"copied {figure} to docs/network-shaped-paired.png", file=sys.stderr)
