"""The communication calibration of `workload: comm` sweeps in the report: the measured time of
each collective against message size per node count, the fitted alpha/beta model drawn over
it, and the fit's table (latency, bandwidth, residuals) or the reason it could not be fitted.

Inputs are what `collect` wrote beside results.csv: comm.csv (one row per point x collective x
message) and calibration.json (scalestudy.contract.comm_fit's fits). Nothing is refitted here:
the report shows the calibration the projection would use.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from scalestudy.contract import comm_fit
from scalestudy.report import projection


@dataclass
class CommResults:
    sweep: str
    table: pd.DataFrame  # comm.csv
    calibration: dict | None  # calibration.json, None when absent or unreadable
    calibration_path: Path
    problem: str | None = None  # why the calibration could not be read

    def fit(self, collective: str) -> dict | None:
        return ((self.calibration or {}).get("collectives") or {}).get(collective)

    def error(self, collective: str) -> str | None:
        return ((self.calibration or {}).get("errors") or {}).get(collective)


def load(folders: dict[str, Path], warnings: list[str]) -> list[CommResults]:
    """The comm results of the sweeps that have them (by sweep name -> its results folder)."""
    out = []
    for name, folder in folders.items():
        csv = folder / "comm.csv"
        if not csv.exists():
            continue
        try:
            table = pd.read_csv(csv)
        except (OSError, ValueError) as exc:
            warnings.append(f"{csv}: not readable ({exc}); its comm figure is left out")
            continue
        cal_path = folder / "calibration.json"
        cal, problem = None, None
        try:
            cal = json.loads(cal_path.read_text())
        except FileNotFoundError:
            problem = f"{cal_path}: missing (run `scalestudy collect` on the sweep)"
        except (OSError, ValueError) as exc:
            problem = f"{cal_path}: not readable ({exc})"
        out.append(CommResults(name, table, cal, cal_path, problem))
    return out


def _series(rows: pd.DataFrame) -> dict:
    """Median over repeats of each message size: the measured median, p10 and p90."""
    g = rows.groupby("bytes", sort=True)
    return {
        "x": [float(b) for b in g.groups],
        "y": [float(v) for v in g["median_s"].median()],
        "lo": [float(v) for v in g["p10_s"].median()],
        "hi": [float(v) for v in g["p90_s"].median()],
    }


def figure(a) -> object:
    """Time per collective against message size, one panel per collective, one colour per
    node count; the fitted model as lines where a fit exists."""
    from matplotlib.figure import Figure

    from scalestudy.report.figures import COLORS, Rendered, Skipped

    comm = [c for c in a.comm if not c.table.empty]
    if not comm:
        return Skipped("comm", "no comm.csv beside the tables (a `workload: comm` sweep has one)")
    c = comm[0]  # one calibration per figure: the first comm sweep named
    done = c.table[c.table["status"] == "completed"]
    collectives = [k for k in comm_fit.COLLECTIVES if k in set(done["collective"])]
    if not collectives:
        return Skipped("comm", f"{c.sweep}: no completed collective timing in comm.csv")
    fig = Figure(figsize=(6.2 * len(collectives), 5.2), layout="constrained")
    cluster = ", ".join(sorted({str(x) for x in done["cluster"]}))
    title = f"Collective time vs message size: {c.sweep} on {cluster}"
    data: dict = {"title": title, "sweep": c.sweep, "panels": []}
    nodes_all = sorted({int(n) for n in done["nodes"]})
    for i, coll in enumerate(collectives):
        ax = fig.add_subplot(1, len(collectives), i + 1)
        mine = done[done["collective"] == coll]
        fit = c.fit(coll)
        panel: dict = {"collective": coll, "series": [], "fit": fit is not None}
        for n in nodes_all:
            color = COLORS[nodes_all.index(n) % len(COLORS)]
            at = mine[mine["nodes"] == n]
            if at.empty:
                continue
            workers, ppn = int(at["workers"].iloc[0]), int(at["ppn"].iloc[0])
            sweep_rows = at[at["kind"] == "sweep"]
            s = _series(sweep_rows)
            # one rank: no communication, its overhead and local copies (fitted as such);
            # several ranks on one node: shared memory, not the network (not fitted)
            crowded = _not_fitted(at)
            fitted = (workers == 1 or n > 1) and not crowded
            hollow = {} if fitted else {"mfc": "none"}
            label = f"{n} node(s), {workers} rank(s)"
            if crowded:
                label += " (oversubscribed: not fitted)"
            elif workers == 1:
                label += " (no network: overhead and local copies)"
            elif n == 1:
                label += " (shared memory: not fitted)"
            ax.errorbar(s["x"], s["y"], yerr=[[y - lo for y, lo in zip(s["y"], s["lo"],
                        strict=True)], [hi - y for y, hi in zip(s["y"], s["hi"], strict=True)]],
                        fmt="o", color=color, capsize=2, label=label, **hollow)  # fmt: skip
            entry = {"nodes": n, "workers": workers, "ppn": ppn, "measured": s}
            if crowded:
                entry["not_fitted"] = crowded
            if fit is not None and fitted and s["x"]:  # a sweep may list no sizes
                params = (
                    fit["alpha_s"],
                    fit["bandwidth_bytes_per_s"],
                    fit.get("overhead_s") or 0.0,
                    fit.get("local_s_per_byte") or 0.0,
                )
                model = [comm_fit.model_s(coll, workers, ppn, x, *params) for x in s["x"]]
                grid = np.geomspace(min(s["x"]), max(s["x"]), 60)  # a smooth line
                curve = [comm_fit.model_s(coll, workers, ppn, x, *params) for x in grid]
                if max(curve) > 0:  # all terms held at 0 (one rank): nothing on a log axis
                    ax.plot(grid, curve, "-", color=color, alpha=0.8)
                entry["model_s"] = model
            trainer = at[at["kind"] == "trainer"]
            if not trainer.empty:
                t = _series(trainer)
                ax.plot(t["x"], t["y"], "*", color=color, ms=11, mec="black", mew=0.5)
                entry["trainer_shapes"] = t
            panel["series"].append(entry)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        what = "whole tensor" if coll == "allreduce" else "one rank's share"
        ax.set_xlabel(f"message bytes ({what}, log2)")
        ax.set_ylabel("time per call, s (median, p10-p90)")
        if fit is not None:
            sub = (
                f"fit: overhead {projection.fmt_us(fit.get('overhead_s') or 0.0)} us/call, "
                f"local {_gbs(fit.get('local_s_per_byte'))}, "
                f"alpha {projection.fmt_us(fit['alpha_s'])} us, "
                f"beta {fit['bandwidth_bytes_per_s'] / 1e9:.3g} GB/s, R^2 {fit['r2']:.2f}, "
                f"RMS residual {fit['rms_relative_residual']:.0%}"
            )
        else:
            sub = "not fitted: " + (c.error(coll) or c.problem or "no calibration")
        ax.set_title(f"{coll}\n{_wrap(sub)}", fontsize=9)
        ax.plot([], [], "-", color="grey", label="fitted model (lines)")
        ax.plot([], [], "*", color="grey", mec="black", mew=0.5, label="trainer's own shapes")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, loc="upper left")
        panel["subtitle"] = sub
        data["panels"].append(panel)
    fig.suptitle(title, fontsize=10)
    caption = (
        "Median time per call over the timed iterations (bars: p10-p90), median over repeats. "
        f"Lines: the fitted model ({comm_fit.MODEL_TEXT}), drawn where a fit exists, over "
        "more than one node and over one rank alone (its overhead); several ranks of one node "
        "talk through shared memory, and oversubscribed points (more ranks than CPUs on a host) "
        "time core sharing: neither is fitted (hollow markers). Stars: the trainer's own "
        "exchange shapes (not used in the fit)."
    )
    return Rendered("comm", title, caption, fig, data)


def _not_fitted(rows: pd.DataFrame) -> str:
    """Why collect left these rows out of the fit ('' when it did not; older comm.csv files
    have no such column)."""
    if "not_fitted" not in rows:
        return ""
    reasons = sorted({str(r) for r in rows["not_fitted"] if isinstance(r, str) and r})
    return "; ".join(reasons)


def _wrap(text: str, width: int = 70) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text


def table(a) -> tuple[list[str], list[list[str]], list[str]]:
    """The calibration table (one row per sweep x collective) and its notes."""
    head = [
        "sweep",
        "collective",
        "overhead per call",
        "local copy",
        "alpha (latency)",
        "beta (bandwidth)",
        "R^2",
        "relative residual RMS / max",
        "points (node counts)",
    ]
    rows, notes = [], []
    for c in a.comm:
        if c.problem:
            notes.append(f"{c.sweep}: {c.problem}")
        for coll in comm_fit.COLLECTIVES:
            fit, err = c.fit(coll), c.error(coll)
            if fit is not None:
                nodes = "/".join(str(n) for n in fit.get("node_counts", []))
                rows.append(
                    [
                        c.sweep,
                        coll,
                        f"{projection.fmt_us(fit.get('overhead_s') or 0.0)} us",
                        _gbs(fit.get("local_s_per_byte")),
                        f"{projection.fmt_us(fit['alpha_s'])} us",
                        f"{fit['bandwidth_bytes_per_s'] / 1e9:.4g} GB/s",
                        _f(fit.get("r2"), ".3f"),
                        f"{_f(fit.get('rms_relative_residual'), '.1%')} / "
                        f"{_f(fit.get('max_abs_relative_residual'), '.1%')}",
                        f"{fit.get('n_points')} ({nodes} nodes)",
                    ]
                )
                notes += [f"{c.sweep} {coll}: {n}" for n in fit.get("notes", [])]
            elif err:
                notes.append(f"{c.sweep} {coll}: not fitted: {err}")
        notes += [f"{c.sweep}: {e}" for e in (c.calibration or {}).get("excluded") or []]
        checks = (c.calibration or {}).get("trainer_shape_checks") or []
        for chk in checks:
            notes.append(
                f"{c.sweep} {chk['collective']} at the trainer's shape ({chk['nodes']} nodes, "
                f"{int(chk['bytes']):,} B): measured {chk['measured_s'] * 1e3:.3g} ms, model "
                f"{chk['model_s'] * 1e3:.3g} ms ({chk['relative']:+.0%})"
            )
    return head, rows, notes


def _gbs(s_per_byte) -> str:
    """A local cost per byte as the rate it amounts to ('0' when none was fitted)."""
    return f"{1e-9 / s_per_byte:.3g} GB/s" if s_per_byte else "0"


def _f(v, fmt: str) -> str:
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return "-"
    return format(v, fmt)
