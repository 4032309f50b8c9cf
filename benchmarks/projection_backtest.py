"""The projection's held-out prediction against Extra-P's (issue #32, point 5).

Each case is a sweep of six or more sizes: the largest is held out, predicted from the others
by scalestudy's projection (report/projection/: `backtest`, its fit and its 95% interval) and
by Extra-P (PyPI `extrap`, its PMNF model search on the medians, fed its JSON Lines input
{"params": {"N": n}, "metric": "time", "value": t}, one line a repeat), and both errors are
printed side by side (median |error| over seeded trials, and scalestudy's interval coverage).

Extra-P pulls PySide6 and scikit-learn: it lives in a venv of its own (.venv-extrap, made here
when missing; `make bench-backtest`), never in .venv. Cases:

- alpha-beta: step = compute + alpha log2 N + beta bytes(N), bytes = (N - 1) x 4 MB (a ring
  allgather's); scalestudy fits that form (physics.AlphaBeta), Extra-P searches its PMNF;
- superlinear: step = compute + gamma N^1.5 (contention a ring model does not have): scalestudy
  fits the same alpha-beta form, now wrong; Extra-P searches as before.

Usage: .venv/bin/python benchmarks/projection_backtest.py [--trials 20] [--extrap-python P]
       .venv/bin/python benchmarks/projection_backtest.py --sweep NAME --results ROOT
(a measured sweep of six or more sizes: the report's own backtest beside Extra-P's, on the
same completed repeats; experiments/backtest-slurm.yaml runs one on the emulated cluster)
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scalestudy.report.projection import backtest, physics

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv-extrap"
EXTRAP = "extrap==4.2.5"
REPEATS, NOISE = 5, 0.03

DRIVER = r"""
import json, sys
from extrap.entities.measurement import Measure
from extrap.fileio.file_reader.jsonlines_file_reader import read_jsonlines_file
from extrap.modelers.model_generator import ModelGenerator
out = []
for path, target in json.loads(sys.argv[1]):
    exp = read_jsonlines_file(path)
    gen = ModelGenerator(exp, use_measure=Measure.MEDIAN)
    gen.model_all()
    (model,) = gen.models.values()
    f = model.hypothesis.function
    out.append({"value": f.evaluate(target), "model": f.to_string(*exp.parameters)})
print(json.dumps(out))
"""


def bytes_of(n: float) -> float:
    return 4e6 * (n - 1)


CASES = {
    "alpha-beta": lambda n: 1.0 + 0.02 * math.log2(n) + 2.5e-9 * bytes_of(n),
    "superlinear": lambda n: 1.0 + 0.004 * n**1.5,
}


def extrap_python(given: str | None) -> str:
    if given:
        return given
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run(["python3", "-m", "venv", str(VENV)], check=True)
        (VENV / ".gitignore").write_text("*\n")  # never committed (Python >= 3.13 does this)
        subprocess.run([str(py), "-m", "pip", "install", "-q", EXTRAP], check=True)
    return str(py)


def run(sizes: list[int], trials: int, py: str) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for case, truth in CASES.items():
            jobs, ours = [], []
            for trial in range(trials):
                rng = np.random.default_rng(100 + trial)
                samples = {n: list(truth(n) * np.exp(rng.normal(0, NOISE, REPEATS))) for n in sizes}
                b = backtest.backtest(samples, physics.AlphaBeta(bytes_of), n_draws=1000)
                ours.append(b)
                path = Path(tmp) / f"{case}-{trial}.jsonl"
                with path.open("w") as f:
                    for n in sizes[:-1]:  # the held-out size is not in Extra-P's input either
                        for t in samples[n]:
                            line = {"params": {"N": n}, "metric": "time", "value": t}
                            f.write(json.dumps(line) + "\n")
                jobs.append((str(path), sizes[-1]))
            done = subprocess.run(
                [py, "-c", DRIVER, json.dumps(jobs)], check=True, capture_output=True, text=True
            )
            theirs = json.loads(done.stdout.strip().splitlines()[-1])
            e_ours = [b.error for b in ours]
            e_theirs = [t["value"] / b.measured - 1 for t, b in zip(theirs, ours, strict=True)]
            truth_err_ours = [b.predicted.value / truth(sizes[-1]) - 1 for b in ours]
            truth_err_theirs = [t["value"] / truth(sizes[-1]) - 1 for t in theirs]
            rows.append(
                {
                    "case": case,
                    "sizes": f"{sizes[0]}..{sizes[-2]} -> {sizes[-1]}",
                    "scalestudy |err| median": float(np.median(np.abs(e_ours))),
                    "scalestudy |err| max": float(np.max(np.abs(e_ours))),
                    "scalestudy 95% covered": sum(b.covered for b in ours) / len(ours),
                    "scalestudy PI width": float(
                        np.median([(b.predicted.hi - b.predicted.lo) / b.measured for b in ours])
                    ),
                    "extrap |err| median": float(np.median(np.abs(e_theirs))),
                    "extrap |err| max": float(np.max(np.abs(e_theirs))),
                    "scalestudy vs truth": float(np.median(np.abs(truth_err_ours))),
                    "extrap vs truth": float(np.median(np.abs(truth_err_theirs))),
                    "extrap model (trial 0)": theirs[0]["model"],
                }
            )
    return rows


def measured(sweep: str, results: Path, py: str) -> list[dict]:
    """A real sweep's backtest: the report's own (build: each variant's largest size held out
    and predicted by the projection from the others) against Extra-P fed the same variant's
    completed repeats (time per step, the slowest rank's median) at the other sizes."""
    from scalestudy.report.build import build

    with tempfile.TemporaryDirectory() as tmp:
        report = build([sweep], results, Path(tmp) / "report")
        jobs, ours = [], []
        for b in report.analysis.backtests:
            v = report.analysis.variant(b.variant)
            done = v.rows[(v.rows["status"] == "completed") & v.rows["step_s_median"].notna()]
            path = Path(tmp) / f"{len(jobs)}.jsonl"
            with path.open("w") as f:
                for n, t in zip(done["nodes"], done["step_s_median"], strict=True):
                    if int(n) < b.nodes:
                        f.write(json.dumps({"params": {"N": int(n)}, "metric": "time", "value": t}))
                        f.write("\n")
            jobs.append((str(path), b.nodes))
            ours.append(b)
        if not jobs:
            sys.exit(f"{sweep}: no variant with three or more measured sizes")
        done = subprocess.run(
            [py, "-c", DRIVER, json.dumps(jobs)], check=True, capture_output=True, text=True
        )
        theirs = json.loads(done.stdout.strip().splitlines()[-1])
    rows = []
    for b, t in zip(ours, theirs, strict=True):
        p = b.predicted
        rows.append(
            {
                "case": f"{sweep}: {b.variant}",
                "sizes": f"{b.from_nodes[0]}..{b.from_nodes[-1]} -> {b.nodes}",
                "measured step s": b.measured_step_s,
                "scalestudy predicted": None
                if p is None
                else f"{p.value:.4g} [{p.lo:.4g}, {p.hi:.4g}]",
                "scalestudy error": b.error,
                "scalestudy covered": b.covered,
                "scalestudy why": b.why,
                "extrap predicted": t["value"],
                "extrap error": t["value"] / b.measured_step_s - 1,
                "extrap model": t["model"],
            }
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--extrap-python")
    ap.add_argument("--sweep", help="a measured sweep's backtest instead of the synthetic cases")
    ap.add_argument("--results", default="results", help="results root of --sweep")
    args = ap.parse_args()
    py = extrap_python(args.extrap_python)
    if args.sweep:
        rows = measured(args.sweep, Path(args.results), py)
        print(json.dumps(rows, indent=1))
        return
    rows = []
    for sizes in ([1, 2, 4, 8, 16, 32], [1, 2, 4, 8, 16, 32, 64, 128]):
        rows += run(sizes, args.trials, py)
    head = list(rows[0])
    print(json.dumps(rows, indent=1))
    print()
    print(" | ".join(head))
    for r in rows:
        print(" | ".join(f"{r[h]:.1%}" if isinstance(r[h], float) else str(r[h]) for h in head))


if __name__ == "__main__":
    main()
