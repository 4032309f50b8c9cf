"""Error rates of the history's change detection (issue #45 point 4; docs/history.md): seeded
synthetic histories of one sweep's points (each run: the point's level from k allocations with
log-normal noise s per allocation, the noise model's s estimated from the run's units with df
degrees of freedom), judged by scalestudy.history.changes.detect and two baselines:

- fixed threshold (ReFrame's way): a run is flagged when its level is more than THRESHOLD away
  from the reference (the first run's level);
- the library's defaults: ruptures PELT (l2, min_size 2, jump 5) at its documentation's penalty,
  no test.

Scenarios: stable (false alerts per 100 runs, per point series and per run over all points);
single shifts of 3, 5, 10 and 20% at run SHIFT_AT (share found within 3 runs, the delay in runs:
detection re-run on the history as it grows, run by run); two shifts; a slow drift; outlier
runs; the noise doubling at an upgrade with no change of level. And how often the interval of a
found change's ratio covers the true ratio (offline, and online when first found). Prints JSON
and Markdown tables.

    .venv/bin/python benchmarks/history_changes.py            # 200 histories a scenario
    .venv/bin/python benchmarks/history_changes.py --small    # 20: a smoke run
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from scalestudy.history import changes

S_ALLOC = 0.029  # tokens/s noise per allocation on the emulated cluster's quickstart runs
K = 2  # allocations a point (the quickstart's)
POINTS = 4  # the quickstart's points (2 variants x 2 sizes)
RUNS = 100
SHIFT_AT = 40
THRESHOLD = 0.05  # the fixed rule's relative threshold (a common ReFrame reference bound)
WITHIN = 3  # runs after the shift's first run a detection may take
# What CI runs (tests/unit/test_benchmarks_in_ci.py): the smallest size, and what it needs.
CI_SMALLEST = {"needs": "harness", "args": ["--trials", "2"]}


def run_level(rng: random.Random, level: float, s: float) -> tuple[float, float | None]:
    """(the mean log of k allocations, the noise model's se from those allocations pooled over
    the run's points: df = POINTS (k - 1))."""
    units = [level + rng.gauss(0, s) for _ in range(K)]
    df = POINTS * (K - 1)
    if df == 0:  # one allocation a run: no spread within the run (the detector uses the runs')
        return units[0], None
    s_hat = s * math.sqrt(sum(rng.gauss(0, 1) ** 2 for _ in range(df)) / df)
    return sum(units) / K, s_hat / math.sqrt(K)


def history(rng: random.Random, levels: list[float], sds: list[float]) -> tuple[list, list]:
    xs, ses = [], []
    for lv, s in zip(levels, sds, strict=True):
        x, se = run_level(rng, lv, s)
        xs.append(x)
        ses.append(se)
    return xs, ses


def methods(budget: float) -> dict:
    return {
        "history (ruptures Binseg + t test)": lambda x, se: [
            c.index for c in changes.detect(x, se, points=POINTS, budget=budget)
        ],
        f"fixed threshold {THRESHOLD:.0%} (ReFrame)": lambda x, se: changes.fixed_threshold(
            x, THRESHOLD
        ),
        "ruptures defaults (PELT l2, pen 10)": lambda x, se: changes.library_defaults(x),
    }


def sweep_histories(rng, levels, sds):
    return [history(rng, levels, sds) for _ in range(POINTS)]


def false_alerts(rng, trials, levels, sds, budget, skip=()) -> dict:
    """Alerts per 100 runs on histories without a change of level: per point series and per
    run over all points (a run alerted when any point is); alerts at `skip` runs (a known
    change) not counted."""
    out = {}
    for name, f in methods(budget).items():
        per_series = per_run = 0
        r2 = random.Random(rng.random())
        for _ in range(trials):
            alerted = set()
            for x, se in sweep_histories(r2, levels, sds):
                found = [i for i in f(x, se) if i not in skip]
                per_series += len(found)
                alerted |= set(found)
            per_run += len(alerted)
        n = len(levels)
        out[name] = {
            "per_series_per_100_runs": 100.0 * per_series / (trials * POINTS * n),
            "per_run_all_points_per_100_runs": 100.0 * per_run / (trials * n),
        }
    return out


def shift_found(rng, trials, size, budget, n=RUNS, at=SHIFT_AT) -> dict:
    """Share of shifted series whose shift is found at run at (+-1) within WITHIN runs, and
    the mean delay (runs after the shift's first run, detection on the history as it grew)."""
    out = {}
    for name, f in methods(budget).items():
        r2 = random.Random(rng.random())
        found, delays = 0, []
        for _ in range(trials):
            levels = [0.0] * at + [math.log(1 - size)] * (n - at)
            x, se = history(r2, levels, [S_ALLOC] * n)
            for d in range(0, WITHIN + 1):
                upto = at + 1 + d
                if any(abs(i - at) <= 1 for i in f(x[:upto], se[:upto])):
                    found += 1
                    delays.append(d)
                    break
        out[name] = {
            "found_within_3": found / trials,
            "mean_delay_runs": sum(delays) / len(delays) if delays else None,
        }
    return out


def ratio_coverage(rng, trials, size, budget, n=RUNS, at=SHIFT_AT) -> dict:
    """How often the interval `history` prints for a found change's ratio (level after / level
    before, at changes.CONFIDENCE) covers the true ratio, over the series whose change was found
    at its run: on the whole history (offline: up to WINDOW runs a side) and on the history as
    it stood when the change was first found (online: the fewest runs after it)."""
    r2 = random.Random(rng.random())
    true = 1 - size
    seen: dict[str, list[tuple[bool, float]]] = {"offline": [], "online": []}
    for _ in range(trials):
        levels = [0.0] * at + [math.log(true)] * (n - at)
        x, se = history(r2, levels, [S_ALLOC] * n)
        for c in changes.detect(x, se, points=POINTS, budget=budget):
            if c.index == at:
                seen["offline"].append((c.ratio.lo <= true <= c.ratio.hi, c.ratio.hi / c.ratio.lo))
        for d in range(0, WITHIN + 1):
            upto = at + 1 + d
            got = [c for c in changes.detect(x[:upto], se[:upto], points=POINTS, budget=budget)
                   if c.index == at]  # fmt: skip
            if got:
                r = got[0].ratio
                seen["online"].append((r.lo <= true <= r.hi, r.hi / r.lo))
                break
    return {
        how: {
            "found": len(v),
            "coverage": sum(ok for ok, _ in v) / len(v) if v else None,
            "median_width_ratio": sorted(w for _, w in v)[len(v) // 2] if v else None,
        }
        for how, v in seen.items()
    }


def two_shifts(rng, trials, budget) -> dict:
    out = {}
    for name, f in methods(budget).items():
        r2 = random.Random(rng.random())
        hits = 0
        for _ in range(trials):
            levels = [0.0] * 30 + [math.log(0.9)] * 30 + [math.log(0.81)] * 40
            x, se = history(r2, levels, [S_ALLOC] * RUNS)
            found = f(x, se)
            hits += sum(any(abs(i - at) <= 1 for i in found) for at in (30, 60))
        out[name] = {"share_of_both_found": hits / (2 * trials)}
    return out


def drift(rng, trials, budget) -> dict:
    out = {}
    for name, f in methods(budget).items():
        r2 = random.Random(rng.random())
        first, alerted = [], 0
        for _ in range(trials):
            levels = [math.log(1 - 0.002 * i) for i in range(RUNS)]  # -0.2% a run: -18% at 100
            x, se = history(r2, levels, [S_ALLOC] * RUNS)
            found = f(x, se)
            alerted += bool(found)
            if found:
                first.append(min(found))
        out[name] = {
            "histories_alerted": alerted / trials,
            "mean_first_alert_run": sum(first) / len(first) if first else None,
        }
    return out


def main() -> int:
    global S_ALLOC, K  # set from the options: the scenarios below read them
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", action="store_true", help="20 histories a scenario")
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--budget", type=float, default=changes.BUDGET)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument(
        "--noise", type=float, default=S_ALLOC,
        help=f"log-normal sd per allocation (default {S_ALLOC}: the quickstart's; the real "
        "one-repeat histories on the emulated cluster scatter by about 0.2-0.27 a run)",
    )  # fmt: skip
    parser.add_argument("--allocations", type=int, default=K, help=f"a run's (default {K})")
    parser.add_argument(
        "--shifts", default="0.03,0.05,0.10,0.20", help="the single shifts' sizes, comma-separated"
    )
    args = parser.parse_args()
    S_ALLOC, K = args.noise, args.allocations
    sizes = [float(v) for v in args.shifts.split(",")]
    trials = 20 if args.small else args.trials
    rng = random.Random(args.seed)
    start = time.monotonic()
    stable = [0.0] * RUNS
    outliers = list(stable)
    for i in (25, 50, 75):
        outliers[i] = math.log(0.8)  # one run 20% slow (a bad node), then back
    result = {
        "settings": {
            "s_per_allocation": S_ALLOC,
            "allocations": K,
            "points": POINTS,
            "runs": RUNS,
            "trials": trials,
            "budget": args.budget,
            "alpha_per_test": changes.alpha_for(args.budget, POINTS),
            "seed": args.seed,
        },
        "stable": false_alerts(rng, trials, stable, [S_ALLOC] * RUNS, args.budget),
        "outlier_runs": false_alerts(rng, trials, outliers, [S_ALLOC] * RUNS, args.budget, skip=()),
        "noise_doubles_at_50": false_alerts(
            rng, trials, stable, [S_ALLOC] * 50 + [2 * S_ALLOC] * 50, args.budget
        ),
        "shifts": {f"{size:.0%}": shift_found(rng, trials, size, args.budget) for size in sizes},
        "ratio_interval_coverage": {
            f"{size:.0%}": ratio_coverage(rng, trials, size, args.budget) for size in sizes
        },
        "two_shifts_10pct": two_shifts(rng, trials, args.budget),
        "drift_0.2pct_per_run": drift(rng, trials, args.budget),
    }
    result["seconds"] = round(time.monotonic() - start, 1)
    json.dump(result, sys.stdout, indent=1)
    print()
    print(table(result))
    return 0


def table(r: dict) -> str:
    names = list(r["stable"])
    head = ["", *names]
    rows = [
        ["false alerts /100 stable runs, per point series"]
        + [f"{r['stable'][n]['per_series_per_100_runs']:.2f}" for n in names],
        ["false alerts /100 stable runs, per run (all points) [goal <= 1]"]
        + [f"{r['stable'][n]['per_run_all_points_per_100_runs']:.2f}" for n in names],
        ["alerts /100 runs with 3 outlier runs (per run, all points)"]
        + [f"{r['outlier_runs'][n]['per_run_all_points_per_100_runs']:.2f}" for n in names],
        ["alerts /100 runs, noise doubles at run 50 (per run, all points)"]
        + [f"{r['noise_doubles_at_50'][n]['per_run_all_points_per_100_runs']:.2f}" for n in names],
    ]
    for size, by in r["shifts"].items():
        goal = " [goal >= 90%]" if size == "10%" else ""
        rows.append(
            [f"{size} shift found within 3 runs{goal}"]
            + [f"{by[n]['found_within_3']:.0%}" for n in names]
        )
        rows.append(
            [f"{size} shift: mean delay (runs)"]
            + [
                "-" if by[n]["mean_delay_runs"] is None else f"{by[n]['mean_delay_runs']:.2f}"
                for n in names
            ]
        )
    rows.append(
        ["two 10% shifts: share found (offline)"]
        + [f"{r['two_shifts_10pct'][n]['share_of_both_found']:.0%}" for n in names]
    )
    rows.append(
        ["drift -0.2%/run: histories alerted (first alert run)"]
        + [
            f"{d['histories_alerted']:.0%} ({d['mean_first_alert_run'] or 0:.0f})"
            for d in (r["drift_0.2pct_per_run"][n] for n in names)
        ]
    )
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines += [
        "",
        f"| the found change's {changes.CONFIDENCE:.0%} ratio interval | found | "
        "coverage of the true ratio | median hi/lo |",
        "| --- | --- | --- | --- |",
    ]
    for size, by in r["ratio_interval_coverage"].items():
        for how, c in by.items():
            cov = "-" if c["coverage"] is None else f"{c['coverage']:.3f}"
            width = "-" if c["median_width_ratio"] is None else f"{c['median_width_ratio']:.3f}"
            lines.append(f"| {size} shift, {how} | {c['found']} | {cov} | {width} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
