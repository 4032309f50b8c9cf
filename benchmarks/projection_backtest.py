"""The projection's held-out prediction against Extra-P's (issue #32, point 5).

Each row: a known truth measured with seeded log-normal noise (5 repeats a size) at 1..16
nodes, predicted at 32 and 64, or at 1..64, predicted at 128; by scalestudy's projection (the
form leave-one-size-out cross-validation chooses among the physics form and the empirical ones,
report/projection/select.py, with its 95% interval) and by Extra-P (PyPI `extrap`, its PMNF
model search on the repeats' means, its default, or --extrap-measure MEDIAN; fed its JSON Lines
input {"params": {"N": n}, "metric": "time", "value": t}, one line a repeat). Printed: the
median |error| against the predicted size's measured median over the trials, for both,
scalestudy's interval coverage of it and the interval's median width over the oracle's
(`oracle_width`: the same estimator's interval, its error's distribution over the row's trials
known), and the two median errors' difference with its paired bootstrap interval
(`median_difference`: lower, higher or a tie at this many trials). Target (issue #44 point 3):
scalestudy's median error at most Extra-P's and coverage at least 0.90 on every row; point 2's:
the width within 1.5x of the oracle's.

Extra-P pulls PySide6 and scikit-learn: it lives in a venv of its own, never in .venv, built
when missing and cached by its pin (scripts/bench-venv.sh extrap; `make bench-backtest`).
Truths: alpha-beta (compute + alpha log2 N + beta bytes(N), bytes = (N - 1) x 4 MB, a ring
allgather's), N^1.5 (contention a ring model does not have), N log N, and a step change at 16
nodes; noise 3% and 10% (log sd), log-normal, or (--noise-kind) Student t of 3 df, a spread
growing as sqrt(N), as benchmarks/interval_coverage.py draws them, or one outlier allocation (the
repeats are one bundled run's allocations, the first 15% slow at every size; screened as the
report screens before it projects).

--scaling strong: strong-scaling truths (a fixed problem divided over N: Amdahl's law, Amdahl
with a log2 N collective, a ring allreduce's (N - 1) / N, a step at 16 nodes) from step times
alone: scalestudy's empirical forms of the global effort (N x step, over N: empirical.py), and
Extra-P on the global effort N x step as its strong-scaling conversion makes it (the ranks'
times summed), its prediction divided by N.

Usage: .venv/bin/python benchmarks/projection_backtest.py [--trials 200] [--draws 1000]
           [--extrap-python P | --no-extrap] [--scaling weak|strong]
           [--noise-kind lognormal|t3|sd~sqrt(N)|'outlier allocation']
       .venv/bin/python benchmarks/projection_backtest.py --sweep NAME --results ROOT
(a measured sweep of six or more sizes: the report's own backtest beside Extra-P's, on the
same completed repeats; benchmarks/backtest_slurm.py runs one on the emulated cluster)
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scalestudy.report.projection import empirical, physics, select

# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {
    "needs": "reference",
    "args": ["--trials", "1", "--draws", "20"],
    # its venv is cached by its pin (scripts/bench-venv.sh): CI builds it once, from PyPI
    "run_by": "tests/unit/test_backtest_beside_extrap.py",
}

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 5

# Extra-P's model of each job, fitted to the repeats' `measure` (sys.argv[2]: MEAN, its default,
# or MEDIAN). The measure is set on the modeler itself and read back: Extra-P 4.2.5's
# ModelGenerator passes use_measure on to multi-parameter modelers only, so a single-parameter
# one asked for medians by it kept fitting the means (every table until 2026-12-03 was against
# the means while this file said medians: docs/report.md).
DRIVER = r"""
import json, sys
from extrap.entities.measurement import Measure
from extrap.fileio.file_reader.jsonlines_file_reader import read_jsonlines_file
from extrap.modelers.model_generator import ModelGenerator
measure = Measure[sys.argv[2]]
out = []
for path, target in json.loads(sys.argv[1]):
    exp = read_jsonlines_file(path)
    gen = ModelGenerator(exp, use_measure=measure)
    gen.modeler.use_measure = measure
    gen.model_all()
    (model,) = gen.models.values()
    f = model.hypothesis.function
    used = model.hypothesis._use_measure
    out.append({"value": f.evaluate(target), "model": f.to_string(*exp.parameters),
                "measure": used.name})
print(json.dumps(out))
"""
EXTRAP_MEASURES = ("MEAN", "MEDIAN")


def bytes_of(n: float) -> float:
    return 4e6 * (n - 1)


CASES = {
    "alpha-beta": lambda n: 1.0 + 0.02 * math.log2(n) + 2.5e-9 * bytes_of(n),
    "N^1.5": lambda n: 1.0 + 0.004 * n**1.5,
    "N log N": lambda n: 1.0 + 0.01 * n * math.log2(n),
    "step at 16": lambda n: 1.0 + 0.02 * math.log2(n) + (0.5 if n >= 16 else 0.0),
}
# strong scaling: a step of 1 s at one node divided over N, with what does not divide
STRONG_CASES = {
    "Amdahl 5%": lambda n: 0.05 + 1.0 / n,
    "Amdahl + log2 N": lambda n: 1.0 / n + 0.02 * math.log2(n),
    "ring allreduce": lambda n: 1.0 / n + 0.01 + 0.05 * (n - 1) / n,
    "strong step at 16": lambda n: 1.0 / n + 0.02 * math.log2(n) + (0.1 if n >= 16 else 0.0),
}
NOISES = (0.03, 0.10)
# the noise's shape (issue #44 point 2, as benchmarks/interval_coverage.py draws it): log-normal
# (the default), Student t of 3 df scaled to the same sd (heavy tails), the log sd growing as
# sqrt(N) from its 1-node value (heteroscedastic); or one outlier allocation: the sizes' repeats
# are REPEATS allocations of one bundled run (allocation k at every size), the first 15% slow
# at every size (interval_coverage.py's OUTLIER), screened as the report screens a run
# (uncertainty.screen) before the projection
NOISE_KINDS = ("lognormal", "t3", "sd~sqrt(N)", "outlier allocation")
OUTLIER = math.log(1 / 0.85)  # a step 1/0.85 as long: tokens/s 15% low


def draw(
    rng: np.random.Generator, n: int, sd: float, kind: str, repeats: int = REPEATS
) -> np.ndarray:
    """`repeats` log-scale errors at n nodes."""
    if kind == "t3":  # its variance is 3
        return sd * rng.standard_t(3, repeats) / math.sqrt(3.0)
    if kind == "sd~sqrt(N)":
        return sd * math.sqrt(n) * rng.standard_normal(repeats)
    if kind == "outlier allocation":
        out = rng.normal(0, sd, repeats)
        out[0] += OUTLIER
        return out
    assert kind == "lognormal", kind
    return rng.normal(0, sd, repeats)


def screened(kept: dict, kind: str) -> dict:
    """The fitted sizes' samples as the report projects them: for the outlier kind, grouped by
    allocation and screened across sizes (report/scaling.set_noise: uncertainty.screen)."""
    if kind != "outlier allocation":
        return kept
    from scalestudy.uncertainty import model

    sizes = list(kept)
    sets = [model.Clustered.of(kept[n], list(range(len(kept[n])))) for n in sizes]
    return dict(zip(sizes, model.screen(sets, sizes).sets, strict=True))


DESIGNS = (((1, 2, 4, 8, 16), (32, 64)), ((1, 2, 4, 8, 16, 32, 64), (128,)))


def candidates(samples, strong: bool = False) -> list:
    """scalestudy's candidates for the fitted sizes' samples: the physics form (alpha-beta on
    the bytes) and the empirical forms; cross-validation chooses (report/projection/select.py).
    Strong: step times alone (the table the effort forms are for), their forms of the effort."""
    if strong:
        return empirical.forms(samples, strong=True)
    return [physics.AlphaBeta(bytes_of), *empirical.forms(samples)]


def extrap_python(given: str | None) -> str:
    """The given interpreter, else Extra-P's venv, built once and cached by its pin
    (scripts/bench-venv.sh extrap)."""
    if given:
        return given
    done = subprocess.run(
        ["bash", str(ROOT / "scripts" / "bench-venv.sh"), "extrap"],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    return done.stdout.strip().splitlines()[-1]


def _extrap(py: str | None, jobs: list, measure: str = "MEAN") -> list:
    if py is None:
        return [None] * len(jobs)
    done = subprocess.run(
        [py, "-c", DRIVER, json.dumps(jobs), measure], check=True, capture_output=True, text=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    wrong = {t["measure"] for t in out} - {measure}
    if wrong:  # what it fitted is what the table says it fitted
        sys.exit(f"Extra-P fitted the {sorted(wrong)} where {measure} was asked")
    return out


def run(
    trials: int,
    py: str | None,
    draws: int = 1000,
    seed: int = 100,
    kind: str = "lognormal",
    repeats: int = REPEATS,
    strong: bool = False,
    measure: str = "MEAN",
) -> list[dict]:
    """Every row: a truth, a noise, the fitted sizes and one target, over `trials` seeded
    trials of `repeats` repeats a size; the error against the held-out size's measured median.
    Extra-P is skipped (its columns None) when py is None. `kind`: the noise's shape. `strong`:
    the strong-scaling truths, Extra-P fed the global effort (N x step) and its prediction
    divided by N."""
    rows = []
    effort = (lambda n: n) if strong else (lambda n: 1)  # Extra-P's input: step x this
    with tempfile.TemporaryDirectory() as tmp:
        for noise in NOISES:
            for case, truth in (STRONG_CASES if strong else CASES).items():
                for fitted, targets in DESIGNS:
                    jobs, ours, meas = [], [], []
                    for trial in range(trials):
                        rng = np.random.default_rng(seed + trial)
                        samples = {
                            n: list(truth(n) * np.exp(draw(rng, n, noise, kind, repeats)))
                            for n in (*fitted, *targets)
                        }
                        kept = {n: samples[n] for n in fitted}
                        fit_on = screened(kept, kind)
                        pred, _ = select.choose(
                            fit_on,
                            candidates(fit_on, strong),
                            list(targets),
                            n_draws=draws,
                            seed=trial,
                        )
                        ours.append(pred)
                        meas.append({t: float(np.median(samples[t])) for t in targets})
                        path = Path(tmp) / f"{case}-{noise}-{fitted[-1]}-{trial}.jsonl"
                        with path.open("w") as f:
                            for n in fitted:  # the held-out sizes are not in its input either
                                for t in samples[n]:
                                    value = t * effort(n)
                                    line = {"params": {"N": n}, "metric": "time", "value": value}
                                    f.write(json.dumps(line) + "\n")
                        jobs += [(str(path), t) for t in targets]
                    theirs = _extrap(py, jobs, measure)
                    for (_, target), t in zip(jobs, theirs, strict=True):
                        if t is not None:  # the effort's prediction, per rank again
                            t["value"] /= effort(target)
                    for j, target in enumerate(targets):
                        rows.append(_row(case, noise, fitted, target, ours, meas, theirs, j))
                        rows[-1]["noise kind"] = kind
                        rows[-1]["repeats"] = repeats
                        rows[-1]["scaling"] = "strong" if strong else "weak"
    return rows


def oracle_width(values: list[float], measured: list[float], confidence: float = 0.95) -> float:
    """The median width (over the measured value) of the same estimator's interval where its
    error's distribution is known (issue #44 point 2's oracle): the trials' log(measured /
    value) are the sampling distribution of the projection's error, noise, form choice and
    the target's own median together; the oracle's interval of a trial is its value x exp(mean
    +- z sd) of that distribution, normal quantiles. What the interval must cover at the
    least width, without the draws, the spreads or the weights that make it."""
    from statistics import NormalDist

    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    logs = np.log(np.asarray(measured) / np.asarray(values))
    mu, sd = float(logs.mean()), float(logs.std(ddof=1)) if len(logs) > 1 else 0.0
    widths = np.asarray(values) * (math.exp(mu + z * sd) - math.exp(mu - z * sd))
    return float(np.median(widths / np.asarray(measured)))


def median_difference(
    ours: list[float], theirs: list[float], resamples: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """median(ours) - median(theirs) of paired errors (one trial, one data set, both tools) and
    its 95% percentile-bootstrap interval over the trials (resampled in pairs): how far a row's
    "at most Extra-P's" is from a tie. 200 trials cannot tell 2.11% from 2.09%: the same rows
    on other seeds flip both ways (docs/report.md)."""
    a, b = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    idx = np.random.default_rng(seed).integers(0, len(a), size=(resamples, len(a)))
    diffs = np.median(a[idx], axis=1) - np.median(b[idx], axis=1)
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return float(np.median(a) - np.median(b)), float(lo), float(hi)


def _row(case, noise, fitted, target, ours, meas, theirs, j) -> dict:
    mine = [p.at(target) for p in ours]
    m = [x[target] for x in meas]
    xp = theirs[j :: len(ours[0].targets)]
    pairs = list(zip(mine, m, strict=True))
    e_ours = [abs(iv.value / y - 1) for iv, y in pairs]
    row = {
        "case": case,
        "noise": noise,
        "sizes": f"{fitted[0]}..{fitted[-1]} -> {target}",
        "trials": len(mine),
        "scalestudy |err| median": float(np.median(e_ours)),
        "scalestudy 95% covered": float(np.mean([iv.covers(y) for iv, y in pairs])),
        "scalestudy PI width": float(np.median([(iv.hi - iv.lo) / y for iv, y in pairs])),
        "oracle PI width": oracle_width([iv.value for iv in mine], m),
        "extrap |err| median": None,
        "extrap model (trial 0)": None,
    }
    if xp[0] is not None:
        e_xp = [abs(t["value"] / y - 1) for t, y in zip(xp, m, strict=True)]
        row["extrap |err| median"] = float(np.median(e_xp))
        row["error difference [95% CI]"] = median_difference(e_ours, e_xp)
        row["extrap model (trial 0)"] = xp[0]["model"]
        row["extrap measure"] = xp[0]["measure"]
    return row


def measured(sweep: str, results: Path, py: str, measure: str = "MEAN") -> list[dict]:
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
        theirs = _extrap(py, jobs, measure)
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
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--extrap-python")
    ap.add_argument("--no-extrap", action="store_true", help="scalestudy's side alone")
    ap.add_argument(
        "--extrap-measure",
        choices=EXTRAP_MEASURES,
        default="MEAN",
        help="what Extra-P fits of each size's repeats (MEAN: its default)",
    )
    ap.add_argument("--noise-kind", choices=NOISE_KINDS, default="lognormal")
    ap.add_argument("--seed", type=int, default=100, help="trial k draws with seed + k")
    ap.add_argument("--draws", type=int, default=1000, help="interval draws a trial")
    ap.add_argument(
        "--repeats", type=int, default=REPEATS, help="repeats a size (the designs people run: 2-3)"
    )
    ap.add_argument("--scaling", choices=("weak", "strong"), default="weak")
    ap.add_argument("--sweep", help="a measured sweep's backtest instead of the synthetic cases")
    ap.add_argument("--results", default="results", help="results root of --sweep")
    args = ap.parse_args()
    py = None if args.no_extrap else extrap_python(args.extrap_python)
    if args.sweep:
        rows = measured(args.sweep, Path(args.results), py, args.extrap_measure)
        print(json.dumps(rows, indent=1))
        return
    t0 = time.time()
    strong = args.scaling == "strong"
    rows = run(
        args.trials,
        py,
        args.draws,
        args.seed,
        args.noise_kind,
        args.repeats,
        strong,
        args.extrap_measure,
    )
    print(json.dumps(rows, indent=1))
    print(
        f"\n{args.trials} trials a row, {args.repeats} repeats a size, {args.noise_kind} noise, "
        f"{args.scaling} scaling, {time.time() - t0:.0f} s\n"
    )
    print(table(rows))


def _kind(row: dict) -> str:
    kind = row.get("noise kind", "lognormal")
    return "" if kind == "lognormal" else f" {kind}"


def _ratio(width: float, oracle: float) -> str:
    return f"{width / oracle:.2f}" if oracle > 0 and math.isfinite(oracle) else "-"


def _difference(d) -> str:
    """scalestudy's median error minus Extra-P's, in percentage points, with its interval and
    what the interval says: lower or higher when it excludes 0, else a tie at this many
    trials."""
    if not d:
        return "-"
    mid, lo, hi = (100 * x for x in d)
    word = "lower" if hi < 0 else "higher" if lo > 0 else "tie"
    return f"{mid:+.2f} [{lo:+.2f}, {hi:+.2f}] {word}"


def table(rows: list[dict]) -> str:
    """The rows as docs/report.md prints them."""
    out = [
        "| truth | noise | fitted -> predicted | scalestudy median error | scalestudy coverage "
        "| PI width / oracle's | Extra-P median error | difference [95% CI], points "
        "| target met |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        xp = r["extrap |err| median"]
        met = xp is not None and r["scalestudy |err| median"] <= xp
        met = met and r["scalestudy 95% covered"] >= 0.90
        out.append(
            f"| {r['case']} | {r['noise']:.0%}{_kind(r)} | {r['sizes']} | "
            f"{r['scalestudy |err| median']:.1%} | {r['scalestudy 95% covered']:.2f} | "
            f"{_ratio(r['scalestudy PI width'], r['oracle PI width'])} | "
            + ("-" if xp is None else f"{xp:.1%}")
            + f" | {_difference(r.get('error difference [95% CI]'))}"
            + f" | {'yes' if met else 'no'} |"
        )
    return "\n".join(out)


if __name__ == "__main__":
    main()
